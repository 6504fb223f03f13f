"""A seat at someone else's table over HTTP (``euchre join``): the invite link read,
and a ``table.remote.SeatConnection`` over the table's JSON API (docs/api.md), with
the standard library alone (``http.client``), so that joining needs no ``[serve]``
extra.

The seat's event stream is followed in a thread of its own (the seat counts as
connected, and a change wakes the terminal at once); requests are made one at a time
from the terminal's thread.  A table that never answered is "no server there" at
once; one that answered and then stops answering is tried again every second for
``RETRY_SECONDS``, the terminal told so (``on_retry``), before giving up; a table that
says it stopped (its stream's ``stopped`` event, or a 503 saying so) is
``TableStopped``; ``wait_for_resume`` then tries the seat's stream again every second,
quietly, for ``RETRY_SECONDS``: the table the host resumes (``euchre host --resume``:
the same address, code and keys) opens it and sends the game, a stopped one never
does."""

from __future__ import annotations

import contextlib
import http.client
import json
import threading
import time
import urllib.parse
from collections.abc import Callable
from typing import NamedTuple

from ..limits import decode_json
from ..table.remote import TableRefused, TableStopped, TableUnreachable

RETRY_SECONDS = 120.0  # a table that answered before is tried again this long
REQUEST_SECONDS = 15.0  # one request's answer, at most
STREAM_SECONDS = 40.0  # silence on the event stream (the server speaks every 15 s)
MOST_ANSWER_BYTES = 8 * 1024 * 1024  # an answer larger than this is no table's
MOST_LINE_BYTES = 1024 * 1024  # one line of the event stream
STOPPED_WORDS = "the host stopped the table"


class BadInvite(ValueError):
    """A link that is not an invite to a table: one line."""


class Invite(NamedTuple):
    """Where a table is and its code, from ``http://HOST:PORT/#code=CODE``."""

    host: str
    port: int
    code: str

    @property
    def address(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host}:{self.port}/"


def read_invite(link: str) -> Invite:
    """The invite the host printed (``http://HOST:PORT/#code=CODE``); ``BadInvite``
    says what is wrong with another."""
    text = link.strip()
    if "://" not in text:
        text = "http://" + text
    try:
        parts = urllib.parse.urlsplit(text)
        port = parts.port
    except ValueError as problem:
        raise BadInvite(f"{link!r} is not a link: {problem}") from None
    if parts.scheme != "http":
        raise BadInvite(f"a table is served over http://, not {parts.scheme}://")
    if not parts.hostname:
        raise BadInvite(f"{link!r} names no host: give the link as the host printed it")
    codes = urllib.parse.parse_qs(parts.fragment).get("code") or [""]
    code = codes[0].strip()
    if not code:
        raise BadInvite(
            "the link holds no table code: give the whole link the host printed, with its #code=..."
        )
    return Invite(parts.hostname, 80 if port is None else port, code)


class HttpSeat:
    """The table at ``invite``, and the seat ``key`` opens there (None until it is
    taken: ``join``).  ``on_retry`` is told each try at a table that stopped
    answering ("... trying again, 12 s"), ``on_back`` when it answers again;
    ``on_stopped``, from the stream's thread, when the host stops the table (told
    once a stop, whoever hears of it first)."""

    def __init__(
        self,
        invite: Invite,
        key: str | None = None,
        on_retry: Callable[[str], None] | None = None,
        on_back: Callable[[], None] | None = None,
        retry_seconds: float = RETRY_SECONDS,
        on_stopped: Callable[[], None] | None = None,
    ) -> None:
        self.invite = invite
        self.key = key
        self.on_retry = on_retry or (lambda words: None)
        self.on_back = on_back or (lambda: None)
        self.on_stopped = on_stopped or (lambda: None)
        self.retry_seconds = retry_seconds
        self.reached = False  # the table has answered once
        self.stopped = False  # the table said the host stopped it
        self._stopped_at = 0.0
        self._lock = threading.Lock()
        self._changed = threading.Event()
        self._closed = False
        self._following = 0  # which follower of the stream is the live one
        self._follower: threading.Thread | None = None
        self._stream: http.client.HTTPConnection | None = None

    # Requests ---------------------------------------------------------------------------
    def _headers(self, code: bool, key: bool) -> dict[str, str]:
        headers = {"Accept": "application/json"}
        if code:
            headers["X-Table-Code"] = self.invite.code
        if key and self.key is not None:
            headers["X-Seat-Key"] = self.key
        return headers

    def request(
        self, method: str, path: str, body: object = None, *, code: bool = False, key: bool = True
    ) -> tuple[int, dict]:
        """The table's status and JSON answer, tried again while the network is gone
        (see the module); ``TableUnreachable`` once it gives up, ``TableStopped`` when
        the host stopped the table."""
        first_failure = None
        while True:
            try:
                answer = self._once(method, path, body, self._headers(code, key))
            except (OSError, http.client.HTTPException) as problem:
                if self.stopped:
                    raise TableStopped from None
                if not self.reached:
                    raise TableUnreachable(
                        f"no table answers at {self.invite.address} ({_reason(problem)})"
                    ) from None
                now = time.monotonic()
                first_failure = now if first_failure is None else first_failure
                waited = now - first_failure
                if waited >= self.retry_seconds:
                    raise TableUnreachable(
                        f"the table at {self.invite.address} has not answered for"
                        f" {int(waited)} s ({_reason(problem)}): the network or the host's"
                        " machine is gone"
                    ) from None
                self.on_retry(
                    f"The table at {self.invite.address} does not answer ({_reason(problem)}):"
                    f" trying again, {int(waited)} s"
                )
                time.sleep(1.0)
                continue
            if first_failure is not None:
                self.on_back()
            self.reached = True
            status, data = answer
            if status == 503 and STOPPED_WORDS in str(data.get("error", "")):
                self._stop()
                raise TableStopped
            return answer

    def _once(self, method: str, path: str, body: object, headers: dict) -> tuple[int, dict]:
        connection = http.client.HTTPConnection(
            self.invite.host, self.invite.port, timeout=REQUEST_SECONDS
        )
        try:
            payload = None
            if body is not None:
                payload = json.dumps(body).encode()
                headers = {**headers, "Content-Type": "application/json"}
            connection.request(method, path, body=payload, headers=headers)
            response = connection.getresponse()
            raw = response.read(MOST_ANSWER_BYTES + 1)
            status = response.status
        finally:
            connection.close()
        if len(raw) > MOST_ANSWER_BYTES:
            raise TableRefused(502, f"the answer from {self.invite.address} is too large")
        try:
            data = decode_json(raw.decode("utf-8")) if raw.strip() else {}
        except (UnicodeDecodeError, ValueError):
            raise TableRefused(
                502, f"{self.invite.address} does not answer as a table does (not JSON)"
            ) from None
        if not isinstance(data, dict):
            raise TableRefused(502, f"{self.invite.address} does not answer as a table does")
        return status, data

    def _ok(self, answer: tuple[int, dict], *expected: int) -> dict:
        status, data = answer
        if status not in expected:
            line = data.get("error")
            raise TableRefused(status, line if isinstance(line, str) else f"HTTP {status}")
        return data

    def table(self) -> dict:
        """Who sits where (``GET /api/table``)."""
        return self._ok(self.request("GET", "/api/table", key=False), 200)

    def join(self, name: str, seat: int) -> dict:
        """Take ``seat`` as ``name``: the seat's key is kept (``POST /api/join``)."""
        body = {"name": name, "seat": seat}
        joined = self._ok(self.request("POST", "/api/join", body, code=True, key=False), 201)
        key = joined.get("key")
        if not isinstance(key, str) or not key:
            raise TableRefused(502, f"{self.invite.address} gave no seat key")
        self.key = key
        return joined

    def game(self) -> dict:
        return self._ok(self.request("GET", "/api/game"), 200)

    def rules(self) -> dict:
        return self._ok(self.request("GET", "/api/rules", key=False), 200)

    # The seat (``SeatConnection``) ------------------------------------------------------
    def lines(self, after: int | None) -> dict:
        path = "/api/lines" if after is None else f"/api/lines?after={int(after)}"
        return self._ok(self.request("GET", path), 200)

    def act(self, text: str) -> dict:
        return self._ok(self.request("POST", "/api/actions", {"action": text}), 200)

    def hand_over(self, seat: int) -> None:
        body = {"seat": seat}
        self._ok(self.request("POST", "/api/takeover", body, code=True, key=False), 200)

    def wait(self, seconds: float) -> bool:
        changed = self._changed.wait(seconds)
        self._changed.clear()
        if self.stopped:
            raise TableStopped
        return changed

    def _stop(self) -> bool:
        """The host stopped the table: True when this is the first to say so."""
        with self._lock:
            first = not self.stopped
            if first:
                self.stopped, self._stopped_at = True, time.monotonic()
            return first

    def wait_for_resume(self) -> None:
        """After the host stopped the table: the seat's stream tried again every
        second, quietly, until it opens and sends the game (the table the host resumed,
        followed from then on as before), for ``retry_seconds`` since the stop, then
        ``TableStopped``.  A key the table at that address refuses is ``TableRefused``
        (403: another table there now)."""
        with self._lock:
            self._following += 1  # the stopped table's follower ends
        stream = self._stream
        if stream is not None:
            with contextlib.suppress(OSError):
                stream.close()
        while not self._resumed():
            left = self._stopped_at + self.retry_seconds - time.monotonic()
            if left <= 0:
                raise TableStopped
            time.sleep(min(1.0, left))
        with self._lock:
            self.stopped = False
        self._changed.set()
        self.begin()

    def _resumed(self) -> bool:
        """The seat's stream opens and sends the game: a stopped server answers none
        (its streams are closed for good)."""
        connection = http.client.HTTPConnection(
            self.invite.host, self.invite.port, timeout=REQUEST_SECONDS
        )
        try:
            connection.request("GET", "/api/events", headers=self._headers(False, True))
            response = connection.getresponse()
            if response.status == 403:
                try:
                    line = decode_json(response.read(MOST_ANSWER_BYTES).decode()).get("error")
                except (UnicodeDecodeError, ValueError, AttributeError):
                    line = None
                raise TableRefused(403, line if isinstance(line, str) else "HTTP 403")
            if response.status != 200:
                return False
            while True:
                line = response.readline(MOST_LINE_BYTES)
                if not line:
                    return False
                if line.decode("utf-8", "replace").strip() == "event: game":
                    return True
        except (OSError, http.client.HTTPException):
            return False
        finally:
            connection.close()

    # The seat's event stream ------------------------------------------------------------
    def begin(self) -> None:
        """Follow the seat's event stream, in a thread of its own, from now on."""
        with self._lock:
            self._following += 1
            following = self._following
        self._follower = threading.Thread(
            target=self._follow, args=(following,), name="seat stream", daemon=True
        )
        self._follower.start()

    def end(self) -> None:
        self._closed = True
        stream = self._stream
        if stream is not None:
            with contextlib.suppress(OSError):
                stream.close()

    def _live(self, following: int) -> bool:
        return not self._closed and not self.stopped and following == self._following

    def _follow(self, following: int) -> None:
        while self._live(following):
            # any failure (the network, the server gone, the stream closed under the
            # reader by ``end``) is a stream to open again, or the end
            with contextlib.suppress(Exception):
                self._read_stream(following)
            if following != self._following:
                return  # another follows now
            self._changed.set()  # the stream broke: the terminal asks where things stand
            if self._live(following):
                time.sleep(1.0)

    def _read_stream(self, following: int) -> None:
        connection = http.client.HTTPConnection(
            self.invite.host, self.invite.port, timeout=STREAM_SECONDS
        )
        self._stream = connection
        try:
            connection.request("GET", "/api/events", headers=self._headers(False, True))
            response = connection.getresponse()
            if response.status != 200:
                response.read(MOST_ANSWER_BYTES)
                return
            name = ""
            while not self._closed and following == self._following:
                line = response.readline(MOST_LINE_BYTES)
                if not line:
                    return
                text = line.decode("utf-8", "replace").rstrip("\r\n")
                if text.startswith("event:"):
                    name = text[6:].strip()
                elif not text:  # the end of an event
                    if name == "stopped" and self._stop():
                        self.on_stopped()
                    if name:
                        self._changed.set()
                    name = ""
        finally:
            if self._stream is connection:
                self._stream = None
            connection.close()


def _reason(problem: BaseException) -> str:
    if isinstance(problem, ConnectionRefusedError):
        return "connection refused"
    if isinstance(problem, TimeoutError):
        return "no answer in time"
    words = getattr(problem, "strerror", None) or str(problem) or type(problem).__name__
    return words[0].lower() + words[1:] if words else words
