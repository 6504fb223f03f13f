"""What one seat may see of the deal, as JSON-ready values: cards as their codes
(``JH``, ``TC``, ``JK``), actions as their texts (``play:JH``).

Everything here is read from the engine's ``View``, what a computer player receives,
and never from the ``Hand``: so a seat's JSON cannot hold more than its ``View`` does
(no other hand, no kitty, no dummy before it is merged, no one else's discard).  The
public part (``public_facts``) is the same from every seat, which is what a spectator
is shown; a seat's own part (``own_facts``) goes only to that seat.

The two together hold the whole ``View``, so that a seat played from elsewhere (a
terminal at ``euchre join``) rebuilds the very ``View`` a computer player in its place
would receive: ``view_from_facts`` is their inverse, given the rules.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..engine.cards import Card, Suit, parse_card
from ..engine.rules import Ruleset
from ..engine.values import Action, Phase, Trick, View


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
        "tricks": [trick_facts(trick) for trick in view.tricks],
        "upcard_discardable": view.upcard_discardable,
        "passed_to": list(view.passed_to),
        "scores": None if view.scores is None else list(view.scores),
    }


def own_facts(view: View) -> dict:
    """What only ``view.seat`` sees: its cards, and the cards it laid away, passed on
    or was passed face down."""
    return {
        "hand": codes(view.hand),
        "discards": codes(view.discards),
        "given": codes(view.given),
        "received": codes(view.received),
        "dealt": codes(view.dealt),
        "partner": view.partner,
    }


NO_OWN_FACTS = {
    "hand": None,
    "discards": [],
    "given": [],
    "received": [],
    "dealt": [],
    "partner": None,
}
"""A spectator's ``own_facts``: no hand at all."""


def view_from_facts(facts: dict, rules: Ruleset) -> View:
    """The ``View`` of the seat whose facts (``public_facts`` and ``own_facts``, as a
    seat's game object holds them) are ``facts``, at a table of ``rules``: the inverse
    of the two.  Raises ``ValueError`` (or ``KeyError``, ``TypeError``) for facts that
    are not a seat's."""
    if facts.get("seat") is None or facts.get("hand") is None:
        raise ValueError("a spectator's facts hold no seat's view")
    weak = facts["weak_hand"]
    return View(
        seat=int(facts["seat"]),
        players=rules.players,
        dealer=int(facts["dealer"]),
        phase=Phase(facts["phase"]),
        hand=_cards(facts["hand"]),
        upcard=parse_card(facts["upcard"]),
        proposed_suit=Suit.parse(facts["proposed_suit"]),
        bids=tuple((int(bid["seat"]), Action.parse(bid["action"])) for bid in facts["bids"]),
        trump=None if facts["trump"] is None else Suit.parse(facts["trump"]),
        maker=facts["maker"],
        alone=tuple(facts["alone"]),
        sitting_out=tuple(facts["sitting_out"]),
        dealer_took_upcard=facts["upcard_taken"],
        upcard_discardable=bool(facts["upcard_discardable"]),
        discards=_cards(facts["discards"]),
        tricks=tuple(_trick(trick) for trick in facts["tricks"]),
        current_trick=_plays(facts["trick"]),
        tricks_won=tuple(facts["tricks_won"]),
        dummy_cards=rules.dummy.cards,
        partner=facts["partner"],
        deck=rules.deck_mask,
        scores=None if facts["scores"] is None else tuple(facts["scores"]),
        rules=rules,
        weak_hand=None if weak is None else (int(weak["seat"]), _cards(weak["cards"])),
        given=_cards(facts["given"]),
        received=_cards(facts["received"]),
        passed_to=tuple(facts["passed_to"]),
        dealt=_cards(facts["dealt"]),
    )


def _cards(written: list[str]) -> tuple[Card, ...]:
    return tuple(parse_card(code) for code in written)


def _plays(written: list[dict]) -> tuple[tuple[int, Card], ...]:
    return tuple((int(play["seat"]), parse_card(play["card"])) for play in written)


def _trick(written: dict) -> Trick:
    return Trick(int(written["leader"]), _plays(written["plays"]), int(written["winner"]))
