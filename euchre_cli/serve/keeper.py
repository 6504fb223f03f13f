"""The thread that keeps the table for friends (``euchre host``): the one owner of the
``Table`` and of the book the game is kept in (a SQLite connection belongs to the
thread that opened it), so that no lock is needed around either and nothing blocks
the event loop.

A request hands the keeper a job (``call``: a queue, and a ``Future`` the handler
awaits); the keeper runs the jobs one at a time, and between them makes the table's
own decisions when they are due (``--delay`` before each computer decision and each
forced card, twice that after a finished trick, five times between hands).  After
every change it publishes each open stream's own view (its seat's, or a
spectator's) to the event loop, where each stream keeps only the newest.

Nobody is lost: it knows when each person was last here (a stream open, a request
with their key), hands a seat gone for ``takeover`` seconds to the computer until
its person is back, keeps with the game's first move what opens its table again
(the code, the keys, where it listens: ``records/hosted.py``), and goes on with a
table ``Table.reopened`` from the book before it takes any job."""

from __future__ import annotations

import asyncio
import json
import queue
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future
from functools import partial
from typing import Any, NamedTuple, TypeVar

from ..book import Book, BookError, open_book
from ..engine.game import GameTooLong
from ..engine.match import Match, MatchObserver, Observers
from ..engine.rules import Ruleset
from ..engine.values import Action, Phase, View
from ..records.game import RecordError
from ..records.hosted import HostedTable, HostedTables, Where, write_hosted
from ..records.store import GameBook
from ..refusals import refusal_line
from ..rulebook.validate import ruleset_to_dict
from ..table.table import Table
from .floor import Event, Hub, Refused

Result = TypeVar("Result")

TRICK_PAUSES = 2  # a finished trick stays on the table this many delays
HAND_PAUSES = 5  # and a hand's result this many, before the next deal
STOPPED = Event(
    "stopped",
    json.dumps({"error": "The host stopped the table; the game is kept on their machine."}),
)


class Decision(NamedTuple):
    """What a hint for a seat's decision is worked out from, off the keeper's thread."""

    view: View
    legal: tuple[Action, ...]
    ruleset: Ruleset
    seed: int
    think: float | None


class TableKeeper:
    """Keeps ``table`` (not yet started): its jobs run here, its game is kept in the
    book at ``book_path`` (None: not kept), each change published to ``hub``.
    ``told`` is handed a line for the host's terminal (who sat down where).

    ``takeover``: seconds a person may be gone before the computer plays their seat
    (None: the table waits).  ``code`` and ``where`` (the table code, where it
    listens) are kept with the game, to open its table again; ``caught_up`` is
    called once a table opened again has played its kept moves again."""

    _screen_for: Callable[[int], Any] | None = None  # each person's screen (show_seats)
    _screens: dict[int, Any] | None = None  # by place, from the start of the game

    def __init__(
        self,
        table: Table,
        hub: Hub,
        *,
        delay: float,
        hints: bool,
        book_path: str | None = None,
        told: Callable[[str], None] | None = None,
        takeover: float | None = None,
        code: str | None = None,
        where: Where | None = None,
        caught_up: Callable[[], None] | None = None,
    ) -> None:
        self.table = table
        self.hub = hub
        self.delay = max(0.0, delay)
        self.hints = hints
        self.book_path = book_path
        self.told = told or (lambda line: None)
        self.loop: asyncio.AbstractEventLoop | None = None
        self._jobs: queue.SimpleQueue[tuple[Callable[[], Any], Future] | None]
        self._jobs = queue.SimpleQueue()
        self._due: float | None = None  # when the table's own next step is due
        self._stopped = False  # no more jobs run: each one handed in is refused at once
        self._thread = threading.Thread(target=self._run, name="table keeper", daemon=True)
        self.takeover = takeover
        self.code = code
        self.where = where
        self.caught_up = caught_up or (lambda: None)
        self._seen: dict[str, float] = {}  # by key: when its person was last here
        self._began = time.monotonic()  # a person not seen since: gone since then

    # From any thread ------------------------------------------------------------------
    def begin(self, loop: asyncio.AbstractEventLoop) -> None:
        """Start keeping the table, publishing to streams on ``loop``."""
        self.loop = loop
        self._thread.start()

    def submit(self, job: Callable[[], Result]) -> Future[Result]:
        """``job`` run on the keeper's thread; its result (or exception) in the future."""
        future: Future[Result] = Future()
        if self._stopped:
            future.set_exception(Refused(503, "the host stopped the table"))
        else:
            self._jobs.put((job, future))
        return future

    async def call(self, job: Callable[[], Result]) -> Result:
        return await asyncio.wrap_future(self.submit(job))

    def stop(self) -> None:
        """Stop after the jobs handed in so far; the ones after are refused."""
        self._jobs.put(None)

    def wait(self, seconds: float) -> None:
        """Wait for the keeper to stop, at most ``seconds``."""
        if self._thread.is_alive():
            self._thread.join(seconds)

    @property
    def game_id(self) -> int | None:
        """The number of the game kept in the book (None: no move kept yet)."""
        recorder = self.table.recorder
        return None if recorder is None else recorder.game_id

    # The keeper's own thread ------------------------------------------------------------
    def _run(self) -> None:
        book = None
        try:
            if self.book_path is not None:
                try:
                    book = open_book(self.book_path, create=True)
                    self.table.book = GameBook(book, kept_with=partial(self._keep_table, book))
                except BookError as problem:
                    self.told(f"The game is not kept: {refusal_line(problem)}")
            if self.table.resumes is not None:
                self._go_on(book)
            while self._run_jobs():
                self._take_over_gone()
                self._step_when_due()
        finally:
            self._stopped = True
            self._refuse_waiting()
            if book is not None:
                book.close()

    def _run_jobs(self) -> bool:
        """Run the jobs handed in until the table's next step is due; False once
        stopped."""
        while True:
            wake = self._wake()
            wait = None if wake is None else max(0.0, wake - time.monotonic())
            try:
                item = self._jobs.get(block=wait is None or wait > 0, timeout=wait)
            except queue.Empty:
                return True
            if item is None:
                return False
            job, future = item
            if future.set_running_or_notify_cancel():
                try:
                    future.set_result(job())
                except Exception as problem:  # the handler that waits says it
                    future.set_exception(problem)

    def _refuse_waiting(self) -> None:
        while True:
            try:
                item = self._jobs.get_nowait()
            except queue.Empty:
                return
            if item is not None and item[1].set_running_or_notify_cancel():
                item[1].set_exception(Refused(503, "the host stopped the table"))

    def _step_when_due(self) -> None:
        """The table's own decision (a computer's, a forced card) or the next deal,
        once its pause is over."""
        if self._due is None or time.monotonic() < self._due:
            return
        table = self.table
        try:
            if table.between_hands:
                table.next_hand()
            elif table.automatic:
                table.step_computer()
        except (BookError, GameTooLong) as problem:  # the game stops here, the table stays
            line = refusal_line(problem) if isinstance(problem, BookError) else str(problem)
            self.told(f"The game stops: {line}")
            self._due = None
            return
        self._changed()

    def _changed(self) -> None:
        """After a change: the next step planned, every stream told."""
        self._plan()
        self._publish()

    def _plan(self) -> None:
        table = self.table
        if not table.started or table.over or not (table.between_hands or table.automatic):
            self._due = None
            return
        pauses = 1
        if table.between_hands:
            pauses = HAND_PAUSES
        else:
            view = table.engine_view(table.to_act or 0)
            if view.phase is Phase.PLAY and view.tricks and not view.current_trick:
                pauses = TRICK_PAUSES  # a trick just taken: it stays to be read
        self._due = time.monotonic() + pauses * self.delay

    def _publish(self) -> None:
        """Each followed key's view (None: a spectator's) to its streams, on the loop."""
        if self.loop is None:
            return
        for key in self.hub.followed():
            event = Event("game", json.dumps(self.game_object(key)))
            try:
                self.loop.call_soon_threadsafe(self.hub.publish, key, event)
            except RuntimeError:  # the loop has closed: the server has stopped
                return

    # Jobs (run on the keeper's thread) --------------------------------------------------
    def _seat(self, key: str | None) -> int | None:
        """The seat ``key`` opens (None: no key, a spectator); a key that opens none
        is refused."""
        if key is None:
            return None
        seat = self.table.seat_for(key)
        if seat is None:
            raise Refused(403, "that seat key opens no seat at this table")
        return seat

    def seats(self) -> list[dict]:
        """Every seat; whether someone follows it live (an open event stream), and for
        a person's seat nobody follows, the whole seconds since its person was last
        here (``gone_seconds``; None: followed, or no person's seat)."""
        table = self.table
        followed = self.hub.followed()
        now = time.monotonic()
        seats = []
        for seat in table.seats():
            key = table.key_at(seat["seat"])
            connected = key is not None and key in followed
            gone = None if key is None or connected else int(now - self._last_here(key))
            seats.append({**seat, "connected": connected, "gone_seconds": gone})
        return seats

    def table_object(self) -> dict:
        table = self.table
        return {
            "rules": table.ruleset.name,
            "started": table.started,
            "over": table.over,
            "seats": self.seats(),
        }

    def game_object(self, key: str | None) -> dict:
        """What the seat ``key`` opens (None: a spectator) sees now."""
        table = self.table
        seat = self._seat(key)
        if table.started:
            game = table.view_for(seat)
        else:
            game = {
                "seat": seat,
                "phase": "lobby",
                "to_act": None,
                "hand": None if seat is None else [],
                "legal": [],
                "over": False,
                "between_hands": False,
                "ruleset": table.ruleset.name,
            }
        game["seats"] = self.seats()
        return {"started": table.started, **game, "hints": self.hints, "stopped": False}

    def game_for(self, key: str | None) -> dict:
        """``game_object``, asked for by a request: its person is here now."""
        if key is not None:
            self._seat(key)  # a key that opens no seat is refused
            self._here(key)
        return self.game_object(key)

    def check_key(self, key: str | None) -> None:
        self._seat(key)

    def join(self, name: str, seat: int) -> dict:
        """A person sits down; the game starts once every seat is taken."""
        key = self.table.join(name, seat)
        self._here(key)
        self.told(f"{name} sits at seat {seat}.")
        if all(place["kind"] is not None for place in self.table.seats()):
            self.told("Every seat is taken: the game starts.")
            self.table.start()
        self._changed()
        return {"seat": seat, "key": key}

    def start(self) -> dict:
        """The computer takes the empty seats, and the first hand is dealt."""
        self.table.start()
        self._changed()
        return self.game_object(None)

    def again(self) -> dict:
        """The next game, at once, for the same people at the same seats."""
        self.table = self.table.again()
        self.table.start()
        self._changed()
        return self.game_object(None)

    def act(self, key: str, text: str) -> dict:
        seat = self._seat(key)
        assert seat is not None
        self._back(key)
        self.table.act(seat, text)
        self._changed()
        return self.game_object(key)

    def decision(self, key: str) -> Decision:
        """The decision the seat ``key`` opens has to make now, or a 409."""
        table = self.table
        seat = self._seat(key)
        if not table.started or table.to_act != seat:
            raise Refused(409, "it is not your turn: a hint is for your own decision")
        self._back(key)
        view = table.engine_view(seat)
        legal = tuple(Action.parse(text) for text in table.view_for(seat)["legal"])
        return Decision(view, legal, table.ruleset, table.seed, table.think)

    def streams_changed(self) -> None:
        """A stream opened or closed: every stream hears who is connected now (and a
        new one where the game stands)."""
        self._publish()

    def stream_opened(self, key: str | None) -> None:
        """A page or a terminal follows the seat ``key`` opens (None: a spectator):
        its person is back."""
        if key is not None:
            self._back(key)
        self.streams_changed()

    def stream_closed(self, key: str | None) -> None:
        """A stream ended: its person is gone from now, unless another one follows."""
        if key is not None:
            self._here(key)
        self.streams_changed()

    def take_over(self, seat: int) -> dict:
        """Anyone with the code hands the person's ``seat`` to the computer, until its
        person is back (the table refuses a seat that is none, or no person's); the
        table object."""
        self._hand_over(seat)
        return self.table_object()

    # Nobody lost ---------------------------------------------------------------------
    def _here(self, key: str) -> None:
        self._seen[key] = time.monotonic()

    def _last_here(self, key: str) -> float:
        return self._seen.get(key, self._began)

    def _back(self, key: str) -> None:
        """The person with ``key`` is here (acting, asking, following): a seat the
        computer played for them is theirs again, from their next decision."""
        self._here(key)
        seat = self.table.seat_for(key)
        if seat is not None and self.table.give_back(seat):
            self.told(f"{self.table.seats()[seat]['name']} is back at seat {seat}.")
            self._changed()

    def _hand_over(self, seat: int, gone: float | None = None) -> None:
        """The computer plays the person's ``seat`` (gone for ``gone`` seconds)."""
        if self.table.take_over(seat):
            name = self.table.seats()[seat]["name"]
            since = "" if gone is None else f" (gone {int(gone)} s)"
            self.told(f"The computer plays for {name}{since} until they are back.")
            self._changed()

    def _gone(self) -> list[tuple[int, float]]:
        """Each seat its person plays with nobody following it, and the seconds since
        they were last here, while the game is on and ``takeover`` is set."""
        table = self.table
        if self.takeover is None or not table.started or table.over:
            return []
        followed, now = self.hub.followed(), time.monotonic()
        gone = []
        for seat in table.seats():
            key = table.key_at(seat["seat"])
            if key is not None and key not in followed and not seat["played_by_computer"]:
                gone.append((seat["seat"], now - self._last_here(key)))
        return gone

    def _take_over_gone(self) -> None:
        """``--takeover``: each seat gone that long is handed to the computer."""
        for seat, seconds in self._gone():
            if self.takeover is not None and seconds >= self.takeover:
                self._hand_over(seat, seconds)

    def _wake(self) -> float | None:
        """When the keeper has something of its own to do: the table's next step, or
        a seat gone long enough to hand over."""
        times = [] if self._due is None else [self._due]
        if self.takeover is not None:
            now = time.monotonic()
            times += [now + self.takeover - seconds for _, seconds in self._gone()]
        return min(times, default=None)

    def _hosted(self) -> HostedTable | None:
        """What opens this table again (None: not told where it is hosted)."""
        if self.code is None or self.where is None:
            return None
        return HostedTable(self.code, self.table.keys(), self.where, self.hints)

    def _keep_table(self, book: Book, game_id: int) -> None:
        """Kept in the transaction of the game's first move: no game without its table."""
        hosted = self._hosted()
        if hosted is not None:
            write_hosted(book, game_id, hosted)

    def _go_on(self, book: Book | None) -> None:
        """A table opened again (``Table.reopened``): its kept moves made again, its
        table kept as it is hosted now (the port may be new), and on from the
        decision it stopped at."""
        table = self.table
        try:
            table.start()
        except (BookError, RecordError) as problem:  # the record was checked: the book failed
            self.caught_up()
            line = refusal_line(problem) if isinstance(problem, BookError) else str(problem)
            self.told(f"The game cannot go on: {line}")
            return
        self.caught_up()
        hosted, number = self._hosted(), self.game_id
        if book is not None and hosted is not None and number is not None:
            try:
                HostedTables(book).keep(number, hosted)
            except BookError as problem:  # kept as it was: the game goes on all the same
                self.told(f"The table is kept as it was hosted before: {refusal_line(problem)}")
        where = table.view_for(None)
        self.told(
            f"Game {self.game_id} goes on where it stopped (game {where['game']}, hand"
            f" {where['hand_number']}): the pages reconnect by themselves."
        )
        self._changed()

    # Seats at terminals (``euchre join``, the host's own) -------------------------------
    def show_seats(self, screen_for: Callable[[int], Any]) -> None:
        """From the start of the game, each person's seat has a screen of its own,
        ``screen_for(place)`` (``terminal.seat_screen.SeatScreen``: told the game as
        ``euchre play``'s screen is, its lines kept for a terminal that sits there).
        Called before the keeper begins."""
        self._screen_for = screen_for
        self._screens = {}
        self.table.observer = _WithSeatScreens(self.table.observer, self)

    def _screens_for_people(self) -> None:
        """A screen for each person at the table just started who has none yet."""
        assert self._screen_for is not None and self._screens is not None
        for seat in self.table.seats():  # as joined, before any draw for seats (R3)
            if seat["kind"] == "person" and seat["seat"] not in self._screens:
                self._screens[seat["seat"]] = self._screen_for(seat["seat"])

    def seat_lines(self, key: str, after: int | None) -> dict:
        """The lines of the screen of the seat ``key`` opens after line ``after``
        (None: from the start of the hand in play), and where the game stands for it:
        ``{"after", "next", "count", "lines": [{"text", "marks"}], "contract",
        "table", "game"}``."""
        self._seat(key)
        place = self.table.place_of(key)
        screen = None if self._screens is None else self._screens.get(place)  # type: ignore[arg-type]
        if screen is None:  # before the start (or a table that shows no seat's screen)
            start, lines, count, contract, table = 0, [], 0, None, None
        else:
            start, lines = screen.log.after(after)
            count, contract, table = screen.log.count, screen.contract(), screen.table()
        return {
            "after": start,
            "next": start + len(lines),
            "count": count,
            "lines": [line.facts() for line in lines],
            "contract": contract,
            "table": table,
            "game": self.game_object(key),
        }

    def rules_object(self) -> dict:
        """The ruleset played, every setting (``rules show``'s): known to every player."""
        return ruleset_to_dict(self.table.ruleset)


class _WithSeatScreens(Observers):
    """The table's own observer (the host's public screen, if any) and then each
    person's screen, made as the game starts (``TableKeeper.show_seats``)."""

    def __init__(self, public: MatchObserver | None, keeper: TableKeeper) -> None:
        self.public = public
        self.keeper = keeper

    @property
    def observers(self) -> tuple[MatchObserver, ...]:  # type: ignore[override]
        screens = tuple((self.keeper._screens or {}).values())
        return screens if self.public is None else (self.public, *screens)

    def match_started(self, match: Match) -> None:
        self.keeper._screens_for_people()
        for observer in self.observers:
            observer.match_started(match)
