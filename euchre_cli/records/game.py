"""A game kept as a record: how it was set up and every move, so that it can be played
on from where it stopped, replayed, reviewed and counted.

A record holds no cards: the seed deals every hand again (``Match`` shuffles with
it), and the moves are the seats' actions in the order they were made, the ones a
person took back (``undo``) kept and marked.  ``replay.py`` plays a record again
through the engine; this module holds only the values, so that reading the book
(``euchre games``, ``euchre stats``) costs no engine.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..engine.rules import Ruleset

KINDS = {4: "four-handed", 3: "cutthroat", 2: "two-handed"}
"""The kind of game, by the number of players (``euchre stats`` counts each apart)."""


class RecordError(Exception):
    """A record that does not replay: which move, where, and why; one line."""


@dataclass(frozen=True)
class Setup:
    """Everything a game was started with: the same setup deals the same hands."""

    ruleset: Ruleset
    seed: int
    names: tuple[str, ...]  # in the players' order; the person first
    person: int | None  # the person's index in ``names``; None: a watched game
    level: str  # the computer players' level
    think: float | None = None  # seconds per computer decision at most
    games: int | None = None  # a match of this many games; None: the rubber, or one
    best_of: int | None = None  # a match of at most this many, until decided (R13's slams)

    @property
    def kind(self) -> str:
        return KINDS.get(self.ruleset.players, f"{self.ruleset.players}-handed")


@dataclass(frozen=True)
class Move:
    """One action as it was made: the ``number``-th of the record (taken back or not)."""

    number: int
    game: int  # the game of the match, from 1
    hand: int  # the hand of that game, from 1 (a thrown-in hand counts)
    step: int  # the actions the hand had seen before this one (it rewinds on undo)
    seat: int
    action: str  # ``Action.text``
    taken_back: bool = False

    def where(self) -> str:
        where = f"game {self.game}, hand {self.hand}, seat {self.seat}, {self.action}"
        return f"move {self.number} ({where})"


@dataclass
class SavedGame:
    """A game as the book keeps it."""

    setup: Setup
    moves: list[Move] = field(default_factory=list)
    id: int | None = None
    started: str = ""
    finished: bool = False
    summary: dict | None = None  # the ``--json`` summary as it stood at the last hand

    @property
    def live_moves(self) -> list[Move]:
        """The moves that stand (none taken back), in order."""
        return [move for move in self.moves if not move.taken_back]
