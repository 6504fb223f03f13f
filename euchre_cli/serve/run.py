"""Serving the scoreboard: the socket it listens on, uvicorn, and a clean stop.

The socket is bound here, before uvicorn starts, so that ``--port 0`` has its real
port to print, and a port in use or an address this machine lacks is a one-line
``ListenError`` rather than a log line and an exit of uvicorn's."""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Callable

LOOPBACK = "127.0.0.1"
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
        listener.listen(128)
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


def serve_forever(app: object, listener: socket.socket, on_stop: Callable[[], None]) -> None:
    """Serve ``app`` on ``listener`` until Ctrl-C (or SIGTERM), which uvicorn turns into
    a graceful stop and then raises again (``KeyboardInterrupt``); ``on_stop`` runs as
    the stop begins, to end the event streams that would otherwise hold it up."""
    import uvicorn

    class Server(uvicorn.Server):
        async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
            on_stop()
            await super().shutdown(sockets)

    config = uvicorn.Config(
        app,  # type: ignore[arg-type]
        log_level="warning",
        access_log=False,
        lifespan="on",
        proxy_headers=False,  # the address a code is tried from is the peer's own
        server_header=False,
        timeout_graceful_shutdown=2,
    )
    Server(config).run(sockets=[listener])
