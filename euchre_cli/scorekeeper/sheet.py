"""Score sheets for games played with real cards: the ruleset a sheet was started
with, who sits on each side and in which seat, and the names by which a user gives a
side or a player.

A sheet holds only what happened at the table, its entries (``entries.py``): every
total, and whose deal it is, is recomputed from them whenever it is needed
(``tally.py``), so an edit or an undo can never leave a stale total or a wrong dealer
behind.  Pure logic: ``store.py`` keeps sheets in SQLite, and nothing here knows of
files or commands.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import NamedTuple

from ..engine.names import check_name
from ..engine.rules import Ruleset, side_name
from ..engine.scoring import RubberResult, at_the_bridge
from ..limits import whole_number
from ..refusals import Refusal

# Between the names of a team; compiled on first use (re caches it), not at import.
_NAME_SEPARATORS = r"(?i)\s*(?:&|,|/|\+|\band\b)\s*"


class SheetError(Refusal):
    """Input a score sheet cannot accept; the message is one line for the user."""


class RubberOver(SheetError):
    """An entry after the entry that decided the sheet's rubber (R10)."""

    next_step = ": start a new sheet with 'euchre score new'"

    def __init__(self, sheet: Sheet, rubber: RubberResult) -> None:
        super().__init__(
            f"the rubber on sheet {sheet.name} is over "
            f"({sheet.side_names[rubber.winner]} won it by {rubber.margin})"
        )


# --- Sheets and names -----------------------------------------------------------------


class Sheet(NamedTuple):
    """A score sheet: its ruleset snapshot and who sits on each side."""

    id: int
    name: str
    ruleset: Ruleset
    sides: tuple[tuple[str, ...], ...]  # each side's players, in seat order

    @property
    def side_names(self) -> tuple[str, ...]:
        return tuple(side_name(players) for players in self.sides)

    @property
    def choices(self) -> str:
        """The sides as a user can name them: "1 Ann & Bob, 2 Cy & Di"."""
        return ", ".join(f"{number} {name}" for number, name in enumerate(self.side_names, 1))

    @property
    def seating(self) -> tuple[str, ...]:
        """The players in clockwise order (R3), from side 1's first: each side's players
        take the ruleset's seats of that side in turn, so partners sit opposite."""
        seated = {
            seat: player
            for seats, players in zip(self.ruleset.sides, self.sides)
            for seat, player in zip(seats, players)
        }
        return tuple(seated[seat] for seat in sorted(seated))

    def at_the_bridge(self, scores: Sequence[int]) -> int | None:
        """The side "at the bridge" (R9), where the ruleset shows that label."""
        game = self.ruleset.game
        return at_the_bridge(scores, game.points_to_win) if game.bridge else None

    def seat_of(self, who: str) -> int:
        """The seat (in ``seating``) of the player meant by ``who``, which is read as
        ``resolve`` reads it: a side of one player is that player; of a team, ``who``
        must name one of the two (a name, or an initial only one of them has)."""
        side = self.resolve(who)
        seats, players = self.ruleset.sides[side], self.sides[side]
        if len(players) == 1:
            return seats[0]
        wanted = _fold(who)
        by_name = [seat for seat, player in zip(seats, players) if wanted == _fold(player)]
        by_initial = [seat for seat, player in zip(seats, players) if wanted == _fold(player)[0]]
        for named in (by_name, by_initial):
            if len(named) == 1:
                return named[0]
        raise SheetError(
            f"'{who}' is not one player of {self.side_names[side]}: give {' or '.join(players)}"
        )

    def resolve(self, who: str) -> int:
        """The side meant by ``who``: a side's number, a team, any player's name, or
        initials ("AB" for Ann & Bob, "A" for Ann) when they fit only one side."""
        wanted = _fold(who)
        number = whole_number(wanted)
        if number is not None and 1 <= number <= len(self.sides):
            return number - 1
        for matches in (self._by_name(wanted), self._by_initials(wanted)):
            if len(matches) == 1:
                return matches.pop()
            if matches:
                names = " or ".join(self.side_names[side] for side in sorted(matches))
                raise SheetError(f"'{who}' could mean {names}: give a name or number")
        raise SheetError(f"no team or player '{who}' on sheet {self.name}: {self.choices}")

    def _by_name(self, wanted: str) -> set[int]:
        as_team = frozenset(_fold(name) for name in split_team(wanted))
        return {
            side
            for side, players in enumerate(self.sides)
            if wanted in {_fold(p) for p in players}
            or as_team == frozenset(_fold(p) for p in players)
        }

    def _by_initials(self, wanted: str) -> set[int]:
        return {
            side
            for side, players in enumerate(self.sides)
            if wanted == "".join(_fold(p)[0] for p in players)
            or any(wanted == _fold(p)[0] for p in players)
        }


def _fold(name: str) -> str:
    return " ".join(name.split()).casefold()


def split_team(team: str) -> list[str]:
    """ "Ann & Bob", "Ann, Bob", "Ann and Bob" -> ["Ann", "Bob"]."""
    return [name.strip() for name in re.split(_NAME_SEPARATORS, team.strip())]


def seat_sides(
    ruleset: Ruleset, teams: Sequence[str], players: Sequence[str]
) -> tuple[tuple[str, ...], ...]:
    """Check the names given for a new sheet against the ruleset: two teams of two in a
    partnership game, one player per seat otherwise."""
    if ruleset.partnerships:
        if players or len(teams) != len(ruleset.sides):
            raise SheetError(
                f"{ruleset.name} is played in partnerships: give two teams, "
                '--team "Ann & Bob" --team "Cy & Di"'
            )
        sides = tuple(tuple(split_team(team)) for team in teams)
        for team, side in zip(teams, sides):
            if len(side) != 2:
                raise SheetError(f"team '{team}' must be two players, as in \"Ann & Bob\"")
    else:
        if teams or len(players) != ruleset.players:
            raise SheetError(
                f"{ruleset.name} is played by {ruleset.players} players, each for themselves: "
                f"give {ruleset.players} times --player NAME"
            )
        sides = tuple((name.strip(),) for name in players)
    for name in (name for side in sides for name in side):
        if not name or name.isdigit() or len(split_team(name)) > 1:
            raise SheetError(
                f"{name!r} is not a usable player name: a name may not be empty or a number"
                " (numbers pick a side), nor hold &, comma, /, + or 'and' (they join a team)"
            )
    # a sheet's player may take a sheet's 40 characters: a game's 20 are for its screen
    sides = tuple(tuple(check_name(name, "player name") for name in side) for side in sides)
    names = [name for side in sides for name in side]
    folded = [_fold(name) for name in names]
    if len(set(folded)) != len(folded):
        raise SheetError("every player needs a different name")
    return sides
