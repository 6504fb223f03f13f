"""The scorekeeper's book: score sheets kept in an SQLite file.

Each command runs inside one ``Scorebook.transaction()``: a failure or an interrupt
leaves the book exactly as it was, and ``BEGIN IMMEDIATE`` makes two terminals writing
the same sheet take turns instead of losing an entry.  A sheet's ruleset is stored as
a snapshot, so a later change to a house-rules file never rewrites an old sheet.
What the entries add up to is ``sheet.py``'s work.
"""

from __future__ import annotations

import errno
import json
import os
import sqlite3
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, suppress
from typing import TYPE_CHECKING, BinaryIO, NamedTuple

from ..engine.names import check_name
from ..engine.rules import side_name
from ..engine.scoring import TRICKS_IN_HAND, HandOutcome
from ..limits import file_kind, path_problem
from ..rulebook import RulesetError, ruleset_from_dict, ruleset_to_dict
from .sheet import (
    Entry,
    EntryResult,
    ManualPoints,
    Renege,
    Sheet,
    Tally,
    appended,
    replaced,
    tally,
)

if TYPE_CHECKING:
    import datetime

    from ..engine.rules import Ruleset

SCHEMA_VERSION = 4
APPLICATION_ID = 0x45554352  # "EUCR" in the file header: this file is a euchre score book
BUSY_TIMEOUT_SECONDS = 10.0
BOOK_FILE = "scores.sqlite3"  # the book's name in the user's data folder

# _MIGRATIONS[n] upgrades a book from schema version n to n + 1, one statement at a time
# (``executescript`` would commit halfway), all of them in one transaction.  A new book
# runs them all.  Never change a migration a released euchre has run: add one.
_MIGRATIONS: tuple[tuple[str, ...], ...] = (
    (
        """CREATE TABLE sheets (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL UNIQUE,
            ruleset TEXT NOT NULL,  -- JSON snapshot of the resolved ruleset
            sides TEXT NOT NULL,    -- JSON list of each side's player names
            created TEXT NOT NULL
        )""",
        """CREATE TABLE entries (
            sheet_id INTEGER NOT NULL REFERENCES sheets (id),
            number INTEGER NOT NULL,           -- 1, 2, 3 ... in the order of play
            kind TEXT NOT NULL CHECK (kind IN ('hand', 'points')),
            side INTEGER NOT NULL,             -- the makers, or the side given points
            tricks INTEGER CHECK (tricks BETWEEN 0 AND 5),  -- hand: the makers' tricks
            alone INTEGER NOT NULL DEFAULT 0,  -- hand: the maker went alone
            lone_defender INTEGER,             -- hand: the side of a lone defender
            points INTEGER,                    -- points: how many
            reason TEXT NOT NULL DEFAULT '',   -- points: why
            PRIMARY KEY (sheet_id, number)
        )""",
        "CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    ),
    # 1 -> 2: the 'renege' kind (R17), its ``alone`` the renege against a lone hand.
    # SQLite cannot change a CHECK constraint: the table is made again and copied.
    (
        """CREATE TABLE entries_new (
            sheet_id INTEGER NOT NULL REFERENCES sheets (id),
            number INTEGER NOT NULL,           -- 1, 2, 3 ... in the order of play
            kind TEXT NOT NULL CHECK (kind IN ('hand', 'points', 'renege')),
            side INTEGER NOT NULL,             -- the makers, the side given points, the reneger
            tricks INTEGER CHECK (tricks BETWEEN 0 AND 5),  -- hand: the makers' tricks
            alone INTEGER NOT NULL DEFAULT 0,  -- hand: the maker went alone;
                                               -- renege: it was against a lone hand
            lone_defender INTEGER,             -- hand: the side of a lone defender
            points INTEGER,                    -- points: how many
            reason TEXT NOT NULL DEFAULT '',   -- points: why
            PRIMARY KEY (sheet_id, number)
        )""",
        "INSERT INTO entries_new (sheet_id, number, kind, side, tricks, alone, lone_defender,"
        " points, reason) SELECT sheet_id, number, kind, side, tricks, alone, lone_defender,"
        " points, reason FROM entries",
        "DROP TABLE entries",
        "ALTER TABLE entries_new RENAME TO entries",
    ),
    # 2 -> 3: games against the computer, kept move by move (``records/store.py``)
    (
        """CREATE TABLE games (
            id INTEGER PRIMARY KEY,
            started TEXT NOT NULL,        -- local time, YYYY-MM-DD HH:MM:SS
            kind TEXT NOT NULL,           -- four-handed, cutthroat, two-handed
            ruleset_name TEXT NOT NULL,
            ruleset TEXT NOT NULL,        -- JSON snapshot of the resolved ruleset
            seed INTEGER NOT NULL,
            names TEXT NOT NULL,          -- JSON list of names, in the players' order
            person INTEGER,               -- the person's index in names; NULL: watched
            level TEXT NOT NULL,          -- the computer players' level
            think REAL,                   -- seconds per computer decision at most
            games INTEGER,                -- a match of this many games; NULL: rubber or one
            finished INTEGER NOT NULL DEFAULT 0,
            summary TEXT,                 -- JSON: the --json summary as of the last hand
            figures TEXT                  -- JSON: the person's figures (records/stats.py)
        )""",
        """CREATE TABLE moves (
            game_id INTEGER NOT NULL REFERENCES games (id),
            number INTEGER NOT NULL,      -- 1, 2, 3 ... in the order made
            game INTEGER NOT NULL,        -- the game of the match, from 1
            hand INTEGER NOT NULL,        -- the hand of that game, from 1
            step INTEGER NOT NULL,        -- the hand's actions before this one
            seat INTEGER NOT NULL,
            action TEXT NOT NULL,         -- pass, order, name:H, play:JH ...
            taken_back INTEGER NOT NULL DEFAULT 0,  -- undone at the table
            PRIMARY KEY (game_id, number)
        )""",
    ),
    # 3 -> 4: each game's identity, so that an import of a game already kept is refused
    # (``records/store.py``, ``record_digest``); NULL until worked out
    (
        "ALTER TABLE games ADD COLUMN digest TEXT",
        "CREATE INDEX games_by_digest ON games (digest)",
    ),
    # 4 -> 5: a best-of-N match (``euchre play --best-of N``), which stops once decided:
    # best_of is N, the most games it may last; NULL for any other game or match
    ("ALTER TABLE games ADD COLUMN best_of INTEGER",),
)

_CURRENT_SHEET = "current_sheet"
_LAST_SHEET_ID = "last_sheet_id"  # the highest sheet id given out, deleted or not
# Between the names of a team; compiled on first use (re caches it), not at import.


class ScorebookError(Exception):
    """A book the scorekeeper cannot use, or a sheet it does not hold; one line."""


class ScorebookBusy(ScorebookError):
    """Another program holds the book's lock for longer than we wait."""


class NoBook(ScorebookError):
    """No book at the path yet (only a new sheet makes one)."""


class NoCurrentSheet(ScorebookError):
    """The book has no current sheet: none was started, or it was deleted."""


class NoSuchGame(ScorebookError):
    """No game record of the id asked for (or none unfinished, none finished)."""


class NoSuchSheet(ScorebookError):
    """No sheet of the name asked for."""


# --- The SQLite store --------------------------------------------------------------------


class SheetSummary(NamedTuple):
    name: str
    ruleset: str
    sides: tuple[str, ...]
    entries: int
    current: bool


class Scorebook:
    """A score book file.  Open it with ``open_scorebook``; do everything inside
    ``transaction()``."""

    def __init__(self, connection: sqlite3.Connection, path: str) -> None:
        self._db = connection
        self.path = path

    def close(self) -> None:
        self._db.close()

    @contextmanager
    def transaction(self, write: bool = True) -> Iterator[None]:
        """One command's work: committed whole, or (on any exception, Ctrl-C included)
        rolled back whole.  Writers take the lock up front so they queue up."""
        with self._sqlite_errors():
            self._db.execute("BEGIN IMMEDIATE" if write else "BEGIN")
            try:
                yield
            except BaseException:
                if self._db.in_transaction:  # SQLite ends it itself on some errors (a full disk)
                    self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    def execute(self, statement: str, parameters: Sequence[object] = ()) -> sqlite3.Cursor:
        """One statement, inside ``transaction()`` (for the game records' store)."""
        with self._sqlite_errors():
            return self._db.execute(statement, parameters)

    @contextmanager
    def _sqlite_errors(self) -> Iterator[None]:
        """Turn SQLite's failures into one-line messages that name the file."""
        try:
            yield
        except sqlite3.OperationalError as error:
            if "locked" in str(error) or "busy" in str(error):
                raise ScorebookBusy(
                    f"the score book {self.path} is busy (another program is using it); try again"
                ) from None
            if "readonly" in str(error):
                raise ScorebookError(
                    f"the score book {self.path} cannot be written: the file or its folder"
                    " is read-only"
                ) from None
            if "full" in str(error):
                raise ScorebookError(
                    f"the score book {self.path} cannot be written: the disk is full"
                ) from None
            raise ScorebookError(f"cannot use the score book {self.path}: {error}") from None
        except UnicodeEncodeError:  # a name looked up that holds bytes that are not UTF-8
            raise ScorebookError("a name given holds bytes that are not UTF-8 text") from None
        except (sqlite3.DatabaseError, UnicodeDecodeError) as error:
            raise ScorebookError(
                f"{self.path} is damaged or not a euchre score book ({error})"
            ) from None

    # Schema ----------------------------------------------------------------------------

    def _prepare(self, create: bool) -> None:
        """Check the file is a score book this version can read, upgrading its schema
        (``PRAGMA user_version``) when needed; only ``create`` writes a schema into an
        empty file, so that a command that reads never turns a stray file into a book."""
        with self._sqlite_errors():
            version, application = self._header()
            if (version, application) == (SCHEMA_VERSION, APPLICATION_ID):
                return
            self._refuse_unreadable(version, application)
            if application == 0 and not create:
                raise NoBook(f"{self.path} is empty, not a euchre score book")
        with self.transaction():
            version, application = self._header()  # another process may have upgraded it
            self._refuse_unreadable(version, application)
            for migration in _MIGRATIONS[version:]:
                for statement in migration:
                    self._db.execute(statement)
            self._db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            self._db.execute(f"PRAGMA application_id = {APPLICATION_ID}")

    def _header(self) -> tuple[int, int]:
        row = self._db.execute(
            "SELECT user_version, application_id FROM pragma_user_version, pragma_application_id"
        ).fetchone()
        return row[0], row[1]

    def _refuse_unreadable(self, version: int, application: int) -> None:
        if application not in (0, APPLICATION_ID) or (
            application == 0
            and (version or self._db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0])
        ):
            raise ScorebookError(f"{self.path} is an SQLite database, but not a euchre score book")
        if version > SCHEMA_VERSION:
            raise ScorebookError(
                f"{self.path} was written by a newer euchre (score book version {version}; "
                f"this one reads up to {SCHEMA_VERSION}): upgrade euchre to use it"
            )

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
        self._db.execute(
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
        deleted last one, and ``keep``, which holds a sheet across commands, would
        then take a sheet deleted and started again elsewhere for the one it keeps."""
        (highest,) = self._db.execute(
            "SELECT max(coalesce((SELECT max(id) FROM sheets), 0),"
            " coalesce((SELECT CAST(value AS INTEGER) FROM settings WHERE key = ?), 0))",
            (_LAST_SHEET_ID,),
        ).fetchone()
        self._db.execute(
            "INSERT OR REPLACE INTO settings (key, value) VALUES (?, ?)",
            (_LAST_SHEET_ID, highest + 1),
        )
        return highest + 1

    def _free_name(self, day: datetime.date) -> str:
        today = day.isoformat()
        taken = {row[0] for row in self._db.execute("SELECT name FROM sheets")}
        return next(
            name
            for name in (today, *(f"{today}-{n}" for n in range(2, len(taken) + 3)))
            if name not in taken
        )

    def sheet(self, name: str | None = None) -> Sheet:
        """The sheet called ``name``, or the current sheet."""
        if name is None:
            row = self._db.execute(
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
        ``_new_sheet_id``), since it was read (``keep`` holds a sheet across many
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
        return self._db.execute(
            "SELECT id, name, ruleset, sides FROM sheets WHERE name = ?", (name,)
        ).fetchone()

    def use(self, name: str) -> Sheet:
        sheet = self.sheet(name)
        self._set_current(sheet.id)
        return sheet

    def _set_current(self, sheet_id: int) -> None:
        self._db.execute(
            "INSERT OR REPLACE INTO settings (key, value) VALUES (?, ?)", (_CURRENT_SHEET, sheet_id)
        )

    def delete(self, name: str) -> None:
        sheet = self.sheet(name)
        self._db.execute("DELETE FROM entries WHERE sheet_id = ?", (sheet.id,))
        self._db.execute("DELETE FROM sheets WHERE id = ?", (sheet.id,))
        self._db.execute(
            "DELETE FROM settings WHERE key = ? AND value = ?", (_CURRENT_SHEET, sheet.id)
        )

    def summaries(self) -> list[SheetSummary]:
        current = self._db.execute(
            "SELECT value FROM settings WHERE key = ?", (_CURRENT_SHEET,)
        ).fetchone()
        rows = self._db.execute(
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
        rows = self._db.execute(
            "SELECT kind, side, tricks, alone, lone_defender, points, reason FROM entries"
            " WHERE sheet_id = ? ORDER BY number",
            (sheet.id,),
        )
        try:
            return [_entry_from_row(row, len(sheet.sides)) for row in rows]
        except (ValueError, TypeError) as error:
            raise ScorebookError(f"sheet {sheet.name} is damaged: {error}") from None

    def tally(self, sheet: Sheet) -> Tally:
        return tally(sheet.ruleset, self.entries(sheet))

    def add(self, sheet: Sheet, entry: Entry) -> Tally:
        """Append an entry, unless the sheet's rubber is already over."""
        _check_fits(sheet, entry)
        entries = self.entries(sheet)
        after = appended(sheet, entries, entry)
        self._db.execute(
            "INSERT INTO entries (sheet_id, number, kind, side, tricks, alone, lone_defender,"
            " points, reason) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (sheet.id, len(entries) + 1, *_row_from_entry(entry)),
        )
        return after

    def replace(self, sheet: Sheet, number: int, entry: Entry) -> Tally:
        """Put ``entry`` in place of entry ``number``; everything after it is rescored."""
        _check_fits(sheet, entry)
        after = replaced(sheet, self.entries(sheet), number, entry)
        self._db.execute(
            "UPDATE entries SET kind = ?, side = ?, tricks = ?, alone = ?, lone_defender = ?,"
            " points = ?, reason = ? WHERE sheet_id = ? AND number = ?",
            (*_row_from_entry(entry), sheet.id, number),
        )
        return after

    def undo(self, sheet: Sheet) -> EntryResult:
        """Remove the last entry and return it as it was scored."""
        results = self.tally(sheet).results
        if not results:
            raise ScorebookError(f"nothing to undo: sheet {sheet.name} is empty")
        self._db.execute(
            "DELETE FROM entries WHERE sheet_id = ? AND number = ?", (sheet.id, len(results))
        )
        return results[-1]


def _check_fits(sheet: Sheet, entry: Entry) -> None:
    """Refuse an entry built for another sheet: one naming a side this sheet lacks
    would be stored, and then the sheet could not be read again."""
    try:
        _entry_from_row(_row_from_entry(entry), len(sheet.sides))
    except ValueError as error:
        raise ScorebookError(f"not an entry for sheet {sheet.name}: {error}") from None


def _row_from_entry(entry: Entry) -> tuple:
    """(kind, side, tricks, alone, lone_defender, points, reason)."""
    if isinstance(entry, ManualPoints):
        return ("points", entry.side, None, 0, None, entry.points, entry.reason)
    if isinstance(entry, Renege):
        return ("renege", entry.side, None, int(entry.alone), None, None, "")
    return (
        "hand",
        entry.maker_side,
        entry.maker_tricks,
        int(entry.maker_alone),
        entry.lone_defender_side,
        None,
        "",
    )


def _entry_from_row(row: tuple, side_count: int) -> Entry:
    kind, side, tricks, alone, lone_defender, points, reason = row
    if side not in range(side_count) or lone_defender not in (None, *range(side_count)):
        raise ValueError("an entry names a side the sheet does not have")
    if kind == "points" and type(points) is int:
        return ManualPoints(side, points, reason)
    if kind == "renege" and tricks is None and points is None and alone in (0, 1):
        return Renege(side, bool(alone))
    if kind == "hand" and type(tricks) is int and 0 <= tricks <= TRICKS_IN_HAND and alone in (0, 1):
        return HandOutcome(side, tricks, bool(alone), lone_defender)
    raise ValueError(f"an entry of kind {kind!r} has no sensible tricks, points or alone")


def _file_in_the_way(folder: str) -> str | None:
    """The file (not folder) that a path to ``folder`` runs into, if one does."""
    blocker = folder
    while blocker and not os.path.exists(blocker):
        blocker = os.path.dirname(blocker)
    return blocker if blocker and not os.path.isdir(blocker) else None


def _make_folder(folder: str, path: str) -> None:
    """The folder a new score book goes in, with every missing folder above it (a
    file in the way was refused by ``check_book_path``)."""
    try:
        os.makedirs(folder, exist_ok=True)
    except OSError as error:
        reason = error.strerror or str(error)
        raise ScorebookError(f"cannot make a folder for the score book {path}: {reason}") from None


def check_book_path(path: str) -> None:
    """Refuse a path that could never hold a score book: a folder, or one that runs
    into a file where a folder should be."""
    if os.path.isdir(path) or path.endswith((os.sep, "/")):
        example = os.path.join(path, BOOK_FILE)
        names = "is" if os.path.isdir(path) else "names"  # newdir/ names one, made or not
        raise ScorebookError(f"{path} {names} a folder: the score book is a file, like {example}")
    blocker = _file_in_the_way(os.path.dirname(path))
    if blocker:
        raise ScorebookError(f"cannot use the score book {path}: {blocker} is a file, not a folder")


def book_exists(path: str) -> bool:
    """Whether there is a book at ``path``.  One the user may not read is refused, not
    taken for "no book yet" (which would hide the sheets and offer to start afresh),
    and so is a path that cannot be one: too long, or a device, a FIFO or a socket."""
    try:
        mode = os.stat(path).st_mode
    except (FileNotFoundError, NotADirectoryError):
        return False
    except PermissionError:  # a folder on the way that the user cannot open
        raise ScorebookError(
            f"cannot read the score book {path}: permission denied on a folder above it"
        ) from None
    except OSError as error:
        raise ScorebookError(f"cannot use the score book {path}: {path_problem(error)}") from None
    except ValueError:  # a NUL byte, which a settings value or a test can hold
        raise ScorebookError(f"cannot use the score book {path}: it holds a NUL byte") from None
    kind = file_kind(mode)
    if kind:
        raise ScorebookError(f"cannot use the score book {path}: it is {kind}, not a file")
    if not os.access(path, os.R_OK):
        raise ScorebookError(f"cannot read the score book {path}: permission denied")
    return True


def move_book(old: str, new: str) -> None:
    """Move the book at ``old`` to ``new``, where there is none: renamed within one
    file system; across two, copied, flushed to the disk and renamed into place before
    the old one is removed.  Any failure (a transaction of another program's still
    open in it, say) leaves the book at ``old`` and raises ``ScorebookError``, saying
    why in words that follow "the book stays at OLD"."""
    for leftover in (f"{old}-journal", f"{old}-wal"):
        if os.path.lexists(leftover):
            raise ScorebookError(f"another program is writing it ({leftover} is beside it)")
    folder = os.path.dirname(new) or "."
    try:
        os.makedirs(folder, exist_ok=True)
        try:
            os.rename(old, new)
        except OSError as error:
            if error.errno != errno.EXDEV:  # not another file system
                raise
            _copy_into_place(old, new)
            with suppress(OSError):  # the book is in its new place: a stale copy is left
                os.remove(old)
        _flush_folder(folder)
    except FileNotFoundError:
        if not os.path.lexists(new):  # else moved by another euchre at the same moment
            raise ScorebookError("it has gone from there") from None
    except OSError as error:
        reason = error.strerror or str(error)
        raise ScorebookError(f"cannot move it to {new}: {reason}") from None


def _copy_into_place(old: str, new: str) -> None:
    """``old`` copied to ``new`` whole or not at all (``write_whole``)."""
    import shutil  # only for a move across file systems

    with open(old, "rb") as source:
        write_whole(new, lambda copy: shutil.copyfileobj(source, copy), ".scores-")


def write_whole(path: str, write: Callable[[BinaryIO], object], prefix: str) -> None:
    """The file at ``path`` written by ``write`` whole or not at all: into a temporary
    file beside it (named from ``prefix``), flushed to the disk, then renamed over it,
    so that a crash or a full disk leaves the old file or the new one, never half."""
    import tempfile  # only for the few commands that write a whole file

    descriptor, temporary = tempfile.mkstemp(prefix=prefix, dir=os.path.dirname(path) or ".")
    try:
        with os.fdopen(descriptor, "wb") as file:
            write(file)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, path)
    except BaseException:
        with suppress(OSError):
            os.unlink(temporary)
        raise


def _flush_folder(folder: str) -> None:
    """A folder's entries on the disk (a rename into it kept through a power cut)."""
    with suppress(OSError):  # a folder that cannot be opened so (Windows): the OS's word
        descriptor = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(descriptor)
        finally:
            os.close(descriptor)


def open_scorebook(path: str | os.PathLike[str], create: bool = False) -> Scorebook:
    """Open the score book at ``path``; only ``create`` makes a new file (and its folder)."""
    path = os.fspath(path)
    check_book_path(path)
    if not book_exists(path):
        if not create:
            raise NoBook(f"no score sheets yet (no book at {path})")
        _make_folder(os.path.dirname(path) or ".", path)
    try:
        connection = sqlite3.connect(path, isolation_level=None, timeout=BUSY_TIMEOUT_SECONDS)
    except sqlite3.Error as error:
        raise ScorebookError(f"cannot open the score book {path}: {error}") from None
    book = Scorebook(connection, path)
    try:
        book._prepare(create)
    except BaseException:
        book.close()
        raise
    return book
