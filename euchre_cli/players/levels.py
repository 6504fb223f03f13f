"""Computer levels by name: ``easy``, ``medium``, ``hard`` → a player for a seat.

* ``easy``: the rule-based player (``rule_based.py``).
* ``medium``: the rule-based player's bidding and exchanges, and a search over the
  hidden cards for every card played.
* ``hard``: search for every decision (``search/``): bids, going alone, exchanges
  and every card.  Both search levels read the other seats' bids and plays as
  evidence about their hands and, in a game, play for the game (``search/odds.py``).
"""

from __future__ import annotations

from ..engine.rules import Ruleset
from . import Player
from .rule_based import RuleBasedPlayer
from .search import SearchPlayer, SearchSettings

LEVELS = ("easy", "medium", "hard")
DEFAULT_LEVEL = "hard"  # the strongest that meets the speed target (bench/decisions.py)

PRESETS = {
    "medium": SearchSettings(play_samples=24, search_bidding=False),
    "hard": SearchSettings(play_samples=24, bid_samples=24),
}


def make_player(
    level: str, ruleset: Ruleset, seed: int | str | None = 0, think: float | None = None
) -> Player:
    """A computer player of ``level`` for ``ruleset``; ``think`` caps the seconds per
    decision of the search levels."""
    if level == "easy":
        return RuleBasedPlayer(seed)
    if level not in PRESETS:
        raise ValueError(f"unknown level {level!r} (use {', '.join(LEVELS)})")
    return SearchPlayer(ruleset, seed, PRESETS[level], think=think)
