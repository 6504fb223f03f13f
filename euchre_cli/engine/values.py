"""The values of a deal: its phases, the actions taken in them, a trick, what one seat
may know (``View``), the finished deal (``HandResult``) and the engine's errors.

They are small and immutable, and everything above the engine passes them around:
players receive a ``View`` and a list of ``Action``s, records keep ``Action.text``.
The state machine that makes them is ``hand.Hand`` (as python-chess keeps ``Move``
apart from ``Board``).

Actions have a text form (``pass``, ``order``, ``name:H``, ``alone``, ``pickup``,
``show``, ``discard:9C``, ``give:JH``, ``play:JH``) that ``Action.parse`` reads back;
each is interned, so ``PASS``, ``NAME[suit]`` and ``PLAY[card]`` are the only
instances and compare by identity.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from functools import partial

from .cards import EFFECTIVE_SUIT, JOKER_INDEX, Card, Suit, parse_card
from .rules import Ruleset
from .scoring import HandOutcome


class Phase(Enum):
    WEAK_HAND = "weak-hand"
    WEAK_EXCHANGE = "weak-exchange"
    BID_UPCARD = "bid-upcard"
    NAME_TRUMP = "name-trump"
    DEALER_NAMES = "dealer-names"
    MAKER_ALONE = "maker-alone"
    DEFENDER_ALONE = "defender-alone"
    PICKUP = "pickup"
    DISCARD = "discard"
    CALL_FOR_BEST = "call-for-best"
    PLAY = "play"
    OVER = "over"


BIDDING = (Phase.BID_UPCARD, Phase.NAME_TRUMP, Phase.DEALER_NAMES)
"""The phases in which trump is made (R4, R5, R15)."""
BEFORE_EXCHANGE = (
    Phase.WEAK_HAND,
    *BIDDING,
    Phase.MAKER_ALONE,
    Phase.DEFENDER_ALONE,
    Phase.PICKUP,
)
"""The phases before the dealer's pick-up, the dummy and calling for best: every seat
holds what it was dealt (or, after a weak hand's exchange, what it was swapped)."""


class EngineError(Exception):
    """Base of the errors the hand engine raises."""


class InvalidAction(EngineError, ValueError):
    """Text that is not an action at all (``play:XX``, ``jump``)."""


class Refusal(Enum):
    """Why the rules refuse a well-formed action (R16).  The engine says which;
    ``terminal.words`` says it to a person."""

    HAND_OVER = "hand-over"
    NOT_YOUR_TURN = "not-your-turn"  # ``seat`` acted while ``to_act`` was to
    NOT_HELD = "not-held"  # the action's card is not in the seat's hand
    MUST_FOLLOW = "must-follow"  # R7: ``suit`` was led; ``bower``, a left bower to point out (R2)
    DEALER_KEEPS_UPCARD = "dealer-keeps-upcard"  # R4: the action's card is the upcard
    NO_TRUMP_HELD = "no-trump-held"  # R17's natural trump: no card of ``suit``, the suit bid
    TURNED_DOWN = "turned-down"  # R5: ``suit``, the upcard's, may not be named now
    DEALER_STUCK = "dealer-stuck"  # R5: the dealer must name a suit
    ALONE_BEFORE_TRUMP = "alone-before-trump"  # R6: going alone is declared once trump is made
    NOBODY_ALONE = "nobody-alone"  # the rules let nobody go alone now (R6)
    NOT_NOW = "not-now"  # an action of another phase


class IllegalAction(EngineError):
    """A well-formed action the rules do not allow now, and why (R16): the ``reason``,
    the ``action`` refused in its ``phase``, the ``legal`` actions, and what the
    reason names (``suit``, ``bower``, ``seat`` and ``to_act``; see ``Refusal``).  Its
    message is the engine's terse line; ``terminal.words.refusal_words`` words it."""

    def __init__(
        self,
        reason: Refusal,
        action: Action,
        phase: Phase,
        legal: Sequence[Action] = (),
        *,
        suit: Suit | None = None,
        bower: Card | None = None,
        seat: int | None = None,
        to_act: int | None = None,
    ) -> None:
        named = {
            "suit": None if suit is None else suit.letter,
            "bower": None if bower is None else bower.code,
            "seat": seat,
            "to act": to_act,
        }
        details = [f"{name} {value}" for name, value in named.items() if value is not None]
        details.append("legal: " + (" ".join(a.text for a in legal) or "nothing"))
        super().__init__(
            f"'{action.text}' refused in phase {phase.value}: {reason.value} ({', '.join(details)})"
        )
        self.reason = reason
        self.action = action
        self.phase = phase
        self.legal = tuple(legal)
        self.suit = suit
        self.bower = bower
        self.seat = seat
        self.to_act = to_act

    def __reduce__(self) -> tuple:
        # built again from its fields: it crosses from worker processes (``simulate``)
        named = {"suit": self.suit, "bower": self.bower, "seat": self.seat, "to_act": self.to_act}
        return partial(IllegalAction, **named), (self.reason, self.action, self.phase, self.legal)


_INTERNED: dict[tuple, Action] = {}


@dataclass(frozen=True, eq=False)
class Action:
    """A decision at the table.  Instances are interned: compare with ``is`` or ``==``.

    ``kind`` is one of ``pass``, ``order``, ``name``, ``alone``, ``pickup``, ``show``,
    ``discard``, ``give``, ``play``; ``name`` carries a suit, ``discard``, ``give`` and
    ``play`` a card.
    """

    kind: str
    suit: Suit | None = None
    card: Card | None = None

    def __new__(cls, kind: str, suit: Suit | None = None, card: Card | None = None) -> Action:
        # Interning makes ``Action("pass") is PASS``: the engine checks actions by
        # identity, so a directly built action must be the same object (R16).
        key = (kind, suit, card)
        action = _INTERNED.get(key)
        if action is None:
            action = _INTERNED[key] = super().__new__(cls)
        return action

    def __post_init__(self) -> None:
        if self.suit is not None:
            object.__setattr__(self, "suit", Suit(self.suit))
        if self.card is not None:
            object.__setattr__(self, "card", Card(self.card))

    @property
    def text(self) -> str:
        if self.suit is not None:
            return f"{self.kind}:{self.suit.letter}"
        if self.card is not None:
            return f"{self.kind}:{self.card.code}"
        return self.kind

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Action({self.text})"

    def __reduce__(self) -> tuple:
        return (Action.parse, (self.text,))

    @staticmethod
    def parse(text: str) -> Action:
        """The action written as ``pass``, ``name:H``, ``play:JH`` (also ``play JH``,
        ``play: JH``)."""
        cleaned = ":".join(text.lower().replace(":", " ", 1).split(None, 1))
        kind, _, argument = cleaned.partition(":")
        try:
            if kind in SIMPLE_ACTIONS and not argument:
                return SIMPLE_ACTIONS[kind]
            if kind == "name" and argument:
                return NAME[Suit.parse(argument)]
            if kind == "play" and argument:
                return PLAY[parse_card(argument)]
            if kind == "discard" and argument:
                return DISCARD[parse_card(argument)]
            if kind == "give" and argument:
                return GIVE[parse_card(argument)]
        except ValueError as error:
            raise InvalidAction(f"'{text}': {error}") from None
        raise InvalidAction(
            f"'{text}' is not an action (use pass, order, name:H, alone, pickup, show, "
            "discard:9C, give:JH or play:JH)"
        )


PASS = Action("pass")
ORDER = Action("order")
ALONE = Action("alone")
PICKUP = Action("pickup")
SHOW = Action("show")  # a weak hand shown (R17)
SIMPLE_ACTIONS = {action.kind: action for action in (PASS, ORDER, ALONE, PICKUP, SHOW)}
NAME = {suit: Action("name", suit=suit) for suit in Suit}
PLAY = [Action("play", card=Card(i)) for i in range(JOKER_INDEX + 1)]
DISCARD = [Action("discard", card=Card(i)) for i in range(JOKER_INDEX + 1)]
GIVE = [Action("give", card=Card(i)) for i in range(JOKER_INDEX + 1)]  # to a lone partner (R13)


@dataclass(frozen=True)
class Trick:
    leader: int
    plays: tuple[tuple[int, Card], ...]  # (seat, card) in the order played
    winner: int


@dataclass(frozen=True)
class View:
    """What one seat may know (the only thing computer players receive).

    Its own cards and discards, the upcard, every bid, whether the dealer took the
    upcard, trump, who went alone or sits out, a weak hand shown, and every card
    played; the cards it passed on or was passed face down, and who else was passed
    one (R13).  Never the other hands, the dummy (until the seat merges it), the kitty
    or others' discards.
    """

    seat: int
    players: int
    dealer: int
    phase: Phase
    hand: tuple[Card, ...]
    upcard: Card
    proposed_suit: Suit
    bids: tuple[tuple[int, Action], ...]
    trump: Suit | None
    maker: int | None
    alone: tuple[int, ...]
    sitting_out: tuple[int, ...]
    dealer_took_upcard: bool | None
    upcard_discardable: bool  # the dealer may discard it too (R12's eleven cards)
    discards: tuple[Card, ...]
    tricks: tuple[Trick, ...]
    current_trick: tuple[tuple[int, Card], ...]
    tricks_won: tuple[int, ...]
    dummy_cards: int
    partner: int | None
    deck: int  # every card of the ruleset's pack, as a bit mask: known to all (R1)
    scores: tuple[int, ...] | None = None  # the game's score per side before this deal
    rules: Ruleset | None = None  # the rules of the game, known to every player
    weak_hand: tuple[int, tuple[Card, ...]] | None = None  # (seat, cards) shown to all (R17)
    given: tuple[Card, ...] = ()  # passed on face down: to the kitty (R17), to a lone partner
    received: tuple[Card, ...] = ()  # taken face down: the kitty's, a partner's, the dummy
    passed_to: tuple[int, ...] = ()  # lone players passed a card by their partner (R13), face down
    dealt: tuple[Card, ...] = ()  # the seat's own cards in the order they were dealt (R3)

    @property
    def led_suit(self) -> Suit | None:
        if not self.current_trick or self.trump is None:
            return None
        return Suit(EFFECTIVE_SUIT[self.trump][self.current_trick[0][1]])


@dataclass(frozen=True)
class HandResult:
    """A finished deal: who made what, and tricks per seat.  ``trump`` is None when
    everybody passed twice and the hand was thrown in (R5)."""

    dealer: int
    trump: Suit | None
    maker: int | None
    makers: tuple[int, ...]
    alone: tuple[int, ...]
    lone_defender: int | None
    tricks: tuple[int, ...]
    outcome: HandOutcome | None  # None for a thrown-in hand
    redeal: bool = False  # thrown in for a weak hand shown: the same dealer deals again (R17)

    @property
    def thrown_in(self) -> bool:
        return self.trump is None
