"""Computer players: each picks one of the legal actions from what its seat can see.

A player never receives the ``Hand``: only ``View`` (``Hand.view(seat)``) and the
list of legal actions, so a computer player knows exactly what a person at the table
would know.  ``Player`` is the engine's protocol (``engine/play.py``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..engine.play import Player
from ..engine.values import Action, View

__all__ = ["Player", "RandomPlayer"]


class RandomPlayer:
    """Picks uniformly among the legal actions; for tests and benchmarks."""

    def __init__(self, seed: int | str | None = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        return self.rng.choice(legal)
