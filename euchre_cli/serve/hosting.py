"""The table for friends on the web (``euchre host``): its Starlette application, the
JSON API of docs/api.md, on the floor every app of ``serve/`` shares.

Each handler finds the ``TableKeeper`` (the one thread that owns the table) on
``request.app.state`` and hands it a job, awaited without blocking the event loop.
A seat is opened by its key (``X-Seat-Key``); sitting down, starting and handing a
seat to the computer need the table code (``X-Table-Code``); a refusal is
``{"error": line}`` in the terminal's words (``refusal_words`` for an action the
rules refuse)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable, Collection
from contextlib import asynccontextmanager
from functools import partial

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from ..book import BookError
from ..engine.names import TextError
from ..limits import whole_number
from ..players.levels import make_player
from ..records.hosted import Where
from ..refusals import Refusal, refusal_line
from ..table.seats import GameStarted, NameTaken, NoSuchSeat, SeatTaken
from ..table.table import (
    ActionRefused,
    IllegalPlay,
    NotAPerson,
    NotStarted,
    OutOfTurn,
    StillPlaying,
    Table,
    UnreadableAction,
)
from ..terminal.words import hint_line, in_words, play_reason, refusal_words
from .floor import (
    CodeCheck,
    EventStream,
    Hub,
    Refused,
    error,
    page,
    read_body,
    served_app,
    static,
)
from .keeper import STOPPED, Decision, TableKeeper

SEAT_HEADER = "x-seat-key"
STOP_SECONDS = 5.0  # the keeper's last job, and the book closed, at most this long
# The status of each refusal of the table's (the rest of a ``Refusal``: 409)
STATUSES: dict[type[Refusal], int] = {
    NoSuchSeat: 422,
    TextError: 422,
    UnreadableAction: 422,
    IllegalPlay: 422,
    SeatTaken: 409,
    NameTaken: 409,
    GameStarted: 409,
    NotStarted: 409,
    OutOfTurn: 409,
    StillPlaying: 409,
    NotAPerson: 409,
    BookError: 503,
}


def make_app(
    table: Table,
    code: str,
    *,
    delay: float,
    hints: bool = False,
    book_path: str | None = None,
    hosts: Collection[str] | None = None,
    told: Callable[[str], None] | None = None,
    takeover: float | None = None,
    where: Where | None = None,
    caught_up: Callable[[], None] | None = None,
) -> Starlette:
    """The table for friends at ``table`` (not yet started): sitting down and starting
    need ``code``; the computer's turns paced by ``delay``; hints with ``hints``; the
    game kept in the book at ``book_path``.  ``told`` hears the host's lines.
    ``takeover``, ``where`` and ``caught_up``: as ``TableKeeper`` takes them."""
    app = served_app(ROUTES, lifespan, "table.html", hosts)
    hub = Hub()
    app.state.hub = hub
    app.state.keeper = TableKeeper(
        table, hub, delay=delay, hints=hints, book_path=book_path, told=told,
        takeover=takeover, code=code, where=where, caught_up=caught_up,
    )  # fmt: skip
    app.state.codes = CodeCheck(code, "euchre host")
    app.state.wrong_codes = app.state.codes.wrong
    return app


def stop_streams(app: Starlette) -> None:
    """The server stops: every page is told so, and its stream ends."""
    app.state.hub.close(STOPPED)


@asynccontextmanager
async def lifespan(app: Starlette) -> AsyncIterator[None]:
    """The keeper runs while the server does; as it stops, every stream is told and
    ends, and the keeper finishes its jobs and closes the book."""
    keeper: TableKeeper = app.state.keeper
    keeper.begin(asyncio.get_running_loop())
    try:
        yield
    finally:
        stop_streams(app)
        keeper.stop()
        await run_in_threadpool(keeper.wait, STOP_SECONDS)


def _keeper(request: Request) -> TableKeeper:
    return request.app.state.keeper


def _key(request: Request, required: bool = True) -> str | None:
    key = request.headers.get(SEAT_HEADER)
    if key is None and required:
        raise Refused(403, "this needs your seat key, in the X-Seat-Key header")
    return key


async def _answered(work: Awaitable[object], status: int = 200) -> Response:
    """``work``'s result as JSON, or its refusal as ``{"error": line}``."""
    try:
        return JSONResponse(await work, status)
    except (Refused, Refusal) as problem:
        return error(*refused(problem))


def refused(problem: Refused | Refusal) -> tuple[int, str]:
    """The status and the line of a refusal, the table's or a request's."""
    if isinstance(problem, Refused):
        return problem.status, problem.line
    status = next((s for kind, s in STATUSES.items() if isinstance(problem, kind)), 409)
    if isinstance(problem, ActionRefused):
        return status, refusal_words(problem.refused)
    return status, refusal_line(problem)


async def table_json(request: Request) -> Response:
    """Who sits where, before and during the game (no code, no key)."""
    keeper = _keeper(request)
    return await _answered(keeper.call(keeper.table_object))


async def game_json(request: Request) -> Response:
    """The game as the seat the key opens sees it (no key: a spectator)."""
    return await _answered(_game(request))


async def _game(request: Request) -> dict:
    keeper = _keeper(request)
    return await keeper.call(partial(keeper.game_for, _key(request, required=False)))


async def join(request: Request) -> Response:
    codes: CodeCheck = request.app.state.codes
    return codes.refusal(request) or await _answered(_join(request), 201)


async def _join(request: Request) -> dict:
    body = await read_body(request)
    if not isinstance(body, dict):
        raise Refused(400, 'send the body {"name": "Ann", "seat": 0}')
    name, seat = body.get("name"), body.get("seat")
    if not isinstance(name, str):
        raise Refused(422, 'a name is text: send the body {"name": "Ann", "seat": 0}')
    keeper = _keeper(request)
    return await keeper.call(partial(keeper.join, name, seat))


async def start(request: Request) -> Response:
    codes: CodeCheck = request.app.state.codes
    keeper = _keeper(request)
    return codes.refusal(request) or await _answered(keeper.call(keeper.start))


async def again(request: Request) -> Response:
    codes: CodeCheck = request.app.state.codes
    keeper = _keeper(request)
    return codes.refusal(request) or await _answered(keeper.call(keeper.again))


async def actions(request: Request) -> Response:
    """A person's action at the seat the key opens: the seat's new view."""
    return await _answered(_act(request))


async def _act(request: Request) -> dict:
    key = _key(request)
    assert key is not None
    body = await read_body(request)
    action = body.get("action") if isinstance(body, dict) else None
    if not isinstance(action, str):
        raise Refused(422, 'send the body {"action": "play:JH"}, an action\'s text')
    keeper = _keeper(request)
    return await keeper.call(partial(keeper.act, key, action))


async def hint(request: Request) -> Response:
    """What the hard computer player would do in the seat's place, and why."""
    return await _answered(_hint(request))


async def _hint(request: Request) -> dict:
    keeper = _keeper(request)
    if not keeper.hints:
        raise Refused(404, "the host did not allow hints")
    key = _key(request)
    assert key is not None
    decision = await keeper.call(partial(keeper.decision, key))
    return await run_in_threadpool(hint_for, decision)


def hint_for(decision: Decision) -> dict:
    """The hint, worked out off the keeper's thread (the seat's view is a value)."""
    hinter = make_player("hard", decision.ruleset, f"{decision.seed}:hint", decision.think)
    analysis = hinter.analyse(decision.view, decision.legal)  # type: ignore[attr-defined]
    why = play_reason(decision.view, analysis.choice, lambda card: card.label)
    return {"action": analysis.choice.text, "words": hint_line(analysis, in_words, why=why)}


async def events(request: Request) -> Response:
    """The game as the seat the key opens sees it (no key: a spectator), live."""
    keeper = _keeper(request)
    key = request.headers.get(SEAT_HEADER)
    try:
        await keeper.call(partial(keeper.check_key, key))
    except Refused as refused:
        return error(refused.status, refused.line)
    hub: Hub = request.app.state.hub
    stream = hub.open(key)  # the slot is taken here, or refused
    if stream is None:
        return hub.full()
    keeper.submit(partial(keeper.stream_opened, key))  # its first event, "connected" to all
    closed = partial(keeper.stream_closed, key)
    return EventStream(hub, stream, ended=partial(keeper.submit, closed))


async def takeover(request: Request) -> Response:
    """Anyone with the code hands a person's seat to the computer until they are back."""
    codes: CodeCheck = request.app.state.codes
    return codes.refusal(request) or await _answered(_take_over(request))


async def _take_over(request: Request) -> dict:
    body = await read_body(request)
    if not isinstance(body, dict) or "seat" not in body:
        raise Refused(400, 'send the body {"seat": 1}, the seat to hand to the computer')
    keeper = _keeper(request)
    return await keeper.call(partial(keeper.take_over, body["seat"]))


# --- Seats at terminals (``euchre join``) ------------------------------------------------


async def lines(request: Request) -> Response:
    """The lines of the screen of the seat the key opens, after ``?after=N`` (without
    it: from the start of the hand in play), with the seat's game object."""
    return await _answered(_lines(request))


async def _lines(request: Request) -> dict:
    key = _key(request)
    assert key is not None
    given = request.query_params.get("after")
    after = None if given is None else whole_number(given)
    if given is not None and after is None:
        raise Refused(422, "after=N takes the number of the last line shown, 0 or more")
    keeper = _keeper(request)
    return await keeper.call(partial(keeper.seat_lines, key, after))


async def rules(request: Request) -> Response:
    """The ruleset played, every setting: what a terminal at a seat plays by."""
    keeper = _keeper(request)
    return await _answered(keeper.call(keeper.rules_object))


ROUTES = [
    Route("/", page),
    Route("/static/{name:path}", static),
    Route("/api/table", table_json),
    Route("/api/join", join, methods=["POST"]),
    Route("/api/start", start, methods=["POST"]),
    Route("/api/again", again, methods=["POST"]),
    Route("/api/takeover", takeover, methods=["POST"]),
    Route("/api/game", game_json),
    Route("/api/actions", actions, methods=["POST"]),
    Route("/api/hint", hint),
    Route("/api/events", events),
    Route("/api/lines", lines),
    Route("/api/rules", rules),
]
