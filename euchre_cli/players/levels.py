"""Computer levels by name: ``easy``, ``medium``, ``hard`` → a player for a seat.

* ``easy``: the rule-based player (``rule_based.py``).
* ``medium``: the rule-based player's bidding and exchanges, and a search over the
  hidden cards for every card played.
* ``hard``: search for every decision (``search/``): bids, going alone, exchanges
  and every card.  Both search levels read the other seats' bids and plays as
  evidence about their hands and, in a game, play for the game (``search/odds.py``).
"""

from __future__ import annotations

from collections.abc import Collection

from ..engine.rules import Ruleset
from . import Player
from .rule_based import RuleBasedPlayer
from .search import SearchPlayer, SearchSettings

LEVELS = ("easy", "medium", "hard")
DEFAULT_LEVEL = "hard"  # the strongest that meets the speed target (bench/decisions.py)
LONGEST_COMPUTER_GAME = 50
"""The highest target computer players play a game to (see ``unplayable_game``)."""

COMPUTER_NAMES = ("Ann", "Bob", "Cy", "Di", "Ed")
"""The computer players' names, given in seat order: one more than the most seats, so
that a person's name may take one."""

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


def computer_names(count: int, taken: Collection[str] = ()) -> list[str]:
    """``count`` names for computer players, leaving out any a person at the table has
    (casefolded: "ann" beside a computer "Ann" would read as one player)."""
    folded = {name.casefold() for name in taken}
    return [name for name in COMPUTER_NAMES if name.casefold() not in folded][:count]


def unplayable_game(ruleset: Ruleset) -> str | None:
    """Why computer players cannot play a whole game under ``ruleset``, or None; the
    scorekeeper keeps such rules all the same (a table decides).

    A game too long: their table of chances (``players/search/odds.py``) grows as
    the target to the power of the sides (Cutthroat to 50: about 3 s, once), and its
    recursion as the target.  A game in which only lone hands score: it may never
    end, since lone hands are rare and lone defences rarer."""
    target = ruleset.game.points_to_win
    if target > LONGEST_COMPUTER_GAME:
        return (
            f"a game to {target} is too long for computer players"
            f" (at most {LONGEST_COMPUTER_GAME}; the scorekeeper keeps any target)"
        )
    scoring = ruleset.scoring
    if not (scoring.make or scoring.march or scoring.euchre):
        return (
            "only lone hands score (make, march and euchre are all 0), so a game against"
            " the computer might never end: give one of them points (the scorekeeper"
            " keeps such rules)"
        )
    return None
