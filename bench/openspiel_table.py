"""One deal played at OpenSpiel's Euchre by our computer players and outside programs.

OpenSpiel's game is the referee: every action is applied to its state, and its
returns are the points.  Our players see our own engine's ``View`` of the same deal,
kept in step action by action (``play_deal``), and the engine's points are checked
against OpenSpiel's at the end of every deal.  The one difference of order: OpenSpiel's
dealer discards before the maker says whether it goes alone, ours after; each side is
asked for its decisions in its own engine's order, and they are handed over when the
other engine gets there.  Our rules for OpenSpiel's game are ``bench/openspiel.yaml``.

The outside players: ``IsmctsSeat`` (OpenSpiel's information-set Monte Carlo tree
search, with ``resample`` dealing the unseen cards so that it never sees the kitty or
another seat's discard), and ``EuchreCliSeat`` (the heuristic computer player of
PyPI's ``euchre-cli``).  They import only in the bench-only environment that
``bench/versus.py`` describes.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from euchre_cli.engine.cards import Card, Suit
from euchre_cli.engine.hand import Hand
from euchre_cli.engine.rules import Ruleset
from euchre_cli.engine.values import ALONE, DISCARD, NAME, ORDER, PASS, PLAY, Action, Phase

PLAYERS = 4
CARDS = 24  # OpenSpiel's actions 0-23 are cards (rank * 4 + suit, the nine lowest)
PASS_ACTION = 24
SUIT_ACTION = 25  # + suit (clubs, diamonds, hearts, spades): order up, or name it
ALONE_ACTION, PARTNER_ACTION = 29, 30
DEALT = 20  # chance actions after the dealer's: 20 cards, then the upcard
SAME_COLOUR = (3, 2, 1, 0)  # clubs and spades, diamonds and hearts
JACK = 2


def openspiel_game() -> pyspiel.Game:
    return pyspiel.load_game("euchre", {"allow_lone_defender": False, "stick_the_dealer": True})


def ours(card: int) -> Card:
    """OpenSpiel's card as ours (suit * 8 + rank, the seven lowest)."""
    return Card((card % 4) * 8 + card // 4 + 2)


def theirs(card: int) -> int:
    return ((card & 7) - 2) * 4 + (card >> 3)


def holder(index: int, dealer: int) -> int:
    """The seat OpenSpiel deals its ``index``-th card to (the dealer first)."""
    return (index + dealer) % PLAYERS


def suit_of(card: int, trump: int) -> int:
    """The suit OpenSpiel's ``card`` follows under ``trump``: the left bower's is trump."""
    if card // 4 == JACK and card % 4 == SAME_COLOUR[trump]:
        return trump
    return card % 4


def dealt_state(game: pyspiel.Game, dealer: int, hands: Sequence[Sequence[int]], upcard: int):
    """OpenSpiel's state just dealt: ``hands`` by seat, and the upcard."""
    state = game.new_initial_state()
    state.apply_action(dealer)
    left = [list(hand) for hand in hands]
    for index in range(DEALT):
        state.apply_action(left[holder(index, dealer)].pop())
    state.apply_action(upcard)
    return state


def dealt_hands(dealer: int, deck: Sequence[int]) -> list[list[int]]:
    """Each seat's five of ``deck`` (OpenSpiel's cards, in its dealing order)."""
    return [[c for i, c in enumerate(deck[:DEALT]) if holder(i, dealer) == s] for s in range(4)]


def our_hand(ruleset: Ruleset, dealer: int, deck: Sequence[int]) -> Hand:
    """Our engine's deal of ``deck``: the same hands, upcard and undealt cards."""
    hands = [[ours(c) for c in hand] for hand in dealt_hands(dealer, deck)]
    kitty = [ours(c) for c in deck[DEALT + 1 :]]
    return Hand.dealt(ruleset, dealer, hands, ours(deck[DEALT]), kitty=kitty)


@dataclass
class Record:
    """An OpenSpiel deal so far, read from its history: what was dealt and done."""

    dealer: int
    upcard: int
    dealt: list[list[int]]  # each seat's five cards
    moves: list[tuple[int, int]]  # (seat, action) after the deal
    trump: int | None = None
    picked_up: bool = False  # the upcard was ordered up: the dealer took it
    discard_at: int | None = None  # index in ``moves`` of the dealer's discard
    alone: bool = False

    @classmethod
    def of(cls, state) -> Record:
        history = [(item.player, item.action) for item in state.full_history()]
        dealer = history[0][1]
        cards = [action for _, action in history[1 : 1 + DEALT]]
        dealt = [[c for i, c in enumerate(cards) if holder(i, dealer) == s] for s in range(4)]
        record = cls(dealer, history[1 + DEALT][1], dealt, history[2 + DEALT :])
        bids = 0
        for index, (_, action) in enumerate(record.moves):
            if action >= PASS_ACTION and action < ALONE_ACTION:
                bids += 1
                if action >= SUIT_ACTION:
                    record.trump = action - SUIT_ACTION
                    record.picked_up = bids <= PLAYERS
            elif action == ALONE_ACTION:
                record.alone = True
            elif action < CARDS and record.picked_up and record.discard_at is None:
                record.discard_at = index
        return record

    @property
    def plays(self) -> list[tuple[int, int]]:
        """The cards played to tricks, in order, with their seats."""
        return [
            (seat, action)
            for index, (seat, action) in enumerate(self.moves)
            if action < CARDS and index != self.discard_at
        ]

    def holding(self, seat: int) -> list[int]:
        """The cards ``seat`` holds now (what that seat itself knows)."""
        held = set(self.dealt[seat])
        if self.picked_up and seat == self.dealer:
            held.add(self.upcard)
            if self.discard_at is not None:
                held.discard(self.moves[self.discard_at][1])
        return sorted(held - {card for s, card in self.plays if s == seat})

    def current_trick(self) -> list[int]:
        plays = self.plays
        size = 3 if self.alone else 4
        return [card for _, card in plays[len(plays) - len(plays) % size :]]

    def voids(self) -> dict[int, set[int]]:
        """The suits (under trump) each seat has shown out of."""
        voids: dict[int, set[int]] = {seat: set() for seat in range(PLAYERS)}
        size = 3 if self.alone else 4
        plays = self.plays
        for start in range(0, len(plays), size):
            trick = plays[start : start + size]
            led = suit_of(trick[0][1], self.trump)
            for seat, card in trick[1:]:
                if suit_of(card, self.trump) != led:
                    voids[seat].add(led)
        return voids


# ------------------------------------------------------------------ the seats
class Seat:
    """A player at the table: ``native`` is the engine it decides in."""

    native = "ours"
    times: list[float]


@dataclass
class OurSeat(Seat):
    """One of our computer players, deciding from our engine's view."""

    player: object
    times: list[float] = field(default_factory=list)

    def decide(self, hand: Hand) -> Action:
        legal = hand.legal_actions()
        if len(legal) == 1:
            return legal[0]
        start = time.perf_counter()
        action = self.player.choose(hand.view(hand.current_seat), legal)
        self.times.append(time.perf_counter() - start)
        return action


class OutsideSeat(Seat):
    """A program deciding from OpenSpiel's state (only from what its seat may know)."""

    native = "openspiel"

    def decide(self, state) -> int:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        start = time.perf_counter()
        action = self.pick(state)
        self.times.append(time.perf_counter() - start)
        assert action in legal, (action, legal)
        return action

    def pick(self, state) -> int:
        raise NotImplementedError


class KeyedIsmcts(ismcts.ISMCTSBot):
    """OpenSpiel's ISMCTS with its tree keyed by the whole information state: the
    game's information-state string writes every suit named in the second round as
    "Pick up!", so the stock key merges the nodes that follow different trump suits."""

    def get_state_key(self, state):
        bids = tuple(action for action in state.history()[2 + DEALT :] if action >= PASS_ACTION)
        return state.current_player(), state.information_state_string(), bids


class IsmctsSeat(OutsideSeat):
    """OpenSpiel's ISMCTS, its worlds dealt from what its seat may know (``resample``)."""

    def __init__(self, game, seed: int, worlds: int, simulations: int, uct: float) -> None:
        self.rng = np.random.RandomState(seed)
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=self.rng)
        self.bot = KeyedIsmcts(
            game=game,
            evaluator=evaluator,
            uct_c=uct,
            max_simulations=simulations,
            max_world_samples=worlds,
            random_state=self.rng,
        )
        self.bot.set_resampler(lambda state, player: resample(game, state, player, self.rng))
        self.times = []

    def pick(self, state) -> int:
        return self.bot.step(state)


def resample(game, state, player: int, rng: np.random.RandomState):
    """A state dealt at random among the deals ``player`` cannot tell from this one.

    What the seat knows stays: its own cards (and its discard, as dealer), the upcard,
    every bid and card played, and that a dealer who took the upcard holds it until it
    is played.  What it cannot see is dealt anew: the others' unplayed cards (each
    seat's shown-out suits respected), the dealer's discard and the three cards never
    dealt.  OpenSpiel's own resampling keeps those as they were, which lets a bot see
    them.
    """
    record = Record.of(state)
    dealer, upcard, plays = record.dealer, record.upcard, record.plays
    voids = record.voids() if record.trump is not None else {}
    played = {seat: [c for s, c in plays if s == seat] for seat in range(PLAYERS)}
    known = set(record.dealt[player]) | {upcard} | {card for _, card in plays}
    pool = [card for card in range(CARDS) if card not in known]
    # Each other seat's unseen cards: those of its five still in its hand (never of a
    # suit it has shown out of), and a dealer's discard (any card).
    slots: list[tuple[int, str]] = []
    for seat in range(PLAYERS):
        if seat == player:
            continue
        unseen = 5 - len([c for c in played[seat] if c != upcard or seat != dealer])
        if record.picked_up and seat == dealer:
            unseen -= 1
            slots.append((seat, "discard"))
        slots += [(seat, "hand")] * unseen
    assert len(pool) - len(slots) == 3, "three cards are never dealt"

    def allowed(card: int, slot: tuple[int, str]) -> bool:
        seat, kind = slot
        return (
            kind == "discard"
            or record.trump is None
            or suit_of(card, record.trump) not in voids[seat]
        )

    order = list(pool)
    for _ in range(2000):
        rng.shuffle(order)
        if all(allowed(card, slot) for card, slot in zip(order, slots)):
            break
    else:
        order = fitted_order(pool, slots, allowed, rng)
    hands = [list(record.dealt[player]) if s == player else [] for s in range(PLAYERS)]
    discard = None
    for card, (seat, kind) in zip(order, slots):
        if kind == "discard":
            discard = card
        else:
            hands[seat].append(card)
    for seat in range(PLAYERS):
        if seat != player:
            hands[seat] += [c for c in played[seat] if c != upcard or seat != dealer]
    if discard is not None:
        hands[dealer].append(discard)
    world = dealt_state(game, dealer, hands, upcard)
    for index, (_, action) in enumerate(record.moves):
        world.apply_action(
            discard if index == record.discard_at and discard is not None else action
        )
    return world


def fitted_order(pool, slots, allowed, rng) -> list[int]:
    """A dealing of ``pool`` into ``slots`` that ``allowed`` accepts, found by search
    when drawing at random keeps failing (late in a hand, with many suits shown out)."""
    cards = list(pool)
    rng.shuffle(cards)
    filled: list[int] = []

    def place(left: list[int]) -> bool:
        if len(filled) == len(slots):
            return True
        for i, card in enumerate(left):
            if allowed(card, slots[len(filled)]):
                filled.append(card)
                if place(left[:i] + left[i + 1 :]):
                    return True
                filled.pop()
        return False

    assert place(cards), "no dealing fits the suits shown out"
    return filled + [card for card in cards if card not in filled]


class EuchreCliSeat(OutsideSeat):
    """The computer player of PyPI's ``euchre-cli``, asked through its own methods.

    It has no decision to go alone (it never does) and none for a stuck dealer (it
    would pass: it names its longest suit instead).  Its occasional random call draws
    from ``random`` seeded per decision, so that a run replays.
    """

    def __init__(self, seed: int) -> None:
        from euchre.abstract import Card as CliCard
        from euchre.abstract import Computer, Face, Team
        from euchre.abstract import Suit as CliSuit

        colours = ("Black", "Red", "Red", "Black")
        names = ("Club", "Diamond", "Heart", "Spade")
        self.suits = [CliSuit(name, colour) for name, colour in zip(names, colours)]
        faces = [Face(name, value) for name, value in zip(FACES, range(9, 15))]
        self.cards = [CliCard(self.suits[c % 4], faces[c // 4]) for c in range(CARDS)]
        self.player = Computer("euchre-cli", Team("euchre-cli"))
        self.seed = seed
        self.times = []

    def pick(self, state) -> int:
        random.seed(f"{self.seed}:{state.history()}")
        record = Record.of(state)
        seat, legal, me = state.current_player(), state.legal_actions(), self.player
        me.is_dealer = seat == record.dealer
        me.hand = [self.cards[c] for c in record.holding(seat)]
        if legal[0] >= ALONE_ACTION:
            return PARTNER_ACTION
        upcard = self.cards[record.upcard]
        if legal[0] >= PASS_ACTION:
            bids = sum(PASS_ACTION <= a < ALONE_ACTION for _, a in record.moves)
            if bids < PLAYERS:
                ordered = me.call_pick_up(upcard, (seat + 2) % PLAYERS == record.dealer)
                return SUIT_ACTION + record.upcard % 4 if ordered else PASS_ACTION
            turned_down = upcard.suit
            named = me.call_trump_suit(turned_down)
            if named is turned_down and PASS_ACTION not in legal:
                named = max(
                    (suit for suit in self.suits if suit is not turned_down),
                    key=lambda suit: sum(card.adjusted_suit(suit) is suit for card in me.hand),
                )
            return PASS_ACTION if named is turned_down else SUIT_ACTION + self.suits.index(named)
        trump = self.suits[record.trump]
        if record.picked_up and record.discard_at is None:
            # the dealer's discard: it takes the upcard and throws its lowest card
            me.hand = [card for card in me.hand if card is not upcard]
            card = self.cards.index(me.pick_up_card(upcard))
            if card in legal:
                return card
            return min(legal, key=lambda c: self.cards[c].weighted_value(trump))
        trick = [self.cards[c] for c in record.current_trick()]
        card = self.cards.index(me.play_card(trick, trump))
        return card if card in legal else legal[0]


FACES = ("Nine", "Ten", "Jack", "Queen", "King", "Ace")


# ------------------------------------------------------------------ one deal
@dataclass
class Outcome:
    returns: list[float]  # OpenSpiel's points per seat (makers +, defenders -)
    maker: int
    alone: bool
    tricks_to_makers: int
    history: list[tuple[int, Action]]  # our engine's


def play_deal(
    game, ruleset: Ruleset, dealer: int, deck: Sequence[int], seats: Sequence[Seat]
) -> Outcome:
    """One deal of ``deck`` (OpenSpiel's cards: 20 dealt by its order, then the upcard)
    played by ``seats``, refereed by OpenSpiel and mirrored in our engine."""
    hands = dealt_hands(dealer, deck)
    state = dealt_state(game, dealer, hands, deck[DEALT])
    hand = our_hand(ruleset, dealer, deck)
    for_openspiel: list[int] = []  # decisions taken in our engine's order, not yet in OpenSpiel's
    for_ours: list[Action] = []  # and the other way
    while not state.is_terminal():
        phase = hand.phase
        seat = hand.current_seat
        kind = openspiel_kind(state)
        if for_ours and phase is Phase.DISCARD:
            hand.apply(for_ours.pop(0))
            continue
        if kind == "alone" and phase is not Phase.MAKER_ALONE:
            state.apply_action(for_openspiel.pop(0))
            continue
        if kind == "discard" and phase is not Phase.DISCARD:
            # our engine has no discard here (the dealer sits out, or it is to come
            # after the maker's word on going alone)
            dealer_seat = seats[state.current_player()]
            if phase is Phase.MAKER_ALONE:
                maker_seat = seats[seat]
                if maker_seat.native == "ours":
                    action = maker_seat.decide(hand)
                    hand.apply(action)
                    for_openspiel.append(openspiel_action(action, phase, hand.upcard))
                    continue
                if dealer_seat.native == "openspiel":
                    card = dealer_seat.decide(state)
                    state.apply_action(card)
                    for_ours.append(DISCARD[ours(card)])
                    continue
                # an outside maker's word on going alone does not depend on which card
                # our dealer will throw: ask it on a copy with any discard
                copy = state.clone()
                copy.apply_action(copy.legal_actions()[0])
                word = maker_seat.decide(copy)
                hand.apply(ALONE if word == ALONE_ACTION else PASS)
                for_openspiel.append(word)
                continue
            state.apply_action(state.legal_actions()[0])  # a dealer who sits out
            continue
        assert seat == state.current_player(), (seat, state.current_player(), phase, kind)
        player = seats[seat]
        if player.native == "ours":
            action = player.decide(hand)
            hand.apply(action)
            state.apply_action(openspiel_action(action, phase, hand.upcard))
        else:
            chosen = player.decide(state)
            state.apply_action(chosen)
            hand.apply(our_action(chosen, phase))
    assert hand.is_over, hand.phase
    returns = state.returns()
    points = hand.points()
    result = hand.result()
    check = [points[s % 2] - points[1 - s % 2] for s in range(PLAYERS)]
    assert check == [int(r) for r in returns], (check, returns, hand.history)
    makers = result.maker % 2
    return Outcome(
        list(returns),
        result.maker,
        bool(result.alone),
        sum(result.tricks[s] for s in range(PLAYERS) if s % 2 == makers),
        list(hand.history),
    )


def openspiel_kind(state) -> str:
    legal = state.legal_actions()
    if legal[0] >= ALONE_ACTION:
        return "alone"
    if legal[0] >= PASS_ACTION:
        return "bid"
    record = Record.of(state)
    return "discard" if record.picked_up and record.discard_at is None else "play"


def openspiel_action(action: Action, phase: Phase, upcard: Card) -> int:
    if phase is Phase.MAKER_ALONE:
        return ALONE_ACTION if action is ALONE else PARTNER_ACTION
    if action is PASS:
        return PASS_ACTION
    if action is ORDER:
        return SUIT_ACTION + upcard // 8
    if action.kind == "name":
        return SUIT_ACTION + int(action.suit)
    return theirs(action.card)


def our_action(action: int, phase: Phase) -> Action:
    if action == PASS_ACTION:
        return PASS
    if SUIT_ACTION <= action < ALONE_ACTION:
        return ORDER if phase is Phase.BID_UPCARD else NAME[Suit(action - SUIT_ACTION)]
    if action >= ALONE_ACTION:
        return ALONE if action == ALONE_ACTION else PASS
    return (DISCARD if phase is Phase.DISCARD else PLAY)[ours(action)]
