"""The table as a seat sees it (``terminal/summary.py``): what ``table`` shows, the
contract, the headers of a game and of a hand, each from the seat's ``View``, who
sits where and the score alone, with no screen and no game behind them."""

from __future__ import annotations

import dataclasses

from deals import JOKER_HEARTS, STANDARD, deal, run

from euchre_cli.engine.cards import parse_card
from euchre_cli.engine.hand import Hand
from euchre_cli.engine.rules import AloneRules
from euchre_cli.rulebook.changes import HouseRules
from euchre_cli.terminal.summary import (
    Seating,
    contract_words,
    game_header,
    hand_header,
    table_summary,
)
from euchre_cli.terminal.text import Style

NAMES = ("Pat", "Ann", "Bob", "Cy")
PLAIN = Style(colour=False)
HANDS = {0: "JH QH KH QD JS", 1: "9C TC JC QC KC"}


def seated(me: int | None = 0) -> Seating:
    return Seating(NAMES, STANDARD.sides, me)


def first_round(dealer: int = 3, **placed: object) -> Hand:
    """Pat (seat 0) bids first on a 9♠ upcard; Cy (seat 3) deals."""
    return deal(STANDARD, dealer=dealer, hands=HANDS, upcard="9S", **placed)


def summed_up(hand: Hand, seat: int = 0, scores: tuple[int, ...] = (0, 0)) -> list[str]:
    """The table as ``seat`` sees it, that seat being the person's."""
    return table_summary([hand.view(seat)], seated(seat), PLAIN, 1, scores).splitlines()


def test_the_bidding_is_shown_round_by_round() -> None:
    lines = summed_up(run(first_round(), "pass pass pass pass pass"))
    assert lines[:4] == [
        "Hand 1: Cy deals; upcard 9♠, turned down.",
        "Round 1 of the bidding: you pass, Ann passes, Bob passes, Cy passes.",
        "Round 2 of the bidding: you pass.",
        "Any suit but spades may be named.",
    ]
    assert summed_up(first_round())[1] == "Round 1 of the bidding: no bids yet."
    # once trump is made the bidding stays: who made it, in which round, with which words
    named = summed_up(run(first_round(), "pass pass pass pass pass name:H pass pass pass"))
    assert named[2] == "Round 2 of the bidding: you pass, Ann names ♥ hearts."
    assert named[3] == "Trump ♥ hearts: Ann made it."


def test_r6_a_dealer_who_sits_out_did_not_leave_the_upcard() -> None:
    """Ann assists and goes alone: her partner the dealer sits out and never chose
    to leave the upcard (the table said "left by Cy")."""
    hand = run(first_round(), "pass order alone pass pass")
    lines = summed_up(hand)
    assert lines[0] == "Hand 1: Cy deals; upcard 9♠, not taken (Cy sits out)."
    assert lines[1] == "Round 1 of the bidding: you pass, Ann assists."  # R4: the partner's word
    assert lines[2] == "Trump ♠ spades: Ann made it, alone."
    assert "Cy sits out this hand." in lines
    assert contract_words(hand.view(0), seated(), PLAIN) == "Trump ♠ spades: Ann made it, alone"
    assert contract_words(first_round().view(0), seated(), PLAIN) == ""  # no trump yet


def test_r4_the_upcard_picked_up_or_left_by_the_dealer() -> None:
    picked = summed_up(run(first_round(), "order pass pass pass pickup"))
    assert picked[0] == "Hand 1: Cy deals; upcard 9♠, picked up by Cy."
    left = summed_up(run(first_round(), "order pass pass pass pass"))
    assert left[0] == "Hand 1: Cy deals; upcard 9♠, left by Cy."
    mine = summed_up(run(first_round(dealer=0), "pass pass pass order pass pass pass"))
    assert mine[0] == "Hand 1: You deal; upcard 9♠, picked up by you."


def test_r4_a_discard_is_seen_by_whoever_made_it_and_face_up_by_all() -> None:
    """The dealer's discard is face down: the dealer sees it in the table, nobody
    else does, and a hand shown face up (every seat's view) shows them all."""
    hand = run(first_round(), "order pass pass pass pickup discard:AD")
    assert "You discarded A♦." in summed_up(hand, seat=3)
    assert not any("discarded" in line for line in summed_up(hand, seat=0))
    every = [hand.view(seat) for seat in range(4)]
    watched = table_summary(every, seated(None), PLAIN, 1, (0, 0)).splitlines()
    assert "Cy discarded A♦." in watched


def test_r13_the_card_passed_to_a_lone_player_is_seen_by_the_two_of_them() -> None:
    """Pat goes alone and calls for Bob's best card: Pat and Bob see which card it
    was, Ann and Cy that one was passed, even while Pat still holds six."""
    rules = dataclasses.replace(STANDARD, alone=AloneRules(call_for_best=True))
    hands = {**HANDS, 2: "AH AC 9S TS QS", 3: "AS KS 9D TD AD"}
    hand = deal(rules, dealer=3, hands=hands, upcard="9H")
    run(hand, "order alone pass pass pickup discard:9D give:AH")
    assert hand.current_seat == 0 and len(hand.view(0).hand) == 6  # Pat discards next

    def passed(seat: int) -> str:
        (line,) = [line for line in summed_up(hand, seat) if " passed " in line]
        return line

    assert passed(0) == "Bob passed A♥ to you."
    assert passed(2) == "You passed A♥ to Pat."
    assert passed(1) == passed(3) == "Bob passed Pat a card."


def test_the_score_is_the_one_given_with_the_tricks_taken_so_far() -> None:
    hand = run(first_round(), "order pass pass pass pass play:KH")
    lines = summed_up(hand, scores=(3, 7))
    assert lines[-3:] == [
        "Trick 1 so far: You K♥.",
        "Tricks: Pat & Bob 0, Ann & Cy 0.",
        "Score: Pat & Bob 3, Ann & Cy 7 (game to 10).",
    ]


def test_a_hand_opens_with_the_deal_the_hands_seen_and_the_upcard() -> None:
    hand = first_round()
    assert hand_header([hand.view(0)], seated(), PLAIN, 2, "dealt") == [
        "— Hand 2: Cy deals —",
        f"Your hand: {PLAIN.cards(hand.view(0).dealt)}",
        "Upcard: 9♠",
    ]
    every = [hand.view(seat) for seat in range(4)]
    watched = hand_header(every, seated(None), PLAIN, 1, "sorted")
    assert [line.split(":")[0] for line in watched[1:5]] == [f"{n}'s hand" for n in NAMES]
    joker = deal(JOKER_HEARTS, dealer=3, upcard="JK")
    said = hand_header([joker.view(0)], seated(), PLAIN, 1, "sorted")
    assert said[-1] == "Upcard: Joker (it proposes ♥ hearts as trump)"


def test_a_game_opens_with_its_rules_and_the_table_round_from_your_chair() -> None:
    house = HouseRules("standard", ("stick the dealer", "game to 7"))
    rules = dataclasses.replace(STANDARD, name="ours", description=house.default)  # unsaid
    drawn = [[("Pat", parse_card("AS")), ("Ann", parse_card("AH"))], [("Pat", parse_card("9C"))]]
    lines = game_header(rules, Seating(NAMES, rules.sides, me=2), PLAIN, drawn, house, "easy")
    assert lines[:2] == [
        "Euchre: ours (game to 10)",
        "House rules over standard: stick the dealer, game to 7.",
    ]
    assert lines[2:5] == [
        "Computer level: easy.",
        "Draw for seats: Pat A♠, Ann A♥",
        "Redraw for the tie: Pat 9♣",
    ]
    assert lines[5:] == [
        "At the table, clockwise: Bob, Cy (on your left), Pat (your partner), Ann (on your right)",
        "Partners: Bob & Pat against Ann & Cy",
    ]
