"""Hands played out: the player protocol, the shuffle and cut, and the loop that asks
each seat in turn.

``Game``, ``simulate``, the search players' roll-outs and the benchmarks all play
hands through ``play_out``, and all deal through ``shuffled_deck``: the randomness
is a ``random.Random`` the caller owns and seeds, never one hidden here.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Protocol

from .cards import Card
from .hand import Hand
from .rules import Ruleset
from .values import Action, Phase, View


class Player(Protocol):
    """Anything that picks one of the legal actions from what its seat can see."""

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        """One of ``legal``."""
        ...


def shuffled_deck(ruleset: Ruleset, rng: random.Random) -> list[Card]:
    """The pack in dealing order: the dealer shuffles, and the player on the right
    cuts, leaving ``deal.cut_min`` or more cards in each packet (R3)."""
    deck = list(ruleset.cards)
    rng.shuffle(deck)
    cut_min = ruleset.deal.cut_min
    cut = rng.randint(cut_min, len(deck) - cut_min)
    return deck[cut:] + deck[:cut]


class TakeBack(Exception):
    """Raised by a player instead of choosing: take back its last decision in this
    hand (a person's ``undo``); ``Game`` rewinds the hand to just before it.

    ``decided``, when given, tells which of the seat's choices it made itself, from
    the view it had: one it answered without asking the person (a ``Defend alone?``
    never put to them) is no decision to take back, and the undo goes on to the one
    before it."""

    def __init__(self, decided: Callable[[View], bool] | None = None) -> None:
        super().__init__()
        self.decided = decided


Applied = Callable[[int, Action, Phase], None]
"""Told of each action played out: the seat, the action and the phase it was taken in."""


def play_out(
    hand: Hand,
    players: Sequence[Player],
    until: Phase = Phase.OVER,
    applied: Applied | None = None,
) -> Hand:
    """Ask the seat to act (``players`` by seat), apply its choice, and go on until the
    hand is over, or has reached the phase ``until``; returns the hand."""
    while hand.phase is not until and hand.current_seat is not None:
        seat = hand.current_seat
        phase = hand.phase
        action = players[seat].choose(hand.view(seat), hand.legal_actions())
        hand.apply(action)
        if applied is not None:
            applied(seat, action, phase)
    return hand
