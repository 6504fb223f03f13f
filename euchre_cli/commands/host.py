"""``euchre host``: a game for friends, every phone a hand, the computer in the empty
seats; ``--resume`` opens a kept game's table again, where it stopped.

Thin: the table is ``table.Table``, the server ``serve.hosting`` (imported only when
it runs).  The host sits at a seat of their own at this terminal, as at ``euchre
play`` (``terminal.at_table``, over the keeper in this process: ``serve.own_seat``),
while the server runs in a thread beside it.  With ``--watch`` the host does not sit:
this terminal is then the host's screen, which the whole table may see, so it says the
game as a watched game says it, less every hand (``ScreenSettings.public``)."""

from __future__ import annotations

import random
import sys
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future
from contextlib import nullcontext, suppress
from functools import partial
from typing import Any, NamedTuple

import click
from click.core import ParameterSource

from ..book import open_book
from ..cli.options import (
    BadRules,
    Seconds,
    WholeNumber,
    ascii_wanted,
    checked_name,
    rules_to_play,
    with_db,
)
from ..cli.places import book_path
from ..cli.playing import THINK, check_match, delay_option, level_option, match_options, seed_option
from ..cli.serving import check_where, need_serving, say_how_to_join, server_options
from ..cli.session import game_records, refusals
from ..cli.settings import with_settings
from ..records.game import RecordError, SavedGame
from ..records.hosted import HostedTable, HostedTables, Where
from ..refusals import Refusal, refusal_line
from ..rulebook.changes import house_rules
from ..table.remote import TableStopped
from ..table.table import NoGame, Table
from ..terminal.console import StuckScript, TerminalConsole
from ..terminal.human import QuitGame, Seat
from ..terminal.pace import PLAYING_PAUSE
from ..terminal.screen import ScreenSettings, TableScreen
from ..terminal.text import say
from ..terminal.words import record_words

START_WORDS = "Press Enter to start: the computer takes the empty seats."
NEWEST = 0  # ``--resume`` without an ID: the newest unfinished hosted game
KEPT = ("rules", "house", "level", "seed", "games", "best_of", "given_code")
"""What a table opened again (``--resume``) keeps from its game: not given again."""


class _GameOrNewest(WholeNumber):
    """A game's number, or ``NEWEST`` (``--resume`` given alone)."""

    def convert(
        self, value: object, param: click.Parameter | None, ctx: click.Context | None
    ) -> int:
        return NEWEST if value is NEWEST else super().convert(value, param, ctx)


AGAIN_WORDS = "Enter deals a new game at the same seats (quit stops the table)"
HOST_NAME = "Host"  # the host's name at the table, when they give none and set none


@click.command()
@click.argument("rules", metavar="[RULES]", required=False)
@click.option(
    "--house",
    metavar="FILE",
    help="House rules: a ruleset file (`euchre rules new FILE`), instead of RULES.",
)
@level_option
@seed_option
@match_options(None)
@delay_option(
    f"Pause before each computer turn and each card played for a person (default"
    f" {PLAYING_PAUSE:g} s); a finished trick stays twice that, a hand's result five times."
)
@click.option(
    "--hints/--no-hints",
    default=False,
    help="Let each person ask for the hard player's choice (the page's hint).",
)
@server_options("The table code [default: drawn].")
@click.option(
    "--seat",
    type=WholeNumber(0, 9),
    default=0,
    show_default=True,
    help="Your seat at the table, where you play at this terminal.",
)
@click.option(
    "--name",
    callback=checked_name,
    help=f"Your name at the table [default: the name setting, else {HOST_NAME}].",
)
@click.option(
    "--watch",
    is_flag=True,
    help="Do not sit: every seat is open to others, and this terminal shows the game"
    " with no hand (the whole table may see it).",
)
@click.option(
    "--takeover",
    type=Seconds(min=0, min_open=True),
    metavar="SECONDS",
    help="Hand a person's seat to the computer once their page or terminal has been gone"
    " this long, until they are back [default: the table waits for them].",
)
@click.option(
    "--resume",
    "resume_id",
    type=_GameOrNewest(min=1),
    is_flag=False,
    flag_value=NEWEST,
    metavar="[ID]",
    help="Open a hosted game's table again where it stopped: the newest unfinished one,"
    " or game ID. The same seats, keys and code, so pages reconnect by themselves; the"
    " same address and port unless given.",
)
@with_db
@with_settings
def host(
    rules: str | None,
    house: str | None,
    level: str,
    seed: int | None,
    games: int | None,
    best_of: int | None,
    delay: float | None,
    hints: bool,
    port: int,
    host: str | None,
    lan: bool,
    given_code: str | None,
    plain: bool,
    seat: int,
    name: str | None,
    watch: bool,
    takeover: float | None,
    resume_id: int | None,
    db: str | None,
) -> None:
    """Host a game for friends: every phone a hand, the computer in the empty seats.

    RULES is a built-in ruleset (`euchre rules list`) or a YAML file [default:
    standard].  Prints the invite link (the table code in it) for phones and for
    `euchre join URL` at another terminal, then who sits down.  You play at seat 0
    (--seat) with the screen and keys of `euchre play` (no undo: a table of people
    cannot take a card back); with --watch you do not sit, and this terminal shows the
    game with no hand.  The game starts when every seat is taken, when a page with the
    code starts it, or at Enter here.  Only this machine can reach it unless --lan.
    Ctrl-C stops the table; the game so far is kept in the book (`euchre games`), and
    --resume opens it again (add --seat N to sit at your seat again)."""
    from ..serve.code import BadCode, checked_code, new_code

    check_where(lan, host)
    if resume_id is not None:
        _refuse_given_again()
        serving = Serving(delay, hints, takeover, plain, book_path(db))
        sit = seat if given_at_command_line("seat") else None
        _resume(resume_id, (lan, host, port), serving, db, sit, name)
        return
    try:
        code = checked_code(given_code) if given_code is not None else new_code()
    except BadCode as problem:
        raise click.BadParameter(str(problem), param_hint="'--code'") from None
    given = click.get_current_context().get_parameter_source
    if watch and ParameterSource.COMMANDLINE in (given("name"), given("seat")):
        raise click.UsageError("--seat and --name say where you sit, and with --watch you do not")
    console = TerminalConsole(as_json=False, watching=watch, delay=0.0)
    table = _table(console, rules, house, level, seed, (games, best_of), public=watch)
    if not watch and seat >= table.ruleset.players:
        raise click.BadParameter(
            f"{table.ruleset.name} has seats 0 to {table.ruleset.players - 1}",
            param_hint="'--seat'",
        )
    need_serving("the table")
    with refusals():  # a book that cannot keep the game is refused before anyone joins
        open_book(book_path(db), create=True).close()
    where = (lan, host, port)
    serving = Serving(delay, hints, takeover, plain, book_path(db))
    if watch:
        _serve(console, table, code, where, serving)
    else:
        _serve_and_sit(console, table, code, where, serving, (seat, name or HOST_NAME))


def _table(
    console: TerminalConsole,
    rules: str | None,
    house: str | None,
    level: str,
    seed: int | None,
    match: tuple[int | None, int | None],
    public: bool = True,
) -> Table:
    """The table to host, its game checked before anyone can join it, and shown on
    ``console`` as it goes where the host watches (``public``: the host's own seat
    has a screen of its own); ``match`` is ``--games`` and ``--best-of``."""
    games, best_of = match
    if rules is not None and house is not None:
        raise click.UsageError("give RULES or --house FILE, not both")
    given, given_as = (house, "--house") if house is not None else (rules, "RULES")
    ruleset = rules_to_play(given or "standard", given_as=given_as)
    named = f"--house {house}" if house is not None else (rules or "standard")
    check_match(ruleset, games, best_of, lambda: named)
    seed = random.SystemRandom().randrange(1_000_000) if seed is None else seed
    settings = ScreenSettings(level=level, house_rules=house_rules(ruleset), public=True)
    screen = TableScreen(console, None, settings) if public else None
    try:
        return Table(ruleset, level, seed, games, best_of, think=THINK, observer=screen)
    except NoGame as problem:
        raise BadRules(f"{named}: {problem}") from None


class Serving(NamedTuple):
    """How a table is served, beside the table itself: the pace (``--delay``), hints,
    ``--takeover``, the QR code in plain ASCII, and the book the game is kept in."""

    delay: float | None
    hints: bool
    takeover: float | None
    plain: bool
    book: str


class _Open(NamedTuple):
    app: Any
    listening: Any


def _open_table(
    console: TerminalConsole,
    table: Table,
    code: str,
    where: tuple[bool, str | None, int],
    serving: Serving,
    caught_up: Callable[[], None] | None = None,
) -> _Open:
    """Listen where ``where`` says, make the table's app over ``table``, and say on
    this terminal how to join (the link, the code, the QR code where a phone reaches
    it, and ``euchre join``)."""
    from ..serve import run as serving_on
    from ..serve.hosting import make_app
    from ..serve.qr import qr_text
    from ..terminal.seat_screen import seat_screens

    try:
        listening = serving_on.listen(*where)
    except serving_on.ListenError as problem:
        raise click.ClickException(str(problem)) from None
    pause = PLAYING_PAUSE if serving.delay is None else serving.delay
    address, port = listening.socket.getsockname()[:2]
    app = make_app(
        table, code, delay=pause, hints=serving.hints, book_path=serving.book,
        hosts=listening.hosts, told=console.say, takeover=serving.takeover,
        where=Where(address, port), caught_up=caught_up,
    )  # fmt: skip
    app.state.keeper.show_seats(seat_screens(table.ruleset, table.level))  # euchre join's
    link = f"{listening.url}#code={code}"
    seats = table.ruleset.players
    say(f"Hosting {table.ruleset.name} for {seats} at {listening.url} (seed {table.seed})")
    say(f"Invite: {link}")
    say(f"Table code: {code} (sitting down and starting need it; watching does not)")
    say_how_to_join(listening.reachable, lambda: qr_text(link, ascii_wanted(serving.plain)), "host")
    say(f"At a terminal: euchre join '{link}'")
    return _Open(app, listening)


def _serve(
    console: TerminalConsole,
    table: Table,
    code: str,
    where: tuple[bool, str | None, int],
    serving: Serving,
) -> None:
    """Serve ``table`` until Ctrl-C, the host watching: this terminal says how to join
    and what happens; a table reopened goes on at once, this terminal quiet until its
    kept moves are made again."""
    from ..serve import run as serving_on
    from ..serve.hosting import stop_streams

    app, listening = _open_table(
        console, table, code, where, serving, partial(setattr, console, "live", True)
    )
    resumed = table.resumes is not None
    if not resumed and sys.stdin is not None and sys.stdin.isatty():  # else a page starts it
        say(START_WORDS)
        threading.Thread(target=_start_at_enter, args=(app, console), daemon=True).start()
    say("Ctrl-C stops the table.")
    serving_on.run_until_stopped(app, listening, partial(stop_streams, app))
    _say_stopped("Stopped the table", app.state.keeper)


def _say_stopped(ending: str, keeper: Any) -> None:
    """The table's last line: whether a game is kept, and how to go on with it."""
    number = keeper.game_id
    if number is None:
        say(f"{ending}; no move was played, so no game is kept.")
    elif keeper.table.over:
        say(f"{ending}; the game is kept (game {number}).")
    else:
        say(
            f"{ending}; the game so far is kept (game {number}):"
            f" `euchre host --resume {number}` opens it again."
        )


def given_at_command_line(name: str) -> bool:
    """Whether option ``name`` was typed, not left to its default or a setting."""
    return click.get_current_context().get_parameter_source(name) is ParameterSource.COMMANDLINE


def _refuse_given_again() -> None:
    """``--resume`` takes the game's own rules, level, seed, match and code: any of
    them given is refused, rather than silently not used."""
    context = click.get_current_context()
    given = [
        param.opts[0] if isinstance(param, click.Option) else (param.name or "").upper()
        for param in context.command.params
        if param.name in KEPT
        and context.get_parameter_source(param.name) is not ParameterSource.DEFAULT
    ]
    if given:
        raise click.UsageError(
            f"--resume opens the table with the game's own settings: drop {', '.join(given)}"
        )


def _resume(
    game_id: int,
    where: tuple[bool, str | None, int],
    serving: Serving,
    db: str | None,
    sit: int | None,
    name: str | None,
) -> None:
    """Open the table of hosted game ``game_id`` (``NEWEST``: the newest unfinished)
    again: its moves checked by playing them again before anyone can connect, then
    served where it was (unless told elsewhere) with the same code and keys; the host
    sits at seat ``sit`` again (their kept key), else watches."""
    saved, kept = _kept_table(game_id, db)
    need_serving("the table")
    setup = saved.setup
    if name is not None:
        raise click.UsageError("--resume seats everyone under their own name: drop --name")
    if sit is not None and (sit >= len(kept.keys) or kept.keys[sit] is None):
        people = ", ".join(str(place) for place, key in enumerate(kept.keys) if key is not None)
        raise click.BadParameter(f"game {saved.id}'s people sat at {people}", param_hint="'--seat'")
    console = TerminalConsole(as_json=False, watching=sit is None, delay=0.0)
    settings = ScreenSettings(
        level=setup.level, house_rules=house_rules(setup.ruleset), public=True
    )  # fmt: skip
    screen = TableScreen(console, None, settings) if sit is None else None
    try:
        Table.reopened(saved, kept.keys).start()  # a record that does not replay is refused
        table = Table.reopened(saved, kept.keys, observer=screen)
    except RecordError as error:
        raise click.ClickException(f"game {saved.id}: {record_words(error)}") from None
    given = click.get_current_context().get_parameter_source
    if given("hints") is ParameterSource.DEFAULT:
        serving = serving._replace(hints=kept.hints)
    lan, host, port = where
    if given("port") is ParameterSource.DEFAULT:
        port = kept.where.port
    if not lan and host is None:
        host = kept.where.address
    say(f"Game {saved.id}, started {saved.started}: its table opens again where it stopped.")
    if sit is None:
        say(f"You watch; `euchre host --resume {saved.id} --seat N` sits you at seat N again.")
        console.live = False  # until the keeper has made the kept moves again
        _serve(console, table, kept.code, (lan, host, port), serving)
    else:
        _serve_and_sit(console, table, kept.code, (lan, host, port), serving, key=kept.keys[sit])


def _kept_table(game_id: int, db: str | None) -> tuple[SavedGame, HostedTable]:
    """Hosted game ``game_id`` (``NEWEST``: the newest unfinished) and its table, or
    one line saying why it cannot be opened again."""
    with game_records(db) as games:
        hosted = HostedTables(games.book)
        number = game_id or hosted.newest_unfinished()
        saved = games.game(number)
        kept = hosted.table(number)
    if saved.finished:
        raise click.ClickException(
            f"game {number} is finished: `euchre games show {number}` shows it hand by hand"
        )
    if kept is None:
        raise click.ClickException(
            f"game {number} was not hosted, so no table is kept to open again (`euchre"
            f" resume {number}` goes on with a game played at the terminal)"
        )
    return saved, kept


def _start_at_enter(app: object, console: TerminalConsole) -> None:
    """Enter at the host's terminal starts the game (once; a page may start it first)."""
    try:
        if not sys.stdin.readline():
            return  # the end of input: the pages start it
    except (OSError, ValueError):  # stdin closed under the thread
        return
    keeper = app.state.keeper  # type: ignore[attr-defined]

    def said(started: Future) -> None:
        if started.exception() is not None:
            console.say("The game has already started.")

    keeper.submit(keeper.start).add_done_callback(said)


def _serve_and_sit(
    console: TerminalConsole,
    table: Table,
    code: str,
    where: tuple[bool, str | None, int],
    serving: Serving,
    sitting: tuple[int, str] | None = None,
    key: str | None = None,
) -> None:
    """Serve ``table`` in a thread beside this one, and seat the host here, as at
    ``euchre play``, until Ctrl-C or quit: at ``sitting`` (seat, name), or at the seat
    ``key`` opens (a table reopened)."""
    from ..players.levels import make_player
    from ..serve import run as serving_on
    from ..serve.hosting import stop_streams
    from ..serve.own_seat import KeeperSeat
    from ..terminal.at_table import SittingAtTable

    if sitting is not None:
        try:
            key = table.join(sitting[1], sitting[0])  # before anyone else can reach the table
        except Refusal as problem:
            raise click.ClickException(refusal_line(problem)) from None
    assert key is not None
    app, listening = _open_table(console, table, code, where, serving)
    keeper = app.state.keeper
    seat = table.seat_for(key)
    say(f"You sit at seat {seat} as {table.seats()[seat]['name']}.")
    served = serving_on.ServedAside(app, listening, partial(stop_streams, app))
    if not served.start():
        served.stop()
        raise click.ClickException("the table's server did not start")
    connection = KeeperSeat(keeper, app.state.hub, key)
    hinter = make_player("hard", table.ruleset, seed=f"{table.seed}:hint", think=THINK)
    person = SittingAtTable(connection, console, table.ruleset, Seat(), hinter=hinter, lobby=False)
    ending = "Stopped the table"
    try:
        connection.begin()
        if table.resumes is None:
            _lobby(console, keeper)
        while True:
            person.play()
            if not _again(console, keeper):
                break
    except (QuitGame, click.Abort, KeyboardInterrupt, EOFError):
        pass
    except TableStopped:
        ending = "The table stopped"
    except StuckScript as problem:
        ending = f"Stopped the table ({problem})"
    finally:
        console.status.clear()
        connection.end()
        served.stop()
    _say_stopped(ending, keeper)


def _lobby(console: TerminalConsole, keeper) -> None:
    """Until the game starts: Enter here starts it (a page with the code may start it
    first, or every seat be taken); who sits down is said as they do (``told``)."""
    import select

    say(START_WORDS)
    say("Ctrl-C stops the table.")
    while not keeper.submit(keeper.table_object).result()["started"]:
        try:
            typed = select.select([sys.stdin], [], [], 0.25)[0]
        except (OSError, ValueError):  # no standard input to wait on: the pages start it
            time.sleep(0.25)
            continue
        if not typed:
            continue
        if not sys.stdin.readline():
            raise EOFError
        with suppress(Refusal):  # started by a page, or the last seat taken, meanwhile
            keeper.submit(keeper.start).result()


def _again(console: TerminalConsole, keeper) -> bool:
    """After the game (or match): Enter deals a new one at the same seats; False to
    stop the table (quit)."""
    with console.keyboard or nullcontext():  # the terminal as it was, however it ends
        while True:
            answer = console.ask(AGAIN_WORDS).strip().lower()
            if answer == "quit":
                return False
            if not answer:
                break
            console.say("Press Enter for a new game at the same seats, or type quit to stop.")
    with suppress(Refusal):  # a page with the code dealt it first
        keeper.submit(keeper.again).result()
    return True
