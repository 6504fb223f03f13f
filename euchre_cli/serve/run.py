"""Serving the scoreboard or the table: the socket it listens on, uvicorn, and a clean
stop.

The socket is bound here, before uvicorn starts, so that ``--port 0`` has its real
port to print, and a port in use or an address this machine lacks is a one-line
``ListenError`` rather than a log line and an exit of uvicorn's.

Connections are bounded (``_bounded_http``): uvicorn reads a request head for as long
as a client likes and keeps every connection it accepts, so 1,100 idle connections
under ``ulimit -n 1024`` used up the open files, the page could no longer be reached,
and asyncio wrote a traceback for each accept it could not make."""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import socket
import time
from collections.abc import Callable
from typing import Any, NamedTuple

LOOPBACK = "127.0.0.1"
REQUEST_SECONDS = 10.0  # a whole request, from the connection's start or last answer
KEEP_ALIVE_SECONDS = 5  # an idle connection kept open for the page's next request
MOST_CONNECTIONS = 500  # open at once: a table has a dozen pages, and 200 streams at most
RESERVED_FILES = 128  # open files kept for the book's connections, threads and the loop
BACKLOG = 64  # connections waiting to be accepted, and accepted at once (each a file)
QUIET_SECONDS = 60.0  # the same complaint of the event loop's logged once in this time
ANY_ADDRESS = ("0.0.0.0", "::")
_OUTSIDE = ("192.0.2.1", 9)  # TEST-NET-1: only routed, never sent to (see lan_address)


class ListenError(Exception):
    """An address or port the server cannot listen on; one line."""


def lan_address() -> str:
    """This machine's address on the local network: the one a packet to the outside
    would leave from (a UDP socket "connected" there sends nothing)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(_OUTSIDE)
            address = probe.getsockname()[0]
        except OSError:
            address = LOOPBACK
    if address.startswith("127.") or address == "0.0.0.0":
        raise ListenError("this machine has no local network address: give --host ADDR")
    return address


def is_loopback(host: str) -> bool:
    """Whether ``host`` names this machine only (127.x.y.z, ::1, localhost): no phone
    can reach an address of it."""
    if host.lower().rstrip(".") == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def listening_socket(host: str, port: int) -> socket.socket:
    """A TCP socket bound to ``host`` and ``port`` (0: any free port), listening."""
    try:
        family, kind, protocol, _, address = socket.getaddrinfo(
            host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
        )[0]
        listener = socket.socket(family, kind, protocol)
    except (OSError, UnicodeError, ValueError) as problem:
        raise ListenError(f"cannot listen on {host!r}: {_reason(problem)}") from None
    try:
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(address)
        listener.listen(BACKLOG)
    except OSError as problem:
        listener.close()
        raise ListenError(f"cannot listen on {host} port {port}: {_reason(problem)}") from None
    return listener


def _reason(problem: Exception) -> str:
    return getattr(problem, "strerror", None) or str(problem) or type(problem).__name__


def host_names(listen_on: str, shown_host: str) -> set[str]:
    """The names a page may give this server in its Host header: the address shown
    (and listened on), this machine's own names, and loopback's."""
    machine = socket.gethostname().lower()
    names = {shown_host, machine, f"{machine}.local", "localhost", "127.0.0.1", "::1"}
    if listen_on not in ANY_ADDRESS:
        names.add(listen_on)
    return {f"[{name}]" if ":" in name else name.lower() for name in names}


def address_url(listener: socket.socket, shown_host: str) -> str:
    """``http://HOST:PORT/`` for the port ``listener`` holds, as a phone types it."""
    port = listener.getsockname()[1]
    host = f"[{shown_host}]" if ":" in shown_host else shown_host
    return f"http://{host}:{port}/"


class Listening(NamedTuple):
    """A server's socket, listening: the address shown to the phones, the page's
    ``url``, and the names its Host header may give (``host_names``)."""

    socket: socket.socket
    shown: str
    url: str
    hosts: set[str]

    @property
    def reachable(self) -> bool:
        """Whether a phone can reach the address shown (no loopback address)."""
        return not is_loopback(self.shown)


def listen(lan: bool, host: str | None, port: int) -> Listening:
    """Listen where a command was told: on the local network (``lan``), on ``host``,
    or on this machine only; ``ListenError`` when it cannot."""
    listen_on = "0.0.0.0" if lan else host or LOOPBACK
    shown = lan_address() if listen_on in ANY_ADDRESS else listen_on
    listener = listening_socket(listen_on, port)
    return Listening(listener, shown, address_url(listener, shown), host_names(listen_on, shown))


def run_until_stopped(app: object, listening: Listening, on_stop: Callable[[], None]) -> None:
    """``serve_forever`` until Ctrl-C (or where Ctrl-C was ignored, as in ``cmd &``,
    until uvicorn stops), the socket closed after."""
    try:
        serve_forever(app, listening.socket, on_stop)
    except KeyboardInterrupt:  # uvicorn raises the signal again once it has stopped
        pass
    finally:
        listening.socket.close()


def most_connections() -> int:
    """Connections open at once: ``MOST_CONNECTIONS``, fewer where the limit on open
    files leaves less than that beside ``RESERVED_FILES`` and the ``BACKLOG`` (asyncio
    accepts that many at once, each a file, before any of them can be closed)."""
    try:
        import resource
    except ImportError:  # not a POSIX system: its own limits
        return MOST_CONNECTIONS
    files, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    if files == resource.RLIM_INFINITY:
        return MOST_CONNECTIONS
    return max(8, min(MOST_CONNECTIONS, files - RESERVED_FILES - BACKLOG))


def _bounded_http(most: int) -> type[asyncio.Protocol]:
    """uvicorn's HTTP/1.1, bounded.  A connection must send a whole request within
    ``REQUEST_SECONDS`` of opening or of its last answer, else it is closed (uvicorn
    waits for a head for ever).  At ``most`` connections a new one closes the oldest
    idle one (no request in hand: connected and silent, halfway through a head, or
    kept alive), else itself, so that an idle crowd never shuts out a page and the
    open files never run out (uvicorn's ``limit_concurrency`` counts idle connections
    too and answers 503 to every request past it: the crowd would win)."""
    from uvicorn.protocols.http.h11_impl import H11Protocol

    open_now: dict[Any, None] = {}  # oldest first

    class BoundedHTTP(H11Protocol):
        def connection_made(self, transport: asyncio.BaseTransport) -> None:
            super().connection_made(transport)  # type: ignore[arg-type]
            self._deadline = self.loop.call_later(REQUEST_SECONDS, self._too_slow)
            open_now[self] = None
            if len(open_now) > most:  # forgotten at once: each of a burst closes another
                oldest_idle = next(other for other in open_now if other.idle() or other is self)
                del open_now[oldest_idle]
                oldest_idle.transport.close()

        def connection_lost(self, exc: Exception | None) -> None:
            open_now.pop(self, None)
            self._deadline.cancel()
            super().connection_lost(exc)

        def data_received(self, data: bytes) -> None:
            super().data_received(data)
            if not self.idle() and not self.cycle.more_body:  # the whole request is here
                self._deadline.cancel()

        def on_response_complete(self) -> None:
            super().on_response_complete()
            self._deadline.cancel()
            self._deadline = self.loop.call_later(REQUEST_SECONDS, self._too_slow)

        def idle(self) -> bool:
            return self.cycle is None or self.cycle.response_complete

        def _too_slow(self) -> None:
            if self.idle() or self.cycle.more_body:
                self.transport.close()

    return BoundedHTTP


class _OneLine:
    """The event loop's complaints (an accept that failed: too many open files) as
    one line each, the same one at most once in ``QUIET_SECONDS``, where asyncio writes
    a traceback for each of them, every second."""

    def __init__(self) -> None:
        self.said: dict[str, float] = {}

    def __call__(self, loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        problem = context.get("exception")
        line = context.get("message", "") + (f": {problem}" if problem else "")
        now = time.monotonic()
        if now - self.said.get(line, -QUIET_SECONDS) >= QUIET_SECONDS:
            self.said[line] = now
            logging.getLogger("uvicorn.error").warning(line)


def serve_forever(app: object, listener: socket.socket, on_stop: Callable[[], None]) -> None:
    """Serve ``app`` on ``listener`` until Ctrl-C (or SIGTERM), which uvicorn turns into
    a graceful stop and then raises again (``KeyboardInterrupt``); ``on_stop`` runs as
    the stop begins, to end the event streams that would otherwise hold it up."""
    _server(app, on_stop).run(sockets=[listener])


def _server(app: object, on_stop: Callable[[], None]) -> Any:
    """uvicorn's server for ``app``, bounded, quiet, ``on_stop`` run as it stops."""
    import uvicorn

    class Server(uvicorn.Server):
        async def startup(self, sockets: list[socket.socket] | None = None) -> None:
            asyncio.get_running_loop().set_exception_handler(_OneLine())
            await super().startup(sockets)

        async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
            on_stop()
            await super().shutdown(sockets)

    config = uvicorn.Config(
        app,  # type: ignore[arg-type]
        http=_bounded_http(most_connections()),
        log_level="warning",
        access_log=False,
        lifespan="on",
        proxy_headers=False,  # the address a code is tried from is the peer's own
        server_header=False,
        timeout_keep_alive=KEEP_ALIVE_SECONDS,
        backlog=BACKLOG,
        timeout_graceful_shutdown=2,
    )
    return Server(config)


class ServedAside:
    """``app`` served on ``listening`` in a thread of its own, while this one does
    something else (the host plays at the terminal): ``stop`` stops it as Ctrl-C
    would, ``on_stop`` run as the stop begins, and closes the socket."""

    START_SECONDS = 10.0  # the server up and the app's lifespan begun, at most this long

    def __init__(self, app: object, listening: Listening, on_stop: Callable[[], None]) -> None:
        import threading

        self.listening = listening
        self.server = _server(app, on_stop)
        self.thread = threading.Thread(
            target=self.server.run, kwargs={"sockets": [listening.socket]}, daemon=True,
            name="table server",
        )  # fmt: skip

    def start(self) -> bool:
        """Start serving; False when the server did not start within ``START_SECONDS``."""
        self.thread.start()
        deadline = time.monotonic() + self.START_SECONDS
        while not self.server.started and self.thread.is_alive():
            if time.monotonic() > deadline:
                return False
            time.sleep(0.01)
        return self.server.started

    def stop(self, seconds: float = 10.0) -> None:
        """Stop serving (the streams told first), waiting at most ``seconds``."""
        self.server.should_exit = True
        self.thread.join(seconds)
        self.listening.socket.close()
