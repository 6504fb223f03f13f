"""What ``euchre config list`` prints: each setting in effect and where it comes from."""

from __future__ import annotations

from collections.abc import Sequence

from .printed import printed_table


def settings_table(rows: Sequence[tuple[str, str, str]]) -> str:
    """``config list``: each key, the value in effect and where it comes from."""
    return printed_table(rows, ["key", "value", "from"])
