"""A book whose game records were edited by hand or damaged: each column of a real
record, and of its moves, set to a value the program never writes, then every
command that reads records run on it.

A damaged game is refused in one line that names it, by every command that reads it
whole (show, replay, export, review, resume); the list shows it as damaged and
``stats`` leaves it out, each with a note, so the book's other games stay usable;
and ``games delete ID`` removes it.  A sheet id tampered with starts the next sheet
under an id no sheet has had, or is refused in one line, the book as it was.
"""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from euchre_cli.commands.euchre import main

DEEP = "[" * 5000 + "]" * 5000
# (table, column, value): what each column may be tampered to (a text column turns
# a number into text: bytes, a BLOB, are what it holds that is no text)
TAMPERED = [
    ("games", "started", b"2026"),
    ("games", "kind", b"\xff"),
    ("games", "ruleset_name", b"\xff"),
    ("games", "ruleset", "not JSON"),
    ("games", "ruleset", "[1]"),
    ("games", "ruleset", '{"players": 9}'),
    ("games", "ruleset", DEEP),
    ("games", "seed", "x"),
    ("games", "seed", 1.5),
    ("games", "names", "not JSON"),
    ("games", "names", "[]"),
    ("games", "names", "[1, 2, 3, 4]"),
    ("games", "names", '["Ann"]'),
    ("games", "names", DEEP),
    ("games", "people", "[9]"),
    ("games", "people", "[-1]"),
    ("games", "people", "[1, 0]"),
    ("games", "people", "[0, 0]"),
    ("games", "people", "[true]"),
    ("games", "people", "x"),
    ("games", "people", "0"),
    ("games", "people", None),
    ("games", "level", "zzz"),
    ("games", "think", "x"),
    ("games", "think", -1),
    ("games", "games", -5),
    ("games", "games", "x"),
    ("games", "finished", 2),
    ("games", "summary", "not JSON"),
    ("games", "summary", "[1]"),
    ("games", "summary", '{"scores": 5}'),
    ("games", "summary", '{"scores": {"A": "x"}}'),
    ("games", "summary", '{"games": [1]}'),
    ("games", "summary", '{"rubber": {"winner": 5}}'),
    ("games", "summary", DEEP),
    ("games", "figures", "not JSON"),
    ("games", "figures", "[1]"),
    ("games", "figures", '{"games": [{"number": 1}]}'),
    ("games", "figures", DEEP),
    ("moves", "number", "x"),
    ("moves", "game", "x"),
    ("moves", "hand", 1.5),
    ("moves", "step", "x"),
    ("moves", "seat", "x"),
    ("moves", "action", b"pass"),
    ("moves", "taken_back", 5),
]
# The commands that read game 1 whole: each refuses it, or (where the column tampered
# is not one it reads, such as the figures) goes on.
READ_WHOLE = [
    ["games", "show", "1"],
    ["games", "show", "1", "--json"],
    ["games", "replay", "1", "--delay", "0"],
    ["games", "export", "1"],
    ["review", "1"],
    ["resume", "1"],
]


def run(*args: str) -> Result:
    return CliRunner().invoke(main, list(args), input="")


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A book of two games a person started, each stopped at their first question
    after a few computer moves: game 1, to be damaged, and game 2, to stay usable."""
    home = tmp_path_factory.mktemp("book") / "home"
    runner = CliRunner(env={"EUCHRE_HOME": str(home)})
    for seed in ("1", "2"):
        played = runner.invoke(main, ["play", "--seed", seed, "--level", "easy"], input="")
        assert "is kept" in played.output, played.output
    return home


@pytest.fixture
def book(template: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "home"
    shutil.copytree(template, home)
    monkeypatch.setenv("EUCHRE_HOME", str(home))
    return home / "scores.sqlite3"


def tamper(book: Path, table: str, column: str, value: object) -> None:
    where = "id = 1" if table == "games" else "game_id = 1 AND number = 1"
    with sqlite3.connect(book) as db:
        db.execute(f"UPDATE {table} SET {column} = ? WHERE {where}", (value,))
    db.close()


def one_line_about_game_1(result: Result) -> bool:
    """Whether the run refused game 1 in one line (False: it went on)."""
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    if result.exit_code == 0 or "game 1 is damaged" not in result.output:
        return False
    assert result.exit_code == 1
    assert result.stderr.startswith("Error: game 1 is damaged: "), result.stderr
    assert result.stderr.count("\n") == 1, result.stderr
    assert "`euchre games delete 1` removes it" in result.stderr
    return True


@pytest.mark.parametrize(
    ("table", "column", "value"),
    TAMPERED,
    ids=[f"{table}.{column}={value!r:.20}" for table, column, value in TAMPERED],
)
def test_a_damaged_game_is_refused_alone_and_can_be_deleted(
    book: Path, table: str, column: str, value: object
) -> None:
    tamper(book, table, column, value)
    listed = run("games", "--json")
    assert listed.exit_code == 0, listed.output
    by_id = {game["id"]: game for game in json.loads(listed.stdout)}
    assert by_id[2]["damaged"] is None and by_id[2]["players"][0] == "You"
    counted = run("stats", "--json")
    assert counted.exit_code == 0, counted.output
    games_counted = sum(table["all"]["games"] for table in json.loads(counted.stdout)["tables"])
    assert games_counted == (1 if counted.stderr else 2)
    noted = [line for line in (listed.stderr + counted.stderr).splitlines() if line]
    assert all(line.startswith("Note: game 1 is damaged: ") for line in noted), noted
    # after the list and stats: resume writes the summary and figures afresh
    refused = [one_line_about_game_1(run(*args)) for args in READ_WHOLE]
    # somewhere the damage is found: a command refuses it, or the list or stats notes it
    assert any(refused) or noted
    deleted = run("games", "delete", "1", "--yes")
    assert deleted.output == "Deleted game 1.\n"
    assert [game["id"] for game in json.loads(run("games", "--json").stdout)] == [2]
    assert run("games", "show", "2").exit_code == 0


def test_the_list_marks_a_damaged_game_and_says_why(book: Path) -> None:
    tamper(book, "games", "names", "[]")
    listed = run("games")
    assert listed.exit_code == 0
    rows = {line.split()[0]: line.split()[1:] for line in listed.stdout.splitlines()[2:]}
    assert rows["1"] == ["damaged"] and rows["2"][-1] == "unfinished"
    assert listed.stderr == (
        "Note: game 1 is damaged: names: give the players' names"
        " (`euchre games delete 1` removes it)\n"
    )
    assert "Delete game 1 (damaged: names: give" in run("games", "delete", "1").output


def test_stats_leaves_out_a_game_whose_figures_cannot_be_read(book: Path) -> None:
    tamper(book, "games", "figures", '{"games": [{"number": 1}]}')
    counted = run("stats", "--json")
    assert counted.exit_code == 0
    (table,) = json.loads(counted.stdout)["tables"]
    assert table["all"]["games"] == 1
    assert counted.stderr.startswith("Note: game 1 is damaged: its figures cannot be read (")
    assert counted.stderr.endswith("; it is not counted.\n")


# The scorekeeper's own values tampered: the highest sheet id given out (the last id a
# book holds, a number past it, which SQLite keeps as text, and values that are no
# number), and a sheet's id set to the last one.
TAMPERED_SHEET_IDS = [
    ("UPDATE settings SET value = ? WHERE key = 'last_sheet_id'", 2**63 - 1),
    ("UPDATE settings SET value = ? WHERE key = 'last_sheet_id'", "9" * 30),
    ("UPDATE settings SET value = ? WHERE key = 'last_sheet_id'", -5),
    ("UPDATE settings SET value = ? WHERE key = 'last_sheet_id'", "x"),
    ("UPDATE settings SET value = ? WHERE key = 'last_sheet_id'", 1.5),
    ("UPDATE settings SET value = ? WHERE key = 'last_sheet_id'", b"\xff"),
    ("UPDATE sheets SET id = ?", 2**63 - 1),
]


@pytest.mark.parametrize(
    ("query", "value"),
    TAMPERED_SHEET_IDS,
    ids=[f"{query.split()[1]}={value!r:.20}" for query, value in TAMPERED_SHEET_IDS],
)
def test_a_tampered_sheet_id_starts_the_next_sheet_or_is_refused_in_one_line(
    book: Path, query: str, value: object
) -> None:
    teams = ["--team", "Ann & Bob", "--team", "Cy & Di"]
    assert run("score", "new", "friday", *teams).exit_code == 0
    with sqlite3.connect(book) as db:
        db.execute(query, (value,))
    db.close()
    before = book.read_bytes()
    started = run("score", "new", "saturday", *teams)
    assert "Traceback" not in started.output
    assert started.exception is None or isinstance(started.exception, SystemExit)
    listed = run("score", "list").stdout
    if started.exit_code == 0:  # a new id, after every id given out that can be read
        assert "friday" in listed and "saturday" in listed
        return
    assert started.exit_code == 1 and "saturday" not in listed
    assert started.stderr.startswith("Error: the book is damaged: ")
    assert started.stderr.count("\n") == 1, started.stderr
    assert book.read_bytes() == before


def test_delete_counts_a_games_moves_and_never_reads_them(
    book: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each move read and checked, a game of a million moves took seconds and hundreds
    of MB to delete: ``delete`` counts them for its question, and reads none, damaged
    or not."""
    tamper(book, "moves", "action", b"pass")
    with sqlite3.connect(book) as db:
        (moves,) = db.execute("SELECT count(*) FROM moves WHERE game_id = 1").fetchone()
        (started,) = db.execute("SELECT started FROM games WHERE id = 1").fetchone()
    db.close()

    def never(*args: object) -> None:
        raise AssertionError("a move was read")

    monkeypatch.setattr("euchre_cli.records.store._move", never)
    asked = CliRunner().invoke(main, ["games", "delete", "1"], input="n\n")
    assert asked.output == (
        f"Delete game 1 (standard, {started}, {moves} moves)? [y/N]: n\nGame 1 kept.\n"
    )
    assert run("games", "delete", "1", "--yes").output == "Deleted game 1.\n"
    assert run("games", "delete", "1", "--yes").output.startswith("Error: no game 1 in the book")
