"""euchre: Euchre in the terminal, a scorekeeper for real tables, and house rules in YAML.

The engine is usable as a library; this is its public face (README, "Using the
engine as a library")::

    from euchre_cli import Card, Hand, load_ruleset

    ruleset = load_ruleset("standard")
    hand = Hand.dealt(ruleset, dealer=0, hands=[...], upcard=Card.parse("JH"))
"""

from importlib import import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .engine.cards import Card, Suit
    from .engine.game import Game, GameObserver, HandRecord
    from .engine.hand import Hand
    from .engine.match import Match, MatchObserver
    from .engine.play import Player, play_out, shuffled_deck
    from .engine.rules import HAND_SIZE, Ruleset
    from .engine.scoring import HandOutcome, HandScore, score_hand
    from .engine.values import (
        Action,
        EngineError,
        HandResult,
        IllegalAction,
        InvalidAction,
        Phase,
        Refusal,
        Trick,
        View,
    )
    from .rulebook import RulesetError, builtin_names, load_ruleset

# Where each name of the face lives.  They are imported on first use, so that a
# command that needs little of the engine (a score command, typed between hands)
# does not pay for all of it at start-up.
_HOMES = {
    "engine.cards": ("Card", "Suit"),
    "engine.game": ("Game", "GameObserver", "HandRecord"),
    "engine.hand": ("Hand",),
    "engine.match": ("Match", "MatchObserver"),
    "engine.play": ("Player", "play_out", "shuffled_deck"),
    "engine.rules": ("HAND_SIZE", "Ruleset"),
    "engine.scoring": ("HandOutcome", "HandScore", "score_hand"),
    "engine.values": (
        "Action",
        "EngineError",
        "HandResult",
        "IllegalAction",
        "InvalidAction",
        "Phase",
        "Refusal",
        "Trick",
        "View",
    ),
    "rulebook": ("RulesetError", "builtin_names", "load_ruleset"),
}
_HOME_OF = {name: module for module, names in _HOMES.items() for name in names}


def __getattr__(name: str) -> object:
    """A name of the public face, imported from its home on first use."""
    home = _HOME_OF.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f"{__name__}.{home}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_HOME_OF})


__version__ = "0.1.0"

__all__ = [
    "HAND_SIZE",
    "Action",
    "Card",
    "EngineError",
    "Game",
    "GameObserver",
    "Hand",
    "HandOutcome",
    "HandRecord",
    "HandResult",
    "HandScore",
    "IllegalAction",
    "InvalidAction",
    "Match",
    "MatchObserver",
    "Phase",
    "Player",
    "Refusal",
    "Ruleset",
    "RulesetError",
    "Suit",
    "Trick",
    "View",
    "builtin_names",
    "load_ruleset",
    "play_out",
    "score_hand",
    "shuffled_deck",
]
