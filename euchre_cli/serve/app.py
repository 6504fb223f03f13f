"""The scoreboard's Starlette application: the page, the files shipped beside it and
the JSON API, over the ``ServedSheets`` (the book) and a ``Hub`` of event streams.

Nothing else is served: a path that is not the page's, one of its files or the API's
is a 404, and a file is looked up by its exact name among those shipped (no path is
ever joined from a request).  Every write needs the table code; its body is read up
to ``MOST_BODY_BYTES`` (413 beyond), then checked, then written in one transaction,
once: a write sent again with the same Idempotency-Key is given its first answer."""

from __future__ import annotations

import asyncio
import hashlib
import json
import math
import re
from collections.abc import AsyncIterator, Awaitable, Callable, Collection
from contextlib import asynccontextmanager
from functools import partial
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import Headers
from starlette.exceptions import HTTPException
from starlette.requests import ClientDisconnect, Request
from starlette.responses import FileResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import Route
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ..limits import decode_json, whole_number
from .code import WrongCodes, code_matches
from .live import HEARTBEAT_SECONDS, BookWatcher, Hub, Stream, sheet_event
from .sheets import Refused, ServedSheets, WriteKey

STATIC = Path(__file__).resolve().parent / "static"
MOST_BODY_BYTES = 16 * 1024
CODE_HEADER = "x-table-code"
KEY_HEADER = "idempotency-key"
KEY_PATTERN = re.compile(r"[A-Za-z0-9_-]{1,128}")
RECONNECT_MILLISECONDS = 1000  # how soon a page that lost the server tries again
# A module script runs only if served as JavaScript: not left to the machine's table of
# types (the Windows registry can say text/plain for .js).
MEDIA_TYPES = {".js": "text/javascript"}
# Sent with every answer: scripts only from the page's own files, nothing framed, no
# type sniffed, no address passed on (the code travels in a fragment, never sent).
SECURITY_HEADERS = [
    (
        b"content-security-policy",
        b"default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline';"
        b" img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none';"
        b" frame-ancestors 'none'",
    ),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
]


def shipped_files(folder: Path = STATIC) -> dict[str, Path]:
    """The page's files by the name a request gives (``main.js``, ``cards/4H.svg``)."""
    files = {}
    for path in folder.rglob("*"):
        name = path.relative_to(folder).as_posix()
        if path.is_file() and not any(part.startswith((".", "__")) for part in name.split("/")):
            files[name] = path
    return files


def error(status: int, line: str, headers: dict[str, str] | None = None) -> JSONResponse:
    return JSONResponse({"error": line}, status, headers=headers)


class _SecurityHeaders:
    """Adds ``SECURITY_HEADERS`` and ``Cache-Control: no-store`` to every answer (a
    sheet read from a cache would be an old score)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = [h for h in message.get("headers", []) if h[0] != b"cache-control"]
                message["headers"] = [*headers, *SECURITY_HEADERS, (b"cache-control", b"no-store")]
            await send(message)

        await self.app(scope, receive, with_headers)


class _KnownHosts:
    """Refuses a request whose Host header names a host not in ``hosts`` (400, as the
    API's ``{"error": line}``): a page elsewhere that points its own name at this
    address (DNS rebinding) cannot read the sheet."""

    def __init__(self, app: ASGIApp, hosts: Collection[str]) -> None:
        self.app = app
        self.hosts = frozenset(hosts)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or _host_named(Headers(scope=scope)) in self.hosts:
            await self.app(scope, receive, send)
            return
        refusal = error(400, "this server does not answer to that host name (the Host header)")
        await refusal(scope, receive, send)


def _host_named(headers: Headers) -> str:
    """The host the Host header names, without its port, in lower case (``[::1]`` in
    its brackets, as ``run.host_names`` gives it)."""
    host = headers.get("host", "").strip().lower()
    if host.startswith("["):
        return host.partition("]")[0] + "]"
    return host.partition(":")[0]


async def _not_served(request: Request, exc: Exception) -> Response:
    """Starlette's 404 and 405, as the API's ``{"error": line}``."""
    assert isinstance(exc, HTTPException)
    words = {404: "not found", 405: "method not allowed"}
    line = words.get(exc.status_code, str(exc.detail).lower())
    return error(exc.status_code, line, headers=exc.headers)


def _write_key(request: Request, body: object) -> WriteKey | None:
    """The write's Idempotency-Key (none: None), with the request it came with."""
    key = request.headers.get(KEY_HEADER)
    if key is None:
        return None
    if not KEY_PATTERN.fullmatch(key):
        raise Refused(400, "an Idempotency-Key is 1 to 128 letters, digits, '-' or '_'")
    digest = hashlib.sha256(json.dumps(body, sort_keys=True).encode()).hexdigest()
    return WriteKey(key, f"{request.method} {request.url.path} {digest}")


async def _body(request: Request) -> object:
    """The request's JSON body ({} when it has none), read up to ``MOST_BODY_BYTES``."""
    length = request.headers.get("content-length")
    size = None if length is None else whole_number(length.strip())
    if length is not None and (size is None or size > MOST_BODY_BYTES):
        raise Refused(413, f"a request body may hold at most {MOST_BODY_BYTES} bytes")
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    chunks, size = [], 0
    try:
        async for chunk in request.stream():
            size += len(chunk)
            if size > MOST_BODY_BYTES:
                raise Refused(413, f"a request body may hold at most {MOST_BODY_BYTES} bytes")
            chunks.append(chunk)
    except ClientDisconnect:  # gone, or closed for sending it too slowly (run.py)
        raise Refused(400, "the body did not come whole") from None
    raw = b"".join(chunks)
    if not raw.strip():
        return {}
    if kind != "application/json":
        raise Refused(415, "send the body as JSON, with Content-Type: application/json")
    try:
        return decode_json(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise Refused(400, "the body is not UTF-8 text") from None
    except ValueError as problem:
        raise Refused(400, f"the body is not JSON: {str(problem).splitlines()[0]}") from None


# Where each kind of entry (``scorekeeper.entries.ENTRY_KINDS``) is added: a POST of
# its fields
ENTRY_PATHS = {
    "hand": "/api/hands",
    "points": "/api/points",
    "renege": "/api/renege",
    "thrown_in": "/api/thrown-in",
    "dealer": "/api/dealer",
}


def make_app(
    book_path: str, sheet: str, code: str, hosts: Collection[str] | None = None
) -> Starlette:
    """The scoreboard of sheet ``sheet`` in the book at ``book_path``; writes need
    ``code`` in the ``X-Table-Code`` header.  With ``hosts``, a request whose Host
    header names another host is refused (``_KnownHosts``)."""
    endpoints = _Endpoints(ServedSheets(book_path, sheet, code), code)
    app = Starlette(
        routes=endpoints.routes(),
        lifespan=endpoints.lifespan,
        exception_handlers={HTTPException: _not_served},
    )
    app.add_middleware(_SecurityHeaders)
    if hosts is not None:
        app.add_middleware(_KnownHosts, hosts=hosts)
    app.state.hub = endpoints.hub
    app.state.sheets = endpoints.sheets
    app.state.wrong_codes = endpoints.wrong_codes
    return app


class _Endpoints:
    """What each route answers, over the served ``sheets``, the ``hub`` of event
    streams, the table ``code`` every write needs and the page's files."""

    def __init__(self, sheets: ServedSheets, code: str) -> None:
        self.sheets = sheets
        self.code = code
        self.hub = Hub()
        self.wrong_codes = WrongCodes()
        self.files = shipped_files()

    def routes(self) -> list[Route]:
        adding = [
            Route(path, self._entry_adder(kind), methods=["POST"])
            for kind, path in ENTRY_PATHS.items()
        ]
        return [
            Route("/", self.page),
            Route("/static/{name:path}", self.static),
            Route("/api/sheet", self.sheet_json),
            Route("/api/history", self.history_json),
            Route("/api/sheets", self.sheets_json),
            Route("/api/events", self.events),
            *adding,
            Route("/api/undo", self.undo, methods=["POST"]),
            Route("/api/entries/{number}", self.edit, methods=["PUT"]),
            Route("/api/sheets", self.new_sheet, methods=["POST"]),
            Route("/api/use", self.use, methods=["POST"]),
            Route("/api/code", self.check_code, methods=["POST"]),
        ]

    @asynccontextmanager
    async def lifespan(self, app: Starlette) -> AsyncIterator[None]:
        """The book watched while the server runs; every stream ended as it stops."""
        watcher = BookWatcher(self.sheets, self.hub, asyncio.get_running_loop())
        self.sheets.on_change = watcher.changed
        watcher.start()
        try:
            yield
        finally:
            self.sheets.on_change = None
            self.hub.close()
            watcher.stop()
            await run_in_threadpool(watcher.join, 2.0)

    def code_refusal(self, request: Request) -> Response | None:
        """None when the request carries the table code, else the refusal (403; 429
        after too many wrong codes, from this address or from all: ``WrongCodes``)."""
        address = request.client.host if request.client else ""
        wait = self.wrong_codes.wait(address)
        if wait:
            return error(
                429,
                f"too many wrong table codes: try again in {math.ceil(wait)} s",
                headers={"Retry-After": str(math.ceil(wait))},
            )
        if code_matches(request.headers.get(CODE_HEADER), self.code):
            self.wrong_codes.forgive(address)
            return None
        self.wrong_codes.failed(address)
        return error(
            403,
            "wrong or missing table code: send the code 'euchre score serve' printed"
            " in the X-Table-Code header",
        )

    async def _write(
        self,
        request: Request,
        change: Callable[[object, WriteKey | None], Any],
        status: int = 200,
    ) -> Response:
        refusal = self.code_refusal(request)
        if refusal is not None:
            return refusal
        try:
            body = await _body(request)
            changed = await run_in_threadpool(change, body, _write_key(request, body))
        except Refused as refused:
            return error(refused.status, refused.line)
        return JSONResponse(changed, status)

    async def _read(self, request: Request, what: Callable[..., Any]) -> Response:
        try:
            return JSONResponse(await run_in_threadpool(what, _sheet_asked(request)))
        except Refused as refused:
            return error(refused.status, refused.line)

    async def page(self, request: Request) -> Response:
        return FileResponse(self.files["index.html"])

    async def static(self, request: Request) -> Response:
        path = self.files.get(request.path_params["name"])
        if path is None:
            raise HTTPException(404)
        return FileResponse(path, media_type=MEDIA_TYPES.get(path.suffix))

    async def sheet_json(self, request: Request) -> Response:
        return await self._read(request, self.sheets.sheet_json)

    async def history_json(self, request: Request) -> Response:
        return await self._read(request, self.sheets.history_json)

    async def sheets_json(self, request: Request) -> Response:
        return await self._read(request, lambda _: self.sheets.sheets_json())

    async def events(self, request: Request) -> Response:
        stream = self.hub.open(_sheet_asked(request))  # the slot is taken here, or refused
        if stream is None:
            return error(503, f"this server keeps at most {self.hub.most} pages live at once")
        return _EventStream(self.sheets, self.hub, stream)

    def _entry_adder(self, kind: str) -> Callable[[Request], Awaitable[Response]]:
        """The endpoint that adds an entry of ``kind`` to the served sheet."""

        async def add(request: Request) -> Response:
            return await self._write(request, partial(self.sheets.add, kind))

        return add

    async def undo(self, request: Request) -> Response:
        return await self._write(request, self.sheets.undo)

    async def edit(self, request: Request) -> Response:
        number = whole_number(request.path_params["number"])  # not int(): 5,000 digits
        if number is None:
            raise HTTPException(404)
        return await self._write(request, partial(self.sheets.replace, number))

    async def new_sheet(self, request: Request) -> Response:
        return await self._write(request, self.sheets.new_sheet, status=201)

    async def use(self, request: Request) -> Response:
        return await self._write(request, self.sheets.use)

    async def check_code(self, request: Request) -> Response:
        return self.code_refusal(request) or Response(status_code=204)


def _sheet_asked(request: Request) -> str | None:
    """The sheet a read names (``?sheet=NAME``), or None: the one served."""
    return request.query_params.get("sheet") or None


class _EventStream(StreamingResponse):
    """Server-sent events on a stream already open in the hub, which is dropped when
    the answer ends, however it ends (even one never started: a page gone at once)."""

    def __init__(self, sheets: ServedSheets, hub: Hub, stream: Stream) -> None:
        super().__init__(
            _events(sheets, stream),
            media_type="text/event-stream",
            headers={"X-Accel-Buffering": "no"},
        )
        self.hub = hub
        self.stream = stream

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        try:
            await super().__call__(scope, receive, send)
        finally:
            self.hub.drop(self.stream)


async def _events(sheets: ServedSheets, stream: Stream) -> AsyncIterator[str]:
    """Where the sheet stands now, then each change, with a comment every
    ``HEARTBEAT_SECONDS`` (a page that hears nothing for longer knows the server is
    gone)."""
    last = await run_in_threadpool(sheet_event, sheets, stream.sheet)
    yield f"retry: {RECONNECT_MILLISECONDS}\n\n{last.text()}"
    while not stream.closed:
        event = await stream.next(HEARTBEAT_SECONDS)
        if stream.closed:
            break
        if event is None:
            yield ": the server is here\n\n"
        elif event != last:
            last = event
            yield event.text()
