"""A seat at a table kept elsewhere, as a terminal sits at it (``terminal.at_table``):
the ``SeatConnection`` it goes through, in the host's own process (``serve.own_seat``)
or over HTTP (``serve.client``), and what can stop it.  No Click, no web."""

from __future__ import annotations

from typing import Protocol


class TableStopped(Exception):
    """The host stopped the table (its game is kept on the host's machine)."""


class TableRefused(Exception):
    """The table refused a request: its HTTP status and its one line."""

    def __init__(self, status: int, line: str) -> None:
        super().__init__(line)
        self.status = status
        self.line = line


class TableUnreachable(Exception):
    """The table does not answer (the network, or the host's machine, is gone)."""


class SeatConnection(Protocol):
    """A seat at a table, as a terminal sits at it."""

    def lines(self, after: int | None) -> dict:
        """The seat's screen after line ``after`` (None: from the hand in play) and
        its game object: ``{"after", "next", "count", "lines", "contract", "table",
        "game"}`` (``TableKeeper.seat_lines``)."""
        ...

    def act(self, text: str) -> dict:
        """The seat's action (``play:JH``); ``TableRefused`` when the table refuses."""
        ...

    def wait(self, seconds: float) -> bool:
        """Wait up to ``seconds`` for a change at the table: True when one came (or may
        have); ``TableStopped`` when the host stopped the table."""
        ...

    def hand_over(self, seat: int) -> None:
        """Hand the gone person's ``seat`` to the computer until they are back (the
        host's terminal and a joiner hold the table code it needs); ``TableRefused``
        when the table refuses."""
        ...
