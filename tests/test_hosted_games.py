"""A game hosted for friends (``euchre_cli.table``), kept like every game: several
people at the table, each kept at their seat (``Setup.people``), and every command
over the book working on it.

The games are played by the library's ``Table``, as ``euchre host`` plays them, into
a book of their own: two people and two computer seats to one point (R9's target
made 1 by a house file, so a game is a hand or two), one person alone, and a game of
two people stopped after a few moves.  The people choose at random among their legal
actions.
"""

from __future__ import annotations

import json
import random
import shutil
import sqlite3
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from euchre_cli.book import open_book
from euchre_cli.commands.euchre import main
from euchre_cli.records.game import SavedGame
from euchre_cli.records.store import GameBook, Listing
from euchre_cli.rulebook import load_ruleset
from euchre_cli.table.table import Table
from euchre_cli.terminal.games_report import players

TWO_PEOPLE, ONE_PERSON, STOPPED = 1, 2, 3  # the games of the book, by id


def play(table: Table, seed: int, moves: int | None = None) -> None:
    """Play ``table`` to the end (or for ``moves`` steps), each person's decision a
    random legal action."""
    choose = random.Random(seed)
    while not table.over and moves != 0:
        if table.between_hands:
            table.next_hand()
        elif table.automatic:
            table.step_computer()
        else:
            seat = table.to_act
            assert seat is not None
            table.act(seat, choose.choice(table.view_for(seat)["legal"]))
        moves = None if moves is None else moves - 1


@pytest.fixture(scope="module")
def hosted(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The book: 1, Pat (seat 0) and Lee (1) against two easy computer seats, to the
    end; 2, Pat alone at seat 0; 3, Pat (0) and Max (2), stopped after 12 moves."""
    folder = tmp_path_factory.mktemp("hosted")
    short = folder / "short.yaml"
    short.write_text("extends: standard\ngame: {points_to_win: 1}\n", encoding="utf-8")
    path = folder / "book.sqlite3"
    book = open_book(path, create=True)
    try:
        for people, moves in (
            ({0: "Pat", 1: "Lee"}, None),
            ({0: "Pat"}, None),
            ({0: "Pat", 2: "Max"}, 12),
        ):
            table = Table(load_ruleset(str(short)), "easy", 5, book=GameBook(book))
            for seat, name in people.items():
                table.join(name, seat)
            table.start()
            play(table, 5, moves)
    finally:
        book.close()
    return path


def run(book: Path, *args: str) -> Result:
    return CliRunner().invoke(main, [*args, "--db", str(book)])


def kept(book: Path, game_id: int) -> SavedGame:
    opened = open_book(book)
    try:
        return GameBook(opened).game(game_id)
    finally:
        opened.close()


def one_line(result: Result, code: int, start: str) -> None:
    assert result.exit_code == code, result.output
    assert result.output.startswith(start) and result.output.count("\n") == 1, result.output


def test_every_person_is_kept_at_their_seat(hosted: Path) -> None:
    setups = {game_id: kept(hosted, game_id).setup for game_id in (1, 2, 3)}
    assert [setup.people for setup in setups.values()] == [(0, 1), (0,), (0, 2)]
    assert [setup.person for setup in setups.values()] == [None, 0, None]
    assert setups[TWO_PEOPLE].names[:2] == ("Pat", "Lee") and setups[STOPPED].names[2] == "Max"
    assert kept(hosted, TWO_PEOPLE).finished and not kept(hosted, STOPPED).finished


def test_the_list_names_the_people_and_the_computers_level(hosted: Path) -> None:
    listed = run(hosted, "games")
    assert listed.exit_code == 0, listed.output
    rows = {line.split()[0]: line for line in listed.output.splitlines()[2:]}
    two, one, stopped = (kept(hosted, game_id).setup.names for game_id in (1, 2, 3))
    assert f"Pat, Lee (people), {two[2]}, {two[3]} (easy)" in rows["1"]
    assert f"{', '.join(one)} (easy)" in rows["2"]  # one person, first: as `euchre play`
    assert f"Pat, Max (people), {stopped[1]}, {stopped[3]} (easy)" in rows["3"]
    as_json = {game["id"]: game for game in json.loads(run(hosted, "games", "--json").output)}
    assert (as_json[1]["people"], as_json[1]["person"]) == (["Pat", "Lee"], None)
    assert (as_json[2]["people"], as_json[2]["person"]) == (["Pat"], "Pat")
    assert as_json[1]["players"] == list(two) and as_json[1]["level"] == "easy"


def test_show_and_replay_play_the_hosted_game_face_up(hosted: Path) -> None:
    summary = kept(hosted, TWO_PEOPLE).summary
    assert summary is not None
    shown = run(hosted, "games", "show", "1")
    assert shown.exit_code == 0, shown.output
    assert shown.output.count("\nHand ") == len(summary["hands"])
    assert shown.output.rstrip().endswith(f"{summary['winner']} won.")
    assert (
        json.loads(run(hosted, "games", "show", "1", "--json").output)["hands"]
        == (summary["hands"])
    )
    replayed = run(hosted, "games", "replay", "1", "--delay", "0")
    assert replayed.exit_code == 0, replayed.output
    names = kept(hosted, TWO_PEOPLE).setup.names
    assert all(f"{name}'s hand: " in replayed.output for name in names)  # every hand face up


def test_export_and_import_keep_the_people(hosted: Path, tmp_path: Path) -> None:
    book = tmp_path / "book.sqlite3"
    shutil.copy(hosted, book)
    exported = run(book, "games", "export", "1")
    assert exported.exit_code == 0, exported.output
    document = json.loads(exported.output)
    assert document["version"] == 2 and document["setup"]["people"] == [0, 1]
    path = tmp_path / "game.json"
    path.write_text(exported.output, encoding="utf-8")
    one_line(run(book, "games", "import", str(path)), 1, f"Error: {path}: already in the book")
    assert "as game 4 " in run(book, "games", "import", "--copy", str(path)).output
    again, first = kept(book, 4), kept(book, TWO_PEOPLE)
    assert again.setup == first.setup and again.moves == first.moves
    assert again.summary == first.summary and again.finished
    assert json.loads(run(book, "games", "--json").output)[0]["people"] == ["Pat", "Lee"]


def test_resume_leaves_a_hosted_game_to_the_table(hosted: Path) -> None:
    """The terminal plays one person, in the first place: a hosted game stopped is not
    its to go on with (the next issue resumes it at the table)."""
    one_line(run(hosted, "resume", "3"), 1, "Error: game 3 was played at a table for friends")
    one_line(run(hosted, "resume"), 1, "Error: no unfinished game in the book")
    with sqlite3.connect(hosted) as db:  # the column the book keeps them in, as JSON
        assert db.execute("SELECT people FROM games ORDER BY id").fetchall() == [
            ("[0, 1]",),
            ("[0]",),
            ("[0, 2]",),
        ]
    db.close()


@pytest.mark.parametrize(
    ("people", "words"),
    [
        ((), "Pat, Lee, Ann, Bob (hard, watched)"),
        ((0,), "Pat, Lee, Ann, Bob (hard)"),  # `euchre play`'s: the person first
        ((2,), "Ann (person), Pat, Lee, Bob (hard)"),
        ((1, 3), "Lee, Bob (people), Pat, Ann (hard)"),
        ((0, 1, 2, 3), "Pat, Lee, Ann, Bob (people)"),  # no computer: no level
    ],
)
def test_the_players_words_say_who_was_a_person(people: tuple[int, ...], words: str) -> None:
    names = ("Pat", "Lee", "Ann", "Bob")
    listed = Listing(1, "", "standard", "four-handed", names, people, "hard", True, {}, [], None)
    assert players(listed) == words


# Review ----------------------------------------------------------------------------------


@pytest.mark.parametrize(("seat", "name"), [(0, "Pat"), (1, "Lee")])
def test_review_weighs_the_decisions_of_the_person_at_the_seat_asked(
    hosted: Path, seat: int, name: str
) -> None:
    """Every decision listed (threshold 0) is a move made at that seat, and the
    review is said to be that person's."""
    reviewed = run(hosted, "review", "1", "--seat", str(seat), "--threshold", "0", "--json")
    assert reviewed.exit_code == 0, reviewed.output
    data = json.loads(reviewed.stdout)
    assert data["person"] == name and data["reviewed"] > 0
    seats = {move.number: move.seat for move in kept(hosted, TWO_PEOPLE).moves}
    assert data["costly"] and {seats[decision["move"]] for decision in data["costly"]} == {seat}
    text = run(hosted, "review", "1", "--seat", str(seat)).output
    assert text.startswith("Game 1 (short, ") and f"): {name}'s decisions weighed " in text


def test_a_game_one_person_played_is_reviewed_without_a_seat_or_at_theirs(hosted: Path) -> None:
    alone = run(hosted, "review", "2").output
    assert "): your decisions weighed " in alone
    assert run(hosted, "review", "2", "--seat", "0").output == alone


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["1"], "Error: game 1 was played by several people: give --seat 0 (Pat) or --seat 1"),
        (["1", "--seat", "2"], "Error: --seat 2: {2}, the computer at easy, sat there in game"),
        (["1", "--seat", "4"], "Error: --seat 4: game 1 has seats 0 to 3; give --seat 0 (Pat)"),
        (["1", "--seat", "-1"], "Error: --seat -1: game 1 has seats 0 to 3; give --seat 0"),
        (["2", "--seat", "1"], "Error: --seat 1: {1}, the computer at easy, sat there in game"),
        (["1", "--seat", "x"], "Error: Invalid value for '--seat': 'x' is not a whole number"),
    ],
)
def test_review_asks_for_a_persons_seat_in_one_line(
    hosted: Path, args: list[str], message: str
) -> None:
    names = kept(hosted, int(args[0])).setup.names
    one_line(run(hosted, "review", *args), 2, message.format(*names))


# Stats -----------------------------------------------------------------------------------


def test_stats_count_the_game_one_person_played_and_say_the_others_are_not(
    hosted: Path, tmp_path: Path
) -> None:
    """Stats are "your figures": a game of several people is nobody's alone, and is
    left out with a line saying so (``several_people_games`` in the JSON)."""
    counted = run(hosted, "stats")
    assert counted.exit_code == 0, counted.output
    assert counted.output.startswith("Four-handed against easy computer players: 1 game ")
    assert counted.output.endswith(
        "\n\nNot counted: 2 games played by several people (`euchre host`), which are"
        " nobody's alone.\n"
    )
    data = json.loads(run(hosted, "stats", "--json").output)
    assert data["tables"][0]["all"]["games"] == 1 and data["several_people_games"] == 2
    data = json.loads(run(hosted, "stats", "--json", "--level", "hard").output)
    assert data["tables"] == [] and data["several_people_games"] == 0
    book = tmp_path / "book.sqlite3"
    shutil.copy(hosted, book)
    assert run(book, "games", "delete", "2", "--yes").exit_code == 0
    assert run(book, "stats").output == (
        "No games of yours in the book yet (games played by several people do not count):"
        " play one with 'euchre play'.\n"
    )
