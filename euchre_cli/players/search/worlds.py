"""Deals consistent with what one seat has seen ("determinization").

A ``Knowledge`` is built from a seat's ``View`` and the ruleset (which every player
at the table knows: the deck, the dummy, the scoring) and nothing else.  It says
which cards the seat has not seen, how many unseen cards each other seat holds now,
where the upcard is (still in the kitty, turned down, in the dealer's hand or, R12,
among the dealer's discards), and
which suits each seat has shown out of by failing to follow (R7).  Its ``sample``
deals the unseen cards uniformly at random among all the placements that respect
those facts (an exact count over the suits, so a sample never has to be thrown
away), and ``World`` turns one placement back into a deal the engine can replay:
hands as dealt, the dummy, the kitty, every discard.

Everything here reads the view only: a seat's own discards, the cards it has been
dealt, the bids, tricks and voids.  The other hands, the dummy before it is merged,
the kitty and the others' discards are always unknowns filled in by the sample.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from math import factorial

from ...engine.cards import EFFECTIVE_SUIT, SUIT_MASKS, bit_indices, mask_of
from ...engine.deal import deck_order
from ...engine.hand import Hand
from ...engine.rules import HAND_SIZE, WEAK_HAND_SWAP, Ruleset, partner
from ...engine.values import (
    ALONE,
    BIDDING,
    DISCARD,
    GIVE,
    PASS,
    PICKUP,
    PLAY,
    SHOW,
    Action,
    Phase,
    View,
)
from .. import Player
from ..rule_based import hand_value

# Going alone, read as evidence: a hand of at least this value (``hand_value`` with
# the trump named) explains it, and not going alone is explained by any hand.  The
# rule-based judgement goes alone only with a near-certain march, which almost no
# drawn hand is: a loner explained nothing, and the lone hand was drawn as an ordinary
# one (defenders then defended alone against it).  The search's own loners, 22 in 13
# games of hard players, had values 2.36 to 4.11; it passed with 0.81 to 3.58.
LONE_HAND_VALUE = 2.4
_MOST_DRAWS = 2000  # deals drawn for one whose bids are all possible (R17): far more than needed


@dataclass
class World:
    """One complete deal consistent with a seat's view.

    ``current[seat]`` is what each seat holds now; ``dealt`` the hands as dealt,
    ``dummy`` the dummy as dealt, ``kitty`` the kitty as dealt with the upcard first,
    ``discards[seat]`` the cards each seat has discarded so far, in order, and the
    cards passed face down: a weak hand's swap and calls for best.
    """

    current: list[int]
    dealt: list[int]
    dummy: list[int]
    kitty: list[int]
    discards: list[list[int]]
    swapped: list[int] = field(default_factory=list)  # a weak hand's gift to the kitty (R17)
    passed: dict[int, int] = field(default_factory=dict)  # lone seat: the partner's card (R13)


def _played_and_voids(view: View) -> tuple[list[int], list[int]]:
    """Per seat, the cards it has played (as bits) and the suits it has shown out of
    by failing to follow (R7), from the tricks in the view."""
    played_by = [0] * view.players
    voids = [0] * view.players
    tricks = [t.plays for t in view.tricks]
    if view.current_trick:
        tricks.append(view.current_trick)
    for plays in tricks:
        led = EFFECTIVE_SUIT[view.trump][plays[0][1]]
        for seat, card in plays:
            played_by[seat] |= 1 << card
            if EFFECTIVE_SUIT[view.trump][card] != led:
                voids[seat] |= 1 << led
    return played_by, voids


class Knowledge:
    """What ``view.seat`` knows about where the cards are (see the module docstring)."""

    def __init__(self, view: View, ruleset: Ruleset) -> None:
        self.view = view
        self.rules = ruleset
        me = self.me = view.seat
        self.makers = self._makers(view, ruleset)
        self.played_by, voids = _played_and_voids(view)
        played = 0
        for mask in self.played_by:
            played |= mask
        self.played = played
        self.hand = mask_of(view.hand)
        self.my_discards = list(view.discards)
        self._upcard(view, voids)
        self.unseen = ruleset.deck_mask & ~(
            self.hand | mask_of(view.discards) | played | 1 << self.upcard
        )
        self.unseen &= ~mask_of(view.given)  # passed on by this seat: not where others guess
        self._weak_exchange(view, ruleset, self.played_by, voids)
        self._calls_for_best(view, ruleset)
        self.must_hold = self._natural_bids(view, ruleset)
        # the card this seat passed its lone partner (R13), taken to be kept by it
        self.passed_to: int | None = None
        lone = next((s for s in self.called_best if partner(s) == me), None)
        if lone is not None and not played >> view.given[-1] & 1:
            self.passed_to = lone
        self._count_unknown(view)
        self.free = self.unseen.bit_count() - sum(self.unknown)
        if self.free < 0:
            raise ValueError("the view is not consistent with the ruleset's deck")
        self.voids = voids
        self._prepare_sampler(view.trump)

    def _upcard(self, view: View, voids: list[int]) -> None:
        """Where the upcard is: in the kitty (or seen), in the dealer's hand, or, R12,
        among the dealer's discards."""
        up = self.upcard = view.upcard
        dealer = view.dealer
        self.upcard_holder: int | None = None
        # A dealer free to discard the upcard (R12's eleven cards) is taken to keep
        # it, a trump, until shown out of trumps: then it is among the discards.
        self.upcard_discarded = False
        took = view.dealer_took_upcard is True
        if took and dealer != self.me and not self.played >> up & 1:
            trump = view.trump
            if view.upcard_discardable and trump is not None and voids[dealer] >> trump & 1:
                self.upcard_discarded = True
            else:
                self.upcard_holder = dealer

    def _count_unknown(self, view: View) -> None:
        """How many unseen cards each other seat holds now (``unknown``), and how many
        it has discarded (``discard_count``)."""
        me, dealer = self.me, view.dealer
        took = view.dealer_took_upcard is True
        merged = bool(view.dummy_cards) and view.maker is not None and view.maker not in view.alone
        exchanged = view.phase in (Phase.DISCARD, Phase.CALL_FOR_BEST, Phase.PLAY, Phase.OVER)
        self.merged = merged and exchanged
        self.unknown = [0] * view.players
        self.discard_count = [0] * view.players
        for seat in range(view.players):
            if seat == me:
                continue
            extra = 0
            if exchanged and seat == dealer and took:
                extra += 1
            if self.merged and seat == view.maker:
                extra += view.dummy_cards
            done = (
                view.phase is not Phase.DISCARD
                or self.my_best_received
                or (seat == dealer and me == view.maker and dealer != me and took)
            )
            if done:
                self.discard_count[seat] = extra
                held = HAND_SIZE - self.played_by[seat].bit_count()
            else:
                held = HAND_SIZE + extra
            if seat == self.upcard_holder:
                held -= 1
            if seat in self.gave_best:
                held -= 1  # sits out, having passed a card to the lone partner (R13)
            if seat in self.called_best:
                self.discard_count[seat] += 1  # took the partner's card, discarded one (R13)
            if seat == self.passed_to:
                held -= 1  # holds the card this seat passed it
            if seat == self.shower:
                held -= self.kept_unplayed  # the shown cards it still holds (R17)
            self.unknown[seat] = held

    def _weak_exchange(
        self, view: View, ruleset: Ruleset, played_by: list[int], voids: list[int]
    ) -> None:
        """R17: a hand shown and swapped with the kitty.  Its five cards are known to
        all; which three went to the kitty only to the player, so another seat knows
        that two of them stayed: those not yet played are drawn among the shown cards
        that seat has not shown out of (``sample``).  A kept card may since have been
        passed to a lone partner (R13): one seen anywhere else went that way."""
        self.shower: int | None = None
        self.shown = 0
        self.passed_shown = 0  # a shown card seen since in other hands: passed (R13)
        self.kept_unplayed = 0
        self.kept_candidates: list[int] = []
        swapped = view.weak_hand is not None and ruleset.deal.weak_hand == "exchange"
        if not swapped or view.phase is Phase.WEAK_HAND:
            return  # (only the player who showed decides while swapping)
        seat, cards = view.weak_hand
        self.shown = mask_of(cards)
        self.unseen &= ~self.shown
        if seat == self.me:
            return
        self.shower = seat
        seen_here = self.hand | mask_of(view.discards)
        self.passed_shown = self.shown & (seen_here | (self.played & ~played_by[seat]))
        kept = HAND_SIZE - WEAK_HAND_SWAP - self.passed_shown.bit_count()
        self.kept_unplayed = kept - (played_by[seat] & self.shown).bit_count()
        effective = EFFECTIVE_SUIT[view.trump] if view.trump is not None else None
        self.kept_candidates = [
            card
            for card in bit_indices(self.shown & ~self.played & ~seen_here)
            if effective is None or not voids[seat] >> effective[card] & 1
        ]

    def _calls_for_best(self, view: View, ruleset: Ruleset) -> None:
        """R13: which lone players have taken a card from their partner and discarded
        one, as this seat can tell from the phase (the cards are passed face down)."""
        self.called_best: list[int] = []
        self.gave_best: list[int] = []
        me = self.me
        swapped = view.weak_hand is not None and view.weak_hand[0] == me
        from_kitty = WEAK_HAND_SWAP if swapped and ruleset.deal.weak_hand == "exchange" else 0
        self.my_best_received = False  # this seat called for best, and has the card
        if not ruleset.alone.call_for_best or not ruleset.partnerships:
            return
        self.my_best_received = me in view.alone and len(view.received) > from_kitty
        callers = list(view.alone)
        if view.phase is Phase.PLAY or view.phase is Phase.OVER:
            done = callers
        elif view.phase is Phase.CALL_FOR_BEST:  # this seat passes a card now
            done = callers[: next(i for i, s in enumerate(callers) if partner(s) == me)]
        elif view.phase is Phase.DISCARD and me in callers and self.my_best_received:
            done = callers[: callers.index(me)]  # this seat discards after its partner's card
        else:
            done = []
        self.called_best = [s for s in done if s != me]
        self.gave_best = [partner(s) for s in done if partner(s) != me]
        if self.my_best_received:
            self.gave_best.append(partner(me))

    def _natural_bids(self, view: View, ruleset: Ruleset) -> list[tuple[int, int]]:
        """Under natural trump (R17) each bid is evidence that cannot be wrong: whoever
        ordered up or named a suit held a card of it as trump (a dealer may count the
        upcard, and a stuck dealer need not).  (seat, mask of those trumps) per bid."""
        if not ruleset.bidding.natural_trump:
            return []
        joker_named = view.upcard.is_joker and ruleset.bidding.joker_upcard == "dealer-names"
        held = []
        for number, (seat, action) in enumerate(view.bids):
            if seat == self.me or joker_named or action is PASS or seat == view.dealer:
                continue  # the dealer counts the upcard, or is stuck, or names for the joker
            suit = view.proposed_suit if number < view.players else action.suit
            held.append((seat, SUIT_MASKS[suit][suit]))
        return held

    def possible(self, world: World) -> bool:
        """Whether every bid could have been made in ``world`` (R17's natural trump)."""
        for seat, trumps in self.must_hold:
            bidding_hand = world.dealt[seat]
            if self.view.weak_hand is not None and seat == self.view.weak_hand[0]:
                bidding_hand = (bidding_hand & ~mask_of(world.swapped)) | mask_of(
                    world.kitty[1 : 1 + len(world.swapped)]
                )
            if not bidding_hand & trumps:
                return False
        return True

    def draw(self, rng: random.Random) -> tuple[list[int], list[int], World]:
        """A sample and its whole deal, drawn again until every bid is possible in it
        (the view's own deal always is, so a possible one comes up)."""
        for _ in range(_MOST_DRAWS):
            holdings, free = self.sample(rng)
            world = self.world(holdings, free, rng)
            if self.possible(world):
                break
        return holdings, free, world

    @staticmethod
    def _makers(view: View, ruleset: Ruleset) -> tuple[int, ...]:
        if view.maker is None:
            return ()
        if ruleset.partnerships:
            return tuple(sorted((view.maker, partner(view.maker))))
        return (view.maker,)

    # ---------------------------------------------------------------- sampling
    def _prepare_sampler(self, trump: int | None) -> None:
        """Group the unseen cards by effective suit and count, once, the ways to place
        them so that no seat gets a suit it has shown out of."""
        unseen = self.unseen
        constrained = [
            s
            for s in range(self.view.players)
            if self.voids[s] and self.unknown[s] and s != self.me
        ]
        self.constrained = constrained
        if trump is None or not constrained:
            self.classes = [(bit_indices(unseen), 0)]
        else:
            self.classes = []
            for suit in range(4):
                cards = bit_indices(unseen & SUIT_MASKS[trump][suit])
                if cards:
                    allowed = 0
                    for i, s in enumerate(constrained):
                        if not self.voids[s] >> suit & 1:
                            allowed |= 1 << i
                    self.classes.append((cards, allowed))
        self._ways: dict[tuple, int] = {}
        needs = tuple(self.unknown[s] for s in constrained)
        if self._count(0, needs) == 0:
            raise ValueError("no deal is consistent with this view")

    def _splits(self, size: int, allowed: int, needs: tuple[int, ...]):
        """Every way to give ``x[i]`` of ``size`` cards to allowed constrained seats."""
        splits = [()]
        for i, need in enumerate(needs):
            top = need if allowed >> i & 1 else 0
            splits = [(*s, x) for s in splits for x in range(min(top, size - sum(s)) + 1)]
        return splits

    def _count(self, index: int, needs: tuple[int, ...]) -> int:
        key = (index, needs)
        cached = self._ways.get(key)
        if cached is not None:
            return cached
        if index == len(self.classes):
            total = 1 if not any(needs) else 0
        else:
            cards, allowed = self.classes[index]
            size = len(cards)
            total = 0
            for split in self._splits(size, allowed, needs):
                rest = tuple(n - x for n, x in zip(needs, split))
                ways = self._count(index + 1, rest)
                if ways:
                    total += _multinomial(size, split) * ways
        self._ways[key] = total
        return total

    def sample(self, rng: random.Random) -> tuple[list[int], list[int]]:
        """Unseen cards placed at random: (unknown cards held by each seat as masks,
        the cards in no seat's hand: kitty, dummy, discards, in random order)."""
        players = self.view.players
        holdings = [0] * players
        free: list[int] = []
        needs = tuple(self.unknown[s] for s in self.constrained)
        for index, (cards, allowed) in enumerate(self.classes):
            cards = list(cards)
            rng.shuffle(cards)
            size = len(cards)
            if self.constrained:
                options = []
                for split in self._splits(size, allowed, needs):
                    rest = tuple(n - x for n, x in zip(needs, split))
                    ways = self._count(index + 1, rest)
                    if ways:
                        options.append((split, rest, _multinomial(size, split) * ways))
                pick = rng.randrange(sum(w for _, _, w in options))
                for option in options:
                    if pick < option[2]:
                        break
                    pick -= option[2]
                split, needs, _ = option
                start = 0
                for s, x in zip(self.constrained, split):
                    holdings[s] |= mask_of(cards[start : start + x])
                    start += x
                free.extend(cards[start:])
            else:
                free.extend(cards)
        rng.shuffle(free)
        for s in range(players):
            if s == self.me or s in self.constrained:
                continue
            take = self.unknown[s]
            holdings[s] |= mask_of(free[:take])
            del free[:take]
        if self.shower is not None:  # two of the shown cards stayed (R17)
            holdings[self.shower] |= mask_of(rng.sample(self.kept_candidates, self.kept_unplayed))
        return holdings, free

    # ------------------------------------------------------------ whole deals
    def world(self, holdings: list[int], free: list[int], rng: random.Random) -> World:
        """The deal behind a sample: hands as dealt, the dummy, the kitty, discards."""
        view = self.view
        players = view.players
        me = self.me
        up = self.upcard
        free = list(free)
        current = list(holdings)
        current[me] = self.hand
        if self.upcard_holder is not None:
            current[self.upcard_holder] |= 1 << up
        if self.passed_to is not None:
            current[self.passed_to] |= 1 << view.given[-1]
        discards: list[list[int]] = [[] for _ in range(players)]
        discards[me] = list(self.my_discards)
        for seat in range(players):
            if seat != me and self.discard_count[seat]:
                known = [up] if seat == view.dealer and self.upcard_discarded else []
                count = self.discard_count[seat] - len(known)
                discards[seat] = [*known, *free[:count]]
                del free[:count]
        dealt = [0] * players
        dummy: list[int] = []
        took = view.dealer_took_upcard is True
        passed = self._passed_cards(current, discards, rng)
        swapped: list[int] = []
        taken: list[int] = []  # the kitty's cards a weak hand took (R17)
        for seat in range(players):
            pool = current[seat] | self.played_by[seat] | mask_of(discards[seat])
            if seat == view.dealer and took:
                pool &= ~(1 << up)
            if seat in passed:  # from the partner (R13)
                pool &= ~(1 << passed[seat])
            mate = partner(seat)
            if mate in passed:
                pool |= 1 << passed[mate]
            if view.weak_hand is not None and seat == view.weak_hand[0] and self.shown:
                kept = pool & self.shown
                swapped = bit_indices(self.shown & ~kept)
                if seat == me:  # the player knows the order it gave them in
                    swapped = [int(card) for card in view.given[:WEAK_HAND_SWAP]]
                    taken = [int(card) for card in view.received[:WEAK_HAND_SWAP]]
                extra = bit_indices(pool & ~kept & ~mask_of(taken))
                rng.shuffle(extra)
                taken += extra[: WEAK_HAND_SWAP - len(taken)]
                pool = (pool & ~mask_of(taken)) | self.shown
            cards = bit_indices(pool)
            if self.merged and seat == view.maker:
                if seat == me:  # this seat knows which of its cards were the dummy's
                    merged = mask_of(view.received[-view.dummy_cards :])
                    cards = bit_indices(pool & ~merged) + bit_indices(merged)
                elif not self.shown or seat != view.weak_hand[0]:
                    rng.shuffle(cards)
                else:  # the shown hand was dealt: the dummy is the rest
                    cards = bit_indices(self.shown) + bit_indices(pool & ~self.shown)
                dummy = cards[HAND_SIZE:]
                cards = cards[:HAND_SIZE]
            dealt[seat] = mask_of(cards)
        if not self.merged and view.dummy_cards:
            dummy = free[: view.dummy_cards]
            del free[: view.dummy_cards]
        return World(current, dealt, dummy, [up, *taken, *free], discards, swapped, passed)

    def _passed_cards(
        self, current: list[int], discards: list[list[int]], rng: random.Random
    ) -> dict[int, int]:
        """The card each lone player was passed by the partner (R13): known to both of
        them, drawn for anyone else among the lone player's cards that it could be (not
        the upcard it picked up, nor a discard made before it came)."""
        view = self.view
        passed = {}
        for lone in [*self.called_best, *([self.me] if self.my_best_received else [])]:
            mate = partner(lone)
            if lone == self.me:
                passed[lone] = int(view.received[-1])
            elif mate == self.me:
                passed[lone] = int(view.given[-1])
            elif self.passed_shown and mate == self.shower:
                passed[lone] = self.passed_shown.bit_length() - 1  # seen: the shown card
            else:
                pool = current[lone] | self.played_by[lone] | mask_of(discards[lone][-1:])
                if lone == view.dealer and view.dealer_took_upcard:
                    pool &= ~(1 << self.upcard)
                pool &= ~self.shown  # a weak hand shown was dealt to it (R17)
                passed[lone] = rng.choice(bit_indices(pool))
        return passed

    def replay(self, world: World) -> Hand:
        """The engine's state at this seat's decision, for the deal ``world``.

        Every public action is replayed through ``Hand.apply``: bids, going alone,
        the dealer's pick-up, discards (the seat's own, the sample's for others) and
        the cards played; the engine would refuse an inconsistent world.
        """
        *_, (hand, _, _) = self._steps(world)
        return hand

    def misfits(self, world: World, judge: Player, seats: Sequence[int], limit: int) -> int:
        """How many decisions of ``seats`` so far (bids, cards played) ``judge``
        would not have made holding their cards in ``world``, and how many lone
        hands were gone with a hand weaker than ``LONE_HAND_VALUE``; the count stops
        at ``limit``.  A world that explains what the others did is likelier to be
        the real one (bids and plays are evidence about the hidden hands)."""
        misses = 0
        for hand, seat, action in self._steps(world):
            phase = hand.phase
            if action is None or seat not in seats or phase is Phase.DISCARD:
                continue
            if phase is Phase.MAKER_ALONE or phase is Phase.DEFENDER_ALONE:
                weak = hand_value(hand.hands[seat], hand.trump) < LONE_HAND_VALUE
                missed = action is ALONE and weak
            else:
                legal = hand.legal_actions()
                missed = len(legal) > 1 and judge.choose(hand.view(seat), legal) is not action
            if missed:
                misses += 1
                if misses >= limit:
                    break
        return misses

    def _steps(self, world: World) -> Iterator[tuple[Hand, int, Action | None]]:
        """The replay of ``world`` up to this seat's decision: each state with the
        seat to act and the action it took (applied once the caller has looked),
        and last the state now, with ``None``."""
        view = self.view
        rules = self.rules
        dealt = [bit_indices(mask) for mask in world.dealt]
        if view.dealt:  # the seat's own cards in the order it was dealt them, as it saw
            dealt[self.me] = [int(card) for card in view.dealt]
        deck = deck_order(rules, view.dealer, dealt, world.dummy, world.kitty)
        hand = Hand(rules, view.dealer, deck)
        bids = iter(view.bids)
        discards = [iter(d) for d in world.discards]
        swaps = iter(world.swapped)
        plays = iter([(s, c) for t in view.tricks for s, c in t.plays] + list(view.current_trick))
        me = self.me
        target = (
            len(view.bids),
            len(view.discards),
            len(view.given),
            len(view.tricks),
            len(view.current_trick),
        )
        while not hand.is_over:
            phase = hand.phase
            seat = hand.current_seat
            if (
                seat == me
                and phase is view.phase
                and target
                == (
                    len(hand.bids),
                    len(hand.discards[me]),
                    len(hand.given[me]),
                    len(hand.tricks),
                    len(hand.trick_plays),
                )
            ):
                break
            if phase in BIDDING:
                action = next(bids)[1]
            elif phase is Phase.MAKER_ALONE or phase is Phase.DEFENDER_ALONE:
                action = ALONE if seat in view.alone else PASS
            elif phase is Phase.PICKUP:
                action = PICKUP if view.dealer_took_upcard else PASS
            elif phase is Phase.DISCARD:
                action = DISCARD[next(discards[seat])]
            elif phase is Phase.WEAK_HAND:
                action = SHOW if view.weak_hand and seat == view.weak_hand[0] else PASS
            elif phase is Phase.WEAK_EXCHANGE:
                action = DISCARD[next(swaps)]
            elif phase is Phase.CALL_FOR_BEST:
                action = GIVE[world.passed[hand.calling]]
            else:
                action = PLAY[next(plays)[1]]
            yield hand, seat, action
            hand.apply(action)
        yield hand, me, None


def _multinomial(size: int, split: tuple[int, ...]) -> int:
    result = factorial(size)
    rest = size
    for x in split:
        result //= factorial(x)
        rest -= x
    return result // factorial(rest)
