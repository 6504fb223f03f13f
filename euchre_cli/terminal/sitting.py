"""A game, or a match, played at a terminal: the table's lines and the person's
questions, the pace of the computer's turns, the waits between hands and games, and
a kept game resumed where it stopped.

``GameAtTerminal`` holds what the command ``euchre play`` (or ``resume``) decided:
the setup, how the person's cards are shown, the record to write, if any.  It raises
what stops a game (``QuitGame``, the end of input, a ``StuckScript``, the engine's
and the book's errors) for the command to say in one line.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager, nullcontext
from typing import Any, NamedTuple

import click

from ..engine.game import Game
from ..engine.hand import Hand
from ..engine.match import Match, MatchObserver, Observers
from ..engine.values import Action, View
from ..players import Player
from ..players.levels import make_player
from ..records.game import SavedGame, Setup
from ..records.recorder import Recorder
from ..records.replay import Script
from ..rulebook.changes import house_rules
from .human import SHOW_TABLE_ANSWERS, HumanPlayer, QuitGame
from .keyboard import Keyboard, ascii_only, read_answer, terminal_columns
from .numbers import DEFAULT_ORDER
from .pace import SAY_THINKING_AFTER, Pauses, pause_seconds
from .screen import TableScreen
from .status import StatusLine
from .text import Style, fit_to_width, in_ascii, wants_colour

MAX_SCRIPTED_REPEATS = 50  # one question asked this often from a pipe: the script is stuck


class Seat(NamedTuple):
    """How the person's cards are shown and played, and what they are asked
    (``--hand-order``, ``--auto-play``, ``--ask-defend-alone``)."""

    order: str = DEFAULT_ORDER  # the order the hand is shown and numbered in
    auto_play: bool = True  # an only legal card is played for the person
    ask_defend_alone: bool = True  # False: "Defend alone?" never asked, always no


class ThinkingAloud:
    """A computer player whose decisions are made inside ``thinking(words)``: the
    terminal says ``words`` ("Bob is thinking…") of a long one."""

    def __init__(
        self, player: Player, words: str, thinking: Callable[[str], AbstractContextManager[None]]
    ) -> None:
        self.player = player
        self.words = words
        self.thinking = thinking

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        with self.thinking(self.words):
            return self.player.choose(view, legal)


class StuckScript(Exception):
    """Answers from a pipe or a file (``yes pass | euchre play``) that the game does
    not take: the same question asked again and again."""


def _waits_for_enter(stream: Any) -> bool:
    """A person at a terminal reads each result before the game goes on (a script, a
    pipe or a file is never kept waiting)."""
    return stream.isatty() and sys.stdin.isatty()


class GameAtTerminal(MatchObserver):
    """A game, or a match (the ruleset's rubber, R10, ``setup.games`` games, or the
    best of ``setup.best_of``), shown at the terminal and played by the computer and,
    unless watched, the person (``setup.person``), who is asked through the keyboard.

    With ``as_json`` the table goes to standard error, so that standard output holds
    the summary alone, and a watched game shows nothing.  ``delay`` is the pause after
    each computer turn (None: the pace's default at a terminal).  ``recorder`` writes
    the game into the book as it goes; a ``resumed`` record is played again unseen
    and unpaced up to where it stopped, and goes on from there.
    """

    def __init__(
        self,
        setup: Setup,
        *,
        as_json: bool = False,
        delay: float | None = None,
        hints: bool = False,
        seat: Seat | None = None,
        recorder: Recorder | None = None,
        resumed: SavedGame | None = None,
    ) -> None:
        seat = seat or Seat()
        self.setup = setup
        self.as_json = as_json
        self.recorder = recorder
        self.resumed = resumed
        self.watching = setup.person is None
        self.quiet = as_json and self.watching  # nothing shown but the summary
        self.stream = sys.stderr if as_json else sys.stdout
        plain = ascii_only(self.stream)
        self.style = Style(colour=wants_colour(self.stream), unicode=not plain)
        self._plain = plain  # engine messages too are written in ASCII
        self.live = resumed is None  # False while a resumed game catches up, unseen
        at_terminal = self.stream.isatty() and not as_json
        seconds = pause_seconds(delay, self.watching, at_terminal)
        waits = not self.watching and _waits_for_enter(self.stream)
        # nothing is shown to pace in a watched --json game, whatever --delay says;
        # at a terminal, Enter skips the pauses of a hand the person sits out
        self.pauses = Pauses(0.0 if self.quiet else seconds, enter_skips=waits)
        # who is thinking, on the table's own terminal (never into --json or a pipe)
        self.status = StatusLine(self.stream, active=at_terminal)
        self.screen = TableScreen(
            self.out,
            self.style,
            me=setup.person,
            pause=self.pause,
            sit_out=self.pauses.sit_out,
            between_hands=self.between_hands if waits else lambda: None,
            columns=self.columns,
            between_games=self.between_games if waits else lambda question, reminder: None,
            level=setup.level,
            house_rules=house_rules(setup.ruleset),
            order=seat.order,
        )
        self.keyboard = None if self.watching else Keyboard()  # a watched game asks nothing
        self._scripted = not sys.stdin.isatty()  # answers from a pipe or a file
        self._last_question = ""
        self._times_asked = 0  # the last question, this often in a row
        self.players = self._players(hints, seat)

    def _players(self, hints: bool, seat: Seat) -> list[Player]:
        """The computer in every seat, but the person's when there is one."""
        setup = self.setup
        computers: list[Player] = []
        for i, name in enumerate(setup.names):
            seed = f"{setup.seed}:{i}"
            player = make_player(setup.level, setup.ruleset, seed=seed, think=setup.think)
            computers.append(ThinkingAloud(player, f"{name} is thinking…", self.thinking))
        if self.watching:
            return computers
        hinter = make_player("hard", setup.ruleset, seed=f"{setup.seed}:hint", think=setup.think)
        human = HumanPlayer(
            self.ask,
            self.out,
            self.style,
            hinter=hinter,
            hints=hints,
            table=self.screen,
            order=seat.order,
            auto_play=seat.auto_play,
            ask_defend_alone=seat.ask_defend_alone,
            thinking=self.thinking,
        )
        return [human, *computers[1:]]

    # What the terminal shows ----------------------------------------------------
    def columns(self) -> int | None:
        """The terminal's width now (it may be resized mid-game); None off a terminal."""
        return terminal_columns(self.stream)

    def shown(self, text: str) -> str:
        """As this terminal can show it: escaped, in ASCII if need be, and broken
        between words where a line is wider than the terminal is now."""
        width = self.columns()
        text = self.style.escaped(text)
        if self._plain:
            text = in_ascii(text)
        return text if width is None else fit_to_width(text, width)

    def out(self, line: str) -> None:
        if not self.quiet and self.live:
            click.echo(self.shown(line), file=self.stream)

    def thinking(self, words: str) -> AbstractContextManager[None]:
        """Around a decision the computer makes: ``words`` ("Bob is thinking…") on the
        status line once it has taken ``SAY_THINKING_AFTER`` seconds, gone when it
        is made."""
        return self.status.after(SAY_THINKING_AFTER, words)

    def pause(self) -> None:
        if self.live and self.pauses.pause():
            self.out(self.style.dim("(Enter: the rest of this hand at once)"))

    # What the person is asked ---------------------------------------------------
    def ask(self, prompt: str) -> str:
        """The person's answer to ``prompt``; a script that gives the same question
        no answer it takes, time after time, is stopped (``StuckScript``)."""
        repeated = prompt == self._last_question
        self._times_asked = self._times_asked + 1 if repeated else 1
        self._last_question = prompt
        if self._scripted and self._times_asked > MAX_SCRIPTED_REPEATS:
            raise StuckScript(
                f"the same question was asked {MAX_SCRIPTED_REPEATS} times and the input"
                " (not a terminal) gave no answer it takes: the game stops"
            )
        assert self.keyboard is not None  # only a person is asked
        with self.keyboard.question():
            return read_answer(self.shown(prompt) + " > ", err=self.as_json)

    def between_hands(self) -> None:
        """Wait for Enter, so a hand's result is read before the next deal scrolls it
        away (only for a person at a terminal: a script is not kept waiting)."""
        question = "Enter deals the next hand (table reviews this one, quit leaves)"
        while self.live and (answer := self.ask(question).strip().lower()):  # only Enter
            if answer == "quit":
                raise QuitGame
            if answer in SHOW_TABLE_ANSWERS:  # the hand just played, trick by trick
                self.out(self.screen.table())
                continue
            if answer == "undo":
                self.out(
                    "This hand is over and scored: undo takes back decisions in a hand in play."
                )
                continue
            self.out(
                "Press Enter for the next deal, type table to review this hand, or quit to leave."
            )

    def between_games(self, question: str, reminder: str) -> None:
        """As between hands: wait for Enter before the next game of a match."""
        while self.live and (answer := self.ask(question).strip().lower()):
            if answer == "quit":
                raise QuitGame
            if answer in SHOW_TABLE_ANSWERS:  # the last hand of the game just won
                self.out(self.screen.table())
                continue
            self.out(reminder)

    # The match ------------------------------------------------------------------
    def hand_started(self, game: Game, hand: Hand) -> None:
        self.pauses.new_hand()

    def play(self) -> dict:
        """Play to the end, and return the match's summary (the ``--json`` object)."""
        observers: list[MatchObserver] = [self, self.screen]
        if self.recorder is not None:  # told first: what is shown, and waited on, is kept
            observers.insert(0, self.recorder)
        players = self.players
        if self.resumed is not None:
            script = Script(self.resumed.moves, caught_up=self._caught_up)
            players = [script.scripted(player) for player in players]
            observers.append(script)
        setup = self.setup
        match = Match(
            setup.ruleset,
            setup.names,
            players,
            setup.seed,
            setup.games,
            Observers(*observers),
            game_factory=Game,
            best_of=setup.best_of,
        )
        replays = "game" if match.single_game else "rubber" if match.plays_rubber else "match"
        seed = setup.seed
        self.out(self.style.dim(f"(seed {seed}: `--seed {seed}` replays this {replays})"))
        with self.keyboard or nullcontext():
            match.play()
        number = None if self.recorder is None else self.recorder.game_id
        if number is not None and not self.watching:  # what a kept game is good for
            self.out(
                f"Game {number} is kept: `euchre review {number}` weighs your decisions;"
                " `euchre stats` counts your games."
            )
        return match.summary()

    def _caught_up(self) -> None:
        """A resumed game has been played again up to where it stopped: from here on
        it is shown, paced and kept."""
        self.live = True
        if self.recorder is not None:
            self.recorder.caught_up()
        assert self.resumed is not None
        rules, seed = self.setup.ruleset, self.setup.seed
        said = f"{rules.name}, game to {rules.game.points_to_win}, seed {seed}"
        self.out(self.style.bold(f"Game {self.resumed.id} resumed where it stopped ({said})."))
        if self.resumed.live_moves:
            self.out(self.screen.table())

    def leave(self, quit: bool) -> None:
        """Say, on standard error, that the game was left before its end (``quit``
        typed, or Ctrl-C, or the end of input) and where it stands."""
        click.echo("", file=self.stream)  # after the question left unanswered
        words = self.screen.left_words(quit=quit)
        if self.recorder is not None:
            number = self.recorder.game_id
            if number is None:  # left at the first question: there is nothing to go on with
                words += " No move was made, so the game is not kept."
            else:
                words += f" Game {number} is kept: `euchre resume {number}` goes on with it."
        click.echo(self.shown(words), err=True)
