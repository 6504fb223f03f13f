"""The numbers a person types for their cards (``terminal/numbers.py``): from the
moment trump is fixed a card keeps its number to the end of the hand, through the
dealer's pick-up (R4), the maker's dummy (R12, R14), a partner's best card (R13) and
every discard and play; before that the hand is shown in its order."""

from __future__ import annotations

import dataclasses
import random

import pytest
from deals import STANDARD, deal, run

from euchre_cli.engine.cards import parse_card, sorted_hand
from euchre_cli.engine.hand import Hand
from euchre_cli.engine.play import shuffled_deck
from euchre_cli.rulebook import load_ruleset
from euchre_cli.terminal.numbers import ORDERS, in_hand_order, numbered

EXCHANGE = dataclasses.replace(
    STANDARD, deal=dataclasses.replace(STANDARD.deal, weak_hand="exchange")
)  # R17: a weak hand swaps three cards with the kitty, before the bidding
RULESETS = {
    name: load_ruleset(name)
    for name in ("standard", "cutthroat", "railroad", "two-handed-dummy", "british")
}
RULESETS["weak-hand-exchange"] = EXCHANGE


@pytest.mark.parametrize("order", ORDERS)
@pytest.mark.parametrize("name", list(RULESETS))
def test_from_trump_on_every_card_keeps_its_number_to_the_end_of_the_hand(
    name: str, order: str
) -> None:
    """Random legal deals played out: at every step, every seat's held cards each
    have one number, and once trump is fixed none of them ever changes."""
    rules = RULESETS[name]
    rng = random.Random(f"{name}:{order}")
    for number in range(40):
        hand = Hand(rules, number % rules.players, shuffled_deck(rules, rng))
        kept: list[dict] = [{} for _ in range(rules.players)]
        while not hand.is_over:
            for seat in range(rules.players):
                view = hand.view(seat)
                cards = numbered(view, order)
                assert len(set(cards)) == len(cards) and set(view.hand) <= set(cards)
                if view.trump is None:
                    assert sorted(cards) == sorted(view.hand)  # no gaps before trump
                    continue
                for place, card in enumerate(cards, start=1):
                    if card in view.hand:
                        assert kept[seat].setdefault(card, place) == place, (seat, card)
            hand.apply(rng.choice(hand.legal_actions()))


def _dealer_picks_up() -> Hand:
    """Seat 0 deals and picks up 9♠: trump is fixed, then the upcard comes in."""
    hands = {0: "TS QH TH QC JC"}
    return run(deal(STANDARD, dealer=0, hands=hands, upcard="9S"), "pass pass pass order")


def test_the_upcard_takes_the_next_number_and_a_card_gone_leaves_a_gap() -> None:
    hand = _dealer_picks_up()
    alone = hand.view(0)  # asked to go alone: trump fixed, five cards held
    assert [c.code for c in numbered(alone)] == ["JC", "TS", "QH", "TH", "QC"]
    run(hand, "pass pass pass")
    assert [c.code for c in numbered(hand.view(0))] == ["JC", "TS", "QH", "TH", "QC", "9S"]
    run(hand, "discard:TS")
    view = hand.view(0)
    assert numbered(view)[1] == parse_card("TS") and parse_card("TS") not in view.hand
    assert [c.code for c in in_hand_order(view)] == ["JC", "QH", "TH", "QC", "9S"]


def test_the_orders_dealt_and_by_suit_only() -> None:
    hand = _dealer_picks_up()
    before = dataclasses.replace(hand.view(0), trump=None)
    assert numbered(before, "dealt") == list(hand.view(0).dealt)
    assert numbered(before, "suit") == sorted_hand(hand.view(0).hand)
    run(hand, "pass pass pass")
    view = hand.view(0)
    assert numbered(view, "dealt") == [*view.dealt, parse_card("9S")]
    # by suit only: the left bower J♣ stays with the clubs, trump or not
    assert [c.code for c in numbered(view, "suit")] == ["TS", "QH", "TH", "QC", "JC", "9S"]


def test_r12_the_dummy_is_numbered_after_the_makers_own_cards() -> None:
    cutthroat = load_ruleset("cutthroat")
    hand = deal(cutthroat, 0, hands={1: "JH AH KH 9S 9C"}, dummy="JD QH TH 9D TD", upcard="9H")
    run(hand, "order pass pass pass pass")
    cards = [c.code for c in numbered(hand.view(1))]
    assert cards[:5] == ["JH", "AH", "KH", "9S", "9C"]
    assert sorted(cards[5:]) == sorted(["JD", "QH", "TH", "9D", "TD"])
