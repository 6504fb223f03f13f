"""How a pack is dealt (R3), and back: the pack that deals given hands.

Starting left of the dealer and going clockwise, each player receives
``deal.packets[0]`` cards, then ``deal.packets[1]`` cards; the next ``dummy.cards``
cards form the dummy hand; the rest is the kitty, whose first card is the upcard.
``deal`` does it, ``deck_order`` undoes it, and ``stacked_deck`` is the pack for a
deal given card by card (``Hand.dealt``, tests, a search player's imagined deals).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from .cards import ALL_CARDS, Card, parse_card
from .rules import HAND_SIZE, Ruleset


class Dealt(NamedTuple):
    """A pack dealt: each seat's cards in the order they came, the dummy, the kitty
    (the upcard first)."""

    hands: list[tuple[Card, ...]]
    dummy: tuple[Card, ...]
    kitty: tuple[Card, ...]


def deal(ruleset: Ruleset, dealer: int, deck: Sequence[Card]) -> Dealt:
    """The pack ``deck``, in the order its cards come off, dealt by ``dealer`` (R3)."""
    players = ruleset.players
    hands: list[tuple[Card, ...]] = [()] * players
    position = 0
    for packet in ruleset.deal.packets:
        for offset in range(1, players + 1):
            seat = (dealer + offset) % players
            hands[seat] += tuple(deck[position : position + packet])
            position += packet
    dummy = tuple(deck[position : position + ruleset.dummy.cards])
    return Dealt(hands, dummy, tuple(deck[position + ruleset.dummy.cards :]))


def stacked_deck(
    ruleset: Ruleset,
    dealer: int,
    hands: Sequence[str | Sequence[Card | str]],
    upcard: Card | str,
    dummy: str | Sequence[Card | str] | None = None,
    kitty: str | Sequence[Card | str] = (),
) -> list[Card]:
    """The pack that deals a given deal: ``hands`` listed by seat, five cards each
    (``Card``s, R1's codes, or one string of codes: ``"JH JD AH KH QH"``), the
    ``upcard``, and the dummy where the ruleset deals one.  The rest of the kitty
    after the upcard is ``kitty`` and then the cards left over, in the deck's fixed
    order (which also fills a dummy not given).  ``ValueError`` says what does not fit."""
    held = [_read_cards(hand) for hand in hands]
    if len(held) != ruleset.players or any(len(hand) != HAND_SIZE for hand in held):
        raise ValueError(
            f"give {ruleset.players} hands of {HAND_SIZE} cards, one per seat"
            f" (given: {', '.join(str(len(hand)) for hand in held) or 'none'})"
        )
    given_dummy = None if dummy is None else _read_cards(dummy)
    rest_of_kitty = _read_cards(kitty)
    placed = [card for hand in held for card in hand]
    placed += [*_read_cards([upcard]), *(given_dummy or ()), *rest_of_kitty]
    twice = sorted({card.code for card in placed if placed.count(card) > 1})
    if twice:
        raise ValueError(f"a card is dealt twice: {', '.join(twice)}")
    missing = [card.code for card in placed if not ruleset.deck_mask >> card & 1]
    if missing:
        raise ValueError(f"not in this ruleset's deck: {', '.join(missing)}")
    spare = [card for card in ruleset.cards if card not in placed]
    if given_dummy is None:
        given_dummy = spare[: ruleset.dummy.cards]
        spare = spare[ruleset.dummy.cards :]
    elif len(given_dummy) != ruleset.dummy.cards:
        raise ValueError(f"the dummy is {ruleset.dummy.cards} cards under these rules")
    kitty_cards = [_read_cards([upcard])[0], *rest_of_kitty, *spare]
    return deck_order(ruleset, dealer, held, given_dummy, kitty_cards)


def deck_order(
    ruleset: Ruleset,
    dealer: int,
    hands: Sequence[Sequence[int]],
    dummy: Sequence[int],
    kitty: Sequence[int],
) -> list[Card]:
    """The order of a pack that deals these hands (listed by seat), dummy and kitty,
    the upcard first: ``deal`` run backwards (R3)."""
    players = ruleset.players
    deck: list[int] = []
    start = 0
    for packet in ruleset.deal.packets:
        for offset in range(1, players + 1):
            deck += hands[(dealer + offset) % players][start : start + packet]
        start += packet
    return [ALL_CARDS[card] for card in (*deck, *dummy, *kitty)]


def _read_cards(cards: str | Sequence[Card | str]) -> list[Card]:
    """Cards given as ``Card`` or R1's codes, or as one string of codes: "JH 10h A♠"."""
    items = cards.split() if isinstance(cards, str) else cards
    return [card if isinstance(card, Card) else parse_card(card) for card in items]
