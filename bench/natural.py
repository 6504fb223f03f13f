"""Whether a computer partner plays the way a person finds natural: it never takes a
trick its partner is sure to win.

    python bench/natural.py [--deals 1000] [--seed 1] [--rules standard]
                            [--level hard] [--workers 1]

``--deals`` seeded deals are played with the level in every seat, and for each seat
the script counts:

* chances: the seat is to play to a trick its partner's card is winning and sure to
  win as far as the seat can know (``rule_based.sure_partner_trick``: it plays last,
  or no card it cannot see could be held by a seat still to play, in a suit that
  seat has not shown out of, and beat the partner's card), and holds a legal card
  that leaves it to the partner (R7: when every legal card takes it, the trick is
  counted as forced instead);
* overtakes: in such a chance, the seat played a card that took the trick from its
  partner, and among them those that trumped it (the led suit not trumps);
* not lowest: in such a chance, a lower card of the same suit would have left the
  trick to the partner as well (information, no target: the search may keep a low
  card for a reason);
* trump leads: leads of trumps when the partner made trumps, not alone, out of the
  seat's leads with a trump in hand then (information: drawing trumps for the maker
  is often right, a person does it with a reason).

Target: no overtake of a sure partner trick.  Four ``hard`` players cost about 3 s
a deal on one core: ``--workers K`` spreads the deals over K processes (the counts
do not depend on K).  Every decision is checked legal by the engine (R16).
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter
from collections.abc import Sequence
from multiprocessing import Pool

from euchre_cli.engine.cards import EFFECTIVE_SUIT, TRICK_STRENGTH, TRUMP_POWER
from euchre_cli.engine.hand import Hand
from euchre_cli.engine.play import Player, play_out, shuffled_deck
from euchre_cli.engine.values import Action, Phase, View
from euchre_cli.players.levels import make_player
from euchre_cli.players.rule_based import sure_partner_trick
from euchre_cli.rulebook import load_ruleset

COUNTS = ("chances", "overtakes", "trumped", "not_lowest", "forced", "partner_made", "trump_leads")


class Watched:
    """A player whose card play is counted (see the module docstring)."""

    def __init__(self, player: Player, counts: Counter) -> None:
        self.player, self.counts = player, counts

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        action = self.player.choose(view, legal)
        if view.phase is Phase.PLAY and view.trump is not None:
            self._count(view, legal, int(action.card))
        return action

    def _count(self, view: View, legal: Sequence[Action], card: int) -> None:
        trump = view.trump
        counts = self.counts
        if not view.current_trick:
            partner = view.partner
            trumps = [a for a in legal if TRUMP_POWER[trump][a.card]]
            if partner is not None and view.maker == partner and trumps:
                counts["partner_made"] += 1
                counts["trump_leads"] += bool(TRUMP_POWER[trump][card])
            return
        partners = sure_partner_trick(view)
        if partners is None:
            return
        led = EFFECTIVE_SUIT[trump][view.current_trick[0][1]]
        strength = TRICK_STRENGTH[trump][led]
        if all(strength[a.card] > strength[partners] for a in legal):
            counts["forced"] += 1  # every card takes it: no choice
            return
        counts["chances"] += 1
        if strength[card] > strength[partners]:
            counts["overtakes"] += 1
            counts["trumped"] += led != trump and bool(TRUMP_POWER[trump][card])
            return
        suit = EFFECTIVE_SUIT[trump][card]

        def rank(c: int) -> int:
            return TRUMP_POWER[trump][c] or c & 7

        counts["not_lowest"] += any(
            EFFECTIVE_SUIT[trump][a.card] == suit
            and strength[a.card] <= strength[partners]
            and rank(a.card) < rank(card)
            for a in legal
        )


def play_deal(job: tuple[str, str, int, int]) -> list[Counter]:
    """One seeded deal with the level in every seat: each seat's counts."""
    rules, level, seed, number = job
    ruleset = load_ruleset(rules)
    deck = shuffled_deck(ruleset, random.Random(f"bench-natural:{rules}:{seed}:{number}"))
    counts = [Counter() for _ in range(ruleset.players)]
    players = [
        Watched(make_player(level, ruleset, seed=f"{seed}:{number}:{seat}"), counts[seat])
        for seat in range(ruleset.players)
    ]
    play_out(Hand(ruleset, number % ruleset.players, deck), players)
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rules", default="standard")
    parser.add_argument("--level", default="hard")
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    ruleset = load_ruleset(args.rules)
    jobs = [(args.rules, args.level, args.seed, number) for number in range(args.deals)]
    start = time.perf_counter()
    seats = [Counter() for _ in range(ruleset.players)]
    if args.workers > 1:
        with Pool(args.workers) as pool:
            results = list(pool.imap(play_deal, jobs, chunksize=4))
    else:
        results = [play_deal(job) for job in jobs]
    for counts in results:
        for seat, seat_counts in enumerate(counts):
            seats[seat].update(seat_counts)
    total = sum(seats, Counter())
    print(
        f"{args.rules}, {args.deals} deals, seed {args.seed}, {args.level} in every seat"
        f" ({time.perf_counter() - start:.0f} s)"
    )
    print(f"{'seat':6}" + "".join(f"{name:>13}" for name in COUNTS))
    for name, counts in [*((str(s), c) for s, c in enumerate(seats)), ("total", total)]:
        print(f"{name:6}" + "".join(f"{counts[key]:13d}" for key in COUNTS))
    print(
        f"overtakes of a sure partner trick: {total['overtakes']} in {total['chances']}"
        f" chances ({total['trumped']} by trumping it); a lower card of the same suit"
        f" left: {total['not_lowest']}; forced (every card takes it): {total['forced']}"
    )
    print(
        f"trump led when the partner made trumps: {total['trump_leads']} of"
        f" {total['partner_made']} leads with a trump in hand"
    )


if __name__ == "__main__":
    main()
