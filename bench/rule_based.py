"""The rule-based player measured: games against random players, bidding statistics
in self-play, and the time per decision.

    python bench/rule_based.py [--games N] [--hands N] [--rules NAME ...] [--tune]

For each ruleset: the share of seeded games a rule-based player (or partnership)
wins against random players; over self-played hands, how often trump is made, how
often the makers are euchred, how often someone goes alone and how often a lone
maker marches; and the mean time of one ``choose`` call with a choice to make.

``--tune`` shows how the bidding thresholds were chosen: duplicate hands (every
deal played once with the variant on each side) between a player whose threshold
is moved and the standard player; the figure is the variant side's points per hand
minus the mean of the other sides'.  Positive means the moved threshold is better.
"""

from __future__ import annotations

import argparse
import random
import statistics

from decisions import Timed

from euchre_cli.engine.game import Game
from euchre_cli.engine.hand import Hand
from euchre_cli.engine.play import play_out, shuffled_deck
from euchre_cli.engine.rules import Ruleset
from euchre_cli.engine.scoring import TRICKS_IN_HAND, TRICKS_TO_MAKE
from euchre_cli.players import RandomPlayer, rule_based
from euchre_cli.players.rule_based import RuleBasedPlayer
from euchre_cli.rulebook import load_ruleset


def win_rate(ruleset: Ruleset, games: int, seed: int = 0) -> float:
    """Share of games won by the side of the rule-based player(s): seats of side 0
    are rule-based, every other seat plays at random."""
    wins = 0
    count = ruleset.players
    for number in range(seed, seed + games):
        smart = set(ruleset.sides[0]) if ruleset.partnerships else {0}
        players = [
            RuleBasedPlayer(number) if i in smart else RandomPlayer(number * 7 + i)
            for i in range(count)
        ]
        game = Game(ruleset, [f"p{i}" for i in range(count)], players, seed=number)
        winner = game.play()
        seats = ruleset.sides[winner]
        if any(isinstance(game.player_at(s), RuleBasedPlayer) for s in seats):
            wins += 1
    return wins / games


def self_play(ruleset: Ruleset, hands: int, seed: int = 0) -> dict[str, float]:
    """Bidding statistics and the time per decision, every seat rule-based."""
    rng = random.Random(seed)
    times: dict[str, list[float]] = {}
    players = [Timed(RuleBasedPlayer(seat), times) for seat in range(ruleset.players)]
    made = euchred = alone = alone_marched = marched = 0
    for number in range(hands):
        deck = shuffled_deck(ruleset, rng)
        hand = play_out(Hand(ruleset, number % ruleset.players, deck), players)
        result = hand.result()
        if result.outcome is None:
            continue
        made += 1
        tricks = result.outcome.maker_tricks
        euchred += tricks < TRICKS_TO_MAKE
        marched += tricks == TRICKS_IN_HAND
        if result.maker in result.alone:
            alone += 1
            alone_marched += tricks == TRICKS_IN_HAND
    return {
        "made": made / hands,
        "euchred": euchred / max(made, 1),
        "marched": marched / max(made, 1),
        "alone": alone / hands,
        "alone_marched": alone_marched / max(alone, 1),
        "us_per_decision": 1e6 * statistics.fmean(times.get("all", [0.0])),
    }


def duplicate(ruleset: Ruleset, variant, base, hands: int, seed: int = 0) -> float:
    """Points per hand of players made by ``variant(seat)`` over ``base(seat)`` players,
    each deal played with the variant on every side in turn."""
    rng = random.Random(seed)
    sides = len(ruleset.sides)
    difference = 0.0
    for number in range(hands):
        deck = shuffled_deck(ruleset, rng)
        for side in range(sides):
            players = [
                variant(s) if ruleset.side_of(s) == side else base(s)
                for s in range(ruleset.players)
            ]
            points = play_out(Hand(ruleset, number % ruleset.players, deck), players).points()
            difference += points[side] - (sum(points) - points[side]) / (sides - 1)
    return difference / (hands * sides)


def tune(ruleset: Ruleset, hands: int, step: float = 0.3) -> None:
    key = (ruleset.players, ruleset.dummy.cards > 0)
    first, second = rule_based.THRESHOLDS[key]
    for moved in ((first - step, second), (first + step, second)) + (
        (first, second - step),
        (first, second + step),
    ):
        moved = (round(moved[0], 2), round(moved[1], 2))
        thresholds = dict(rule_based.THRESHOLDS) | {key: moved}

        def variant(seat: int, thresholds=thresholds) -> RuleBasedPlayer:
            player = RuleBasedPlayer(seat)
            player.thresholds = thresholds
            return player

        gain = duplicate(ruleset, variant, RuleBasedPlayer, hands)
        print(f"  thresholds {moved} against {(first, second)}: {gain:+.3f} points per hand")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--hands", type=int, default=4000)
    parser.add_argument(
        "--rules",
        nargs="*",
        default=[
            "standard",
            "british",
            "thirty-two",
            "cutthroat",
            "two-handed",
            "two-handed-dummy",
        ],
    )
    parser.add_argument("--tune", action="store_true", help="threshold sensitivity")
    args = parser.parse_args()
    for name in args.rules:
        ruleset = load_ruleset(name)
        stats = self_play(ruleset, args.hands)
        rate = win_rate(ruleset, args.games) if args.games else float("nan")
        print(
            f"{name:17} wins vs random {rate:6.1%} ({args.games} games) | self-play "
            f"{args.hands} hands: trump made {stats['made']:.1%}, makers euchred "
            f"{stats['euchred']:.1%}, marched {stats['marched']:.1%}, alone "
            f"{stats['alone']:.1%} (marched {stats['alone_marched']:.0%}), "
            f"{stats['us_per_decision']:.0f} µs/decision"
        )
        if args.tune:
            tune(ruleset, args.hands)


if __name__ == "__main__":
    main()
