"""Our computer levels against programs nobody here wrote, on duplicate deals.

    python bench/versus.py [--against ismcts|euchre-cli] [--level hard] [--deals 1000]
                           [--seed 1] [--worlds 8] [--simulations 1000] [--uct 2]
                           [--workers 2] [--json FILE] [--compare FILE]
                           [--settings JSON]

The opponents: OpenSpiel's information-set Monte Carlo tree search (``ismcts``: its
Python ``ISMCTSBot`` with ``--worlds`` dealings of the unseen cards reused over
``--simulations`` simulations, random play-outs, UCT constant ``--uct``), and the
heuristic computer player of PyPI's ``euchre-cli``.  OpenSpiel's Euchre is the
referee (``openspiel_table.py``): stick the dealer, the dealer must take an ordered
upcard, no lone defender, the player left of the dealer always leads; our rules for
that game are ``bench/openspiel.yaml`` (``stick-the-dealer`` with those three).

Each deal is played twice with the same cards and dealer, our level's partnership
in North-South and then in East-West, and scored as the mean of our side's points
minus theirs over the two: the 95% interval is over those per-deal means.  It also
prints each side's decision times, and how the contracts went.  ``--compare FILE``
sets this run against an earlier one (``--json``, the same seed: the same deals) deal
by deal, for a change's gain with a far narrower interval than either run alone;
``--settings`` changes the search level's ``SearchSettings`` (JSON fields over its
preset, as ``bench/paired.py`` takes them) for such a run.

OpenSpiel and euchre-cli are not dependencies of ``euchre``: install them beside it
in a bench-only environment,

    python3 -m venv /tmp/versus && /tmp/versus/bin/pip install -e . open_spiel euchre-cli
    /tmp/versus/bin/python bench/versus.py --deals 1000 --workers 2
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import random
import statistics
import time
from multiprocessing import Pool

from openspiel_table import (
    DEALT,
    EuchreCliSeat,
    IsmctsSeat,
    OurSeat,
    openspiel_game,
    play_deal,
)

from euchre_cli.players.levels import PRESETS, make_player
from euchre_cli.rulebook import load_ruleset
from euchre_cli.simulate import mean_interval

RULES = "bench/openspiel.yaml"
_CONTEXT: dict = {}


def deal_of(seed: int, number: int) -> tuple[int, list[int]]:
    """Deal ``number``'s dealer and OpenSpiel cards, the same for every run of ``seed``."""
    rng = random.Random(f"versus:{seed}:{number}")
    deck = list(range(24))
    rng.shuffle(deck)
    return rng.randrange(4), deck


def start_worker(args: argparse.Namespace) -> None:
    _CONTEXT.update(args=args, game=openspiel_game(), rules=load_ruleset(RULES))


def opponent(args: argparse.Namespace, number: int, seat: int):
    if args.against == "euchre-cli":
        return EuchreCliSeat(seed=number * 4 + seat)
    return IsmctsSeat(
        _CONTEXT["game"],
        args.seed * 1_000_003 + number * 4 + seat,
        args.worlds,
        args.simulations,
        args.uct,
    )


def play_both_ways(number: int) -> dict:
    """Deal ``number`` with our level North-South, then East-West."""
    args, game, rules = _CONTEXT["args"], _CONTEXT["game"], _CONTEXT["rules"]
    dealer, deck = deal_of(args.seed, number)
    ways = []
    for side in (0, 1):
        seats = [
            OurSeat(make_player(args.level, rules, seed=f"{args.seed}:{number}:{seat}"))
            if seat % 2 == side
            else opponent(args, number, seat)
            for seat in range(4)
        ]
        outcome = play_deal(game, rules, dealer, deck, seats)
        ways.append(
            {
                "points": outcome.returns[side],
                "maker_ours": outcome.maker % 2 == side,
                "alone": outcome.alone,
                "tricks": outcome.tricks_to_makers,
                "ours_times": [t for s in seats[side::2] for t in s.times],
                "their_times": [t for s in seats[1 - side :: 2] for t in s.times],
                "moves": [f"{seat}:{action.text}" for seat, action in outcome.history],
            }
        )
    return {"deal": number, "dealer": dealer, "upcard": deck[DEALT], "ways": ways}


def contracts(results: list[dict], ours: bool) -> dict:
    """How the contracts of one side went: made, euchred, marched, alone."""
    played = [way for r in results for way in r["ways"] if way["maker_ours"] == ours]
    return {
        "made": sum(w["tricks"] >= 3 for w in played),
        "euchred": sum(w["tricks"] < 3 for w in played),
        "marched": sum(w["tricks"] == 5 for w in played),
        "alone": sum(w["alone"] for w in played),
    }


def quantiles(times: list[float]) -> dict:
    ordered = sorted(times)
    at = lambda q: ordered[min(len(ordered) - 1, int(q * len(ordered)))]  # noqa: E731
    return {"decisions": len(ordered), "median": at(0.5), "p90": at(0.9), "p99": at(0.99)}


def compared(path: str, seed: int, per_deal: list[float]) -> str:
    """This run's gain over an earlier run of the same deals, paired deal by deal."""
    with open(path) as file:
        earlier = json.load(file)
    if earlier["seed"] != seed:
        return f"  --compare: {path} was run with seed {earlier['seed']}, not {seed}"
    before = [statistics.mean(w["points"] for w in r["ways"]) for r in earlier["results"]]
    pairs = list(zip(per_deal, before))
    mean, low, high = mean_interval([now - then for now, then in pairs])
    return (
        f"  against {path} on the same {len(pairs)} deals: {mean:+.3f} points per deal"
        f" (95% CI {low:+.3f} to {high:+.3f})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", choices=("ismcts", "euchre-cli"), default="ismcts")
    parser.add_argument("--level", default="hard")
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--worlds", type=int, default=8)
    parser.add_argument("--simulations", type=int, default=1000)
    parser.add_argument("--uct", type=float, default=2.0)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--json", help="write every deal's moves and points here")
    parser.add_argument("--compare", help="an earlier run's --json file, same seed: paired gain")
    parser.add_argument("--settings", default="{}", help="SearchSettings fields (JSON)")
    args = parser.parse_args()
    if args.level in PRESETS:  # set before the workers fork, so that they have it too
        PRESETS[args.level] = dataclasses.replace(PRESETS[args.level], **json.loads(args.settings))
    start = time.perf_counter()
    with Pool(args.workers, start_worker, (args,)) as pool:
        results = []
        for done, result in enumerate(pool.imap_unordered(play_both_ways, range(args.deals)), 1):
            results.append(result)
            if done % max(1, args.deals // 20) == 0:
                so_far = mean_interval(
                    [statistics.mean(w["points"] for w in r["ways"]) for r in results]
                )
                print(
                    f"  {done} deals, {time.perf_counter() - start:.0f} s: {so_far[0]:+.3f}",
                    flush=True,
                )
    results.sort(key=lambda r: r["deal"])
    per_deal = [statistics.mean(way["points"] for way in r["ways"]) for r in results]
    mean, low, high = mean_interval(per_deal)
    them = "ISMCTS" if args.against == "ismcts" else "euchre-cli"
    setting = (
        f" ({args.worlds} worlds x {args.simulations} simulations, UCT c = {args.uct:g})"
        if args.against == "ismcts"
        else ""
    )
    ours_t = quantiles([t for r in results for w in r["ways"] for t in w["ours_times"]])
    theirs_t = quantiles([t for r in results for w in r["ways"] for t in w["their_times"]])
    print(
        f"{args.level} against {them}{setting}: {args.deals} duplicate deals, seed {args.seed},"
        f" {RULES}, {time.perf_counter() - start:.0f} s"
    )
    print(
        f"  {args.level} minus {them}: {mean:+.3f} points per deal"
        f" (95% CI {low:+.3f} to {high:+.3f})"
    )
    for name, side, times in ((args.level, True, ours_t), (them, False, theirs_t)):
        made = contracts(results, side)
        print(
            f"  {name}: made {made['made']}, euchred {made['euchred']}, marched {made['marched']},"
            f" alone {made['alone']}; decision time median {times['median']:.3f} s,"
            f" p90 {times['p90']:.3f} s, p99 {times['p99']:.3f} s over {times['decisions']}"
        )
    if args.compare:
        print(compared(args.compare, args.seed, per_deal))
    if args.json:
        summary = {
            "level": args.level,
            "against": args.against,
            "deals": args.deals,
            "seed": args.seed,
            "worlds": args.worlds,
            "simulations": args.simulations,
            "uct": args.uct,
            "points_per_deal": mean,
            "ci95": [low, high],
            "ours": {**contracts(results, True), **ours_t},
            "theirs": {**contracts(results, False), **theirs_t},
            "results": results,
        }
        with open(args.json, "w") as file:
            json.dump(summary, file)


if __name__ == "__main__":
    main()
