"""The most the program takes from a user (``limits.py``): files read through one
reader, JSON of bounded nesting, and whole numbers the book can hold, for every
option that takes one and for a record imported."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from euchre_cli.commands.euchre import main
from euchre_cli.limits import (
    MAX_FILE_BYTES,
    MAX_JSON_NESTING,
    UnreadableFile,
    decode_json,
    read_text_file,
)
from euchre_cli.records.export import MAX_RECORD_BYTES, MAX_RECORD_MOVES, MAX_RECORD_VALUES
from euchre_cli.terminal.text import shortened


@pytest.mark.parametrize(
    ("make", "reason"),
    [
        (lambda path: None, "no such file"),
        (lambda path: path.mkdir(), "is a directory, not a file"),
        (lambda path: os.mkfifo(path), "is a FIFO (a named pipe), not a file"),
        (lambda path: path.symlink_to("/dev/zero"), "is a device, not a file"),
        (lambda path: path.write_bytes(b"\xff\xfe"), "is not UTF-8 text"),
        (lambda path: path.write_bytes(b"#" * (MAX_FILE_BYTES + 1)), "is larger than 1 MiB"),
    ],
    ids=["missing", "directory", "FIFO", "device", "not UTF-8", "too large"],
)
def test_a_file_that_cannot_be_read_is_refused_before_it_is_read(
    tmp_path: Path, make, reason: str
) -> None:
    path = tmp_path / "house.yaml"
    make(path)
    with pytest.raises(UnreadableFile, match=f"^{re.escape(reason)}") as refused:
        read_text_file(path)
    assert refused.value.missing == (reason == "no such file")


def test_a_path_too_long_or_holding_a_nul_is_refused(tmp_path: Path) -> None:
    with pytest.raises(UnreadableFile, match="^the path is too long for this system$"):
        read_text_file(tmp_path / ("A" * 10_000))
    with pytest.raises(UnreadableFile, match="NUL byte"):
        read_text_file("house\0.yaml")
    (tmp_path / "house.yaml").write_bytes(b"#" * MAX_FILE_BYTES)  # the limit itself is read
    assert len(read_text_file(tmp_path / "house.yaml")) == MAX_FILE_BYTES


def test_json_nested_past_the_limit_is_refused_however_deep() -> None:
    assert decode_json("[" * MAX_JSON_NESTING + "]" * MAX_JSON_NESTING) is not None
    for depth in (MAX_JSON_NESTING + 1, 100_000):
        with pytest.raises(ValueError, match=f"^nested more than {MAX_JSON_NESTING} brackets"):
            decode_json('{"a": ' * depth + "1" + "}" * depth)
    with pytest.raises(ValueError):
        decode_json("[1, 2")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--seed", str(2**63)], "'9223372036854775808' is not a whole number from 0 to"),
        (["--seed", "-1"], "'-1' is not a whole number from 0 to 9223372036854775807"),
        (["--seed", "1e3"], "'1e3' is not a whole number from 0 to"),
        (["--games", "nan"], "'nan' is not a whole number from 1 to 100"),
    ],
)
def test_a_whole_number_out_of_range_says_the_range(args: list[str], message: str) -> None:
    result = CliRunner().invoke(main, ["play", *args])
    assert result.exit_code == 2 and message in result.output
    assert result.output.count("\n") == 1


@pytest.mark.parametrize(
    ("where", "value", "message"),
    [
        (("moves", 0, "number"), 2**70, "moves[1].number: 1.18e+21 is beyond what the book holds"),
        (("setup", "seed"), -(2**64), "setup.seed: -1.84e+19 is beyond what the book holds"),
        (("setup", "think"), float("inf"), "setup.think: seconds above 0, or null"),
        (("setup", "think"), 10**400, "setup.think: seconds above 0, or null"),
        # 401 digits: past what a float holds, so said without one
        (("setup", "seed"), 10**400, "setup.seed: 1.00e+400 is beyond what the book holds"),
        (("setup", "seed"), -(10**400), "setup.seed: -1.00e+400 is beyond what the book"),
        (("setup", "games"), 10**400, "setup.games: 1.00e+400 is beyond what the book holds"),
        (("setup", "best_of"), 10**400, "setup.best_of: 1.00e+400 is beyond what the book"),
        (("moves", 0, "number"), 10**400, "moves[1].number: 1.00e+400 is beyond what the"),
        (("moves", 0, "seat"), 10**400, "moves[1].seat: 1.00e+400 is beyond what the book"),
        (
            ("setup", "ruleset", "game", "points_to_win"),
            10**400,
            "setup.ruleset: game.points_to_win cannot be a number of more than 19 digits",
        ),
    ],
    ids=lambda value: f"{value!r:.24}",
)
def test_an_imported_number_the_book_cannot_hold_is_refused(
    tmp_path: Path, where: tuple, value: object, message: str
) -> None:
    played = CliRunner().invoke(main, ["play", "--seed", "1", "--level", "easy"], input="")
    assert "is kept" in played.output
    document = json.loads(CliRunner().invoke(main, ["games", "export", "1"]).stdout)
    *path, last = where
    inner = document
    for key in path:
        inner = inner[key]
    inner[last] = value
    record = tmp_path / "game.json"
    record.write_text(json.dumps(document), encoding="utf-8")
    result = CliRunner().invoke(main, ["games", "import", str(record)])
    assert result.exit_code == 1
    assert result.output.startswith(f"Error: {record}: {message}")
    assert result.output.count("\n") == 1


def test_a_number_too_long_to_read_is_refused_as_it_is_read(tmp_path: Path) -> None:
    """Past 4300 digits Python will not read a whole number (and the 3.10s that would
    take a time growing as its square): said in the program's words, not Python's."""
    played = CliRunner().invoke(main, ["play", "--seed", "1", "--level", "easy"], input="")
    assert "is kept" in played.output
    exported = CliRunner().invoke(main, ["games", "export", "1"]).stdout
    record = tmp_path / "game.json"
    record.write_text(re.sub(r'"seed": ?\d+', '"seed": 1' + "0" * 5000, exported, count=1))
    result = CliRunner().invoke(main, ["games", "import", str(record)])
    assert result.exit_code == 1
    assert result.output == (
        f"Error: {record} cannot be read as JSON: a number of 5001 digits (at most 4300)\n"
    )
    with pytest.raises(ValueError, match="^a number of 4301 digits"):
        decode_json("[-" + "9" * 4301 + "]")
    assert decode_json("[-" + "9" * 4300 + "]") == [-int("9" * 4300)]


def exported_game(seed: str = "1") -> dict:
    """A game stopped at its first question, as `games export` writes it."""
    played = CliRunner().invoke(main, ["play", "--seed", seed, "--level", "easy"], input="")
    assert "is kept" in played.output
    return json.loads(CliRunner().invoke(main, ["games", "export", "1"]).stdout)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            lambda: " " * MAX_RECORD_BYTES + "{}",
            "Error: cannot read {file}: is larger than 28 MiB, more than such a file ever holds",
        ),
        (
            lambda: "[" + "{}," * (MAX_RECORD_VALUES // 2) + "{}]",
            "Error: {file}: 2,500,002 brackets and commas, more than a game record of 250,000"
            " moves holds (2,500,000)",
        ),
        (
            lambda: json.dumps({**exported_game(), "moves": [{}] * (MAX_RECORD_MOVES + 1)}),
            "Error: {file}: moves: 250,001 moves, more than a game record holds (250,000)",
        ),
    ],
    ids=["bytes", "values", "moves"],
)
def test_a_record_file_larger_than_any_record_is_refused_before_it_is_read(
    tmp_path: Path, text, message: str
) -> None:
    """Read into Python, JSON's values take up to fifty times the bytes of the file: a
    file of ``[{},{},...]`` under the 64 MiB cap of before took 3 GB to refuse.  The
    bytes and the values are counted first, against the longest match's record."""
    record = tmp_path / "game.json"
    record.write_text(text(), encoding="utf-8")
    kept_before = CliRunner().invoke(main, ["games", "--json"]).output
    result = CliRunner().invoke(main, ["games", "import", str(record)])
    assert result.exit_code == 1
    assert result.output == message.format(file=record) + "\n"
    assert CliRunner().invoke(main, ["games", "--json"]).output == kept_before


def test_a_long_match_exports_compact_and_imports_back_within_the_caps(tmp_path: Path) -> None:
    """A watched match of 3 games to 50 (the most points computer players play to),
    exported and imported back move for move; a record of the most moves a record
    holds, each the longest a move can be, with this match's summary per move, fits
    the caps too: every record `export` writes, `import` takes back."""
    from euchre_cli.book import open_book
    from euchre_cli.cli.places import book_path
    from euchre_cli.engine.game import Game
    from euchre_cli.engine.match import Match
    from euchre_cli.players.rule_based import RuleBasedPlayer
    from euchre_cli.records.game import Setup
    from euchre_cli.records.recorder import Recorder
    from euchre_cli.records.store import GameBook
    from euchre_cli.rulebook import load_ruleset, ruleset_from_dict, ruleset_to_dict

    settings = ruleset_to_dict(load_ruleset("standard"))
    settings["game"]["points_to_win"] = 50
    rules, names = ruleset_from_dict(settings, "to 50"), ("Ann", "Bob", "Cy", "Di")
    book = open_book(book_path(None), create=True)
    try:
        games = GameBook(book)
        setup = Setup(rules, 1, names, (), "easy", games=3)
        players = [RuleBasedPlayer() for _ in names]
        Match(rules, names, players, 1, 3, Recorder(games, setup), game_factory=Game).play()
        played = games.game(1)
    finally:
        book.close()
    exported = tmp_path / "match.json"
    assert CliRunner().invoke(main, ["games", "export", "1", "-o", str(exported)]).exit_code == 0
    text = exported.read_text(encoding="utf-8")
    assert text.count("\n") == 1  # compact: one line
    result = CliRunner().invoke(main, ["games", "import", "--copy", str(exported)])
    assert result.output.startswith(f"Imported {exported} as game 2 ({len(played.moves)} moves")
    again = CliRunner().invoke(main, ["games", "export", "2"]).stdout
    assert json.loads(again)["moves"] == json.loads(text)["moves"]

    document = json.loads(text)
    longest_move = {
        "number": MAX_RECORD_MOVES,
        "game": 100,  # --games at most
        "hand": Game.max_hands,
        "step": 99,
        "seat": 3,
        "action": "discard:JH",
        "taken_back": False,
    }
    compact = {"separators": (",", ":")}
    summary_per_move = len(json.dumps(document["summary"], **compact)) / len(played.moves)
    setup_bytes = len(json.dumps({**document, "moves": [], "summary": None}, **compact))
    move_bytes = len(json.dumps(longest_move, **compact)) + 1  # and its comma
    assert MAX_RECORD_MOVES * (move_bytes + summary_per_move) + setup_bytes <= MAX_RECORD_BYTES
    values_per_move = (text.count("{") + text.count("[") + text.count(",")) / len(played.moves)
    assert MAX_RECORD_MOVES * values_per_move <= MAX_RECORD_VALUES


def test_a_game_of_more_moves_than_a_record_holds_is_not_exported() -> None:
    """A book edited to hold more moves than a record may: refused in one line before
    one is read, not written as a file `import` would refuse."""
    import sqlite3

    from euchre_cli.cli.places import book_path

    exported_game()
    with sqlite3.connect(book_path(None)) as db:
        (last,) = db.execute("SELECT max(number) FROM moves").fetchone()
        added = ((1, last + n, 1, 1, 0, 0, "pass") for n in range(1, MAX_RECORD_MOVES + 1))
        db.executemany("INSERT INTO moves VALUES (?, ?, ?, ?, ?, ?, ?, 0)", added)
    db.close()
    result = CliRunner().invoke(main, ["games", "export", "1"])
    assert result.exit_code == 1
    assert result.output == (
        f"Error: game 1 has {last + MAX_RECORD_MOVES:,} moves, more than a game record"
        " holds (250,000): it cannot be exported\n"
    )


def test_an_import_nested_past_the_limit_is_refused(tmp_path: Path) -> None:
    record = tmp_path / "deep.json"
    record.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    result = CliRunner().invoke(main, ["games", "import", str(record)])
    assert result.exit_code == 1
    assert result.output == (
        f"Error: {record} cannot be read as JSON: nested more than 32 brackets deep\n"
    )


LONG = "A" * 10_000
TEAMS = ("--team", "A & B", "--team", "C & D")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["rules", "validate", "/dev/zero"], "Error: /dev/zero: is a device, not a file ("),
        (["rules", "show", "/dev/urandom"], "Error: /dev/urandom: is a device, not a file ("),
        (["play", "--rules", "/dev/zero"], "Error: --rules /dev/zero: is a device, not a file"),
        (["config", "set", "rules", "/dev/zero"], "Error: rules: /dev/zero: is a device, not"),
        (["rules", "show", f"{LONG}.yaml"], shortened(f"Error: {LONG}.yaml: the path is too")),
        (["rules", "new", "x.yaml", "--from", ""], "Error: --from is empty: it names no ruleset"),
        (["rules", "new", LONG], shortened(f"Error: {LONG}: cannot write (File name too long)")),
        (["games", "--db", LONG], shortened(f"Error: cannot use the score book {LONG}: the path")),
        (["games", "--db", "/dev/null"], "Error: cannot use the score book /dev/null: it is a"),
    ],
)
def test_a_path_that_names_no_file_is_refused_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: list[str], message: str
) -> None:
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, args, input="")
    assert result.exit_code in (1, 2)
    assert result.output.startswith(message) and result.output.count("\n") == 1
    assert not (tmp_path / "x.yaml").exists()


def test_text_the_terminal_cannot_encode_never_ends_in_a_traceback(tmp_path: Path) -> None:
    """In a UTF-8 locale Python refuses to print, or read, bytes that are not UTF-8:
    a path typed in Latin-1, echoed back (escaped, as all text from outside is), or
    such an answer at a prompt (read as a ?)."""
    import subprocess
    import sys

    environment = {
        **os.environ,
        "PYTHONIOENCODING": "utf-8:strict",
        "EUCHRE_HOME": str(tmp_path / "home"),
    }
    euchre = [sys.executable, "-c", "from euchre_cli.commands import run; run()"]
    for setup in (["play", "--seed", "1", "--level", "easy"], ["score", "new", *TEAMS]):
        subprocess.run([*euchre, *setup], input=b"", capture_output=True, env=environment)
    shown = subprocess.run(
        [*euchre, "stats", "--rules", "Zo\udceb"], capture_output=True, env=environment
    )
    assert shown.returncode == 0 and b"Traceback" not in shown.stderr
    assert shown.stdout.startswith(b"No games of yours with --rules Zo\\udceb (yours: rules")
    typed = subprocess.run(
        [*euchre, "score", "keep"], input=b"Zo\xeb\nquit\n", capture_output=True, env=environment
    )
    assert typed.returncode == 0 and b"Traceback" not in typed.stderr
    assert b"no team or player 'Zo\xef\xbf\xbd'" in typed.stderr
