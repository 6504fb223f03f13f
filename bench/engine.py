"""Random legal hands through the real engine: hands per second (median of runs).

    python bench/engine.py [--hands N] [--runs R] [--rules NAME]

Each hand is dealt from a seeded shuffle and played to the end by choosing uniformly
among ``legal_actions()``; the figure includes dealing, bidding, exchanges and play.
It times the engine alone: no player is asked, so no ``View`` is built (games and
the computer players go through ``play_out``, which builds one per decision).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from euchre_cli.engine.hand import Hand
from euchre_cli.engine.play import shuffled_deck
from euchre_cli.engine.rules import Ruleset
from euchre_cli.rulebook import load_ruleset


def play_random_hands(ruleset: Ruleset, count: int, seed: int) -> int:
    """Play ``count`` hands; returns the number of actions applied."""
    rng = random.Random(seed)
    actions = 0
    for number in range(count):
        hand = Hand(ruleset, number % ruleset.players, shuffled_deck(ruleset, rng))
        while not hand.is_over:
            hand.apply(rng.choice(hand.legal_actions()))
            actions += 1
    return actions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--rules", default="standard")
    args = parser.parse_args()
    ruleset = load_ruleset(args.rules)
    rates, action_rates = [], []
    for run in range(args.runs):
        start = time.perf_counter()
        actions = play_random_hands(ruleset, args.hands, seed=run)
        elapsed = time.perf_counter() - start
        rates.append(args.hands / elapsed)
        action_rates.append(actions / elapsed)
    print(f"{ruleset.name} ({ruleset.players} players): {args.hands} hands, {args.runs} runs")
    print(
        f"hands per second: median {statistics.median(rates):,.0f} "
        f"(min {min(rates):,.0f}, max {max(rates):,.0f})"
    )
    print(f"actions per second: median {statistics.median(action_rates):,.0f}")


if __name__ == "__main__":
    main()
