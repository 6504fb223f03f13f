"""The table code: what a page must send (the ``X-Table-Code`` header) to write.

A code drawn here holds 50 bits of ``secrets``' randomness, in an alphabet without the
characters a person misreads (0 and O, 1 and I); a code given with ``--code`` must be
at least 6 of those characters.  Codes are compared in constant time, and wrong ones
are slowed down (``WrongCodes``): from one address, and from all addresses together.

Why 10 characters: the limit on wrong codes from all addresses together lets through
at most ``ALLOWED_IN_ALL`` = 60 a minute, 60 * 60 * 24 * 365 = 31.5 million a year,
however many addresses a guesser rotates through; 32 ** 10 = 1.1e15 codes, so a year
of guessing finds a drawn code with a chance of 3 in 100 million.  (Eight
characters, 1.1e12, would be 3 in 100,000 a year; a sheet keeps its code for as long
as it is served.)  A 6-character ``--code``, 1.07e9, still holds an evening: about 3%
for a whole year of guessing at the limit."""

from __future__ import annotations

import hmac
import secrets
import time
from collections import deque

CODE_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"  # 32 characters: 5 bits each
DRAWN_LENGTH = 10  # 50 bits
SHORTEST_GIVEN = 6
LONGEST_GIVEN = 64
ALLOWED_FROM_ONE = 5  # wrong codes a minute from one address
ALLOWED_IN_ALL = 60  # wrong codes a minute from all addresses together


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
    """Wrong codes, by address and in all.  After ``allowed`` of them from one address
    within ``window`` seconds, that address is refused, even with the right code,
    until the oldest is that old; after ``allowed_in_all`` from all addresses
    together, so is every address that has not given the right code (a guesser who
    rotates addresses gets no further; a phone that already holds the code goes on).
    Remembers at most ``addresses`` addresses of each kind."""

    def __init__(
        self,
        allowed: int = ALLOWED_FROM_ONE,
        allowed_in_all: int = ALLOWED_IN_ALL,
        window: float = 60.0,
        addresses: int = 10_000,
    ) -> None:
        self.allowed = allowed
        self.window = window
        self.addresses = addresses
        self._failures: dict[str, deque[float]] = {}
        self._all: deque[float] = deque(maxlen=allowed_in_all)
        self._known: dict[str, None] = {}  # addresses that gave the right code, oldest first

    def _recent(self, failures: deque[float], now: float) -> deque[float]:
        while failures and now - failures[0] >= self.window:
            failures.popleft()
        return failures

    def wait(self, address: str, now: float | None = None) -> float:
        """Seconds before ``address`` may try again (0: now)."""
        now = time.monotonic() if now is None else now
        failures = self._recent(self._failures.get(address, deque()), now)
        if not failures:
            self._failures.pop(address, None)
        waits = [0.0]
        if len(failures) >= self.allowed:
            waits.append(self.window - (now - failures[0]))
        in_all = self._recent(self._all, now)
        if len(in_all) == in_all.maxlen and address not in self._known:
            waits.append(self.window - (now - in_all[0]))
        return max(waits)

    def failed(self, address: str, now: float | None = None) -> None:
        now = time.monotonic() if now is None else now
        failures = self._recent(self._failures.get(address, deque()), now)
        _remember(self._failures, address, failures, self.addresses)
        failures.append(now)
        self._all.append(now)

    def forgive(self, address: str) -> None:
        """The right code from ``address``: its wrong ones are forgotten, and it goes on
        while guessers from elsewhere are held back."""
        self._failures.pop(address, None)
        _remember(self._known, address, None, self.addresses)


def _remember(table: dict, address: str, value: object, most: int) -> None:
    """``table[address] = value``, as the newest, forgetting the oldest past ``most``."""
    table.pop(address, None)
    if len(table) >= most:
        table.pop(next(iter(table)))
    table[address] = value
