"""Cards, notation and decks (R1), and the order of cards once trump is fixed (R2)."""

from __future__ import annotations

import pytest

from euchre_cli.engine.cards import (
    ALL_CARDS,
    JOKER,
    SUIT_MASKS,
    TRUMP_POWER,
    Card,
    Suit,
    build_deck,
    cards_of,
    mask_of,
    parse_card,
    sorted_hand,
    trick_strength,
)

C, D, H, S = Suit


def card(code: str) -> Card:
    return parse_card(code)


# --------------------------------------------------------------------- R1 notation
@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("JH", "JH"),
        ("jh", "JH"),
        ("10h", "TH"),
        ("10H", "TH"),
        ("TC", "TC"),
        ("tc", "TC"),
        ("j♥", "JH"),
        ("A♠", "AS"),
        ("Q♦", "QD"),
        ("9♣", "9C"),
        (" K s ", "KS"),
        ("JK", "JK"),
        ("jk", "JK"),
        ("joker", "JK"),
        ("Benny", "JK"),
        ("7D", "7D"),
        ("8s", "8S"),
    ],
)
def test_r1_parse_card_accepts_the_notation(text, code):
    assert parse_card(text).code == code


@pytest.mark.parametrize(("text", "code"), [("J♥️", "JH"), ("10♠️", "TS"), ("a♣︎", "AC")])
def test_r1_suit_symbols_with_emoji_variation_selectors(text, code):
    """Keyboards often send ♥ as "♥️" (U+2665 U+FE0F); it is still the ♥ of R1."""
    assert parse_card(text).code == code
    assert Suit.parse(text[-2:]) is parse_card(text).suit  # the symbol and its selector


@pytest.mark.parametrize("text", ["", "J", "H", "1H", "11H", "JX", "ZZ", "HJ", "10", "JKK", "♥J"])
def test_r1_parse_card_rejects_other_text_with_a_message(text):
    with pytest.raises(ValueError, match="not a card"):
        parse_card(text)


def test_r1_every_card_code_round_trips_and_cards_are_interned():
    for c in ALL_CARDS:
        assert parse_card(c.code) is c
        assert Card(int(c)) is c
        assert str(c) == c.code
    assert len({c.code for c in ALL_CARDS}) == 33


def test_r1_labels_for_people():
    assert card("TC").label == "10♣"
    assert card("JH").label == "J♥"
    assert JOKER.label == "Joker"
    assert JOKER.code == "JK"


@pytest.mark.parametrize(
    ("text", "suit"),
    [("C", C), ("d", D), ("♥", H), ("♡", H), ("♤", S), ("♧", C), ("♢", D), ("spades", S)],
)
def test_r1_suit_parse(text, suit):
    assert Suit.parse(text) is suit


def test_r1_suit_parse_rejects_nonsense():
    with pytest.raises(ValueError, match="unknown suit"):
        Suit.parse("X")


def test_r1_same_colour_pairs():
    assert C.same_colour is S and S.same_colour is C
    assert D.same_colour is H and H.same_colour is D
    assert D.is_red and H.is_red and not C.is_red and not S.is_red


@pytest.mark.parametrize(
    ("ranks", "joker", "size"),
    [
        (("9", "10", "J", "Q", "K", "A"), False, 24),
        (("7", "8", "9", "10", "J", "Q", "K", "A"), False, 32),
        (("9", "10", "J", "Q", "K", "A"), True, 25),
    ],
)
def test_r1_decks(ranks, joker, size):
    deck = build_deck(ranks, joker)
    assert len(deck) == len(set(deck)) == size
    assert (JOKER in deck) is joker
    for suit in Suit:
        assert sum(1 for c in deck if c.suit is suit) == len(ranks)


def test_r1_build_deck_rejects_an_unknown_rank():
    with pytest.raises(ValueError, match="unknown rank"):
        build_deck(["9", "1"], False)


def test_masks_round_trip():
    some = [card("9C"), card("JH"), JOKER]
    assert list(cards_of(mask_of(some))) == some


# ------------------------------------------------------------------------- R2 order
def is_trump(c, trump: Suit) -> bool:
    """Whether a card is trump, as the engine reads it: in the trump suit's mask."""
    return bool(SUIT_MASKS[trump][trump] >> c & 1)


def effective_suit(c, trump: Suit) -> Suit:
    """The suit a card follows as, as the engine reads it (R2)."""
    (suit,) = [suit for suit in Suit if SUIT_MASKS[trump][suit] >> c & 1]
    return suit


def jack(suit: Suit):
    return card("J" + suit.letter)


def trump_order(trump: Suit, deck) -> list[str]:
    trumps = [c for c in deck if is_trump(c, trump)]
    return [c.code for c in sorted(trumps, key=lambda c: -TRUMP_POWER[trump][c])]


def test_r2_worked_example_hearts_trump():
    """R2: J♥ > J♦ > A♥ > K♥ > Q♥ > 10♥ > 9♥; diamonds rank A K Q 10 9."""
    deck = build_deck(("9", "10", "J", "Q", "K", "A"), False)
    assert trump_order(H, deck) == ["JH", "JD", "AH", "KH", "QH", "TH", "9H"]
    diamonds = [c for c in deck if effective_suit(c, H) is D]
    assert [c.code for c in sorted(diamonds, key=lambda c: -c.rank)] == [
        "AD",
        "KD",
        "QD",
        "TD",
        "9D",
    ]


@pytest.mark.parametrize("trump", list(Suit))
def test_r2_bowers_and_joker_for_every_trump(trump):
    """R2: joker, right bower, left bower, then A K Q 10 9 8 7 of trump."""
    deck = build_deck(("7", "8", "9", "10", "J", "Q", "K", "A"), True)
    letter, left = trump.letter, trump.same_colour.letter
    expected = ["JK", "J" + letter, "J" + left] + [r + letter for r in "AKQT987"]
    assert trump_order(trump, deck) == expected


@pytest.mark.parametrize("trump", list(Suit))
def test_r2_left_bower_and_joker_belong_to_trump(trump):
    left = jack(trump.same_colour)
    assert effective_suit(left, trump) is trump
    assert effective_suit(JOKER, trump) is trump
    assert is_trump(left, trump) and is_trump(JOKER, trump)
    assert SUIT_MASKS[trump][trump] >> left & 1
    assert SUIT_MASKS[trump][trump] >> JOKER & 1
    # The suit the left bower came from has no jack this hand (R2).
    assert not SUIT_MASKS[trump][trump.same_colour] >> left & 1
    jacks = [c for c in ALL_CARDS[:32] if effective_suit(c, trump) is trump.same_colour]
    assert all(c.rank != jack(C).rank for c in jacks)
    # The jacks of the other colour stay in their own suits.
    for other in Suit:
        if other not in (trump, trump.same_colour):
            assert effective_suit(jack(other), trump) is other
            assert not is_trump(jack(other), trump)


def test_r2_plain_suit_order_a_k_q_j_10_9():
    """R2: plain suits rank A K Q J 10 9 (8 7); the jack sits between Q and 10."""
    led = C
    codes = ["AC", "KC", "QC", "JC", "TC", "9C", "8C", "7C"]
    strengths = [trick_strength(card(c), H, led) for c in codes]
    assert strengths == sorted(strengths, reverse=True)
    assert len(set(strengths)) == len(strengths)


def test_r2_trick_strength_trump_beats_led_beats_offsuit():
    trump, led = S, D
    assert trick_strength(card("9S"), trump, led) > trick_strength(card("AD"), trump, led)
    assert trick_strength(card("JC"), trump, led) > trick_strength(card("AS"), trump, led)
    assert trick_strength(card("AH"), trump, led) < trick_strength(card("9D"), trump, led)
    assert trick_strength(JOKER, trump, led) > trick_strength(card("JS"), trump, led)


def test_a_cards_own_suit_before_trump_is_made():
    assert JOKER.suit is None
    assert card("JD").suit is D


def test_sorted_hand_puts_trumps_first_strongest_first():
    hand = [card(c) for c in ["9H", "AS", "JD", "JH", "KC"]]
    shown = [c.code for c in sorted_hand(hand, H)]
    assert shown[:3] == ["JH", "JD", "9H"]
    assert sorted(shown) == sorted(c.code for c in hand)
