"""Every game kept: undo at the table, the record written move by move, a game cut off
every way a terminal cuts one and resumed, and the record's commands (`euchre games`).

Equality is the test throughout: a game interrupted and resumed, or played with an
undo and the same answer again, must end with the very `--json` summary of the game
played straight through with the same answers (R9: the same game, hand for hand).
"""

from __future__ import annotations

import io
import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from euchre_cli import book as book_module
from euchre_cli.book import SCHEMA_VERSION, open_book
from euchre_cli.commands.euchre import main
from euchre_cli.engine.game import Game, GameObserver
from euchre_cli.engine.hand import Hand
from euchre_cli.engine.play import TakeBack, play_out, shuffled_deck
from euchre_cli.engine.values import DISCARD, Phase
from euchre_cli.players.rule_based import RuleBasedPlayer
from euchre_cli.records.export import from_document, to_document
from euchre_cli.records.game import Move, RecordError
from euchre_cli.records.replay import play_back
from euchre_cli.records.store import GameBook, PlayedElsewhere
from euchre_cli.rulebook import load_ruleset

# Answers a script gives whatever is asked: some refused (asked again), most taken.
ANSWERS = ["zz", "?", "9X", "1", "2", "3", "4", "5", "6", "pass", "n", "c", "d", "h", "s"]
LINES = ANSWERS * 400


def run(*args: str, input: str | None = None):
    return CliRunner().invoke(main, list(args), input=input)


def book_file() -> Path:
    return Path(os.environ["EUCHRE_HOME"]) / "scores.sqlite3"


def kept(game_id: int = 1):
    book = open_book(book_file())
    try:
        return GameBook(book).game(game_id)
    finally:
        book.close()


def played_through(*args: str) -> dict:
    result = run(*args, "--json", input="\n".join(LINES) + "\n")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


# Undo in the engine ---------------------------------------------------------------


def test_taken_back_rewinds_to_before_the_seats_last_decision() -> None:
    rules = load_ruleset("standard")
    hand = Hand(rules, 0, shuffled_deck(rules, random.Random(4)))
    players = [RuleBasedPlayer() for _ in range(4)]
    play_out(hand, players, until=Phase.PLAY)
    seat = 1
    last = max(i for i, (actor, _) in enumerate(hand.history) if actor == seat)
    rewound, taken = hand.taken_back(seat)
    assert rewound.history == hand.history[:last]
    assert [(s, a) for s, a, _ in taken] == hand.history[last:]
    assert rewound.current_seat == seat
    assert rewound.legal_actions()  # the seat is asked again, as before its decision
    assert Hand(rules, 0, hand.deck).taken_back(seat) is None  # nothing decided yet


def test_a_forced_last_card_is_no_decision_and_a_keep_of_five_is_one() -> None:
    rules = load_ruleset("cutthroat")  # the maker keeps five of eight (R12)
    for seed in range(40):
        hand = Hand(rules, 0, shuffled_deck(rules, random.Random(seed)))
        play_out(hand, [RuleBasedPlayer() for _ in range(3)])
        discards = [(i, a) for i, (s, a) in enumerate(hand.history) if a.kind == "discard"]
        if len(discards) > 1:
            break
    else:
        pytest.fail("no hand in 40 in which the maker took the dummy")
    maker = hand.maker
    rewound, taken = hand.taken_back(maker)
    # the maker's last card was forced: its last decision was an earlier card
    assert taken[0][0] == maker and taken[0][2] is Phase.PLAY
    assert len(taken) > rules.players - 1
    before_discards = hand.history[: discards[0][0]]
    while len(rewound.history) > len(before_discards):
        rewound, taken = rewound.taken_back(maker)
    assert rewound.history == before_discards  # the discards went back as one
    assert all(action in {DISCARD[c] for c in hand.discards[maker]} for _, action, _ in taken[:3])


class Undoer:
    """A rule-based player that, at its first card of each trick after the first,
    takes back its decision before (once), then decides the same again: its
    decisions depend on the view alone."""

    def __init__(self) -> None:
        self.player = RuleBasedPlayer()
        self.asked: set[tuple[int, int, int]] = set()

    def choose(self, view, legal):
        where = (view.dealer, int(view.upcard), len(view.tricks))
        if view.phase is Phase.PLAY and view.tricks and where not in self.asked:
            self.asked.add(where)
            raise TakeBack
        return self.player.choose(view, legal)


class Taken(GameObserver):
    def __init__(self) -> None:
        self.taken: list = []

    def hand_taken_back(self, game, hand, seat, taken) -> None:
        self.taken.append(taken)


def test_a_game_with_undos_ends_as_the_same_game_without() -> None:
    rules = load_ruleset("standard")
    names = ["You", "Ann", "Bob", "Cy"]
    plain = Game(rules, names, [RuleBasedPlayer() for _ in names], seed=9)
    plain.play()
    told = Taken()
    undoing = Game(rules, names, [Undoer(), *(RuleBasedPlayer() for _ in names[1:])], 9, told)
    undoing.play()
    assert told.taken  # undo happened
    assert undoing.summary() == plain.summary()


# Undo and resume at the command line -------------------------------------------------


def test_undo_then_the_same_answer_plays_the_same_game() -> None:
    straight = played_through("play", "--seed", "11", "--level", "easy")
    again = run(
        "play",
        *("--seed", "11", "--level", "easy", "--json"),
        input="\n".join(["undo", "pass", "undo", "pass", *LINES]) + "\n",
    )
    assert again.exit_code == 0, again.output
    assert "Nothing to take back: you have decided nothing in this hand yet" in again.stderr
    assert "Taken back: you pass; Ann passes;" in again.stderr
    assert json.loads(again.stdout) == straight
    game = kept(2)
    assert [m.taken_back for m in game.moves[:2]] == [True, True]
    assert game.finished and game.summary == straight


def test_undo_after_cards_played_for_you_goes_back_to_your_last_choice() -> None:
    """Seed 3: after your pass, "Defend alone?" is answered no for you (your hand
    has no hope of three tricks alone), and three of your cards are your only ones
    and are played for you; undo at the next question takes them back with your
    pass (neither a card played for you nor a question never asked is a decision),
    and the same answer plays the same game again."""
    args = ("play", "--seed", "3", "--level", "easy", "--json")
    straight = played_through(*args)
    again = run(*args, input="\n".join(["pass", "undo", *LINES]) + "\n")
    assert again.exit_code == 0, again.output
    assert "Defend alone?" not in again.stderr.split("Taken back: ")[0]
    taken = again.stderr.split("Taken back: ")[1].splitlines()[0]  # after the question
    assert taken.startswith("you pass; Ann picks it up; Ann does not go alone;")
    assert "; you do not defend alone; Ann discards a card;" in taken
    assert taken.count("you play") == 3 and "you play J♦" in taken
    assert json.loads(again.stdout) == straight


@pytest.mark.parametrize(
    "command, seed, level, cut",
    [
        ("play", "21", "easy", 30),
        ("play", "21", "easy", 150),
        ("play", "5", "medium", 30),  # a game to 2 (one hand), cut at a card
        ("cutthroat", "3", "easy", 120),
        ("two-handed", "4", "easy", 80),
    ],
)
def test_a_game_cut_off_by_end_of_input_resumes_to_the_same_end(
    command: str, seed: str, level: str, cut: int, tmp_path: Path
) -> None:
    """Cut off after ``cut`` answers and resumed, a game ends as it does played
    straight through; at medium, the search players decide after the resume as they
    would have, from their view and seed alone (a game to 2: they take their time)."""
    args: tuple[str, ...] = (command, "--seed", seed, "--level", level)
    if level != "easy":
        short = tmp_path / "short.yaml"
        short.write_text("extends: standard\ngame: {points_to_win: 2}\n", encoding="utf-8")
        args += ("--rules", str(short), "--think", "60")  # no cap reached: the same game
    straight = played_through(*args)
    stopped = run(*args, "--json", input="\n".join(LINES[:cut]) + "\n")
    assert stopped.exit_code == 1
    assert "Game 2 is kept: `euchre resume 2` goes on with it." in stopped.stderr
    resumed = run("resume", "--json", input="\n".join(LINES[cut:]) + "\n")
    assert resumed.exit_code == 0, resumed.output
    assert "Game 2 resumed where it stopped (" in resumed.stderr
    assert json.loads(resumed.stdout) == straight
    assert kept(2).finished
    assert "Game 2 is kept: `euchre review 2` weighs your decisions;" in resumed.stderr


def test_a_resumed_game_numbers_each_card_as_before_it_stopped() -> None:
    """Seed 2: you deal, pick up 9♠ and stop at the discard.  The numbers shown once
    trump was made name the same cards after the resume, the upcard taking the next
    one (sorting the six again put it third and moved every number after it); 2
    discards the 10♠ it named, and leaves a gap."""
    args = ("play", "--seed", "2", "--level", "easy")
    stopped = run(*args, input="y\nn\nquit\n").output
    assert "Upcard 9♠. Pick it up?" in stopped
    made = stopped.split("Trump is ♠ spades; you made it.")[1].splitlines()[1]
    assert made == "1:J♣  2:10♠  3:Q♥  4:10♥  5:Q♣"
    resumed = run("resume", input="2\nquit\n").output
    after = resumed.split("Score: ")[1].splitlines()
    assert after[1] == f"{made}  6:9♠" and after[2].startswith("Discard which card?")
    assert "You discard 10♠." in resumed
    assert "\n1:J♣  3:Q♥  4:10♥  5:Q♣  6:9♠\nYour card" in resumed  # a gap where it was


def test_a_game_kept_ends_saying_how_to_review_it_and_only_then(tmp_path: Path) -> None:
    short = tmp_path / "short.yaml"
    short.write_text("extends: standard\ngame: {points_to_win: 3}\n", encoding="utf-8")
    args = ("play", "--rules", str(short), "--seed", "3", "--level", "easy")
    played = run(*args, input="\n".join(LINES) + "\n")
    assert played.exit_code == 0, played.output
    assert played.output.rstrip().endswith(
        "Game 1 is kept: `euchre review 1` weighs your decisions; `euchre stats` counts"
        " your games."
    )
    for other in (["--no-save"], ["--watch", "--save"]):  # nothing kept; nobody played
        result = run(*args, *other, input="\n".join(LINES) + "\n")
        assert result.exit_code == 0 and "euchre review" not in result.output


def test_a_resumed_game_can_stop_and_resume_again() -> None:
    args = ("play", "--seed", "8", "--level", "easy", "--games", "2", "--rules", "railroad")
    straight = played_through(*args)
    run(*args, input="\n".join(LINES[:40]) + "\n")
    assert run("resume", "1", input="\n".join(LINES[40:300]) + "\n").exit_code == 1
    last = run("resume", "--json", input="\n".join(LINES[300:]) + "\n")
    assert json.loads(last.stdout) == straight
    assert run("resume").output.startswith("Error: no unfinished game in the book")


def test_a_best_of_match_is_kept_resumed_and_exported_as_the_best_of(tmp_path: Path) -> None:
    short = tmp_path / "short.yaml"
    short.write_text("extends: standard\ngame: {points_to_win: 3}\n", encoding="utf-8")
    args = ("play", "--rules", str(short), "--seed", "6", "--level", "easy", "--best-of", "3")
    straight = played_through(*args)
    assert straight["best_of"] == 3
    assert run(*args, input="\n".join(LINES[:30]) + "\n").exit_code == 1
    resumed = run("resume", "--json", input="\n".join(LINES[30:]) + "\n")
    assert json.loads(resumed.stdout) == straight  # the best of 3, not one game
    document = json.loads(run("games", "export", "2").output)
    assert document["setup"]["best_of"] == 3
    path = tmp_path / "game.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    again = run("games", "import", str(path))  # game 2 is game 1 played again, resumed
    assert again.exit_code == 1 and "already in the book as game 1" in again.output
    assert run("games", "import", "--copy", str(path)).exit_code == 0
    assert kept(3).setup.best_of == 3 and kept(3).summary == straight


def test_a_book_of_version_3_keeps_its_games_as_they_were() -> None:
    """The book's versions 4 and 5 add each game's digest and best_of: a game kept
    before reads back as the game or match it was."""
    played_through("play", "--seed", "2", "--level", "easy", "--games", "2")
    with sqlite3.connect(book_file()) as db:  # as version 3 left it: neither column
        db.execute("ALTER TABLE games DROP COLUMN best_of")
        db.execute("DROP INDEX games_by_digest")
        db.execute("ALTER TABLE games DROP COLUMN digest")
        db.execute("PRAGMA user_version = 3")
    db.close()
    game = kept(1)
    assert (game.setup.games, game.setup.best_of) == (2, None) and game.finished
    assert run("games", "show", "1").exit_code == 0


@pytest.mark.parametrize("best_of_column", [False, True], ids=["before-best-of", "with-it"])
def test_a_book_of_version_4_with_or_without_best_of_is_upgraded(best_of_column: bool) -> None:
    """Version 4 was written without best_of (before --best-of) and with it (its
    migration ran while the version still said 4): either book keeps its games and then
    keeps a best-of match."""
    assert run("play", "--watch", "--save", "--seed", "3", "--level", "easy").exit_code == 0
    with sqlite3.connect(book_file()) as db:
        if not best_of_column:
            db.execute("ALTER TABLE games DROP COLUMN best_of")
        db.execute("PRAGMA user_version = 4")
    db.close()
    assert kept(1).setup.best_of is None
    match = run("play", "--watch", "--save", "--seed", "3", "--level", "easy", "--best-of", "3")
    assert match.exit_code == 0, match.output
    assert kept(2).setup.best_of == 3
    with sqlite3.connect(book_file()) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    db.close()


def test_a_book_of_version_9_keeps_each_games_person_as_its_people(tmp_path: Path) -> None:
    """Version 10 keeps every person's seat (``people``) where 9 kept one ``person``: a
    game kept before reads back with its person, a watched one with nobody, and its
    export is still the game it was (its identity, now naming the people, is worked out
    again)."""
    played_through("two-handed", "--seed", "4", "--level", "easy")
    run("two-handed", "--watch", "--save", "--seed", "5", "--level", "easy")
    with sqlite3.connect(book_file()) as db:  # as version 9 left them: person, no people
        db.execute("UPDATE games SET person = CASE id WHEN 1 THEN 0 END")
        db.execute("ALTER TABLE games DROP COLUMN people")
        db.execute("PRAGMA user_version = 9")
    db.close()
    assert (kept(1).setup.people, kept(1).setup.person) == ((0,), 0)
    assert (kept(2).setup.people, kept(2).setup.person) == ((), None)
    with sqlite3.connect(book_file()) as db:
        assert db.execute("SELECT people, digest FROM games ORDER BY id").fetchall() == [
            ("[0]", None),
            ("[]", None),
        ]
    db.close()
    path = tmp_path / "game.json"
    path.write_text(run("games", "export", "1").output, encoding="utf-8")
    assert "already in the book as game 1 " in run("games", "import", str(path)).output
    assert [g["person"] for g in json.loads(run("games", "--json").output)] == [None, "You"]


def test_an_exported_record_of_version_1_imports_with_its_one_person() -> None:
    """Version 1 of the exported record, written before ``people``, held one
    ``person`` (or null): it imports as ever, as the same game."""
    played_through("two-handed", "--seed", "4", "--level", "easy")
    document = json.loads(run("games", "export", "1").output)
    assert document["setup"]["people"] == [0] and "person" not in document["setup"]
    for person, people in ((0, (0,)), (None, ()), (1, (1,))):
        setup = {key: value for key, value in document["setup"].items() if key != "people"}
        old = {**document, "version": 1, "setup": {**setup, "person": person}}
        assert from_document(old).setup.people == people
    for version, key, value, refused in (
        (1, "person", 2, "setup.person: a player's index, 0 to 1, or null"),
        (1, "person", True, "setup.person: a player's index, 0 to 1, or null"),
        (2, "people", [1, 0], "setup.people: the people's indexes among the names, 0 to 1,"),
        (2, "people", [0, 0], "setup.people: the people's indexes among the names, 0 to 1,"),
        (2, "people", None, "setup.people: the people's indexes among the names, 0 to 1,"),
        (2, "person", 0, "setup.people: "),  # version 2 holds people, not a person
    ):
        setup = {key: value for key, value in document["setup"].items() if key != "people"}
        edited = {**document, "version": version, "setup": {**setup, key: value}}
        with pytest.raises(RecordError) as error:
            from_document(edited)
        assert str(error.value).startswith(refused)


# Killed: SIGINT and SIGKILL, from another process ---------------------------------------


def _state(pid: int) -> bytes:
    with open(f"/proc/{pid}/stat", "rb") as stat:
        return stat.read().rpartition(b")")[2].split()[0]


def _moves_kept() -> int:
    if not book_file().exists():
        return -1
    with sqlite3.connect(book_file()) as db:
        return db.execute("SELECT count(*) FROM moves").fetchone()[0]


def _wait_for_the_next_question(process: subprocess.Popen, seconds: float = 60) -> None:
    """Until the game has read every answer sent and waits for another: asleep, with
    nothing more written to the book between two looks."""
    deadline = time.monotonic() + seconds
    last = None
    while time.monotonic() < deadline:
        assert process.poll() is None, "the game ended before the cut"
        now = (_state(process.pid), _moves_kept())
        if now[0] == b"S" and now == last:
            return
        last = now
        time.sleep(0.25)
    pytest.fail("the game never waited for an answer")


@pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="reads process states in /proc")
@pytest.mark.parametrize("how", [signal.SIGINT, signal.SIGKILL])
@pytest.mark.parametrize("cut", [45, 160])
def test_a_game_killed_resumes_to_the_same_end(how: signal.Signals, cut: int) -> None:
    args = ("play", "--seed", "13", "--level", "easy")
    straight = played_through(*args)
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    process = subprocess.Popen(
        [sys.executable, "-m", "euchre_cli", *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        env=env,
    )
    assert process.stdin is not None
    process.stdin.write(("\n".join(LINES[:cut]) + "\n").encode())
    process.stdin.flush()
    _wait_for_the_next_question(process)
    process.send_signal(how)
    _, err = process.communicate(timeout=30)
    if how is signal.SIGINT:
        assert process.returncode == 1
        assert b"Game 2 is kept" in err and b"Traceback" not in err
    else:
        assert process.returncode == -signal.SIGKILL
    with sqlite3.connect(book_file()) as db:
        assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    resumed = run("resume", "--json", input="\n".join(LINES[cut:]) + "\n")
    assert resumed.exit_code == 0, resumed.output
    assert json.loads(resumed.stdout) == straight


def test_two_games_at_once_keep_every_move() -> None:
    answers = ("\n".join(LINES) + "\n").encode()  # less than a pipe holds: written at once
    games = [
        subprocess.Popen(
            [sys.executable, "-m", "euchre_cli", "play", "--level", "easy", "--seed", seed],
            stdin=subprocess.PIPE,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        for seed in ("31", "32")
    ]
    for game in games:
        assert game.stdin is not None
        game.stdin.write(answers)
        game.stdin.close()
    assert [game.wait(timeout=120) for game in games] == [0, 0]
    seeds = set()
    for game_id in (1, 2):
        saved = kept(game_id)
        seeds.add(saved.setup.seed)
        assert saved.finished
        assert play_back(saved).summary() == saved.summary  # every move is there
    assert seeds == {31, 32}


# The book refused ----------------------------------------------------------------------


def test_a_newer_or_damaged_book_is_refused_in_one_line() -> None:
    assert run("play", "--seed", "1", "--level", "easy", input="quit\n").exit_code == 1
    with sqlite3.connect(book_file()) as db:
        db.execute("PRAGMA user_version = 99")
    for args in (["games"], ["resume"], ["play", "--seed", "1"]):
        result = run(*args, input="quit\n")
        assert result.exit_code == 1
        assert "written by a newer euchre" in result.output
        assert result.output.count("\n") == 1 and "Traceback" not in result.output
    book_file().write_bytes(b"not a database at all" * 100)
    result = run("games")
    assert result.exit_code == 1 and "is damaged or not a euchre score book" in result.output
    # --no-save plays all the same, and says nothing of the book
    played = run("play", "--seed", "1", "--level", "easy", "--no-save", input="quit\n")
    assert "kept" not in played.output and "book" not in played.output


def test_nothing_kept_yet_and_no_such_game() -> None:
    assert run("games").output.startswith("Error: no games kept yet")
    assert run("resume").exit_code == 1
    run("play", "--seed", "2", "--level", "easy", input="quit\n")
    result = run("games", "show", "7")
    assert result.exit_code == 1
    assert result.output == "Error: no game 7 in the book (see 'euchre games')\n"
    watched = run("play", "--watch", "--seed", "2", "--level", "easy")
    assert watched.exit_code == 0
    assert [g["id"] for g in json.loads(run("games", "--json").output)] == [1]  # not kept


def test_a_deleted_games_id_is_never_given_again(tmp_path: Path) -> None:
    """"Game 3" in a note stays that game: SQLite gives a new row the id after the
    highest left, so a game kept after the last ones were deleted took the id of one."""
    assert run("two-handed", "--watch", "--save", "--seed", "4", "--level", "easy").exit_code == 0
    path = tmp_path / "game.json"
    path.write_text(run("games", "export", "1").output, encoding="utf-8")
    for _ in range(3):
        assert run("games", "import", "--copy", str(path)).exit_code == 0
    for game_id in ("4", "3"):
        assert run("games", "delete", game_id, "--yes").exit_code == 0
    assert "as game 5 " in run("games", "import", "--copy", str(path)).output
    run("two-handed", "--watch", "--save", "--seed", "5", "--level", "easy")
    assert [g["id"] for g in json.loads(run("games", "--json").output)] == [6, 5, 2, 1]


def test_a_book_of_version_6_never_gives_again_an_id_it_holds() -> None:
    """A book from before ids were never given again is upgraded with the highest id it
    holds as the last one given (those deleted above it left no trace)."""
    for seed in ("4", "5"):
        run("two-handed", "--watch", "--save", "--seed", seed, "--level", "easy")
    old = book_file().with_name("old.sqlite3")
    columns = "id, started, kind, ruleset_name, ruleset, seed, names, person, level, think"
    columns += ", games, finished, summary, figures, digest, best_of"
    with sqlite3.connect(old) as db:  # version 6 as it was made: no AUTOINCREMENT
        for migration in book_module._MIGRATIONS[:6]:
            for statement in migration:
                db.execute(getattr(statement, "statement", statement))
        db.execute("ATTACH ? AS played", (str(book_file()),))
        db.execute(f"INSERT INTO games ({columns}) SELECT {columns} FROM played.games")
        db.execute("INSERT INTO moves SELECT * FROM played.moves")
        db.execute("PRAGMA user_version = 6")
        db.execute(f"PRAGMA application_id = {book_module.APPLICATION_ID}")
    db.close()
    old.replace(book_file())
    assert run("games", "delete", "2", "--yes").exit_code == 0
    run("two-handed", "--watch", "--save", "--seed", "6", "--level", "easy")
    assert [g["id"] for g in json.loads(run("games", "--json").output)] == [3, 1]
    assert kept(1).finished and kept(3).setup.seed == 6


# The record's commands -----------------------------------------------------------------


def test_games_lists_shows_replays_and_deletes() -> None:
    straight = played_through("play", "--seed", "21", "--level", "easy")
    run("play", "--seed", "5", "--level", "easy", input="\n".join(LINES[:20]) + "\n")
    run("play", "--watch", "--save", "--seed", "7", "--level", "easy")
    listing = run("games").output.splitlines()
    assert listing[0].split() == ["ID", "When", "Rules", "Players", "Score", "Result"]
    assert [line.split()[0] for line in listing[2:]] == ["3", "2", "1"]  # newest first
    assert "unfinished" in listing[3] and "Ann & Cy won" in listing[4]
    assert "(easy, watched)" in listing[2]
    as_json = json.loads(run("games", "--json").output)
    assert [g["id"] for g in as_json] == [3, 2, 1]
    assert as_json[2]["scores"] == straight["scores"] and as_json[2]["finished"]
    shown = json.loads(run("games", "show", "1", "--json").output)
    assert shown == {"id": 1, "finished": True, **straight}
    text = run("games", "show", "1").output
    hands = len(straight["hands"])
    assert text.count("\nHand ") == hands
    assert text.count("Trick 1:") == sum(1 for h in straight["hands"] if h["trump"])
    final = ", ".join(f"{side} {points}" for side, points in straight["scores"].items())
    assert f"Score: {final} (game to 10)." in text
    stopped = run("games", "show", "2").output
    assert "(unfinished: `euchre resume 2` goes on with it)" in stopped
    assert "The game stopped in this hand:\nHand " in stopped
    replay = run("games", "replay", "1", "--hand", "2", "--delay", "0").output
    assert replay.startswith("— Hand 2:") and "Ann's hand:" in replay and "— Hand 3" not in replay
    assert run("games", "replay", "1", "--hand", "99").exit_code == 1
    assert run("games", "delete", "2", "--yes").output == "Deleted game 2.\n"
    assert run("games", "delete", "1", input="n\n").output.endswith("Game 1 kept.\n")
    assert [g["id"] for g in json.loads(run("games", "--json").output)] == [3, 1]


def test_export_import_round_trip_and_an_impossible_record_refused(tmp_path: Path) -> None:
    played_through("cutthroat", "--seed", "3", "--level", "easy")
    exported = run("games", "export", "1")
    document = json.loads(exported.output)
    assert document["format"] == "euchre-game" and document["version"] == 2
    path = tmp_path / "game.json"
    path.write_text(exported.output, encoding="utf-8")
    result = run("games", "import", "--copy", str(path))  # into the book it came from
    assert result.exit_code == 0, result.output
    assert "as game 2" in result.output and "finished" in result.output
    assert kept(2).summary == kept(1).summary and kept(2).moves == kept(1).moves
    # a card played by the wrong seat, or one it does not hold: refused with the place
    for index, action in ((60, "play:AS"), (3, "name:X")):
        edited = json.loads(exported.output)
        move = edited["moves"][index]
        move["action"] = action
        path.write_text(json.dumps(edited), encoding="utf-8")
        refused = run("games", "import", str(path))
        assert refused.exit_code == 1
        number = move["number"]
        where = f"game 1, hand {move['hand']}, seat {move['seat']}, {action}"
        assert f"move {number} ({where}): " in refused.output
        assert refused.output.count("\n") == 1
    assert [g["id"] for g in json.loads(run("games", "--json").output)] == [2, 1]  # unchanged
    path.write_text('{"format": "euchre-game", "version": 7}', encoding="utf-8")
    newer = run("games", "import", str(path)).output
    assert "of version 7; this euchre reads versions 1 and 2" in newer
    path.write_text('{"a": 1}', encoding="utf-8")  # the file named once, then what is wrong
    not_one = f'Error: {path}: not a euchre game record (no "format": "euchre-game")\n'
    assert run("games", "import", str(path)).output == not_one
    edited = json.loads(exported.output)
    edited["setup"]["ruleset"] = {"extends": "../../house.yaml", "players": 3}
    path.write_text(json.dumps(edited), encoding="utf-8")
    assert run("games", "import", str(path)).output == (
        f"Error: {path}: setup.ruleset: extends cannot be used here (a stored ruleset holds"
        " every setting itself and reads no other ruleset)\n"
    )
    path.write_text("[1, 2", encoding="utf-8")
    assert "cannot be read as JSON: Expecting" in run("games", "import", str(path)).output


def test_export_to_a_dash_is_stdout_and_a_file_is_overwritten_only_with_force(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    run("two-handed", "--seed", "4", "--level", "easy", input="quit\n")
    monkeypatch.chdir(tmp_path)
    to_stdout = run("games", "export", "1", "-o", "-")
    assert json.loads(to_stdout.output)["format"] == "euchre-game"
    assert not (tmp_path / "-").exists()
    there = tmp_path / "g.json"
    there.write_text("mine\n", encoding="utf-8")
    refused = run("games", "export", "1", "-o", str(there))
    assert refused.exit_code == 1
    says = f"Error: {there} exists: --force overwrites it, or give another --output\n"
    assert refused.output == says
    assert there.read_text(encoding="utf-8") == "mine\n"
    assert run("games", "export", "1", "-o", str(there), "--force").exit_code == 0
    assert json.loads(there.read_text(encoding="utf-8"))["id"] == 1


def test_the_same_game_is_imported_once_unless_a_copy_is_asked_for(tmp_path: Path) -> None:
    """A game's identity is its setup and standing moves: an export of a game played
    here, or of one imported, is refused with the game it is, counted once by stats;
    the digest kept move by move is the one worked out from the whole record."""
    from euchre_cli.records.store import record_digest

    run("two-handed", "--seed", "4", "--level", "easy", input="\n".join(LINES[:40]) + "\n")
    undone = ["undo", "pass", "undo", "pass", *LINES[:30]]
    run("two-handed", "--seed", "6", "--level", "easy", input="\n".join(undone) + "\n")
    with sqlite3.connect(book_file()) as db:
        digests = dict(db.execute("SELECT id, digest FROM games"))
    assert digests == {1: record_digest(kept(1)), 2: None}  # an undo: worked out later
    for game_id in (1, 2):
        path = tmp_path / f"game{game_id}.json"
        path.write_text(run("games", "export", str(game_id)).output, encoding="utf-8")
        refused = run("games", "import", str(path))
        assert refused.exit_code == 1
        assert refused.output == (
            f"Error: {path}: already in the book as game {game_id} (the same setup and"
            " moves): --copy keeps it again\n"
        )
    assert run("games", "import", "--copy", str(path)).output.startswith(
        f"Imported {path} as game 3"
    )
    with sqlite3.connect(book_file()) as db:
        db.execute("UPDATE games SET digest = NULL")  # as a book from before digests
    assert "already in the book as game 2 " in run("games", "import", str(path)).output
    assert json.loads(run("stats", "--json").output)["tables"][0]["all"]["games"] == 3
    document = json.loads(path.read_text(encoding="utf-8"))
    document["setup"]["names"] = ["Pat", "Ann"]  # another person's game, move for move
    path.write_text(json.dumps(document), encoding="utf-8")
    assert "as game 4" in run("games", "import", str(path)).output


def test_a_record_claiming_a_finish_its_moves_do_not_reach_is_refused() -> None:
    played_through("play", "--seed", "21", "--level", "easy")
    document = to_document(kept(1))
    document["moves"] = document["moves"][:50]
    with pytest.raises(RecordError, match="says the game is finished, but its moves stop"):
        from_document(document)
    document["finished"] = False
    assert not from_document(document).finished


@pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="reads process states in /proc")
def test_a_terminal_closed_mid_game_keeps_every_move_played() -> None:
    """The window closed (SIGHUP) at the second hand: every move up to the question is
    kept, the book is whole, and the game goes on from there to its end."""
    from test_console import CONSOLE_SCRIPT, answer_the_first_hand, read_until_waiting

    env = {**os.environ, "TERM": "xterm", "NO_COLOR": "1"}
    controller, terminal = os.openpty()
    try:
        process = subprocess.Popen(
            [*CONSOLE_SCRIPT, "play", "--seed", "5", "--level", "easy", "--delay", "0"],
            stdin=terminal,
            stdout=terminal,
            stderr=terminal,
            env=env,
            start_new_session=True,
        )
        answer_the_first_hand(controller)
        os.write(controller, b"\r")  # the second hand's first question, then the window closes
        read_until_waiting(controller, (b">",), process.pid)
        before = _moves_kept()
        process.send_signal(signal.SIGHUP)
        assert process.wait(30) == 1
    finally:
        os.close(controller)
        os.close(terminal)
    with sqlite3.connect(book_file()) as db:
        assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    stopped = kept(1)
    assert not stopped.finished and len(stopped.moves) == before > 0
    assert len(stopped.summary["hands"]) == 1  # the first hand played and scored
    resumed = run("resume", "--json", input="\n".join(LINES) + "\n")
    assert resumed.exit_code == 0, resumed.output
    finished = kept(1)
    assert finished.moves[:before] == stopped.moves and finished.finished
    assert json.loads(resumed.stdout) == finished.summary == play_back(finished).summary()


@pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="reads process states in /proc")
def test_a_game_quit_at_the_pause_keeps_its_last_hand_and_resumes_at_the_next() -> None:
    """Quit at "Enter deals the next hand": the hand just scored is listed and counted
    at once, and the game resumes at the next hand's first question, its table shown,
    not at the pause the person had already reached."""
    from test_console import CONSOLE_SCRIPT, answer_the_first_hand, read_until_waiting

    env = {**os.environ, "TERM": "xterm", "NO_COLOR": "1"}
    controller, terminal = os.openpty()

    def on_the_terminal(*args: str) -> subprocess.Popen:
        return subprocess.Popen(
            [*CONSOLE_SCRIPT, *args, "--delay", "0"],
            stdin=terminal,
            stdout=terminal,
            stderr=terminal,
            env=env,
            start_new_session=True,
        )

    try:
        played = on_the_terminal("two-handed", "--seed", "5", "--level", "easy")
        answer_the_first_hand(controller)
        os.write(controller, b"quit\r")
        assert played.wait(30) == 1
        listed = json.loads(run("games", "--json").output)[0]
        assert listed["scores"] == kept(1).summary["scores"] and sum(listed["scores"].values())
        figures = json.loads(run("stats", "--json").output)["tables"][0]["all"]
        assert figures["hands"] == 1
        resumed = on_the_terminal("resume")
        shown = read_until_waiting(controller, (b">",), resumed.pid).decode()
        resumed.kill()
        resumed.wait(30)
    finally:
        os.close(controller)
        os.close(terminal)
    after = shown.split("resumed where it stopped")[1]
    assert "Hand 2: " in after and "Enter deals" not in after


def test_a_record_whose_moves_end_the_game_resumes_to_its_end() -> None:
    """Killed between the last move kept and the record marked finished: resume says
    so, plays nothing more, and marks it finished."""
    straight = played_through("two-handed", "--seed", "4", "--level", "easy")
    with sqlite3.connect(book_file()) as db:
        db.execute("UPDATE games SET finished = 0")
    resumed = run("resume", "--json")
    assert resumed.exit_code == 0, resumed.output
    assert "Game 1 resumed where it stopped" in resumed.stderr
    assert json.loads(resumed.stdout) == straight and kept(1).finished


def test_the_list_has_a_score_from_the_deal_and_each_game_won_before_the_next() -> None:
    """A game quit before its first hand is scored lists 0 to 0; a match left at "Enter
    starts game 2" lists the game won, as ``euchre games`` and ``stats`` count it."""
    from euchre_cli.engine.match import Match, MatchObserver, Observers
    from euchre_cli.records.game import Setup
    from euchre_cli.records.recorder import Recorder

    # seed 4: Ann bids first, and the game is kept from her move
    assert run("two-handed", "--seed", "4", "--level", "easy", input="quit\n").exit_code == 1
    assert json.loads(run("games", "--json").output)[0]["scores"] == {"You": 0, "Ann": 0}

    class LeftBetweenGames(Exception):
        pass

    class Leaver(MatchObserver):  # the screen, told after the record, waiting for Enter
        def game_recorded(self, match, record) -> None:
            raise LeftBetweenGames

    rules, names = load_ruleset("two-handed"), ("You", "Ann")
    book = open_book(book_file())
    try:
        games = GameBook(book)
        for setup in (
            Setup(rules, 3, names, (0,), "easy", games=2),
            Setup(rules, 3, names, (0,), "easy", best_of=3),
        ):
            told = Observers(Recorder(games, setup), Leaver())
            players = [RuleBasedPlayer(), RuleBasedPlayer()]
            match = Match(rules, names, players, 3, setup.games, told, best_of=setup.best_of)
            with pytest.raises(LeftBetweenGames):
                match.play()
        listed = games.listing()[0]  # the best of 3
    finally:
        book.close()
    assert not listed.finished and len(listed.games) == 1
    (winner, _), shown = listed.games[0], run("games").output
    assert f"(game 2 of 2, 1–0 to {winner})" in shown
    assert f"(best of 3, game 2, 1–0 to {winner})" in shown


def test_the_list_says_what_a_match_or_rubber_came_to() -> None:
    """A best of 3 won 2 to 0 was listed as "(game 2 of 2)": the list names the kind
    of match, how it ended and its games won (R10's rubber, R13's matches)."""
    for args in (
        ["--best-of", "3", "--seed", "1"],  # won in two games
        ["--best-of", "3", "--seed", "2"],  # in three
        ["--games", "2", "--seed", "1"],
        ["--rules", "classic", "--seed", "1"],
        ["--seed", "1"],  # one game: its score alone
    ):
        assert run("play", "--watch", "--save", "--level", "easy", *args).exit_code == 0
    listing = run("games").output
    rows = {line.split()[0]: line for line in listing.splitlines()[2:]}
    assert "(best of 3, won 2–0)" in rows["1"]
    assert "(best of 3, won 2–1)" in rows["2"]
    assert "(2 games, won 2–0)" in rows["3"]
    assert "(rubber, won 2–1)" in rows["4"]
    assert rows["5"].count("(") == 1  # the players' "(easy, watched)" only
    as_ascii = CliRunner(charset="ascii").invoke(main, ["games"]).output
    assert as_ascii == listing.replace("–", "-")


def test_the_words_for_a_match_say_draws_slams_and_who_leads() -> None:
    """R13: a slam counts two games; a match of --games N may be drawn; in Cutthroat
    each player's games are counted (R12)."""
    from euchre_cli.records.store import Listing
    from euchre_cli.terminal.games_report import match_words

    pairs = {"You & Bob": 0, "Ann & Cy": 0}

    def listed(games, finished=True, scores=pairs, **match) -> Listing:
        names = ("You", "Ann", "Bob", "Cy")
        return Listing(
            1, "", "standard", "4", names, 0, "easy", finished, scores, games, None, **match
        )

    assert match_words(listed([("You & Bob", 1)])) == ""  # one game
    assert match_words(listed([("Ann & Cy", 2)], best_of=3)) == "best of 3, won 2–0 with 1 slam"
    two = [("You & Bob", 1), ("Ann & Cy", 1)]
    assert match_words(listed(two, match_games=2)) == "2 games, drawn 1–1"
    assert match_words(listed([], False, match_games=3)) == "game 1 of 3"
    assert match_words(listed(two, False, rubber=True)) == "rubber, game 3, 1–1"
    three = {"You": 0, "Ann": 0, "Bob": 0}
    one_of_three = listed([("Bob", 1)], False, three, best_of=5)
    assert match_words(one_of_three) == "best of 5, game 2, 1–0–0 to Bob"


def test_the_list_names_who_won_the_rubber_the_match_or_the_game() -> None:
    """R10: the rubber's winner; R13: a match's, a slam counting as two games."""
    from euchre_cli.records.store import Listing

    def listed(games, finished=True, rubber=None) -> Listing:
        names = ("You", "Ann", "Bob", "Cy")
        return Listing(1, "", "standard", "4", names, 0, "easy", finished, {}, games, rubber)

    assert listed([("You & Bob", 1)]).winner == "You & Bob"
    assert listed([("You & Bob", 1), ("Ann & Cy", 2)]).winner == "Ann & Cy"  # a slam
    assert listed([("You & Bob", 1), ("Ann & Cy", 1)]).winner is None  # drawn
    assert listed([("You & Bob", 1)], finished=False).winner is None
    assert listed([("Ann & Cy", 1), ("You & Bob", 1)], rubber="You & Bob").winner == "You & Bob"
    result = run("play", "--watch", "--save", "--json", "--seed", "3", "--level", "easy")
    played = json.loads(run("games", "--json").output)[0]
    assert played["winner"] == json.loads(result.output)["winner"]


def test_a_keep_of_five_taken_back_is_said_at_once() -> None:
    """R12: the maker's five discards go back as one decision, said in one breath, and
    the question of which five to keep is asked again."""
    result = run("cutthroat", "--seed", "12", "--level", "easy", input="order\nn\n\nundo\nquit\n")
    assert "Taken back: you discard K♠ 9♥ K♣ 9♣ Q♣; Bob plays J♣;" in result.output
    assert result.output.count("Keep which 5?") == 2  # asked again after the undo


def test_a_game_resumed_in_two_terminals_stops_in_the_second_to_write() -> None:
    """Two terminals resuming one game would write two games into one record: the
    second to write a move stops in one line, and the record stays one game."""
    run("play", "--seed", "21", "--level", "easy", input="\n".join(LINES[:30]) + "\n")
    book = open_book(book_file())
    try:
        games = GameBook(book)
        stale = games.game(1)
        next_number = stale.moves[-1].number + 1
        games.add_move(1, Move(next_number, 1, 9, 0, 0, "pass"))  # the other terminal
        with pytest.raises(PlayedElsewhere, match="being played in another terminal too"):
            games.add_move(1, Move(next_number, 1, 9, 0, 0, "pass"))
    finally:
        book.close()


def test_a_move_the_rules_refuse_is_said_alike_by_every_command_that_replays(
    tmp_path: Path,
) -> None:
    """The engine names why a record's move is refused and the terminal says it (R16):
    show, replay, review, resume and import all say it in the same words, one line."""
    run("play", "--seed", "21", "--level", "easy", input="")
    with sqlite3.connect(book_file()) as db:  # the second bid made a card played
        db.execute("UPDATE moves SET action = 'play:AS' WHERE game_id = 1 AND number = 2")
    db.close()
    why = (
        "move 2 (game 1, hand 1, seat 3, play:AS): 'play:AS' is not allowed now, while"
        " bidding on the upcard (legal: pass, order up)\n"
    )
    replays = (["games", "show", "1"], ["games", "replay", "1", "--delay", "0"], ["review", "1"])
    for command in replays:
        refused = run(*command)
        assert refused.exit_code == 1
        assert refused.stderr == f"Error: game 1 does not replay: {why}"
    assert run("resume", "1", input="").stderr == f"Error: {why}"
    path = tmp_path / "game.json"
    path.write_text(run("games", "export", "1").output, encoding="utf-8")
    assert run("games", "import", str(path)).stderr == f"Error: {path}: {why}"


def test_a_record_missing_a_move_is_refused_at_the_gap() -> None:
    """A move cut out of an export: the next one is out of place, and says where."""
    played_through("play", "--seed", "21", "--level", "easy")
    document = to_document(kept(1))
    gap = document["moves"].pop(7)
    after = rf"^move {gap['number'] + 1} \(game 1, hand 1, seat \d, [\w:]+\): out of place"
    with pytest.raises(RecordError, match=after):
        from_document(document)


class _LocksTheBookAtTheFirstAnswer(io.BytesIO):
    """Answers for a game that, as the first is read, let another program take the
    book's write lock and keep it."""

    def __init__(self, answers: str) -> None:
        super().__init__(answers.encode())
        self.holder: sqlite3.Connection | None = None

    def _lock(self, size: int = -1) -> None:
        if self.holder is None and size != 0:  # read(0): Click looks at the stream
            self.holder = sqlite3.connect(book_file(), isolation_level=None)
            self.holder.execute("BEGIN IMMEDIATE")

    def read(self, size: int | None = -1) -> bytes:
        self._lock(-1 if size is None else size)
        return super().read(size)

    def read1(self, size: int = -1) -> bytes:
        self._lock(size)
        return super().read1(size)

    def readline(self, size: int | None = -1) -> bytes:
        self._lock()
        return super().readline(size)


@pytest.mark.parametrize(
    "seed, way_back",
    [
        ("4", " with `euchre resume 1`, which goes on from the last move kept"),
        ("5", ", or play with --no-save"),  # you bid first: nothing kept, nothing to resume
    ],
)
def test_a_book_held_by_another_program_stops_the_game_with_the_way_back(
    monkeypatch: pytest.MonkeyPatch, seed: str, way_back: str
) -> None:
    monkeypatch.setattr("euchre_cli.book.BUSY_TIMEOUT_SECONDS", 0.05)
    answers = _LocksTheBookAtTheFirstAnswer("\n".join(LINES) + "\n")
    result = CliRunner().invoke(main, ["two-handed", "--seed", seed], input=answers)
    assert answers.holder is not None
    answers.holder.close()
    assert result.exit_code == 1
    last = result.stderr.splitlines()[-1]
    assert result.stderr.count("\n") == 1 and "is busy" in last
    assert last.endswith(f"(another program is using it); try again{way_back}")
    resumed = run("resume", input="\n".join(LINES) + "\n").exit_code
    assert resumed == (0 if "resume" in way_back else 1)
