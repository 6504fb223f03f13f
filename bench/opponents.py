"""Whether a search level's edge over easy holds against opponents easy does not describe.

    python bench/opponents.py [--deals 400] [--seed 11] [--rules standard]
                              [--level hard] [--shifts=-0.4,0.4] [--workers 2]

The search levels read the other seats' bids and plays as evidence through the
rule-based judgement (``worlds.Knowledge.misfits``): against ``easy`` that reading
is exact, against anyone else it is not.  This plays the duplicate deals of
``euchre simulate`` (rulesets of two sides: partnerships, two-handed) against
rule-based opponents whose bidding thresholds are shifted by each of ``--shifts``
(negative: they order up and name trump with weaker hands than ``easy``; positive:
only with stronger ones), once with the level's side and once with an ``easy`` side
on the same deals and seats, and prints for each kind of opponent the points per
deal of both against it and the level's edge over ``easy``, paired per deal, with a
95% interval.  An edge that holds across the shifts says the evidence reading does
not depend on the opponents being ``easy``.
"""

from __future__ import annotations

import argparse
from multiprocessing import Pool

from deviations import seat_points

from euchre_cli.engine.hand import Hand
from euchre_cli.engine.play import play_out
from euchre_cli.players.rule_based import RuleBasedPlayer
from euchre_cli.rulebook import load_ruleset
from euchre_cli.simulate import Matchup, deal_deck, mean_interval, table_players


def shifted_player(seed: str, shift: float) -> RuleBasedPlayer:
    """The rule-based player with every bidding threshold moved by ``shift``."""
    player = RuleBasedPlayer(seed)
    thresholds = player.thresholds.items()
    player.thresholds = {key: (up + shift, name + shift) for key, (up, name) in thresholds}
    return player


def seating_points(match: Matchup, seating: tuple[int, ...], number: int, shift: float) -> float:
    """The points of ``match``'s first level minus the shifted opponents' on one
    seating of deal ``number``."""
    ruleset = match.ruleset
    dealer, deck = deal_deck(ruleset, match.seed, number)
    table = table_players(match, seating, f"deal{number}")
    theirs = [s for s in range(ruleset.players) if seating[ruleset.side_of(s)] != 0]
    for seat in theirs:
        table[seat] = shifted_player(f"{match.seed}:deal{number}:{seat}", shift)
    hand = play_out(Hand(ruleset, dealer, deck), table)
    return -seat_points(ruleset, hand, theirs[0])  # two sides: theirs - ours, negated


def deal_edges(args: tuple[Matchup, Matchup, int, list[float]]) -> list[tuple[float, float]]:
    """For each shift: (the level's side's points minus the opponents', the same
    for an easy side), each the mean over the deal's seatings."""
    match, easy_match, number, shifts = args
    results = []
    for shift in shifts:
        level, easy = (
            sum(seating_points(ours, seating, number, shift) for seating in ours.seatings)
            / len(ours.seatings)
            for ours in (match, easy_match)
        )
        results.append((level, easy))
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=400)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--rules", default="standard")
    parser.add_argument("--level", default="hard")
    parser.add_argument("--shifts", default="-0.4,0.4", help="write --shifts=-0.4,0.4 (with =)")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    ruleset = load_ruleset(args.rules)
    if len(ruleset.sides) != 2:
        parser.error(f"{args.rules} has {len(ruleset.sides)} sides; this bench needs two")
    shifts = [float(s) for s in args.shifts.split(",")]
    match = Matchup(ruleset, (args.level, "easy"), seed=args.seed, deals=args.deals, duplicate=True)
    easy_match = Matchup(
        ruleset, ("easy", "easy"), seed=args.seed, deals=args.deals, duplicate=True
    )
    tasks = [(match, easy_match, number, shifts) for number in range(args.deals)]
    with Pool(args.workers) as pool:
        per_deal = list(pool.imap(deal_edges, tasks, chunksize=4))
    print(f"{args.rules}, {args.deals} deals x {len(match.seatings)}, seed {args.seed}")
    for index, shift in enumerate(shifts):
        level = [deal[index][0] for deal in per_deal]
        easy = [deal[index][1] for deal in per_deal]
        edge = [a - b for a, b in zip(level, easy)]
        parts = []
        for name, values in ((args.level, level), ("easy", easy), ("edge", edge)):
            mean, low, high = mean_interval(values)
            parts.append(f"{name} {mean:+.3f} [{low:+.3f}, {high:+.3f}]")
        print(f"opponents' thresholds {shift:+.2f}: " + "   ".join(parts))


if __name__ == "__main__":
    main()
