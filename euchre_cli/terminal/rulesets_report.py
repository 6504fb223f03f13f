"""What ``euchre rules list`` prints: every ruleset with its description."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from .printed import printed_table

if TYPE_CHECKING:
    from ..engine.rules import Ruleset


def rulesets_table(rulesets: Sequence[Ruleset], columns: int | None = None) -> str:
    """``euchre rules list``: descriptions break over lines to fit the terminal."""
    rows = [(r.name, r.players, r.game.points_to_win, r.description) for r in rulesets]
    headers = ["name", "players", "game to", "description"]
    return printed_table(rows, headers, wrap=3, columns=columns)
