"""Who sits where at a table before and after its game starts: nobody yet, a person
(their name and the secret key that opens their seat), or the computer.

A seat is taken before the game starts, by its place at the table (0, 1, ...); a
ruleset that draws for seats (R3) moves everyone to the seat drawn when the game
starts, and the ``Table`` says where each place sits then.  A key is
``KEY_BYTES`` random bytes, compared in constant time, so that neither guessing nor
timing opens a seat.
"""

from __future__ import annotations

import hmac
import secrets
from dataclasses import dataclass

from ..engine.names import check_player_name
from ..refusals import Refusal

KEY_BYTES = 24
"""Random bytes in a seat key: 192 bits, past any guessing."""

PERSON = "person"
COMPUTER = "computer"


class TableRefusal(Refusal):
    """Something a table will not do: take a seat, start, or take an action."""


class NoSuchSeat(TableRefusal):
    def __init__(self, seat: object, count: int) -> None:
        super().__init__(f"there is no seat {seat!r:.20}: this table has seats 0 to {count - 1}")


class SeatTaken(TableRefusal):
    next_step = ": choose an empty seat"

    def __init__(self, seat: int, name: str) -> None:
        super().__init__(f"seat {seat} is taken by {name}")


class NameTaken(TableRefusal):
    next_step = ": choose another name"

    def __init__(self, name: str) -> None:
        super().__init__(f"{name!r} is already at the table")


class GameStarted(TableRefusal):
    next_step = ": watch it without a seat"

    def __init__(self) -> None:
        super().__init__("the game has started")


@dataclass
class Place:
    """One place at the table: empty, a person's, or (once the game starts) the
    computer's."""

    name: str | None = None
    key: str | None = None  # a person's: the secret that opens the seat
    computer: bool = False

    @property
    def kind(self) -> str | None:
        if self.computer:
            return COMPUTER
        return None if self.key is None else PERSON


class Seats:
    """The places of a table of ``count`` seats, in order: joined by people until
    ``fill`` gives the rest to the computer."""

    def __init__(self, count: int) -> None:
        self.places = [Place() for _ in range(count)]
        self.joined: list[int] = []  # the places people took, first come first
        self.filled = False

    def join(self, name: str, place: int) -> str:
        """Seat a person named ``name`` at ``place``; returns the key that opens it."""
        if self.filled:
            raise GameStarted
        if type(place) is not int or not 0 <= place < len(self.places):
            raise NoSuchSeat(place, len(self.places))
        taken = self.places[place]
        if taken.name is not None:
            raise SeatTaken(place, taken.name)
        name = check_player_name(name)
        if name.casefold() in {other.casefold() for other in self.names_taken()}:
            raise NameTaken(name)
        key = secrets.token_urlsafe(KEY_BYTES)
        self.places[place] = Place(name, key)
        self.joined.append(place)
        return key

    def sit_again(self, name: str, place: int, key: str) -> None:
        """Seat a person at ``place`` with the ``key`` they held before: a table opened
        again from the book, whose pages and terminals still hold their keys."""
        if self.filled:
            raise GameStarted
        taken = self.places[place]
        if taken.name is not None:
            raise SeatTaken(place, taken.name)
        self.places[place] = Place(name, key)
        self.joined.append(place)

    def again(self) -> Seats:
        """The same people at the same places with the same keys, and nobody else: the
        computer's places empty again, for the next game's ``fill``."""
        seats = Seats(len(self.places))
        for place in self.joined:
            seats.places[place] = self.places[place]
        seats.joined = list(self.joined)
        return seats

    def names_taken(self) -> list[str]:
        return [place.name for place in self.places if place.name is not None]

    def fill(self, names: list[str]) -> None:
        """Give every empty place to the computer, named by ``names`` in order."""
        if self.filled:
            raise GameStarted
        given = iter(names)
        for index, place in enumerate(self.places):
            if place.name is None:
                self.places[index] = Place(next(given), computer=True)
        self.filled = True

    @property
    def empty(self) -> int:
        return sum(place.name is None for place in self.places)

    def place_for(self, key: object) -> int | None:
        """The place ``key`` opens, or None; every person's key is compared, in
        constant time, whatever matches."""
        if not isinstance(key, str):
            return None
        given = key.encode("utf-8", "replace")
        found = None
        for index, place in enumerate(self.places):
            if place.key is not None and hmac.compare_digest(given, place.key.encode()):
                found = index
        return found
