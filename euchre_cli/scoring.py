"""Points: a hand's result to points (R8, R12, R14), games (R9) and rubbers (R10).

This is the one place points are computed; computer games and the scorekeeper both
call it.  It knows sides only by index (``Ruleset.sides``) and reads the point values
from ``ScoringRules``, so a ruleset changes the numbers without touching code.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .rules import RubberRules, Ruleset, ScoringRules

TRICKS_IN_HAND = 5
TRICKS_TO_MAKE = 3


@dataclass(frozen=True)
class HandOutcome:
    """What scoring needs to know about a played hand."""

    maker_side: int
    maker_tricks: int
    maker_alone: bool = False
    lone_defender_side: int | None = None

    def __post_init__(self) -> None:
        if not 0 <= self.maker_tricks <= TRICKS_IN_HAND:
            raise ValueError(f"makers took {self.maker_tricks} tricks (0 to 5 are possible)")


@dataclass(frozen=True)
class HandScore:
    """Points per side for one hand, and the row of the scoring table that gave them."""

    points: tuple[int, ...]
    row: str  # a ScoringRules field name: make, march, lone_make, euchre, ...
    description: str  # "made it", "marched alone", "were euchred" ...


_DESCRIPTIONS = {
    "make": "made it",
    "march": "marched",
    "lone_make": "made it alone",
    "lone_march": "marched alone",
    "euchre": "were euchred",
    "lone_defender_euchre": "were euchred by a lone defender",
    "lone_defender_march": "lost every trick to a lone defender",
}


def scoring_row(outcome: HandOutcome) -> str:
    """The row of the scoring table (R8) that a hand's result falls in."""
    if outcome.maker_tricks >= TRICKS_TO_MAKE:
        marched = outcome.maker_tricks == TRICKS_IN_HAND
        if outcome.maker_alone:
            return "lone_march" if marched else "lone_make"
        return "march" if marched else "make"
    if outcome.lone_defender_side is not None:
        return "lone_defender_march" if outcome.maker_tricks == 0 else "lone_defender_euchre"
    return "euchre"


def score_hand(scoring: ScoringRules, outcome: HandOutcome, side_count: int) -> HandScore:
    """Points per side: makers score their row; when they fail every defending side
    scores (each Cutthroat defender, R12), or only the lone defender's side (R6)."""
    row = scoring_row(outcome)
    value = getattr(scoring, row)
    points = [0] * side_count
    if outcome.maker_tricks >= TRICKS_TO_MAKE:
        points[outcome.maker_side] = value
    elif outcome.lone_defender_side is not None:
        points[outcome.lone_defender_side] = value
    else:
        for side in range(side_count):
            if side != outcome.maker_side:
                points[side] = value
    return HandScore(tuple(points), row, _DESCRIPTIONS[row])


def game_winner(scores: Sequence[int], points_to_win: int) -> int | None:
    """The side that has won (R9): the single highest score at or past the target.

    When several sides pass the target together and the highest is shared, nobody has
    won yet and play goes on.
    """
    best = max(scores)
    if best < points_to_win or list(scores).count(best) > 1:
        return None
    return list(scores).index(best)


def at_the_bridge(scores: Sequence[int], points_to_win: int) -> int | None:
    """The side "at the bridge" (R9): one point from game while every opponent has 2 or less."""
    for side, score in enumerate(scores):
        others = [s for i, s in enumerate(scores) if i != side]
        if score == points_to_win - 1 and all(other <= 2 for other in others):
            return side
    return None


def rubber_points(losers_best_score: int) -> int:
    """What a won game is worth in a rubber (R10), from the losers' score in it."""
    if losers_best_score <= 0:
        return 3
    if losers_best_score <= 2:
        return 2
    return 1


@dataclass(frozen=True)
class GameRecord:
    """A finished game: the winner, final scores and its worth in a rubber."""

    winner: int
    scores: tuple[int, ...]

    @property
    def rubber_points(self) -> int:
        losers = [s for i, s in enumerate(self.scores) if i != self.winner]
        return rubber_points(max(losers))


@dataclass(frozen=True)
class RubberResult:
    winner: int
    margin: int


def rubber_result(
    rubber: RubberRules, games: Sequence[GameRecord], side_count: int
) -> RubberResult | None:
    """The rubber's winner and margin once a side has won enough games (R10), else None.

    The margin is the bonus plus the winners' rubber points minus everyone else's.
    """
    wins = [0] * side_count
    for game in games:
        wins[game.winner] += 1
        if wins[game.winner] == rubber.games_to_win:
            winner = game.winner
            won = sum(g.rubber_points for g in games if g.winner == winner)
            lost = sum(g.rubber_points for g in games if g.winner != winner)
            return RubberResult(winner, rubber.bonus + won - lost)
    return None


def side_count(ruleset: Ruleset) -> int:
    return len(ruleset.sides)
