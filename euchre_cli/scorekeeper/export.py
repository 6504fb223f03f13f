"""A score sheet as CSV, for a spreadsheet (``euchre score export --csv``): one row
per entry with what it scored and each side's running total, game and rubber ends
marked in their own columns.

Names and reasons are written as typed, quoted by the ``csv`` module; one that
begins as a spreadsheet formula begins (= + - @) gets a leading ``'`` so that the
spreadsheet shows it instead of running it (CSV injection).  Numbers are numbers.
Pure: the sheet and its tally are given, the text is returned.
"""

from __future__ import annotations

import csv
import io

from .entries import entry_facts
from .sheet import Sheet
from .tally import Tally

FORMULA_STARTS = ("=", "+", "-", "@")
"""What a spreadsheet takes a cell to be a formula by, at its start."""

Cell = str | int


def as_text(text: str) -> str:
    """``text`` for a cell that a spreadsheet shows and never runs."""
    return f"'{text}" if text.startswith(FORMULA_STARTS) else text


def header(sheet: Sheet) -> list[str]:
    names = sheet.side_names
    return [
        *("entry", "game", "kind", "who", "tricks", "alone", "defender alone", "result"),
        "reason",
        *(as_text(f"{name} points") for name in names),
        *(as_text(f"{name} total") for name in names),
        *("game won by", "rubber won by", "rubber margin"),
    ]


def rows(sheet: Sheet, tally: Tally) -> list[list[Cell]]:
    """Every entry of the sheet, in order, below ``header``'s columns.  ``alone`` is
    the maker's lone hand, or for a renege that it was against a lone hand; the
    result is the scoring table's row ("march", "lone_defender_euchre" ...).  A hand
    thrown in names nobody; a dealer entry names the player who deals next."""
    names = [as_text(name) for name in sheet.side_names]
    table: list[list[Cell]] = []
    for result in tally.results:
        facts = entry_facts(sheet, result.entry)
        what: list[Cell] = [
            as_text(facts.who or ""),
            "" if facts.tricks is None else facts.tricks,
            "" if facts.alone is None else _yes(facts.alone),
            as_text(facts.defender_alone or ""),
        ]
        game = result.ended_game
        rubber = result.decided_rubber
        table.append(
            [
                result.number,
                result.game,
                facts.kind,
                *what,
                result.row or "",
                as_text(facts.reason or ""),
                *result.points,
                *result.totals,
                "" if game is None else names[game.winner],
                "" if rubber is None else names[rubber.winner],
                "" if rubber is None else rubber.margin,
            ]
        )
    return table


def _yes(flag: bool) -> str:
    return "yes" if flag else "no"


def csv_text(sheet: Sheet, tally: Tally) -> str:
    """The whole sheet as CSV, the header first, a line ending each row."""
    text = io.StringIO()
    writer = csv.writer(text, lineterminator="\n")
    writer.writerow(header(sheet))
    writer.writerows(rows(sheet, tally))
    return text.getvalue()
