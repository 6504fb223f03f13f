"""Whole watched games between computer players: milliseconds per game, per ruleset.

    python bench/games.py [--games N] [--rules NAME ...]

Plays ``--games`` seeded games of each ruleset in process (what ``euchre play --watch
--json`` does, without start-up and printing) and prints the median and p90 time per
game and the median number of hands.
"""

from __future__ import annotations

import argparse
import statistics
import time

from euchre_cli.engine.game import Game
from euchre_cli.players.rule_based import RuleBasedPlayer
from euchre_cli.rulebook import builtin_names, load_ruleset


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--rules", nargs="*", default=builtin_names())
    args = parser.parse_args()
    print(f"{'ruleset':<18} {'median ms':>10} {'p90 ms':>8} {'hands':>6}")
    for name in args.rules:
        ruleset = load_ruleset(name)
        times, hands = [], []
        for seed in range(args.games):
            players = [RuleBasedPlayer(seed=f"{seed}:{i}") for i in range(ruleset.players)]
            names = [f"P{i}" for i in range(ruleset.players)]
            start = time.perf_counter()
            game = Game(ruleset, names, players, seed=seed)
            game.play()
            times.append((time.perf_counter() - start) * 1000)
            hands.append(len(game.records))
        p90 = statistics.quantiles(times, n=10)[-1]
        print(
            f"{name:<18} {statistics.median(times):>10.1f} {p90:>8.1f} "
            f"{statistics.median(hands):>6.0f}"
        )


if __name__ == "__main__":
    main()
