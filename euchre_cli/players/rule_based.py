"""A sound rule-based computer player: the ``easy`` level.

It sees only the seat's ``View`` and plays by the rules of thumb a competent person
uses, for every table the engine supports (two, three and four players, 24, 25 and
32 cards, dummy hands):

* Bidding (R4, R5, R15): each candidate trump suit gets a hand value in rough
  "tricks" units: trumps by rank with the bowers (and the joker) on top, off-suit
  aces, a king guarded by its ace, voids while holding trumps.  The upcard counts
  for the dealer's side and against the other side.  With a dummy (R12, R14) the
  value is the expected value of the best five cards of the hand plus the unseen
  dummy cards, computed exactly from the hypergeometric odds of each unseen card
  being in the dummy.
* Going alone (R6): only with a hand likely to take every trick; in Cutthroat,
  where going alone forfeits the dummy (R12), only with a near-certain march.
* Exchanges (R4, R12, R14): the dealer picks up when that improves the hand, and a
  discard always removes the card whose loss costs the hand value least, one card at
  a time, so a maker merging a dummy keeps a consistent best five.
* Play (R7): draw trumps with the boss trump as maker, cash sure winners, lead into
  the partner's void, otherwise lead low from a short suit; when following, let a
  partner's safe trick stand, win as cheaply as is safe, and otherwise throw off the
  least useful card (creating voids).  Played cards and the voids they revealed are
  tracked from ``view.tricks``.
"""

from __future__ import annotations

from collections.abc import Sequence
from math import comb

from ..engine.cards import (
    EFFECTIVE_SUIT,
    JOKER_INDEX,
    SUIT_MASKS,
    TRICK_STRENGTH,
    TRUMP_POWER,
    Suit,
    bit_indices,
    mask_of,
)
from ..engine.rules import HAND_SIZE
from ..engine.values import ALONE, DISCARD, ORDER, PASS, PICKUP, PLAY, SHOW, Action, Phase, View

# ----------------------------------------------------------------- card values
# Value of a trump by its power (TRUMP_POWER: 1 + rank index for plain trumps,
# 20 left bower, 21 right bower, 22 joker), in rough "tricks" units.
_TRUMP_VALUE = {22: 1.0, 21: 1.0, 20: 0.9, 8: 0.75, 7: 0.62, 6: 0.55, 4: 0.48, 3: 0.43, 2: 0.4}
_TRUMP_VALUE[1] = 0.37
# Off-suit cards by rank index (7 8 9 T J Q K A); tiny differences order the low cards.
_OFF_VALUE = (0.0, 0.005, 0.01, 0.02, 0.03, 0.06, 0.2, 0.75)
_KING_WITH_ACE = 0.15  # an off king behind its own ace
_VOID = 0.22  # each void in a side suit while holding a trump to ruff with

# Bidding thresholds on the hand value, by number of players (tuned by simulation:
# bench/rule_based.py).  Four-handed play counts on a partner for about a trick.
# By (players, dummy in play): (upcard round, naming round); the naming round picks
# the best of three suits, so its values run higher.
THRESHOLDS = {
    (4, False): (2.6, 2.3),
    (3, True): (2.8, 3.5),
    (3, False): (2.8, 3.5),
    (2, False): (2.0, 1.6),
    (2, True): (1.3, 1.7),
}
_PARTNER_UPCARD = 0.8  # share of the upcard's value when the partner deals
_OPPONENT_UPCARD = 0.6  # share counted against us when an opponent deals

_CARD_VALUE: list[list[float]] = []
for _trump in Suit:
    _row = []
    for _card in range(JOKER_INDEX + 1):
        _power = TRUMP_POWER[_trump][_card]
        _row.append(_TRUMP_VALUE[_power] if _power else _OFF_VALUE[_card & 7])
    _CARD_VALUE.append(_row)


# _ABOVE[suit][rank]: the cards of a suit ranked above a rank index.
_ABOVE = [
    [sum(1 << (suit * 8 + r) for r in range(rank + 1, 8)) for rank in range(8)] for suit in range(4)
]
_COMB = [[comb(n, k) for k in range(41)] for n in range(41)]


def hand_value(mask: int, trump: int) -> float:
    """The value of a hand (bit mask) with ``trump`` as trumps, in rough tricks."""
    values = _CARD_VALUE[trump]
    effective = EFFECTIVE_SUIT[trump]
    total = 0.0
    trumps = 0
    suits = 0
    m = mask
    while m:
        low = m & -m
        card = low.bit_length() - 1
        m ^= low
        total += values[card]
        suit = effective[card]
        if suit == trump:
            trumps += 1
        else:
            suits |= 1 << suit
            if card & 7 == 6 and mask >> (card + 1) & 1:
                total += _KING_WITH_ACE
    if trumps:
        voids = 3 - suits.bit_count()
        total += _VOID * min(voids, trumps)
    return total


def worst_card(mask: int, trump: int, keep: int = 0) -> int:
    """The card whose discard leaves the most valuable hand (never one in ``keep``)."""
    best_card, best_value = -1, -1e9
    for card in bit_indices(mask & ~keep):
        value = hand_value(mask & ~(1 << card), trump)
        if value > best_value:
            best_card, best_value = card, value
    return best_card


def best_five(mask: int, trump: int, keep: int = 0) -> int:
    """Discard greedily (``worst_card``) until five cards remain."""
    while mask.bit_count() > HAND_SIZE:
        mask &= ~(1 << worst_card(mask, trump, keep))
    return mask


def expected_best_value(pool: int, unseen: int, dummy: int, trump: int) -> float:
    """Expected value of the best five of ``pool`` plus ``dummy`` cards drawn at random
    from ``unseen`` (R12, R14): exact hypergeometric odds on the per-card values, plus
    an allowance for the voids a maker choosing among many cards can make."""
    values = _CARD_VALUE[trump]
    trump_mask = SUIT_MASKS[trump][trump]
    items = [(values[c], 0) for c in bit_indices(pool)]
    items += [(values[c], 1) for c in bit_indices(unseen)]
    items.sort(key=lambda item: -item[0])
    size = unseen.bit_count()
    if size < dummy:
        dummy = size
    total_ways = _COMB[size][dummy]
    held = above = 0  # pool cards and unseen cards ranked above the current one
    total = 0.0
    for value, is_unseen in items:
        if held >= HAND_SIZE:
            break
        ways = 0
        if is_unseen:
            for x in range(min(above, dummy - 1) + 1):
                if held + x >= HAND_SIZE:
                    break
                ways += _COMB[above][x] * _COMB[size - 1 - above][dummy - 1 - x]
            above += 1
        else:
            for x in range(min(above, dummy) + 1):
                if held + x >= HAND_SIZE:
                    break
                ways += _COMB[above][x] * _COMB[size - above][dummy - x]
            held += 1
        total += value * ways / total_ways
    trumps = (pool & trump_mask).bit_count() + dummy * (unseen & trump_mask).bit_count() / size
    return total + _VOID * max(0.0, min(trumps, 5.0) - 2.0)


def _top_trumps(mask: int, trump: int, deck: int) -> tuple[int, int, int]:
    """(trumps held, how many of the deck's highest trumps are held in an unbroken run,
    trumps outstanding) for a march estimate."""
    power = TRUMP_POWER[trump]
    all_trumps = sorted(bit_indices(deck & SUIT_MASKS[trump][trump]), key=lambda c: -power[c])
    run = 0
    for card in all_trumps:
        if not mask >> card & 1:
            break
        run += 1
    held = (mask & SUIT_MASKS[trump][trump]).bit_count()
    return held, run, len(all_trumps) - held


def march_losers(mask: int, trump: int, deck: int, opponents: int) -> tuple[int, int]:
    """(top trumps held in a run, likely losers) for a hand played alone (R6)."""
    held, run, outstanding = _top_trumps(mask, trump, deck)
    trump_losers = 0
    if outstanding > run * opponents and not (run >= 2 and held >= 4):
        trump_losers = held - run
    effective = EFFECTIVE_SUIT[trump]
    off_losers = 0
    for card in bit_indices(mask & ~SUIT_MASKS[trump][trump]):
        rank = card & 7
        if rank == 7 or (rank == 6 and mask >> (card + 1) & 1 and effective[card] != trump):
            continue
        off_losers += 1
    return run, trump_losers + off_losers


def _strong_alone(hand: int, trump: int, deck: int, opponents: int, certain: bool) -> bool:
    """Whether a hand should be played alone (R6): likely to take every trick, or
    (``certain``: a lone defender, a Cutthroat maker giving up the dummy) near sure to."""
    run, losers = march_losers(hand, trump, deck, opponents)
    held = (hand & SUIT_MASKS[trump][trump]).bit_count()
    if certain:
        return run >= 3 and held >= 3 and losers == 0
    return (run >= 2 and losers == 0) or (run >= 3 and held >= 4 and losers <= 1)


def hand_played_alone(view: View) -> tuple[int, int]:
    """The five cards (a mask) a seat deciding to go or defend alone would play, a
    dealer's best five with the upcard it takes, and the cards still in play."""
    hand = mask_of(view.hand)
    up = view.upcard
    upcard_accepted = bool(view.bids) and (
        view.bids[0][1].kind == "name" or any(a is ORDER for _, a in view.bids)
    )
    deck = view.deck
    if upcard_accepted and view.dealer == view.seat:
        hand = best_five(hand | 1 << up, view.trump, keep=1 << up)
    elif not upcard_accepted:
        deck &= ~(1 << up)  # turned down: out of play
    return hand, deck


HOPELESS_LONE_DEFENCE = 2.0
"""A lone defender needs three tricks (R6); a hand worth less than two by
``hand_value`` has no hope of them.  Over 800 defenders' questions in 400 standard
deals, 24% of the hands were worth 2.0 or more, and hard defended alone 9 times,
each with 2.34 or more (easy never)."""


def worth_weighing(view: View) -> bool:
    """Whether the seat's choice is worth weighing at all: every one is but whether to
    defend alone with a hand worth less than ``HOPELESS_LONE_DEFENCE`` tricks as it
    would be played (a person is not asked it, and a review does not weigh it)."""
    if view.phase is not Phase.DEFENDER_ALONE:
        return True
    hand, _ = hand_played_alone(view)
    return hand_value(hand, view.trump) >= HOPELESS_LONE_DEFENCE


def _voids_and_unseen(view: View, hand: int) -> tuple[list[int], int]:
    """What the cards seen tell a seat in play: the suits each seat has shown out of
    (as a bit per suit), and the cards it has not seen (not its own, not played, not
    its discards, not the upcard unless an opponent holds it).  A suit with no card
    unseen is one every other seat is void in."""
    trump = view.trump
    effective = EFFECTIVE_SUIT[trump]
    players, me = view.players, view.seat
    played = 0
    voids = [0] * players
    for plays in (*(trick.plays for trick in view.tricks), view.current_trick):
        if not plays:
            continue
        led = effective[plays[0][1]]
        for seat, card in plays:
            played |= 1 << card
            if effective[card] != led:
                voids[seat] |= 1 << led
    unseen = view.deck & ~hand & ~played & ~mask_of(view.discards)
    if view.dealer_took_upcard is not True or view.dealer == me:
        unseen &= ~(1 << view.upcard)  # turned down or left in the kitty, or our own card
    suit_masks = SUIT_MASKS[trump]
    for suit in range(4):
        if not unseen & suit_masks[suit]:
            for seat in range(players):
                if seat != me:
                    voids[seat] |= 1 << suit
    return voids, unseen


def unseen_cards(view: View) -> int:
    """The cards a seat in play has not seen, as a mask (``_voids_and_unseen``)."""
    return _voids_and_unseen(view, mask_of(view.hand))[1]


def winning_card(view: View) -> tuple[int, int, int]:
    """The trick so far (R7): (the seat whose card is winning it, the card, its
    ``TRICK_STRENGTH``); the trick must have been led."""
    trump = view.trump
    strength = TRICK_STRENGTH[trump][EFFECTIVE_SUIT[trump][view.current_trick[0][1]]]
    seat, card = max(view.current_trick, key=lambda play: strength[play[1]])
    return seat, int(card), strength[card]


def sure_to_win(view: View, level: int) -> bool:
    """Whether a card of this trick strength is sure to take the trick led, as far as
    the seat can know: no card it cannot see (not its own, not played, not its
    discards, not the upcard a dealer took unless the dealer is still to play, not
    the upcard turned down) could be held by a seat still to play, in a suit it has
    not shown out of (R7), and beat it."""
    trump = view.trump
    strength = TRICK_STRENGTH[trump][EFFECTIVE_SUIT[trump][view.current_trick[0][1]]]
    voids, unseen = _voids_and_unseen(view, mask_of(view.hand))
    unseen &= ~mask_of(view.given)
    played = {seat for seat, _ in view.current_trick}
    suit_masks = SUIT_MASKS[trump]
    for seat in range(view.players):
        if seat == view.seat or seat in played or seat in view.sitting_out:
            continue
        held = unseen
        if view.dealer_took_upcard is True and seat != view.dealer:
            held &= ~(1 << view.upcard)  # the dealer's, or among the dealer's discards
        for suit in range(4):
            if voids[seat] >> suit & 1:
                held &= ~suit_masks[suit]
        if any(strength[card] > level for card in bit_indices(held)):
            return False
    return True


def sure_partner_trick(view: View) -> int | None:
    """The partner's card when it is winning the trick and sure to take it
    (``sure_to_win``), for a seat to play to it; else None."""
    if view.phase is not Phase.PLAY or not view.current_trick or view.partner is None:
        return None
    seat, card, level = winning_card(view)
    if seat != view.partner or not sure_to_win(view, level):
        return None
    return card


def under_partner(view: View, cards: Sequence[int]) -> list[int]:
    """The cards that leave a partner's sure trick to the partner (all of them when no
    partner's trick is sure, or when every card would take it): a person does not
    overtake nor trump a partner's sure winner."""
    card = sure_partner_trick(view)
    if card is None:
        return list(cards)
    trump = view.trump
    strength = TRICK_STRENGTH[trump][EFFECTIVE_SUIT[trump][view.current_trick[0][1]]]
    under = [c for c in cards if strength[c] < strength[card]]
    return under or list(cards)


class RuleBasedPlayer:
    """A quick rule-based player for any table; deterministic for a seed.

    It uses no randomness: ties are broken in a fixed order, so the same view always
    gives the same decision.  ``seed`` is accepted so that every level of computer
    player is built the same way.
    """

    def __init__(self, seed: int | str | None = 0) -> None:
        self.thresholds = THRESHOLDS

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        phase = view.phase
        if phase is Phase.PLAY:
            action = self._play(view, legal)
        elif phase is Phase.BID_UPCARD:
            action = self._bid_upcard(view)
        elif phase is Phase.NAME_TRUMP or phase is Phase.DEALER_NAMES:
            action = self._name_trump(view, legal)
        elif phase is Phase.MAKER_ALONE or phase is Phase.DEFENDER_ALONE:
            action = ALONE if self._alone(view) else PASS
        elif phase is Phase.PICKUP:
            action = self._pickup(view)
        elif phase is Phase.DISCARD:
            action = self._discard(view, legal)
        elif phase is Phase.WEAK_HAND:
            action = SHOW  # a weak hand gains by a new deal, or three fresh cards (R17)
        elif phase is Phase.WEAK_EXCHANGE:
            action = self._weak_swap(view)
        elif phase is Phase.CALL_FOR_BEST:
            action = self._give_best(view, legal)
        else:
            action = legal[0]
        return action if action in legal else legal[0]

    # ------------------------------------------------------------------ bidding
    def _bid_value(self, view: View, trump: int, with_upcard: bool) -> float:
        hand = mask_of(view.hand)
        up = view.upcard
        pool = hand
        adjust = 0.0
        if with_upcard:
            if view.dealer == view.seat:
                pool |= 1 << up
            elif view.partner is not None and view.partner == view.dealer:
                adjust = _PARTNER_UPCARD * _CARD_VALUE[trump][up]
            else:
                adjust = -_OPPONENT_UPCARD * _CARD_VALUE[trump][up]
        if view.dummy_cards:
            unseen = view.deck & ~hand & ~(1 << up)
            return expected_best_value(pool, unseen, view.dummy_cards, trump) + adjust
        return hand_value(best_five(pool, trump, keep=1 << up), trump) + adjust

    def _threshold(self, view: View, naming: bool) -> float:
        key = (view.players, view.dummy_cards > 0)
        return self.thresholds.get(key, THRESHOLDS[4, False])[naming]

    def _bid_upcard(self, view: View) -> Action:
        rules = view.rules
        canadian = rules is not None and rules.bidding.partner_orders_alone
        if canadian and view.partner == view.dealer:  # ordering up means alone (R17)
            trump, deck = view.proposed_suit, view.deck & ~(1 << view.upcard)  # nobody's
            return ORDER if _strong_alone(mask_of(view.hand), trump, deck, 2, False) else PASS
        value = self._bid_value(view, view.proposed_suit, with_upcard=True)
        return ORDER if value >= self._threshold(view, naming=False) else PASS

    def _name_trump(self, view: View, legal: Sequence[Action]) -> Action:
        dealer_names = view.phase is Phase.DEALER_NAMES  # the dealer takes the joker (R15)
        best, best_value = None, -1e9
        for action in legal:
            if action.kind != "name":
                continue
            value = self._bid_value(view, action.suit, with_upcard=dealer_names)
            if value > best_value:
                best, best_value = action, value
        if best is None:
            return legal[0]
        if PASS in legal and best_value < self._threshold(view, naming=not dealer_names):
            return PASS
        return best

    # ------------------------------------------------------------- going alone
    def _alone(self, view: View) -> bool:
        trump = view.trump
        hand, deck = hand_played_alone(view)
        opponents = 1 if view.players == 2 else 2
        maker = view.phase is Phase.MAKER_ALONE
        forfeits_dummy = maker and view.dummy_cards > 0
        return _strong_alone(hand, trump, deck, opponents, not maker or forfeits_dummy)

    # --------------------------------------------------------------- exchanges
    def _pickup(self, view: View) -> Action:
        trump = view.trump
        hand = mask_of(view.hand)
        up = 1 << view.upcard
        with_card = hand_value(best_five(hand | up, trump, keep=up), trump)
        return PICKUP if with_card >= hand_value(hand, trump) else PASS

    def _discard(self, view: View, legal: Sequence[Action]) -> Action:
        hand = mask_of(view.hand)
        allowed = mask_of([a.card for a in legal if a.kind == "discard"])
        card = worst_card(hand, view.trump, keep=hand & ~allowed)
        return DISCARD[card] if card >= 0 else legal[0]

    def _weak_swap(self, view: View) -> Action:
        """R17's exchange: give the lowest cards, keeping the upcard's suit longest
        (it may well be trump)."""
        proposed = view.proposed_suit

        def worth(card: int) -> tuple[bool, int]:
            return (card >> 3 == proposed, card & 7)

        return DISCARD[min(view.hand, key=worth)]

    def _give_best(self, view: View, legal: Sequence[Action]) -> Action:
        """R13: pass the lone partner the card worth most with this trump."""
        values, power = _CARD_VALUE[view.trump], TRUMP_POWER[view.trump]
        return max(legal, key=lambda action: (values[action.card], power[action.card]))

    # -------------------------------------------------------------------- play
    def _play(self, view: View, legal: Sequence[Action]) -> Action:
        trump = view.trump
        players = view.players
        effective = EFFECTIVE_SUIT[trump]
        suit_masks = SUIT_MASKS[trump]
        power = TRUMP_POWER[trump]
        hand = mask_of(view.hand)
        voids, unseen = _voids_and_unseen(view, hand)
        unseen_trumps = unseen & suit_masks[trump]
        top_unseen_trump = max((power[c] for c in bit_indices(unseen_trumps)), default=0)

        sitting_out = view.sitting_out
        partner = view.partner
        if partner is not None and partner in sitting_out:
            partner = None
        me = view.seat
        opponents = [s for s in range(players) if s != me and s != partner and s not in sitting_out]

        def is_boss(card: int) -> bool:
            if power[card]:
                return power[card] > top_unseen_trump
            higher = suit_masks[effective[card]] & ~((1 << (card + 1)) - 1)
            return not unseen & higher

        def ruff_risk(suit: int, seats: Sequence[int]) -> bool:
            if not unseen_trumps:
                return False
            return any(voids[s] >> suit & 1 and not voids[s] >> trump & 1 for s in seats)

        if not view.current_trick:
            card = self._lead(
                view, hand, unseen, unseen_trumps, voids, partner, opponents, is_boss, ruff_risk
            )
        else:
            cards = [a.card for a in legal]
            card = self._follow(
                view, cards, hand, unseen, top_unseen_trump, voids, partner, is_boss
            )
        return PLAY[card]

    def _follow(
        self,
        view: View,
        cards: Sequence[int],
        hand: int,
        unseen: int,
        top_unseen_trump: int,
        voids: list[int],
        partner: int | None,
        is_boss,
    ) -> int:
        """The card to play to a trick led (R7): over a partner's card only to save the
        trick (never over a sure one, ``sure_partner_trick``), else the cheapest card
        no opponent still to play can beat (second hand low), else the least useful
        (``_throw_off``)."""
        trump = view.trump
        power = TRUMP_POWER[trump]
        suit_masks = SUIT_MASKS[trump]
        current = view.current_trick
        led = EFFECTIVE_SUIT[trump][current[0][1]]
        strength = TRICK_STRENGTH[trump][led]
        best_seat, best = current[0][0], strength[current[0][1]]
        for seat, card in current[1:]:
            if strength[card] > best:
                best_seat, best = seat, strength[card]
        players, sitting_out = view.players, view.sitting_out
        active = players - len(sitting_out)
        after = []
        seat = view.seat
        while len(after) < active - len(current) - 1:
            seat = (seat + 1) % players
            if seat not in sitting_out:
                after.append(seat)
        opponents_after = [s for s in after if s != partner]

        def beatable(level: int) -> bool:
            """Could an opponent still to play beat a card of this trick strength?"""
            for s in opponents_after:
                may_trump = (
                    top_unseen_trump
                    and not voids[s] >> trump & 1
                    and top_unseen_trump + 100 > level
                )
                if led == trump or voids[s] >> led & 1:
                    if may_trump:
                        return True
                elif level < 100 and unseen & _ABOVE[led][level] & suit_masks[led]:
                    return True
            return False

        def thrown_off() -> int:
            return self._throw_off(cards, hand, trump, is_boss)

        winners = sorted((c for c in cards if strength[c] > best), key=strength.__getitem__)
        if partner is not None and best_seat == partner:
            # the partner's card stays on top unless a card of ours can save the trick
            under = [c for c in cards if strength[c] < best] or cards
            if not opponents_after or not beatable(best) or sure_partner_trick(view) is not None:
                return self._throw_off(under, hand, trump, is_boss)
            safe = [
                c
                for c in winners
                if not beatable(strength[c]) and (led == trump or not power[c] or best >= 100)
            ]
            return safe[0] if safe else self._throw_off(under, hand, trump, is_boss)
        if not winners:
            return thrown_off()
        if not opponents_after:
            return winners[0]
        safe = [c for c in winners if not beatable(strength[c])]
        if safe:
            return safe[0]
        cheapest = winners[0]
        if partner in after and not power[cheapest]:
            return thrown_off()  # second hand low: leave it to the partner, not waste a card
        return cheapest

    def _lead(
        self,
        view: View,
        hand: int,
        unseen: int,
        unseen_trumps: int,
        voids: list[int],
        partner: int | None,
        opponents: list[int],
        is_boss,
        ruff_risk,
    ) -> int:
        trump = view.trump
        me = view.seat
        power = TRUMP_POWER[trump]
        suit_masks = SUIT_MASKS[trump]
        effective = EFFECTIVE_SUIT[trump]
        trumps = sorted(bit_indices(hand & suit_masks[trump]), key=lambda c: -power[c])
        off = bit_indices(hand & ~suit_masks[trump])
        maker_side = view.maker == me or (partner is not None and view.maker == partner)

        # Draw trumps with the boss trump as the makers.
        if trumps and unseen_trumps and maker_side and is_boss(trumps[0]):
            return trumps[0]
        # Cash sure side-suit winners.
        sure = [c for c in off if is_boss(c) and not ruff_risk(effective[c], opponents)]
        if sure:
            return max(sure, key=lambda c: (c & 7, (unseen & suit_masks[effective[c]]).bit_count()))
        # Lead into the partner's void so the partner can ruff.
        if partner is not None and unseen_trumps and not voids[partner] >> trump & 1:
            into = [c for c in off if voids[partner] >> effective[c] & 1]
            into = [c for c in into if not ruff_risk(effective[c], opponents)] or into
            if into:
                return min(into, key=lambda c: c & 7)
        # A maker long in trumps keeps drawing them.
        if view.maker == me and len(trumps) >= 3 and unseen_trumps:
            return trumps[-1]
        if not off:
            return trumps[0] if is_boss(trumps[0]) else trumps[-1]
        if trumps and not unseen_trumps:
            return trumps[0]  # every trump out is ours: each one is a sure trick
        counts = [(hand & suit_masks[s]).bit_count() for s in range(4)]

        def lead_key(card: int) -> tuple:
            suit = effective[card]
            risky = ruff_risk(suit, opponents)
            shortness = counts[suit] if trumps else -counts[suit]
            return (risky, shortness, card & 7, card)

        return min(off, key=lead_key)

    @staticmethod
    def _throw_off(cards: Sequence[int], hand: int, trump: int, is_boss) -> int:
        """The least useful card: a low side card, keeping bosses, making a void when
        holding trumps; a trump only when nothing else is legal."""
        power = TRUMP_POWER[trump]
        suit_masks = SUIT_MASKS[trump]
        effective = EFFECTIVE_SUIT[trump]
        has_trump = bool(hand & suit_masks[trump])

        def key(card: int) -> tuple:
            if power[card]:
                return (1, power[card], card)
            keep = card & 7
            if is_boss(card):
                keep += 10
            elif has_trump and (hand & suit_masks[effective[card]]).bit_count() == 1:
                keep -= 5
            return (0, keep, card)

        return min(cards, key=key)
