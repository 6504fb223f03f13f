"""A line on a terminal that says what the program is busy with: who is thinking in
a game, how far a review or a simulation has got.

The line is written in place, after a carriage return, and blanked with spaces when
the work is done, so it needs no escape code of any kind (under ``NO_COLOR`` or
``TERM=dumb`` none is written, and nowhere else is one needed).  Off a terminal (a
pipe, a file) nothing is written: a status is for a person watching the screen.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import IO, TypeVar

from .keyboard import ascii_only, terminal_columns
from .text import escaped, in_ascii

Item = TypeVar("Item")
_NONE_LEFT = object()  # what ``next`` gives once the items run out


class StatusLine:
    """One line of ``stream`` for what is being done now (``show``), gone when it is
    done (``clear``).  ``active`` is False off a terminal: then it writes nothing."""

    def __init__(self, stream: IO[str], active: bool | None = None) -> None:
        self.stream = stream
        self.active = stream.isatty() if active is None else active
        self._plain = self.active and ascii_only(stream)
        self._shown = 0  # characters of the line now on the screen (0: none)
        self._lock = threading.Lock()  # a timer's thread may show what the main one clears

    def show(self, words: str) -> None:
        """``words`` on the status line, in place of what it said before; one line,
        cut short to the terminal's width."""
        if not self.active:
            return
        text = in_ascii(escaped(words)) if self._plain else escaped(words)
        text = text[: max((terminal_columns(self.stream) or 80) - 1, 1)]
        with self._lock:
            self._write(f"\r{' ' * self._shown}\r{text}")
            self._shown = len(text)

    def clear(self) -> None:
        """Blank the status line, if anything is on it, and leave the cursor at its
        start for the next line."""
        with self._lock:
            if self._shown:
                self._write(f"\r{' ' * self._shown}\r")
                self._shown = 0

    def _write(self, text: str) -> None:
        self.stream.write(text)
        self.stream.flush()

    @contextmanager
    def after(self, seconds: float, words: str) -> Iterator[None]:
        """``words`` shown once the block has run ``seconds`` (a wait that long is
        said; a quick one is not), and cleared when it ends."""
        if not self.active:
            yield
            return
        timer = threading.Timer(seconds, self.show, (words,))
        timer.daemon = True  # a program stopped mid-wait does not wait for the timer
        timer.start()
        try:
            yield
        finally:
            timer.cancel()
            timer.join()  # a status being shown now is on the screen before it is cleared
            self.clear()

    @contextmanager
    def counting(
        self, items: Iterable[Item], total: int, words: Callable[[int, int], str]
    ) -> Iterator[Iterator[Item]]:
        """``items`` one by one, the status line saying ``words(number, total)`` from
        the moment the item numbered ``number`` (from 1) is asked for until the next
        one is; cleared at the end, however the work ends."""
        try:
            yield self._announced(iter(items), total, words)
        finally:
            self.clear()

    def _announced(
        self, items: Iterator[Item], total: int, words: Callable[[int, int], str]
    ) -> Iterator[Item]:
        for number in range(1, total + 1):
            self.show(words(number, total))
            item = next(items, _NONE_LEFT)
            if item is _NONE_LEFT:
                return
            yield item
