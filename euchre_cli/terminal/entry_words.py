"""Each kind of entry on a score sheet in words, in one table: ``ENTRY_WORDS``, keyed as
``scorekeeper.entries.ENTRY_KINDS`` is (``tests/test_entry_words.py`` fails for a kind
without its words).  What ``score hand``, ``undo``, ``edit``, ``history``, ``keep``
and the history's JSON say of an entry comes from here.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import attrgetter
from typing import TYPE_CHECKING, Any, NamedTuple

from ..engine.scoring import TRICKS_TO_MAKE
from ..scorekeeper.document import SheetWords
from ..scorekeeper.entries import Entry, kind_of
from .markers import no_scheme_note
from .wording import names_the_lone_defender, plural, row_words

if TYPE_CHECKING:
    from ..scorekeeper.sheet import Sheet
    from ..scorekeeper.tally import EntryResult

THROWN_IN = "Thrown in (nobody made trump)"  # R5


class EntryWords(NamedTuple):
    """What is said of one kind of entry: ``text``, the entry in words
    (``text(sheet, result)``); ``subject``, the side it is about, where what each side
    scored is said after it ("+2", by name where other sides scored); and
    ``with_scores`` False for an entry that changes no score, said without them."""

    text: Callable[[Sheet, EntryResult], str]
    subject: Callable[[Any], int] | None = None
    with_scores: bool = True


def _hand_text(sheet: Sheet, result: EntryResult) -> str:
    """ "Ann & Bob marched alone (5 tricks)", "Cy got euchred by Di alone (2 tricks)"."""
    names = sheet.side_names
    hand = result.entry
    detail = plural(hand.maker_tricks, "trick")
    if hand.maker_alone and hand.maker_tricks < TRICKS_TO_MAKE:  # made: the words say alone
        detail += "; the maker went alone"
    defender = hand.lone_defender_side
    named = defender is not None and len(names) > 2  # which of the defenders it was
    described = row_words(result.row, f"{names[defender]} alone" if named else "a lone defender")
    if defender is not None and not names_the_lone_defender(result.row):
        detail += f"; {names[defender]} defended alone" if named else "; against a lone defender"
    return f"{names[hand.maker_side]} {described} ({detail})"


def _points_text(sheet: Sheet, result: EntryResult) -> str:
    """Points given outside the scoring table: "Cy & Di -2 points (house rule)"."""
    given = result.entry
    reason = f" ({given.reason})" if given.reason else ""
    points = "point" if abs(given.points) == 1 else "points"
    return f"{sheet.side_names[given.side]} {given.points:+d} {points}{reason}"


ENTRY_WORDS: dict[str, EntryWords] = {
    "hand": EntryWords(_hand_text, subject=attrgetter("maker_side")),
    "points": EntryWords(_points_text, subject=attrgetter("side")),
    "renege": EntryWords(  # "Cy & Di reneged against a lone hand"
        lambda sheet, result: f"{sheet.side_names[result.entry.side]} {row_words(result.row)}",
        subject=attrgetter("side"),
    ),
    "thrown_in": EntryWords(lambda sheet, result: THROWN_IN),
    "dealer": EntryWords(
        lambda sheet, result: f"{sheet.seating[result.entry.seat]} to deal", with_scores=False
    ),
}


def words_for(entry: Entry) -> EntryWords:
    return ENTRY_WORDS[kind_of(entry).name]


def entry_text(sheet: Sheet, result: EntryResult) -> str:
    """What an entry recorded, in words: "Ann & Bob marched alone (5 tricks)", "Cy & Di
    reneged against a lone hand", "Thrown in (nobody made trump)", "Ann to deal", or
    for points given outside the scoring table "Cy & Di -2 points (house rule)"."""
    return words_for(result.entry).text(sheet, result)


SHEET_WORDS = SheetWords(entry=entry_text, marker_note=no_scheme_note)
"""The words a sheet's JSON carries: the terminal's, so a page says what ``score
show`` and ``score history`` say."""
