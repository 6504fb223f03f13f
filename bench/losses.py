"""Where a level loses points: its decisions in ``bench/versus.py``'s deals, weighed by
a stronger search.

    python bench/losses.py --json FILE [--deals 40] [--factor 10] [--workers 1]

``FILE`` is what ``bench/versus.py --json`` wrote.  Every decision of our level there
with more than one legal action is set again, from the same view, to the ``hard``
search with ``--factor`` times its deals per decision (the reference), which scores
every legal action; the decision's loss is the reference's value of its best action
minus its value of the action taken (0 where they agree).  The losses are summed per
kind of decision (bidding in the first round and the second, going alone, the
dealer's discard, leading and following in the play) and given per deal (the mean
of its two ways), with a 95% interval over the deals, so that the largest is where
work pays.  The reference is noisy too (its values are means over its own deals), so
a loss is an estimate; the kinds are comparable with each other.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
from collections import defaultdict
from multiprocessing import Pool

from openspiel_table import our_hand
from versus import RULES, deal_of

from euchre_cli.engine.hand import Hand
from euchre_cli.engine.values import Action, Phase
from euchre_cli.players.levels import PRESETS
from euchre_cli.players.search import SearchPlayer
from euchre_cli.rulebook import load_ruleset
from euchre_cli.simulate import mean_interval

KINDS = ("bid round 1", "bid round 2", "going alone", "discard", "lead", "follow")
_CONTEXT: dict = {}


def kind_of(hand: Hand) -> str:
    if hand.phase is Phase.PLAY:
        return "follow" if hand.trick_plays else "lead"
    return {
        Phase.BID_UPCARD: "bid round 1",
        Phase.NAME_TRUMP: "bid round 2",
        Phase.MAKER_ALONE: "going alone",
        Phase.DISCARD: "discard",
    }[hand.phase]


def start_worker(factor: int, seed: int) -> None:
    base = PRESETS["hard"]
    settings = dataclasses.replace(
        base, play_samples=base.play_samples * factor, bid_samples=base.bid_samples * factor
    )
    _CONTEXT.update(rules=load_ruleset(RULES), settings=settings, seed=seed)


def deal_losses(result: dict) -> dict[str, list[float]]:
    """Each kind's losses in one deal (both ways), one entry per decision."""
    rules, settings, seed = _CONTEXT["rules"], _CONTEXT["settings"], _CONTEXT["seed"]
    dealer, deck = deal_of(seed, result["deal"])
    losses: dict[str, list[float]] = defaultdict(list)
    for side, way in enumerate(result["ways"]):
        hand = our_hand(rules, dealer, deck)
        reference = [
            SearchPlayer(rules, f"reference:{result['deal']}:{s}", settings) for s in range(4)
        ]
        for move in way["moves"]:
            seat_text, text = move.split(":", 1)
            seat, action = int(seat_text), Action.parse(text)
            legal = hand.legal_actions()
            if seat % 2 == side and len(legal) > 1:
                values = reference[seat].analyse(hand.view(seat), legal).values
                best = max(values.values(), default=0.0)  # none: the points are settled
                losses[kind_of(hand)].append(best - values.get(action, best))
            hand.apply(action, seat)
    return losses


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", required=True, help="a file bench/versus.py --json wrote")
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--factor", type=int, default=10)
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    with open(args.json) as file:
        run = json.load(file)
    results = run["results"][: args.deals]
    with Pool(args.workers, start_worker, (args.factor, run["seed"])) as pool:
        per_deal = pool.map(deal_losses, results)
    print(
        f"{run['level']}'s decisions in {len(results)} deals against {run['against']}"
        f" (both ways), weighed by hard with {args.factor}x the deals"
    )
    print(f"{'decision':<14}{'count':>7}{'differ':>8}{'loss/deal':>11}   95% CI")
    total = [0.0] * len(per_deal)
    for kind in KINDS:
        sums = [sum(losses.get(kind, ())) / 2 for losses in per_deal]  # a deal is played twice
        total = [t + s for t, s in zip(total, sums)]
        count = sum(len(losses.get(kind, ())) for losses in per_deal)
        differ = sum(loss > 0 for losses in per_deal for loss in losses.get(kind, ()))
        mean, low, high = mean_interval(sums)
        print(f"{kind:<14}{count:>7}{differ:>8}{mean:>11.3f}   [{low:.3f}, {high:.3f}]")
    mean, low, high = mean_interval(total)
    print(f"{'all':<14}{'':>7}{'':>8}{mean:>11.3f}   [{low:.3f}, {high:.3f}]")


if __name__ == "__main__":
    main()
