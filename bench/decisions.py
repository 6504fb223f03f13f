"""Time per decision of each computer level: median, p90, p99 and max, per game.

    python bench/decisions.py [--hands N] [--levels easy,medium,hard]
                              [--rules standard,cutthroat,two-handed] [--think S]

For each ruleset and level, ``N`` seeded hands are played with that level in every
seat, on one core (this process); every decision with more than one legal action is
timed (a forced one costs nothing and is not counted).  The hard level's target:
median at most 0.25 s and p99 at most 1.5 s.  The engine refuses any illegal
action, so a run is also a check that every decision is legal (R16).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Sequence

from euchre_cli.engine.hand import Hand
from euchre_cli.engine.play import Player, play_out, shuffled_deck
from euchre_cli.engine.values import Action, Phase, View
from euchre_cli.players.levels import make_player
from euchre_cli.rulebook import load_ruleset


class Timed:
    """A player whose decisions with a choice are timed: all, card plays, the rest."""

    def __init__(self, player: Player, times: dict[str, list[float]]) -> None:
        self.player, self.times = player, times

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        start = time.perf_counter()
        action = self.player.choose(view, legal)
        elapsed = time.perf_counter() - start
        if len(legal) > 1:
            self.times.setdefault("all", []).append(elapsed)
            kind = "play" if view.phase is Phase.PLAY else "other"
            self.times.setdefault(kind, []).append(elapsed)
        return action


def decision_times(rules: str, level: str, hands: int, think: float | None) -> dict[str, list]:
    ruleset = load_ruleset(rules)
    times: dict[str, list[float]] = {}
    for number in range(hands):
        deck = shuffled_deck(ruleset, random.Random(f"bench-decisions:{rules}:{number}"))
        players = [
            Timed(make_player(level, ruleset, seed=f"{number}:{seat}", think=think), times)
            for seat in range(ruleset.players)
        ]
        play_out(Hand(ruleset, number % ruleset.players, deck), players)
    return times


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=100)
    parser.add_argument("--levels", default="easy,medium,hard")
    parser.add_argument("--rules", default="standard,cutthroat,two-handed")
    parser.add_argument("--think", type=float, default=None)
    args = parser.parse_args()
    print(
        f"{'ruleset':17} {'level':7} {'what':6} {'decisions':>9} "
        f"{'median':>8} {'p90':>8} {'p99':>8} {'max':>8}  (seconds)"
    )
    for rules in args.rules.split(","):
        for level in args.levels.split(","):
            times = decision_times(rules, level, args.hands, args.think)
            for kind in ("all", "play", "other"):
                values = times.get(kind, [])
                if not values:
                    continue
                print(
                    f"{rules:17} {level:7} {kind:6} {len(values):9d} "
                    f"{statistics.median(values):8.4f} {quantile(values, 0.9):8.4f} "
                    f"{quantile(values, 0.99):8.4f} {max(values):8.4f}",
                    flush=True,
                )


if __name__ == "__main__":
    main()
