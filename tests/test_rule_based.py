"""The rule-based computer player (``euchre_cli/players/rule_based.py``).

It must make a legal action in every phase of every variant (R16: "the computer
never makes an illegal action"), be deterministic for a seed, and play sound
Euchre: the positions below are small hand-made deals, cited by docs/rules.md section.
Seats are numbered clockwise; with dealer 3, seat 0 bids and leads first.
"""

from __future__ import annotations

import dataclasses
import random

import pytest
from deals import CUTTHROAT, JOKER, PARTNERS_ACE, STANDARD, STICK, TWO_HANDED, VARIANTS, deal, run
from hypothesis import given, settings
from hypothesis import strategies as st

from euchre_cli.engine.cards import SUIT_MASKS, Suit, parse_card
from euchre_cli.engine.game import Game
from euchre_cli.engine.hand import Hand
from euchre_cli.engine.rules import DummyRules
from euchre_cli.engine.scoring import TRICKS_IN_HAND
from euchre_cli.engine.values import ALONE, DISCARD, NAME, ORDER, PASS, PICKUP, PLAY, Phase
from euchre_cli.players import RandomPlayer
from euchre_cli.players.rule_based import (
    _CARD_VALUE,
    _VOID,
    RuleBasedPlayer,
    expected_best_value,
    hand_value,
    sure_partner_trick,
    under_partner,
)

C, D, H, S = Suit


def choose(hand: Hand, seed: int = 0):
    """The rule-based choice for the seat to act, checked to be legal."""
    seat = hand.current_seat
    legal = hand.legal_actions()
    action = RuleBasedPlayer(seed).choose(hand.view(seat), legal)
    assert action in legal
    return action


def card(code: str):
    return parse_card(code)


# ------------------------------------------------------------ R16: always legal
def play_hand(ruleset, deck, dealer, players) -> Hand:
    """The hand dealt from ``deck``, played to its end by ``players``, each action
    checked legal."""
    hand = Hand(ruleset, dealer, deck)
    while not hand.is_over:
        seat = hand.current_seat
        legal = hand.legal_actions()
        action = players[seat].choose(hand.view(seat), legal)
        assert action in legal, (hand.phase, action, legal)
        hand.apply(action)
    return hand


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_r16_always_legal_in_every_variant(variant):
    """Every phase, every table size, deck and dummy: seeded random deals, with the
    rule-based player in every seat and facing random players (odd positions)."""
    ruleset = VARIANTS[variant]
    rng = random.Random(variant)
    deck = list(ruleset.cards)
    phases = set()
    for number in range(400):
        rng.shuffle(deck)
        players = [
            RuleBasedPlayer(number)
            if number % 3 == 0 or (seat + number) % 2
            else RandomPlayer(number + seat)
            for seat in range(ruleset.players)
        ]
        hand = Hand(ruleset, number % ruleset.players, deck)
        while not hand.is_over:
            seat = hand.current_seat
            legal = hand.legal_actions()
            phases.add(hand.phase)
            action = players[seat].choose(hand.view(seat), legal)
            assert action in legal, (variant, number, hand.phase, action, legal)
            hand.apply(action)
    assert {Phase.BID_UPCARD, Phase.DISCARD, Phase.PLAY} <= phases


@settings(max_examples=60, deadline=None)
@given(
    variant=st.sampled_from(sorted(VARIANTS)),
    seed=st.integers(0, 2**32),
    dealer=st.integers(0, 3),
)
def test_r16_legal_for_any_deal(variant, seed, dealer):
    ruleset = VARIANTS[variant]
    deck = list(ruleset.cards)
    random.Random(seed).shuffle(deck)
    players = [RuleBasedPlayer(seed) for _ in range(ruleset.players)]
    result = play_hand(ruleset, deck, dealer % ruleset.players, players).result()
    assert result.thrown_in or sum(result.tricks) == TRICKS_IN_HAND  # a whole hand, legally


def test_deterministic_for_a_seed():
    ruleset = VARIANTS["cutthroat"]
    deck = list(ruleset.cards)
    for number in range(30):
        random.Random(number).shuffle(deck)
        first = play_hand(ruleset, deck, number % 3, [RuleBasedPlayer(5) for _ in range(3)])
        again = play_hand(ruleset, deck, number % 3, [RuleBasedPlayer(5) for _ in range(3)])
        assert first.history == again.history  # (seat, action) in order


def test_deterministic_games():
    def game_record(seed):
        players = [RuleBasedPlayer(seed) for _ in range(4)]
        game = Game(STANDARD, ["a", "b", "c", "d"], players, seed=seed)
        game.play()
        return [(r.result, r.totals) for r in game.records]

    assert game_record(3) == game_record(3)


# ------------------------------------------------------------- R4, R5: bidding
def test_r4_orders_up_with_both_bowers_and_the_ace():
    hand = deal(STANDARD, dealer=3, hands={0: "JH JD AH 9C TS"}, upcard="9H")
    assert choose(hand) is ORDER


def test_r4_passes_with_junk_in_both_rounds():
    hand = deal(STANDARD, dealer=3, hands={0: "9C TS QD 9S TC"}, upcard="9H")
    assert choose(hand) is PASS
    run(hand, "pass pass pass pass")
    assert hand.phase is Phase.NAME_TRUMP and hand.current_seat == 0
    assert choose(hand) is PASS


def test_r4_upcard_counts_for_the_dealers_side_and_against_the_other():
    """Two middling trumps and an ace: the dealer's partner assists (the dealer gets
    the jack), an opponent of the dealer does not order the jack into their hand."""
    cards_ = "AH KH AS 9C TD"
    partner_of_dealer = deal(STANDARD, dealer=2, hands={0: cards_}, upcard="JH")
    run(partner_of_dealer, "pass")  # seat 3 passes; seat 0 is the dealer's partner
    assert partner_of_dealer.current_seat == 0
    assert choose(partner_of_dealer) is ORDER
    opponent_of_dealer = deal(STANDARD, dealer=3, hands={0: cards_}, upcard="JH")
    assert choose(opponent_of_dealer) is PASS


def test_r5_names_the_best_other_suit():
    hand = deal(STANDARD, dealer=3, hands={0: "JS JC AS KS AD"}, upcard="9H")
    run(hand, "pass pass pass pass")
    assert choose(hand) is NAME[S]


def test_r5_stuck_dealer_names_the_best_suit():
    hand = deal(STICK, dealer=3, hands={3: "9S TC QD 9D TD"}, upcard="9H")
    run(hand, "pass pass pass pass pass pass pass")
    assert PASS not in hand.legal_actions()
    assert choose(hand) is NAME[D]


def test_r15_dealer_names_trump_with_the_joker():
    hand = deal(JOKER, dealer=3, hands={3: "JS AS KS 9D TD"}, upcard="JK")
    assert hand.phase is Phase.DEALER_NAMES
    assert choose(hand) is NAME[S]


# ----------------------------------------------------- R12, R14: dummy-aware bids
def test_r12_cutthroat_orders_two_trumps_and_an_ace_counting_on_the_dummy():
    """Five unseen dummy cards join the maker's hand (R12): a hand too weak alone is
    worth ordering; the same hand without a dummy passes."""
    cards_ = "AH KH AS 9C TD"
    with_dummy = deal(CUTTHROAT, dealer=0, hands={1: cards_}, upcard="9H")
    assert choose(with_dummy) is ORDER
    no_dummy = dataclasses.replace(CUTTHROAT, dummy=DummyRules(cards=0))
    without = deal(no_dummy, dealer=0, hands={1: cards_}, upcard="9H")
    assert choose(without) is PASS


def test_r12_expected_value_of_the_dummy_is_exact():
    """The expected best five of hand + dummy (R12) against a seeded sampling of
    dummies; a dummy of no cards adds nothing, a dummy of every card gives the best."""
    pool = sum(1 << card(c) for c in ["AH", "KH", "AS", "9C", "TD"])
    deck = sum(1 << c for c in STANDARD.cards)
    unseen = deck & ~pool
    values = _CARD_VALUE[H]
    trumps = (pool & SUIT_MASKS[H][H]).bit_count()
    unseen_trumps = (unseen & SUIT_MASKS[H][H]).bit_count()

    def shape(dummy: int) -> float:
        expected = trumps + dummy * unseen_trumps / unseen.bit_count()
        return _VOID * max(0.0, min(expected, 5.0) - 2.0)

    assert expected_best_value(pool, unseen, 0, H) == pytest.approx(hand_value(pool, H))
    best = sorted((values[c] for c in STANDARD.cards), reverse=True)[:5]
    everything = expected_best_value(pool, unseen, unseen.bit_count(), H)
    assert everything == pytest.approx(sum(best) + shape(unseen.bit_count()))
    rng = random.Random(1)
    unseen_cards = [c for c in STANDARD.cards if unseen >> c & 1]
    pool_values = [values[c] for c in STANDARD.cards if pool >> c & 1]
    samples = 20000
    total = 0.0
    for _ in range(samples):
        dummy_values = [values[c] for c in rng.sample(unseen_cards, 5)]
        total += sum(sorted(pool_values + dummy_values, reverse=True)[:5])
    exact = expected_best_value(pool, unseen, 5, H) - shape(5)
    assert exact == pytest.approx(total / samples, abs=0.01)


# -------------------------------------------------------------- R6: going alone
def test_r6_goes_alone_with_a_lay_down_hand():
    hand = deal(STANDARD, dealer=3, hands={0: "JH JD AH KH AS"}, upcard="9H")
    run(hand, "order")
    assert hand.phase is Phase.MAKER_ALONE
    assert choose(hand) is ALONE


def test_r6_does_not_go_alone_with_a_merely_good_hand():
    hand = deal(STANDARD, dealer=3, hands={0: "JH AH KH 9C TS"}, upcard="9H")
    run(hand, "order")
    assert choose(hand) is PASS


def test_r6_defenders_rarely_go_alone():
    hand = deal(STANDARD, dealer=3, hands={1: "JH AH KH AS 9C"}, upcard="9H")
    run(hand, "order pass")  # seat 0 orders, does not go alone; seat 1 defends
    assert hand.phase is Phase.DEFENDER_ALONE and hand.current_seat == 1
    assert choose(hand) is PASS


def test_r12_cutthroat_maker_keeps_the_dummy_unless_certain_to_march():
    """Four top trumps and a loser: alone in four-handed play, not in Cutthroat,
    where going alone forfeits the dummy (R12)."""
    cards_ = "JH JD AH KH 9C"
    four = deal(STANDARD, dealer=3, hands={0: cards_}, upcard="9H")
    assert choose(run(four, "order")) is ALONE
    three = deal(CUTTHROAT, dealer=2, hands={0: cards_}, upcard="9H")
    assert choose(run(three, "order")) is PASS
    certain = deal(CUTTHROAT, dealer=2, hands={0: "JH JD AH KH AS"}, upcard="9H")
    assert choose(run(certain, "order")) is ALONE


def test_r15_with_the_joker_the_bowers_are_not_top():
    """With the joker in the deck (R15) the right bower is only the second trump, so
    four trumps from the right down are no lay-down; the view says which deck is in
    play.  The same cards in the 24-card deck do go alone."""
    with_joker = deal(JOKER, dealer=3, hands={0: "JH JD AH KH 9C"}, upcard="9H")
    without = deal(STANDARD, dealer=3, hands={0: "JH JD AH KH 9C"}, upcard="9H")
    for hand in (with_joker, without):
        run(hand, "order")
    assert choose(with_joker) is PASS
    assert choose(without) is ALONE


# --------------------------------------------------------- R4, R12: exchanges
def dealer_to_discard(dealer_cards: str, upcard: str = "9H") -> Hand:
    hand = deal(STANDARD, dealer=3, hands={3: dealer_cards}, upcard=upcard)
    run(hand, "order pass pass pass")  # seat 0 orders; nobody goes alone
    assert hand.phase is Phase.PICKUP and hand.current_seat == 3
    assert choose(hand) is PICKUP
    run(hand, "pickup")
    assert hand.phase is Phase.DISCARD
    return hand


def test_r4_discards_a_lone_side_card_to_make_a_void():
    hand = dealer_to_discard("JH AH QC TS 9S")
    assert choose(hand) is DISCARD[card("QC")]


def test_r4_keeps_a_lone_ace_and_discards_the_lowest_card():
    hand = dealer_to_discard("JH AH AC TS 9S")
    assert choose(hand) is DISCARD[card("9S")]


def test_r4_never_discards_trump_while_holding_side_cards():
    hand = dealer_to_discard("JH AH KH QH 9S")
    assert choose(hand) is DISCARD[card("9S")]


def test_r12_maker_merging_the_dummy_keeps_the_best_five():
    hand = deal(
        CUTTHROAT,
        dealer=0,
        hands={1: "AH KH AS 9C TD"},
        upcard="9D",
        dummy="JH JD QH TC QS",
    )
    run(hand, "pass pass pass name:H pass pass pass")  # seat 1 names hearts in round 2
    assert hand.phase is Phase.DISCARD and hand.current_seat == 1
    while hand.phase is Phase.DISCARD:
        hand.apply(choose(hand))
    kept = {c.code for c in hand.hand_of(1)}
    assert {"JH", "JD", "AH", "KH"} < kept <= {"JH", "JD", "AH", "KH", "QH", "AS"}


# ------------------------------------------------------------------- R7: play
def test_r7_does_not_trump_a_trick_the_partner_is_winning():
    hand = deal(
        STANDARD,
        dealer=3,
        hands={0: "AC KS QH 9D TD", 1: "9C AS AD KD QD", 2: "9H TH QS TS 9S"},
        upcard="AH",
    )
    run(hand, "order pass pass pass pass play:AC play:9C")
    assert hand.current_seat == 2
    assert choose(hand).card.code in {"9S", "TS", "QS"}  # no trump on the partner's ace


def test_r7_trumps_a_trick_the_opponents_are_winning():
    hand = deal(
        STANDARD,
        dealer=3,
        hands={0: "9C KS QH 9D TD", 1: "AC AS AD KD QD", 2: "9H TH QS TS 9S"},
        upcard="AH",
    )
    run(hand, "order pass pass pass pass play:9C play:AC")
    assert choose(hand) is PLAY[card("9H")]  # the cheapest trump that wins


LAST_TO_PLAY = {0: "AS 9C TC QC KC", 1: "9S TS QD AD JS", 2: "QH 9D TD JC AC"}


def test_r7_follows_low_when_it_cannot_win():
    hand = deal(STANDARD, dealer=3, hands={**LAST_TO_PLAY, 3: "JH KH KS QS 9H"}, upcard="TH")
    run(hand, "order pass pass pass pass play:AS play:9S play:QH")
    assert hand.current_seat == 3
    assert choose(hand) is PLAY[card("QS")]  # must follow spades; the lower one


def test_r7_wins_with_the_cheapest_winning_trump_when_last():
    hand = deal(STANDARD, dealer=3, hands={**LAST_TO_PLAY, 3: "JH KH JD KD 9H"}, upcard="TH")
    run(hand, "order pass pass pass pass play:AS play:9S play:QH")
    assert hand.current_seat == 3
    assert choose(hand) is PLAY[card("KH")]  # beats the queen; the bowers stay home


def test_r7_last_player_lets_the_partners_trick_stand():
    hand = deal(STANDARD, **PARTNERS_ACE)
    run(hand, "order pass pass pass pass play:9D play:AD play:TD")
    assert hand.current_seat == 3  # the partner (seat 1) wins with the ace
    assert choose(hand) is PLAY[card("QS")]  # no trump, and the boss ace stays home


# The dealer (seat 3) takes the right bower; seat 1, its partner, ordered it up.
UPCARD_TAKEN = {0: "9S 9H TC 9C 9D", 1: "TS JD KH QC TD", 2: "QS QH KC JC JS", 3: "AS AH TH AC KD"}


def upcard_taken_trick_two() -> Hand:
    """Trick two: the dealer leads the ace of trumps (hearts) and seat 0 follows;
    seat 1 holds the left bower and the king, with seat 2 still to play."""
    hand = deal(STANDARD, dealer=3, hands=UPCARD_TAKEN, upcard="JH")
    run(hand, "pass order pass pass pass pickup discard:KD")
    return run(hand, "play:9S play:TS play:QS play:AS play:AH play:9H")


def test_r7_a_partners_ace_is_sure_when_the_only_higher_trump_is_the_dealers():
    """The right bower is higher than the partner's A♥, but the dealer took it (R4)
    and has played: seat 2 cannot hold it, and seat 1 holds the left itself."""
    hand = upcard_taken_trick_two()
    view = hand.view(1)
    assert sure_partner_trick(view) == int(card("AH"))
    legal = [a.card for a in hand.legal_actions()]
    assert under_partner(view, legal) == [card("KH")]  # the left bower would overtake
    assert choose(hand) is PLAY[card("KH")]


def test_r7_a_partners_ace_is_not_sure_while_an_opponent_may_trump_it():
    """Trick one: the partner's A♠ leads and the opponent after seat 2 may be void in
    spades and hold a trump (R7): not sure, every card may be played."""
    hands = {**UPCARD_TAKEN, 0: "AS 9H TC 9C 9D", 3: "9S AH TH AC KD"}
    hand = run(deal(STANDARD, dealer=3, hands=hands, upcard="JH"), "pass order pass pass pass")
    run(hand, "pickup discard:KD play:AS play:TS")
    view = hand.view(2)
    assert sure_partner_trick(view) is None
    assert under_partner(view, [card("QS")]) == [card("QS")]


def test_r7_a_partners_trick_is_sure_to_the_last_to_play():
    """Seat 3 plays last to its partner's A♦, void in diamonds: any trump would take
    the trick, so only the spades leave it to the partner."""
    hand = deal(STANDARD, **PARTNERS_ACE)
    run(hand, "order pass pass pass pass play:9D")
    assert sure_partner_trick(hand.view(1)) is None  # an opponent's 9♦ is winning
    run(hand, "play:AD play:TD")
    view = hand.view(3)
    assert sure_partner_trick(view) == int(card("AD"))
    cards = [a.card for a in hand.legal_actions()]
    assert set(under_partner(view, cards)) == {card("AS"), card("QS")}


def test_r7_no_partner_no_partners_trick():
    """Two-handed: nobody's trick is a partner's."""
    hand = deal(TWO_HANDED, dealer=1, hands={0: "AS 9C TC QC KC", 1: "9S TS QD AD JS"}, upcard="TH")
    run(hand, "order")
    while hand.phase is not Phase.PLAY:
        hand.apply(PASS if PASS in hand.legal_actions() else hand.legal_actions()[0])
    hand.apply(hand.legal_actions()[0])
    assert sure_partner_trick(hand.view(hand.current_seat)) is None


def test_r7_maker_draws_trumps_and_tracks_the_right_bower():
    """The maker leads the right bower; once it has fallen, the left is the boss
    trump and is led next (cards played are tracked from the tricks)."""
    hand = deal(
        STANDARD,
        dealer=3,
        hands={0: "JH JD 9C TS QD", 1: "9H AS KS 9S AC", 2: "TH QS KD 9D TC", 3: "QH KH QC KC AD"},
        upcard="AH",
    )
    run(hand, "order pass pass pass pass")
    assert choose(hand) is PLAY[card("JH")]
    run(hand, "play:JH play:9H play:TH play:QH")
    assert hand.current_seat == 0
    assert choose(hand) is PLAY[card("JD")]


def test_r7_defender_leads_an_off_ace_rather_than_trump():
    hand = deal(
        STANDARD,
        dealer=3,
        hands={0: "KH 9H AC KS QD"},
        upcard="AH",
    )
    run(hand, "pass order pass pass pass pass")  # seat 1 orders; seats 0, 2 defend
    assert hand.phase is Phase.PLAY and hand.current_seat == 0
    assert choose(hand) is PLAY[card("AC")]


# ---------------------------------------------------- strength against random
def test_partnership_beats_random_partnership():
    """Not a timing test: 200 seeded games (deterministic), rule-based seats 0 and 2
    against random seats 1 and 3 (R8, R9 scoring)."""
    wins = 0
    for seed in range(200):
        players = [
            RuleBasedPlayer(seed) if seat % 2 == 0 else RandomPlayer(seed * 4 + seat)
            for seat in range(4)
        ]
        game = Game(STANDARD, ["a", "b", "c", "d"], players, seed=seed)
        wins += game.play() == 0
    print(f"rule-based partnership won {wins} of 200 games against random players")
    assert wins > 150


def test_cutthroat_player_beats_two_random_players():
    wins = 0
    for seed in range(100):
        players = [RuleBasedPlayer(seed), RandomPlayer(seed), RandomPlayer(seed + 1)]
        game = Game(CUTTHROAT, ["a", "b", "c"], players, seed=seed)
        wins += game.play() == 0
    print(f"rule-based Cutthroat player won {wins} of 100 games against two random players")
    assert wins > 50
