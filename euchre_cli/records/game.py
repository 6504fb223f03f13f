"""A game kept as a record: how it was set up and every move, so that it can be played
on from where it stopped, replayed, reviewed and counted.

A record holds no cards: the seed deals every hand again (``Match`` shuffles with
it), and the moves are the seats' actions in the order they were made, the ones a
person took back (``undo``) kept and marked.  ``replay.py`` plays a record again
through the engine; this module holds only the values, so that reading the book
(``euchre games``, ``euchre stats``) costs no engine.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..book import BookError
from ..engine.rules import Ruleset
from ..limits import LARGEST_WHOLE_NUMBER, SMALLEST_WHOLE_NUMBER

if TYPE_CHECKING:  # reading the book costs no engine
    from ..engine.values import IllegalAction

KINDS = {4: "four-handed", 3: "cutthroat", 2: "two-handed"}
"""The kind of game, by the number of players (``euchre stats`` counts each apart)."""


class RecordError(Exception):
    """A record that does not replay: which move, where, and why; one line."""


class IllegalMove(RecordError):
    """A record's move that the rules do not allow where it stands: ``where`` names
    the move, ``refused`` is the engine's ``IllegalAction``, which the terminal words
    (``terminal.words.record_words``)."""

    def __init__(self, where: str, refused: IllegalAction) -> None:
        super().__init__(f"{where}: {refused}")
        self.where = where
        self.refused = refused


class DamagedGame(BookError):
    """A game in the book that is not a record the program writes (edited by hand, or
    damaged): one line naming the game and how to remove it, so that the book's other
    games stay usable."""

    def __init__(self, game_id: object, damage: str) -> None:
        super().__init__(
            f"game {game_id} is damaged: {damage} (`euchre games delete {game_id}` removes it)"
        )
        self.damage = damage


@dataclass(frozen=True)
class Setup:
    """Everything a game was started with: the same setup deals the same hands."""

    ruleset: Ruleset
    seed: int
    names: tuple[str, ...]  # in the players' order (at the terminal, the person first)
    people: tuple[int, ...]  # the people's indexes in ``names``, rising; (): a watched game
    level: str  # the computer players' level
    think: float | None = None  # seconds per computer decision at most
    games: int | None = None  # a match of this many games; None: the rubber, or one
    best_of: int | None = None  # a match of at most this many, until decided (R13's slams)

    @property
    def kind(self) -> str:
        return KINDS.get(self.ruleset.players, f"{self.ruleset.players}-handed")

    @property
    def person(self) -> int | None:
        """The one person of a game one person played (``euchre play``'s, the first of
        ``names``), who is "you" to the terminal, the review and ``euchre stats``; None
        for a watched game, and for a game of several people (``euchre host``), which
        has no single "you"."""
        return self.people[0] if len(self.people) == 1 else None

    @property
    def watched(self) -> bool:
        """Nobody played: the computer in every seat."""
        return not self.people


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


# Records read from outside the program: an imported file, a row of the book ---------------


def checked_setup(
    ruleset: Ruleset, given: Mapping[str, object], where: str = "", *, person: bool = False
) -> Setup:
    """The setup ``given`` holds for ``ruleset`` (an imported record's ``setup``, or a
    game's row in the book), each value checked to be one a game has: a
    ``RecordError`` names the first that is not (``where`` goes before its key).
    ``person``: a record written before ``people`` (version 1 of the exported
    record), whose one ``person`` is an index of the names, or null (watched)."""
    from ..players.levels import LEVELS  # only where a record is read whole

    names = checked_names(given.get("names"), ruleset.players, where)
    if person:
        people = people_of_person(given.get("person"), names, where)
    else:
        people = checked_people(given.get("people"), names, where)
    level = given.get("level")
    if level not in LEVELS:
        raise RecordError(f"{where}level: one of {', '.join(LEVELS)}")
    think = given.get("think")
    if think is not None and not _positive_seconds(think):
        raise RecordError(f"{where}think: seconds above 0, or null")
    games = given.get("games")
    if games is not None and (
        whole_number(games, f"{where}games") < 1 or ruleset.rubber is not None
    ):
        raise RecordError(
            f"{where}games: a number of games, 1 or more, for rules without rubbers"
        )
    best_of = given.get("best_of")  # absent from records written before best-of matches
    if best_of is not None and (
        whole_number(best_of, f"{where}best_of") % 2 == 0
        or best_of < 1
        or ruleset.rubber is not None
        or games is not None
    ):
        raise RecordError(
            f"{where}best_of: an odd number of games, for rules without rubbers and without"
            f" {where}games"
        )
    seed = whole_number(given.get("seed"), f"{where}seed")
    return Setup(ruleset, seed, names, people, level, think, games, best_of)


def checked_names(names: object, count: int | None, where: str = "") -> tuple[str, ...]:
    """``names`` if it is a list of players' names (``count`` of them, if given)."""
    if (
        not isinstance(names, list)
        or (len(names) != count if count is not None else not names)
        or not all(isinstance(name, str) and name.strip() for name in names)
    ):
        players = "the players'" if count is None else f"the {count} players'"
        raise RecordError(f"{where}names: give {players} names")
    return tuple(names)


def checked_people(
    people: object, names: tuple[str, ...] | None, where: str = ""
) -> tuple[int, ...]:
    """``people`` if it is a list of indexes of ``names`` (None: of names not read),
    each once and rising: the people's places, none for a watched game."""
    seats = range(len(names)) if names is not None else range(LARGEST_WHOLE_NUMBER)
    if (
        not isinstance(people, list)
        or not all(type(index) is int and index in seats for index in people)
        or people != sorted(set(people))
    ):
        among = "" if names is None else f", 0 to {len(names) - 1}"
        raise RecordError(
            f"{where}people: the people's indexes among the names{among}, each once and"
            " rising ([] for a watched game)"
        )
    return tuple(people)


def people_of_person(person: object, names: tuple[str, ...], where: str = "") -> tuple[int, ...]:
    """The people of a record written before ``people``: its one ``person``, an index
    of ``names``, or null for a watched game."""
    if person is not None and (type(person) is not int or person not in range(len(names))):
        raise RecordError(f"{where}person: a player's index, 0 to {len(names) - 1}, or null")
    return () if person is None else (person,)


def checked_move(given: Mapping[str, object], where: str) -> Move:
    """The move ``given`` holds, its values checked to be of a move's kinds (whether
    the game allows it is the replay's to say): a ``RecordError`` names the first
    that is not."""
    action = given.get("action")
    if not isinstance(action, str):
        raise RecordError(f"{where}.action: an action such as pass, order, name:H or play:JH")
    taken_back = given.get("taken_back", False)
    if not isinstance(taken_back, bool):
        raise RecordError(f"{where}.taken_back: true or false")
    fields = ("number", "game", "hand", "step", "seat")
    number, game, hand, step, seat = (whole_number(given.get(f), f"{where}.{f}") for f in fields)
    return Move(number, game, hand, step, seat, action, taken_back)


def whole_number(value: object, where: str) -> int:
    """``value`` if it is a whole number the book can hold; else a ``RecordError``."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise RecordError(f"{where}: a whole number is needed here, not {value!r:.40}")
    if not SMALLEST_WHOLE_NUMBER <= value <= LARGEST_WHOLE_NUMBER:
        from decimal import Decimal  # only to say it: past 1e308 a float cannot hold it

        raise RecordError(
            f"{where}: {Decimal(value):.3g} is beyond what the book holds"
            f" ({SMALLEST_WHOLE_NUMBER} to {LARGEST_WHOLE_NUMBER})"
        )
    return value


def _positive_seconds(value: object) -> bool:
    if not isinstance(value, (int, float)) or isinstance(value, bool):
        return False
    try:
        return math.isfinite(value) and value > 0
    except OverflowError:  # a whole number too large to be a float
        return False
