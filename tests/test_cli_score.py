"""``euchre score`` as a table uses it: every scoring row of R8, R12 and R14 through
the commands, games and rubbers (R9, R10), the bridge, markers, mistakes put right
with undo and edit, the interactive ``keep`` loop, and every bad input refused in one
line with nothing written."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from euchre_cli.book import SCHEMA_VERSION
from euchre_cli.commands.euchre import main

TEAMS = ("--team", "Ann & Bob", "--team", "Cy & Di")
AB, CD = "Ann & Bob", "Cy & Di"

Run = Callable[..., Result]


@pytest.fixture
def book(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Where the score book lives: $EUCHRE_HOME points into the test's own folder."""
    monkeypatch.setenv("EUCHRE_HOME", str(tmp_path / "home"))
    return tmp_path / "home" / "scores.sqlite3"


@pytest.fixture
def score(book: Path) -> Run:
    """Run ``euchre score ARGS``; it must succeed unless ``fails=True``."""

    def run(*args: str, input: str | None = None, fails: bool = False, **runner: Any) -> Result:
        result = CliRunner(**runner).invoke(main, ["score", *args], input=input)
        assert "Traceback" not in result.output
        if not fails:
            assert result.exit_code == 0, result.output
        return result

    return run


def state(score: Run) -> dict[str, Any]:
    return json.loads(score("show", "--json").stdout)


def game_scores(score: Run) -> dict[str, int]:
    return state(score)["game"]["scores"]


def table_rows(text: str) -> list[str]:
    """The rows of a table, below its titles and their underline of dashes."""
    lines = text.splitlines()
    underline = next(i for i, line in enumerate(lines) if line.startswith("-"))
    return lines[underline + 1 :]


def refused(score: Run, book: Path, *args: str, says: str, code: int = 1, **kw: Any) -> None:
    """The command fails with ``says`` on one line, and the book is byte for byte as it was."""
    before = book.read_bytes() if book.exists() else None
    result = score(*args, fails=True, **kw)
    assert result.exit_code == code, result.output
    assert says in result.stderr
    if code == 1:
        assert result.stderr.count("\n") == 1, result.stderr
    assert (book.read_bytes() if book.exists() else None) == before


# --- Scoring rows through the scorekeeper --------------------------------------------------

R8_ROWS = [
    # makers, tricks, extra options, expected (Ann & Bob, Cy & Di)
    ("Ann", "3", (), (1, 0)),  # make
    ("Ann", "4", (), (1, 0)),  # make
    ("Ann", "5", (), (2, 0)),  # march
    ("Ann", "3", ("--alone",), (1, 0)),  # lone make
    ("Ann", "4", ("--alone",), (1, 0)),  # lone make
    ("Ann", "5", ("--alone",), (4, 0)),  # lone march
    ("Ann", "2", (), (0, 2)),  # euchred
    ("Ann", "0", (), (0, 2)),  # euchred
    ("Ann", "1", ("--defender-alone", "Cy"), (0, 2)),  # lone defender takes 4
    ("Ann", "2", ("--defender-alone", "Cy"), (0, 2)),  # lone defender takes 3
    ("Ann", "0", ("--defender-alone", "Di"), (0, 4)),  # lone defender takes all 5
    ("Ann", "4", ("--defender-alone", "Di"), (1, 0)),  # makers beat a lone defender
]


@pytest.mark.parametrize(("makers", "tricks", "options", "expected"), R8_ROWS)
def test_every_row_of_r8(
    score: Run, makers: str, tricks: str, options: tuple[str, ...], expected: tuple[int, int]
) -> None:
    score("new", *TEAMS)
    score("hand", "--makers", makers, "--tricks", tricks, *options)
    assert game_scores(score) == {AB: expected[0], CD: expected[1]}


def test_the_hand_line_says_what_was_recorded(score: Run) -> None:
    score("new", *TEAMS)
    out = score("hand", "--makers", "Bob", "--tricks", "5", "--alone").stdout
    assert out == "#1 Ann & Bob marched alone (5 tricks): +4 -> Ann & Bob 4, Cy & Di 0\n"
    out = score("hand", "--makers", "CD", "--tricks", "1").stdout
    assert out == "#2 Cy & Di got euchred (1 trick): Ann & Bob +2 -> Ann & Bob 6, Cy & Di 0\n"


CUTTHROAT = ("--rules", "cutthroat", "--player", "Ann", "--player", "Bob", "--player", "Cy")
R12_ROWS = [
    # maker, tricks, extra options, expected (Ann, Bob, Cy)
    ("Ann", "3", (), (1, 0, 0)),
    ("Ann", "4", (), (1, 0, 0)),
    ("Ann", "5", (), (3, 0, 0)),
    ("Ann", "2", (), (0, 2, 2)),  # each defender scores 2
    ("Ann", "0", (), (0, 2, 2)),
    ("Ann", "1", ("--defender-alone", "Bob"), (0, 2, 0)),  # only the lone defender scores
    ("Ann", "0", ("--defender-alone", "Cy"), (0, 0, 4)),
    ("Ann", "4", ("--alone",), (1, 0, 0)),  # lone maker, no dummy
    ("Ann", "5", ("--alone",), (4, 0, 0)),
]


@pytest.mark.parametrize(("maker", "tricks", "options", "expected"), R12_ROWS)
def test_every_row_of_r12_cutthroat_per_player(
    score: Run, maker: str, tricks: str, options: tuple[str, ...], expected: tuple[int, ...]
) -> None:
    score("new", *CUTTHROAT)
    score("hand", "--makers", maker, "--tricks", tricks, *options)
    assert game_scores(score) == dict(zip(("Ann", "Bob", "Cy"), expected))


@pytest.mark.parametrize("ruleset", ["two-handed", "two-handed-dummy"])
@pytest.mark.parametrize(
    ("tricks", "expected"),
    [("3", (1, 0)), ("4", (1, 0)), ("5", (2, 0)), ("2", (0, 2)), ("0", (0, 2))],
)
def test_every_row_of_r14_two_handed(
    score: Run, ruleset: str, tricks: str, expected: tuple[int, int]
) -> None:
    score("new", "--rules", ruleset, "--player", "Ann", "--player", "Bob")
    score("hand", "--makers", "Ann", "--tricks", tricks)
    assert game_scores(score) == {"Ann": expected[0], "Bob": expected[1]}


def test_cutthroat_players_tied_at_the_target_play_on(score: Run) -> None:
    """R9: Ann and Bob both reach 10 on Cy's euchre; nobody has won until one leads."""
    score("new", *CUTTHROAT)
    score("add", "Ann", "8")
    score("add", "Bob", "8")
    out = score("hand", "--makers", "Cy", "--tricks", "2").stdout
    assert "tied at 10: play on until one player is ahead" in out
    now = state(score)
    assert now["game"] == {"number": 1, "scores": {"Ann": 10, "Bob": 10, "Cy": 0}, "bridge": None}
    assert now["games"] == []
    out = score("hand", "--makers", "Bob", "--tricks", "3").stdout
    assert "Game 1 goes to Bob: Ann 10, Bob 11, Cy 0." in out
    assert state(score)["games"][0]["winner"] == "Bob"


# --- Games, rubbers, the bridge ---------------------------------------------------------


def test_a_full_classic_rubber_hand_by_hand(score: Run, book: Path) -> None:
    score("new", "--rules", "classic", *TEAMS)
    # Game 1: 1-0, 1-2, then a lone march: 5-2.  Cy & Di scored 2: worth 2 (R10).
    score("hand", "--makers", "AB", "--tricks", "3")
    score("hand", "--makers", "CD", "--tricks", "5")
    out = score("hand", "--makers", "1", "--tricks", "5", "--alone").stdout
    assert (
        "Game 1 goes to Ann & Bob: Ann & Bob 5, Cy & Di 2 (2 rubber points).\nGame 2 begins." in out
    )
    # Game 2: Cy & Di alone 0-1, Ann & Bob euchred 0-3, Cy & Di march 0-5: worth 3.
    score("hand", "--makers", "Cy", "--tricks", "4", "--alone")
    score("hand", "--makers", "Ann", "--tricks", "2")
    score("hand", "--makers", "Di", "--tricks", "5")
    # Game 3: 2-0, 3-0, 4-0 (at the bridge), 5-0: worth 3.
    score("hand", "--makers", "Ann", "--tricks", "5")
    score("hand", "--makers", "Ann", "--tricks", "4")
    score("hand", "--makers", "Ann", "--tricks", "3")
    assert state(score)["game"]["bridge"] == AB
    assert "at the bridge" in score("show").stdout
    out = score("hand", "--makers", "Bob", "--tricks", "3").stdout
    # Margin: bonus 2 + (2 + 3) won - 3 lost = 4.
    assert "The rubber goes to Ann & Bob, margin 4. This sheet is complete." in out
    final = state(score)
    assert [(g["winner"], g["scores"], g["rubber_points"]) for g in final["games"]] == [
        (AB, {AB: 5, CD: 2}, 2),
        (CD, {AB: 0, CD: 5}, 3),
        (AB, {AB: 5, CD: 0}, 3),
    ]
    assert final["rubber"] == {
        "winner": AB,
        "margin": 4,
        "games_won": {AB: 2, CD: 1},
        "rubber_points": {AB: 5, CD: 3},
    }
    assert final["complete"] is True
    refused(score, book, "hand", "--makers", "Ann", "--tricks", "3", says="the rubber on sheet")


def test_r10_worked_example(score: Run, tmp_path: Path) -> None:
    """A wins 10-0 (3), B wins 10-7 (1), A wins 10-2 (2): A by 2 + (3 + 2) - 1 = 6."""
    house = tmp_path / "to-ten.yaml"
    house.write_text("extends: classic\nname: classic to ten\ngame: {points_to_win: 10}\n")
    score("new", "--rules", str(house), "--team", "A1 & A2", "--team", "B1 & B2")
    for who, points in [("A1", 10), ("A1", 7), ("B1", 10), ("B1", 2), ("A1", 10)]:
        score("add", who, str(points))
    final = state(score)
    assert [(g["winner"], g["rubber_points"]) for g in final["games"]] == [
        ("A1 & A2", 3),
        ("B1 & B2", 1),
        ("A1 & A2", 2),
    ]
    assert (final["rubber"]["winner"], final["rubber"]["margin"]) == ("A1 & A2", 6)


def test_the_bridge_needs_the_opponents_at_two_or_less(score: Run) -> None:
    score("new", "--rules", "classic", *TEAMS)
    score("add", "AB", "4")
    score("add", "CD", "2")
    assert state(score)["game"]["bridge"] == AB
    score("add", "CD", "1")
    assert state(score)["game"]["bridge"] is None
    assert "at the bridge" not in score("show").stdout


def test_rulesets_without_the_bridge_never_show_it(score: Run) -> None:
    score("new", *TEAMS)
    score("add", "AB", "9")
    assert state(score)["game"]["bridge"] is None


def test_show_json_has_the_promised_shape(score: Run) -> None:
    score("new", "evening", *TEAMS)
    score("hand", "--makers", "AB", "--tricks", "3")
    assert state(score) == {
        "sheet": "evening",
        "ruleset": "standard",
        "sides": [AB, CD],
        "players": {AB: ["Ann", "Bob"], CD: ["Cy", "Di"]},
        "entries": 1,
        "complete": False,
        "game": {"number": 1, "scores": {AB: 1, CD: 0}, "bridge": None},
        "games": [],
        "rubber": None,
        "dealer": None,  # not tracked: no --dealer
        "seating": ["Ann", "Cy", "Bob", "Di"],  # clockwise (R3)
        "lone_hands": {"maker": True, "defender": True},  # standard has both (R6)
        "markers": {
            AB: {"top": 4, "top_face_up": False, "bottom": 6, "bottom_face_up": True,
                 "pips_showing": 1},
            CD: {"top": 4, "top_face_up": False, "bottom": 6, "bottom_face_up": False,
                 "pips_showing": 0},
        },  # fmt: skip
        "marker_note": None,
    }


def test_show_draws_each_sides_markers(score: Run) -> None:
    score("new", "--rules", "classic", *TEAMS)
    score("add", "AB", "1")
    score("add", "CD", "2")
    out = score("show").stdout
    assert "Ann & Bob: 1" in out and "Cy & Di: 2" in out
    assert "4 face down on top of the 3" in out and "3 face down on top of the 4" in out
    assert "┌" in out and "♥" in out and "♠" in out


def test_ascii_markers_on_request_and_when_the_terminal_is_not_utf8(score: Run) -> None:
    score("new", "--rules", "classic", *TEAMS)
    score("add", "AB", "3")
    assert score("show", "--ascii").stdout.isascii()
    assert score("show", charset="latin-1").stdout.isascii()
    assert not score("show").stdout.isascii()


def test_markers_not_available_is_said_not_drawn(score: Run, tmp_path: Path) -> None:
    house = tmp_path / "seven.yaml"
    house.write_text("extends: classic\ngame: {points_to_win: 7}\n")
    score("new", "--rules", str(house), *TEAMS)
    out = score("show").stdout
    assert out.count("markers not available for the 3 and 4 in a game to 7") == 1  # not per side


# --- Mistakes put right ------------------------------------------------------------------


def test_manual_points_negative_allowed_with_a_reason(score: Run) -> None:
    score("new", *TEAMS)
    score("add", "AB", "3")
    out = score("add", "Ann & Bob", "-2", "--reason", "renege").stdout
    assert out.startswith("#2 Ann & Bob -2 points (renege): -2 -> Ann & Bob 1, Cy & Di 0")
    assert "renege" in score("history").stdout


def test_undo_is_repeatable_back_to_the_empty_sheet(score: Run, book: Path) -> None:
    score("new", *TEAMS)
    score("hand", "--makers", "AB", "--tricks", "3")
    score("hand", "--makers", "CD", "--tricks", "5")
    score("add", "CD", "-1")
    assert score("undo").stdout.startswith("Took back #3: Cy & Di -1 point.")
    assert score("undo").stdout.startswith("Took back #2: Cy & Di marched (5 tricks).")
    score("undo")
    now = state(score)
    assert (now["entries"], now["game"]["scores"]) == (0, {AB: 0, CD: 0})
    refused(score, book, "undo", says="nothing to undo")


def test_undo_takes_back_the_end_of_a_game(score: Run) -> None:
    score("new", "--rules", "classic", *TEAMS)
    score("add", "AB", "4")
    score("hand", "--makers", "AB", "--tricks", "3")
    assert state(score)["game"]["number"] == 2
    score("undo")
    assert state(score)["game"] == {"number": 1, "scores": {AB: 4, CD: 0}, "bridge": AB}


def test_an_edit_can_change_who_won_a_past_game(score: Run) -> None:
    score("new", "--rules", "classic", *TEAMS)
    score("hand", "--makers", "AB", "--tricks", "5")  # 2-0
    score("hand", "--makers", "CD", "--tricks", "5")  # 2-2
    score("hand", "--makers", "CD", "--tricks", "5")  # 2-4
    score("hand", "--makers", "AB", "--tricks", "5", "--alone")  # 6-4: Ann & Bob win
    score("hand", "--makers", "CD", "--tricks", "3")  # game 2: 0-1
    assert state(score)["games"][0]["winner"] == AB
    out = score("edit", "4", "--makers", "CD", "--tricks", "4").stdout
    assert out == (
        "#4 is now: Cy & Di made it (4 tricks).\n"
        "Game 1 now goes to Cy & Di (it went to Ann & Bob).\n"
        "Game 2: Ann & Bob 0, Cy & Di 1\n"
    )
    now = state(score)
    assert now["games"] == [
        {
            "number": 1,
            "winner": CD,
            "scores": {AB: 2, CD: 5},
            "rubber_points": 2,
            "counted": 1,
            "started": {AB: 0, CD: 0},
        }
    ]
    assert now["game"]["scores"] == {AB: 0, CD: 1}


def test_r10_an_edit_that_changes_a_past_games_score_says_so(score: Run) -> None:
    """The same winner by another score is worth other rubber points: the table hears."""
    score("new", "--rules", "classic", *TEAMS)
    score("hand", "--makers", "AB", "--tricks", "3")  # 1-0
    score("hand", "--makers", "CD", "--tricks", "5")  # 1-2
    score("hand", "--makers", "AB", "--tricks", "5", "--alone")  # 5-2: 2 rubber points
    score("hand", "--makers", "CD", "--tricks", "3")  # game 2: 0-1
    out = score("edit", "2", "--makers", "AB", "--tricks", "3").stdout
    assert (
        "Game 1 now ends Ann & Bob 6, Cy & Di 0 (it ended Ann & Bob 5, Cy & Di 2);"
        " 3 rubber points, not 2.\n"
    ) in out
    out = score("edit", "2", "--makers", "AB", "--tricks", "4").stdout  # the same again
    assert "Game 1" not in out


def test_an_edit_can_turn_a_hand_into_points_and_back(score: Run) -> None:
    score("new", *TEAMS)
    score("hand", "--makers", "AB", "--tricks", "3")
    score("edit", "1", "--add", "CD", "-2", "--reason", "renege")
    assert game_scores(score) == {AB: 0, CD: -2}
    score("edit", "1", "--makers", "CD", "--tricks", "0", "--defender-alone", "Ann")
    assert game_scores(score) == {AB: 4, CD: 0}


def test_an_edit_of_a_hand_takes_no_reason(score: Run, book: Path) -> None:
    score("new", *TEAMS)
    score("hand", "--makers", "AB", "--tricks", "3")
    refused(
        score,
        book,
        "edit",
        "1",
        "--makers",
        "CD",
        "--tricks",
        "3",
        "--reason",
        "typo",
        says="--reason goes with --add WHO POINTS",
        code=2,
    )


def test_an_edit_that_decides_the_rubber_says_so(score: Run) -> None:
    score("new", "--rules", "classic", *TEAMS)
    score("add", "AB", "5")  # game 1 to Ann & Bob
    score("add", "CD", "4")
    out = score("edit", "2", "--add", "AB", "5").stdout
    assert "Game 2 now goes to Ann & Bob." in out
    assert "The rubber now goes to Ann & Bob, margin 8." in out  # 2 + (3 + 3) - 0
    out = score("edit", "2", "--add", "CD", "4").stdout
    assert "Game 2 is no longer over (it went to Ann & Bob)." in out
    assert "The rubber is no longer decided (it went to Ann & Bob, margin 8)." in out


def test_r6_history_says_when_both_the_maker_and_a_defender_went_alone(
    score: Run, monkeypatch: pytest.MonkeyPatch
) -> None:
    score("new", *TEAMS)
    score("hand", "--makers", "CD", "--tricks", "2", "--alone", "--defender-alone", "Ann")
    score("hand", "--makers", "CD", "--tricks", "4", "--defender-alone", "Ann")
    with monkeypatch.context() as terminal:
        terminal.setattr("euchre_cli.commands.score.terminal_columns", lambda stream: 80)
        out = score("history").stdout  # an 80-column terminal: broken over two lines to fit
    assert max(len(line) for line in out.splitlines()) <= 80
    assert "Cy & Di got euchred by a lone defender (2 tricks;" in out
    out = score("history").stdout  # into a pipe: every entry on one line, however long
    assert "Cy & Di got euchred by a lone defender (2 tricks; the maker went alone)" in out
    assert "Cy & Di made it (4 tricks; against a lone defender)" in out
    score("new", *CUTTHROAT)  # two defenders: which one is named
    score("hand", "--makers", "Cy", "--tricks", "1", "--defender-alone", "Ann")
    score("hand", "--makers", "Cy", "--tricks", "3", "--defender-alone", "Bob")
    out = score("history").stdout
    assert "Cy got euchred by Ann alone (1 trick)" in out
    assert "Cy made it (3 tricks; Bob defended alone)" in out


def test_an_edit_may_not_end_the_rubber_before_later_entries(score: Run, book: Path) -> None:
    score("new", "--rules", "classic", *TEAMS)
    for _ in range(2):
        score("add", "AB", "4")
        score("add", "CD", "1")
        score("add", "AB", "1")  # Ann & Bob win a game
    score("undo")  # game 2 stands 4-1
    score("add", "CD", "1")  # 4-2
    score("add", "CD", "1")  # 4-3
    refused(score, book, "edit", "6", "--add", "AB", "1", says="the rubber would end at entry 6")


# --- The table's other commands ---------------------------------------------------------


def test_history_marks_game_and_rubber_ends(score: Run) -> None:
    score("new", "--rules", "classic", *TEAMS)
    for who in ["AB", "CD", "AB"]:
        score("add", who, "5")
    out = score("history").stdout
    assert "-- game 1 to Ann & Bob --" in out and "-- game 2 to Cy & Di --" in out
    assert "== rubber to Ann & Bob, margin 5 ==" in out  # 2 + (3 + 3) - 3
    assert "Ann & Bob +5 points" in out and "5 (+5)" in out


def test_stats_per_side(score: Run, tmp_path: Path) -> None:
    score("new", *TEAMS)
    score("hand", "--makers", "AB", "--tricks", "5", "--alone")
    score("hand", "--makers", "AB", "--tricks", "2")
    score("hand", "--makers", "CD", "--tricks", "4")
    score("hand", "--makers", "CD", "--tricks", "2", "--defender-alone", "Ann")
    score("hand", "--makers", "CD", "--tricks", "3", "--defender-alone", "Bob")
    out = score("stats").stdout
    titles = [line.split() for line in out.splitlines()[:2]]  # titles on two lines
    assert titles[0][-3:] == ["Def.", "Def.", "Games"]
    assert titles[1][-2:] == ["alone", "won"]
    rows = {line.split("  ")[0]: line.split()[-8:] for line in table_rows(out)}
    assert rows == {
        AB: ["1", "1", "1", "1", "1", "2", "1", "0"],
        CD: ["2", "1", "0", "0", "0", "0", "0", "0"],
    }
    score("new", *TEAMS, "--rules", "classic")  # no lone defenders there: no columns
    assert "Def." not in score("stats").stdout
    score("new", "--rules", "two-handed", "--player", "Ann", "--player", "Bob")
    titles = score("stats").stdout.splitlines()[0].split()
    assert titles == ["Made", "Euchred", "Marches", "Games"]  # no lone hands at all
    rubbers = tmp_path / "rubbers.yaml"  # lone hands both ways and rubbers: every column
    rubbers.write_text("extends: standard\nrubber: {games_to_win: 2}\n", encoding="utf-8")
    score("new", *TEAMS, "--rules", str(rubbers))
    assert max(len(line) for line in score("stats").stdout.splitlines()) <= 80


def test_stats_per_player_in_cutthroat(score: Run) -> None:
    score("new", *CUTTHROAT)
    score("hand", "--makers", "Cy", "--tricks", "5")
    rows = table_rows(score("stats").stdout)
    assert [line.split()[0] for line in rows] == ["Ann", "Bob", "Cy"]
    assert rows[2].split()[1:4] == ["1", "0", "1"]


def test_list_use_and_delete(score: Run) -> None:
    score("new", "friday", *TEAMS)
    score("new", "saturday", *CUTTHROAT)
    out = score("list").stdout
    assert "friday" in out and "*  saturday  cutthroat  Ann v Bob v Cy" in out
    score("use", "friday")
    assert state(score)["sheet"] == "friday"
    assert "Sheet saturday kept." in score("delete", "saturday", input="n\n").stdout
    assert "saturday" in score("list").stdout
    score("delete", "saturday", input="y\n")
    score("delete", "friday", "--yes")
    assert "No score sheets yet" in score("list").stdout


def test_list_before_any_sheet_is_not_an_error(score: Run, book: Path) -> None:
    assert "No score sheets yet" in score("list").stdout
    assert not book.exists()


def test_list_explains_a_book_path_that_could_never_hold_sheets(
    score: Run, book: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A folder or a file in the way is a mistake to name, not an empty book."""
    refused(score, book, "list", "--db", f"{tmp_path}/new/", says="new/ names a folder")
    (tmp_path / "afile").write_text("notes")
    monkeypatch.setenv("EUCHRE_HOME", str(tmp_path / "afile"))
    for command in (("list",), ("show",)):
        refused(score, book, *command, says="afile is a file, not a folder")


def test_a_book_the_user_may_not_read_is_said_so_not_taken_for_none(
    score: Run, book: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A folder above the book that the user cannot open makes the book look missing
    to os.path.exists: list said "No score sheets yet" with status 0, show offered to
    start a book.  (Tests may run as root, whom permissions do not stop, so the
    operating system's refusals are stood in for, as the score book sees them.)"""
    import os

    from euchre_cli import book as book_module

    class Refusing:
        def __init__(self, stat: bool, access: bool) -> None:
            self.refuse_stat, self.refuse_access = stat, access

        def __getattr__(self, name: str) -> Any:
            return getattr(os, name)

        def stat(self, path: str) -> os.stat_result:
            if self.refuse_stat and path == str(book):
                raise PermissionError(13, "Permission denied", path)
            return os.stat(path)

        def access(self, path: str, mode: int) -> bool:
            return not (self.refuse_access and path == str(book)) and os.access(path, mode)

    score("new", *TEAMS)
    monkeypatch.setattr(book_module, "os", Refusing(stat=True, access=False))
    for command in (("list",), ("show",), ("hand", "--makers", "1", "--tricks", "3")):
        refused(score, book, *command, says="permission denied on a folder above it")
    monkeypatch.setattr(book_module, "os", Refusing(stat=False, access=True))
    refused(score, book, "show", says="cannot read the score book")
    monkeypatch.setattr(book_module, "os", os)
    assert state(score)["entries"] == 0


def test_sheets_are_named_after_the_day_unless_named(score: Run) -> None:
    first = score("new", *TEAMS).stdout
    second = score("new", *TEAMS).stdout
    assert first.split()[2] != second.split()[2]


def test_db_and_euchre_home_choose_the_book(score: Run, book: Path, tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere.db"
    score("new", *TEAMS, "--db", str(elsewhere))
    assert elsewhere.exists() and not book.exists()
    score("new", *TEAMS)
    assert book.exists()


# --- keep: the interactive loop ---------------------------------------------------------


def test_keep_takes_short_answers_questions_undo_and_quit(score: Run) -> None:
    score("new", "--rules", "classic", *TEAMS)
    answers = [
        "",  # who deals first: not tracked
        "1 4",  # Ann & Bob took 4: +1
        "CD",  # Cy & Di ...
        "a",  # ... went alone ...
        "5",  # ... and marched: +4
        "Zed",  # nobody: refused, asked again
        "AB a 3",  # alone, 3 tricks: +1
        "undo",  # takes that back
        "2",
        "maybe",  # not an answer: asked again
        "",  # not alone
        "seven",  # not a number: asked again
        "7",  # impossible: asked again
        "2",  # Cy & Di took 2: euchred, Ann & Bob +2
        "add 1 -1 renege",
        "show",
        "quit",
    ]
    result = score("keep", input="\n".join(answers) + "\n")
    out = result.output
    assert "#1 Ann & Bob made it (4 tricks): +1" in out
    assert "#2 Cy & Di marched alone (5 tricks): +4" in out
    assert "no team or player 'Zed'" in out
    assert "Took back #3: Ann & Bob made it alone (3 tricks)." in out
    assert "'maybe' is not an answer here: a = the maker, or Enter for no. Try again." in out
    for wrong in ("seven", "7"):
        assert f"'{wrong}' is not a number of tricks: 0 to 5. Try again." in out
    assert "#3 Cy & Di got euchred (2 tricks): Ann & Bob +2" in out
    assert "#4 Ann & Bob -1 point (renege)" in out
    assert "4 face up on top of the 3" in out  # Cy & Di's markers at 4
    assert game_scores(score) == {AB: 2, CD: 4}


def test_keep_asks_which_defender_went_alone_in_cutthroat(score: Run) -> None:
    score("new", *CUTTHROAT)
    score("keep", input="\nAnn d\nCy\n0\n")  # input ends: keep stops quietly
    assert game_scores(score) == {"Ann": 0, "Bob": 0, "Cy": 4}


def test_keep_asks_no_alone_question_where_there_are_no_lone_hands(score: Run) -> None:
    score("new", "--rules", "two-handed", "--player", "Ann", "--player", "Bob")
    out = score("keep", input="\nBob\n5\nquit\n").output
    assert "Alone?" not in out
    assert game_scores(score) == {"Ann": 0, "Bob": 2}


def test_keep_interrupted_mid_hand_writes_nothing(score: Run) -> None:
    score("new", "friday", *TEAMS)
    result = score("keep", input="\n1\na\n", fails=True)  # makers and alone, then input ends
    assert result.exit_code == 1
    assert result.output.endswith(
        "That hand was not recorded.\nSheet friday is as it was: 0 entries."
        " Game 1: Ann & Bob 0, Cy & Di 0\n"
    )
    assert state(score)["entries"] == 0


def test_keep_ends_with_one_message_when_its_sheet_is_deleted_elsewhere(
    score: Run, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another terminal rubs out the sheet while keep is open: one line, status 1."""
    from euchre_cli.terminal import scorekeeping

    score("new", "friday", *TEAMS)
    answer, questions = scorekeeping.ScoreKeeping.answer, []

    def answer_then_delete(keeping: Any, line: str) -> bool:
        kept = answer(keeping, line)
        CliRunner().invoke(main, ["score", "delete", "friday", "--yes"])
        return kept

    def question(keeping: Any) -> str:
        questions.append(1)
        assert len(questions) < 5, "keep asks again and again"
        return asked(keeping)

    asked = scorekeeping.ScoreKeeping.question
    monkeypatch.setattr(scorekeeping.ScoreKeeping, "answer", answer_then_delete)
    monkeypatch.setattr(scorekeeping.ScoreKeeping, "question", question)
    result = score("keep", input="show\nshow\n", fails=True)
    assert result.exit_code == 1
    assert result.stderr.count("sheet friday has been deleted") == 1

    def delete_then_answer(keeping: Any, line: str) -> bool:
        CliRunner().invoke(main, ["score", "delete", "friday", "--yes"])
        return answer(keeping, line)  # the hand typed finds the sheet gone

    score("new", "friday", *TEAMS)
    questions.clear()
    monkeypatch.setattr(scorekeeping.ScoreKeeping, "answer", delete_then_answer)
    result = score("keep", input="1 3\n1 3\n", fails=True)
    assert result.exit_code == 1
    assert result.stderr.count("sheet friday has been deleted") == 1


def before_answers(monkeypatch: pytest.MonkeyPatch, *steps: Callable[[], object]) -> None:
    """Run ``steps[n]`` (another terminal's doing) just before keep acts on its answer
    number n + 1, after the question was asked."""
    from euchre_cli.terminal import scorekeeping

    answer, typed = scorekeeping.ScoreKeeping.answer, []

    def elsewhere_then_answer(keeping: Any, line: str) -> bool:
        typed.append(line)
        if len(typed) <= len(steps):
            steps[len(typed) - 1]()
        return answer(keeping, line)

    monkeypatch.setattr(scorekeeping.ScoreKeeping, "answer", elsewhere_then_answer)


def elsewhere(*args: str) -> Callable[[], object]:
    return lambda: CliRunner().invoke(main, ["score", *args])


def test_keep_refuses_a_sheet_replaced_under_its_name(
    score: Run, monkeypatch: pytest.MonkeyPatch
) -> None:
    """keep on a Cutthroat sheet; another terminal deletes it and starts a two-team
    sheet called the same: the answer is refused in one line, nothing is written."""
    score(
        "new", "sat", "--rules", "cutthroat", "--player", "Xa", "--player", "Yb", "--player", "Zc"
    )
    replace = [elsewhere("delete", "sat", "--yes"), elsewhere("new", "sat", *TEAMS)]
    before_answers(monkeypatch, lambda: [step() for step in replace])
    result = score("keep", input="add Zc 2 oops\n3 4\n", fails=True)
    assert result.exit_code == 1
    assert result.stderr.count("sheet sat has been replaced by another sheet") == 1
    assert state(score)["entries"] == 0
    # the other way round: two teams kept, a Cutthroat sheet of the same name made
    score("new", "sun", *TEAMS)
    replace = [
        elsewhere("delete", "sun", "--yes"),
        elsewhere(
            "new", "sun", "--rules", "cutthroat", "--player", "A", "--player", "B", "--player", "C"
        ),
        elsewhere("add", "A", "1"),
    ]
    before_answers(monkeypatch, lambda: [step() for step in replace])
    result = score("keep", input="2 3\n", fails=True)
    assert "sheet sun has been replaced" in result.stderr
    assert state(score)["entries"] == 1
    # deleted and started again just as it was: still another sheet, not the one kept
    score("new", "mon", *TEAMS)
    score("hand", "--makers", "1", "--tricks", "3")
    replace = [elsewhere("delete", "mon", "--yes"), elsewhere("new", "mon", *TEAMS)]
    before_answers(monkeypatch, lambda: [step() for step in replace])
    result = score("keep", input="1 5\n", fails=True)
    assert "sheet mon has been replaced" in result.stderr
    assert state(score)["entries"] == 0


def test_keep_says_when_another_terminal_changed_its_sheet_and_undoes_only_what_it_showed(
    score: Run, monkeypatch: pytest.MonkeyPatch
) -> None:
    score("new", *TEAMS)
    before_answers(
        monkeypatch,
        lambda: None,  # who deals first: not tracked
        lambda: None,  # 1 3: recorded here
        elsewhere("hand", "--makers", "2", "--tricks", "5"),  # then undo, typed here
        lambda: None,  # undo again, now that the table has seen #2
        elsewhere("add", "1", "1"),  # show, then the question after it
    )
    result = score("keep", input="\n1 3\nundo\nundo\nshow\nquit\n")
    out = result.stdout
    changed = "Another command changed sheet"
    assert f"{changed} " in out and "the last #2: Cy & Di marched (5 tricks)" in out
    assert "Nothing was taken back: type undo again" in out
    assert "Took back #2: Cy & Di marched" in out
    assert "the last #2: Ann & Bob +1 point" in out  # the add seen at the next question
    assert out.count(changed) == 2
    assert game_scores(score) == {AB: 2, CD: 0}


def test_keep_waits_out_a_busy_book_instead_of_ending(
    score: Run, book: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another program holding the book's lock: the answer is refused in one line,
    keep asks again, and the same answer works once the book is free."""
    from euchre_cli import book as book_module

    monkeypatch.setattr(book_module, "BUSY_TIMEOUT_SECONDS", 0.05)
    score("new", *TEAMS)
    holder = sqlite3.connect(book, isolation_level=None)
    before_answers(monkeypatch, lambda: holder.execute("BEGIN EXCLUSIVE"), holder.rollback)
    result = score("keep", input="1 3\n1 3\nquit\n")
    holder.close()
    assert result.stderr.count("is busy (another program is using it)") == 1  # said once
    assert "Who made trump? (1 Ann & Bob, 2 Cy & Di)" in result.stdout
    assert game_scores(score) == {AB: 1, CD: 0}


def test_r6_keep_offers_only_the_lone_hands_the_ruleset_allows(score: Run) -> None:
    """classic has no lone defenders: 'd' is refused at the question, the hand kept."""
    score("new", "--rules", "classic", *TEAMS)
    out = score("keep", input="\n1\nd\na\n5\nquit\n").output
    assert "Alone? (a = the maker; Enter = no)" in out
    assert "'d' is not an answer here: a = the maker, or Enter for no. Try again." in out
    assert "#1 Ann & Bob marched alone (5 tricks): +4" in out


def test_r12_keep_refuses_the_maker_as_the_lone_defender(score: Run) -> None:
    score("new", *CUTTHROAT)
    out = score("keep", input="\nBob d\nBob\nAnn\n1\nquit\n").output
    assert "Which defender went alone? (1 Ann, 3 Cy)" in out
    assert "Bob made trump; a defender is 1 Ann, 3 Cy. Try again." in out
    assert game_scores(score) == {"Ann": 2, "Bob": 0, "Cy": 0}


def test_r10_keep_stops_taking_hands_once_the_rubber_is_won(score: Run) -> None:
    score("new", "--rules", "classic", *TEAMS)
    for _ in range(2):  # two games to 5, each won by two lone marches
        score("hand", "--makers", "AB", "--tricks", "5", "--alone")
        score("hand", "--makers", "AB", "--tricks", "5", "--alone")
    out = score("keep", input="1 3\nundo\n1 5 a\nquit\n").output
    assert "The sheet is complete (undo, show, history or quit)" in out
    assert "the rubber on sheet" in out and "is over" in out  # refused before any question
    assert "Took back #4" in out
    assert "This sheet is complete.\nType undo to take that hand back, or quit." in out
    assert "Game 3" not in out
    final = state(score)
    assert (final["complete"], final["game"], final["entries"]) == (True, None, 4)


def test_keep_undo_at_a_follow_up_question_drops_only_the_unfinished_hand(score: Run) -> None:
    """undo where tricks are asked drops the hand being entered, never a recorded one;
    quit there drops it and leaves."""
    score("new", *TEAMS)
    out = score("keep", input="\n1 4\n2\n\nundo\n1\n\nquit\n").output
    assert out.count("That hand was not recorded; nothing else changed.") == 2
    assert "Took back" not in out
    assert state(score)["entries"] == 1


def test_keep_show_and_help_at_a_follow_up_question_ask_it_again(score: Run) -> None:
    score("new", *TEAMS)
    out = score("keep", input="\n1 4\n2\n?\nshow\nhistory\n\n3\nquit\n").output
    assert "answer the one below, or type undo to drop the hand" in out
    assert "Ann & Bob made it (4 tricks)" in out  # the history, mid-hand
    assert "#2 Cy & Di made it (3 tricks): +1" in out
    assert "not recorded" not in out


def test_keep_add_takes_a_team_of_several_words(score: Run) -> None:
    score("new", *TEAMS)
    out = score("keep", input='add Cy & Di 2 renege\nadd "Ann & Bob" -1\nadd 2 x\nquit\n').output
    assert "#1 Cy & Di +2 points (renege)" in out
    assert "#2 Ann & Bob -1 point" in out
    assert "add WHO POINTS [REASON], with POINTS a whole number" in out
    assert game_scores(score) == {AB: -1, CD: 2}


def test_r6_keep_refuses_a_shortcuts_lone_hand_the_ruleset_has_not_at_once(score: Run) -> None:
    """classic has no lone defenders: "2 d" is refused before any question is asked."""
    score("new", "--rules", "classic", *TEAMS)
    result = score("keep", input="\n2 d\nquit\n")
    assert "Error: classic does not let a defender go alone" in result.output
    assert "Tricks the makers took" not in result.output
    score("new", "--rules", "two-handed", "--player", "Ann", "--player", "Bob")
    result = score("keep", input="\nAnn a 3\nquit\n")
    assert "Error: two-handed has no lone hands" in result.output
    assert state(score)["entries"] == 0


@pytest.mark.parametrize(
    ("line", "says"),
    [
        ("2 x 4", "'x' is not understood after '2'"),
        ("2 3 4", "'3' is not understood after '2'"),
        ("Cy & Dx 4", "no team or player 'Cy & Dx'"),  # a name mistyped: said as such
        ("Ann Smith 3", "no team or player 'Ann Smith'"),
    ],
)
def test_keep_names_the_word_it_cannot_read_after_the_makers(
    score: Run, line: str, says: str
) -> None:
    score("new", *TEAMS)
    out = score("keep", input=f"\n{line}\nquit\n").output
    assert says in out
    assert state(score)["entries"] == 0


# --- Bad input: one line, exit 1 or 2, nothing written --------------------------------------


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (("hand", "--makers", "Zed", "--tricks", "3"), "no team or player 'Zed'"),
        (("hand", "--makers", "Ann", "--tricks", "3", "--defender-alone", "Bob"), "cannot also"),
        (("hand", "--makers", "Ann", "--tricks", "3", "--defender-alone", "Ann & Bob"), "cannot"),
        (("hand", "--makers", "Ann", "--tricks", "3", "--defender-alone", "Zed"), "'Zed'"),
        (("add", "Zed", "2"), "no team or player 'Zed'"),
        (("add", "Ann", "0"), "not 0"),
        (("edit", "9", "--makers", "Ann", "--tricks", "3"), "has no entry 9 (it has 1)"),
        (("use", "sunday"), "no sheet called 'sunday'"),
        (("delete", "sunday", "--yes"), "no sheet called 'sunday'"),
        (("new", "friday", *TEAMS), "already a sheet called 'friday'"),
        (("new", "--player", "Ann", "--player", "Bob"), "played in partnerships"),
        (("new", "--rules", "nonesuch", *TEAMS), "nonesuch"),
    ],
)
def test_bad_input_is_refused_in_one_line(
    score: Run, book: Path, args: tuple[str, ...], says: str
) -> None:
    score("new", "friday", *TEAMS)
    score("hand", "--makers", "AB", "--tricks", "3")
    refused(score, book, *args, says=says)


@pytest.mark.parametrize(
    ("rules", "option", "says"),
    [
        ("two-handed", "--alone", "two-handed has no lone hands"),
        ("classic", "--defender-alone", "classic does not let a defender go alone"),
    ],
)
def test_lone_hands_the_ruleset_does_not_have_are_refused(
    score: Run, book: Path, rules: str, option: str, says: str
) -> None:
    if rules == "two-handed":
        score("new", "--rules", rules, "--player", "Ann", "--player", "Bob")
        args = ("hand", "--makers", "Ann", "--tricks", "3", option)
    else:
        score("new", "--rules", rules, *TEAMS)
        args = ("hand", "--makers", "Ann", "--tricks", "3", option, "Cy")
    refused(score, book, *args, says=says)


@pytest.mark.parametrize(
    "args",
    [
        ("hand", "--tricks", "3"),
        ("hand", "--makers", "Ann", "--tricks", "three"),
        ("edit", "1"),
        ("edit", "1", "--makers", "Ann", "--tricks", "3", "--add", "Ann", "1"),
        ("edit", "1", "--makers", "Ann", "--add", "Ann", "1"),
        ("edit", "1", "--makers", "Ann"),
        ("add", "Ann", "lots"),
    ],
)
def test_malformed_commands_are_usage_errors(score: Run, book: Path, args: tuple[str, ...]) -> None:
    score("new", *TEAMS)
    score("hand", "--makers", "AB", "--tricks", "3")
    refused(score, book, *args, says="Error:", code=2)


@pytest.mark.parametrize(
    "args",
    [
        ("hand", "--makers", "Ann", "--tricks", "6"),
        ("hand", "--makers", "Ann", "--tricks", "-1"),
        ("edit", "1", "--makers", "Ann", "--tricks", "8"),
    ],
)
def test_tricks_beyond_0_to_5_are_refused_by_the_option(
    score: Run, book: Path, args: tuple[str, ...]
) -> None:
    score("new", *TEAMS)
    score("hand", "--makers", "AB", "--tricks", "3")
    refused(score, book, *args, says=f"'{args[-1]}' is not a whole number from 0 to 5", code=2)


@pytest.mark.parametrize(
    "command", [("show",), ("hand", "--makers", "1", "--tricks", "3"), ("undo",)]
)
def test_no_current_sheet(score: Run, book: Path, command: tuple[str, ...]) -> None:
    refused(score, book, *command, says="no score sheets yet")
    assert not book.exists()
    score("new", "friday", *TEAMS)
    score("delete", "friday", "--yes")
    refused(score, book, *command, says="no current score sheet")


def test_a_damaged_book_is_refused(score: Run, book: Path) -> None:
    book.parent.mkdir(parents=True)
    book.write_bytes(b"\x00garbage" * 500)
    refused(score, book, "show", says="is damaged or not a euchre score book")
    refused(score, book, "new", *TEAMS, says="is damaged or not a euchre score book")


def test_a_foreign_database_is_refused(score: Run, book: Path) -> None:
    book.parent.mkdir(parents=True)
    with sqlite3.connect(book) as db:
        db.execute("CREATE TABLE recipes (name TEXT)")
    refused(score, book, "list", says="is an SQLite database, but not a euchre score book")


def test_a_book_from_a_newer_euchre_is_refused(score: Run, book: Path) -> None:
    score("new", *TEAMS)
    with sqlite3.connect(book) as db:
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    refused(score, book, "hand", "--makers", "1", "--tricks", "3", says="written by a newer euchre")


def test_ctrl_c_after_the_commit_waits_until_the_hand_is_reported(
    score: Run, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A hand that is saved is also reported: Ctrl-C from the commit until the report
    is printed is ignored (an "Aborted!" there would have it entered twice), and
    Ctrl-C works again once the command is over."""
    import signal

    from euchre_cli.terminal import score_reports

    score("new", *TEAMS)
    report, handlers = score_reports.recorded, []

    def recorded(*args: Any) -> str:
        handlers.append(signal.getsignal(signal.SIGINT))
        return report(*args)

    monkeypatch.setattr(score_reports, "recorded", recorded)
    before = signal.getsignal(signal.SIGINT)
    score("hand", "--makers", "AB", "--tricks", "3")
    assert handlers == [signal.SIG_IGN]
    assert signal.getsignal(signal.SIGINT) is before


def test_a_sheet_keeps_any_target_a_table_plays_to(score: Run, tmp_path: Path) -> None:
    """R9: the 50-point limit is the computer players'; a table may play to 100."""
    house = tmp_path / "hundred.yaml"
    house.write_text("extends: standard\ngame: {points_to_win: 100}\n")
    score("new", "long", *TEAMS, "--rules", str(house))
    score("hand", "--makers", "AB", "--tricks", "5")
    assert game_scores(score) == {AB: 2, CD: 0}


@pytest.mark.parametrize(
    "args",
    [
        ("new", "a\udcffb", *TEAMS),
        ("new", "x", "--team", "A\x07nn & Bob", "--team", "Cy & Di"),
        ("add", "1", "2", "--reason", "\udcff"),
    ],
)
def test_text_that_is_not_utf8_or_holds_control_characters_is_refused(
    score: Run, book: Path, args: tuple[str, ...]
) -> None:
    score("new", "friday", *TEAMS)
    refused(score, book, *args, says="holds control characters or bytes that are not UTF-8")


def test_an_unknown_score_command_lists_the_commands(score: Run, book: Path) -> None:
    refused(score, book, "bogus", says="no such command 'bogus'; the commands: add,", code=2)


def test_an_empty_db_path_is_refused(score: Run, book: Path) -> None:
    """--db "" is not taken to mean the default book."""
    score("new", *TEAMS)
    refused(score, book, "hand", "--makers", "1", "--tricks", "3", "--db", "", says="--db", code=2)


def test_an_interrupted_hand_command_writes_nothing(
    score: Run, book: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    score("new", *TEAMS)
    score("hand", "--makers", "AB", "--tricks", "3")
    before = state(score)

    from euchre_cli.scorekeeper.store import Scorebook

    recorded = Scorebook.add

    def add_then_ctrl_c(self: Scorebook, *args: Any) -> Any:
        recorded(self, *args)  # the entry is written ...
        raise KeyboardInterrupt  # ... and the command is interrupted before it commits

    with monkeypatch.context() as patch:
        patch.setattr(Scorebook, "add", add_then_ctrl_c)
        result = score("hand", "--makers", "CD", "--tricks", "5", fails=True)
    assert result.exit_code == 1 and "Aborted!" in result.output
    assert state(score) == before


def test_keep_says_what_it_saved_when_it_ends(score: Run) -> None:
    """At quit the table heard nothing of what was kept: now the sheet's entries, what
    this keep recorded and took back, and the game in play."""
    score("new", "friday", *TEAMS)
    score("hand", "--makers", "AB", "--tricks", "3")
    out = score("keep", input="1 4\n2 5\nundo\nquit\n").output
    assert out.endswith(
        "Saved on sheet friday: 2 entries, 2 recorded and 1 taken back this time."
        " Game 1: Ann & Bob 2, Cy & Di 0\n"
    )
    out = score("keep", input="").output  # the end of the input leaves as quit does
    assert out.endswith("Sheet friday is as it was: 2 entries. Game 1: Ann & Bob 2, Cy & Di 0\n")


def test_show_history_and_stats_read_any_sheet_by_name(score: Run) -> None:
    score("new", "friday", *TEAMS)
    score("hand", "--makers", "AB", "--tricks", "5")
    score("new", "saturday", *TEAMS)  # now the current sheet
    assert json.loads(score("show", "friday", "--json").stdout)["sheet"] == "friday"
    assert "Ann & Bob marched (5 tricks)" in score("history", "friday").stdout
    assert table_rows(score("stats", "friday").stdout)[0].split()[3:6] == ["1", "0", "1"]
    assert state(score)["sheet"] == "saturday"  # reading another sheet changes nothing
    assert "no sheet called 'sunday'" in score("history", "sunday", fails=True).output


# --- Laps and slams (R13) -------------------------------------------------------------------


@pytest.fixture
def house(tmp_path: Path) -> Callable[[str], str]:
    """A house-rules file holding ``text``; its path, for --rules."""

    def write(text: str) -> str:
        path = tmp_path / f"house{len(list(tmp_path.glob('house*.yaml')))}.yaml"
        path.write_text(text, encoding="utf-8")
        return str(path)

    return write


def test_r13_laps_carry_into_the_next_game_of_a_rubber(score: Run, house: Callable) -> None:
    """Classic's games to 5 with laps: Ann & Bob win game 1 at 7, so game 2 starts 2-0;
    the game that decides the rubber carries nothing further (R10, R13)."""
    score("new", "--rules", house("extends: classic\ngame: {laps: true}\n"), *TEAMS)
    score("add", "CD", "1")
    score("add", "AB", "3")
    out = score("hand", "--makers", "AB", "--tricks", "5", "--alone").stdout
    assert (
        "Game 1 goes to Ann & Bob: Ann & Bob 7, Cy & Di 1 (2 rubber points).\n"
        "Game 2 begins with Ann & Bob 2, Cy & Di 0 (laps).\n"
    ) in out
    assert state(score)["game"] == {"number": 2, "scores": {AB: 2, CD: 0}, "bridge": None}
    assert "Game 2 (started Ann & Bob 2, Cy & Di 0 by laps):" in score("show").stdout
    out = score("hand", "--makers", "CD", "--tricks", "5", "--alone").stdout  # 2-4
    assert out.endswith("-> Ann & Bob 2, Cy & Di 4\n")
    out = score("hand", "--makers", "CD", "--tricks", "4").stdout  # 2-5: exactly 5, no laps
    assert out.endswith("(2 rubber points).\nGame 3 begins.\n")
    score("hand", "--makers", "AB", "--tricks", "5")
    out = score("add", "AB", "4").stdout  # 6-0: the rubber, and nothing carried after it
    assert "The rubber goes to Ann & Bob, margin 5." in out  # 2 + (2 + 3) - 2
    final = state(score)
    assert [(g["winner"], g["started"], g["counted"]) for g in final["games"]] == [
        (AB, {AB: 0, CD: 0}, 1),
        (CD, {AB: 2, CD: 0}, 1),
        (AB, {AB: 0, CD: 0}, 1),
    ]
    history = score("history").stdout
    assert history.count("starts") == 1
    started = next(line for line in history.splitlines() if "starts" in line)
    assert " ".join(started.split()) == "-- game 2 starts Ann & Bob 2, Cy & Di 0 (laps) -- 2 0"
    assert (
        "  Game 2 to Cy & Di: Ann & Bob 2, Cy & Di 5"
        " (2 rubber points; started Ann & Bob 2, Cy & Di 0 by laps)"
    ) in score("show").stdout


def test_r13_r10_a_slam_decides_a_rubber_of_two_games_in_one_game(
    score: Run, book: Path, house: Callable
) -> None:
    """Won 5-0 with slams on: two games toward games_to_win 2, so the rubber is over;
    its rubber points are R10's 3, earned once: margin 2 + 3 = 5."""
    score("new", "--rules", house("extends: classic\ngame: {slam: true}\n"), *TEAMS)
    score("hand", "--makers", "AB", "--tricks", "5", "--alone")
    out = score("hand", "--makers", "AB", "--tricks", "3").stdout
    assert out.endswith(
        "Game 1 goes to Ann & Bob: Ann & Bob 5, Cy & Di 0 (3 rubber points; slam: counts as"
        " two games).\nThe rubber goes to Ann & Bob, margin 5. This sheet is complete.\n"
    )
    final = state(score)
    assert final["complete"] is True
    assert final["games"][0]["counted"] == 2
    assert final["rubber"] == {
        "winner": AB,
        "margin": 5,
        "games_won": {AB: 2, CD: 0},
        "rubber_points": {AB: 3, CD: 0},
    }
    history = score("history").stdout
    assert "-- game 1 to Ann & Bob (slam: counts as two games) --" in history
    assert "== rubber to Ann & Bob, margin 5 ==" in history
    shown = score("show").stdout
    assert "Games won: Ann & Bob 2 (one slam), Cy & Di 0" in shown
    assert "Rubber points: Ann & Bob 3, Cy & Di 0" in shown
    refused(score, book, "hand", "--makers", "CD", "--tricks", "3", says="the rubber on sheet")


def test_r13_r10_a_slam_against_a_negative_score_earns_its_rubber_points_once(
    score: Run, house: Callable
) -> None:
    """Cy & Di win game 1 5-3 (1 rubber point); Ann & Bob win game 2 5 to -1, a slam:
    two games and 3 rubber points, so the rubber is theirs by 2 + 3 - 1 = 4."""
    score("new", "--rules", house("extends: classic\ngame: {slam: true}\n"), *TEAMS)
    score("add", "AB", "3")
    score("add", "CD", "5")
    score("add", "CD", "-1")
    score("add", "AB", "5")
    final = state(score)
    assert [(g["winner"], g["counted"], g["rubber_points"]) for g in final["games"]] == [
        (CD, 1, 1),
        (AB, 2, 3),
    ]
    assert final["rubber"] == {
        "winner": AB,
        "margin": 4,
        "games_won": {AB: 2, CD: 1},
        "rubber_points": {AB: 3, CD: 1},
    }
    stats = score("stats").stdout
    assert stats.splitlines()[0].split()[-3:] == ["Games", "Slams", "Rubbers"]
    rows = {line.split("  ")[0]: line.split()[-3:] for line in table_rows(stats)}
    assert rows == {AB: ["2", "1", "1"], CD: ["1", "0", "0"]}


def test_r13_railroad_laps_and_a_slam_in_a_match_without_rubbers(score: Run) -> None:
    score("new", "--rules", "railroad", *TEAMS)
    score("add", "AB", "8")
    out = score("hand", "--makers", "AB", "--tricks", "5", "--alone").stdout  # 12-0
    assert "Game 1 goes to Ann & Bob: Ann & Bob 12, Cy & Di 0 (slam: counts as two games)." in out
    assert "Game 2 begins with Ann & Bob 2, Cy & Di 0 (laps)." in out
    out = score("add", "CD", "11").stdout  # 2-11: not a slam, and 1 carried
    assert "Game 2 goes to Cy & Di: Ann & Bob 2, Cy & Di 11.\n" in out
    assert "Game 3 begins with Ann & Bob 0, Cy & Di 1 (laps)." in out
    now = state(score)
    assert [(g["counted"], g["started"]) for g in now["games"]] == [
        (2, {AB: 0, CD: 0}),
        (1, {AB: 2, CD: 0}),
    ]
    assert now["game"]["scores"] == {AB: 0, CD: 1}
    assert now["rubber"] is None
    assert "Games won: Ann & Bob 2 (one slam), Cy & Di 1" in score("show").stdout
    rows = {line.split("  ")[0]: line.split()[-2:] for line in table_rows(score("stats").stdout)}
    assert rows == {AB: ["2", "1"], CD: ["1", "0"]}  # games (a slam counts two), slams


def test_r13_a_house_file_of_only_slams_carries_nothing(score: Run, house: Callable) -> None:
    """game: {slam: true} and nothing else (standard's game to 10): a 12-0 game counts
    twice, and without laps the next game starts from nothing."""
    score("new", "--rules", house("game: {slam: true}\n"), *TEAMS)
    score("add", "AB", "9")
    out = score("hand", "--makers", "AB", "--tricks", "5", "--alone").stdout
    assert out.endswith("(slam: counts as two games).\nGame 2 begins.\n")
    now = state(score)
    assert (now["games"][0]["counted"], now["game"]["scores"]) == (2, {AB: 0, CD: 0})
    assert "starts" not in score("history").stdout
    score("new", "--rules", house("game: {laps: true}\n"), *TEAMS)  # laps alone: no slam
    score("add", "AB", "9")
    out = score("hand", "--makers", "AB", "--tricks", "5", "--alone").stdout
    assert "Ann & Bob 13, Cy & Di 0.\nGame 2 begins with Ann & Bob 3, Cy & Di 0 (laps).\n" in out
    assert state(score)["games"][0]["counted"] == 1
    assert "Slams" not in score("stats").stdout


def test_r13_an_edit_that_makes_a_game_a_slam_says_so(score: Run, house: Callable) -> None:
    score("new", "--rules", house("extends: classic\ngame: {slam: true}\n"), *TEAMS)
    score("add", "AB", "3")
    score("add", "CD", "1")
    score("add", "AB", "2")  # 5-1: one game, 2 rubber points
    out = score("edit", "2", "--add", "CD", "-1").stdout
    assert (
        "Game 1 now ends Ann & Bob 5, Cy & Di -1 (it ended Ann & Bob 5, Cy & Di 1);"
        " 3 rubber points, not 2; a slam: counts as two games.\n"
        "The rubber now goes to Ann & Bob, margin 5.\n"
    ) in out
    out = score("edit", "2", "--add", "CD", "2").stdout
    assert "; 2 rubber points, not 3; no longer a slam." in out
    assert "The rubber is no longer decided (it went to Ann & Bob, margin 5)." in out


def test_r13_show_json_games_carry_counted_and_started(score: Run) -> None:
    """Every game in show --json has the keys it had, plus "counted" (2 for a slam)
    and "started" (each side's score as the game began: laps carried in)."""
    score("new", "--rules", "railroad", *TEAMS)
    score("add", "AB", "11")  # 11-0: a slam, and 1 carried
    score("add", "CD", "10")  # 1-10
    games = state(score)["games"]
    assert [set(game) for game in games] == [
        {"number", "winner", "scores", "rubber_points", "counted", "started"}
    ] * 2
    assert [(g["scores"], g["rubber_points"], g["counted"], g["started"]) for g in games] == [
        ({AB: 11, CD: 0}, None, 2, {AB: 0, CD: 0}),
        ({AB: 1, CD: 10}, None, 1, {AB: 1, CD: 0}),
    ]


# --- Reneges (R17) ---------------------------------------------------------------------------


def test_r17_a_renege_scores_the_other_side_four_handed(score: Run) -> None:
    score("new", *TEAMS)
    out = score("renege", "CD").stdout
    assert out == "#1 Cy & Di reneged: Ann & Bob +2 -> Ann & Bob 2, Cy & Di 0\n"
    out = score("renege", "Ann", "--alone").stdout
    assert out == (
        "#2 Ann & Bob reneged against a lone hand: Cy & Di +4 -> Ann & Bob 2, Cy & Di 4\n"
    )
    history = score("history").stdout
    assert "Cy & Di reneged" in history and "2 (+2)" in history
    assert "Ann & Bob reneged against a lone hand" in history and "4 (+4)" in history
    stats = score("stats").stdout
    assert stats.splitlines()[0].split()[-2:] == ["Reneges", "Games"]
    rows = {line.split("  ")[0]: line.split()[-2:] for line in table_rows(stats)}
    assert rows == {AB: ["1", "0"], CD: ["1", "0"]}  # reneges committed, games


def test_r17_a_renege_in_cutthroat_scores_every_other_player(score: Run) -> None:
    score("new", *CUTTHROAT)
    out = score("renege", "Cy").stdout
    assert out == "#1 Cy reneged: Ann +2, Bob +2 -> Ann 2, Bob 2, Cy 0\n"
    out = score("renege", "1", "--alone").stdout
    assert out == "#2 Ann reneged against a lone hand: Bob +4, Cy +4 -> Ann 2, Bob 6, Cy 4\n"
    rows = {line.split()[0]: line.split()[-2] for line in table_rows(score("stats").stdout)}
    assert rows == {"Ann": "1", "Bob": "0", "Cy": "1"}


def test_r17_renege_penalties_come_from_the_sheets_ruleset_snapshot(
    score: Run, tmp_path: Path
) -> None:
    house = tmp_path / "house.yaml"
    house.write_text("scoring: {renege: 3, renege_lone: 6}\n", encoding="utf-8")
    score("new", "--rules", str(house), *TEAMS)
    house.write_text("scoring: {renege: 1, renege_lone: 1}\n", encoding="utf-8")  # later
    score("renege", "AB")
    score("renege", "AB", "--alone")
    assert game_scores(score) == {AB: 0, CD: 9}


def test_r13_r17_a_renege_can_end_a_game_with_a_slam_and_laps(score: Run) -> None:
    score("new", "--rules", "railroad", *TEAMS)
    score("add", "AB", "9")
    out = score("renege", "CD", "--alone").stdout  # 13-0
    assert out.startswith("#2 Cy & Di reneged against a lone hand: Ann & Bob +4\n")
    assert "Ann & Bob 13, Cy & Di 0 (slam: counts as two games)." in out
    assert "Game 2 begins with Ann & Bob 3, Cy & Di 0 (laps)." in out


def test_r17_undo_and_edit_work_on_a_renege(score: Run, book: Path) -> None:
    score("new", *TEAMS)
    score("hand", "--makers", "AB", "--tricks", "3")
    score("renege", "CD")
    assert score("undo").stdout == "Took back #2: Cy & Di reneged. Game 1: Ann & Bob 1, Cy & Di 0\n"
    score("renege", "CD")
    out = score("edit", "2", "--renege", "Di", "--alone").stdout
    assert (
        out == "#2 is now: Cy & Di reneged against a lone hand.\nGame 1: Ann & Bob 5, Cy & Di 0\n"
    )
    out = score("edit", "1", "--renege", "AB").stdout  # a hand made a renege
    assert out.endswith("#1 is now: Ann & Bob reneged.\nGame 1: Ann & Bob 4, Cy & Di 2\n")
    out = score("edit", "2", "--makers", "CD", "--tricks", "5").stdout  # and back to a hand
    assert out.startswith("#2 is now: Cy & Di marched (5 tricks).")
    assert game_scores(score) == {AB: 0, CD: 4}
    for args in [
        ("edit", "1", "--renege", "AB", "--add", "AB", "1"),
        ("edit", "1", "--renege", "AB", "--makers", "AB", "--tricks", "3"),
        ("edit", "1", "--renege", "AB", "--reason", "why"),
        ("edit", "1", "--alone"),
    ]:
        refused(score, book, *args, says="Error:", code=2)
    refused(score, book, "edit", "1", "--renege", "Zed", says="no team or player 'Zed'")
    refused(score, book, "edit", "3", "--renege", "AB", says="has no entry 3 (it has 2)")


@pytest.mark.parametrize(
    ("setup", "args", "says"),
    [
        ((), ("renege", "Zed"), "no team or player 'Zed'"),
        ((), ("renege", "3"), "no team or player '3'"),
        (("--rules", "two-handed"), ("renege", "Ann", "--alone"), "two-handed has no lone hands"),
        (("--rules", "classic"), ("renege", "CD"), "the rubber on sheet"),
    ],
)
def test_r17_a_renege_the_sheet_cannot_take_is_refused_in_one_line(
    score: Run, book: Path, setup: tuple[str, ...], args: tuple[str, ...], says: str
) -> None:
    if setup == ("--rules", "two-handed"):
        score("new", *setup, "--player", "Ann", "--player", "Bob")
    else:
        score("new", *setup, *TEAMS)
    if setup == ("--rules", "classic"):  # the rubber is over
        for _ in range(2):
            score("add", "AB", "5")
    refused(score, book, *args, says=says)


def test_r17_a_version_1_book_upgrades_on_first_use_and_takes_a_renege(
    score: Run, book: Path
) -> None:
    from test_scorebook import version_1_book

    book.parent.mkdir(parents=True)
    version_1_book(book)
    history = score("history").stdout  # a reader: the upgrade is its first use
    assert "Ann & Bob marched alone (5 tricks)" in history
    assert "Cy & Di -2 points (renege)" in history
    with sqlite3.connect(book) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    db.close()
    out = score("renege", "Cy").stdout
    assert out == "#4 Cy & Di reneged: Ann & Bob +2 -> Ann & Bob 8, Cy & Di -2\n"
    assert state(score)["entries"] == 4


def test_r17_keep_takes_a_renege_at_its_prompt(score: Run) -> None:
    score("new", *TEAMS)
    lines = ["help", "renege Cy & Di", "renege 1 a", "renege", "renege Zed", "undo", "quit"]
    out = score("keep", input="\n".join(lines) + "\n").output
    assert "renege WHO [a] (WHO reneged; a: against a lone hand)" in " ".join(out.split())  # help
    assert "#1 Cy & Di reneged: Ann & Bob +2 -> Ann & Bob 2, Cy & Di 0" in out
    assert "#2 Ann & Bob reneged against a lone hand: Cy & Di +4" in out
    assert "Error: renege WHO [a]: the side that reneged" in out
    assert "Error: no team or player 'Zed'" in out
    assert "Took back #2: Ann & Bob reneged against a lone hand." in out
    assert game_scores(score) == {AB: 2, CD: 0}
    score("new", *CUTTHROAT)
    out = score("keep", input='renege "Bob" alone\nquit\n').output
    assert "#1 Bob reneged against a lone hand: Ann +4, Cy +4" in out
    score("new", "--rules", "two-handed", "--player", "Ann", "--player", "Bob")
    out = score("keep", input="renege Ann a\nrenege Ann\nquit\n").output
    assert "Error: a renege against a lone hand: two-handed has no lone hands" in out
    assert game_scores(score) == {"Ann": 0, "Bob": 2}


@pytest.mark.parametrize(
    ("rules", "lone"),
    [("standard", (True, True)), ("classic", (True, False)), ("two-handed", (False, False))],
)
def test_r6_show_json_says_which_lone_hands_the_ruleset_has(
    score: Run, rules: str, lone: tuple[bool, bool]
) -> None:
    """The page offers only these (classic has no lone defenders)."""
    if rules == "two-handed":
        score("new", "--rules", rules, "--player", "Ann", "--player", "Bob")
    else:
        score("new", "--rules", rules, *TEAMS)
    said = json.loads(score("show", "--json").stdout)["lone_hands"]
    assert (said["maker"], said["defender"]) == lone
