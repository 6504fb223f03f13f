"""The book: the one SQLite file that holds the score sheets (``scorekeeper/store.py``)
and the games kept (``records/store.py``).

This module owns the file itself: where it may be (``check_book_path``, ``book_exists``,
``move_book``), opening it (``open_book``), the transaction each command runs in, the
one-line errors SQLite's failures become (``BookError`` and its kinds), the header
that says it is a euchre book of some version, and the migrations of every table.
The two stores keep their own queries on top of an open ``Book``.

Each command runs inside one ``Book.transaction()``: a failure or an interrupt leaves
the book exactly as it was, and ``BEGIN IMMEDIATE`` makes two terminals writing the
same book take turns instead of losing an entry.
"""

from __future__ import annotations

import errno
import os
import sqlite3
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, suppress
from typing import BinaryIO, NamedTuple

from .limits import file_kind, path_problem
from .refusals import Refusal

APPLICATION_ID = 0x45554352  # "EUCR" in the file header: this file is a euchre score book
BUSY_TIMEOUT_SECONDS = 10.0
BOOK_FILE = "scores.sqlite3"  # the book's name in the user's data folder
# Set to 1 for books nobody keeps (the tests' own): a commit is handed to the operating
# system but not waited for on the disk.  A killed process still loses nothing; a power
# cut may lose the last moves.  The tests' games commit every move, and on a busy disk
# the waits were most of the suite's time.
NO_SYNC = "EUCHRE_NO_SYNC"
SQLITE_HEADER = b"SQLite format 3\x00"  # how every SQLite database file begins


class Unless(NamedTuple):
    """A migration's ``statement``, run only where ``query`` finds no row: for a
    version that books were written at with and without it (see 4 -> 5)."""

    query: str
    statement: str


# After an ``entries_new`` table is made: the entries copied into it, and it put in the
# place of ``entries`` (SQLite cannot change a CHECK constraint: the table is made again).
_ENTRIES_MADE_AGAIN = (
    "INSERT INTO entries_new (sheet_id, number, kind, side, tricks, alone, lone_defender,"
    " points, reason) SELECT sheet_id, number, kind, side, tricks, alone, lone_defender,"
    " points, reason FROM entries",
    "DROP TABLE entries",
    "ALTER TABLE entries_new RENAME TO entries",
)

# Every column of the games table since version 5, for a migration that makes it again.
_GAME_COLUMNS = (
    "id, started, kind, ruleset_name, ruleset, seed, names, person, level, think, games,"
    " finished, summary, figures, digest, best_of"
)

# _MIGRATIONS[n] upgrades a book from schema version n to n + 1, one statement at a time
# (``executescript`` would commit halfway), all of them in one transaction.  A new book
# runs them all.  Never change a migration a released euchre has run: add one.  Each
# says which store's tables it makes or changes.
_MIGRATIONS: tuple[tuple[str | Unless, ...], ...] = (
    # 0 -> 1: the score sheets and their entries (``scorekeeper/store.py``); ``settings``
    # holds the scorekeeper's current sheet and the last sheet id given out
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
    # 1 -> 2 (``scorekeeper/store.py``): the 'renege' kind (R17), its ``alone`` the renege
    # against a lone hand.
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
        *_ENTRIES_MADE_AGAIN,
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
    # 3 -> 4 (``records/store.py``): each game's identity, so that an import of a game
    # already kept is refused (``record_digest``); NULL until worked out
    (
        "ALTER TABLE games ADD COLUMN digest TEXT",
        "CREATE INDEX games_by_digest ON games (digest)",
    ),
    # 4 -> 5 (``records/store.py``): a best-of-N match (``euchre play --best-of N``), which
    # stops once decided: best_of is N, the most games it may last; NULL for any other
    # game or match.  Books of version 4 were written both without it (before --best-of)
    # and with it (this migration ran while SCHEMA_VERSION still said 4), so it adds the
    # column only where it is missing.
    (
        Unless(
            "SELECT 1 FROM pragma_table_info('games') WHERE name = 'best_of'",
            "ALTER TABLE games ADD COLUMN best_of INTEGER",
        ),
    ),
    # 5 -> 6 (``scorekeeper/store.py``): the deal on every sheet (R3): the 'thrown_in'
    # kind, a hand nobody made trump in (R5), and the 'dealer' kind, who deals next,
    # in the new ``seat``; neither has a side.  The table is made again for the CHECK.
    (
        """CREATE TABLE entries_new (
            sheet_id INTEGER NOT NULL REFERENCES sheets (id),
            number INTEGER NOT NULL,           -- 1, 2, 3 ... in the order of play
            kind TEXT NOT NULL
                CHECK (kind IN ('hand', 'points', 'renege', 'thrown_in', 'dealer')),
            side INTEGER CHECK ((side IS NULL) = (kind IN ('thrown_in', 'dealer'))),
                                               -- the makers, the side given points, the
                                               -- reneger
            seat INTEGER CHECK ((seat IS NULL) = (kind != 'dealer')),
                                               -- dealer: the seat of who deals next,
                                               -- clockwise from side 1's first player
            tricks INTEGER CHECK (tricks BETWEEN 0 AND 5),  -- hand: the makers' tricks
            alone INTEGER NOT NULL DEFAULT 0,  -- hand: the maker went alone;
                                               -- renege: it was against a lone hand
            lone_defender INTEGER,             -- hand: the side of a lone defender
            points INTEGER,                    -- points: how many
            reason TEXT NOT NULL DEFAULT '',   -- points: why
            PRIMARY KEY (sheet_id, number)
        )""",
        *_ENTRIES_MADE_AGAIN,
    ),
    # 6 -> 7 (``scorekeeper/store.py``): the table code ``euchre score serve`` last
    # served each sheet with, so that a server started again takes the code the phones
    # hold; NULL for a sheet never served.  (Added only where missing, as in 4 -> 5, so
    # that the migrations after a version run again on a book that already has them.)
    (
        Unless(
            "SELECT 1 FROM pragma_table_info('sheets') WHERE name = 'table_code'",
            "ALTER TABLE sheets ADD COLUMN table_code TEXT",
        ),
    ),
    # 7 -> 8 (``serve/sheets.py``): the writes of ``euchre score serve`` by the
    # Idempotency-Key each came with, and their answers, written in the write's own
    # transaction: a write sent again (its answer lost) is answered, not made twice.
    (
        """CREATE TABLE IF NOT EXISTS write_keys (
            key TEXT PRIMARY KEY,   -- the Idempotency-Key header's value
            request TEXT NOT NULL,  -- the method, path and SHA-256 of the body
            answer TEXT NOT NULL    -- the JSON the write was first answered with
        )""",
    ),
    # 8 -> 9 (``records/store.py``): a game's id is never given again, so that "game 5"
    # in a note stays that game after it is deleted: SQLite gives a new row the id after
    # the highest one left unless the table has AUTOINCREMENT, which only a table made
    # anew can have.  Its count of ids given starts at the highest id kept: those deleted
    # above it before this version left no trace.
    (
        """CREATE TABLE games_new (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
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
            figures TEXT,                 -- JSON: the person's figures (records/stats.py)
            digest TEXT,                  -- the game's identity (record_digest); NULL: unknown
            best_of INTEGER               -- a best-of-N match: N; NULL for any other
        )""",
        f"INSERT INTO games_new ({_GAME_COLUMNS}) SELECT {_GAME_COLUMNS} FROM games",
        "DROP TABLE games",
        "ALTER TABLE games_new RENAME TO games",
        "CREATE INDEX games_by_digest ON games (digest)",
    ),
    # 9 -> 10 (``records/store.py``): every person's seat, for a game several people
    # played (``euchre host``): ``people``, the JSON list of their indexes in names, rising
    # ([] for a watched game), made from ``person`` for the games kept before.  From here
    # on ``person`` is neither read nor written (SQLite before 3.35 cannot drop a
    # column).  A game's identity names its people now, so the digests kept are
    # forgotten, to be worked out again when an import needs them.  (Added only where
    # missing, as in 4 -> 5.)
    (
        Unless(
            "SELECT 1 FROM pragma_table_info('games') WHERE name = 'people'",
            "ALTER TABLE games ADD COLUMN people TEXT",
        ),
        "UPDATE games SET digest = NULL,"
        " people = CASE WHEN person IS NULL THEN '[]' ELSE '[' || person || ']' END"
        " WHERE people IS NULL",
    ),
    # 10 -> 11 (``records/hosted.py``): what a game hosted for friends (``euchre host``)
    # is opened again with (``--resume``) that its record lacks, written with its first
    # move: the table code, each person's seat key (secrets: whoever reads them can
    # play those seats), where it listened, and whether it gave hints.
    (
        """CREATE TABLE IF NOT EXISTS hosted (
            game_id INTEGER PRIMARY KEY REFERENCES games (id),
            code TEXT NOT NULL,      -- the table code
            keys TEXT NOT NULL,      -- JSON list, by place: each person's seat key, or null
            address TEXT NOT NULL,   -- listened on: 127.0.0.1, 0.0.0.0 (--lan), --host ADDR
            port INTEGER NOT NULL,
            hints INTEGER NOT NULL   -- 1: the host gave --hints
        )""",
    ),
)
SCHEMA_VERSION = len(_MIGRATIONS)  # a new migration raises it: the two never disagree


class BookError(Refusal):
    """A book that cannot be used, or that does not hold what was asked of it (each
    store's refusals are kinds of this one); one line."""


class BookBusy(BookError):
    """Another program holds the book's lock for longer than we wait."""


class NoBook(BookError):
    """No book at the path yet, or an empty file there (only ``create`` makes one)."""

    next_step = ": start one with 'euchre score new'"


class NotABook(BookError):
    """A file that is damaged, or is not a euchre book (another program's database)."""


class NewerBook(BookError):
    """A book written by a newer euchre, of a version this one cannot read."""


class Book:
    """The book file, open.  Open it with ``open_book``; do everything inside
    ``transaction()``, each statement through ``execute``."""

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

    def data_version(self) -> int:
        """A number that changes whenever another connection commits to the book
        (SQLite's ``PRAGMA data_version``): the web scoreboard polls it to see an entry
        made by a terminal or another page."""
        with self._sqlite_errors():
            return self._db.execute("PRAGMA data_version").fetchone()[0]

    def execute(self, statement: str, parameters: Sequence[object] = ()) -> sqlite3.Cursor:
        """One statement of a store's, inside ``transaction()``."""
        with self._sqlite_errors():
            return self._db.execute(statement, parameters)

    @contextmanager
    def _sqlite_errors(self) -> Iterator[None]:
        """Turn SQLite's failures into one-line messages that name the file."""
        try:
            yield
        except sqlite3.OperationalError as error:
            if "locked" in str(error) or "busy" in str(error):
                raise BookBusy(
                    f"the score book {self.path} is busy (another program is using it); try again"
                ) from None
            if "readonly" in str(error):
                raise BookError(
                    f"the score book {self.path} cannot be written: the file or its folder"
                    " is read-only"
                ) from None
            if "full" in str(error):
                raise BookError(
                    f"the score book {self.path} cannot be written: the disk is full"
                ) from None
            raise BookError(f"cannot use the score book {self.path}: {error}") from None
        except UnicodeEncodeError:  # a name looked up that holds bytes that are not UTF-8
            raise BookError("a name given holds bytes that are not UTF-8 text") from None
        except (sqlite3.DatabaseError, UnicodeDecodeError) as error:
            raise NotABook(f"{self.path} is damaged or not a euchre score book ({error})") from None

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
                    if isinstance(statement, Unless):
                        if self._db.execute(statement.query).fetchone():
                            continue
                        statement = statement.statement
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
            raise NotABook(f"{self.path} is an SQLite database, but not a euchre score book")
        if version > SCHEMA_VERSION:
            raise NewerBook(
                f"{self.path} was written by a newer euchre (score book version {version}; "
                f"this one reads up to {SCHEMA_VERSION}): upgrade euchre to use it"
            )


def open_book(path: str | os.PathLike[str], create: bool = False) -> Book:
    """Open the book at ``path``; only ``create`` makes a new file (and its folder)."""
    path = os.fspath(path)
    check_book_path(path)
    if not book_exists(path):
        if not create:
            raise NoBook(f"no book at {path}")
        _make_folder(os.path.dirname(path) or ".", path)
    try:
        connection = sqlite3.connect(path, isolation_level=None, timeout=BUSY_TIMEOUT_SECONDS)
    except sqlite3.Error as error:
        raise BookError(f"cannot open the score book {path}: {error}") from None
    book = Book(connection, path)
    try:
        book._prepare(create)
    except BaseException:
        book.close()
        raise
    if os.environ.get(NO_SYNC) == "1":  # a throwaway book: no commit waits for the disk
        connection.execute("PRAGMA synchronous = OFF")
    return book


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
        raise BookError(f"cannot make a folder for the score book {path}: {reason}") from None


def check_book_path(path: str) -> None:
    """Refuse a path that could never hold a score book: a folder, or one that runs
    into a file where a folder should be."""
    if os.path.isdir(path) or path.endswith((os.sep, "/")):
        example = os.path.join(path, BOOK_FILE)
        names = "is" if os.path.isdir(path) else "names"  # newdir/ names one, made or not
        raise BookError(f"{path} {names} a folder: the score book is a file, like {example}")
    blocker = _file_in_the_way(os.path.dirname(path))
    if blocker:
        raise BookError(f"cannot use the score book {path}: {blocker} is a file, not a folder")


def book_exists(path: str) -> bool:
    """Whether there is a book at ``path``.  One the user may not read is refused, not
    taken for "no book yet" (which would hide the sheets and offer to start afresh),
    and so is a path that cannot be one: too long, or a device, a FIFO or a socket."""
    try:
        mode = os.stat(path).st_mode
    except (FileNotFoundError, NotADirectoryError):
        return False
    except PermissionError:  # a folder on the way that the user cannot open
        raise BookError(
            f"cannot read the score book {path}: permission denied on a folder above it"
        ) from None
    except OSError as error:
        raise BookError(f"cannot use the score book {path}: {path_problem(error)}") from None
    except ValueError:  # a NUL byte, which a settings value or a test can hold
        raise BookError(f"cannot use the score book {path}: it holds a NUL byte") from None
    kind = file_kind(mode)
    if kind:
        raise BookError(f"cannot use the score book {path}: it is {kind}, not a file")
    if not os.access(path, os.R_OK):
        raise BookError(f"cannot read the score book {path}: permission denied")
    return True


def move_book(old: str, new: str) -> None:
    """Move the book at ``old`` to ``new``, where there is none: renamed within one
    file system; across two, copied, flushed to the disk and renamed into place before
    the old one is removed.  Any failure (a transaction of another program's still
    open in it, say) leaves the book at ``old`` and raises ``BookError``, saying
    why in words that follow "the book stays at OLD"."""
    for leftover in (f"{old}-journal", f"{old}-wal"):
        if os.path.lexists(leftover):
            raise BookError(f"another program is writing it ({leftover} is beside it)")
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
            raise BookError("it has gone from there") from None
    except OSError as error:
        reason = error.strerror or str(error)
        raise BookError(f"cannot move it to {new}: {reason}") from None


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
