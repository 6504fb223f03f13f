"""A report's printed table: rows under their headers in columns as wide as their
widest line, every cell ``escaped`` (names and descriptions come from files and the
book), the text of one column broken over lines where the table is wider than the
terminal.  Each report of ``euchre score``, ``games``, ``stats``, ``rules list`` and
``config list`` prints its tables through ``printed_table``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .text import escaped


def printed_table(
    rows: Sequence[Sequence[Any]],
    headers: Sequence[str],
    wrap: int | None = None,
    columns: int | None = None,
) -> str:
    """A plain table, its cells ``escaped`` (names and descriptions come from files
    and the book); where it is wider than ``columns``, the text of column ``wrap`` is
    broken over several lines to fit (down to 24 columns of it)."""
    rows = [[escaped(str(cell)) for cell in row] for row in rows]
    headers = [escaped(header, newlines=True) for header in headers]  # "Alone\nmade"
    text = _drawn(rows, headers)
    if wrap is None or columns is None:
        return text
    excess = max(map(len, text.splitlines())) - columns
    if excess > 0:
        import textwrap  # only on a narrow terminal

        width = max(24, max(len(str(row[wrap])) for row in rows) - excess)
        rows = [
            [*row[:wrap], "\n".join(textwrap.wrap(str(row[wrap]), width)), *row[wrap + 1 :]]
            for row in rows
        ]
        text = _drawn(rows, headers)
    return text


def _drawn(rows: Sequence[Sequence[Any]], headers: Sequence[str]) -> str:
    """The layout of tabulate's "simple" tables, left-aligned, with every column as
    wide as its widest line, title included, and no wider: tabulate adds two spaces to
    each title, and only a module-wide setting of its takes them off.  A cell may
    hold several lines; lines end without trailing spaces."""
    cells = [[str(cell).split("\n") for cell in row] for row in (headers, *rows)]
    widths = [max(len(line) for row in cells for line in row[i]) for i in range(len(headers))]

    def lines(row: list[list[str]]) -> list[str]:
        height = max(len(cell) for cell in row)
        return [
            "  ".join(
                (cell[k] if k < len(cell) else "").ljust(width) for cell, width in zip(row, widths)
            ).rstrip()
            for k in range(height)
        ]

    title, *body = cells
    rule = "  ".join("-" * width for width in widths)
    return "\n".join([*lines(title), rule, *(line for row in body for line in lines(row))])
