"""A game, or a match, played at a terminal: the table's lines and the person's
questions, the pace of the computer's turns, the waits between hands and games, and
a kept game resumed where it stopped.

``GameAtTerminal`` holds what the command ``euchre play`` (or ``resume``) decided:
the setup, how the person sits, the record to write, if any, and wires the seat at
the terminal: one ``TerminalConsole``, the ``TableScreen`` and the ``HumanPlayer``
that both go through it.  It raises
what stops a game (``QuitGame``, the end of input, a ``StuckScript``, the engine's
and the book's errors) for the command to say in one line.
"""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import nullcontext

from ..engine.game import Game
from ..engine.match import Match, MatchObserver, Observers
from ..engine.values import Action, View
from ..players import Player
from ..players.levels import make_player
from ..records.game import SavedGame, Setup
from ..records.recorder import Recorder
from ..records.replay import Script
from ..rulebook.changes import house_rules
from .console import Console, TerminalConsole
from .human import HumanPlayer, Seat
from .screen import ScreenSettings, TableScreen

TERMINAL_PEOPLE = ((), (0,))
"""The people of a game the terminal plays: none (watched), or one, in the first place
(``euchre play``'s).  A game of people elsewhere or of several (``euchre host``) is
not the terminal's to go on with."""


class ThinkingAloud:
    """A computer player whose decisions are made inside the console's ``thinking``:
    the terminal says ``words`` ("Bob is thinking…") of a long one."""

    def __init__(self, player: Player, words: str, console: Console) -> None:
        self.player = player
        self.words = words
        self.console = console

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        with self.console.thinking(self.words):
            return self.player.choose(view, legal)


class GameAtTerminal:
    """A game, or a match (the ruleset's rubber, R10, ``setup.games`` games, or the
    best of ``setup.best_of``), shown at the terminal and played by the computer and,
    unless watched, the person (``setup.person``), who is asked through the keyboard.

    The terminal is a ``TerminalConsole`` (``as_json`` and ``delay`` say how it shows
    and paces the game), handed to the screen and to the person's player, who sits as
    ``seat`` says.  ``recorder`` writes the game into the book as it goes; a
    ``resumed`` record is played again unseen and unpaced up to where it stopped, and
    goes on from there.
    """

    def __init__(
        self,
        setup: Setup,
        *,
        as_json: bool = False,
        delay: float | None = None,
        seat: Seat | None = None,
        recorder: Recorder | None = None,
        resumed: SavedGame | None = None,
    ) -> None:
        if setup.people not in TERMINAL_PEOPLE:
            raise ValueError(f"the terminal plays no game of people at {setup.people}")
        seat = seat or Seat()
        self.setup = setup
        self.recorder = recorder
        self.resumed = resumed
        self.watching = setup.watched
        self.console = TerminalConsole(as_json=as_json, watching=self.watching, delay=delay)
        self.console.live = resumed is None  # False while a resumed game catches up, unseen
        settings = ScreenSettings(
            level=setup.level, house_rules=house_rules(setup.ruleset), order=seat.order
        )
        self.screen = TableScreen(self.console, me=setup.person, settings=settings)
        self.players = self._players(seat)

    def _players(self, seat: Seat) -> list[Player]:
        """The computer in every seat, but the person's when there is one."""
        setup = self.setup
        computers: list[Player] = []
        for i, name in enumerate(setup.names):
            seed = f"{setup.seed}:{i}"
            player = make_player(setup.level, setup.ruleset, seed=seed, think=setup.think)
            computers.append(ThinkingAloud(player, f"{name} is thinking…", self.console))
        if self.watching:
            return computers
        hinter = make_player("hard", setup.ruleset, seed=f"{setup.seed}:hint", think=setup.think)
        human = HumanPlayer(self.console, seat, hinter=hinter, screen=self.screen)
        return [human, *computers[1:]]

    def play(self) -> dict:
        """Play to the end, and return the match's summary (the ``--json`` object)."""
        observers: list[MatchObserver] = [self.screen]
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
        said = f"(seed {seed}: `--seed {seed}` replays this {replays})"
        self.console.say(self.console.style.dim(said))
        with self.console.keyboard or nullcontext():
            match.play()
        number = None if self.recorder is None else self.recorder.game_id
        if number is not None and not self.watching:  # what a kept game is good for
            self.console.say(
                f"Game {number} is kept: `euchre review {number}` weighs your decisions;"
                " `euchre stats` counts your games."
            )
        return match.summary()

    def _caught_up(self) -> None:
        """A resumed game has been played again up to where it stopped: from here on
        it is shown, paced and kept."""
        self.console.live = True
        if self.recorder is not None:
            self.recorder.caught_up()
        assert self.resumed is not None
        rules, seed = self.setup.ruleset, self.setup.seed
        said = f"{rules.name}, game to {rules.game.points_to_win}, seed {seed}"
        resumed = f"Game {self.resumed.id} resumed where it stopped ({said})."
        self.console.say(self.console.style.bold(resumed))
        if self.resumed.live_moves:
            self.console.say(self.screen.table())

    def leave(self, quit: bool) -> None:
        """Say, on standard error, that the game was left before its end (``quit``
        typed, or Ctrl-C, or the end of input) and where it stands."""
        words = self.screen.left_words(quit=quit)
        if self.recorder is not None:
            number = self.recorder.game_id
            if number is None:  # left at the first question: there is nothing to go on with
                words += " No move was made, so the game is not kept."
            else:
                words += f" Game {number} is kept: `euchre resume {number}` goes on with it."
        self.console.last_words(words)
