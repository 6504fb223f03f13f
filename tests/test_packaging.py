"""The packaged program: a wheel installed into a fresh virtual environment works
from any directory, with the built-in rulesets inside it."""

from __future__ import annotations

import fcntl
import json
import os
import shutil
import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
# Without the checkout on PYTHONPATH: pip would take its metadata for an installed copy.
CLEAN_ENV = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}


NOT_SOURCE = (".git", ".venv", "build", "dist", "*.egg-info", "node_modules", "__pycache__")
"""What a checkout holds that no clean clone does: setuptools builds in the tree's own
build/, and a file deleted since the last build would ship from there."""


@pytest.fixture(scope="session")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The ``euchre`` script of a fresh venv with only the built wheel installed (and
    what it depends on): built once for the whole run, by the first of pytest-xdist's
    workers to need it, into the folder they share (any other waits on its lock, then
    uses it).  Not an xdist_group: with pytest 9.2, pytest-xdist's --dist loadgroup
    groups nothing."""
    base = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        base = base.parent  # the run's own folder, above each worker's
    folder = base / "wheel"
    built = folder / "built"  # written last: a build that failed is built again
    with open(base / "wheel.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not built.exists():
            shutil.rmtree(folder, ignore_errors=True)
            folder.mkdir()
            source = folder / "source"  # a copy: a build/ of the tree's holds deleted files
            shutil.copytree(ROOT, source, ignore=shutil.ignore_patterns(*NOT_SOURCE))
            wheel = [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(folder)]
            subprocess.run([*wheel, str(source)], check=True, env=CLEAN_ENV)
            (wheel_file,) = folder.glob("*.whl")
            venv.create(folder / "venv")  # without pip of its own: this one installs there
            python = str(folder / "venv" / "bin" / "python")
            pip = [sys.executable, "-m", "pip", "--python", python, "install", "-q"]
            subprocess.run([*pip, str(wheel_file)], check=True, env=CLEAN_ENV)
            built.touch()
    return folder / "venv" / "bin" / "euchre"


def run_installed(
    euchre: Path, cwd: Path, *args: str, input: str | None = None
) -> subprocess.CompletedProcess:
    """``euchre ARGS`` from the wheel, its book (games kept) in ``cwd``."""
    env = {**CLEAN_ENV, "EUCHRE_HOME": str(cwd / "home")}
    return subprocess.run(
        [str(euchre), *args], cwd=cwd, capture_output=True, text=True, timeout=120, env=env,
        input=input,
    )  # fmt: skip


def test_wheel_lists_and_plays_every_builtin_ruleset(installed: Path, tmp_path: Path) -> None:
    version = run_installed(installed, tmp_path, "--version")
    assert version.returncode == 0 and "euchre" in version.stdout
    listing = run_installed(installed, tmp_path, "rules", "list")
    assert listing.returncode == 0, listing.stderr
    names = [
        "standard",
        "stick-the-dealer",
        "classic",
        "thirty-two",
        "british",
        "cutthroat",
        "two-handed",
        "two-handed-dummy",
        "railroad",
    ]
    for name in names:
        assert name in listing.stdout
        # easy players: a whole game of hard players takes about 25 s, and the search
        # player is checked below on a few deals
        game = run_installed(
            installed, tmp_path, "play", "--watch", "--json", "--rules", name,
            "--seed", "1", "--level", "easy",
        )  # fmt: skip
        assert game.returncode == 0, game.stderr
        assert json.loads(game.stdout)["winner"]


@pytest.mark.parametrize("rules", ["standard", "cutthroat"])
def test_wheel_ships_the_search_players(installed: Path, tmp_path: Path, rules: str) -> None:
    levels = "hard,medium" if rules == "standard" else "hard,medium,easy"
    args = ["simulate", "--rules", rules, "--players", levels, "--deals", "1", "--seed", "1"]
    result = run_installed(installed, tmp_path, *args, "--json")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["deals"] == 1


def test_wheel_reports_user_errors_without_traceback(installed: Path, tmp_path: Path) -> None:
    result = run_installed(installed, tmp_path, "play", "--rules", "no-such-rules")
    assert result.returncode == 2
    assert "no-such-rules" in result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_wheel_says_in_one_line_when_output_cannot_be_written(installed: Path) -> None:
    with open("/dev/full", "w") as full:
        result = subprocess.run(
            [str(installed), "rules", "list"],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            timeout=120,
            env=CLEAN_ENV,
        )
    assert result.returncode == 1
    assert result.stderr == "Error: cannot write the output: No space left on device\n"


def test_ctrl_c_while_the_program_loads_is_not_a_traceback(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The console script's own guard: Ctrl-C before Click is running."""
    from euchre_cli import commands
    from euchre_cli.commands import euchre

    def interrupted() -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(euchre, "main", interrupted)
    with pytest.raises(SystemExit) as leaving:
        commands.run()
    assert leaving.value.code == 1
    assert capsys.readouterr().err == "Aborted!\n"


def test_wheel_plays_on_a_terminal_that_is_not_utf8(installed: Path, tmp_path: Path) -> None:
    """Suits by letter and no traceback when the terminal's encoding is ASCII, even for
    a typed suit symbol it cannot read (R1's codes still work)."""
    env = {**CLEAN_ENV, "PYTHONIOENCODING": "ascii", "EUCHRE_HOME": str(tmp_path)}
    answers = "\n".join(["o", "", "A♣", "1", "2", "3", "4", "5", "quit"] * 3) + "\n"
    result = subprocess.run(
        [str(installed), "play", "--seed", "7", "--level", "easy"],
        input=answers.encode(),
        capture_output=True,
        timeout=120,
        env=env,
    )
    assert b"Traceback" not in result.stderr
    assert result.returncode == 1 and b"You quit" in result.stderr
    text = result.stdout.decode("ascii")  # every byte is ASCII
    assert "-- Hand 1:" in text and "is not a card" in text


def test_wheel_serves_the_engine_as_a_library(installed: Path, tmp_path: Path) -> None:
    """The README's library example, run by the fresh venv's Python away from the
    checkout: the public face and the computer players come from the wheel."""
    from test_library import readme_example

    code, printed = readme_example()
    python = installed.parent / "python"
    result = subprocess.run(
        [str(python), "-c", code], cwd=tmp_path, capture_output=True, text=True, env=CLEAN_ENV
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout == printed


def test_wheel_ships_the_rules_reference(installed: Path, tmp_path: Path) -> None:
    result = run_installed(installed, tmp_path, "rules", "reference", "R12")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("## R12 Cutthroat")


def test_wheel_keeps_a_game_and_resumes_it(installed: Path, tmp_path: Path) -> None:
    """A game cut off by the end of input, resumed, and listed, from the wheel alone."""
    answers = ["pass", "n", "1", "2", "3", "4", "5", "c", "d", "h", "s"] * 300
    args = ("play", "--seed", "4", "--level", "easy", "--json")
    cut = run_installed(installed, tmp_path, *args, input="\n".join(answers[:60]) + "\n")
    assert cut.returncode == 1 and "`euchre resume 1` goes on with it" in cut.stderr
    resumed = run_installed(
        installed, tmp_path, "resume", "--json", input="\n".join(answers[60:]) + "\n"
    )
    assert resumed.returncode == 0, resumed.stderr
    listed = json.loads(run_installed(installed, tmp_path, "games", "--json").stdout)
    assert listed[0]["finished"] and listed[0]["scores"] == json.loads(resumed.stdout)["scores"]


def test_wheel_ships_the_web_pages_and_asks_for_their_extra(
    installed: Path, tmp_path: Path
) -> None:
    """The wheel's ``serve/static`` is the checkout's, file for file (every module the
    page imports; a file missing would be a 404 and a page that never starts), and
    none of the checkout's JavaScript tools (package.json, node_modules/); without
    the ``[serve]`` extra (this venv has only the core dependencies) the command says
    what to install."""
    (wheel,) = installed.parents[2].glob("*.whl")
    page = ROOT / "euchre_cli" / "serve" / "static"
    files = {path.relative_to(ROOT).as_posix() for path in page.rglob("*") if path.is_file()}
    pages = ("index.html", "main.js", "table.html", "table.js")  # the scoreboard's, the table's
    assert {f"euchre_cli/serve/static/{name}" for name in pages} <= files
    with zipfile.ZipFile(wheel) as shipped:
        names = shipped.namelist()
    assert {name for name in names if name.startswith("euchre_cli/serve/static/")} == files
    # ESLint and its config are the checkout's tools, not the program's
    for tool in ("package.json", "package-lock.json", "eslint.config.js", "node_modules"):
        assert not any(tool in name.split("/") for name in names), tool
    run_installed(installed, tmp_path, "score", "new", "--team", "A & B", "--team", "C & D")
    served = run_installed(installed, tmp_path, "score", "serve", "--port", "0")
    assert served.returncode == 1
    assert served.stderr == (
        "Error: the scoreboard needs Starlette, uvicorn and segno (starlette, uvicorn, segno"
        " missing): pip install 'euchre-suite[serve]'\n"
    )
    hosted = run_installed(installed, tmp_path, "host", "--port", "0")
    assert hosted.returncode == 1
    assert hosted.stderr == served.stderr.replace("the scoreboard", "the table")
