"""A person's statistics over the games the book keeps (``euchre stats``): how their
games and hands went, per kind of game and computer level, over every game and over
the most recent ones.

Pure: records in, value types out.  Everything is read from each record's summary
(the ``--json`` summary as of its last hand), never by playing a game again, so a
book of hundreds of games is counted in a moment.

Whose hands: the person's seat (``Setup.person``), in a game one person played; a
watched game is nobody's, and a game of several people (``euchre host``) nobody's
alone: neither is counted, and ``Counted.people`` says which it was.  The
person's side for a hand is their partnership, or in games without partnerships the
person alone as maker, or the defenders together (Cutthroat's temporary partners,
R12).  Points are counted by the sides that score them: "for" is the person's side's
(in Cutthroat and two-handed, the person's own), "against" every other side's.  A
Cutthroat game is won alone, so a temporary partner's share of a euchre is against
the person too: an even Cutthroat player scores half as many points for as against.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, fields
from typing import Any

from ..engine.scoring import TRICKS_IN_HAND, TRICKS_TO_MAKE
from .game import KINDS, DamagedGame, SavedGame

RECENT_GAMES = 20
"""The trend: each figure over this many of the most recent games, beside all games."""


@dataclass(frozen=True)
class Figures:
    """Counts over some games and their hands, from the person's seat; they add up
    (``+``), so a column is the sum of its games."""

    finished: int = 0  # games played to the end
    won: int = 0  # of those, won by the person's side
    unfinished: int = 0  # games left in the middle (their hands count below)
    hands: int = 0  # hands dealt, thrown-in ones included
    points_for: int = 0  # scored by the person's side
    points_against: int = 0  # scored by every other side
    trump_made: int = 0  # hands whose trump the person's side made
    euchred: int = 0  # of those, the makers took fewer than three tricks
    marched: int = 0  # of those, the makers took every trick
    alone_tried: int = 0  # hands the person made trump and went alone
    alone_made: int = 0  # of those, three tricks or more (marches included)
    alone_marched: int = 0  # of those, every trick
    defended: int = 0  # hands another side made trump
    euchres_as_defenders: int = 0  # of those, the makers were euchred

    def __add__(self, other: Figures) -> Figures:
        return Figures(*(getattr(self, name) + getattr(other, name) for name in _COUNTS))

    @property
    def games(self) -> int:
        return self.finished + self.unfinished

    @property
    def points_for_per_hand(self) -> float | None:
        return self.points_for / self.hands if self.hands else None

    @property
    def points_against_per_hand(self) -> float | None:
        return self.points_against / self.hands if self.hands else None

    def as_dict(self) -> dict[str, Any]:
        """Every count, with the points per hand (rounded to 3 places; null with no
        hands), as ``euchre stats --json`` gives them."""
        counts: dict[str, Any] = {name: getattr(self, name) for name in _COUNTS}
        for name in ("points_for_per_hand", "points_against_per_hand"):
            value = getattr(self, name)
            counts[name] = None if value is None else round(value, 3)
        return {"games": self.games, **counts}


_COUNTS = tuple(field.name for field in fields(Figures))


@dataclass(frozen=True)
class KindAndLevelStats:
    """The person's figures in one kind of game against one computer level (a table
    of ``euchre stats``), over all those games and over the last ``RECENT_GAMES``."""

    kind: str  # four-handed, cutthroat, two-handed (``Setup.kind``)
    level: str  # the computer players' level
    rulesets: tuple[str, ...]  # the rulesets these games were played under, by name
    partnerships: bool  # the person's side is a partnership (four-handed), else the person
    lone_hands: bool  # whether any of those rulesets lets a maker go alone
    overall: Figures
    recent: Figures  # the last RECENT_GAMES games (all of them when there are fewer)

    def as_dict(self) -> dict[str, Any]:
        """The figures as ``euchre stats --json`` gives them, one of its "tables"."""
        return {
            "kind": self.kind,
            "level": self.level,
            "rulesets": list(self.rulesets),
            "all": self.overall.as_dict(),
            "recent": self.recent.as_dict(),
        }


@dataclass(frozen=True)
class _PlayedGame:
    """One game of a record (a match or rubber holds several), as the person saw it."""

    order: tuple[str, int, int]  # when it was played: the record's start, id, game number
    kind: str
    level: str
    ruleset: str
    partnerships: bool
    lone_hands: bool
    figures: Figures


@dataclass(frozen=True)
class Counted:
    """A record as ``euchre stats`` reads it: what was played, how many people played
    it, and each of its games' figures from the person's seat (none for a watched game
    or one of several people).  The book keeps these beside each record (``stored`` /
    ``from_stored``), so that counting a book reads neither summaries nor rulesets."""

    id: int
    started: str
    kind: str
    ruleset: str
    level: str
    people: int  # 0: watched; 1: the person's, counted; more: nobody's alone
    games: tuple[_PlayedGame, ...] = ()

    @property
    def watched(self) -> bool:
        return self.people == 0

    @property
    def several_people(self) -> bool:
        """Played by several people (``euchre host``): not counted as anyone's."""
        return self.people > 1

    def stored(self) -> dict[str, Any]:
        """What the book keeps of the figures (JSON)."""
        return {
            "games": [
                {
                    "number": game.order[2],
                    "partnerships": game.partnerships,
                    "lone_hands": game.lone_hands,
                    **{name: getattr(game.figures, name) for name in _COUNTS},
                }
                for game in self.games
            ]
        }

    @classmethod
    def from_stored(
        cls,
        id: int,
        started: str,
        kind: str,
        ruleset: str,
        level: str,
        people: int,
        stored: Mapping | None,
    ) -> Counted:
        """A record's row in the book, with how many people played it, its figures as
        ``stored`` wrote them (None for a game not one person's: nobody's figures)."""
        try:
            games = tuple(
                _PlayedGame(
                    order=(started, id, _count(game["number"])),
                    kind=kind,
                    level=level,
                    ruleset=ruleset,
                    partnerships=_yes_or_no(game["partnerships"]),
                    lone_hands=_yes_or_no(game["lone_hands"]),
                    figures=Figures(**{name: _count(game[name]) for name in _COUNTS}),
                )
                for game in (stored or {}).get("games", ())
            )
        except (KeyError, TypeError, AttributeError) as error:
            raise DamagedGame(
                id, f"its figures cannot be read ({type(error).__name__}: {error})"
            ) from None
        return cls(id, started, kind, ruleset, level, people, games)


def counted(saved: SavedGame) -> Counted:
    """A record's figures, worked out from its summary."""
    setup = saved.setup
    games = () if setup.person is None else tuple(_games_of(saved))
    return Counted(
        saved.id or 0,
        saved.started,
        setup.kind,
        setup.ruleset.name,
        setup.level,
        len(setup.people),
        games,
    )


def person_stats(
    records: Iterable[SavedGame], rules: str | None = None, level: str | None = None
) -> list[KindAndLevelStats]:
    """``stats_of`` the records, worked out from their summaries."""
    return stats_of([counted(saved) for saved in records], rules, level)


def stats_of(
    records: Iterable[Counted], rules: str | None = None, level: str | None = None
) -> list[KindAndLevelStats]:
    """The person's figures over ``records`` (those of one person: watched games and
    games of several people left out, having no figures), optionally only
    games under the ruleset named ``rules`` or against ``level``: by kind in the order
    of ``KINDS`` (four-handed first), and within a kind the level played most first."""
    played = [
        game
        for record in records
        if (rules is None or record.ruleset == rules) and (level is None or record.level == level)
        for game in record.games
    ]
    groups: dict[tuple[str, str], list[_PlayedGame]] = {}
    for game in sorted(played, key=lambda game: game.order):
        groups.setdefault((game.kind, game.level), []).append(game)
    kind_order = list(KINDS.values())

    def placed(key: tuple[str, str]) -> tuple[int, str, int, str]:
        kind, its_level = key
        known = kind_order.index(kind) if kind in kind_order else len(kind_order)
        return (known, kind, -len(groups[key]), its_level)

    return [
        _stats(kind, level, groups[(kind, level)]) for kind, level in sorted(groups, key=placed)
    ]


def _stats(kind: str, level: str, games: Sequence[_PlayedGame]) -> KindAndLevelStats:
    """The figures of ``games``, given oldest first: the recent ones are the last."""
    return KindAndLevelStats(
        kind=kind,
        level=level,
        rulesets=tuple(sorted({game.ruleset for game in games})),
        partnerships=any(game.partnerships for game in games),
        lone_hands=any(game.lone_hands for game in games),
        overall=_total(game.figures for game in games),
        recent=_total(game.figures for game in games[-RECENT_GAMES:]),
    )


def _total(figures: Iterable[Figures]) -> Figures:
    total = Figures()
    for each in figures:
        total += each
    return total


def _games_of(saved: SavedGame) -> list[_PlayedGame]:
    """The record's games: each one it finished, then, while the record is unfinished,
    the game in progress (with the hands it has, perhaps none)."""
    setup = saved.setup
    assert setup.person is not None
    summary = saved.summary or {}
    try:
        sides: Mapping[str, Sequence[str]] = summary.get("sides", {})
        person = setup.names[setup.person]
        own_side = next((side for side, players in sides.items() if person in players), person)
        ended = summary.get("games", [])
        count = len(ended) + (0 if saved.finished else 1)
        hands: dict[int, list[dict]] = {number: [] for number in range(1, count + 1)}
        for hand in summary.get("hands", []):
            hands.setdefault(hand["game"], []).append(hand)
        partners = sides.get(own_side, [person])
        games = []
        for number, its_hands in sorted(hands.items()):
            if number <= len(ended):
                result = {"finished": 1, "won": int(ended[number - 1]["winner"] == own_side)}
            else:
                result = {"unfinished": 1}
            games.append(
                _PlayedGame(
                    order=(saved.started, saved.id or 0, number),
                    kind=setup.kind,
                    level=setup.level,
                    ruleset=setup.ruleset.name,
                    partnerships=setup.ruleset.partnerships,
                    lone_hands=setup.ruleset.alone.maker,
                    figures=_game_figures(result, its_hands, person, own_side, partners),
                )
            )
    except (KeyError, TypeError, AttributeError, IndexError) as error:
        raise DamagedGame(
            saved.id, f"its summary cannot be read ({type(error).__name__}: {error})"
        ) from None
    return games


def _count(value: object) -> int:
    if type(value) is not int:
        raise TypeError(f"{value!r:.40} is not a count")
    return value


def _yes_or_no(value: object) -> bool:
    if not isinstance(value, bool):
        raise TypeError(f"{value!r:.40} is not true or false")
    return value


def _game_figures(
    result: Mapping[str, int],
    hands: Iterable[Mapping[str, Any]],
    person: str,
    own_side: str,
    partners: Sequence[str],
) -> Figures:
    """A game from the person's seat: its ``result`` (finished and won, or unfinished)
    and its hands (``partners``: the players of the person's side).  Counted in a plain
    dict and made a ``Figures`` once: a book holds thousands of hands."""
    count = dict.fromkeys(_COUNTS, 0)
    count.update(result)
    for hand in hands:
        count["hands"] += 1
        for side, points in hand["points"].items():
            count["points_for" if side == own_side else "points_against"] += points
        if hand["trump"] is None:  # thrown in (R5, R17): dealt, and no contract
            continue
        tricks, maker_tricks, ours = hand["tricks"], 0, False
        for maker in hand["makers"]:
            maker_tricks += tricks[maker]
            ours = ours or maker in partners
        euchred = int(maker_tricks < TRICKS_TO_MAKE)
        marched = int(maker_tricks == TRICKS_IN_HAND)
        if not ours:
            count["defended"] += 1
            count["euchres_as_defenders"] += euchred
            continue
        count["trump_made"] += 1
        count["euchred"] += euchred
        count["marched"] += marched
        if person in hand["alone"]:  # among the makers: a lone defender is not
            count["alone_tried"] += 1
            count["alone_made"] += 1 - euchred
            count["alone_marched"] += marched
    return Figures(**count)
