"""The people of every score sheet (``euchre score players``): each person's figures
over all the sheets, and each partnership's.

A person is a name as typed on a sheet ("Ann" and "ann" are two people), and a
partnership two people who sat as one team.  A sheet records the side that made
trump, not which partner named it, so in a partnership game a hand counts for both
players of the side.  A game counts once, a slam too: these are games at the table,
not the rubber's count of them (R13).  Pure: the sheets and tallies are given.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..engine.rules import side_name
from .sheet import Sheet
from .tally import Tally, side_stats


@dataclass
class Person:
    """One person's figures over every sheet they sat at."""

    name: str
    games: int = 0  # finished games they played
    won: int = 0
    makers: int = 0  # hands their side made trump
    euchred: int = 0  # ... and took fewer than three tricks
    loners_made: int = 0  # lone hands of their side that took three tricks or more


@dataclass
class Partnership:
    """Two people who sat as one team, on one sheet or more."""

    players: tuple[str, ...]  # the two, in the order of their names
    games: int = 0
    won: int = 0

    @property
    def name(self) -> str:
        return side_name(self.players)


def people(sheets: Iterable[tuple[Sheet, Tally]]) -> tuple[list[Person], list[Partnership]]:
    """Every person and every partnership of ``sheets``, the most games won first
    (then by name)."""
    persons: dict[str, Person] = {}
    partnerships: dict[tuple[str, ...], Partnership] = {}
    for sheet, tally in sheets:
        games = len(tally.games)
        figures = side_stats(len(sheet.sides), tally)
        for side, (players, hands) in enumerate(zip(sheet.sides, figures)):
            won = sum(1 for game in tally.games if game.winner == side)
            for name in players:
                person = persons.setdefault(name, Person(name))
                person.games += games
                person.won += won
                person.makers += hands.made + hands.euchred
                person.euchred += hands.euchred
                person.loners_made += hands.alone_made
            if len(players) == 2:
                pair = tuple(sorted(players, key=lambda name: (name.casefold(), name)))
                partnership = partnerships.setdefault(pair, Partnership(pair))
                partnership.games += games
                partnership.won += won
    return sorted(persons.values(), key=_rank), sorted(partnerships.values(), key=_rank)


def _rank(figures: Person | Partnership) -> tuple[int, str, str]:
    return (-figures.won, figures.name.casefold(), figures.name)
