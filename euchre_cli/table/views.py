"""What one seat may see of the deal, as JSON-ready values: cards as their codes
(``JH``, ``TC``, ``JK``), actions as their texts (``play:JH``).

Everything here is read from the engine's ``View``, what a computer player receives,
and never from the ``Hand``: so a seat's JSON cannot hold more than its ``View`` does
(no other hand, no kitty, no dummy before it is merged, no one else's discard).  The
public part (``public_facts``) is the same from every seat, which is what a spectator
is shown; a seat's own part (``own_facts``) goes only to that seat.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..engine.cards import Card
from ..engine.values import Trick, View


def codes(cards: Iterable[Card]) -> list[str]:
    return [card.code for card in cards]


def plays(played: Iterable[tuple[int, Card]]) -> list[dict]:
    return [{"seat": seat, "card": card.code} for seat, card in played]


def trick_facts(trick: Trick) -> dict:
    return {"leader": trick.leader, "plays": plays(trick.plays), "winner": trick.winner}


def public_facts(view: View) -> dict:
    """What every seat, and a spectator, sees of the deal now."""
    rules = view.rules
    assert rules is not None  # a deal's view carries its rules
    makers = [] if view.maker is None else list(rules.sides[rules.side_of(view.maker)])
    shown = view.weak_hand
    return {
        "phase": view.phase.value,
        "dealer": view.dealer,
        "upcard": view.upcard.code,
        "upcard_taken": view.dealer_took_upcard,
        "proposed_suit": view.proposed_suit.letter,
        "bids": [{"seat": seat, "action": action.text} for seat, action in view.bids],
        "trump": None if view.trump is None else view.trump.letter,
        "maker": view.maker,
        "makers": makers,
        "alone": list(view.alone),
        "sitting_out": list(view.sitting_out),
        "weak_hand": None if shown is None else {"seat": shown[0], "cards": codes(shown[1])},
        "trick": plays(view.current_trick),
        "last_trick": trick_facts(view.tricks[-1]) if view.tricks else None,
        "tricks_won": list(view.tricks_won),
    }


def own_facts(view: View) -> dict:
    """What only ``view.seat`` sees: its cards, and the cards it laid away, passed on
    or was passed face down."""
    return {
        "hand": codes(view.hand),
        "discards": codes(view.discards),
        "given": codes(view.given),
        "received": codes(view.received),
    }


NO_OWN_FACTS = {"hand": None, "discards": [], "given": [], "received": []}
"""A spectator's ``own_facts``: no hand at all."""
