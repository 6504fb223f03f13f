"""One deal of Euchre as a state machine (R3-R7, R12-R15, R17), with no I/O and no RNG.

The deal is an input: ``Hand(ruleset, dealer, deck)`` takes the cards in the order
they come off the (shuffled and cut) pack.  Then, like OpenSpiel's game states::

    hand = Hand(ruleset, dealer=0, deck=cards)
    while not hand.is_over:
        seat = hand.current_seat
        action = choose(hand.view(seat), hand.legal_actions())
        hand.apply(action)
    result = hand.result()          # who made trump, tricks per seat ...

``legal_actions()`` is the single source of truth for what the seat to act may do;
``apply`` refuses anything else with an ``IllegalAction`` that names why (a
``Refusal``, R16; ``why_illegal`` finds it, and ``terminal.words`` says it).  The
values it takes and hands out (``Phase``, ``Action``, ``View``, ``HandResult``, the
errors) are in ``values.py``.

How the deck is dealt (the packets, the dummy, the kitty and its upcard) is
``deal.py``.

Phases, in order (each skipped when the ruleset or the deal does not need it):
``WEAK_HAND`` (a weak hand shown, R17) → ``WEAK_EXCHANGE`` (swapped with the kitty) →
``BID_UPCARD`` (R4) → ``NAME_TRUMP`` (R5) | ``DEALER_NAMES`` (joker upcard, R15) →
``MAKER_ALONE`` → ``DEFENDER_ALONE`` (R6) → ``PICKUP`` (optional pick-up when another
player ordered the upcard, R4)
→ ``DISCARD`` (dealer's pick-up and the maker's dummy, R12, R14) → ``CALL_FOR_BEST``
and a ``DISCARD`` for each lone player (R13) → ``PLAY`` (R7) → ``OVER``.  Going alone
is decided before the exchange because a dealer whose partner
goes alone sits out and does not pick up (R6).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .cards import (
    ALL_CARDS,
    EFFECTIVE_SUIT,
    JOKER_INDEX,
    SUIT_MASKS,
    TEN,
    TRICK_STRENGTH,
    Card,
    Suit,
    cards_of,
    mask_of,
)
from .deal import deal, stacked_deck
from .rules import HAND_SIZE, WEAK_HAND_SWAP, Ruleset, partner
from .scoring import TRICKS_IN_HAND, HandOutcome, HandScore, score_hand
from .values import (
    ALONE,
    BIDDING,
    DISCARD,
    GIVE,
    NAME,
    ORDER,
    PASS,
    PICKUP,
    PLAY,
    SHOW,
    Action,
    EngineError,
    HandResult,
    IllegalAction,
    Phase,
    Refusal,
    Trick,
    View,
)


class Hand:
    """One deal from the deal to the last trick.  See the module docstring."""

    def __init__(
        self,
        ruleset: Ruleset,
        dealer: int,
        deck: Sequence[int],
        scores: Sequence[int] | None = None,
    ) -> None:
        """``scores``: the game's score per side before this deal, when the deal is
        part of a game (public: every seat sees it in its view)."""
        players = ruleset.players
        if not 0 <= dealer < players:
            raise ValueError(f"dealer must be a seat from 0 to {players - 1}")
        if mask_of(deck) != ruleset.deck_mask or len(deck) != len(ruleset.cards):
            raise ValueError("the deck must hold each card of the ruleset's deck exactly once")
        self.rules = ruleset
        self.players = players
        self.dealer = dealer
        self.scores = None if scores is None else tuple(scores)
        self.deck: tuple[Card, ...] = tuple(ALL_CARDS[c] for c in deck)
        self._legal: list[Action] | None = None
        self._deal()
        self.bids: list[tuple[int, Action]] = []
        self.history: list[tuple[int, Action]] = []
        self.trump: Suit | None = None
        self.maker: int | None = None
        self.alone: list[int] = []
        self.lone_defender: int | None = None
        self.sitting_out: list[int] = []
        self.dealer_took_upcard: bool | None = None
        self.upcard_accepted = False
        self.upcard_discardable = False
        self.discards: list[tuple[Card, ...]] = [()] * players  # each seat's, in order
        self.given: list[tuple[Card, ...]] = [()] * players  # passed on face down
        self.received: list[tuple[Card, ...]] = [()] * players  # ... and taken so
        self.passed_to: list[int] = []  # lone players passed a partner's card (R13)
        self.weak_hand: tuple[int, tuple[Card, ...]] | None = None  # (seat, cards shown)
        self.redeal = False
        self.tricks: list[Trick] = []
        self.trick_plays: list[tuple[int, Card]] = []
        self.tricks_won = [0] * players
        self._defender_queue: list[int] = []
        self._discard_queue: list[int] = []
        self._weak_queue: list[int] = []  # seats with a weak hand, still to decide (R17)
        self._callers: list[int] = []  # lone players still to call for best (R13)
        self.calling: int | None = None  # the lone player being passed a card now (R13)
        # set when play begins (R6, R7): who leads this trick, the suit led, the seats
        # that play and each one's next active seat
        self._leader = dealer
        self._led: Suit | None = None
        self._active_count = players
        self._next_active: dict[int, int] = {}
        self._must_take_upcard = ruleset.bidding.dealer_pickup == "mandatory"
        joker = self.upcard == JOKER_INDEX
        self.proposed_suit = Suit.HEARTS if joker else Suit(self.upcard >> 3)  # R15
        self.phase = Phase.BID_UPCARD
        self.current_seat: int | None = None
        if ruleset.deal.weak_hand != "off":
            order = [(dealer + offset) % players for offset in range(1, players + 1)]
            self._weak_queue = [seat for seat in order if self.is_weak(seat)]
        if self._weak_queue:
            self.phase = Phase.WEAK_HAND
            self.current_seat = self._weak_queue[0]
        else:
            self._start_bidding()

    def _start_bidding(self) -> None:
        """The first bid (R4), or the dealer naming trump for a joker upcard (R15)."""
        if self.upcard == JOKER_INDEX and self.rules.bidding.joker_upcard == "dealer-names":
            self.phase = Phase.DEALER_NAMES
            self.current_seat = self.dealer
        else:
            self.phase = Phase.BID_UPCARD
            self.current_seat = self._left(self.dealer)

    def is_weak(self, seat: int) -> bool:
        """Whether ``seat``'s hand passes the ruleset's weak-hand test (R17): no card
        above a ten (farmers), or no ace, king, queen, jack or joker and no card of the
        upcard's suit (no-ace-no-face)."""
        ranks = [card.rank for card in cards_of(self.hands[seat])]
        if self.rules.deal.weak_hand_test == "farmers":
            return max(ranks) <= TEN
        suits = {card >> 3 for card in cards_of(self.hands[seat])}
        return max(ranks) <= TEN and self.proposed_suit not in suits

    # ----------------------------------------------------------------- dealing
    def _deal(self) -> None:
        dealt = deal(self.rules, self.dealer, self.deck)
        self.deal_order = dealt.hands  # each seat's cards in the order dealt (its view's)
        self.hands = [mask_of(cards) for cards in dealt.hands]
        self.dummy = mask_of(dealt.dummy)
        self.kitty: tuple[Card, ...] = dealt.kitty
        self.upcard: Card = self.kitty[0]

    @classmethod
    def dealt(
        cls,
        ruleset: Ruleset,
        dealer: int,
        hands: Sequence[str | Sequence[Card | str]],
        upcard: Card | str,
        dummy: str | Sequence[Card | str] | None = None,
        kitty: str | Sequence[Card | str] = (),
        scores: Sequence[int] | None = None,
    ) -> Hand:
        """A given deal: ``hands`` listed by seat, five cards each (``Card``s, R1's
        codes, or one string of codes: ``"JH JD AH KH QH"``), the ``upcard``, and the
        dummy where the ruleset deals one; the rest as ``deal.stacked_deck`` fills it.
        The same state as ``Hand`` dealt from the pack that deals these."""
        deck = stacked_deck(ruleset, dealer, hands, upcard, dummy, kitty)
        return cls(ruleset, dealer, deck, scores)

    def _left(self, seat: int) -> int:
        return (seat + 1) % self.players

    def copy(self) -> Hand:
        """An independent copy of this state, cheaply (for search players): every
        list is copied, and what the lists hold (tuples, ints, cards) is immutable."""
        other = object.__new__(Hand)
        other.__dict__ = {
            name: value.copy() if type(value) is list else value
            for name, value in self.__dict__.items()
        }
        return other

    def taken_back(
        self, seat: int, decided: Callable[[View], bool] | None = None
    ) -> tuple[Hand, list[tuple[int, Action, Phase]]] | None:
        """This hand as it stood before ``seat``'s last decision, and the actions taken
        back (that decision and every one after it: seat, action, the phase it was
        taken in); None when the seat has decided nothing in this hand yet.  A
        decision is a choice among several actions: a forced one (the last card) is
        none, nor one that ``decided``, given the seat's view then, says the seat's
        player answered for it; a seat's discards in a row are one (keeping five of
        many cards)."""
        replay = Hand(self.rules, self.dealer, self.deck, self.scores)
        phases: list[Phase] = []
        choices: list[int] = []
        for index, (actor, action) in enumerate(self.history):
            phases.append(replay.phase)
            chose = actor == seat and len(replay.legal_actions()) > 1
            if chose and (decided is None or decided(replay.view(seat))):
                choices.append(index)
            replay.apply(action)
        if not choices:
            return None
        start = choices[-1]
        while (
            start > 0
            and phases[start] in (Phase.DISCARD, Phase.WEAK_EXCHANGE)
            and self.history[start - 1][0] == seat
            and phases[start - 1] is phases[start]
        ):
            start -= 1
        earlier = Hand(self.rules, self.dealer, self.deck, self.scores)
        for _, action in self.history[:start]:
            earlier.apply(action)
        taken = [
            (actor, action, phases[index]) for index, (actor, action) in enumerate(self.history)
        ]
        return earlier, taken[start:]

    # ---------------------------------------------------------------- queries
    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    def hand_of(self, seat: int) -> list[Card]:
        return list(cards_of(self.hands[seat]))

    def holds_trump(self, seat: int, suit: Suit) -> bool:
        """Whether ``seat`` holds a card of ``suit`` as it would be trump, bowers and
        the joker included (natural trump, R17)."""
        return bool(self.hands[seat] & SUIT_MASKS[suit][suit])

    def partner_of(self, seat: int) -> int | None:
        """A seat's partner this hand: fixed in four-handed play, the other defender
        in Cutthroat once trump is made (R12), nobody otherwise."""
        if self.rules.partnerships:
            return partner(seat)
        if self.rules.temporary_partners and self.maker is not None and seat != self.maker:
            return 3 - seat - self.maker
        return None

    def is_maker_side(self, seat: int) -> bool:
        return self.maker is not None and (
            seat == self.maker or self.rules.partnerships and seat == partner(self.maker)
        )

    @property
    def makers(self) -> tuple[int, ...]:
        if self.maker is None:
            return ()
        return tuple(s for s in range(self.players) if self.is_maker_side(s))

    @property
    def led_suit(self) -> Suit | None:
        if not self.trick_plays:
            return None
        return Suit(EFFECTIVE_SUIT[self.trump][self.trick_plays[0][1]])

    # ---------------------------------------------------------- legal actions
    def legal_actions(self) -> list[Action]:
        """Everything the seat to act may do now (R4-R7, R12, R14, R15).

        The list is cached until the next ``apply``; callers must not modify it.
        """
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal_actions()
        return legal

    def _compute_legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase is Phase.PLAY:
            hand = self.hands[self.current_seat]
            if self.trick_plays:
                follow = hand & SUIT_MASKS[self.trump][self._led]
                if follow:
                    hand = follow
            actions = []
            while hand:
                low = hand & -hand
                actions.append(PLAY[low.bit_length() - 1])
                hand ^= low
            return actions
        seat = self.current_seat
        natural = self.rules.bidding.natural_trump  # R17: bid only a suit you hold
        if phase is Phase.BID_UPCARD:
            # the dealer may count the upcard (R17)
            if natural and seat != self.dealer and not self.holds_trump(seat, self.proposed_suit):
                return [PASS]
            return [PASS, ORDER]
        if phase is Phase.NAME_TRUMP:
            names = [NAME[s] for s in Suit if s != self.proposed_suit]
            if seat == self.dealer and self.rules.bidding.stick_the_dealer:
                return names  # stuck: any suit, held or not (R5, R17)
            if natural:
                names = [name for name in names if self.holds_trump(seat, name.suit)]
            return [PASS, *names]
        if phase is Phase.WEAK_HAND:
            return [PASS, SHOW]
        if phase is Phase.WEAK_EXCHANGE:
            return [DISCARD[c] for c in cards_of(self.hands[seat])]
        if phase is Phase.CALL_FOR_BEST:
            return [GIVE[c] for c in cards_of(self.hands[seat])]
        if phase is Phase.DEALER_NAMES:
            return [NAME[s] for s in Suit]
        if phase in (Phase.MAKER_ALONE, Phase.DEFENDER_ALONE):
            return [PASS, ALONE]
        if phase is Phase.PICKUP:
            return [PASS, PICKUP]
        if phase is Phase.DISCARD:
            hand = self.hands[seat]
            keeps_upcard = seat == self.dealer and seat != self.calling  # R4; R13 any card
            if keeps_upcard and self.dealer_took_upcard and not self.upcard_discardable:
                hand &= ~(1 << self.upcard)
            return [DISCARD[c] for c in cards_of(hand)]
        return []

    # ------------------------------------------------------------------ apply
    def apply(self, action: Action, seat: int | None = None) -> None:
        """Carry out ``action`` for the seat to act (checked against ``seat`` if given).

        Raises ``IllegalAction`` (nothing changes) when the rules do not allow it.
        """
        if (seat is not None and seat != self.current_seat) or action not in self.legal_actions():
            raise self._refusal(action, seat)
        self._legal = None
        actor = self.current_seat
        self.history.append((actor, action))
        phase = self.phase
        if phase is Phase.PLAY:
            self._play(actor, action.card)
        elif phase is Phase.BID_UPCARD:
            self._bid_upcard(actor, action)
        elif phase is Phase.NAME_TRUMP or phase is Phase.DEALER_NAMES:
            self._name_trump(actor, action)
        elif phase is Phase.MAKER_ALONE:
            if action is ALONE:
                self.alone.append(actor)
            self._after_maker_alone()
        elif phase is Phase.DEFENDER_ALONE:
            self._defender_alone(actor, action)
        elif phase is Phase.PICKUP:
            self.dealer_took_upcard = action is PICKUP
            if self.dealer_took_upcard:
                self.hands[actor] |= 1 << self.upcard
            self._start_discards()
        elif phase is Phase.DISCARD:
            self._discard(actor, action.card)
        elif phase is Phase.WEAK_HAND:
            self._weak_hand(actor, action)
        elif phase is Phase.WEAK_EXCHANGE:
            self._weak_exchange(actor, action.card)
        elif phase is Phase.CALL_FOR_BEST:
            self._give_best(actor, action.card)

    def _refusal(self, action: Action, seat: int | None) -> IllegalAction:
        """Why ``apply`` refuses ``action`` (for ``seat``, if given)."""
        if self.current_seat is None:
            return IllegalAction(Refusal.HAND_OVER, action, self.phase)
        if seat is not None and seat != self.current_seat:
            return IllegalAction(
                Refusal.NOT_YOUR_TURN, action, self.phase, seat=seat, to_act=self.current_seat
            )
        return why_illegal(self.view(self.current_seat), self.legal_actions(), action)

    def _weak_hand(self, seat: int, action: Action) -> None:
        """R17: a weak hand shown is thrown in and dealt again, or swaps three cards
        with the kitty; only the first player to show does so."""
        self._weak_queue.pop(0)
        if action is SHOW:
            self.weak_hand = (seat, tuple(cards_of(self.hands[seat])))
            if self.rules.deal.weak_hand == "redeal":
                self.redeal = True
                self._finish()
            else:
                self.phase = Phase.WEAK_EXCHANGE
            return
        if self._weak_queue:
            self.current_seat = self._weak_queue[0]
        else:
            self._start_bidding()

    def _weak_exchange(self, seat: int, card: Card) -> None:
        """The shown hand gives three cards face down and takes the three kitty cards
        under the upcard, which stays (R17)."""
        self.hands[seat] &= ~(1 << card)
        self.given[seat] += (card,)
        if len(self.given[seat]) < WEAK_HAND_SWAP:
            return
        taken = self.kitty[1 : 1 + WEAK_HAND_SWAP]
        self.hands[seat] |= mask_of(taken)
        self.received[seat] += taken
        self.kitty = (self.kitty[0], *self.given[seat], *self.kitty[1 + WEAK_HAND_SWAP :])
        self._start_bidding()

    def _give_best(self, seat: int, card: Card) -> None:
        """R13: the partner passes a card face down; the lone player then discards one."""
        lone = self.calling
        self.hands[seat] &= ~(1 << card)
        self.hands[lone] |= 1 << card
        self.given[seat] += (card,)
        self.received[lone] += (card,)
        self.passed_to.append(lone)
        self._discard_queue = [lone]
        self.phase = Phase.DISCARD
        self.current_seat = lone

    def _bid_upcard(self, seat: int, action: Action) -> None:
        self.bids.append((seat, action))
        if action is ORDER:
            self.upcard_accepted = True
            canadian = self.rules.bidding.partner_orders_alone and seat != self.dealer
            # R17's Canadian loner: the dealer's partner who orders it up plays alone
            forced = canadian and self.partner_of(seat) == self.dealer
            self._trump_made(seat, self.proposed_suit, alone=forced)
        elif seat == self.dealer:
            self.phase = Phase.NAME_TRUMP
            self.current_seat = self._left(self.dealer)
        else:
            self.current_seat = self._left(seat)

    def _name_trump(self, seat: int, action: Action) -> None:
        self.bids.append((seat, action))
        if action is PASS:
            if seat == self.dealer:
                self._finish()  # thrown in: everybody passed twice (R5)
            else:
                self.current_seat = self._left(seat)
            return
        if self.phase is Phase.DEALER_NAMES:
            self.upcard_accepted = self._must_take_upcard = True  # the dealer takes the joker (R15)
        self._trump_made(seat, action.suit)

    def _trump_made(self, seat: int, suit: Suit, alone: bool = False) -> None:
        self.trump = suit
        self.maker = seat
        if alone:
            self.alone.append(seat)
            self._after_maker_alone()
        elif self.rules.alone.maker:
            self.phase = Phase.MAKER_ALONE
            self.current_seat = seat
        else:
            self._after_maker_alone()

    def _after_maker_alone(self) -> None:
        if self.rules.alone.defender:
            dealer = self.dealer
            order = [(dealer + i) % self.players for i in range(1, self.players + 1)]
            self._defender_queue = [s for s in order if not self.is_maker_side(s)]
            self.phase = Phase.DEFENDER_ALONE
            self.current_seat = self._defender_queue.pop(0)
        else:
            self._start_exchange()

    def _defender_alone(self, seat: int, action: Action) -> None:
        if action is ALONE:
            self.alone.append(seat)
            self.lone_defender = seat
            self._start_exchange()
        elif self._defender_queue:
            self.current_seat = self._defender_queue.pop(0)
        else:
            self._start_exchange()

    def _start_exchange(self) -> None:
        for lone in self.alone:
            partner = self.partner_of(lone)
            if partner is not None:
                self.sitting_out.append(partner)
                if self.rules.alone.call_for_best:
                    self._callers.append(lone)
        dealer_plays = self.dealer not in self.sitting_out
        if self.upcard_accepted and dealer_plays:
            # A dealer who accepted the upcard ("I pick it up") takes it; the choice
            # exists only when another player ordered it up (R4).
            if not self._must_take_upcard and self.maker != self.dealer:
                self.phase = Phase.PICKUP
                self.current_seat = self.dealer
                return
            self.dealer_took_upcard = True
            self.hands[self.dealer] |= 1 << self.upcard
        elif self.upcard_accepted:
            self.dealer_took_upcard = False
        self._start_discards()

    def _start_discards(self) -> None:
        maker = self.maker
        if self.dummy and maker not in self.alone:
            self.hands[maker] |= self.dummy  # R12, R14: the maker takes the dummy
            self.received[maker] += tuple(cards_of(self.dummy))
            # R12: a dealer who made trump keeps the best five of all eleven cards, the
            # upcard included, unless the ruleset makes the dealer keep it (R4, R15)
            self.upcard_discardable = bool(
                maker == self.dealer and self.dealer_took_upcard and not self._must_take_upcard
            )
        queue = [self.dealer] if self.dealer != maker else []
        queue.append(maker)
        self._discard_queue = [s for s in queue if self.hands[s].bit_count() > HAND_SIZE]
        if self._discard_queue:
            self.phase = Phase.DISCARD
            self.current_seat = self._discard_queue[0]
        else:
            self._after_discards()

    def _discard(self, seat: int, card: Card) -> None:
        self.hands[seat] &= ~(1 << card)
        self.discards[seat] += (card,)
        if self.hands[seat].bit_count() > HAND_SIZE:
            return
        self._discard_queue.pop(0)
        if self._discard_queue:
            self.current_seat = self._discard_queue[0]
        else:
            self._after_discards()

    def _after_discards(self) -> None:
        """Each lone player calls for the partner's best card (R13), then play begins."""
        if self._callers:
            self.calling = self._callers.pop(0)
            self.phase = Phase.CALL_FOR_BEST
            self.current_seat = self.partner_of(self.calling)
        else:
            self.calling = None
            self._start_play()

    def _start_play(self) -> None:
        self.phase = Phase.PLAY
        active = [s for s in range(self.players) if s not in self.sitting_out]
        self._active_count = len(active)
        self._next_active = {s: self._first_active_from(s + 1) for s in active}
        lead_from = self.dealer
        if self.rules.alone.lead == "left-of-lone-player" and self.alone:
            lead_from = self.alone[0]
            if self.lone_defender is not None and len(self.alone) == 2:
                lead_from = self.lone_defender - 1  # both alone: the defender leads (R6)
        self.current_seat = self._leader = self._first_active_from(lead_from + 1)

    def _first_active_from(self, seat: int) -> int:
        for offset in range(self.players):
            candidate = (seat + offset) % self.players
            if candidate not in self.sitting_out:
                return candidate
        raise AssertionError("every seat sits out")

    def _play(self, seat: int, card: Card) -> None:
        self.hands[seat] ^= 1 << card
        plays = self.trick_plays
        if not plays:
            self._led = EFFECTIVE_SUIT[self.trump][card]
        plays.append((seat, card))
        if len(plays) < self._active_count:
            self.current_seat = self._next_active[seat]
            return
        strength = TRICK_STRENGTH[self.trump][self._led]
        winner, best = plays[0][0], strength[plays[0][1]]
        for player, played in plays:
            if strength[played] > best:
                winner, best = player, strength[played]
        self.tricks.append(Trick(self._leader, tuple(plays), winner))
        self.tricks_won[winner] += 1
        self.trick_plays = []
        if len(self.tricks) == TRICKS_IN_HAND:
            self._finish()
        else:
            self.current_seat = self._leader = winner

    def _finish(self) -> None:
        self.phase = Phase.OVER
        self.current_seat = None

    # --------------------------------------------------------- views, result
    def view(self, seat: int) -> View:
        """What ``seat`` may know now; see ``View``."""
        return View(
            seat=seat,
            players=self.players,
            dealer=self.dealer,
            phase=self.phase,
            hand=tuple(cards_of(self.hands[seat])),
            upcard=self.upcard,
            proposed_suit=self.proposed_suit,
            bids=tuple(self.bids),
            trump=self.trump,
            maker=self.maker,
            alone=tuple(self.alone),
            sitting_out=tuple(self.sitting_out),
            dealer_took_upcard=self.dealer_took_upcard,
            upcard_discardable=self.upcard_discardable,
            discards=tuple(self.discards[seat]),
            tricks=tuple(self.tricks),
            current_trick=tuple(self.trick_plays),
            tricks_won=tuple(self.tricks_won),
            dummy_cards=self.rules.dummy.cards,
            partner=self.partner_of(seat),
            deck=self.rules.deck_mask,
            scores=self.scores,
            rules=self.rules,
            weak_hand=self.weak_hand,
            given=self.given[seat],
            received=self.received[seat],
            passed_to=tuple(self.passed_to),
            dealt=self.deal_order[seat],
        )

    def result(self) -> HandResult:
        if not self.is_over:
            raise EngineError("the hand is not over yet")
        outcome = None
        if self.trump is not None:
            rules = self.rules
            outcome = HandOutcome(
                maker_side=rules.side_of(self.maker),
                maker_tricks=sum(self.tricks_won[s] for s in self.makers),
                maker_alone=self.maker in self.alone,
                lone_defender_side=(
                    None if self.lone_defender is None else rules.side_of(self.lone_defender)
                ),
            )
        return HandResult(
            dealer=self.dealer,
            trump=self.trump,
            maker=self.maker,
            makers=self.makers,
            alone=tuple(self.alone),
            lone_defender=self.lone_defender,
            tricks=tuple(self.tricks_won),
            outcome=outcome,
            redeal=self.redeal,
        )

    def score(self) -> HandScore | None:
        """The finished hand's points and the row of the scoring table that gave them
        (R8, R12, R14); None for a hand thrown in."""
        outcome = self.result().outcome
        if outcome is None:
            return None
        return score_hand(self.rules.scoring, outcome, len(self.rules.sides))

    def points(self) -> tuple[int, ...]:
        """Each side's points for the finished hand, in the order of ``ruleset.sides``
        (all 0 for a hand thrown in)."""
        score = self.score()
        return (0,) * len(self.rules.sides) if score is None else score.points


_BIDS = ("order", "name")  # the actions that make a suit trump (R4, R5)


def why_illegal(view: View, legal: Sequence[Action], action: Action) -> IllegalAction:
    """Why ``action`` is not among ``legal`` for the seat of ``view`` (R16), as the
    error ``Hand.apply`` raises.

    It needs only what the seat can see, so a person's prompt, a record played again
    and the engine give the same reason.
    """
    phase, card = view.phase, action.card

    def refused(reason: Refusal, **named: object) -> IllegalAction:
        return IllegalAction(reason, action, phase, legal, **named)

    if action.kind == "play" and phase is Phase.PLAY:
        if card not in view.hand:
            return refused(Refusal.NOT_HELD)
        effective = EFFECTIVE_SUIT[view.trump]
        # R2: the left bower is a trump this hand, whatever suit it shows: point it out
        # when it is the card refused, or one that must follow a trump lead, or the lead
        led = view.current_trick[0][1]
        shown = [led, *view.hand] if view.led_suit is view.trump else [card]
        bower = next((c for c in shown if not c.is_joker and effective[c] != c.suit), None)
        return refused(Refusal.MUST_FOLLOW, suit=view.led_suit, bower=bower)
    if action.kind == "discard" and phase is Phase.DISCARD:
        if card == view.upcard and card in view.hand and view.dealer_took_upcard:  # R4
            return refused(Refusal.DEALER_KEEPS_UPCARD)
        return refused(Refusal.NOT_HELD)
    if card is not None and phase in (Phase.WEAK_EXCHANGE, Phase.CALL_FOR_BEST):
        return refused(Refusal.NOT_HELD)
    natural = view.rules is not None and view.rules.bidding.natural_trump
    if natural and phase in (Phase.BID_UPCARD, Phase.NAME_TRUMP) and action.kind in _BIDS:
        suit = action.suit if action.kind == "name" else view.proposed_suit
        if not (phase is Phase.NAME_TRUMP and suit == view.proposed_suit):  # R17
            return refused(Refusal.NO_TRUMP_HELD, suit=suit)
    if action.kind == "name" and phase is Phase.NAME_TRUMP:
        return refused(Refusal.TURNED_DOWN, suit=view.proposed_suit)
    if action is PASS and phase is Phase.NAME_TRUMP:
        return refused(Refusal.DEALER_STUCK)
    if action is ALONE and phase in BIDDING:
        return refused(Refusal.ALONE_BEFORE_TRUMP)
    if action is ALONE:
        return refused(Refusal.NOBODY_ALONE)
    return refused(Refusal.NOT_NOW)
