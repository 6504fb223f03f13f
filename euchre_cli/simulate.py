"""Computer players against each other: the library side of ``euchre simulate``.

A match gives each side of the table a level (``players/levels.py``): in four-handed
play both partners of a side play that level; with two or three players each player
is a side.  Two things can be counted:

* deals: single hands, each dealt from its own seeded shuffle; the points each side
  scores (``scoring.score_hand``), hands made, euchred and marched, lone hands;
* games: whole games to the ruleset's target (``game.Game``), won per level.

With ``duplicate`` every deal (and every game) is played once per seating: the
levels swap seats (with three sides, rotate through the three seats), so each level
holds every set of cards once and the luck of the deal cancels.

Every deal and game is worked out from the seed and its own number only, so the
results are the same whether it runs in this process or in any of ``workers``
processes (``iter_results`` keeps the order).  No I/O here; ``commands/simulate.py``
draws the progress bar and the table.
"""

from __future__ import annotations

import dataclasses
import math
import multiprocessing
import random
import signal
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from .engine.cards import Card
from .engine.game import Game
from .engine.hand import Hand
from .engine.play import play_out, shuffled_deck
from .engine.rules import Ruleset
from .engine.scoring import TRICKS_IN_HAND, TRICKS_TO_MAKE
from .players.levels import LEVELS, make_player

STATS = ("deals", "made", "euchred", "marched", "alone", "alone_made", "defended_alone")


@dataclass(frozen=True)
class Matchup:
    ruleset: Ruleset
    levels: tuple[str, ...]  # one per side of the table
    seed: int = 0
    deals: int = 100
    games: int = 0
    duplicate: bool = False
    think: float | None = None

    def __post_init__(self) -> None:
        sides = len(self.ruleset.sides)
        if len(self.levels) != sides:
            raise ValueError(
                f"{self.ruleset.name} has {sides} sides: give {sides} levels, one per side"
            )
        for level in self.levels:
            if level not in LEVELS:
                raise ValueError(f"unknown level {level!r} (use {', '.join(LEVELS)})")
        if self.deals < 0 or self.games < 0:
            raise ValueError("the number of deals and games cannot be negative")

    @property
    def seatings(self) -> list[tuple[int, ...]]:
        """Each seating gives, per side of the table, the index of the level there."""
        sides = len(self.levels)
        rotations = range(sides) if self.duplicate else range(1)
        return [tuple((side + r) % sides for side in range(sides)) for r in rotations]

    @property
    def side_names(self) -> list[str]:
        """Names for the levels' sides in results: ``A``, ``B``, ``C``."""
        return [chr(ord("A") + i) for i in range(len(self.levels))]

    def tasks(self) -> list[tuple[str, int]]:
        return [("deal", i) for i in range(self.deals)] + [("game", i) for i in range(self.games)]


@dataclass
class Outcome:
    """What one task (a deal or a game, in every seating) gave each level's side."""

    kind: str
    number: int
    points: list[float]  # per level: points per seating, averaged over the seatings
    stats: list[dict[str, int]]  # per level, summed over the seatings
    wins: list[int]  # per level: games won (games only)


def deal_deck(ruleset: Ruleset, seed: int, number: int) -> tuple[int, list[Card]]:
    """The dealer and the shuffled, cut pack of deal ``number`` (R3, as ``Game`` does)."""
    rng = random.Random(f"euchre-simulate:{seed}:{number}")
    deck = shuffled_deck(ruleset, rng)
    return rng.randrange(ruleset.players), deck


def table_players(match: Matchup, seating: tuple[int, ...], tag: str) -> list:
    """A fresh player for every seat, each of its side's level in this seating."""
    ruleset = match.ruleset
    players = []
    for seat in range(ruleset.players):
        level = match.levels[seating[ruleset.side_of(seat)]]
        players.append(make_player(level, ruleset, f"{match.seed}:{tag}:{seat}", match.think))
    return players


def play_deal(match: Matchup, number: int) -> Outcome:
    ruleset = match.ruleset
    count = len(match.levels)
    dealer, deck = deal_deck(ruleset, match.seed, number)
    points = [0.0] * count
    stats = [dict.fromkeys(STATS, 0) for _ in range(count)]
    seatings = match.seatings
    for seating in seatings:
        players = table_players(match, seating, f"deal{number}")
        hand = play_out(Hand(ruleset, dealer, deck), players)
        result = hand.result()
        for side in range(count):
            stats[seating[side]]["deals"] += 1
        if result.outcome is None:
            continue
        for side, won in enumerate(hand.points()):
            points[seating[side]] += won / len(seatings)
        maker = stats[seating[ruleset.side_of(result.maker)]]
        tricks = result.outcome.maker_tricks
        made = tricks >= TRICKS_TO_MAKE
        maker["made"] += made
        maker["euchred"] += not made
        maker["marched"] += tricks == TRICKS_IN_HAND
        if result.maker in result.alone:
            maker["alone"] += 1
            maker["alone_made"] += made
        if result.lone_defender is not None:
            stats[seating[ruleset.side_of(result.lone_defender)]]["defended_alone"] += 1
    return Outcome("deal", number, points, stats, [0] * count)


def play_game(match: Matchup, number: int) -> Outcome:
    # The first dealer is chosen at random rather than by the draw (R3), which would
    # also choose partners and so mix the levels' sides.
    ruleset = dataclasses.replace(
        match.ruleset, deal=dataclasses.replace(match.ruleset.deal, first_dealer="random")
    )
    count = len(match.levels)
    wins = [0] * count
    names = [f"seat{seat}" for seat in range(ruleset.players)]
    for seating in match.seatings:
        players = table_players(match, seating, f"game{number}")
        game = Game(ruleset, names, players, seed=hash_seed(match.seed, number))
        wins[seating[game.play()]] += 1
    stats = [dict.fromkeys(STATS, 0) for _ in range(count)]
    return Outcome("game", number, [0.0] * count, stats, wins)


def hash_seed(seed: int, number: int) -> int:
    return random.Random(f"euchre-simulate-game:{seed}:{number}").randrange(2**31)


def run_task(args: tuple[Matchup, str, int]) -> Outcome:
    match, kind, number = args
    return play_deal(match, number) if kind == "deal" else play_game(match, number)


def iter_results(match: Matchup, workers: int = 1) -> Iterator[Outcome]:
    """Every task's outcome, in task order, computed by ``workers`` processes."""
    jobs = [(match, kind, number) for kind, number in match.tasks()]
    workers = min(workers, len(jobs))  # a process with no task to do is not started
    if workers <= 1:
        for job in jobs:
            yield run_task(job)
        return
    with multiprocessing.get_context().Pool(workers, initializer=_leave_interrupts) as pool:
        yield from pool.imap(run_task, jobs, chunksize=1)


def _leave_interrupts() -> None:
    """A worker ignores Ctrl-C: the main process stops the pool and says "Aborted!"
    once, rather than every worker printing its own traceback.  Any other handler
    the parent set in Python (the console script's, which turns SIGTERM into Ctrl-C)
    goes back to the default, so the SIGTERM with which the pool stops its workers
    ends a worker at once."""
    for signum in signal.valid_signals():
        if callable(signal.getsignal(signum)):
            signal.signal(signum, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.SIG_IGN)


@dataclass
class Summary:
    """The results of a match, as ``--json`` prints them and the table shows them."""

    match: Matchup
    outcomes: list[Outcome] = field(default_factory=list)

    def add(self, outcome: Outcome) -> None:
        self.outcomes.append(outcome)

    @property
    def deal_outcomes(self) -> list[Outcome]:
        return [o for o in self.outcomes if o.kind == "deal"]

    def points_per_deal(self) -> list[float]:
        deals = self.deal_outcomes
        count = len(self.match.levels)
        if not deals:
            return [0.0] * count
        return [sum(o.points[i] for o in deals) / len(deals) for i in range(count)]

    def differences(self) -> list[float]:
        """Per deal: the first level's points minus the mean of the others'."""
        out = []
        for o in self.deal_outcomes:
            others = o.points[1:]
            out.append(o.points[0] - sum(others) / len(others))
        return out

    def difference(self) -> tuple[float, float, float]:
        """(mean difference, 95% interval low, high) over deals."""
        return mean_interval(self.differences())

    def interval(self, level: int) -> tuple[float, float, float]:
        return mean_interval([o.points[level] for o in self.deal_outcomes])

    def stats(self, level: int) -> dict[str, int]:
        total = dict.fromkeys(STATS, 0)
        for o in self.deal_outcomes:
            for key, value in o.stats[level].items():
                total[key] += value
        return total

    def games(self) -> list[int] | None:
        if not self.match.games:
            return None
        count = len(self.match.levels)
        return [sum(o.wins[i] for o in self.outcomes if o.kind == "game") for i in range(count)]

    def as_json(self) -> dict:
        names = self.match.side_names
        diff, low, high = self.difference()
        games = self.games()
        intervals = [self.interval(i) for i in range(len(names))]
        return {
            "rules": self.match.ruleset.name,
            "deals": len(self.deal_outcomes),
            "seed": self.match.seed,
            "duplicate": self.match.duplicate,
            "players": dict(zip(names, self.match.levels)),
            "points_per_deal": {n: round(p, 4) for n, p in zip(names, self.points_per_deal())},
            "points_per_deal_ci95": {
                n: [round(low, 4), round(high, 4)] for n, (_, low, high) in zip(names, intervals)
            },
            "difference": round(diff, 4),
            "ci95": [round(low, 4), round(high, 4)],
            "games": None if games is None else dict(zip(names, games)),
            "played": {n: self.stats(i) for i, n in enumerate(names)},
        }


def mean_interval(values: Sequence[float]) -> tuple[float, float, float]:
    """Mean and its normal 95% confidence interval (0-width with fewer than 2 values)."""
    n = len(values)
    if not n:
        return 0.0, 0.0, 0.0
    mean = sum(values) / n
    if n < 2:
        return mean, mean, mean
    variance = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = 1.96 * math.sqrt(variance / n)
    return mean, mean - half, mean + half
