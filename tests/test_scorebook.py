"""The score book: tallies recomputed from entries, one transaction per command, safe
against interrupts, concurrent writers, damaged files and newer schema versions."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path

import pytest

from euchre_cli import book as book_module
from euchre_cli.book import SCHEMA_VERSION, BookError, NewerBook, NoBook, NotABook, open_book
from euchre_cli.engine.names import TextError
from euchre_cli.engine.rules import GameRules, Ruleset
from euchre_cli.engine.scoring import HandOutcome
from euchre_cli.rulebook import load_ruleset, ruleset_to_dict
from euchre_cli.scorekeeper.entries import ENTRY_KINDS, ManualPoints, Renege
from euchre_cli.scorekeeper.sheet import Sheet, SheetError, seat_sides, split_team
from euchre_cli.scorekeeper.store import Scorebook, ScorebookError
from euchre_cli.scorekeeper.tally import side_stats, tally

HAND, POINTS, RENEGE = ENTRY_KINDS["hand"], ENTRY_KINDS["points"], ENTRY_KINDS["renege"]

CHECKOUT = Path(__file__).resolve().parent.parent
TEAMS = ("Ann & Bob", "Cy & Di")


@pytest.fixture
def book_path(tmp_path: Path) -> Path:
    return tmp_path / "scores.sqlite3"


@contextmanager
def sheets_in(path: Path, write: bool = True, create: bool = False) -> Iterator[Scorebook]:
    """The sheets of the book at ``path``, in one transaction, as a command has them."""
    book = open_book(path, create)
    try:
        with book.transaction(write):
            yield Scorebook(book)
    finally:
        book.close()


def new_book(path: Path, ruleset: Ruleset | None = None, name: str = "friday") -> Sheet:
    """A book at ``path`` holding one sheet, for Ann & Bob against Cy & Di."""
    ruleset = ruleset or Ruleset()
    with sheets_in(path, create=True) as book:
        return book.new_sheet(name, ruleset, seat_sides(ruleset, TEAMS, ()))


def entries_in(path: Path) -> list:
    with sheets_in(path, write=False) as book:
        return book.entries(book.sheet())


def add_hands(path: Path, *hands: HandOutcome) -> None:
    with sheets_in(path) as book:
        for hand in hands:
            book.add(book.sheet(), hand)


# --- Names ---------------------------------------------------------------------------


@pytest.mark.parametrize("team", ["Ann & Bob", "Ann&Bob", "Ann, Bob", "Ann and Bob", " Ann / Bob "])
def test_a_team_can_be_written_many_ways(team: str) -> None:
    assert split_team(team) == ["Ann", "Bob"]


def test_andrew_is_one_player_not_a_team() -> None:
    assert split_team("Andrew") == ["Andrew"]


@pytest.fixture
def sheet() -> Sheet:
    return Sheet(1, "friday", Ruleset(), (("Ann", "Bob"), ("Cy", "Di")))


@pytest.mark.parametrize(
    ("who", "side"),
    [
        ("1", 0),
        ("2", 1),
        ("Ann & Bob", 0),
        ("bob & ann", 0),
        ("Di", 1),
        ("  cy ", 1),
        ("AB", 0),
        ("cd", 1),
        ("a", 0),
        ("D", 1),
    ],
)
def test_who_is_a_number_a_team_a_player_or_initials(sheet: Sheet, who: str, side: int) -> None:
    assert sheet.resolve(who) == side


@pytest.mark.parametrize("who", ["3", "0", "Zed", "Ann & Cy", "", "ABC"])
def test_unknown_names_are_refused_with_the_choices(sheet: Sheet, who: str) -> None:
    with pytest.raises(SheetError, match="1 Ann & Bob, 2 Cy & Di"):
        sheet.resolve(who)


def test_initials_shared_by_both_sides_are_ambiguous() -> None:
    sheet = Sheet(1, "x", Ruleset(), (("Ann", "Bob"), ("Al", "Di")))
    with pytest.raises(SheetError, match="could mean Ann & Bob or Al & Di"):
        sheet.resolve("A")


@pytest.mark.parametrize(
    ("ruleset", "teams", "players", "problem"),
    [
        ("standard", ("Ann & Bob",), (), "two teams"),
        ("standard", (), ("Ann", "Bob", "Cy", "Di"), "two teams"),
        ("standard", ("Ann & Bob & Cy", "Di & Ed"), (), "must be two players"),
        ("standard", ("Ann", "Di & Ed"), (), "must be two players"),
        ("standard", ("Ann & Bob", "ann & Di"), (), "different name"),
        ("standard", ("Ann & 2", "Cy & Di"), (), "not a usable player name: a name may not"),
        ("cutthroat", ("Ann & Bob",), (), "3 players"),
        ("cutthroat", (), ("Ann", "Bob"), "3 players"),
        ("two-handed", (), ("Ann", "Bob", "Cy"), "2 players"),
        ("cutthroat", (), ("Ann", "Bob & Cy", "Di"), "not a usable player name"),
    ],
)
def test_names_are_checked_against_the_ruleset(
    ruleset: str, teams: tuple[str, ...], players: tuple[str, ...], problem: str
) -> None:
    with pytest.raises(SheetError, match=problem):
        seat_sides(load_ruleset(ruleset), teams, players)


def test_a_sheets_player_may_take_a_sheets_forty_characters_not_more() -> None:
    """A table's player names as typed, up to a sheet name's length (a game's players
    keep 20 for its screen): the markup a hostile table might type fits, as text."""
    hostile = "<img src=x onerror=alert(1)>"
    sides = seat_sides(load_ruleset("standard"), (f"{hostile} & Bob", "Cy & Di"), ())
    assert sides == ((hostile, "Bob"), ("Cy", "Di"))
    assert seat_sides(load_ruleset("standard"), ("A" * 40 + " & Bob", "Cy & Di"), ())
    with pytest.raises(TextError, match="player name of 1 to 40 characters"):
        seat_sides(load_ruleset("standard"), ("A" * 41 + " & Bob", "Cy & Di"), ())


# --- Entries are checked ----------------------------------------------------------------


def test_a_lone_defender_cannot_be_on_the_making_side(sheet: Sheet) -> None:
    with pytest.raises(SheetError, match="cannot also defend alone"):
        HAND.build(sheet, makers="Ann", tricks=2, defender_alone="Bob")


@pytest.mark.parametrize("tricks", [-1, 6])
def test_tricks_are_zero_to_five(sheet: Sheet, tricks: int) -> None:
    with pytest.raises(SheetError, match="0 to 5"):
        HAND.build(sheet, makers="Ann", tricks=tricks)


@pytest.mark.parametrize("points", [0, 100, -100])
def test_manual_points_are_bounded_and_not_zero(sheet: Sheet, points: int) -> None:
    with pytest.raises(SheetError, match="between -99 and 99"):
        POINTS.build(sheet, who="Ann", points=points)


def test_r17_a_renege_names_a_side_the_sheet_has(sheet: Sheet) -> None:
    assert RENEGE.build(sheet, who="Cy") == Renege(1, False)
    assert RENEGE.build(sheet, who="AB", alone=True) == Renege(0, True)
    with pytest.raises(SheetError, match="no team or player 'Zed'"):
        RENEGE.build(sheet, who="Zed")


def test_r17_a_renege_against_a_lone_hand_needs_lone_hands() -> None:
    two = load_ruleset("two-handed")
    sheet = Sheet(1, "x", two, (("Ann",), ("Bob",)))
    assert RENEGE.build(sheet, who="Ann") == Renege(0, False)
    with pytest.raises(
        SheetError, match="^a renege against a lone hand: two-handed has no lone hands$"
    ):
        RENEGE.build(sheet, who="Ann", alone=True)
    only_defenders = replace(Ruleset(), alone=replace(Ruleset().alone, maker=False))
    sheet = Sheet(1, "y", only_defenders, (("Ann", "Bob"), ("Cy", "Di")))
    assert RENEGE.build(sheet, who="Ann", alone=True) == Renege(0, True)  # a lone defender's


# --- Tally -------------------------------------------------------------------------------


def test_r17_a_renege_is_scored_from_the_sheets_ruleset() -> None:
    house = replace(Ruleset(), scoring=replace(Ruleset().scoring, renege=3, renege_lone=5))
    result = tally(house, [Renege(1), Renege(0, alone=True)])
    assert [(r.points, r.row) for r in result.results] == [
        ((3, 0), "renege"),
        ((0, 5), "renege_lone"),
    ]
    assert [s.reneges for s in side_stats(2, result)] == [1, 1]


def test_a_tally_ends_games_at_the_target_and_starts_again_from_nothing() -> None:
    five = replace(Ruleset(), game=GameRules(points_to_win=5))
    result = tally(
        five, [HandOutcome(0, 5, maker_alone=True), HandOutcome(1, 3), ManualPoints(0, 1)]
    )
    assert [r.totals for r in result.results] == [(4, 0), (4, 1), (5, 1)]
    assert result.results[-1].ended_game.winner == 0
    assert result.scores == (0, 0) and result.game_number == 2


def test_r13_a_tally_carries_laps_and_counts_slams_for_every_side() -> None:
    """Cutthroat with laps and slams: Cy wins at 12 with Ann at 0 and Bob at -1, a slam
    (the best loser had 0), and starts the next game with 2; every later game starts
    from what the one before carried."""
    rules = replace(load_ruleset("cutthroat"), game=GameRules(laps=True, slam=True))
    entries = [ManualPoints(1, -1), ManualPoints(2, 8), HandOutcome(2, 5, maker_alone=True)]
    result = tally(rules, entries)
    assert [(g.winner, g.scores, g.counted) for g in result.games] == [(2, (0, -1, 12), 2)]
    assert result.starts == ((0, 0, 0), (0, 0, 2))
    assert result.scores == (0, 0, 2)
    result = tally(rules, [*entries, ManualPoints(0, 10)])  # Ann wins 10-0-2: no slam
    assert result.games[-1].counted == 1
    assert result.starts[-1] == (0, 0, 0)
    stats = side_stats(3, result)
    assert [(s.games_won, s.slams) for s in stats] == [(1, 0), (0, 0), (2, 1)]


def test_stats_count_each_sides_hands() -> None:
    entries = [
        HandOutcome(0, 5),
        HandOutcome(0, 2),
        HandOutcome(0, 4, maker_alone=True),
        HandOutcome(1, 5, maker_alone=True),
        HandOutcome(1, 1, maker_alone=True),
    ]
    stats = side_stats(2, tally(Ruleset(), entries))
    assert stats[0][:5] == (2, 1, 1, 1, 1)  # made, euchred, marches, alone tried, alone made
    assert stats[1][:5] == (1, 1, 1, 2, 1)


# --- Storage -------------------------------------------------------------------------------


def test_a_sheet_keeps_the_ruleset_it_was_started_with(book_path: Path, tmp_path: Path) -> None:
    house = tmp_path / "house.yaml"
    house.write_text("extends: standard\nscoring: {make: 3}\n")
    new_book(book_path, load_ruleset(str(house)))
    house.write_text("extends: standard\nscoring: {make: 7}\n")  # edited later
    with sheets_in(book_path) as book:
        sheet = book.sheet()
        assert book.add(sheet, HandOutcome(0, 3)).scores == (3, 0)


def test_a_new_book_carries_the_schema_version(book_path: Path) -> None:
    new_book(book_path)
    with sqlite3.connect(book_path) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION


@pytest.mark.parametrize(("no_sync", "synchronous"), [(None, 2), ("1", 0)])
def test_a_book_waits_for_the_disk_unless_it_is_thrown_away(
    book_path: Path, monkeypatch: pytest.MonkeyPatch, no_sync: str | None, synchronous: int
) -> None:
    """A user's book commits to the disk (SQLite's FULL); only $EUCHRE_NO_SYNC=1, set
    for every test's own book, hands commits to the operating system alone (OFF)."""
    if no_sync is None:
        monkeypatch.delenv(book_module.NO_SYNC)
    else:
        monkeypatch.setenv(book_module.NO_SYNC, no_sync)
    book = open_book(book_path, create=True)
    try:
        assert book._db.execute("PRAGMA synchronous").fetchone()[0] == synchronous
    finally:
        book.close()


def test_an_empty_database_is_upgraded_to_the_current_schema(book_path: Path) -> None:
    sqlite3.connect(book_path).close()  # an SQLite file at version 0, with no tables
    new_book(book_path)
    with sqlite3.connect(book_path) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION


def test_a_newer_schema_is_refused_and_left_alone(book_path: Path) -> None:
    new_book(book_path)
    with sqlite3.connect(book_path) as db:
        db.execute("PRAGMA user_version = 99")
    before = book_path.read_bytes()
    with pytest.raises(NewerBook, match="newer euchre .*version 99.*upgrade euchre"):
        open_book(book_path)
    assert book_path.read_bytes() == before


def test_an_empty_file_is_not_made_a_book_by_reading(book_path: Path) -> None:
    book_path.touch()  # a stray file, or a first 'new' killed before its schema
    with pytest.raises(NoBook, match="is empty, not a euchre score book"):
        open_book(book_path)
    assert book_path.read_bytes() == b""
    new_book(book_path)  # 'new' may still start a book in it


def test_another_programs_empty_database_is_not_called_newer(book_path: Path) -> None:
    with sqlite3.connect(book_path) as db:
        db.execute("PRAGMA user_version = 3")  # no tables, no euchre application id
    with pytest.raises(NotABook, match="is an SQLite database, but not a euchre"):
        open_book(book_path)


def test_a_schema_that_is_not_text_is_damage(book_path: Path) -> None:
    new_book(book_path)
    data = bytearray(book_path.read_bytes())
    data[data.find(b"CREATE TABLE sheets") + 7] = 0xFF  # bit rot in the schema's text
    book_path.write_bytes(bytes(data))
    with pytest.raises(NotABook, match="damaged or not a euchre score book"):
        open_book(book_path)


def test_a_folder_is_not_a_book_and_nothing_is_made(tmp_path: Path) -> None:
    with pytest.raises(BookError, match="is a folder: the score book is a file"):
        open_book(tmp_path, create=True)
    with pytest.raises(BookError, match="new/ names a folder"):
        open_book(f"{tmp_path}/new/", create=True)
    assert not (tmp_path / "new").exists()


def test_a_file_in_the_way_of_the_books_folder_is_named(tmp_path: Path) -> None:
    (tmp_path / "home").write_text("not a folder")
    with pytest.raises(BookError, match=r"home is a file, not a folder"):
        open_book(tmp_path / "home" / "euchre" / "scores.sqlite3", create=True)


@pytest.mark.parametrize(
    "damage", ["points = NULL", "points = 'two'", "kind = 'hand', tricks = NULL"]
)
def test_entries_edited_outside_euchre_are_damage(book_path: Path, damage: str) -> None:
    new_book(book_path)
    with sheets_in(book_path) as book:
        sheet = book.sheet()
        book.add(sheet, HandOutcome(0, 3))
        book.add(sheet, POINTS.build(sheet, who="1", points=2))
    with sqlite3.connect(book_path) as db:
        db.execute(f"UPDATE entries SET {damage}")
    damaged = pytest.raises(ScorebookError, match="is damaged")
    with damaged, sheets_in(book_path, write=False) as book:
        book.tally(book.sheet())


def test_a_damaged_file_is_refused(book_path: Path) -> None:
    book_path.write_bytes(b"these are not the scores you are looking for" * 100)
    with pytest.raises(NotABook, match="damaged or not a euchre score book"):
        open_book(book_path)


def test_another_programs_database_is_refused(book_path: Path) -> None:
    with sqlite3.connect(book_path) as db:
        db.execute("CREATE TABLE recipes (name TEXT)")
    with pytest.raises(NotABook, match="not a euchre score book"):
        open_book(book_path, create=True)


def test_a_missing_book_is_not_created_by_reading(book_path: Path) -> None:
    with pytest.raises(NoBook, match="no book at"):
        open_book(book_path)
    assert not book_path.exists()


def test_an_exception_mid_transaction_leaves_the_sheet_as_it_was(book_path: Path) -> None:
    new_book(book_path)
    add_hands(book_path, HandOutcome(0, 3))
    with pytest.raises(KeyboardInterrupt), sheets_in(book_path) as book:
        sheet = book.sheet()
        book.add(sheet, HandOutcome(1, 5))
        book.replace(sheet, 1, HandOutcome(1, 0))
        raise KeyboardInterrupt  # Ctrl-C between two writes
    assert entries_in(book_path) == [HandOutcome(0, 3)]


def test_a_full_disk_is_said_as_such_and_leaves_the_sheet_as_it_was(book_path: Path) -> None:
    """SQLite ends the transaction itself when the disk fills; the rollback after it
    must not hide that behind "cannot rollback - no transaction is active"."""
    new_book(book_path)
    add_hands(book_path, HandOutcome(0, 3))
    book = open_book(book_path)
    pages = book._db.execute("PRAGMA page_count").fetchone()[0]
    book._db.execute(f"PRAGMA max_page_count = {pages}")  # a disk with no room left
    full = pytest.raises(BookError, match="cannot be written: the disk is full$")
    sheets = Scorebook(book)
    with full, book.transaction():
        sheet = sheets.sheet()
        for _ in range(100):
            sheets.add(sheet, POINTS.build(sheet, who="1", points=1, reason="a long reason " * 14))
    book.close()
    assert entries_in(book_path) == [HandOutcome(0, 3)]


def test_an_entry_for_another_sheet_is_refused_not_stored(book_path: Path) -> None:
    """An entry naming a side the sheet has not would make the sheet unreadable."""
    new_book(book_path)
    cutthroat = load_ruleset("cutthroat")
    with sheets_in(book_path) as book:
        three = book.new_sheet("three", cutthroat, seat_sides(cutthroat, (), ("A", "B", "C")))
        two = book.sheet("friday")
        with pytest.raises(ScorebookError, match="not an entry for sheet friday"):
            book.add(two, POINTS.build(three, who="3", points=2))
        with pytest.raises(ScorebookError, match="not an entry for sheet friday"):
            book.add(two, HAND.build(three, makers="3", tricks=3))
        book.add(two, HandOutcome(0, 3))
        with pytest.raises(ScorebookError, match="not an entry for sheet friday"):
            book.replace(two, 1, HAND.build(three, makers="C", tricks=5))
        book.use("friday")
    assert entries_in(book_path) == [HandOutcome(0, 3)]


def test_a_sheet_held_across_commands_is_refused_once_deleted_or_replaced(
    book_path: Path,
) -> None:
    """``keep`` holds a sheet for a whole evening; another terminal may delete it,
    or delete it and start another of the same name (SQLite may even reuse its id)."""
    kept = new_book(book_path)
    with sheets_in(book_path) as book:
        assert book.refresh(kept) == kept
        book.delete("friday")
        with pytest.raises(ScorebookError, match="sheet friday has been deleted"):
            book.refresh(kept)
        again = book.new_sheet("friday", kept.ruleset, kept.sides)  # the same, afresh
        assert again.id != kept.id  # SQLite alone would give it the deleted sheet's id
        with pytest.raises(ScorebookError, match="replaced by another sheet of that name"):
            book.refresh(kept)
        book.delete("friday")
        cutthroat = load_ruleset("cutthroat")
        book.new_sheet("friday", cutthroat, seat_sides(cutthroat, (), ("A", "B", "C")))
        with pytest.raises(ScorebookError, match="replaced by another sheet of that name"):
            book.refresh(kept)


def test_a_killed_process_mid_write_leaves_the_sheet_as_it_was(book_path: Path) -> None:
    new_book(book_path)
    add_hands(book_path, HandOutcome(0, 3))
    script = textwrap.dedent(
        f"""
        import os, signal
        from pathlib import Path
        from euchre_cli.book import open_book
        from euchre_cli.scorekeeper.store import Scorebook
        from euchre_cli.engine.scoring import HandOutcome
        book = open_book(Path({str(book_path)!r}))
        sheets = Scorebook(book)
        with book.transaction():
            sheets.add(sheets.sheet(), HandOutcome(1, 5))
            os.kill(os.getpid(), signal.SIGKILL)
        """
    )
    process = subprocess.run([sys.executable, "-c", script], env=_env(), check=False)
    assert process.returncode == -signal.SIGKILL
    assert entries_in(book_path) == [HandOutcome(0, 3)]
    add_hands(book_path, HandOutcome(1, 4))  # and the book still takes entries
    assert entries_in(book_path) == [HandOutcome(0, 3), HandOutcome(1, 4)]


def _env() -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(CHECKOUT)}


def test_two_writers_at_once_lose_and_duplicate_nothing(book_path: Path) -> None:
    new_book(book_path)
    hands_each = 25
    script = textwrap.dedent(
        f"""
        import sys
        from pathlib import Path
        from euchre_cli.book import open_book
        from euchre_cli.scorekeeper.store import Scorebook
        from euchre_cli.engine.scoring import HandOutcome
        side, tricks = int(sys.argv[1]), int(sys.argv[2])
        for _ in range({hands_each}):
            book = open_book(Path({str(book_path)!r}))
            sheets = Scorebook(book)
            with book.transaction():
                sheets.add(sheets.sheet(), HandOutcome(side, tricks))
            book.close()
        """
    )
    writers = [
        subprocess.Popen([sys.executable, "-c", script, str(side), str(tricks)], env=_env())
        for side, tricks in ((0, 3), (1, 4))
    ]
    assert [writer.wait(timeout=120) for writer in writers] == [0, 0]
    entries = entries_in(book_path)
    assert entries.count(HandOutcome(0, 3)) == hands_each
    assert entries.count(HandOutcome(1, 4)) == hands_each
    with sqlite3.connect(book_path) as db:
        numbers = [row[0] for row in db.execute("SELECT number FROM entries ORDER BY number")]
    assert numbers == list(range(1, 2 * hands_each + 1))


# The schema of score book version 1, as euchre wrote it before reneges (R17).
SCHEMA_1 = (
    """CREATE TABLE sheets (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL UNIQUE,
        ruleset TEXT NOT NULL,
        sides TEXT NOT NULL,
        created TEXT NOT NULL
    )""",
    """CREATE TABLE entries (
        sheet_id INTEGER NOT NULL REFERENCES sheets (id),
        number INTEGER NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('hand', 'points')),
        side INTEGER NOT NULL,
        tricks INTEGER CHECK (tricks BETWEEN 0 AND 5),
        alone INTEGER NOT NULL DEFAULT 0,
        lone_defender INTEGER,
        points INTEGER,
        reason TEXT NOT NULL DEFAULT '',
        PRIMARY KEY (sheet_id, number)
    )""",
    "CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
)


def version_1_book(path: Path) -> None:
    """A book as euchre 1's schema left it: sheet friday (standard), three entries."""
    with sqlite3.connect(path) as db:
        for statement in SCHEMA_1:
            db.execute(statement)
        db.execute(
            "INSERT INTO sheets VALUES (7, 'friday', ?, ?, '2026-11-27T20:00:00')",
            (json.dumps(ruleset_to_dict(Ruleset())), json.dumps([["Ann", "Bob"], ["Cy", "Di"]])),
        )
        db.executemany(
            "INSERT INTO entries VALUES (7, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                (1, "hand", 0, 5, 1, None, None, ""),
                (2, "points", 1, None, 0, None, -2, "renege"),
                (3, "hand", 1, 2, 0, 0, None, ""),
            ],
        )
        db.execute("INSERT INTO settings VALUES ('current_sheet', '7')")
        db.execute("PRAGMA user_version = 1")
        db.execute(f"PRAGMA application_id = {book_module.APPLICATION_ID}")
    db.close()


def test_r17_a_version_1_book_is_upgraded_on_first_use_and_takes_reneges(
    book_path: Path,
) -> None:
    """Version 2 lets entries be reneges; SQLite cannot change a CHECK, so the entries
    table is made again: every entry must come through, and then a renege goes in."""
    version_1_book(book_path)
    with sheets_in(book_path) as book:  # a reader: the upgrade is its first use
        sheet = book.sheet()
        assert book.entries(sheet) == [
            HandOutcome(0, 5, maker_alone=True),
            ManualPoints(1, -2, "renege"),
            HandOutcome(1, 2, lone_defender_side=0),
        ]
        after = book.add(sheet, RENEGE.build(sheet, who="Cy & Di", alone=True))
        assert (after.results[-1].totals, after.games[0].winner) == ((10, -2), 0)
    assert entries_in(book_path)[-1] == Renege(1, True)
    with sqlite3.connect(book_path) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master")}
        assert "entries_new" not in tables and "entries" in tables
        with pytest.raises(sqlite3.IntegrityError):  # the CHECK still guards the kinds
            db.execute("INSERT INTO entries (sheet_id, number, kind, side) VALUES (7, 9, 'x', 0)")


def test_an_upgrade_that_fails_leaves_the_version_1_book_as_it_was(
    book_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The migration's statements run in one transaction: halfway is never left."""
    version_1_book(book_path)
    before = book_path.read_bytes()
    broken = (*book_module._MIGRATIONS[1][:-1], "ALTER TABLE no_such_table RENAME TO entries")
    monkeypatch.setattr(book_module, "_MIGRATIONS", (book_module._MIGRATIONS[0], broken))
    with pytest.raises(BookError):
        open_book(book_path)
    assert book_path.read_bytes() == before
    monkeypatch.undo()
    assert len(entries_in(book_path)) == 3


def test_a_renege_stored_with_tricks_is_damage(book_path: Path) -> None:
    new_book(book_path)
    with sheets_in(book_path) as book:
        book.add(book.sheet(), Renege(0))
    with sqlite3.connect(book_path) as db:
        db.execute("UPDATE entries SET tricks = 3")
    damaged = pytest.raises(ScorebookError, match="is damaged")
    with damaged, sheets_in(book_path, write=False) as book:
        book.tally(book.sheet())


def test_undo_and_replace_work_on_the_stored_entries(book_path: Path) -> None:
    new_book(book_path)
    add_hands(book_path, HandOutcome(0, 3), HandOutcome(1, 5))
    with sheets_in(book_path) as book:
        sheet = book.sheet()
        assert book.replace(sheet, 1, ManualPoints(1, -2, "renege")).scores == (0, 0)
        assert book.undo(sheet).entry == HandOutcome(1, 5)
        assert book.entries(sheet) == [ManualPoints(1, -2, "renege")]


def test_sheets_can_be_listed_switched_and_deleted(book_path: Path) -> None:
    new_book(book_path, name="friday")
    new_book(book_path, name="saturday")
    with sheets_in(book_path) as book:
        assert [(s.name, s.current) for s in book.summaries()] == [
            ("friday", False),
            ("saturday", True),
        ]
        book.use("friday")
        assert book.sheet().name == "friday"
        book.delete("friday")
        with pytest.raises(ScorebookError, match="no current score sheet"):
            book.sheet()
        with pytest.raises(ScorebookError, match="no sheet called 'friday'"):
            book.use("friday")
