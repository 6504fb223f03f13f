"""The live part of the scoreboard: a thread that watches the book and feeds the
event streams (``floor.Hub``).

Every entry, whoever makes it (a page, ``score keep``, ``score hand`` in a terminal),
is a commit to the book, and SQLite's ``data_version`` changes with each commit of
another connection: ``BookWatcher`` polls it (every ``POLL_SECONDS``), reads again the
sheet each open stream follows, and hands the ``Hub`` an event where the sheet changed;
a write of the server's own hands it the new sheet at once.  A stream holds only the latest event (a
sheet object is the whole state: a page that falls behind skips to the newest), so a
slow phone never holds up the others nor fills the server's memory."""

from __future__ import annotations

import asyncio
import json
import threading

from ..book import Book, BookError, open_book
from .floor import Event, Hub, Refused
from .sheets import ServedSheets

POLL_SECONDS = 0.2


def sheet_event(sheets: ServedSheets, sheet: str | None) -> Event:
    """The event that says where sheet ``sheet`` (None: the served one) stands now:
    ``sheet`` (data: the sheet object) or ``error`` (data: ``{"error": line}``, when
    the sheet followed cannot be read, deleted say)."""
    try:
        return Event("sheet", json.dumps(sheets.sheet_json(sheet)))
    except Refused as refused:
        return Event("error", json.dumps({"error": refused.line}))


class BookWatcher(threading.Thread):
    """Polls the book's ``data_version`` on a connection of its own and publishes each
    followed sheet that changed to the hub, on the loop's thread; passes on the
    server's own writes at once (``changed``).  Its reads and publishing hold the
    sheets' write lock, as the writes do, so no stream ever gets an older sheet last."""

    def __init__(self, sheets: ServedSheets, hub: Hub, loop: asyncio.AbstractEventLoop) -> None:
        super().__init__(name="book watcher", daemon=True)
        self.sheets = sheets
        self.hub = hub
        self.loop = loop
        self._stopping = threading.Event()
        self._sent: dict[str | None, Event] = {}  # the last event published for each
        self._seen: tuple[int | None, str] | None = None  # data_version and served sheet
        self._book: Book | None = None  # the watcher's own connection

    def changed(self, sheet: str, sheet_object: dict) -> None:
        """A write of the server's to ``sheet``, committed (``ServedSheets.on_change``,
        holding the write lock): the streams that follow it hear it now, not at the
        next poll."""
        event = Event("sheet", json.dumps(sheet_object))
        for followed in (sheet, None) if sheet == self.sheets.served else (sheet,):
            self._offer(followed, event)

    def stop(self) -> None:
        self._stopping.set()

    def run(self) -> None:
        try:
            while not self._stopping.wait(POLL_SECONDS):
                if not self._look():
                    return
        finally:
            if self._book is not None:
                self._book.close()

    def _look(self) -> bool:
        """Publish each followed sheet that changed; False once the loop has closed."""
        try:
            self._book = self._book or open_book(self.sheets.book_path)
            now = self._book.data_version()
        except BookError:  # gone or damaged for now: each stream hears it below
            if self._book is not None:
                self._book.close()
            self._book, now = None, None
        with self.sheets.write_lock:
            followed = self.hub.followed()
            self._sent = {sheet: self._sent[sheet] for sheet in followed if sheet in self._sent}
            changed = now is None or (now, self.sheets.served) != self._seen
            self._seen = (now, self.sheets.served)
            for sheet in followed if changed else followed - self._sent.keys():
                if not self._offer(sheet, sheet_event(self.sheets, sheet)):
                    return False
        return True

    def _offer(self, sheet: str | None, event: Event) -> bool:
        """``event`` to the streams that follow ``sheet``, unless it is the last they
        had; False once the loop has closed (the server has stopped)."""
        if self._sent.get(sheet) == event:
            return True
        self._sent[sheet] = event
        try:
            self.loop.call_soon_threadsafe(self.hub.publish, sheet, event)
        except RuntimeError:
            return False
        return True
