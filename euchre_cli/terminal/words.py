"""What the program says about each phase of a deal, and why an action is refused.

``PHASE_WORDS`` holds, for every ``Phase``, all the words said about it: by a
refusal, the prompts and hints, the table and the review.  A new phase gets its
words here (``tests/test_words.py`` checks that each phase has what it needs).

The engine refuses an action with an ``IllegalAction`` that names the reason
(``Refusal``) and what it is about; ``refusal_words`` says it to a person, the same
at a prompt, in a record imported or resumed, and from the library (R16).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from ..engine.rules import partner
from ..engine.values import ALONE, PASS, PICKUP, SHOW, Action, IllegalAction, Phase, Refusal
from ..records.game import IllegalMove, RecordError

# actions as a person says them, where the action's name is not already the word
ACTION_WORDS = {"order": "order up", "alone": "go alone", "pickup": "pick up"}


def bid_words(seat: int, action: Action, phase: Phase, dealer: int, partnerships: bool) -> str:
    """What a player says when bidding (R4, R5, R15); the words depend on the seat.

    ``{suit}`` stands for the suit named, to be styled by the caller.
    """
    if phase is Phase.DEALER_NAMES:
        return "turns up the joker and names {suit}"
    if action.kind == "name":
        return "names {suit}"
    if action.kind == "pass":
        return "passes"
    if seat == dealer:
        return "picks it up"
    if partnerships and seat == partner(dealer):
        return "assists"
    return "orders it up"


def in_words(action: Action) -> str:
    """An action as a person would say it: "9♠", "pass", "name hearts"."""
    if action.card is not None:
        return action.card.label
    if action.suit is not None:
        return f"{action.kind} {action.suit.title.lower()}"
    return ACTION_WORDS.get(action.kind, action.kind)


@dataclass(frozen=True)
class PhaseWords:
    """Everything the program says about one phase of a deal."""

    going_on: str
    """What is going on, as a refusal says it: "'play:AS' is not allowed now, while
    *the dealer decides to pick up*"; once the hand is over, the refusal itself."""
    about: str = ""
    """What a decision of the phase was about, for the review ("picking up the
    upcard"); a card played says its trick instead."""
    answer: str = ""
    """What to answer, for an answer not understood ("answer y or n")."""
    yes_no: tuple[Action, Action] | None = None
    """What y and n mean, where the question is answered so."""
    choices: Mapping[str, str] = field(default_factory=dict)
    """An action's words, by kind, where this phase changes them ("not go alone")."""
    taken_back: tuple[str, str] | None = None
    """The table's words for a y or an n taken back ("goes alone", "does not go alone")."""
    laid_away: str = ""
    """The verb for cards laid face down, which only their owner sees ("discards")."""


_YES_OR_NO = "answer y or n"
PHASE_WORDS = {
    Phase.WEAK_HAND: PhaseWords(
        going_on="weak hands may be shown",
        about="showing a weak hand",
        answer=_YES_OR_NO,
        yes_no=(SHOW, PASS),
        choices={"pass": "keep your hand", "show": "show your hand"},
        taken_back=("shows a weak hand", "keeps the hand"),
    ),
    Phase.WEAK_EXCHANGE: PhaseWords(
        going_on="a weak hand swaps cards with the kitty",
        about="the weak hand's swap",
        laid_away="swaps",
    ),
    Phase.BID_UPCARD: PhaseWords(
        going_on="bidding on the upcard",
        about="bidding, first round",
        answer="answer order or pass",
    ),
    Phase.NAME_TRUMP: PhaseWords(going_on="naming trump", about="bidding, second round"),
    Phase.DEALER_NAMES: PhaseWords(
        going_on="the dealer names trump", about="naming trump under the joker"
    ),
    Phase.MAKER_ALONE: PhaseWords(
        going_on="the maker decides to go alone",
        about="going alone",
        answer=_YES_OR_NO,
        yes_no=(ALONE, PASS),
        choices={"pass": "not go alone"},
        taken_back=("goes alone", "does not go alone"),
    ),
    Phase.DEFENDER_ALONE: PhaseWords(
        going_on="the defenders decide to go alone",
        about="defending alone",
        answer=_YES_OR_NO,
        yes_no=(ALONE, PASS),
        choices={"pass": "not defend alone", "alone": "defend alone"},
        taken_back=("defends alone", "does not defend alone"),
    ),
    Phase.PICKUP: PhaseWords(
        going_on="the dealer decides to pick up",
        about="picking up the upcard",
        answer=_YES_OR_NO,
        yes_no=(PICKUP, PASS),
        choices={"pass": "leave the upcard"},
        taken_back=("picks up the upcard", "leaves the upcard"),
    ),
    Phase.DISCARD: PhaseWords(going_on="discarding", about="the discard", laid_away="discards"),
    Phase.CALL_FOR_BEST: PhaseWords(
        going_on="passing a card to a lone partner",
        about="the card for your lone partner",
        laid_away="passes",
    ),
    Phase.PLAY: PhaseWords(going_on="playing a card"),
    Phase.OVER: PhaseWords(going_on="the hand is over"),
}
"""Every phase's words (see ``PhaseWords``)."""


REFUSAL_WORDS = {
    Refusal.HAND_OVER: "{going_on}",
    Refusal.NOT_YOUR_TURN: "it is seat {to_act}'s turn, not seat {seat}'s",
    Refusal.NOT_HELD: "you do not hold {card}",
    Refusal.MUST_FOLLOW: "you must follow {suit}",
    Refusal.DEALER_KEEPS_UPCARD: "the dealer keeps the upcard {card}; discard another card",
    Refusal.NO_TRUMP_HELD: "you hold no {suit}, bowers included, and a bid needs one",
    Refusal.TURNED_DOWN: "{suit} was turned down; name another suit",
    Refusal.DEALER_STUCK: "the dealer is stuck and must name a suit",
    Refusal.ALONE_BEFORE_TRUMP: (
        "going alone, where the rules allow it, is declared once trump is made; bid first"
    ),
    Refusal.NOBODY_ALONE: "nobody may go alone now under these rules",
    Refusal.NOT_NOW: "'{action}' is not allowed now, while {going_on}",
}
"""Each reason the engine gives for refusing an action, in words (``refusal_words``
fills in what it names)."""


def refusal_words(refused: IllegalAction, words: Callable[[Action], str] = in_words) -> str:
    """Why the engine refused an action, and what is legal, in a person's words (R16):
    "you must follow hearts (legal: 10♥, A♥)".  ``words`` names the legal actions as
    the asker names them (a prompt lists the answers it takes)."""
    action, suit, bower = refused.action, refused.suit, refused.bower
    said = REFUSAL_WORDS[refused.reason].format(
        action=action.text,
        card="" if action.card is None else action.card.label,
        suit="" if suit is None else suit.title.lower(),
        seat=refused.seat,
        to_act=refused.to_act,
        going_on=PHASE_WORDS[refused.phase].going_on,
    )
    if refused.legal:
        said += f" (legal: {', '.join(words(a) for a in refused.legal)})"
    if bower is not None:  # R2: a left bower is a trump this hand, whatever it shows
        trump = bower.suit.same_colour.title.lower().removesuffix("s")
        said = f"{bower.label} is the left bower, a {trump} this hand: {said}"
    return said


def record_words(error: RecordError) -> str:
    """A record that does not replay, in one line: where, and why (a move the rules
    refuse says why as ``refusal_words`` does)."""
    if isinstance(error, IllegalMove):
        return f"{error.where}: {refusal_words(error.refused)}"
    return str(error)
