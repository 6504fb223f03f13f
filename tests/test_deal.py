"""The deal on every score sheet (R3): who deals is named once (``score new --dealer``,
``keep``'s first question, ``score dealer``), and passes to the left after every hand,
thrown-in hands included (R5); the dealer is worked out from the entries, so undo and
edit keep it right."""

from __future__ import annotations

import csv
import json
import re
import shlex
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from euchre_cli import book as book_module
from euchre_cli.book import SCHEMA_VERSION, open_book
from euchre_cli.commands.euchre import main
from euchre_cli.engine.scoring import HandOutcome
from euchre_cli.rulebook import load_ruleset, ruleset_to_dict
from euchre_cli.scorekeeper.entries import Dealer, ManualPoints, Renege, ThrownIn
from euchre_cli.scorekeeper.sheet import Sheet, SheetError, seat_sides
from euchre_cli.scorekeeper.store import Scorebook
from euchre_cli.scorekeeper.tally import tally

TEAMS = ("--team", "Ann & Bob", "--team", "Cy & Di")
CUTTHROAT = ("--rules", "cutthroat", "--player", "Ann", "--player", "Bob", "--player", "Cy")


def sheet_of(rules: str, teams: tuple[str, ...] = (), players: tuple[str, ...] = ()) -> Sheet:
    ruleset = load_ruleset(rules)
    return Sheet(1, "friday", ruleset, seat_sides(ruleset, teams, players))


FOUR = sheet_of("standard", teams=("Ann & Bob", "Cy & Di"))
THREE = sheet_of("cutthroat", players=("Ann", "Bob", "Cy"))
TWO = sheet_of("two-handed", players=("Ann", "Bob"))


# --- Seats and the rotation, pure ------------------------------------------------------


def test_r3_partners_sit_opposite_so_the_teams_alternate_clockwise() -> None:
    assert FOUR.seating == ("Ann", "Cy", "Bob", "Di")
    assert THREE.seating == ("Ann", "Bob", "Cy")
    assert TWO.seating == ("Ann", "Bob")


@pytest.mark.parametrize(
    ("sheet", "who", "seat"),
    [(FOUR, "Ann", 0), (FOUR, "di", 3), (FOUR, "B", 2), (THREE, "2", 1), (THREE, "C", 2)],
)
def test_a_dealer_is_one_player_by_name_initial_or_a_lone_sides_number(
    sheet: Sheet, who: str, seat: int
) -> None:
    assert sheet.seat_of(who) == seat


@pytest.mark.parametrize(
    ("who", "says"),
    [
        ("1", "'1' is not one player of Ann & Bob: give Ann or Bob"),
        ("CD", "'CD' is not one player of Cy & Di: give Cy or Di"),
        ("Zed", "no team or player 'Zed'"),
    ],
)
def test_a_dealer_that_is_not_one_player_is_refused(who: str, says: str) -> None:
    with pytest.raises(SheetError, match=says):
        FOUR.seat_of(who)


def dealers(sheet: Sheet, *entries: Any) -> tuple[list[str | None], str | None]:
    """Who dealt each entry's hand, and who deals next, by name."""
    counted = tally(sheet.ruleset, entries)

    def name(seat: int | None) -> str | None:
        return None if seat is None else sheet.seating[seat]

    return [name(result.dealer) for result in counted.results], name(counted.dealer)


def test_r3_the_deal_passes_left_after_every_hand_thrown_in_and_renege() -> None:
    hand = HandOutcome(0, 3)
    dealt, next_dealer = dealers(
        FOUR, Dealer(0), hand, ThrownIn(), ManualPoints(1, 2), Renege(1), hand
    )
    assert dealt == [None, "Ann", "Cy", None, "Bob", "Di"]  # points by hand deal nothing
    assert next_dealer == "Ann"


def test_r12_in_cutthroat_the_deal_rotates_over_the_three_players() -> None:
    dealt, next_dealer = dealers(THREE, Dealer(1), *[ThrownIn()] * 4)
    assert (dealt[1:], next_dealer) == (["Bob", "Cy", "Ann", "Bob"], "Cy")


def test_r14_two_handed_the_deal_alternates() -> None:
    assert dealers(TWO, Dealer(1), ThrownIn(), ThrownIn()) == ([None, "Bob", "Ann"], "Bob")


def test_no_dealer_is_tracked_until_one_is_named_and_a_correction_wins() -> None:
    assert dealers(FOUR, HandOutcome(0, 3), ThrownIn()) == ([None, None], None)
    dealt, next_dealer = dealers(FOUR, ThrownIn(), Dealer(3), ThrownIn(), Dealer(1))
    assert (dealt, next_dealer) == ([None, None, "Di", None], "Cy")


def test_r5_a_hand_thrown_in_scores_nothing() -> None:
    counted = tally(FOUR.ruleset, [HandOutcome(0, 5), ThrownIn()])
    assert counted.results[-1].points == (0, 0)
    assert counted.scores == (2, 0)


# --- Through the commands --------------------------------------------------------------


@pytest.fixture
def score(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("EUCHRE_HOME", str(tmp_path / "home"))

    def run(*args: str, input: str | None = None, fails: bool = False) -> Result:
        result = CliRunner().invoke(main, ["score", *args], input=input)
        assert "Traceback" not in result.output
        assert (result.exit_code != 0) == fails, result.output
        return result

    return run


def shown(score) -> dict[str, Any]:
    return json.loads(score("show", "--json").stdout)


def test_r3_new_dealer_then_hands_undo_and_edit_keep_the_deal_right(score) -> None:
    out = score("new", *TEAMS, "--dealer", "Cy").output
    assert "Cy deals next." in out
    assert (shown(score)["dealer"], shown(score)["seating"]) == ("Cy", ["Ann", "Cy", "Bob", "Di"])
    assert "Bob deals next." in score("hand", "--makers", "1", "--tricks", "3").output
    thrown = score("hand", "--thrown-in").output
    assert "#3 Thrown in (nobody made trump) -> Ann & Bob 1, Cy & Di 0\nDi deals next." in thrown
    assert shown(score)["dealer"] == "Di"
    assert "Bob deals next." in score("undo").output  # the thrown-in hand taken back
    score("edit", "2", "--add", "1", "1")  # the hand was points by hand: it dealt nothing
    assert shown(score)["dealer"] == "Cy"
    score("edit", "2", "--thrown-in")
    assert shown(score)["dealer"] == "Bob"
    assert "#3 Ann to deal." in score("dealer", "ann").output  # a correction
    history = score("history").output
    assert "Thrown in (nobody made trump)" in history and history.endswith("Ann deals next.\n")
    assert "Ann deals next." in score("show").output
    score("undo")
    assert shown(score)["dealer"] == "Bob"


def test_r3_an_edit_keeps_a_dealer_entry_one_and_makes_no_other_one(score) -> None:
    """Who deals is a fact no other entry holds: edited into a hand it would be lost
    (and the deal with it), and a hand edited into one would lose the hand."""
    score("new", *TEAMS, "--dealer", "Cy")
    score("hand", "--makers", "1", "--tricks", "4")
    before = shown(score)
    refused = score("edit", "1", "--makers", "Ann", "--tricks", "5", fails=True)
    assert refused.exit_code == 1 and len(refused.output.strip().splitlines()) == 1
    assert "#1 says who deals (Cy), and an edit keeps it so:" in refused.output
    assert "'euchre score edit 1 --dealer WHO'" in refused.output
    refused = score("edit", "2", "--dealer", "Bob", fails=True)
    assert refused.exit_code == 1 and len(refused.output.strip().splitlines()) == 1
    assert "#2 is not a dealer entry, and an edit keeps it so:" in refused.output
    assert "'euchre score dealer WHO' says who deals next" in refused.output
    assert shown(score) == before
    assert score("edit", "1", "--dealer", "Bob").output.startswith("#1 is now: Bob to deal.\n")
    assert shown(score)["dealer"] == "Di"  # Bob dealt the hand: Di deals next


def readme_score_example() -> list[str]:
    """The command lines of the README's "Keeping score" example, in order."""
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text("utf-8")
    section = readme.split("\n## Keeping score\n", 1)[1]
    block = re.search(r"```sh\n(.*?)```", section, re.S)
    assert block is not None
    return [line for line in block.group(1).splitlines() if line.startswith("euchre score ")]


def test_r3_the_readmes_score_example_does_what_it_says_and_keeps_the_dealer(
    score, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each line run in turn on a fresh book; a line whose comment quotes what it
    prints ("#2 Ann & Bob made it ...") prints that."""
    monkeypatch.chdir(tmp_path)  # export's -o writes here
    lines = readme_score_example()
    assert any(" edit " in line for line in lines)
    for line in lines:
        out = score(*shlex.split(line, comments=True)[2:], input="").output
        quoted = re.search(r'# "(#.*?)\.\.\."', line)
        if quoted:
            assert out.startswith(quoted.group(1)), (line, out)
        assert shown(score)["dealer"] is not None, (line, out)


def test_without_a_dealer_the_json_says_null_and_the_text_says_nothing(score) -> None:
    score("new", *CUTTHROAT)
    score("hand", "--thrown-in")
    assert (shown(score)["dealer"], shown(score)["seating"]) == (None, ["Ann", "Bob", "Cy"])
    assert "deals next" not in score("show").output + score("history").output


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (("hand", "--thrown-in", "--makers", "1"), "--thrown-in is a hand nobody made trump in"),
        (("hand", "--makers", "1"), "give --makers WHO and --tricks N, or --thrown-in"),
        (("hand", "--tricks", "9"), "'9' is not a whole number from 0 to 5"),
        (("dealer", "1"), "'1' is not one player of Ann & Bob: give Ann or Bob"),
        (("dealer", "Zed"), "no team or player 'Zed'"),
        (("edit", "1", "--thrown-in", "--alone"), "give either --makers and --tricks"),
        (("edit", "1", "--dealer", "Ann", "--thrown-in"), "give either --makers and --tricks"),
        (("new", "sat", *TEAMS, "--dealer", "AB"), "'AB' is not one player of Ann & Bob"),
    ],
)
def test_r16_a_deal_entry_that_makes_no_sense_is_refused_in_one_line(
    score, args: tuple[str, ...], says: str
) -> None:
    score("new", "fri", *TEAMS)
    score("hand", "--makers", "1", "--tricks", "3")
    before = shown(score)
    refused = score(*args, fails=True)
    assert refused.exit_code in (1, 2)
    assert says in refused.output and len(refused.output.strip().splitlines()) == 1
    assert shown(score) == before
    assert "sat" not in score("list").output  # a sheet refused its dealer is not started


def test_r12_keep_asks_who_deals_first_and_rotates_over_three(score) -> None:
    score("new", *CUTTHROAT)
    answers = ["Zed", "Bob", "Ann 3", "thrown", "dealer Ann", "undo", "Cy 5", "quit"]
    out = score("keep", input="\n".join(answers) + "\n").output
    assert "Who deals first? (Ann, Bob, Cy; Enter = do not track the deal)" in out
    assert "no team or player 'Zed'" in out
    assert "#1 Bob to deal." in out
    assert "Bob's deal. Who made trump?" in out
    assert "Cy's deal. Who made trump?" in out  # after Ann's hand
    assert "#3 Thrown in (nobody made trump)" in out and "Ann's deal. Who made trump?" in out
    assert "Took back #4: Ann to deal." in out
    assert shown(score)["dealer"] == "Bob"  # Bob dealt #2, Cy #3 (thrown in), Ann #5


def test_keep_skips_the_deal_on_enter_and_asks_no_more(score) -> None:
    score("new", *TEAMS)
    out = score("keep", input="\n1 4\nthrown\nquit\n").output
    assert out.count("Who deals first?") == 1
    assert "'s deal." not in out and shown(score)["dealer"] is None
    assert "#2 Thrown in (nobody made trump)" in out


def test_export_names_a_hand_thrown_in_and_the_dealer(score) -> None:
    score("new", "fri", *TEAMS, "--dealer", "Di")
    score("hand", "--thrown-in")
    score("hand", "--makers", "1", "--tricks", "3")
    rows = list(csv.reader(score("export", "--csv").stdout.splitlines()))[1:]
    kinds = [row[2:4] for row in rows]
    assert kinds == [["dealer", "Di"], ["thrown_in", ""], ["hand", "Ann & Bob"]]


# --- The book ------------------------------------------------------------------------


def test_the_schema_version_is_the_number_of_migrations() -> None:
    assert len(book_module._MIGRATIONS) == SCHEMA_VERSION


def test_a_version_5_book_is_upgraded_and_then_takes_the_deal(tmp_path: Path) -> None:
    """Version 6 adds the thrown-in and dealer kinds: the entries table is made again,
    and every entry of a version 5 book must come through it."""
    path = tmp_path / "scores.sqlite3"
    with sqlite3.connect(path) as db:
        for migration in book_module._MIGRATIONS[:5]:
            for statement in migration:
                db.execute(getattr(statement, "statement", statement))
        ruleset = load_ruleset("standard")
        db.execute(
            "INSERT INTO sheets VALUES (3, 'friday', ?, ?, '2026-11-27T20:00:00')",
            (json.dumps(ruleset_to_dict(ruleset)), json.dumps([["Ann", "Bob"], ["Cy", "Di"]])),
        )
        db.executemany(
            "INSERT INTO entries VALUES (3, ?, ?, ?, ?, ?, ?, ?, ?)",
            [(1, "hand", 0, 4, 0, None, None, ""), (2, "renege", 1, None, 1, None, None, "")],
        )
        db.execute("INSERT INTO settings VALUES ('current_sheet', '3')")
        db.execute("PRAGMA user_version = 5")
        db.execute(f"PRAGMA application_id = {book_module.APPLICATION_ID}")
    db.close()
    book = open_book(path)
    try:
        with book.transaction():
            sheets = Scorebook(book)
            sheet = sheets.sheet()
            assert sheets.entries(sheet) == [HandOutcome(0, 4), Renege(1, True)]
            sheets.add(sheet, Dealer(2))
            after = sheets.add(sheet, ThrownIn())
    finally:
        book.close()
    assert sheet.seating[after.dealer] == "Di"
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        with pytest.raises(sqlite3.IntegrityError):  # a dealer needs a seat
            db.execute("INSERT INTO entries (sheet_id, number, kind) VALUES (3, 9, 'dealer')")
    db.close()


def test_a_stored_dealer_beyond_the_table_is_damage(tmp_path: Path, score) -> None:
    score("new", *CUTTHROAT, "--dealer", "Cy")
    with sqlite3.connect(tmp_path / "home" / "scores.sqlite3") as db:
        db.execute("UPDATE entries SET seat = 3")
    db.close()
    assert "is damaged: a dealer entry names a seat" in score("show", fails=True).output
