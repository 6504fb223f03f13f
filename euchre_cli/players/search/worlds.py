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
from dataclasses import dataclass
from math import factorial

from ...engine.cards import EFFECTIVE_SUIT, SUIT_MASKS, bit_indices, mask_of
from ...engine.hand import (
    ALONE,
    BIDDING,
    DISCARD,
    PASS,
    PICKUP,
    PLAY,
    Action,
    Hand,
    Phase,
    View,
    deck_order,
)
from ...engine.rules import HAND_SIZE, Ruleset
from .. import Player
from ..rule_based import hand_value

# Going alone, read as evidence: a hand of at least this value (``hand_value`` with
# the trump named) explains it, and not going alone is explained by any hand.  The
# rule-based judgement goes alone only with a near-certain march, which almost no
# drawn hand is: a loner explained nothing, and the lone hand was drawn as an ordinary
# one (defenders then defended alone against it).  The search's own loners, 22 in 13
# games of hard players, had values 2.36 to 4.11; it passed with 0.81 to 3.58.
LONE_HAND_VALUE = 2.4


@dataclass
class World:
    """One complete deal consistent with a seat's view.

    ``current[seat]`` is what each seat holds now; ``dealt`` the hands as dealt,
    ``dummy`` the dummy as dealt, ``kitty`` the kitty with the upcard first and
    ``discards[seat]`` the cards each seat has discarded so far, in order.
    """

    current: list[int]
    dealt: list[int]
    dummy: list[int]
    kitty: list[int]
    discards: list[list[int]]


class Knowledge:
    """What ``view.seat`` knows about where the cards are (see the module docstring)."""

    def __init__(self, view: View, ruleset: Ruleset) -> None:
        self.view = view
        self.rules = ruleset
        players = view.players
        me = self.me = view.seat
        trump = view.trump
        self.makers = self._makers(view, ruleset)
        played_by = [0] * players
        voids = [0] * players  # suits (as bits) each seat has shown out of
        tricks = [t.plays for t in view.tricks]
        if view.current_trick:
            tricks.append(view.current_trick)
        for plays in tricks:
            led = EFFECTIVE_SUIT[trump][plays[0][1]]
            for seat, card in plays:
                played_by[seat] |= 1 << card
                if EFFECTIVE_SUIT[trump][card] != led:
                    voids[seat] |= 1 << led
        self.played_by = played_by
        played = 0
        for mask in played_by:
            played |= mask
        self.played = played
        self.hand = mask_of(view.hand)
        self.my_discards = list(view.discards)
        up = view.upcard
        self.upcard = up
        dealer = view.dealer
        took = view.dealer_took_upcard is True
        self.upcard_holder = None
        # A dealer free to discard the upcard (R12's eleven cards) is taken to keep
        # it, a trump, until shown out of trumps: then it is among the discards.
        self.upcard_discarded = False
        if took and dealer != me and not played >> up & 1:
            if view.upcard_discardable and trump is not None and voids[dealer] >> trump & 1:
                self.upcard_discarded = True
            else:
                self.upcard_holder = dealer
        self.unseen = ruleset.deck_mask & ~(self.hand | mask_of(view.discards) | played | 1 << up)

        # How many unseen cards each seat holds now, and how many it has discarded.
        merged = bool(view.dummy_cards) and view.maker is not None and view.maker not in view.alone
        exchanged = view.phase in (Phase.DISCARD, Phase.PLAY, Phase.OVER)
        self.merged = merged and exchanged
        self.unknown = [0] * players
        self.discard_count = [0] * players
        for seat in range(players):
            if seat == me:
                continue
            extra = 0
            if exchanged and seat == dealer and took:
                extra += 1
            if self.merged and seat == view.maker:
                extra += view.dummy_cards
            done = view.phase is not Phase.DISCARD or (
                seat == dealer and me == view.maker and dealer != me and took
            )
            if done:
                self.discard_count[seat] = extra
                held = HAND_SIZE - played_by[seat].bit_count()
            else:
                held = HAND_SIZE + extra
            if seat == self.upcard_holder:
                held -= 1
            self.unknown[seat] = held
        self.free = self.unseen.bit_count() - sum(self.unknown)
        if self.free < 0:
            raise ValueError("the view is not consistent with the ruleset's deck")
        self.voids = voids
        self._prepare_sampler(trump)

    @staticmethod
    def _makers(view: View, ruleset: Ruleset) -> tuple[int, ...]:
        if view.maker is None:
            return ()
        if ruleset.partnerships:
            return tuple(sorted((view.maker, (view.maker + 2) % 4)))
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
        for seat in range(players):
            pool = current[seat] | self.played_by[seat] | mask_of(discards[seat])
            if seat == view.dealer and took:
                pool &= ~(1 << up)
            cards = bit_indices(pool)
            if self.merged and seat == view.maker:
                rng.shuffle(cards)
                dummy = cards[HAND_SIZE:]
                cards = cards[:HAND_SIZE]
            dealt[seat] = mask_of(cards)
        if not self.merged and view.dummy_cards:
            dummy = free[: view.dummy_cards]
            del free[: view.dummy_cards]
        return World(current, dealt, dummy, [up, *free], discards)

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
        deck = deck_order(rules, view.dealer, dealt, world.dummy, world.kitty)
        hand = Hand(rules, view.dealer, deck)
        bids = iter(view.bids)
        discards = [iter(d) for d in world.discards]
        plays = iter([(s, c) for t in view.tricks for s, c in t.plays] + list(view.current_trick))
        me = self.me
        target = len(view.bids), len(view.discards), len(view.tricks), len(view.current_trick)
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
