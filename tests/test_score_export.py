"""``euchre score export --csv``: a sheet for a spreadsheet, safe from CSV injection,
with its refusals on one line and nothing written."""

from __future__ import annotations

import csv
import json
import os
import sqlite3
from pathlib import Path

from click.testing import CliRunner, Result

from euchre_cli.book import BOOK_FILE
from euchre_cli.commands.euchre import main

AB, CD = "Ann & Bob", "Cy & Di"
HEADER = [
    *("entry", "game", "kind", "who", "tricks", "alone", "defender alone", "result"),
    *("reason", "Ann & Bob points", "Cy & Di points", "Ann & Bob total", "Cy & Di total"),
    *("game won by", "rubber won by", "rubber margin"),
]


def score(*args: str, fails: bool = False, input: str | None = None) -> Result:
    """``euchre score ARGS`` in the test's own book; it must succeed unless ``fails``."""
    result = CliRunner().invoke(main, ["score", *args], input=input)
    assert "Traceback" not in result.output
    assert (result.exit_code != 0) == fails, result.output
    return result


def one_line_error(result: Result, says: str, code: int = 1) -> None:
    assert result.exit_code == code, result.output
    assert result.stderr.count("\n") == 1 and result.stderr.startswith("Error: "), result.stderr
    assert says in result.stderr, result.stderr


def book_file() -> Path:
    """The test's own book (conftest's ``own_book`` sets $EUCHRE_HOME)."""
    return Path(os.environ["EUCHRE_HOME"]) / BOOK_FILE


def rubber_sheet(tmp_path: Path) -> None:
    """Sheet friday (rubbers of two, lone hands both ways): every kind of entry, a game
    and the rubber won by Ann & Bob."""
    rules = tmp_path / "rubbers.yaml"
    rules.write_text("extends: standard\nrubber: {games_to_win: 2}\n", encoding="utf-8")
    score("new", "friday", "--rules", str(rules), "--team", AB, "--team", CD)
    score("hand", "--makers", "Ann", "--tricks", "5", "--alone")
    score("hand", "--makers", "CD", "--tricks", "2", "--defender-alone", "Bob")
    score("add", "CD", "2", "--reason", "=house rule")
    score("renege", "Cy")
    score("add", "AB", "2")
    score("add", "AB", "10")


def rows_of(text: str) -> list[list[str]]:
    return list(csv.reader(text.splitlines()))


def test_export_writes_every_entry_with_running_totals_and_ends(tmp_path: Path) -> None:
    rubber_sheet(tmp_path)
    header, *rows = rows_of(score("export", "friday", "--csv").stdout)
    assert header == HEADER
    assert rows == [
        ["1", "1", "hand", AB, "5", "yes", "", "lone_march", "", "4", "0", "4", "0", "", "", ""],
        ["2", "1", "hand", CD, "2", "no", AB, "lone_defender_euchre"]
        + ["", "2", "0", "6", "0", "", "", ""],
        ["3", "1", "points", CD, "", "", "", "", "'=house rule", "0", "2", "6", "2", "", "", ""],
        ["4", "1", "renege", CD, "", "no", "", "renege", "", "2", "0", "8", "2", "", "", ""],
        ["5", "1", "points", AB, "", "", "", "", "", "2", "0", "10", "2", AB, "", ""],
        ["6", "2", "points", AB, "", "", "", "", "", "10", "0", "10", "0", AB, AB, "7"],
    ]


def test_export_of_an_empty_sheet_is_its_header_and_the_current_sheet_is_the_default() -> None:
    score("new", "--team", AB, "--team", CD)
    assert score("export", "--csv").stdout == ",".join(HEADER) + "\n"


def test_a_name_that_looks_like_a_formula_is_shown_not_run() -> None:
    """CSV injection: a cell starting = + - @ gets a leading ', quotes are the csv
    module's, and nothing else is changed (a number below zero stays a number)."""
    named = ("=SUM(A1:A9)", "@Cy", '-Di "the hat"')
    score("new", "--rules", "cutthroat", *(f"--player={name}" for name in named))
    score("hand", "--makers", "1", "--tricks", "3")
    score("add", "2", "-2", "--reason", "+1 for luck")
    text = score("export", "--csv").stdout
    assert '"\'-Di ""the hat"" points"' in text.splitlines()[0]  # quoted by csv, as typed
    header, first, second = rows_of(text)
    assert header[9:12] == ["'=SUM(A1:A9) points", "'@Cy points", "'-Di \"the hat\" points"]
    assert first[3] == "'=SUM(A1:A9)" and second[3] == "'@Cy"
    assert second[8] == "'+1 for luck" and second[10] == "-2"


def test_export_to_a_file_refuses_one_that_exists_unless_forced(tmp_path: Path) -> None:
    rubber_sheet(tmp_path)
    out = tmp_path / "friday.csv"
    assert score("export", "friday", "--csv", "-o", str(out)).stdout == (
        f"Sheet friday written to {out}.\n"
    )
    written = out.read_text(encoding="utf-8")
    assert written == score("export", "friday", "--csv", "-o", "-").stdout
    out.write_text("mine\n", encoding="utf-8")
    refused = score("export", "friday", "--csv", "-o", str(out), fails=True)
    one_line_error(refused, f"{out} exists: --force overwrites it, or give another --output")
    assert out.read_text(encoding="utf-8") == "mine\n"
    score("export", "friday", "--csv", "-o", str(out), "--force")
    assert out.read_text(encoding="utf-8") == written


def test_export_refusals_are_one_line_and_write_nothing(tmp_path: Path) -> None:
    out = tmp_path / "out.csv"
    one_line_error(
        score("export", "--csv", "-o", str(out), fails=True),
        "no score sheets yet (",
    )
    score("new", "friday", "--team", AB, "--team", CD)
    before = book_file().read_bytes()
    hostile = "\x1b]0;PWN\x07"
    result = score("export", hostile, "--csv", "-o", str(out), fails=True)
    one_line_error(result, "no sheet called '\\x1b]0;PWN\\x07' (see 'euchre score list')")
    one_line_error(score("export", "friday", fails=True), "--csv (the one format yet)", code=2)
    assert not out.exists()
    assert book_file().read_bytes() == before


def test_names_in_the_book_a_terminal_would_obey_are_escaped_on_stdout_only(
    tmp_path: Path,
) -> None:
    """A book from before names were checked on the way in may hold any text: on
    stdout it is escaped, as all output is; a file holds it as it is."""
    score("new", "friday", "--team", AB, "--team", CD)
    hostile = "\x1b[2JAnn"
    with sqlite3.connect(book_file()) as db:
        db.execute("UPDATE sheets SET sides = ?", (json.dumps([[hostile, "Bob"], ["Cy", "Di"]]),))
    db.close()
    shown = score("export", "--csv").stdout
    assert "\x1b" not in shown and "\\x1b[2JAnn & Bob points" in shown
    score("export", "--csv", "-o", str(tmp_path / "out.csv"))
    assert f"{hostile} & Bob points" in (tmp_path / "out.csv").read_text(encoding="utf-8")
