"""euchre: Euchre in the terminal, a scorekeeper for real tables, and house rules in YAML.

The engine is usable as a library; this is its public face (README, "Using the
engine as a library")::

    from euchre_cli import Card, Hand, load_ruleset

    ruleset = load_ruleset("standard")
    hand = Hand.dealt(ruleset, dealer=0, hands=[...], upcard=Card.parse("JH"))
"""

from .engine.cards import Card, Suit
from .engine.game import Game, GameObserver, HandRecord
from .engine.hand import (
    Action,
    EngineError,
    Hand,
    HandResult,
    IllegalAction,
    InvalidAction,
    Phase,
    Trick,
    View,
)
from .engine.match import Match, MatchObserver
from .engine.play import Player, play_out, shuffled_deck
from .engine.rules import HAND_SIZE, Ruleset
from .engine.scoring import HandOutcome, HandScore, score_hand
from .rulebook import RulesetError, builtin_names, load_ruleset

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
