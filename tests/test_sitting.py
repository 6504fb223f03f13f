"""A game at a terminal (``terminal.sitting.GameAtTerminal``) played in-process,
without Click's runner: what it shows, asks, paces and keeps.  The command around it
(its options and one-line errors) is ``test_cli_play.py``'s."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from euchre_cli.book import open_book
from euchre_cli.records.game import Setup
from euchre_cli.records.recorder import Recorder
from euchre_cli.records.store import GameBook
from euchre_cli.rulebook import load_ruleset
from euchre_cli.terminal import pace
from euchre_cli.terminal.console import MAX_SCRIPTED_REPEATS, StuckScript
from euchre_cli.terminal.human import QuitGame, Seat
from euchre_cli.terminal.sitting import GameAtTerminal

TWO_HANDED = load_ruleset("two-handed")


def watched(seed: int = 3) -> Setup:
    return Setup(TWO_HANDED, seed, ("Ann", "Bob"), (), "easy")


def played(seed: int = 3) -> Setup:
    return Setup(TWO_HANDED, seed, ("You", "Ann"), (0,), "easy")


@pytest.fixture
def slept(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """Every pause the game takes, recorded instead of slept."""
    pauses: list[float] = []
    monkeypatch.setattr(pace.time, "sleep", pauses.append)
    return pauses


def answers(monkeypatch: pytest.MonkeyPatch, *lines: str) -> None:
    """The person's answers, from a pipe (not a terminal)."""
    monkeypatch.setattr("sys.stdin", io.StringIO("".join(f"{line}\n" for line in lines)))


def test_a_watched_game_is_shown_to_its_end_and_summed_up(
    capsys: pytest.CaptureFixture[str], slept: list[float]
) -> None:
    summary = GameAtTerminal(watched()).play()
    shown = capsys.readouterr()
    target = TWO_HANDED.game.points_to_win
    assert summary["winner"] in summary["scores"] and max(summary["scores"].values()) >= target
    assert shown.out.startswith("(seed 3: `--seed 3` replays this game)\nEuchre: two-handed")
    assert shown.err == ""
    assert slept == []  # off a terminal no one reads at the pace: no pauses


def test_a_watched_json_game_shows_nothing_and_waits_for_nothing(
    capsys: pytest.CaptureFixture[str], slept: list[float]
) -> None:
    summary = GameAtTerminal(watched(), as_json=True, delay=5.0).play()
    assert capsys.readouterr() == ("", "")
    assert slept == [] and summary["hands"]


def test_the_delay_asked_for_paces_every_computer_turn(
    capsys: pytest.CaptureFixture[str], slept: list[float]
) -> None:
    GameAtTerminal(watched(), delay=0.5).play()
    assert slept and set(slept) == {0.5}


def test_the_same_question_unanswered_from_a_pipe_stops_the_game(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    answers(monkeypatch, *["zz"] * (MAX_SCRIPTED_REPEATS + 5))
    with pytest.raises(StuckScript, match=f"asked {MAX_SCRIPTED_REPEATS} times"):
        GameAtTerminal(played()).play()
    questions = [line for line in capsys.readouterr().out.splitlines() if " > " in line]
    assert len(questions) == MAX_SCRIPTED_REPEATS and len(set(questions)) == 1


def test_a_kept_game_left_and_resumed_goes_on_unseen_up_to_where_it_stopped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    book = open_book(str(tmp_path / "book.sqlite"), create=True)
    try:
        games = GameBook(book)
        setup = played()
        answers(monkeypatch, "pass", "quit")
        recorder = Recorder(games, setup)
        left = GameAtTerminal(setup, recorder=recorder)
        with pytest.raises(QuitGame):
            left.play()
        left.leave(quit=True)
        number = recorder.game_id
        assert number == 1  # kept from its first move
        first = capsys.readouterr()
        assert first.err.startswith("You quit: game left before the end")
        assert first.err.rstrip().endswith(f"`euchre resume {number}` goes on with it.")
        saved = games.game(number)
        assert not saved.finished and "pass" in [move.action for move in saved.live_moves]

        answers(monkeypatch, "quit")
        again = GameAtTerminal(setup, recorder=Recorder(games, setup, saved), resumed=saved)
        with pytest.raises(QuitGame):
            again.play()
        shown = capsys.readouterr().out
        head, resumed, after = shown.partition(f"Game {number} resumed where it stopped")
        assert resumed and head == ""  # the moves played again are not shown
        assert "Round 1 of the bidding: Ann passes, you pass." in after  # the hand so far
        assert after.rstrip().endswith(">")  # then the question it stopped at
    finally:
        book.close()


class Terminal(io.StringIO):
    encoding = "utf-8"

    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize(
    ("terminal", "as_json", "said"),
    [(True, False, True), (True, True, False), (False, False, False)],
)
def test_who_is_thinking_is_said_on_the_tables_terminal_only(
    monkeypatch: pytest.MonkeyPatch, terminal: bool, as_json: bool, said: bool
) -> None:
    """Never into --json's output or a pipe (the table, under --json, is on standard
    error: its pace and its status are off).  That it is said, and blanked, when a
    decision is slow is test_console's, on a pty."""
    monkeypatch.setattr("sys.stdout", Terminal() if terminal else io.StringIO())
    assert GameAtTerminal(played(), as_json=as_json).console.status.active is said


def test_the_seat_says_whether_defend_alone_is_asked() -> None:
    """``--no-ask-defend-alone`` (or the setting) reaches the person's questions."""
    for asked in (True, False):
        game = GameAtTerminal(played(), seat=Seat(ask_defend_alone=asked))
        assert game.players[0].seat.ask_defend_alone is asked
