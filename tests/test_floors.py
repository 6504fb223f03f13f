"""The floors of CONTRIBUTING.md that the book floor set down, read from the code's
imports (no module is imported): the book imports no store, the records import
nothing of the scorekeeper, and ``commands/`` holds only commands."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "euchre_cli"


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


def test_the_book_imports_the_standard_library_limits_and_engine_only() -> None:
    ours = {name for name in imported(PACKAGE / "book.py") if name.startswith("euchre_cli")}
    allowed = ("euchre_cli.limits", "euchre_cli.engine")
    assert {name for name in ours if not name.startswith(allowed)} == set()
    assert {name.split(".")[0] for name in imported(PACKAGE / "book.py")} <= {
        *sys.stdlib_module_names,
        "__future__",
        "euchre_cli",
    }


@pytest.mark.parametrize("path", modules("records"), ids=lambda path: path.name)
def test_records_reach_nothing_of_the_scorekeeper_or_above(path: Path) -> None:
    above = tuple(f"euchre_cli.{floor}" for floor in ("scorekeeper", "terminal", "cli", "commands"))
    assert {name for name in imported(path) if name.startswith(above)} == set()


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
