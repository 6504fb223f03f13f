"""The scoreboard's Starlette application (``euchre score serve``): the page, the files
shipped beside it and the JSON API, over the ``ServedSheets`` (the book) and a ``Hub``
of event streams, on the floor every app of ``serve/`` shares (``floor.py``).

Nothing else is served: a path that is not the page's, one of its files or the API's
is a 404.  Every write needs the table code; its body is read up to
``MOST_BODY_BYTES`` (413 beyond), then checked, then written in one transaction,
once: a write sent again with the same Idempotency-Key is given its first answer.
Each handler finds the sheets, the code and the streams on ``request.app.state``."""

from __future__ import annotations

import asyncio
import hashlib
import json
import re
from collections.abc import AsyncIterator, Callable, Collection
from contextlib import asynccontextmanager
from functools import partial
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from ..limits import whole_number
from .floor import (
    CodeCheck,
    EventStream,
    Hub,
    Refused,
    error,
    page,
    read_body,
    served_app,
    static,
)
from .live import BookWatcher, sheet_event
from .sheets import ServedSheets, WriteKey

KEY_HEADER = "idempotency-key"
KEY_PATTERN = re.compile(r"[A-Za-z0-9_-]{1,128}")

# Where each kind of entry (``scorekeeper.entries.ENTRY_KINDS``) is added: a POST of
# its fields
ENTRY_PATHS = {
    "hand": "/api/hands",
    "points": "/api/points",
    "renege": "/api/renege",
    "thrown_in": "/api/thrown-in",
    "dealer": "/api/dealer",
}
_KIND_AT = {path: kind for kind, path in ENTRY_PATHS.items()}


def make_app(
    book_path: str, sheet: str, code: str, hosts: Collection[str] | None = None
) -> Starlette:
    """The scoreboard of sheet ``sheet`` in the book at ``book_path``; writes need
    ``code`` in the ``X-Table-Code`` header.  With ``hosts``, a request whose Host
    header names another host is refused."""
    app = served_app(ROUTES, lifespan, "index.html", hosts)
    app.state.sheets = ServedSheets(book_path, sheet, code)
    app.state.hub = Hub()
    app.state.codes = CodeCheck(code, "euchre score serve")
    app.state.wrong_codes = app.state.codes.wrong
    return app


@asynccontextmanager
async def lifespan(app: Starlette) -> AsyncIterator[None]:
    """The book watched while the server runs; every stream ended as it stops."""
    sheets: ServedSheets = app.state.sheets
    hub: Hub = app.state.hub
    watcher = BookWatcher(sheets, hub, asyncio.get_running_loop())
    sheets.on_change = watcher.changed
    watcher.start()
    try:
        yield
    finally:
        sheets.on_change = None
        hub.close()
        watcher.stop()
        await run_in_threadpool(watcher.join, 2.0)


def _write_key(request: Request, body: object) -> WriteKey | None:
    """The write's Idempotency-Key (none: None), with the request it came with."""
    key = request.headers.get(KEY_HEADER)
    if key is None:
        return None
    if not KEY_PATTERN.fullmatch(key):
        raise Refused(400, "an Idempotency-Key is 1 to 128 letters, digits, '-' or '_'")
    digest = hashlib.sha256(json.dumps(body, sort_keys=True).encode()).hexdigest()
    return WriteKey(key, f"{request.method} {request.url.path} {digest}")


def _sheet_asked(request: Request) -> str | None:
    """The sheet a read names (``?sheet=NAME``), or None: the one served."""
    return request.query_params.get("sheet") or None


async def _write(
    request: Request,
    change: Callable[[ServedSheets, object, WriteKey | None], Any],
    status: int = 200,
) -> Response:
    """A write: the code checked, the body read, ``change`` made off the event loop."""
    refusal = request.app.state.codes.refusal(request)
    if refusal is not None:
        return refusal
    try:
        body = await read_body(request)
        key = _write_key(request, body)
        changed = await run_in_threadpool(change, request.app.state.sheets, body, key)
    except Refused as refused:
        return error(refused.status, refused.line)
    return JSONResponse(changed, status)


async def _read(request: Request, what: Callable[[ServedSheets, str | None], Any]) -> Response:
    try:
        sheets = request.app.state.sheets
        return JSONResponse(await run_in_threadpool(what, sheets, _sheet_asked(request)))
    except Refused as refused:
        return error(refused.status, refused.line)


async def sheet_json(request: Request) -> Response:
    return await _read(request, ServedSheets.sheet_json)


async def history_json(request: Request) -> Response:
    return await _read(request, ServedSheets.history_json)


async def sheets_json(request: Request) -> Response:
    return await _read(request, lambda sheets, _: sheets.sheets_json())


async def events(request: Request) -> Response:
    """The sheet asked for, live: where it stands, then each change."""
    hub: Hub = request.app.state.hub
    sheet = _sheet_asked(request)
    stream = hub.open(sheet)  # the slot is taken here, or refused
    if stream is None:
        return hub.full()
    sheets = request.app.state.sheets
    return EventStream(hub, stream, first=partial(run_in_threadpool, sheet_event, sheets, sheet))


async def add_entry(request: Request) -> Response:
    """An entry of the kind the path names (``ENTRY_PATHS``) added to the sheet."""
    kind = _KIND_AT[request.url.path]
    return await _write(request, lambda sheets, body, key: sheets.add(kind, body, key))


async def undo(request: Request) -> Response:
    return await _write(request, ServedSheets.undo)


async def edit(request: Request) -> Response:
    number = whole_number(request.path_params["number"])  # not int(): 5,000 digits
    if number is None:
        raise HTTPException(404)
    return await _write(request, lambda sheets, body, key: sheets.replace(number, body, key))


async def new_sheet(request: Request) -> Response:
    return await _write(request, ServedSheets.new_sheet, status=201)


async def use(request: Request) -> Response:
    return await _write(request, ServedSheets.use)


async def check_code(request: Request) -> Response:
    return request.app.state.codes.refusal(request) or Response(status_code=204)


ROUTES = [
    Route("/", page),
    Route("/static/{name:path}", static),
    Route("/api/sheet", sheet_json),
    Route("/api/history", history_json),
    Route("/api/sheets", sheets_json),
    Route("/api/events", events),
    *[Route(path, add_entry, methods=["POST"]) for path in ENTRY_PATHS.values()],
    Route("/api/undo", undo, methods=["POST"]),
    Route("/api/entries/{number}", edit, methods=["PUT"]),
    Route("/api/sheets", new_sheet, methods=["POST"]),
    Route("/api/use", use, methods=["POST"]),
    Route("/api/code", check_code, methods=["POST"]),
]
