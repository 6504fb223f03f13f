"""What a search level's choices are worth where they differ from easy's.

    python bench/deviations.py [--deals 300] [--seed 11] [--rules standard]
                               [--level hard] [--workers 2] [--play]

Deals are played as ``euchre simulate --duplicate`` plays them, the level against
``easy``.  At every decision other than a card played (bids, going alone, the
exchanges) where the level's choice differs from the rule-based judgement's, the
deal is also finished from that point with the rule-based choice instead, every
other decision by the same players; the difference between the two outcomes, for
the deciding seat (its side's points minus the mean of the others'), is what the
choice was worth on that deal.  Printed per kind of choice: how many, the gain the
search predicted (its value of its choice minus its value of the rule-based one),
and the gain realised, with a 95% interval.  ``--play`` looks at the cards played
instead, by trick, by place in the trick (lead, or following 2nd to 4th) and by side
(maker or defender, lone hands apart).  A kind whose realised gain sits well below
its prediction is where the search misjudges (``bench/paired.py`` then tells whether
a change to it pays over whole deals).
"""

from __future__ import annotations

import argparse
import statistics
from collections import defaultdict
from multiprocessing import Pool

from euchre_cli.engine.hand import Hand
from euchre_cli.engine.play import play_out
from euchre_cli.engine.rules import Ruleset
from euchre_cli.engine.scoring import score_hand
from euchre_cli.engine.values import Phase
from euchre_cli.rulebook import load_ruleset
from euchre_cli.simulate import Matchup, deal_deck, mean_interval, table_players


def seat_points(ruleset: Ruleset, hand: Hand, seat: int) -> float:
    """The seat's side's points minus the mean of the other sides' points."""
    outcome = hand.result().outcome
    if outcome is None:
        return 0.0
    points = score_hand(ruleset.scoring, outcome, len(ruleset.sides)).points
    mine = ruleset.side_of(seat)
    others = [p for side, p in enumerate(points) if side != mine]
    return points[mine] - sum(others) / len(others)


def kind(action_text: str) -> str:
    """The kind of an action, without its card or suit: ``name:H`` is ``name``."""
    return action_text.split(":")[0].split()[0]


def play_kind(hand: Hand, seat: int) -> str:
    """A card's place in the play: trick, position in it, the player's side."""
    side = "maker" if hand.maker is not None and seat in hand.makers else "defender"
    if seat in hand.alone or hand.lone_defender is not None:
        side += " (lone hand)"
    place = "lead" if not hand.trick_plays else f"follow {len(hand.trick_plays) + 1}"
    return f"play: trick {len(hand.tricks) + 1}, {place}, {side}"


def deal_deviations(args: tuple[Matchup, int, bool]) -> list[tuple[str, float, float]]:
    """(kind of choice, predicted gain, realised gain) for each deviation in a deal:
    the cards played with ``play``, every other decision without."""
    match, number, play = args
    ruleset = match.ruleset
    dealer, deck = deal_deck(ruleset, match.seed, number)
    found = []
    for seating in match.seatings:
        table = table_players(match, seating, f"deal{number}")
        hand = Hand(ruleset, dealer, deck)
        forks = []
        while not hand.is_over:
            seat, view = hand.current_seat, hand.view(hand.current_seat)
            action = table[seat].choose(view, hand.legal_actions())
            analysis = getattr(table[seat], "last", None)
            looked = (view.phase is Phase.PLAY) == play
            if looked and analysis and analysis.values:
                default = analysis.default
                if action != default and default in analysis.values:
                    predicted = analysis.values[action] - analysis.values[default]
                    if play:
                        label = play_kind(hand, seat)
                    else:
                        label = f"{view.phase.value}: {kind(action.text)} for {kind(default.text)}"
                    forks.append((label, seat, predicted, hand.copy(), default))
            hand.apply(action)
        for label, seat, predicted, fork, default in forks:
            fork.apply(default)
            play_out(fork, table_players(match, seating, f"deal{number}"))
            realised = seat_points(ruleset, hand, seat) - seat_points(ruleset, fork, seat)
            found.append((label, predicted, realised))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--rules", default="standard")
    parser.add_argument("--level", default="hard")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--play", action="store_true", help="the cards played instead")
    args = parser.parse_args()
    ruleset = load_ruleset(args.rules)
    levels = (args.level,) + ("easy",) * (len(ruleset.sides) - 1)
    match = Matchup(ruleset, levels, seed=args.seed, deals=args.deals, duplicate=True)
    tasks = [(match, number, args.play) for number in range(args.deals)]
    by_kind: dict[str, list[tuple[float, float]]] = defaultdict(list)
    with Pool(args.workers) as pool:
        for found in pool.imap(deal_deviations, tasks, chunksize=4):
            for label, predicted, realised in found:
                by_kind[label].append((predicted, realised))
    print(f"{args.rules}, {args.level} against easy, {args.deals} deals x {len(match.seatings)}")
    total = 0.0
    for label, pairs in sorted(by_kind.items()):
        realised = [r for _, r in pairs]
        total += sum(realised)
        predicted = statistics.mean(p for p, _ in pairs)
        if len(realised) > 1:
            mean, low, high = mean_interval(realised)
            gain = f"{mean:+.3f} [{low:+.3f}, {high:+.3f}]"
        else:
            gain = f"{realised[0]:+.3f}"
        print(f"{label:40} {len(pairs):5}  predicted {predicted:+.3f}  realised {gain}")
    hands = args.deals * len(match.seatings)
    print(f"all deviations together: {total / hands:+.3f} points per deal")


if __name__ == "__main__":
    main()
