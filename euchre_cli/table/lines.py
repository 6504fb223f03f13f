"""A seat's screen as numbered lines, for a person who sits at the table from a
terminal elsewhere (``euchre join``, or the host's own terminal): the lines that
``euchre play``'s screen would print for that seat, kept in order, so that the
terminal asks for the ones after the last it showed.

A line is its text and its style marks (``[start, end, kind]``: ``red``, ``bold``,
``dim``), never an escape code: the terminal that shows it styles it in its own way,
and escapes what it must not obey (``terminal.marks``).  Lines are numbered from 1;
``hand_start`` is the number of lines said before the current hand's, so that a
terminal joining again starts at the hand in play.  Written by the one thread that
keeps the table, read by any."""

from __future__ import annotations

import threading
from typing import NamedTuple

MOST_LINES_AT_ONCE = 500  # lines in one answer: a terminal far behind asks again


class Line(NamedTuple):
    """One line of a seat's screen (it may hold new lines: a table, the markers)."""

    text: str
    marks: tuple[tuple[int, int, str], ...] = ()

    def facts(self) -> dict:
        return {"text": self.text, "marks": [list(mark) for mark in self.marks]}


class LineLog:
    """The lines of one seat's screen, numbered from 1."""

    def __init__(self) -> None:
        self._lines: list[Line] = []
        self._hand_start = 0
        self._lock = threading.Lock()

    def add(self, line: Line) -> None:
        with self._lock:
            self._lines.append(line)

    def new_hand(self) -> None:
        """The next lines are a new hand's."""
        with self._lock:
            self._hand_start = len(self._lines)

    @property
    def count(self) -> int:
        return len(self._lines)

    @property
    def hand_start(self) -> int:
        return self._hand_start

    def after(self, number: int | None, most: int = MOST_LINES_AT_ONCE) -> tuple[int, list[Line]]:
        """The first line's number less one, and up to ``most`` lines after line
        ``number`` (None: from the start of the hand in play)."""
        with self._lock:
            start = self._hand_start if number is None else max(0, min(number, len(self._lines)))
            return start, self._lines[start : start + most]
