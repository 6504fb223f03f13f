"""Search-based computer players (``medium`` and ``hard``); see ``player.py``."""

from .player import Analysis, SearchPlayer, SearchSettings
from .solver import PlaySolver

__all__ = ["Analysis", "PlaySolver", "SearchPlayer", "SearchSettings"]
