"""Two settings of the search player against the same opponents on the same deals.

    python bench/paired.py --a '{}' --b '{"play_samples": 48}' [--deals 400]
                           [--seed 11] [--rules standard] [--against easy] [--workers 2]

Each variant (``SearchSettings`` fields as JSON, over the ``hard`` preset) plays
``--deals`` duplicate deals against ``--against``; the script prints each variant's
points per deal over its opponents and the paired difference B - A, deal by deal,
with its 95% interval.  Pairing cancels most of the luck that the same deals share,
so a difference of a few hundredths of a point shows with a few hundred deals where
two separate runs would need thousands.  (Workers are forked after the preset is
set, so this relies on the "fork" start method, the default on Linux.)
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import time

from euchre_cli.players import levels
from euchre_cli.rulebook import load_ruleset
from euchre_cli.simulate import Matchup, Summary, iter_results, mean_interval


def differences(settings: dict, args: argparse.Namespace) -> list[float]:
    base = levels.PRESETS["hard"]
    levels.PRESETS["hard"] = dataclasses.replace(base, **settings)
    try:
        ruleset = load_ruleset(args.rules)
        opponents = (args.against,) * (len(ruleset.sides) - 1)
        match = Matchup(
            ruleset, ("hard", *opponents), seed=args.seed, deals=args.deals, duplicate=True
        )
        summary = Summary(match)
        for outcome in iter_results(match, args.workers):
            summary.add(outcome)
        return summary.differences()
    finally:
        levels.PRESETS["hard"] = base


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--a", default="{}", help="settings of variant A (JSON)")
    parser.add_argument("--b", required=True, help="settings of variant B (JSON)")
    parser.add_argument("--deals", type=int, default=400)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--rules", default="standard")
    parser.add_argument("--against", default="easy")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    results = {}
    for name in ("a", "b"):
        settings = json.loads(getattr(args, name))
        start = time.perf_counter()
        results[name] = differences(settings, args)
        mean, low, high = mean_interval(results[name])
        print(
            f"{name.upper()} {json.dumps(settings)}: {mean:+.3f} points per deal over "
            f"{args.against} [{low:+.3f}, {high:+.3f}], {time.perf_counter() - start:.0f} s",
            flush=True,
        )
    paired = [b - a for a, b in zip(results["a"], results["b"])]
    mean, low, high = mean_interval(paired)
    print(f"B - A, paired over {len(paired)} deals: {mean:+.3f} [{low:+.3f}, {high:+.3f}]")


if __name__ == "__main__":
    main()
