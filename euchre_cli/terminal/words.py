"""What the program says about the phases of a deal, and why an action is refused.

The engine refuses an action with an ``IllegalAction`` that names the reason
(``Refusal``) and what it is about; ``refusal_words`` says it to a person, the same
at a prompt, in a record imported or resumed, and from the library (R16).
"""

from __future__ import annotations

from collections.abc import Callable

from ..engine.values import Action, IllegalAction, Phase, Refusal
from ..records.game import IllegalMove, RecordError

# actions as a person says them, where the action's name is not already the word
ACTION_WORDS = {"order": "order up", "alone": "go alone", "pickup": "pick up"}


def in_words(action: Action) -> str:
    """An action as a person would say it: "9♠", "pass", "name hearts"."""
    if action.card is not None:
        return action.card.label
    if action.suit is not None:
        return f"{action.kind} {action.suit.title.lower()}"
    return ACTION_WORDS.get(action.kind, action.kind)


_PHASE_WORDS = {
    Phase.BID_UPCARD: "while bidding on the upcard",
    Phase.NAME_TRUMP: "while naming trump",
    Phase.DEALER_NAMES: "while the dealer names trump",
    Phase.MAKER_ALONE: "while the maker decides to go alone",
    Phase.DEFENDER_ALONE: "while the defenders decide to go alone",
    Phase.PICKUP: "while the dealer decides to pick up",
    Phase.DISCARD: "while discarding",
    Phase.WEAK_HAND: "while weak hands may be shown",
    Phase.WEAK_EXCHANGE: "while a weak hand swaps cards with the kitty",
    Phase.CALL_FOR_BEST: "while passing a card to a lone partner",
    Phase.PLAY: "while playing a card",
}


def refusal_words(refused: IllegalAction, words: Callable[[Action], str] = in_words) -> str:
    """Why the engine refused an action, and what is legal, in a person's words (R16):
    "you must follow hearts (legal: 10♥, A♥)".  ``words`` names the legal actions as
    the asker names them (a prompt lists the answers it takes)."""
    reason, action = refused.reason, refused.action
    if reason is Refusal.HAND_OVER:
        return "the hand is over"
    if reason is Refusal.NOT_YOUR_TURN:
        return f"it is seat {refused.to_act}'s turn, not seat {refused.seat}'s"
    legal = f"(legal: {', '.join(words(a) for a in refused.legal)})"
    if reason is Refusal.NOT_HELD:
        return f"you do not hold {action.card.label} {legal}"
    if reason is Refusal.MUST_FOLLOW:
        must = f"you must follow {refused.suit.title.lower()} {legal}"
        bower = refused.bower
        if bower is None:
            return must
        trump = bower.suit.same_colour.title.lower().removesuffix("s")  # R2
        return f"{bower.label} is the left bower, a {trump} this hand: {must}"
    if reason is Refusal.DEALER_KEEPS_UPCARD:
        return f"the dealer keeps the upcard {action.card.label}; discard another card {legal}"
    if reason is Refusal.NO_TRUMP_HELD:
        named = refused.suit.title.lower()
        return f"you hold no {named}, bowers included, and a bid needs one {legal}"
    if reason is Refusal.TURNED_DOWN:
        return f"{refused.suit.title.lower()} was turned down; name another suit {legal}"
    if reason is Refusal.DEALER_STUCK:
        return f"the dealer is stuck and must name a suit {legal}"
    if reason is Refusal.ALONE_BEFORE_TRUMP:
        return (
            f"going alone, where the rules allow it, is declared once trump is made; bid first"
            f" {legal}"
        )
    if reason is Refusal.NOBODY_ALONE:
        return f"nobody may go alone now under these rules {legal}"
    return f"'{action.text}' is not allowed now, {_PHASE_WORDS[refused.phase]} {legal}"


def record_words(error: RecordError) -> str:
    """A record that does not replay, in one line: where, and why (a move the rules
    refuse says why as ``refusal_words`` does)."""
    if isinstance(error, IllegalMove):
        return f"{error.where}: {refusal_words(error.refused)}"
    return str(error)
