"""Points: a hand's result to points (R8, R12, R14), games (R9) and rubbers (R10).

This is the one place points are computed; computer games and the scorekeeper both
call it.  It knows sides only by index (``Ruleset.sides``) and reads the point values
from ``ScoringRules``, so a ruleset changes the numbers without touching code.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from .rules import HAND_SIZE, GameRules, RubberRules, ScoringRules

TRICKS_IN_HAND = HAND_SIZE  # every player plays every card: a trick per card (R7)
TRICKS_TO_MAKE = 3
"""Tricks the makers need to score (R8); fewer, and they are euchred."""


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
    scores (each Cutthroat defender, R12), or only the lone defender's side (R6, R8)."""
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
    return HandScore(tuple(points), row)


def score_renege(
    scoring: ScoringRules, reneging_side: int, against_lone: bool, side_count: int
) -> HandScore:
    """Points for a renege found at a real table (R17): every side but the one that
    reneged scores ``renege``, or ``renege_lone`` when the side reneged against was
    playing alone (each other Cutthroat player alike, as each defender scores a euchre)."""
    row = "renege_lone" if against_lone else "renege"
    value = getattr(scoring, row)
    return HandScore(tuple(0 if s == reneging_side else value for s in range(side_count)), row)


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
class GameResult:
    """A finished game: the winner, final scores and its worth in a rubber."""

    winner: int
    scores: tuple[int, ...]
    counted: int = 1  # games it counts for: 2 for a slam (R13)

    @property
    def losers_best(self) -> int:
        return max(s for i, s in enumerate(self.scores) if i != self.winner)

    @property
    def rubber_points(self) -> int:
        return rubber_points(self.losers_best)


class Standing(NamedTuple):
    """Per side, what the games won so far add up to."""

    games_won: list[int]  # a slam counting as two (R13)
    rubber_points: list[int]  # each game's worth to its winner, once (R10)
    slams: list[int]


def standing(games: Sequence[GameResult], side_count: int) -> Standing:
    """Games won, rubber points earned and slams per side, over ``games``."""
    result = Standing([0] * side_count, [0] * side_count, [0] * side_count)
    for game in games:
        result.games_won[game.winner] += game.counted
        result.rubber_points[game.winner] += game.rubber_points
        result.slams[game.winner] += game.counted > 1
    return result


def game_result(game: GameRules, winner: int, scores: Sequence[int]) -> GameResult:
    """The result of a game ``winner`` has just won (R9): with ``slam`` (R13), a game
    won while the losers have 0 points or less counts as two."""
    result = GameResult(winner, tuple(scores))
    if game.slam and result.losers_best <= 0:
        return GameResult(winner, tuple(scores), counted=2)
    return result


def next_game_scores(game: GameRules, record: GameResult) -> tuple[int, ...]:
    """The scores the next game of a match or rubber starts from: 0 each, or with
    ``laps`` (R13) the winners' points beyond the target."""
    start = [0] * len(record.scores)
    if game.laps:
        start[record.winner] = record.scores[record.winner] - game.points_to_win
    return tuple(start)


@dataclass(frozen=True)
class RubberResult:
    """Who won a rubber and by how much (R10)."""

    winner: int
    margin: int


def rubber_result(
    rubber: RubberRules, games: Sequence[GameResult], side_count: int
) -> RubberResult | None:
    """The rubber's winner and margin once a side has won enough games (R10), else None.

    A slam counts as two games won (R13).  The margin is the bonus plus the winners'
    rubber points minus everyone else's.
    """
    wins = [0] * side_count
    for number, game in enumerate(games, start=1):
        wins[game.winner] += game.counted
        if wins[game.winner] >= rubber.games_to_win:
            played = games[:number]  # games after the deciding one are not in this rubber
            won = sum(g.rubber_points for g in played if g.winner == game.winner)
            lost = sum(g.rubber_points for g in played if g.winner != game.winner)
            return RubberResult(game.winner, rubber.bonus + won - lost)
    return None


# --- Low-card markers (R11) -------------------------------------------------------
#
# Each side shows its score with two low cards, one lying on top of the other.  A
# position says which card is on top, which way each card faces and how many pips of
# the bottom card peek out; the score counted is the top card's pips when it is face
# up plus the pips showing underneath.  Scores 1-4 of the 3-and-4 set are R11's own
# words; 0, and the 6-and-4 set for a game to 10, are our scheme (docs/scorekeeping.md,
# "Markers").  Other sets and targets have no scheme: ``marker_position`` returns None.


class MarkerPosition(NamedTuple):
    """How a side's two marker cards lie for one score (a NamedTuple: quicker to define
    than a dataclass, and every scorekeeper command imports this module)."""

    top: int  # rank of the card on top
    top_face_up: bool
    bottom: int  # rank of the card underneath
    bottom_face_up: bool
    pips_showing: int  # pips of the bottom card left uncovered (0 when it is face down)

    @property
    def counted(self) -> int:
        """The score a player reads off the cards."""
        return (self.top if self.top_face_up else 0) + self.pips_showing


# Indexed by score, from 0 to one below the target.
_MARKER_SCHEMES: dict[tuple[frozenset[int], int], tuple[MarkerPosition, ...]] = {
    (frozenset({3, 4}), 5): (
        MarkerPosition(4, False, 3, False, 0),  # 0: both face down, nothing counted
        MarkerPosition(4, False, 3, True, 1),  # 1: four face down on the three, one pip showing
        MarkerPosition(3, False, 4, True, 2),  # 2: three face down on the four, two pips showing
        MarkerPosition(3, True, 4, False, 0),  # 3: three face up on top of the four
        MarkerPosition(4, True, 3, False, 0),  # 4: four face up on top of the three
    ),
    (frozenset({4, 6}), 10): (
        MarkerPosition(4, False, 6, False, 0),  # 0: both face down
        MarkerPosition(4, False, 6, True, 1),  # 1-3: four face down on the six, pips of the six
        MarkerPosition(4, False, 6, True, 2),
        MarkerPosition(4, False, 6, True, 3),
        MarkerPosition(4, True, 6, False, 0),  # 4: four face up on the six face down
        MarkerPosition(4, True, 6, True, 1),  # 5: four face up, one pip of the six showing
        MarkerPosition(6, True, 4, False, 0),  # 6: six face up on the four face down
        MarkerPosition(6, True, 4, True, 1),  # 7-9: six face up, pips of the four showing
        MarkerPosition(6, True, 4, True, 2),
        MarkerPosition(6, True, 4, True, 3),
    ),
}


def marker_schemes() -> list[tuple[tuple[int, int], int]]:
    """The marker cards and game targets that have a scheme (R11): ((3, 4), 5) ..."""
    return [(tuple(sorted(cards)), target) for cards, target in _MARKER_SCHEMES]


def marker_position(
    cards: tuple[int, int], points_to_win: int, score: int
) -> MarkerPosition | None:
    """The marker cards' position for ``score``, or None when the set has no scheme for
    this target or the score is outside 0 to one below the target."""
    scheme = _MARKER_SCHEMES.get((frozenset(cards), points_to_win))
    if scheme is None or not 0 <= score < len(scheme):
        return None
    return scheme[score]
