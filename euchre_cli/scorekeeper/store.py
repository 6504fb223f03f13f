"""The score sheets in the book (``book.py``): the ``sheets`` and ``entries`` tables, and
the scorekeeper's keys in ``settings``.

Each command runs inside one ``Book.transaction()``, and a sheet's ruleset is stored as
a snapshot, so a later change to a house-rules file never rewrites an old sheet.  What
the entries add up to is ``tally.py``'s work.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, NamedTuple

from ..book import Book, BookError
from ..engine.names import check_name
from ..engine.rules import side_name
from ..limits import LARGEST_WHOLE_NUMBER
from ..rulebook import RulesetError, ruleset_from_dict, ruleset_to_dict
from .entries import Entry, Row, entry_from_row, kind_of
from .sheet import Sheet
from .tally import EntryResult, Tally, appended, replaced, tally

if TYPE_CHECKING:
    import datetime

    from ..engine.rules import Ruleset

_CURRENT_SHEET = "current_sheet"
_LAST_SHEET_ID = "last_sheet_id"  # the highest sheet id given out, deleted or not


class ScorebookError(BookError):
    """A sheet the book does not hold or cannot take, or one damaged in it; one line."""


class NoCurrentSheet(ScorebookError):
    """The book has no current sheet: none was started, or it was deleted."""

    next_step = ": start one with 'euchre score new' or pick one with 'euchre score use NAME'"


class NoSuchSheet(ScorebookError):
    """No sheet of the name asked for."""

    next_step = " (see 'euchre score list')"


class SheetSummary(NamedTuple):
    name: str
    ruleset: str
    sides: tuple[str, ...]
    entries: int
    current: bool


class Scorebook:
    """The score sheets of an open book, and their entries: every method runs inside
    the book's ``transaction()``."""

    def __init__(self, book: Book) -> None:
        self.book = book

    # Sheets ----------------------------------------------------------------------------

    def new_sheet(
        self, name: str | None, ruleset: Ruleset, sides: tuple[tuple[str, ...], ...]
    ) -> Sheet:
        """Start a sheet (named after today's date unless named) and make it current."""
        import datetime  # only new sheets need it

        now = datetime.datetime.now()
        name = check_name(name, "sheet name") if name is not None else self._free_name(now.date())
        if name.startswith("-"):
            raise ScorebookError(f"'{name}' is not a usable sheet name")
        if self._sheet_row(name) is not None:
            raise ScorebookError(f"there is already a sheet called '{name}'")
        sheet_id = self._new_sheet_id()
        self.book.execute(
            "INSERT INTO sheets (id, name, ruleset, sides, created) VALUES (?, ?, ?, ?, ?)",
            (
                sheet_id,
                name,
                json.dumps(ruleset_to_dict(ruleset)),
                json.dumps(sides),
                now.isoformat(timespec="seconds"),
            ),
        )
        self._set_current(sheet_id)
        return self.sheet(name)

    def _new_sheet_id(self) -> int:
        """An id no sheet of this book has had: SQLite gives a new row the id of a
        deleted last one, and ``score keep``, which holds a sheet across commands, would
        then take a sheet deleted and started again elsewhere for the one it keeps."""
        (highest,) = self.book.execute(
            "SELECT max(coalesce((SELECT max(id) FROM sheets), 0),"
            " coalesce((SELECT CAST(value AS INTEGER) FROM settings WHERE key = ?), 0))",
            (_LAST_SHEET_ID,),
        ).fetchone()
        if highest >= LARGEST_WHOLE_NUMBER:  # only a book edited by hand gets here
            raise ScorebookError(
                f"the book is damaged: it has given out sheet id {highest}, the last it"
                " can hold, so a new sheet has none left (start a new book with --db FILE)"
            )
        self.book.execute(
            "INSERT OR REPLACE INTO settings (key, value) VALUES (?, ?)",
            (_LAST_SHEET_ID, highest + 1),
        )
        return highest + 1

    def _free_name(self, day: datetime.date) -> str:
        today = day.isoformat()
        taken = {row[0] for row in self.book.execute("SELECT name FROM sheets")}
        return next(
            name
            for name in (today, *(f"{today}-{n}" for n in range(2, len(taken) + 3)))
            if name not in taken
        )

    def sheet(self, name: str | None = None) -> Sheet:
        """The sheet called ``name``, or the current sheet."""
        if name is None:
            row = self.book.execute(
                "SELECT s.id, s.name, s.ruleset, s.sides FROM sheets s"
                " JOIN settings ON key = ? AND CAST(value AS INTEGER) = s.id",
                (_CURRENT_SHEET,),
            ).fetchone()
            if row is None:
                raise NoCurrentSheet("no current score sheet")
        else:
            row = self._sheet_row(name)
            if row is None:
                raise NoSuchSheet(f"no sheet called '{name}'")
        sheet_id, sheet_name, snapshot, sides = row
        try:
            snapshot = json.loads(snapshot)
            ruleset = ruleset_from_dict(snapshot, source=f"sheet {sheet_name}", kept=True)
            players = tuple(tuple(side) for side in json.loads(sides))
        except (ValueError, TypeError, RulesetError) as error:
            raise ScorebookError(f"sheet {sheet_name} is damaged: {error}") from None
        return Sheet(sheet_id, sheet_name, ruleset, players)

    def refresh(self, kept: Sheet) -> Sheet:
        """``kept``, checked against the book now: refused if another command deleted
        it, or deleted it and started another sheet under its name (with a new id, see
        ``_new_sheet_id``), since it was read (``score keep`` holds a sheet across many
        commands)."""
        if self._sheet_row(kept.name) is None:
            raise ScorebookError(f"sheet {kept.name} has been deleted (by another command)")
        if self.sheet(kept.name) != kept:  # read again whole: the ruleset and sides too
            raise ScorebookError(
                f"sheet {kept.name} has been replaced by another sheet of that name"
                " (by another command): start again to keep it"
            )
        return kept

    def _sheet_row(self, name: str) -> tuple | None:
        return self.book.execute(
            "SELECT id, name, ruleset, sides FROM sheets WHERE name = ?", (name,)
        ).fetchone()

    def use(self, name: str) -> Sheet:
        sheet = self.sheet(name)
        self._set_current(sheet.id)
        return sheet

    def _set_current(self, sheet_id: int) -> None:
        self.book.execute(
            "INSERT OR REPLACE INTO settings (key, value) VALUES (?, ?)", (_CURRENT_SHEET, sheet_id)
        )

    def delete(self, name: str) -> None:
        sheet = self.sheet(name)
        self.book.execute("DELETE FROM entries WHERE sheet_id = ?", (sheet.id,))
        self.book.execute("DELETE FROM sheets WHERE id = ?", (sheet.id,))
        self.book.execute(
            "DELETE FROM settings WHERE key = ? AND value = ?", (_CURRENT_SHEET, sheet.id)
        )

    def table_code(self, sheet: Sheet) -> str | None:
        """The code ``score serve`` last served ``sheet`` with (None: never served)."""
        query = "SELECT table_code FROM sheets WHERE id = ?"
        (code,) = self.book.execute(query, (sheet.id,)).fetchone()
        return code

    def keep_table_code(self, sheet: Sheet, code: str) -> None:
        """``code`` as the one ``sheet`` is served with, the next time too."""
        self.book.execute("UPDATE sheets SET table_code = ? WHERE id = ?", (code, sheet.id))

    def summaries(self) -> list[SheetSummary]:
        current = self.book.execute(
            "SELECT value FROM settings WHERE key = ?", (_CURRENT_SHEET,)
        ).fetchone()
        rows = self.book.execute(
            "SELECT s.id, s.name, s.ruleset, s.sides,"
            " (SELECT count(*) FROM entries e WHERE e.sheet_id = s.id)"
            " FROM sheets s ORDER BY s.created, s.id"
        )
        summaries = []
        for sheet_id, name, snapshot, sides, entries in rows:
            try:
                ruleset_name = str(json.loads(snapshot)["name"])
                side_names = tuple(side_name(side) for side in json.loads(sides))
            except (ValueError, TypeError, KeyError) as error:
                raise ScorebookError(f"sheet {name} is damaged: {error}") from None
            is_current = current is not None and str(sheet_id) == current[0]
            summaries.append(SheetSummary(name, ruleset_name, side_names, entries, is_current))
        return summaries

    # Entries ---------------------------------------------------------------------------

    def entries(self, sheet: Sheet) -> list[Entry]:
        rows = self.book.execute(
            f"SELECT {_COLUMNS} FROM entries WHERE sheet_id = ? ORDER BY number", (sheet.id,)
        )
        try:
            return [entry_from_row(sheet, Row(*row)) for row in rows]
        except (ValueError, TypeError) as error:
            raise ScorebookError(f"sheet {sheet.name} is damaged: {error}") from None

    def tally(self, sheet: Sheet) -> Tally:
        return tally(sheet.ruleset, self.entries(sheet))

    def add(self, sheet: Sheet, entry: Entry) -> Tally:
        """Append an entry, unless the sheet's rubber is already over."""
        _check_fits(sheet, entry)
        entries = self.entries(sheet)
        after = appended(sheet, entries, entry)
        self.book.execute(
            f"INSERT INTO entries (sheet_id, number, {_COLUMNS})"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (sheet.id, len(entries) + 1, *kind_of(entry).row(entry)),
        )
        return after

    def replace(self, sheet: Sheet, number: int, entry: Entry) -> Tally:
        """Put ``entry`` in place of entry ``number``; everything after it is rescored."""
        _check_fits(sheet, entry)
        after = replaced(sheet, self.entries(sheet), number, entry)
        self.book.execute(
            "UPDATE entries SET kind = ?, side = ?, seat = ?, tricks = ?, alone = ?,"
            " lone_defender = ?, points = ?, reason = ? WHERE sheet_id = ? AND number = ?",
            (*kind_of(entry).row(entry), sheet.id, number),
        )
        return after

    def undo(self, sheet: Sheet) -> EntryResult:
        """Remove the last entry and return it as it was scored."""
        results = self.tally(sheet).results
        if not results:
            raise ScorebookError(f"nothing to undo: sheet {sheet.name} is empty")
        self.book.execute(
            "DELETE FROM entries WHERE sheet_id = ? AND number = ?", (sheet.id, len(results))
        )
        return results[-1]


def _check_fits(sheet: Sheet, entry: Entry) -> None:
    """Refuse an entry built for another sheet: one naming a side this sheet lacks
    would be stored, and then the sheet could not be read again."""
    try:
        entry_from_row(sheet, kind_of(entry).row(entry))
    except ValueError as error:
        raise ScorebookError(f"not an entry for sheet {sheet.name}: {error}") from None


_COLUMNS = ", ".join(Row._fields)  # an entry's columns in the ``entries`` table
