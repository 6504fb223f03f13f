"""What every app of ``serve/`` stands on, the scoreboard's (``scoreboard.py``) and the
table's (``hosting.py``): the security headers and the Host check around every
answer, errors as ``{"error": line}``, a request body read up to ``MOST_BODY_BYTES``,
the table code checked with wrong codes slowed down (``CodeCheck``), only the files
shipped in ``static/`` served, and event streams that keep only the newest event.

An app is built by ``served_app`` and finds what its handlers need on
``request.app.state`` (the Starlette docs' shape: handlers at module level, no
closures): ``files`` (the files shipped), ``page`` (the name of the page ``/`` is),
``codes`` (its ``CodeCheck``) and ``hub`` (its event streams)."""

from __future__ import annotations

import asyncio
import math
from collections.abc import AsyncIterator, Awaitable, Callable, Collection, Sequence
from contextlib import AbstractAsyncContextManager
from pathlib import Path
from typing import Any, NamedTuple

from starlette.applications import Starlette
from starlette.datastructures import Headers
from starlette.exceptions import HTTPException
from starlette.requests import ClientDisconnect, Request
from starlette.responses import FileResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import BaseRoute
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ..limits import decode_json, whole_number
from .code import WrongCodes, code_matches

STATIC = Path(__file__).resolve().parent / "static"
MOST_BODY_BYTES = 16 * 1024
CODE_HEADER = "x-table-code"
RECONNECT_MILLISECONDS = 1000  # how soon a page that lost the server tries again
HEARTBEAT_SECONDS = 15.0  # a page that hears nothing for longer knows the server is gone
HEARTBEAT = ": the server is here\n\n"
MOST_STREAMS = 200  # open event streams at once; more are refused (503)
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


class Refused(Exception):
    """A request refused: the HTTP status, and the line said (``{"error": line}``)."""

    def __init__(self, status: int, line: str) -> None:
        super().__init__(line)
        self.status = status
        self.line = line


def error(status: int, line: str, headers: dict[str, str] | None = None) -> JSONResponse:
    return JSONResponse({"error": line}, status, headers=headers)


def shipped_files(folder: Path = STATIC) -> dict[str, Path]:
    """The page's files by the name a request gives (``main.js``, ``cards/4H.svg``)."""
    files = {}
    for path in folder.rglob("*"):
        name = path.relative_to(folder).as_posix()
        if path.is_file() and not any(part.startswith((".", "__")) for part in name.split("/")):
            files[name] = path
    return files


def served_app(
    routes: Sequence[BaseRoute],
    lifespan: Callable[[Starlette], AbstractAsyncContextManager[None]],
    page: str,
    hosts: Collection[str] | None,
) -> Starlette:
    """An app of ``routes`` with the floor's answers: ``/`` is the shipped file
    ``page``, 404 and 405 are JSON, every answer has the security headers, and with
    ``hosts`` a request whose Host header names another host is refused."""
    app = Starlette(
        routes=list(routes),
        lifespan=lifespan,
        exception_handlers={HTTPException: _not_served},
    )
    app.add_middleware(_SecurityHeaders)
    if hosts is not None:
        app.add_middleware(_KnownHosts, hosts=hosts)
    app.state.files = shipped_files()
    app.state.page = page
    return app


class _SecurityHeaders:
    """Adds ``SECURITY_HEADERS`` and ``Cache-Control: no-store`` to every answer (a
    sheet or a game read from a cache would be an old one)."""

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
    address (DNS rebinding) cannot read the sheet or the game."""

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


async def page(request: Request) -> Response:
    """``/``: the app's page."""
    path = request.app.state.files.get(request.app.state.page)
    if path is None:  # a checkout without the page's files
        raise HTTPException(404)
    return FileResponse(path)


async def static(request: Request) -> Response:
    """A file shipped in ``static/``, looked up by its exact name (no path is ever
    joined from a request)."""
    path = request.app.state.files.get(request.path_params["name"])
    if path is None:
        raise HTTPException(404)
    return FileResponse(path, media_type=MEDIA_TYPES.get(path.suffix))


async def read_body(request: Request) -> object:
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


class CodeCheck:
    """The table code a request must carry (``X-Table-Code``) to write, and the wrong
    codes slowed down (``WrongCodes``); ``command`` is the command that printed it,
    for the refusal to name."""

    def __init__(self, code: str, command: str) -> None:
        self.code = code
        self.command = command
        self.wrong = WrongCodes()

    def refusal(self, request: Request) -> Response | None:
        """None when the request carries the table code, else the refusal (403; 429
        after too many wrong codes, from this address or from all: ``WrongCodes``)."""
        address = request.client.host if request.client else ""
        wait = self.wrong.wait(address)
        if wait:
            return error(
                429,
                f"too many wrong table codes: try again in {math.ceil(wait)} s",
                headers={"Retry-After": str(math.ceil(wait))},
            )
        if code_matches(request.headers.get(CODE_HEADER), self.code):
            self.wrong.forgive(address)
            return None
        self.wrong.failed(address)
        return error(
            403,
            f"wrong or missing table code: send the code '{self.command}' printed"
            " in the X-Table-Code header",
        )


# --- Event streams ------------------------------------------------------------------


class Event(NamedTuple):
    """One server-sent event: its name, and its data (one line of JSON)."""

    name: str
    data: str

    def text(self) -> str:
        return f"event: {self.name}\ndata: {self.data}\n\n"


class Stream:
    """One open event stream: what it ``follows`` (a sheet, a seat) and the newest
    event not yet sent (a page that falls behind skips to the newest)."""

    def __init__(self, follows: Any) -> None:
        self.follows = follows
        self.pending: Event | None = None
        self.closed = False
        self._ready = asyncio.Event()

    def offer(self, event: Event) -> None:
        """``event`` as the newest, unless the stream is closed: its last event (the
        server's ``stopped``) stays the last, whatever a thread published after it."""
        if self.closed:
            return
        self.pending = event
        self._ready.set()

    def close(self) -> None:
        self.closed = True
        self._ready.set()

    async def next(self, timeout: float) -> Event | None:
        """The newest event, or None when none came within ``timeout`` seconds or the
        stream was closed with none."""
        try:
            await asyncio.wait_for(self._ready.wait(), timeout)
        except asyncio.TimeoutError:
            return None
        self._ready.clear()
        event, self.pending = self.pending, None
        return event


class Hub:
    """The open streams.  Used on the event loop's thread, but for ``followed``,
    which a thread that publishes may read."""

    def __init__(self, most: int = MOST_STREAMS) -> None:
        self.most = most
        self.streams: set[Stream] = set()
        self._followed: frozenset[Any] = frozenset()
        self.closed = False

    def open(self, follows: Any) -> Stream | None:
        """A new stream, or None when ``most`` are open or the server stops."""
        if self.closed or len(self.streams) >= self.most:
            return None
        stream = Stream(follows)
        self.streams.add(stream)
        self._followed = frozenset(s.follows for s in self.streams)
        return stream

    def drop(self, stream: Stream) -> None:
        self.streams.discard(stream)
        self._followed = frozenset(s.follows for s in self.streams)

    def followed(self) -> frozenset[Any]:
        return self._followed

    def publish(self, follows: Any, event: Event) -> None:
        for stream in self.streams:
            if stream.follows == follows:
                stream.offer(event)

    def close(self, last: Event | None = None) -> None:
        """The server stops: every stream is sent ``last`` (if any) and ends, so that
        no open page holds the stop up."""
        self.closed = True
        for stream in self.streams:
            if last is not None:
                stream.offer(last)
            stream.close()

    def full(self) -> Response:
        return error(503, f"this server keeps at most {self.most} pages live at once")


class EventStream(StreamingResponse):
    """Server-sent events on a stream already open in the hub: ``retry:``, the event
    ``first`` gives (if any), then each newer one, with a comment every
    ``HEARTBEAT_SECONDS``.  The stream is dropped when the answer ends, however it
    ends (even one never started: a page gone at once), and ``ended`` is called."""

    def __init__(
        self,
        hub: Hub,
        stream: Stream,
        first: Callable[[], Awaitable[Event]] | None = None,
        ended: Callable[[], object] | None = None,
    ) -> None:
        super().__init__(
            _events(stream, first),
            media_type="text/event-stream",
            headers={"X-Accel-Buffering": "no"},
        )
        self.hub = hub
        self.stream = stream
        self.ended = ended

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        try:
            await super().__call__(scope, receive, send)
        finally:
            self.hub.drop(self.stream)
            if self.ended is not None:
                self.ended()


async def _events(
    stream: Stream, first: Callable[[], Awaitable[Event]] | None
) -> AsyncIterator[str]:
    last = None if first is None else await first()
    yield f"retry: {RECONNECT_MILLISECONDS}\n\n" + ("" if last is None else last.text())
    while not stream.closed or stream.pending is not None:
        event = await stream.next(HEARTBEAT_SECONDS)
        if event is None:
            if stream.closed:
                break
            yield HEARTBEAT
        elif event != last:
            last = event
            yield event.text()
