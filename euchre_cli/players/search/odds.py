"""Each side's chance of winning the game from a score, for players who play to win.

A deal's points matter through the game: at 9 to 9 one point wins it, a euchre that
hands an opponent at 8 two points loses it, and far ahead a safe point beats a risky
march.  ``win_chances`` estimates the chances with a plain model of what a deal
gives: a side chosen at random makes trump and then, with fixed odds, makes it,
marches, makes or marches alone, or is euchred.  The points come from the ruleset's
own scoring (``scoring.score_hand``: R8, R12, R14) and the end of the game from
``scoring.game_winner`` (R9, ties play on).  The odds are rough; what the model
gets right is which scores are close to winning or losing, which is what a player
weighing its choices near the end of a game needs.
"""

from __future__ import annotations

from functools import cache, lru_cache

from ...engine.rules import Ruleset
from ...engine.scoring import HandOutcome, game_winner, score_hand

# (maker's tricks, alone, chance): what a contract gives, from simulated play.
CONTRACTS = (
    (3, False, 0.52),
    (5, False, 0.17),
    (3, True, 0.03),
    (5, True, 0.06),
    (2, False, 0.22),
)
PAST_TARGET = 8  # ties still level this far past the target share the game


@lru_cache(maxsize=16)
def _deal_results(ruleset: Ruleset) -> tuple[tuple[tuple[int, ...], float], ...]:
    """Every (points per side, chance) a deal gives under the model."""
    sides = len(ruleset.sides)
    results = []
    for maker in range(sides):
        for tricks, alone, chance in CONTRACTS:
            lone = alone and ruleset.alone.maker
            outcome = HandOutcome(maker_side=maker, maker_tricks=tricks, maker_alone=lone)
            points = score_hand(ruleset.scoring, outcome, sides).points
            if any(points):  # a result worth nothing leaves the score as it was: skip it
                results.append((tuple(points), chance / sides))
    total = sum(chance for _, chance in results)  # 0 when only lone defenders can score
    return tuple((points, chance / total) for points, chance in results) if total else ()


@lru_cache(maxsize=16)
def _chances_by_score(ruleset: Ruleset):
    """``win_chances`` for one ruleset, as a function of the scores, each score's
    chances worked out once."""
    target = ruleset.game.points_to_win
    results = _deal_results(ruleset)
    sides = len(ruleset.sides)

    @cache
    def chances(scores: tuple[int, ...]) -> tuple[float, ...]:
        winner = game_winner(scores, target)
        if winner is not None:
            return tuple(float(side == winner) for side in range(sides))
        best = max(scores)
        if best >= target + PAST_TARGET:
            leaders = [side for side in range(sides) if scores[side] == best]
            return tuple(1 / len(leaders) if side in leaders else 0.0 for side in range(sides))
        total = [0.0] * sides
        for points, chance in results:
            after = chances(tuple(s + p for s, p in zip(scores, points)))
            for side in range(sides):
                total[side] += chance * after[side]
        return tuple(total)

    return chances


def win_chances(ruleset: Ruleset, scores: tuple[int, ...]) -> tuple[float, ...]:
    """Each side's chance of winning the game from ``scores`` (see the docstring)."""
    return _chances_by_score(ruleset)(tuple(scores))
