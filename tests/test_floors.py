"""The floors of CONTRIBUTING.md that the import contracts in ``pyproject.toml`` cannot
say, read from the code's imports (no module is imported): floor 1 and the book use
the standard library only, and ``commands/`` holds only commands. And the contracts
themselves: ``lint-imports`` fails on an import back up a floor, across a floor, from
the library to Click, the score sheets to the players and in a circle."""

from __future__ import annotations

import ast
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "euchre_cli"


def imported(path: Path) -> set[str]:
    """Every module ``path`` imports, by its absolute name (``euchre_cli.book``), the
    ones imported inside a function too."""
    package = list(path.relative_to(PACKAGE.parent).parts[:-1])  # an __init__.py's own
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            module = ".".join([*base, *([node.module] if node.module else [])])
            names.add(module)
            if node.module is None:  # from . import name: a module of the package
                names.update(f"{module}.{alias.name}" for alias in node.names)
    return names


def modules(folder: str) -> list[Path]:
    return sorted((PACKAGE / folder).rglob("*.py"))


@pytest.mark.parametrize(
    "path",
    [*modules("engine"), PACKAGE / "limits.py", PACKAGE / "refusals.py", PACKAGE / "book.py"],
    ids=lambda path: path.relative_to(PACKAGE).as_posix(),
)
def test_floor_one_and_the_book_import_the_standard_library_only(path: Path) -> None:
    """A contract names the packages it forbids; this holds any package that comes."""
    outside = {name.split(".")[0] for name in imported(path)}
    assert outside - {*sys.stdlib_module_names, "__future__", "euchre_cli"} == set()


@pytest.mark.parametrize(
    "path",
    [path for path in modules("commands") if path.name != "__init__.py"],
    ids=lambda path: path.name,
)
def test_every_module_of_commands_holds_a_command(path: Path) -> None:
    """What the commands share lives in ``cli/``: a module here defines a Click command
    or group (``@click.command``, ``@click.group``, ``@score.command``...)."""
    decorators = [
        decorator.func
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.FunctionDef)
        for decorator in node.decorator_list
        if isinstance(decorator, ast.Call)
    ]
    assert any(
        isinstance(called, ast.Attribute) and called.attr in ("command", "group")
        for called in decorators
    )


# A wrong import of each kind, added to a module of a copy of the package: a line of
# code, and what the report of the contract it breaks (and no other) says of it.
WRONG_IMPORTS = {
    "engine/cards.py": ("import euchre_cli.book", "euchre_cli.engine.cards -> euchre_cli.book"),
    "records/stats.py": (
        "from euchre_cli.scorekeeper import sheet",
        "euchre_cli.records.stats -> euchre_cli.scorekeeper.sheet",
    ),
    "scorekeeper/sheet.py": ("import click", "euchre_cli.scorekeeper.sheet -> click"),
    "scorekeeper/store.py": (
        "from euchre_cli.players import levels",
        "euchre_cli.scorekeeper.store -> euchre_cli.players.levels",
    ),
    "engine/scoring.py": ("from euchre_cli.engine import game", "- .scoring -> .game"),
    # the web server and the commands' helpers side by side; the server loads no Click
    "cli/places.py": (
        "from euchre_cli.serve import code",
        "euchre_cli.cli.places -> euchre_cli.serve.code",
    ),
    "serve/qr.py": (
        "from euchre_cli.terminal import text",
        "euchre_cli.serve.qr -> euchre_cli.terminal.text",
    ),
}


def test_lint_imports_fails_on_each_kind_of_wrong_import(tmp_path: Path) -> None:
    """Up a floor, across a floor, the library to Click, the score sheets to the
    players, and a circle, in a copy of the package: every contract is broken, and
    the report names each import (a new contract gets its wrong import here)."""
    shutil.copytree(PACKAGE, tmp_path / "euchre_cli", ignore=shutil.ignore_patterns("*.pyc"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path)
    for module, (line, _) in WRONG_IMPORTS.items():
        with open(tmp_path / "euchre_cli" / module, "a", encoding="utf-8") as code:
            code.write(f"\n{line}  # a wrong import\n")
    run = subprocess.run(
        [shutil.which("lint-imports", path=Path(sys.executable).parent), "--no-cache"],
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(tmp_path)},  # the copy, not the checkout
        capture_output=True,
        text=True,
        timeout=120,
    )
    report = run.stdout + run.stderr
    assert run.returncode == 1 and "Contracts: 0 kept," in report, report  # every one
    for _, said in WRONG_IMPORTS.values():
        assert said in report, report
