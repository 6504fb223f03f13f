"""The hand engine (``euchre_cli/engine/hand.py``): one deal from the deal to the last trick.

Tests are grouped by the section of docs/rules.md they check.  Seats are numbered
clockwise, so the seat left of dealer ``d`` is ``d + 1``.
"""

from __future__ import annotations

import dataclasses
import pickle
import re

import pytest
from deals import (
    CUTTHROAT,
    DECK32,
    JOKER,
    JOKER_HEARTS,
    LEFT_OF_DEALER,
    MANDATORY,
    STANDARD,
    STICK,
    TWO_HANDED,
    TWO_HANDED_DUMMY,
    cards,
    deal,
    finish,
    run,
    snapshot,
)

from euchre_cli.engine.cards import JOKER as JOKER_CARD
from euchre_cli.engine.cards import Suit, parse_card
from euchre_cli.engine.hand import Hand
from euchre_cli.engine.rules import AloneRules, BiddingRules, DealRules, Ruleset
from euchre_cli.engine.values import (
    ALONE,
    DISCARD,
    NAME,
    ORDER,
    PASS,
    PICKUP,
    PLAY,
    Action,
    EngineError,
    IllegalAction,
    InvalidAction,
    Phase,
)
from euchre_cli.terminal.words import refusal_words

C, D, H, S = Suit


def texts(actions) -> list[str]:
    return [a.text for a in actions]


def codes(hand_cards) -> set[str]:
    return {c.code for c in hand_cards}


# A fixed four-handed deal, dealer 0, upcard 9H (used throughout).
LAYOUT = {
    1: "AH KD QS 9S TS",
    2: "JD QC KC AC 9C",
    3: "TH AD KS AS JC",
    0: "JH QH KH QD JS",
}
LAYOUT_KITTY = dict(upcard="9H", kitty="TD 9D TC")


def layout(ruleset: Ruleset = STANDARD) -> Hand:
    return deal(ruleset, 0, hands=LAYOUT, **LAYOUT_KITTY)


def ordered_by(seat: int, ruleset: Ruleset = STANDARD) -> Hand:
    """The layout after seats pass round to ``seat``, who orders hearts up."""
    hand = layout(ruleset)
    while hand.current_seat != seat:
        hand.apply(PASS)
    hand.apply(ORDER)
    return hand


# ----------------------------------------------------------------- R3 the deal
def test_r3_deal_order_3_2_from_the_dealers_left():
    deck = list(STANDARD.cards)
    hand = Hand(STANDARD, 0, deck)
    # First packets of three to seats 1, 2, 3, 0; then packets of two.
    assert set(hand.hand_of(1)) == set(deck[0:3] + deck[12:14])
    assert set(hand.hand_of(2)) == set(deck[3:6] + deck[14:16])
    assert set(hand.hand_of(3)) == set(deck[6:9] + deck[16:18])
    assert set(hand.hand_of(0)) == set(deck[9:12] + deck[18:20])
    assert hand.kitty == tuple(deck[20:])
    assert hand.upcard == deck[20]
    assert hand.view(2).upcard == deck[20]


def test_r3_deal_order_2_3_and_another_dealer():
    ruleset = dataclasses.replace(STANDARD, deal=DealRules(packets=(2, 3)))
    deck = list(ruleset.cards)
    hand = Hand(ruleset, 2, deck)
    assert set(hand.hand_of(3)) == set(deck[0:2] + deck[8:11])
    assert set(hand.hand_of(0)) == set(deck[2:4] + deck[11:14])
    assert set(hand.hand_of(1)) == set(deck[4:6] + deck[14:17])
    assert set(hand.hand_of(2)) == set(deck[6:8] + deck[17:20])
    assert hand.upcard == deck[20]
    assert len(hand.kitty) == 4


def test_r3_32_card_deck_leaves_a_kitty_of_twelve():
    deck = list(DECK32.cards)
    hand = Hand(DECK32, 1, deck)
    assert len(hand.kitty) == 12
    assert hand.upcard == deck[20]
    assert all(len(hand.hand_of(s)) == 5 for s in range(4))


def test_r12_cutthroat_deal_has_a_dummy_of_five_and_kitty_of_four():
    deck = list(CUTTHROAT.cards)
    hand = Hand(CUTTHROAT, 0, deck)
    assert set(hand.hand_of(1)) == set(deck[0:3] + deck[9:11])
    assert set(hand.hand_of(2)) == set(deck[3:6] + deck[11:13])
    assert set(hand.hand_of(0)) == set(deck[6:9] + deck[13:15])
    assert hand.dummy == sum(1 << c for c in deck[15:20])
    assert hand.kitty == tuple(deck[20:24])


def test_r14_two_handed_upcard_is_the_eleventh_card():
    deck = list(TWO_HANDED.cards)
    hand = Hand(TWO_HANDED, 0, deck)
    assert set(hand.hand_of(1)) == set(deck[0:3] + deck[6:8])  # the non-dealer first
    assert set(hand.hand_of(0)) == set(deck[3:6] + deck[8:10])
    assert hand.upcard == deck[10]
    dummy = Hand(TWO_HANDED_DUMMY, 0, deck)
    assert dummy.dummy == (1 << deck[10]) | (1 << deck[11])
    assert dummy.upcard == deck[12]


@pytest.mark.parametrize(
    "deck",
    [
        list(STANDARD.cards)[:-1],  # a card short
        list(STANDARD.cards)[:-1] + [STANDARD.cards[0]],  # a card twice
        list(JOKER.cards)[1:],  # the joker is not in this deck
        list(DECK32.cards)[:24],  # sevens and eights
    ],
)
def test_r3_hand_refuses_a_deck_that_is_not_the_rulesets(deck):
    with pytest.raises(ValueError, match="exactly once"):
        Hand(STANDARD, 0, deck)


@pytest.mark.parametrize("dealer", [-1, 4])
def test_r3_hand_refuses_a_dealer_outside_the_table(dealer):
    with pytest.raises(ValueError, match="dealer"):
        Hand(STANDARD, dealer, list(STANDARD.cards))


def test_stack_helper_deals_the_chosen_hands():
    hand = layout()
    for seat, text in LAYOUT.items():
        assert codes(hand.hand_of(seat)) == set(text.split())
    assert [c.code for c in hand.kitty] == ["9H", "TD", "9D", "TC"]


# ----------------------------------------------------------- R4 the first round
@pytest.mark.parametrize("dealer", range(4))
def test_r4_first_round_starts_left_of_the_dealer(dealer):
    hand = Hand(STANDARD, dealer, list(STANDARD.cards))
    seats = []
    for _ in range(4):
        assert hand.phase is Phase.BID_UPCARD
        assert hand.legal_actions() == [PASS, ORDER]
        seats.append(hand.current_seat)
        hand.apply(PASS)
    assert seats == [(dealer + i) % 4 for i in range(1, 5)]
    assert hand.phase is Phase.NAME_TRUMP
    assert hand.current_seat == (dealer + 1) % 4


def test_r4_opponent_orders_up_then_dealer_takes_the_upcard_and_discards():
    hand = ordered_by(1)
    assert hand.trump is H
    assert hand.maker == 1
    assert hand.makers == (1, 3)
    assert hand.bids == [(1, ORDER)]
    # R6: the maker decides on alone, then the defenders from the dealer's left.
    assert (hand.phase, hand.current_seat) == (Phase.MAKER_ALONE, 1)
    run(hand, "pass")
    assert (hand.phase, hand.current_seat) == (Phase.DEFENDER_ALONE, 2)
    run(hand, "pass")
    assert (hand.phase, hand.current_seat) == (Phase.DEFENDER_ALONE, 0)
    run(hand, "pass")
    assert (hand.phase, hand.current_seat) == (Phase.PICKUP, 0)
    assert hand.legal_actions() == [PASS, PICKUP]
    run(hand, "pickup")
    assert (hand.phase, hand.current_seat) == (Phase.DISCARD, 0)
    assert hand.dealer_took_upcard is True
    assert codes(hand.hand_of(0)) == {"JH", "QH", "KH", "QD", "JS", "9H"}
    # R4: the dealer discards one card, not the upcard.
    assert codes(a.card for a in hand.legal_actions()) == {"JH", "QH", "KH", "QD", "JS"}
    run(hand, "discard:JS")
    assert codes(hand.hand_of(0)) == {"JH", "QH", "KH", "QD", "9H"}
    assert hand.discards[0] == (parse_card("JS"),)
    assert (hand.phase, hand.current_seat) == (Phase.PLAY, 1)  # R7: left of dealer leads


def test_r4_optional_pickup_dealer_may_leave_the_upcard():
    hand = run(ordered_by(1), "pass pass pass")
    assert hand.phase is Phase.PICKUP
    run(hand, "pass")
    assert hand.dealer_took_upcard is False
    assert hand.trump is H  # the suit is trump whether or not the dealer takes it
    assert codes(hand.hand_of(0)) == set(LAYOUT[0].split())
    assert hand.discards == [(), (), (), ()]
    assert (hand.phase, hand.current_seat) == (Phase.PLAY, 1)


def test_r4_partner_assists_and_dealer_accepts():
    assist = ordered_by(2)
    assert assist.maker == 2 and assist.makers == (0, 2)
    accept = ordered_by(0)
    assert accept.maker == 0 and accept.makers == (0, 2)
    assert accept.bids == [(1, PASS), (2, PASS), (3, PASS), (0, ORDER)]
    run(accept, "pass pass pass")  # a dealer who accepts takes the card: no pick-up choice
    assert accept.phase is Phase.DISCARD and accept.current_seat == 0
    assert accept.dealer_took_upcard is True


def test_r4_mandatory_pickup_dealer_takes_the_upcard_and_cannot_discard_it():
    hand = run(ordered_by(3, MANDATORY), "pass pass pass")
    assert (hand.phase, hand.current_seat) == (Phase.DISCARD, 0)  # no pick-up choice
    assert hand.dealer_took_upcard is True
    assert parse_card("9H") in hand.hand_of(0)
    assert DISCARD[parse_card("9H")] not in hand.legal_actions()
    with pytest.raises(IllegalAction, match="dealer-keeps-upcard"):
        hand.apply(Action.parse("discard:9H"))
    run(hand, "discard:QD")
    assert hand.phase is Phase.PLAY
    assert parse_card("9H") in hand.hand_of(0)


# ---------------------------------------------------------- R5 the second round
def test_r5_turned_down_suit_cannot_be_named():
    hand = run(layout(), "pass pass pass pass")
    assert hand.phase is Phase.NAME_TRUMP
    assert texts(hand.legal_actions()) == ["pass", "name:C", "name:D", "name:S"]
    with pytest.raises(IllegalAction, match=r"turned-down \(suit H"):
        hand.apply(NAME[H])


def test_r5_making_it_next_no_pickup_and_no_discard():
    hand = run(layout(), "pass pass pass pass pass name:D")
    assert hand.trump is D and hand.maker == 2 and hand.makers == (0, 2)
    run(hand, "pass pass pass")  # maker alone?, defenders 1 and 3
    assert hand.phase is Phase.PLAY
    assert hand.dealer_took_upcard is None
    assert codes(hand.hand_of(0)) == set(LAYOUT[0].split())
    assert hand.discards == [(), (), (), ()]


def test_r5_crossing_it_is_allowed():
    hand = run(layout(), "pass pass pass pass name:S")
    assert hand.trump is S and hand.maker == 1


def test_r5_all_pass_twice_throws_the_hand_in():
    hand = run(layout(), ["pass"] * 8)
    assert hand.is_over
    assert hand.current_seat is None
    assert hand.legal_actions() == []
    result = hand.result()
    assert result.trump is None and result.thrown_in
    assert result.outcome is None and result.maker is None and result.makers == ()
    assert result.tricks == (0, 0, 0, 0)
    with pytest.raises(IllegalAction, match="hand-over"):
        hand.apply(PASS)


def test_r5_stick_the_dealer_dealer_cannot_pass():
    hand = run(deal(STICK, 0, hands=LAYOUT, **LAYOUT_KITTY), ["pass"] * 7)
    assert hand.current_seat == 0 and hand.phase is Phase.NAME_TRUMP
    assert texts(hand.legal_actions()) == ["name:C", "name:D", "name:S"]
    before = snapshot(hand)
    with pytest.raises(IllegalAction, match="dealer-stuck"):
        hand.apply(PASS)
    assert snapshot(hand) == before
    run(hand, "name:C")
    assert hand.trump is C and hand.maker == 0


def test_r5_stick_the_dealer_others_may_still_pass():
    hand = run(deal(STICK, 0, hands=LAYOUT, **LAYOUT_KITTY), ["pass"] * 4)
    assert PASS in hand.legal_actions()


def test_result_before_the_end_is_an_error():
    with pytest.raises(EngineError, match="not over"):
        layout().result()


# ------------------------------------------------------------------ R6 alone
def test_r6_maker_alone_partner_sits_out_and_plays_no_cards():
    hand = run(ordered_by(1), "alone pass pass pickup discard:JS")
    assert hand.alone == [1]
    assert hand.sitting_out == [3]
    assert hand.current_seat == 2  # left-of-lone-player: seat 2 leads
    finish(hand)
    assert all(len(t.plays) == 3 for t in hand.tricks)
    assert all(seat != 3 for t in hand.tricks for seat, _ in t.plays)
    assert all(seat != 3 for seat, a in hand.history if a.kind == "play")
    assert len(hand.hand_of(3)) == 5  # laid face down, never played
    assert hand.result().tricks[3] == 0
    assert hand.result().alone == (1,)


def test_r6_defender_alone_first_clockwise_from_dealers_left():
    # Seat 2 assists: the defenders are 1 and 3, asked in that order.
    hand = run(ordered_by(2), "pass")
    assert (hand.phase, hand.current_seat) == (Phase.DEFENDER_ALONE, 1)
    run(hand, "pass")
    assert (hand.phase, hand.current_seat) == (Phase.DEFENDER_ALONE, 3)
    run(hand, "alone")
    assert hand.lone_defender == 3
    assert hand.sitting_out == [1]
    assert hand.phase is Phase.PICKUP


def test_r6_at_most_one_defender_goes_alone():
    hand = run(ordered_by(2), "pass alone")
    assert hand.lone_defender == 1
    assert hand.phase is Phase.PICKUP  # seat 3 is never asked
    assert all(seat != 3 for seat, _ in hand.history)
    assert hand.sitting_out == [3]


def test_r6_defenders_are_asked_dealer_last_when_an_opponent_makes():
    hand = run(ordered_by(3), "pass")
    assert hand.current_seat == 2
    run(hand, "pass")
    assert hand.current_seat == 0


@pytest.mark.parametrize("ruleset", [STANDARD, MANDATORY])
def test_r6_dealer_sits_out_when_partner_goes_alone_no_pickup(ruleset):
    hand = run(ordered_by(2, ruleset), "alone pass pass")
    assert hand.sitting_out == [0]
    assert hand.phase is Phase.PLAY  # no pick-up, no discard
    assert hand.dealer_took_upcard is False
    assert codes(hand.hand_of(0)) == set(LAYOUT[0].split())
    assert all(parse_card("9H") not in hand.hand_of(s) for s in range(4))
    assert hand.current_seat == 3  # left of the lone player


def test_r6_dealer_sits_out_when_partner_defends_alone():
    hand = run(ordered_by(1), "pass alone")
    assert hand.lone_defender == 2 and hand.sitting_out == [0]
    assert hand.phase is Phase.PLAY and hand.dealer_took_upcard is False
    assert hand.current_seat == 3  # left of the lone defender


def test_r6_both_alone_lone_defender_leads():
    hand = run(ordered_by(1), "alone alone")
    assert hand.alone == [1, 2]
    assert sorted(hand.sitting_out) == [0, 3]
    assert hand.phase is Phase.PLAY
    assert hand.current_seat == 2
    finish(hand)
    assert all(len(t.plays) == 2 for t in hand.tricks)
    assert hand.tricks[0].leader == 2


def test_r6_both_alone_where_the_lone_defender_is_seat_0():
    hand = run(ordered_by(3), "alone pass alone")  # seat 2 passes, dealer 0 alone
    assert hand.lone_defender == 0 and sorted(hand.sitting_out) == [1, 2]
    assert hand.current_seat == 0


@pytest.mark.parametrize(
    ("maker", "script", "leader"),
    [
        (1, "pass pass pass pickup discard:JS", 1),  # nobody alone: left of dealer
        (1, "alone pass pass pickup discard:JS", 1),  # maker left of dealer still leads
        (3, "alone pass pass pickup discard:JS", 2),  # seat 1 sits out: across from dealer
        (2, "alone pass pass", 1),  # the dealer sits out
        (1, "alone alone", 1),  # both alone: still the first active from dealer's left
        (3, "pass pass alone pickup discard:JS", 1),  # seat 0 defends alone, 2 sits out
    ],
)
def test_r6_left_of_dealer_lead_is_the_first_active_seat(maker, script, leader):
    hand = run(ordered_by(maker, LEFT_OF_DEALER), script)
    assert hand.phase is Phase.PLAY
    assert hand.current_seat == leader


@pytest.mark.parametrize(
    ("maker", "script", "leader"),
    [
        (1, "pass pass pass pickup discard:JS", 1),
        (3, "alone pass pass pickup discard:JS", 0),
        (2, "pass pass alone pickup discard:JS", 0),  # seat 3 defends alone
    ],
)
def test_r6_left_of_lone_player_lead(maker, script, leader):
    hand = run(ordered_by(maker), script)
    assert hand.phase is Phase.PLAY
    assert hand.current_seat == leader


def test_r6_alone_can_be_switched_off():
    ruleset = dataclasses.replace(STANDARD, alone=AloneRules(maker=False, defender=False))
    hand = ordered_by(1, ruleset)
    assert hand.phase is Phase.PICKUP
    before = snapshot(hand)
    with pytest.raises(IllegalAction, match="nobody-alone"):
        hand.apply(ALONE)
    assert snapshot(hand) == before


def test_r6_no_defender_alone_when_switched_off():
    ruleset = dataclasses.replace(STANDARD, alone=AloneRules(defender=False))
    hand = run(ordered_by(1, ruleset), "alone")
    assert hand.phase is Phase.PICKUP


# ------------------------------------------------------------------ R7 play
def play_ready() -> Hand:
    """Seat 1 ordered hearts, nobody alone, the dealer took 9H and discarded JS."""
    return run(ordered_by(1), "pass pass pass pickup discard:JS")


def test_r7_must_follow_trump_with_the_left_bower():
    hand = play_ready()
    assert len(hand.legal_actions()) == 5  # the leader may lead anything
    run(hand, "play:AH")
    assert hand.led_suit is H
    assert hand.view(2).led_suit is H
    assert texts(hand.legal_actions()) == ["play:JD"]  # J♦ is a heart now (R2)
    before = snapshot(hand)
    with pytest.raises(IllegalAction, match=r"must-follow \(suit H"):
        hand.apply(PLAY[parse_card("AC")])
    assert snapshot(hand) == before
    run(hand, "play:JD")
    assert texts(hand.legal_actions()) == ["play:TH"]
    run(hand, "play:TH")
    assert codes(a.card for a in hand.legal_actions()) == {"JH", "QH", "KH", "9H"}
    run(hand, "play:JH")
    trick = hand.tricks[0]
    assert trick.leader == 1
    assert [s for s, _ in trick.plays] == [1, 2, 3, 0]
    assert trick.winner == 0  # the right bower beats the left bower and the ace
    assert hand.current_seat == 0  # the winner leads
    assert hand.tricks_won == [1, 0, 0, 0]


def test_r7_left_bower_does_not_follow_its_printed_suit():
    hand = play_ready()
    run(hand, "play:KD")
    assert hand.led_suit is D
    # Seat 2 holds J♦ but no diamond: J♦ is trump, so any card may be played.
    assert codes(a.card for a in hand.legal_actions()) == set(LAYOUT[2].split())
    run(hand, "play:JD")  # trumps in
    run(hand, "play:AD")  # seat 3 follows diamonds
    assert texts(hand.legal_actions()) == ["play:QD"]
    run(hand, "play:QD")
    assert hand.tricks[0].winner == 2


def test_r7_highest_card_of_the_led_suit_wins_without_trump():
    hand = run(play_ready(), "play:AH play:JD play:TH play:JH")
    run(hand, "play:QD")  # seat 0 leads a diamond
    assert texts(hand.legal_actions()) == ["play:KD"]
    run(hand, "play:KD play:AC play:AD")  # the ace of clubs is off-suit
    assert hand.tricks[1].winner == 3
    assert hand.current_seat == 3


def test_r7_five_tricks_then_over():
    hand = finish(play_ready())
    assert len(hand.tricks) == 5
    assert sum(hand.tricks_won) == 5
    assert hand.is_over and hand.current_seat is None
    result = hand.result()
    assert result.tricks == tuple(hand.tricks_won)
    assert result.outcome.maker_side == 1
    assert result.outcome.maker_tricks == hand.tricks_won[1] + hand.tricks_won[3]
    for first, second in zip(hand.tricks, hand.tricks[1:]):
        assert second.leader == first.winner


# ---------------------------------------------------------------- R12 Cutthroat
CUT_HANDS = {1: "AH KD QS 9S TS", 2: "JD QC KC AC 9C", 0: "JH QH KH QD JS"}
CUT_DUMMY = "TH AD KS AS JC"


def cutthroat(ruleset: Ruleset = CUTTHROAT) -> Hand:
    return deal(ruleset, 0, hands=CUT_HANDS, dummy=CUT_DUMMY, upcard="9H", kitty="TD 9D TC")


def test_r12_only_three_players_bid():
    hand = cutthroat()
    seats = []
    while not hand.is_over:
        seats.append(hand.current_seat)
        hand.apply(PASS)
    assert seats == [1, 2, 0, 1, 2, 0]
    assert hand.result().thrown_in


def test_r12_maker_merges_the_dummy_and_discards_five():
    hand = run(cutthroat(), "order pass pass pass")  # seat 1 orders; not alone; no defender
    assert hand.makers == (1,)
    assert hand.partner_of(2) == 0 and hand.partner_of(0) == 2 and hand.partner_of(1) is None
    assert (hand.phase, hand.current_seat) == (Phase.PICKUP, 0)
    run(hand, "pickup")
    # The dealer discards first (one card), then the maker (five of ten).
    assert (hand.phase, hand.current_seat) == (Phase.DISCARD, 0)
    assert len(hand.hand_of(1)) == 10
    assert codes(hand.hand_of(1)) == set(CUT_HANDS[1].split()) | set(CUT_DUMMY.split())
    run(hand, "discard:JS")
    assert hand.current_seat == 1
    assert len(hand.legal_actions()) == 10
    for code in ["9S", "TS", "QS", "KD", "AS"]:
        assert hand.current_seat == 1
        run(hand, f"discard:{code}")
    assert hand.phase is Phase.PLAY
    assert codes(hand.hand_of(1)) == {"AH", "TH", "AD", "KS", "JC"}
    assert len(hand.discards[1]) == 5
    assert hand.current_seat == 1  # R12: left of the dealer leads


def test_r12_dealer_maker_who_took_the_upcard_keeps_any_five_of_eleven():
    """R12: "the best five of the ten cards (eleven when the maker is the dealer who
    has just taken the upcard)": the upcard may go too, since R4 keeps it in hand
    only under mandatory pick-up."""
    hand = run(cutthroat(), "pass pass order pass pass pass")  # accepting is taking (R4)
    assert (hand.phase, hand.current_seat) == (Phase.DISCARD, 0)
    assert len(hand.hand_of(0)) == 11
    assert DISCARD[parse_card("9H")] in hand.legal_actions()
    assert len(hand.legal_actions()) == 11
    assert hand.view(0).upcard_discardable and hand.view(1).upcard_discardable
    run(hand, "discard:9H")
    for action in list(hand.legal_actions())[:5]:
        hand.apply(action)
    assert hand.phase is Phase.PLAY
    assert len(hand.hand_of(0)) == 5 and parse_card("9H") not in hand.hand_of(0)
    assert parse_card("9H") in hand.discards[0]


def test_r12_under_mandatory_pickup_the_dealer_maker_keeps_the_upcard():
    """R4 mandatory: the upcard may not be the discard, eleven cards or six."""
    mandatory = dataclasses.replace(CUTTHROAT, bidding=BiddingRules(dealer_pickup="mandatory"))
    hand = run(cutthroat(mandatory), "pass pass order pass pass pass")
    assert len(hand.hand_of(0)) == 11 and not hand.view(1).upcard_discardable
    assert DISCARD[parse_card("9H")] not in hand.legal_actions()
    assert len(hand.legal_actions()) == 10
    with pytest.raises(IllegalAction, match="dealer-keeps-upcard"):
        run(hand, "discard:9H")


def test_r12_a_dealer_who_picks_up_for_another_maker_keeps_the_upcard():
    hand = run(cutthroat(), "order pass pass pass pickup")  # seat 1 makes; dealer 0 takes
    assert (hand.phase, hand.current_seat) == (Phase.DISCARD, 0)
    assert DISCARD[parse_card("9H")] not in hand.legal_actions()
    assert not hand.view(0).upcard_discardable


def test_r12_maker_discards_five_when_the_dealer_leaves_the_upcard():
    hand = run(cutthroat(), "order pass pass pass pass")
    assert (hand.phase, hand.current_seat) == (Phase.DISCARD, 1)
    assert hand.dealer_took_upcard is False
    assert len(hand.hand_of(1)) == 10
    for action in list(hand.legal_actions())[:5]:
        hand.apply(action)
    assert hand.phase is Phase.PLAY and len(hand.hand_of(1)) == 5


def test_r12_lone_maker_does_not_use_the_dummy():
    hand = run(cutthroat(), "order alone pass pass pickup discard:JS")
    assert hand.phase is Phase.PLAY
    assert codes(hand.hand_of(1)) == set(CUT_HANDS[1].split())
    assert hand.sitting_out == []  # a lone Cutthroat maker has no partner
    finish(hand)
    assert all(len(t.plays) == 3 for t in hand.tricks)
    assert all(c not in parse_card_set(CUT_DUMMY) for t in hand.tricks for _, c in t.plays)


def parse_card_set(text: str) -> set:
    return set(cards(text))


def test_r12_lone_defenders_temporary_partner_sits_out():
    hand = run(cutthroat(), "order pass alone")  # seat 2 defends alone
    assert hand.lone_defender == 2
    assert hand.sitting_out == [0]  # the other defender, who is also the dealer
    assert hand.dealer_took_upcard is False  # R6: a dealer who sits out does not pick up
    assert (hand.phase, hand.current_seat) == (Phase.DISCARD, 1)  # maker still merges
    run(hand, "discard:9S discard:TS discard:QS discard:KD discard:AS")
    assert hand.phase is Phase.PLAY
    finish(hand)
    assert all(len(t.plays) == 2 for t in hand.tricks)


def test_r12_view_never_shows_the_dummy_to_defenders():
    hand = run(cutthroat(), "order pass pass pass pickup discard:JS")
    dummy = parse_card_set(CUT_DUMMY)
    for seat in (0, 2):
        assert not dummy & set(hand.view(seat).hand)
    assert dummy <= set(hand.view(1).hand)
    assert hand.view(0).dummy_cards == 5


# ------------------------------------------------------------- R14 two-handed
TWO_HANDS = {1: "AH KD QS 9S TS", 0: "JH QH KH QD JS"}


def two_handed(ruleset: Ruleset, upcard: str = "9H") -> Hand:
    return deal(ruleset, 0, hands=TWO_HANDS, upcard=upcard)


def test_r14_non_dealer_bids_first_then_dealer_both_rounds():
    hand = two_handed(TWO_HANDED)
    seats = []
    while not hand.is_over:
        seats.append(hand.current_seat)
        hand.apply(PASS)
    assert seats == [1, 0, 1, 0]
    assert hand.result().thrown_in


def test_r14_no_lone_hands_non_dealer_leads_tricks_of_two():
    hand = run(two_handed(TWO_HANDED), "order")
    assert hand.phase is Phase.PICKUP  # no alone decisions
    run(hand, "pickup discard:JS")
    assert hand.current_seat == 1
    finish(hand)
    assert all(len(t.plays) == 2 for t in hand.tricks)
    assert hand.result().makers == (1,)


def test_r14_dummy_non_dealer_orders_takes_dummy_dealer_takes_upcard():
    hand = run(two_handed(TWO_HANDED_DUMMY), "order")
    # The dealer takes the upcard (no choice, R14 "takes") and discards one, not the
    # upcard; the orderer takes the dummy and discards two.
    assert (hand.phase, hand.current_seat) == (Phase.DISCARD, 0)
    assert DISCARD[parse_card("9H")] not in hand.legal_actions()
    assert len(hand.hand_of(0)) == 6 and len(hand.hand_of(1)) == 7
    run(hand, "discard:JS")
    assert hand.current_seat == 1
    run(hand, "discard:9S")
    assert hand.current_seat == 1
    run(hand, "discard:TS")
    assert hand.phase is Phase.PLAY and hand.current_seat == 1
    assert len(hand.discards[0]) == 1 and len(hand.discards[1]) == 2


def test_r14_dummy_dealer_takes_up_and_discards_three():
    hand = run(two_handed(TWO_HANDED_DUMMY), "pass order")
    assert (hand.phase, hand.current_seat) == (Phase.DISCARD, 0)
    assert len(hand.hand_of(0)) == 8
    assert DISCARD[parse_card("9H")] not in hand.legal_actions()
    run(hand, "discard:JS discard:QD")
    assert hand.phase is Phase.DISCARD
    run(hand, "discard:QH")
    assert hand.phase is Phase.PLAY and len(hand.hand_of(0)) == 5
    assert len(hand.hand_of(1)) == 5


@pytest.mark.parametrize(
    ("script", "namer"), [("pass pass name:S", 1), ("pass pass pass name:S", 0)]
)
def test_r14_dummy_second_round_namer_takes_dummy_discards_two(script, namer):
    hand = run(two_handed(TWO_HANDED_DUMMY), script)
    assert hand.maker == namer
    assert (hand.phase, hand.current_seat) == (Phase.DISCARD, namer)
    assert len(hand.hand_of(namer)) == 7 and len(hand.hand_of(1 - namer)) == 5
    hand.apply(hand.legal_actions()[0])
    hand.apply(hand.legal_actions()[0])
    assert hand.phase is Phase.PLAY and hand.current_seat == 1


def test_r14_dummy_dealer_is_stuck():
    hand = run(two_handed(TWO_HANDED_DUMMY), "pass pass pass")
    assert PASS not in hand.legal_actions()


# ------------------------------------------------------------------ R15 joker
def test_r15_joker_upcard_dealer_names_any_suit_takes_it_and_discards():
    hand = deal(JOKER, 0, hands=LAYOUT, upcard="JK")
    assert (hand.phase, hand.current_seat) == (Phase.DEALER_NAMES, 0)
    assert texts(hand.legal_actions()) == ["name:C", "name:D", "name:H", "name:S"]
    run(hand, "name:S")
    assert hand.trump is S and hand.maker == 0 and hand.makers == (0, 2)
    assert hand.phase is Phase.MAKER_ALONE  # players may still go alone
    run(hand, "pass pass pass")
    assert (hand.phase, hand.current_seat) == (Phase.DISCARD, 0)  # no pick-up choice
    assert JOKER_CARD in hand.hand_of(0)
    assert DISCARD[JOKER_CARD] not in hand.legal_actions()
    run(hand, "discard:QD")
    assert hand.phase is Phase.PLAY and hand.current_seat == 1
    assert JOKER_CARD in hand.hand_of(0)


def test_r15_joker_upcard_dealer_may_go_alone():
    hand = run(deal(JOKER, 0, hands=LAYOUT, upcard="JK"), "name:H alone pass pass")
    assert hand.alone == [0] and hand.sitting_out == [2]
    run(hand, "discard:QD")
    assert hand.phase is Phase.PLAY and hand.current_seat == 1


def test_r15_joker_upcard_hearts_rule_proposes_hearts():
    hand = deal(JOKER_HEARTS, 0, hands=LAYOUT, upcard="JK")
    assert hand.phase is Phase.BID_UPCARD and hand.proposed_suit is H
    run(hand, "order pass pass pass pickup")
    assert hand.trump is H and JOKER_CARD in hand.hand_of(0)
    assert DISCARD[JOKER_CARD] not in hand.legal_actions()
    other = run(deal(JOKER_HEARTS, 0, hands=LAYOUT, upcard="JK"), "pass pass pass pass")
    assert NAME[H] not in other.legal_actions()


def test_r15_joker_is_the_highest_trump_and_must_follow_trump():
    hands = {1: "JK 9C TC 9D TD", 2: "JS AH KH QH 9H", 3: "JC TH QD KD AD", 0: "AS KS QS TS 9S"}
    hand = deal(JOKER, 0, hands=hands, upcard="JH")
    run(hand, "pass pass pass pass name:S pass pass pass")  # seat 1 names spades
    assert hand.phase is Phase.PLAY and hand.current_seat == 1
    run(hand, "play:JK")
    assert hand.led_suit is S  # the joker leads trump
    assert texts(hand.legal_actions()) == ["play:JS"]
    run(hand, "play:JS")
    assert texts(hand.legal_actions()) == ["play:JC"]  # the left bower follows trump
    run(hand, "play:JC play:AS")
    assert hand.tricks[0].winner == 1


# ----------------------------------------------------------- R16 bad actions
def stages() -> dict[str, Hand]:
    """Hands stopped in every phase (for illegal-action checks)."""
    return {
        "bid": layout(),
        "name": run(layout(), "pass pass pass pass"),
        "stuck": run(deal(STICK, 0, hands=LAYOUT, **LAYOUT_KITTY), ["pass"] * 7),
        "maker-alone": ordered_by(1),
        "defender-alone": run(ordered_by(1), "pass"),
        "pickup": run(ordered_by(1), "pass pass pass"),
        "discard": run(ordered_by(1), "pass pass pass pickup"),
        "lead": play_ready(),
        "follow": run(play_ready(), "play:AH"),
        "dealer-names": deal(JOKER, 0, hands=LAYOUT, upcard="JK"),
        "over": run(layout(), ["pass"] * 8),
    }


ILLEGAL = [
    ("bid", "name:C", "bidding on the upcard"),
    ("bid", "play:AH", "bidding on the upcard"),
    ("bid", "alone", "declared once trump is made"),
    ("name", "alone", "declared once trump is made"),
    ("bid", "pickup", "bidding on the upcard"),
    ("name", "name:H", "hearts was turned down"),
    ("name", "order", "naming trump"),
    ("stuck", "pass", "stuck"),
    ("maker-alone", "order", "go alone"),
    ("maker-alone", "play:AH", "go alone"),
    ("defender-alone", "name:S", "go alone"),
    ("pickup", "discard:JS", "pick up"),
    ("pickup", "alone", "alone"),
    ("discard", "discard:9H", "keeps the upcard"),
    ("discard", "discard:AH", "do not hold"),
    ("discard", "play:JS", "discarding"),
    ("discard", "pass", "discarding"),
    ("lead", "play:JH", "do not hold"),
    ("lead", "play:JK", "do not hold"),
    ("lead", "pass", "playing a card"),
    ("follow", "play:9C", "must follow hearts"),
    ("follow", "play:AH", "do not hold"),
    ("dealer-names", "pass", "dealer names trump"),
    ("dealer-names", "order", "dealer names trump"),
    ("over", "pass", "over"),
    ("over", "play:AH", "over"),
]


@pytest.mark.parametrize(("stage", "text", "why"), ILLEGAL)
def test_r16_illegal_actions_are_refused_with_a_reason_and_change_nothing(stage, text, why):
    hand = stages()[stage]
    before = snapshot(hand)
    views = [hand.view(s) for s in range(4)]
    with pytest.raises(IllegalAction) as caught:
        hand.apply(Action.parse(text))
    message = refusal_words(caught.value)  # the reason, as a person reads it
    assert re.search(why, message), message
    if not hand.is_over and why != "keeps the upcard":
        assert "legal:" in message  # and what is legal
    assert snapshot(hand) == before
    assert [hand.view(s) for s in range(4)] == views


@pytest.mark.parametrize("stage", ["bid", "name", "maker-alone", "pickup", "discard", "follow"])
def test_r16_acting_out_of_turn_is_refused(stage):
    hand = stages()[stage]
    before = snapshot(hand)
    wrong = (hand.current_seat + 1) % 4
    legal = hand.legal_actions()[0]
    with pytest.raises(IllegalAction) as caught:
        hand.apply(legal, seat=wrong)
    turn = f"it is seat {hand.current_seat}'s turn, not seat {wrong}'s"
    assert refusal_words(caught.value) == turn
    assert snapshot(hand) == before
    hand.apply(legal, seat=hand.current_seat)  # the right seat may


def test_r16_a_refusal_pickles_with_its_reason():
    """A worker process (``simulate``) hands an ``IllegalAction`` back pickled: its
    reason and what it names come back with it."""
    hand = stages()["follow"]
    with pytest.raises(IllegalAction) as caught:
        hand.apply(Action.parse("play:9C"))
    refused = caught.value
    again = pickle.loads(pickle.dumps(refused))
    fields = ("reason", "action", "phase", "legal", "suit", "bower", "seat", "to_act")
    assert [getattr(again, name) for name in fields] == [getattr(refused, name) for name in fields]
    assert str(again) == str(refused) and refused.suit is H


def test_r16_actions_built_directly_are_the_interned_ones():
    hand = layout()
    hand.apply(Action("pass"))
    assert hand.current_seat == 2
    hand.apply(Action("order"))
    assert hand.maker == 2
    hand.apply(Action("alone"))  # an equal action must not be mistaken for pass
    assert hand.alone == [2]
    assert Action("play", card=parse_card("JH")) is PLAY[parse_card("JH")]
    assert Action("name", suit=H) is NAME[H]


def all_actions() -> list[Action]:
    return [PASS, ORDER, ALONE, PICKUP, *NAME.values(), *PLAY, *DISCARD]


def test_r16_action_text_round_trips():
    for action in all_actions():
        assert Action.parse(action.text) is action
        assert str(action) == action.text


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("PASS", PASS),
        (" order ", ORDER),
        ("play JH", PLAY[parse_card("JH")]),
        ("play:10h", PLAY[parse_card("TH")]),
        ("play:j♥", PLAY[parse_card("JH")]),
        ("discard:tc", DISCARD[parse_card("TC")]),
        ("name:hearts", NAME[H]),
        ("name:♠", NAME[S]),
        ("play:benny", PLAY[JOKER_CARD]),
        ("play: JH", PLAY[parse_card("JH")]),
        ("play  10h", PLAY[parse_card("TH")]),
        ("name : hearts", NAME[H]),
    ],
)
def test_r16_action_parse_is_forgiving(text, action):
    assert Action.parse(text) is action


@pytest.mark.parametrize(
    "text",
    ["", "jump", "play", "play:", "play:XX", "play:1H", "name:X", "name", "pass:H", "discard"],
)
def test_r16_bad_text_is_an_invalid_action(text):
    with pytest.raises(InvalidAction, match="action|card|suit"):
        Action.parse(text)
    with pytest.raises(ValueError):  # InvalidAction is a ValueError too
        Action.parse(text)


# ------------------------------------------------------------- views hide cards
def test_view_shows_only_the_seats_own_cards():
    hand = layout()
    for seat, text in LAYOUT.items():
        view = hand.view(seat)
        assert codes(view.hand) == set(text.split())
        assert view.upcard == parse_card("9H")
        assert view.seat == seat and view.dealer == 0 and view.players == 4
    assert hand.view(0).partner == 2


def test_view_is_the_same_for_deals_that_differ_only_in_hidden_cards():
    """Swapping cards between other hands and the kitty below the upcard is invisible."""
    other = {1: LAYOUT[1], 2: "JD QC KC AC TD", 3: "TH AD KS AS 9C", 0: "JH QH KH QD JS"}
    first = deal(STANDARD, 0, hands=LAYOUT, **LAYOUT_KITTY)
    second = deal(STANDARD, 0, hands=other, upcard="9H", kitty="JC 9D TC")
    script = ["pass", "pass", "pass", "order", "pass", "pass", "pass"]
    assert first.view(1) == second.view(1)
    for step in script:
        run(first, [step])
        run(second, [step])
        assert first.view(1) == second.view(1)


def test_view_hides_the_dealers_discard():
    first = run(ordered_by(1), "pass pass pass pickup discard:JS")
    other_layout = {**LAYOUT, 0: "JH QH KH QD AS", 3: "TH AD KS JS JC"}
    second = deal(STANDARD, 0, hands=other_layout, **LAYOUT_KITTY)
    run(second, "order pass pass pass pickup discard:AS")
    for seat in (1, 2):
        assert first.view(seat) == second.view(seat)
    assert first.view(0).discards == (parse_card("JS"),)
    assert first.view(1).discards == ()


def test_view_hides_the_dummy_until_merged():
    dummy_a, dummy_b = CUT_DUMMY, "TH AD KS JC TD"
    kitty_b = "AS 9D TC"
    first = cutthroat()
    second = deal(CUTTHROAT, 0, hands=CUT_HANDS, dummy=dummy_b, upcard="9H", kitty=kitty_b)
    assert dummy_a != dummy_b
    for step in ["order", "pass", "pass", "pass"]:
        run(first, [step])
        run(second, [step])
        for seat in range(3):
            assert first.view(seat) == second.view(seat)
    for step in ["pickup", "discard:JS"]:
        run(first, [step])
        run(second, [step])
        for seat in (0, 2):
            assert first.view(seat) == second.view(seat)
    assert first.view(1) != second.view(1)  # the maker has merged the dummy


def test_view_carries_public_information():
    hand = run(ordered_by(2), "alone pass pass")
    view = hand.view(1)
    assert view.trump is H and view.maker == 2
    assert view.alone == (2,) and view.sitting_out == (0,)
    assert view.bids == ((1, PASS), (2, ORDER))
    assert view.dealer_took_upcard is False
    run(hand, "play:AS")  # seat 3 leads
    assert hand.view(1).current_trick == ((3, parse_card("AS")),)
    assert hand.view(1).led_suit is S


def test_legal_actions_are_those_of_the_seat_to_act_only():
    hand = play_ready()
    legal = hand.legal_actions()
    assert all(a.card in hand.hand_of(hand.current_seat) for a in legal)


def test_a_hand_is_unchanged_by_views_and_legal_queries():
    hand = play_ready()
    before = snapshot(hand)
    for seat in range(4):
        hand.view(seat)
    hand.legal_actions()
    assert snapshot(hand) == before
