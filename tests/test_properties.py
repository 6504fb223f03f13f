"""Property tests: many seeded hands and games of random legal play on every variant.

Each hand is checked against an independent reading of the rules (R1-R8, R12, R14,
R15): the deal, hidden information, follow-suit, trick winners, sitting out, the
exchanges, card conservation and the scoring row.  Whole games are checked for one
winner at or past the target and a consistent ``--json`` summary (R9).
"""

from __future__ import annotations

import random

import pytest
from deals import VARIANTS, check_summary
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from euchre_cli.engine.cards import JOKER, Card, Suit, cards_of
from euchre_cli.engine.game import Game
from euchre_cli.engine.hand import Hand
from euchre_cli.engine.rules import Ruleset
from euchre_cli.engine.scoring import score_hand
from euchre_cli.engine.values import PASS, Phase
from euchre_cli.players import RandomPlayer
from euchre_cli.rulebook import builtin_names, load_ruleset

HAND_SETTINGS = settings(
    max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
GAME_SETTINGS = settings(max_examples=10, deadline=None)
PLAIN_ORDER = "789TJQKA"


# ---------------------------------------------------------- an independent R2
def suit_of(card: Card, trump: Suit) -> Suit:
    """R2: the joker and the left bower belong to trump."""
    if card == JOKER:
        return trump
    if card.code[0] == "J" and card.suit is trump.same_colour:
        return trump
    return card.suit


def power(card: Card, trump: Suit, led: Suit) -> int:
    """R2, R7: joker > right bower > left bower > A K Q 10 9 8 7 of trump > led suit."""
    if card == JOKER:
        return 300
    if card.code[0] == "J" and card.suit is trump:
        return 200
    if card.code[0] == "J" and card.suit is trump.same_colour:
        return 199
    rank = PLAIN_ORDER.index(card.code[0])
    if card.suit is trump:
        return 100 + rank
    return rank if card.suit is led else -1


def expected_points(ruleset: Ruleset, hand: Hand) -> tuple[int, ...]:
    """The R8 (R12, R14) table, read again from the tricks each seat took."""
    table = ruleset.scoring
    sides = len(ruleset.sides)
    maker_side = ruleset.side_of(hand.maker)
    taken = sum(n for seat, n in enumerate(hand.tricks_won) if ruleset.side_of(seat) == maker_side)
    points = [0] * sides
    if taken >= 3:
        if hand.maker in hand.alone:
            points[maker_side] = table.lone_march if taken == 5 else table.lone_make
        else:
            points[maker_side] = table.march if taken == 5 else table.make
    elif hand.lone_defender is not None:
        value = table.lone_defender_march if taken == 0 else table.lone_defender_euchre
        points[ruleset.side_of(hand.lone_defender)] = value
    else:
        for side in range(sides):
            if side != maker_side:
                points[side] = table.euchre
    return tuple(points)


# ------------------------------------------------------------ one random hand
def random_deck(ruleset: Ruleset, rng: random.Random, joker_up: bool) -> list[Card]:
    deck = list(ruleset.cards)
    rng.shuffle(deck)
    if joker_up and JOKER in deck:  # R15: make the joker the upcard now and then
        up = ruleset.players * 5 + ruleset.dummy.cards
        at = deck.index(JOKER)
        deck[at], deck[up] = deck[up], deck[at]
    return deck


class ShyPlayer(RandomPlayer):
    """A ``RandomPlayer`` that passes with probability ``shyness`` whenever it may, so
    that thrown-in hands, stuck dealers and second-round bids come up often."""

    def __init__(self, seed: float, shyness: float) -> None:
        super().__init__(seed)
        self.shyness = shyness

    def choose(self, view, legal):
        if PASS in legal and self.rng.random() < self.shyness:
            return PASS
        return super().choose(view, legal)


def check_random_hand(ruleset: Ruleset, seed: int, joker_up: bool, shyness: float = 0) -> Hand:
    rng = random.Random(seed)
    players = ruleset.players
    dealer = rng.randrange(players)
    deck = random_deck(ruleset, rng, joker_up)
    hand = Hand(ruleset, dealer, deck)
    seats = [ShyPlayer(rng.random(), shyness) for _ in range(players)]

    # R3: every card dealt exactly once; five each, the dummy, then the kitty.
    dealt = [c for s in range(players) for c in hand.hand_of(s)]
    dealt += list(cards_of(hand.dummy)) + list(hand.kitty)
    assert sorted(dealt) == sorted(ruleset.cards)
    assert all(len(hand.hand_of(s)) == 5 for s in range(players))
    assert hand.dummy.bit_count() == ruleset.dummy.cards
    assert hand.upcard == deck[players * 5 + ruleset.dummy.cards]
    kitty = set(hand.kitty)
    dummy = set(cards_of(hand.dummy))

    held = {s: set(hand.hand_of(s)) for s in range(players)}
    played: list[Card] = []
    play_started = False
    while not hand.is_over:
        seat = hand.current_seat
        legal = hand.legal_actions()
        assert legal, "someone must be able to act"
        # Views: each seat sees its own cards and nothing hidden of anyone else.
        for other in range(players):
            view = hand.view(other)
            assert set(view.hand) == set(hand.hand_of(other))
            public = set(played) | {hand.upcard}
            assert visible_cards(view) <= set(view.hand) | set(view.discards) | public
        if hand.phase is Phase.PLAY and not play_started:
            play_started = True
            active = [s for s in range(players) if s not in hand.sitting_out]
            # R13: a partner who passed a card to a lone player holds four
            passed = [s for s in hand.sitting_out if ruleset.alone.call_for_best]
            assert all(len(hand.hand_of(s)) == 5 - (s in passed) for s in range(players))
            held = {s: set(hand.hand_of(s)) for s in range(players)}
            check_exchange(ruleset, hand, dummy)
        if hand.phase is Phase.PLAY:
            assert seat not in hand.sitting_out
            trick = hand.trick_plays
            if trick:
                led = suit_of(trick[0][1], hand.trump)
                follow = {c for c in held[seat] if suit_of(c, hand.trump) is led}
                allowed = follow or held[seat]
            else:
                allowed = held[seat]
            assert {a.card for a in legal} == allowed  # R7: follow suit if able
        action = seats[seat].choose(hand.view(seat), legal)
        if hand.phase is Phase.PLAY:
            held[seat].discard(action.card)
            played.append(action.card)
        hand.apply(action)

    result = hand.result()
    if ruleset.bidding.stick_the_dealer:
        assert (dealer, PASS) not in hand.bids[players:]  # R5: the dealer is stuck
    if result.thrown_in:  # R5: everybody passed twice
        assert not ruleset.bidding.stick_the_dealer
        assert hand.tricks == [] and result.outcome is None
        assert len(hand.bids) == 2 * players
        assert all(action is PASS for _, action in hand.bids)
        assert all(len(hand.hand_of(s)) == 5 for s in range(players))
        return hand

    # R7: five tricks, one card per active seat in clockwise order from the leader.
    assert len(hand.tricks) == 5
    assert len(played) == len(set(played))
    active = [s for s in range(players) if s not in hand.sitting_out]
    previous_winner = None
    for trick in hand.tricks:
        order = [s for s, _ in trick.plays]
        assert order[0] == trick.leader
        expected_order = [s for s in rotate(range(players), trick.leader) if s in active]
        assert order == expected_order
        if previous_winner is not None:
            assert trick.leader == previous_winner
        led = suit_of(trick.plays[0][1], hand.trump)
        best = max(trick.plays, key=lambda play: power(play[1], hand.trump, led))
        assert trick.winner == best[0]
        previous_winner = trick.winner
    assert sum(result.tricks) == 5
    assert all(result.tricks[s] == 0 for s in hand.sitting_out)
    check_lead(ruleset, hand, active)
    check_conservation(ruleset, hand, played, kitty, dummy)

    # R8, R12, R14: the points are the scoring table's row for the result.
    score = score_hand(ruleset.scoring, result.outcome, len(ruleset.sides))
    assert score.points == expected_points(ruleset, hand)
    assert (
        result.makers
        == tuple(s for s in range(players) if ruleset.side_of(s) == ruleset.side_of(hand.maker))
        or not ruleset.partnerships
    )
    return hand


def visible_cards(view) -> set:
    """Every card a ``View`` mentions anywhere."""
    seen = set(view.hand) | set(view.discards) | {view.upcard}
    seen |= {card for trick in view.tricks for _, card in trick.plays}
    seen |= {card for _, card in view.current_trick}
    return seen


def rotate(seats, start: int) -> list[int]:
    seats = list(seats)
    return seats[start:] + seats[:start]


def check_exchange(ruleset: Ruleset, hand: Hand, dummy: set) -> None:
    """R4, R6, R12, R14, R15: who took the upcard and the dummy, and who sits out."""
    players = ruleset.players
    maker, dealer = hand.maker, hand.dealer
    joker_named = hand.upcard == JOKER and ruleset.bidding.joker_upcard == "dealer-names"
    must_take = ruleset.bidding.dealer_pickup == "mandatory" or joker_named
    if hand.upcard_accepted and dealer not in hand.sitting_out and must_take:
        assert hand.dealer_took_upcard is True
    merged = bool(dummy) and maker not in hand.alone
    if hand.dealer_took_upcard:
        # kept (R4), unless the dealer made trump and merged the dummy under optional
        # pick-up: then any five of the eleven (R12)
        free = merged and maker == dealer and not must_take
        # R13: a lone dealer's second discard, after the partner's card, may be the upcard
        free = free or dealer in hand.alone and ruleset.alone.call_for_best
        assert hand.upcard in hand.hand_of(dealer) or free and hand.upcard in hand.discards[dealer]
    if merged:
        assert hand.discards[maker] or not dummy
    expected = (1 if hand.dealer_took_upcard else 0) + (len(dummy) if merged else 0)
    callers = [s for s in hand.alone if ruleset.partnerships and ruleset.alone.call_for_best]
    expected += len(callers)  # R13: each lone player discards the card too many
    assert sum(len(d) for d in hand.discards) == expected
    for lone in callers:  # ... after the partner passed one, face down
        assert hand.received[lone] == hand.given[(lone + 2) % 4] and len(hand.received[lone]) == 1
    if maker in hand.alone and dummy:
        assert not dummy & set(hand.hand_of(maker))
    # R6: partners of lone players sit out; at most one lone defender.
    assert len([s for s in hand.alone if s != maker]) <= 1
    expected_out = []
    for lone in hand.alone:
        if players == 4:
            expected_out.append((lone + 2) % 4)
        elif players == 3 and lone != maker:
            expected_out.append(3 - lone - maker)
    assert sorted(hand.sitting_out) == sorted(expected_out)
    if not ruleset.alone.maker:
        assert maker not in hand.alone
    if not ruleset.alone.defender:
        assert hand.lone_defender is None


def check_lead(ruleset: Ruleset, hand: Hand, active: list[int]) -> None:
    """R6, R7: who leads the first trick."""
    players, dealer = ruleset.players, hand.dealer
    leader = hand.tricks[0].leader
    if ruleset.alone.lead == "left-of-lone-player" and hand.alone:
        if hand.lone_defender is not None and len(hand.alone) == 2:
            assert leader == hand.lone_defender
            return
        start = hand.alone[0] + 1
    else:
        start = dealer + 1
    first = next(s for s in rotate(range(players), start % players) if s in active)
    assert leader == first


def check_conservation(ruleset, hand: Hand, played, kitty: set, dummy: set) -> None:
    """Every card is in exactly one place at the end: played, discarded, still held
    (by a seat that sat out), in the kitty, or in an unused dummy."""
    places = [set(played)]
    places += [set(d) for d in hand.discards]
    places += [set(hand.hand_of(s)) for s in range(ruleset.players)]
    places.append(kitty - ({hand.upcard} if hand.dealer_took_upcard else set()))
    merged = bool(dummy) and hand.maker not in hand.alone
    places.append(set() if merged else dummy)
    every = [c for place in places for c in place]
    assert len(every) == len(set(every))
    assert set(every) == set(ruleset.cards)


@pytest.mark.parametrize("name", list(VARIANTS))
@HAND_SETTINGS
@given(
    seed=st.integers(0, 2**32 - 1),
    joker_up=st.booleans(),
    shyness=st.sampled_from([0.0, 0.6, 0.8, 0.95]),
)
def test_random_hands_follow_the_rules(name, seed, joker_up, shyness):
    check_random_hand(VARIANTS[name], seed, joker_up, shyness)


@pytest.mark.parametrize("name", list(VARIANTS))
@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), joker_up=st.booleans(), data=st.data())
def test_views_do_not_depend_on_hidden_cards(name, seed, joker_up, data):
    """Two deals that differ only in cards hidden from a seat give that seat equal
    views through the bidding, alone decisions and pick-up."""
    ruleset = VARIANTS[name]
    rng = random.Random(seed)
    players = ruleset.players
    dealer = rng.randrange(players)
    deck = random_deck(ruleset, rng, joker_up)
    seat = data.draw(st.integers(0, players - 1), label="seat")
    first = Hand(ruleset, dealer, deck)
    own = set(first.hand_of(seat)) | {first.upcard}
    hidden = [i for i, card in enumerate(deck) if card not in own]
    shuffled = [deck[i] for i in hidden]
    rng.shuffle(shuffled)
    other_deck = list(deck)
    for i, card in zip(hidden, shuffled):
        other_deck[i] = card
    second = Hand(ruleset, dealer, other_deck)
    while first.phase not in (Phase.DISCARD, Phase.PLAY, Phase.OVER):
        assert first.view(seat) == second.view(seat)
        assert first.legal_actions() == second.legal_actions()
        action = rng.choice(first.legal_actions())
        first.apply(action)
        second.apply(action)
    if first.phase is Phase.PLAY or seat != first.maker:
        assert first.view(seat) == second.view(seat)


BUILT_IN = builtin_names()


@pytest.mark.parametrize("name", BUILT_IN)
@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), shyness=st.sampled_from([0.0, 0.8]))
def test_random_hands_on_the_built_in_rulesets(name, seed, shyness):
    check_random_hand(load_ruleset(name), seed, joker_up=seed % 3 == 0, shyness=shyness)


@pytest.mark.parametrize("name", [*VARIANTS, *(f"builtin:{n}" for n in BUILT_IN)])
@GAME_SETTINGS
@given(seed=st.integers(0, 2**32 - 1))
def test_random_games_end_with_one_winner(name, seed):
    ruleset = load_ruleset(name[8:]) if name.startswith("builtin:") else VARIANTS[name]
    count = ruleset.players
    players = [RandomPlayer(seed + i) for i in range(count)]
    game = Game(ruleset, [f"P{i}" for i in range(count)], players, seed=seed)
    winner = game.play()
    scores = game.scores
    assert scores[winner] >= ruleset.game.points_to_win
    assert [s for s in scores if s == scores[winner]] == [scores[winner]]
    assert all(record.score is None or sum(record.score.points) > 0 for record in game.records)
    check_summary(game)
