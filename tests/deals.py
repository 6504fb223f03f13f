"""Helpers for tests: stack a deck so chosen seats get chosen cards, script a hand, and
tell the cards a seat may not know (``secret_cards``), to scan what it is sent.

``stack`` fills in what a test leaves out (the rest of the deck in its fixed order)
and puts the pack in dealing order with the engine's own ``deck_order`` (R3), as
``Hand.dealt`` does for a deal given in full.
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Iterable, Mapping, Sequence

from euchre_cli.engine.cards import ALL_CARDS, Card, cards_of, parse_card
from euchre_cli.engine.deal import deck_order
from euchre_cli.engine.game import Game
from euchre_cli.engine.hand import Hand
from euchre_cli.engine.play import play_out
from euchre_cli.engine.rules import (
    AloneRules,
    BiddingRules,
    DeckRules,
    DummyRules,
    Ruleset,
    ScoringRules,
)
from euchre_cli.engine.values import Action, View

STANDARD = Ruleset()
STICK = dataclasses.replace(STANDARD, bidding=BiddingRules(stick_the_dealer=True))
PARTNERS_ACE = {
    "dealer": 3,
    "hands": {0: "9D 9C TC QC KC", 1: "AD 9S TS QD JS", 2: "TD QH JC AC KS", 3: "JH KH 9H AS QS"},
    "upcard": "TH",
}
"""A deal for seat 3's play to its partner's A♦: hearts ordered up, 9♦ led by seat 0
(``order pass pass pass pass play:9D``), then A♦ and T♦; seat 3 holds no diamond."""
MANDATORY = dataclasses.replace(STANDARD, bidding=BiddingRules(dealer_pickup="mandatory"))
DECK32 = dataclasses.replace(
    STANDARD, deck=DeckRules(ranks=("7", "8", "9", "10", "J", "Q", "K", "A"))
)
JOKER = dataclasses.replace(STANDARD, deck=DeckRules(joker=True))
JOKER_HEARTS = dataclasses.replace(JOKER, bidding=BiddingRules(joker_upcard="hearts"))
LEFT_OF_DEALER = dataclasses.replace(STANDARD, alone=AloneRules(lead="left-of-dealer"))
CUTTHROAT = dataclasses.replace(
    STANDARD,
    name="cutthroat",
    players=3,
    dummy=DummyRules(cards=5),
    alone=AloneRules(lead="left-of-dealer"),
    scoring=ScoringRules(march=3),
)
TWO_HANDED = dataclasses.replace(
    STANDARD, name="two-handed", players=2, alone=AloneRules(maker=False, defender=False)
)
TWO_HANDED_DUMMY = dataclasses.replace(
    TWO_HANDED,
    name="two-handed-dummy",
    dummy=DummyRules(cards=2),
    bidding=BiddingRules(dealer_pickup="mandatory", stick_the_dealer=True),
)

VARIANTS = {
    "standard": STANDARD,
    "stick-the-dealer": STICK,
    "mandatory-pickup": MANDATORY,
    "32-cards": DECK32,
    "joker": JOKER,
    "joker-hearts": JOKER_HEARTS,
    "left-of-dealer": LEFT_OF_DEALER,
    "cutthroat": CUTTHROAT,
    "two-handed": TWO_HANDED,
    "two-handed-dummy": TWO_HANDED_DUMMY,
}


def cards(text: str | Iterable[str | int]) -> list[Card]:
    """``"JH 10h AS"`` or a list of codes/cards as a list of cards."""
    items = text.split() if isinstance(text, str) else text
    return [item if isinstance(item, Card) else parse_card(item) for item in items]


def stack(
    ruleset: Ruleset,
    dealer: int,
    hands: Mapping[int, str | Sequence[str]] | None = None,
    upcard: str | None = None,
    dummy: str | Sequence[str] | None = None,
    kitty: str | Sequence[str] | None = None,
) -> list[Card]:
    """A deck order that deals ``hands[seat]`` to each listed seat, ``dummy`` to the
    dummy and ``upcard`` (then ``kitty``) to the kitty.  Unlisted places get the
    remaining cards of the ruleset's deck in its fixed order."""
    hands = {seat: cards(h) for seat, h in (hands or {}).items()}
    used = [c for h in hands.values() for c in h]
    dummy_cards = cards(dummy) if dummy is not None else []
    kitty_cards = ([parse_card(upcard)] if upcard else []) + (
        cards(kitty) if kitty is not None else []
    )
    used += dummy_cards + kitty_cards
    if len(set(used)) != len(used):
        raise ValueError("a card is placed twice")
    if not set(used) <= set(ruleset.cards):
        raise ValueError("a card is not in this ruleset's deck")
    spare = [c for c in ruleset.cards if c not in used]
    players = ruleset.players
    for seat in range(players):
        hand = hands.setdefault(seat, [])
        while len(hand) < 5:
            hand.append(spare.pop(0))
        if len(hand) != 5:
            raise ValueError(f"seat {seat} must get five cards")
    while len(dummy_cards) < ruleset.dummy.cards:
        dummy_cards.append(spare.pop(0))
    kitty_cards += spare
    return deck_order(
        ruleset, dealer, [hands[seat] for seat in range(players)], dummy_cards, kitty_cards
    )


def deal(ruleset: Ruleset, dealer: int = 0, **placed) -> Hand:
    """A ``Hand`` dealt from ``stack(ruleset, dealer, **placed)``."""
    return Hand(ruleset, dealer, stack(ruleset, dealer, **placed))


def run(hand: Hand, script: str | Iterable[str]) -> Hand:
    """Apply actions written as text (``"pass order pass play:JH"``) in turn."""
    steps = script.split() if isinstance(script, str) else script
    for step in steps:
        hand.apply(Action.parse(step))
    return hand


class FirstLegal:
    """Takes the first legal action: a deterministic stand-in for a player."""

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        return legal[0]


def finish(hand: Hand) -> Hand:
    """Finish the hand, each seat taking its first legal action (deterministic)."""
    return play_out(hand, [FirstLegal()] * hand.players)


def snapshot(hand: Hand) -> tuple:
    """Everything about a hand's state that an illegal action must leave alone (R16)."""
    return (
        hand.phase,
        hand.current_seat,
        [a.text for a in hand.legal_actions()],
        list(hand.hands),
        hand.dummy,
        list(hand.history),
        list(hand.bids),
        hand.trump,
        hand.maker,
        list(hand.alone),
        list(hand.sitting_out),
        hand.dealer_took_upcard,
        [list(d) for d in hand.discards],
        list(hand.tricks),
        list(hand.trick_plays),
        list(hand.tricks_won),
    )


def check_summary(game: Game) -> dict:
    """The ``--json`` summary agrees with itself and with the game (README)."""
    summary = json.loads(json.dumps(game.summary()))
    ruleset = game.ruleset
    sides = list(summary["sides"])
    assert len(sides) == len(ruleset.sides)
    assert summary["winner"] in sides
    totals = dict.fromkeys(sides, 0)
    for hand in summary["hands"]:
        for side, points in hand["points"].items():
            totals[side] += points
        tricks = sum(hand["tricks"].values())
        if hand["trump"] is None:
            assert tricks == 0 and hand["makers"] == [] and hand["points"] == {}
        else:
            assert hand["trump"] in "CDHS" and tricks == 5
            assert hand["points"] and all(p > 0 for p in hand["points"].values())
            assert set(hand["alone"]) <= set(hand["tricks"])
    assert totals == summary["scores"]
    scores = summary["scores"]
    target = ruleset.game.points_to_win
    best = scores[summary["winner"]]
    assert best >= target
    assert all(score < best for side, score in scores.items() if side != summary["winner"])
    assert len(summary["hands"]) == len(game.records)
    return summary


def secret_cards(hand: Hand, seat: int | None) -> set[str]:
    """The cards ``seat`` (None: a spectator) may not know now, read from the whole
    deal: the other hands, the kitty, the dummy, the others' discards and cards
    passed face down; less what the rules made public (the upcard, a weak hand shown,
    every card played) and what the seat itself held, laid away, passed or was
    passed."""
    others = [s for s in range(hand.players) if s != seat]
    hidden = set(cards_of(hand.dummy)) | set(hand.kitty)
    for other in others:
        hidden |= set(cards_of(hand.hands[other]))
        hidden |= set(hand.discards[other]) | set(hand.given[other])
    public = {hand.upcard, *(hand.weak_hand[1] if hand.weak_hand else ())}
    public |= {card for trick in hand.tricks for _, card in trick.plays}
    public |= {card for _, card in hand.trick_plays}
    if seat is not None:
        public |= set(cards_of(hand.hands[seat])) | set(hand.deal_order[seat])
        public |= set(hand.discards[seat]) | set(hand.given[seat]) | set(hand.received[seat])
    return {card.code for card in hidden - public}


CODE = {card.code: re.compile(rf"(?<![A-Za-z0-9]){card.code}(?![A-Za-z0-9])") for card in ALL_CARDS}
"""Each card's code as a word of a text (``JH``, not the ``JH`` of ``AJHX``)."""
