"""The table code: what a page must send (the ``X-Table-Code`` header) to write.

A code drawn here holds 40 bits of ``secrets``' randomness, in an alphabet without the
characters a person misreads (0 and O, 1 and I); a code given with ``--code`` must be
at least 6 of those characters.  Codes are compared in constant time, and an address
that keeps sending wrong ones waits (``WrongCodes``)."""

from __future__ import annotations

import hmac
import secrets
import time
from collections import deque

CODE_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"  # 32 characters: 5 bits each
DRAWN_LENGTH = 8  # 40 bits
SHORTEST_GIVEN = 6
LONGEST_GIVEN = 64


class BadCode(ValueError):
    """A ``--code`` that is too short, too long or holds other characters; one line."""


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(DRAWN_LENGTH))


def code_to_serve(given: str | None, kept: str | None, draw_new: bool) -> str:
    """The code a server starts with: ``given`` (``--code``, checked), else ``kept``,
    the one the sheet was last served with, so that the phones' code still works
    after a restart, unless a new one is asked for (``--new-code``) or there is none."""
    if given is not None:
        return checked_code(given)
    if kept is not None and not draw_new:
        try:
            return checked_code(kept)
        except BadCode:  # a book changed by hand: a code is drawn instead
            pass
    return new_code()


def checked_code(given: str) -> str:
    """``given`` as the table code (upper case: a phone types either), or ``BadCode``."""
    code = given.strip().upper()
    if not SHORTEST_GIVEN <= len(code) <= LONGEST_GIVEN or any(
        char not in CODE_ALPHABET for char in code
    ):
        raise BadCode(
            f"a table code is {SHORTEST_GIVEN} to {LONGEST_GIVEN} of the letters and digits"
            f" {CODE_ALPHABET} (no 0, 1, I or O)"
        )
    return code


def code_matches(given: str | None, code: str) -> bool:
    """Whether ``given`` (a header's value, any case) is ``code``, in constant time."""
    if given is None:
        return False
    wanted = code.encode()
    return hmac.compare_digest(given.strip().upper().encode("utf-8", "replace"), wanted)


class WrongCodes:
    """Wrong codes by address: after ``allowed`` of them within ``window`` seconds an
    address is refused, even with the right code, until the oldest is that old (the
    40 bits of a drawn code already defeat guessing; this keeps a 6-character code
    safe too).  Remembers at most ``addresses`` addresses."""

    def __init__(
        self, allowed: int = 5, window: float = 60.0, addresses: int = 10_000
    ) -> None:
        self.allowed = allowed
        self.window = window
        self.addresses = addresses
        self._failures: dict[str, deque[float]] = {}

    def _recent(self, address: str, now: float) -> deque[float]:
        failures = self._failures.get(address, deque())
        while failures and now - failures[0] >= self.window:
            failures.popleft()
        if not failures:
            self._failures.pop(address, None)
        return failures

    def wait(self, address: str, now: float | None = None) -> float:
        """Seconds before ``address`` may try again (0: now)."""
        now = time.monotonic() if now is None else now
        failures = self._recent(address, now)
        if len(failures) < self.allowed:
            return 0.0
        return self.window - (now - failures[0])

    def failed(self, address: str, now: float | None = None) -> None:
        now = time.monotonic() if now is None else now
        failures = self._recent(address, now)
        if not failures and len(self._failures) >= self.addresses:
            self._failures.pop(next(iter(self._failures)))  # the longest remembered
        failures.append(now)
        self._failures[address] = failures

    def forgive(self, address: str) -> None:
        """The right code from ``address``: its wrong ones are forgotten."""
        self._failures.pop(address, None)
