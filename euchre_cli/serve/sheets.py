"""The book's score sheets as the web scoreboard reads and writes them
(``ServedSheets``), with no HTTP in sight: each call is one transaction of the book,
a write made by the scorekeeper's own functions (the ones ``euchre score`` calls),
and every refusal a ``Refused`` carrying the status to answer with and the
terminal's one line.

A request's JSON body is checked here field by field (``fields``) before the book is
opened: a malformed body is a 400, the scorekeeper's refusal a 422."""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from typing import Any, NamedTuple

from ..book import Book, BookBusy, open_book
from ..engine.rules import side_name
from ..refusals import Refusal, refusal_line
from ..rulebook import builtin_names, load_ruleset
from ..scorekeeper.document import history_document, sheet_document
from ..scorekeeper.entries import ENTRY_KINDS, REQUIRED, Field
from ..scorekeeper.sheet import Sheet, seat_sides
from ..scorekeeper.store import NoCurrentSheet, NoSuchSheet, Scorebook
from ..scorekeeper.tally import Tally
from ..terminal.entry_words import SHEET_WORDS
from .floor import Refused

# --- The fields of a body ----------------------------------------------------------------


# What each kind of ``Field`` holds, in a refusal's words (``names`` and ``teams`` are a
# new sheet's, the others an entry's too)
_WORDS = {
    "who": "a team, a player, a number or initials",
    "whole": "a whole number",
    "flag": "true or false",
    "text": "text",
    "names": "a list of names",
    "teams": 'a list of teams, each "Ann & Bob" or ["Ann", "Bob"]',
}


def fields(body: object, wanted: Mapping[str, Field]) -> dict[str, Any]:
    """The body's fields, each checked against ``wanted``; an unknown, missing or
    mistyped one is refused (400) in one line that names it."""
    if not isinstance(body, dict):
        raise Refused(400, "the body must be a JSON object, as {\"makers\": \"1\", ...}")
    unknown = sorted(set(body) - set(wanted))
    if unknown:
        raise Refused(
            400, f"unknown field {unknown[0]!r}: the fields are {', '.join(wanted) or 'none'}"
        )
    values = {}
    for name, field in wanted.items():
        if name not in body:
            if field.required:
                raise Refused(400, f"{name!r} is missing: it is {_WORDS[field.kind]}")
            values[name] = field.default
            continue
        value = body[name]
        if value is None and field.nullable:
            values[name] = None
        elif (checked := _checked(field.kind, value)) is not None:
            values[name] = checked
        else:
            null = " or null" if field.nullable else ""
            raise Refused(400, f"{name!r} must be {_WORDS[field.kind]}{null}")
    return values


def _checked(kind: str, value: object) -> Any:
    """``value`` as ``kind`` wants it, or None when it is not one."""
    is_whole = isinstance(value, int) and not isinstance(value, bool)
    if kind == "flag":
        return value if isinstance(value, bool) else None
    if kind == "whole":
        return value if is_whole else None
    if kind == "who":  # a side's number may come as a number
        return str(value) if is_whole else value if isinstance(value, str) else None
    if kind == "text":
        return value if isinstance(value, str) else None
    if kind == "names":
        is_names = isinstance(value, list) and all(isinstance(item, str) for item in value)
        return value if is_names else None
    if kind == "teams":  # as --team takes them: "Ann & Bob", or the two names
        if not isinstance(value, list):
            return None
        teams = [_checked("names", team) if isinstance(team, list) else team for team in value]
        if not all(isinstance(team, (str, list)) for team in teams):
            return None
        return [team if isinstance(team, str) else side_name(team) for team in teams]
    raise AssertionError(kind)


NEW_SHEET = {
    "name": Field("text", nullable=True),
    "ruleset": Field("text", default="standard"),
    "teams": Field("teams", default=()),
    "players": Field("names", default=()),
    "dealer": Field("who", nullable=True),
}
USE = {"sheet": Field("text", default=REQUIRED)}


def edit_fields(body: object) -> tuple[str, dict[str, Any]]:
    """The kind of entry a PUT /api/entries/N body gives (``ENTRY_KINDS``), and its
    fields."""
    kind = body.get("kind") if isinstance(body, dict) else None
    if not isinstance(kind, str) or kind not in ENTRY_KINDS:
        raise Refused(400, f"'kind' must be one of {', '.join(ENTRY_KINDS)}")
    return kind, fields({k: v for k, v in body.items() if k != "kind"}, ENTRY_KINDS[kind].fields)


# --- Writes sent again ---------------------------------------------------------------------

KEPT_WRITE_KEYS = 1000  # the newest keys kept: a write is sent again within minutes


class WriteKey(NamedTuple):
    """A write's Idempotency-Key, and the request it came with (method, path and a
    digest of the body): the same key with another request is refused."""

    key: str
    request: str


def _first_answer(book: Book, key: WriteKey | None) -> dict[str, Any] | None:
    """The answer a write with ``key`` was given, where it was made already."""
    if key is None:
        return None
    row = book.execute("SELECT request, answer FROM write_keys WHERE key = ?", (key.key,))
    found = row.fetchone()
    if found is None:
        return None
    if found[0] != key.request:
        raise Refused(422, "this Idempotency-Key came with another write: send a new key")
    return json.loads(found[1])


def _keep_answer(book: Book, key: WriteKey, answer: dict[str, Any]) -> None:
    """The answer to the write with ``key``, kept in its transaction; the oldest go."""
    book.execute(
        "INSERT INTO write_keys (key, request, answer) VALUES (?, ?, ?)",
        (key.key, key.request, json.dumps(answer)),
    )
    book.execute(
        "DELETE FROM write_keys WHERE rowid <= (SELECT max(rowid) FROM write_keys) - ?",
        (KEPT_WRITE_KEYS,),
    )


# --- The book ----------------------------------------------------------------------------


class ServedSheets:
    """The sheets of the book at ``book_path`` and the one being served (``served``,
    by name; a page may switch it, and the sheet switched to keeps the server's
    ``code``, as ``score serve`` keeps it, for the next start), read and written one
    transaction a call.

    The server's writes, and the watcher's reads, take turns on a lock of their own
    (``write_lock``) rather than in SQLite's busy handler, whose growing sleeps left
    some writes seconds in wait and some pages a second behind (bench/serve.py).  A
    write hands its new sheet to ``on_change`` once committed, still holding the lock,
    so that the pages hear of each change in the order the book saw them."""

    def __init__(self, book_path: str, served: str, code: str) -> None:
        self.book_path = book_path
        self.served = served
        self.code = code
        self.write_lock = threading.Lock()
        self.on_change: Callable[[str, dict[str, Any]], None] | None = None

    @contextmanager
    def _scorebook(self, write: bool = False) -> Iterator[Scorebook]:
        """The book's sheets in one transaction, its refusals as ``Refused``: a sheet
        not found 404 to a read (422 to a write), a busy book 503, the rest 422."""
        try:
            book = open_book(self.book_path)
            try:
                with book.transaction(write):
                    yield Scorebook(book)
            finally:
                book.close()
        except BookBusy as error:
            raise Refused(503, refusal_line(error)) from None
        except (NoSuchSheet, NoCurrentSheet) as error:
            raise Refused(422 if write else 404, refusal_line(error)) from None
        except Refusal as error:
            raise Refused(422, refusal_line(error)) from None

    def _write(
        self,
        change: Callable[[Scorebook], tuple[Sheet, Tally]],
        key: WriteKey | None,
        serve: bool = False,
    ) -> dict[str, Any]:
        """``change`` in one transaction, holding the write lock; the sheet it changed as
        ``score show --json`` gives it, served from now on where ``serve``.  A write
        with a ``key`` already kept is not made again: its first answer is given."""
        with self.write_lock:
            with self._scorebook(write=True) as book:
                first = _first_answer(book.book, key)
                if first is None:
                    sheet, tally = change(book)
                    changed = sheet_document(sheet, tally, SHEET_WORDS)
                    if key is not None:
                        _keep_answer(book.book, key, changed)
            if first is not None:
                if serve:
                    self.served = first["sheet"]
                return first
            if serve:
                self.served = sheet.name
            if self.on_change is not None:
                self.on_change(sheet.name, changed)
        return changed

    # Reads ---------------------------------------------------------------------------

    def sheet_json(self, name: str | None = None) -> dict[str, Any]:
        """``score show --json``'s object for sheet ``name`` (the served sheet)."""
        with self._scorebook() as book:
            sheet = book.sheet(name or self.served)
            return sheet_document(sheet, book.tally(sheet), SHEET_WORDS)

    def history_json(self, name: str | None = None) -> list[dict[str, Any]]:
        """``score history --json``'s list for sheet ``name`` (the served sheet)."""
        with self._scorebook() as book:
            sheet = book.sheet(name or self.served)
            return history_document(sheet, book.tally(sheet), SHEET_WORDS)

    def sheets_json(self) -> dict[str, Any]:
        """The sheets of the book, the one served, and the rulesets a new one may take."""
        with self._scorebook() as book:
            summaries = book.summaries()
        return {
            "current": self.served,
            "sheets": [
                {"name": s.name, "ruleset": s.ruleset, "sides": list(s.sides), "entries": s.entries}
                for s in summaries
            ],
            "rulesets": builtin_names(),
        }

    # Writes: one transaction each, the served sheet's --------------------------------

    def add(self, kind: str, body: object, key: WriteKey | None = None) -> dict[str, Any]:
        """An entry of ``kind`` on the served sheet (``ENTRY_KINDS``, whose fields the
        body gives): a hand, points, a renege, a hand thrown in or who deals next."""
        given = fields(body, ENTRY_KINDS[kind].fields)

        def add(book: Scorebook) -> tuple[Sheet, Tally]:
            sheet = book.sheet(self.served)
            return sheet, book.add(sheet, ENTRY_KINDS[kind].build(sheet, **given))

        return self._write(add, key)

    def replace(self, number: int, body: object, key: WriteKey | None = None) -> dict[str, Any]:
        """Entry ``number`` replaced, as ``score edit`` does it."""
        kind, given = edit_fields(body)

        def replace(book: Scorebook) -> tuple[Sheet, Tally]:
            sheet = book.sheet(self.served)
            return sheet, book.replace(sheet, number, ENTRY_KINDS[kind].build(sheet, **given))

        return self._write(replace, key)

    def undo(self, body: object, key: WriteKey | None = None) -> dict[str, Any]:
        fields(body, {})

        def undo(book: Scorebook) -> tuple[Sheet, Tally]:
            sheet = book.sheet(self.served)
            book.undo(sheet)
            return sheet, book.tally(sheet)

        return self._write(undo, key)

    def new_sheet(self, body: object, key: WriteKey | None = None) -> dict[str, Any]:
        """A sheet started as ``score new`` starts it (a built-in ruleset: a house-rules
        file is a file of the server's, named at its terminal), made current and served."""
        given = fields(body, NEW_SHEET)
        if given["ruleset"] not in builtin_names():
            raise Refused(
                422,
                f"no built-in ruleset {given['ruleset']!r}: the built-in ones are"
                f" {', '.join(builtin_names())} (a house-rules file: 'euchre score new"
                " --rules FILE' at the terminal)",
            )

        def start(book: Scorebook) -> tuple[Sheet, Tally]:
            ruleset = load_ruleset(given["ruleset"])
            sides = seat_sides(ruleset, given["teams"], given["players"])
            sheet = book.new_sheet(given["name"], ruleset, sides)
            book.keep_table_code(sheet, self.code)
            if given["dealer"] is None:
                return sheet, book.tally(sheet)
            first = ENTRY_KINDS["dealer"].build(sheet, dealer=given["dealer"])
            return sheet, book.add(sheet, first)

        return self._write(start, key, serve=True)

    def use(self, body: object, key: WriteKey | None = None) -> dict[str, Any]:
        """Sheet ``sheet`` made current (as ``score use``) and served."""
        given = fields(body, USE)

        def use(book: Scorebook) -> tuple[Sheet, Tally]:
            sheet = book.use(given["sheet"])
            book.keep_table_code(sheet, self.code)
            return sheet, book.tally(sheet)

        return self._write(use, key, serve=True)
