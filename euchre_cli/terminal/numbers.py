"""The numbers a person types for their cards, which never move under them.

Until trump is fixed the hand is shown in its order (``ORDERS``), numbered from 1.
From the moment trump is fixed each card keeps its number to the end of the hand: a
card that leaves (played, discarded, passed) leaves a gap, and a card that comes in
(the upcard the dealer takes, the dummy, a partner's best card) takes the next
number.  The numbers are worked out from the seat's ``View`` alone, so a game
resumed, replayed or taken back with ``undo`` numbers every card as it was.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..engine.cards import Card, sorted_hand
from ..engine.rules import HAND_SIZE, WEAK_HAND_SWAP
from ..engine.values import View

ORDERS = ("sorted", "dealt", "suit")
"""How a hand is shown: by suit with trump first once it is fixed (``sorted``), as it
was dealt, or by suit only, trump or not (``suit``)."""
DEFAULT_ORDER = "sorted"


def numbered(view: View, order: str = DEFAULT_ORDER) -> list[Card]:
    """The seat's cards by number (number ``i`` at index ``i - 1``): its hand before
    trump is fixed; from then on every card it has held since, the ones gone too."""
    if view.trump is None:
        return list(_in_order(view.hand, view, order))
    came = _came_after_trump(view, order)
    at_trump = [card for card in (*view.hand, *gone(view)) if card not in came]
    return [*_in_order(at_trump, view, order), *came]


def in_hand_order(view: View, order: str = DEFAULT_ORDER) -> list[Card]:
    """The cards held, in the order they are numbered (for a line that shows them)."""
    held = set(view.hand)
    return [card for card in numbered(view, order) if card in held]


def passed_by_partner(view: View) -> frozenset[Card]:
    """The card a lone player's partner passed it, while it holds six (R13): marked
    in the hand shown, as the dummy's cards are."""
    rules = view.rules
    called = rules is not None and rules.alone.call_for_best and view.seat in view.alone
    if called and len(view.hand) > HAND_SIZE and view.received:
        return frozenset(view.received[-1:])
    return frozenset()


def gone(view: View) -> list[Card]:
    """The cards that have left the hand since trump was fixed: discarded (R4, R12),
    passed to a lone partner (R13), played."""
    return [*view.discards, *view.given[_swapped(view) :], *_played(view)]


def _came_after_trump(view: View, order: str) -> list[Card]:
    """The cards that came into the hand once trump was fixed, in the order they came:
    the upcard the dealer took (R4), then the dummy (R12, R14) or a partner's best
    card (R13); the cards of a dummy among themselves in the hand's order."""
    came = [view.upcard] if view.seat == view.dealer and view.dealer_took_upcard else []
    return [*came, *_in_order(view.received[_swapped(view) :], view, order)]


def _swapped(view: View) -> int:
    """Cards swapped with the kitty before the bidding (R17's weak hand), which come
    first in what the seat gave and received."""
    rules = view.rules
    swapped = view.weak_hand is not None and view.weak_hand[0] == view.seat
    return WEAK_HAND_SWAP if swapped and rules and rules.deal.weak_hand == "exchange" else 0


def _played(view: View) -> list[Card]:
    plays = [play for trick in view.tricks for play in trick.plays]
    return [card for seat, card in (*plays, *view.current_trick) if seat == view.seat]


def _in_order(cards: Iterable[Card], view: View, order: str) -> Sequence[Card]:
    if order == "dealt":
        arrived = {card: place for place, card in enumerate((*view.dealt, *view.received))}
        return sorted(cards, key=lambda card: arrived.get(card, len(arrived)))
    return sorted_hand(cards, view.trump if order == "sorted" else None)
