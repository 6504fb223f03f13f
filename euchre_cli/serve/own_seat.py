"""The host's own seat, in the host's own process (``euchre host`` without
``--watch``): a ``terminal.at_table.SeatConnection`` that hands the keeper the same
jobs the API's requests hand it, and follows the seat's event stream on the server's
event loop as a page does (so the seat counts as connected), without HTTP."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import TimeoutError as FutureTimeout
from functools import partial
from typing import Any, TypeVar

from ..refusals import Refusal
from ..table.remote import TableRefused, TableStopped
from .floor import Hub, Refused, Stream
from .hosting import refused
from .keeper import TableKeeper

Result = TypeVar("Result")
JOB_SECONDS = 30.0  # a job of the keeper's answers within this, or the table is stuck


class KeeperSeat:
    """The seat ``key`` opens at the table ``keeper`` keeps, its stream on ``hub``
    (the server's: ``begin`` once the server runs)."""

    def __init__(self, keeper: TableKeeper, hub: Hub, key: str) -> None:
        self.keeper = keeper
        self.hub = hub
        self.key = key
        self.stream: Stream | None = None

    def _on_loop(self, work: Callable[[], Result]) -> Result:
        loop = self.keeper.loop
        if loop is None or loop.is_closed():
            raise TableStopped

        async def run() -> Result:
            return work()

        return asyncio.run_coroutine_threadsafe(run(), loop).result(JOB_SECONDS)

    def begin(self) -> None:
        """Follow the seat's stream, as a page does: the seat is connected."""
        self.stream = self._on_loop(partial(self.hub.open, self.key))
        self.keeper.submit(self.keeper.streams_changed)

    def end(self) -> None:
        stream = self.stream
        if stream is not None:
            self.stream = None
            try:
                self._on_loop(partial(self.hub.drop, stream))
            except (TableStopped, RuntimeError, FutureTimeout):
                return
            self.keeper.submit(self.keeper.streams_changed)

    def _job(self, job: Callable[[], Any]) -> Any:
        try:
            return self.keeper.submit(job).result(JOB_SECONDS)
        except (Refused, Refusal) as problem:
            status, line = refused(problem)
            if status == 503 and isinstance(problem, Refused):
                raise TableStopped from None
            raise TableRefused(status, line) from None

    def lines(self, after: int | None) -> dict:
        return self._job(partial(self.keeper.seat_lines, self.key, after))

    def act(self, text: str) -> dict:
        return self._job(partial(self.keeper.act, self.key, text))

    def hand_over(self, seat: int) -> None:
        self._job(partial(self.keeper.take_over, seat))

    def wait(self, seconds: float) -> bool:
        stream = self.stream
        if stream is None:
            raise TableStopped
        try:
            event = self._on_loop_async(stream.next(seconds), seconds + JOB_SECONDS)
        except (RuntimeError, FutureTimeout):  # the loop has stopped
            raise TableStopped from None
        if (event is not None and event.name == "stopped") or (event is None and stream.closed):
            raise TableStopped
        return event is not None

    def _on_loop_async(self, coroutine: Any, seconds: float) -> Any:
        loop = self.keeper.loop
        if loop is None or loop.is_closed():
            coroutine.close()
            raise TableStopped
        return asyncio.run_coroutine_threadsafe(coroutine, loop).result(seconds)
