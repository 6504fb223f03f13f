"""``euchre host``: a game for friends, every phone a hand, the computer in the empty
seats.

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
from concurrent.futures import Future
from contextlib import nullcontext, suppress
from functools import partial

import click
from click.core import ParameterSource

from ..book import open_book
from ..cli.options import BadRules, WholeNumber, ascii_wanted, rules_to_play, with_db
from ..cli.places import book_path
from ..cli.playing import THINK, check_match, delay_option, level_option, match_options, seed_option
from ..cli.serving import check_where, need_serving, say_how_to_join, server_options
from ..cli.session import refusals
from ..cli.settings import with_settings
from ..engine.names import TextError, check_player_name
from ..refusals import Refusal, refusal_line
from ..rulebook.changes import house_rules
from ..table.remote import TableStopped
from ..table.table import NoGame, Table
from ..terminal.console import StuckScript, TerminalConsole
from ..terminal.human import QuitGame, Seat
from ..terminal.pace import PLAYING_PAUSE
from ..terminal.screen import ScreenSettings, TableScreen
from ..terminal.text import say

START_WORDS = "Press Enter to start: the computer takes the empty seats."
AGAIN_WORDS = "Enter deals a new game at the same seats (quit stops the table)"
HOST_NAME = "Host"  # the host's name at the table, when they give none and set none


def _check_name(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    if value is None:
        return None
    try:
        return check_player_name(value)
    except TextError as error:
        raise click.BadParameter(str(error)) from None


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
    callback=_check_name,
    help=f"Your name at the table [default: the name setting, else {HOST_NAME}].",
)
@click.option(
    "--watch",
    is_flag=True,
    help="Do not sit: every seat is open to others, and this terminal shows the game"
    " with no hand (the whole table may see it).",
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
    Ctrl-C stops the table; the game so far is kept in the book (`euchre games`)."""
    from ..serve.code import BadCode, checked_code, new_code

    check_where(lan, host)
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
    if watch:
        _serve(console, table, code, delay, hints, where, plain, book_path(db))
    else:
        sitting = (seat, name or HOST_NAME)
        _serve_and_sit(console, table, code, delay, hints, where, plain, book_path(db), sitting)


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


def _serve(
    console: TerminalConsole,
    table: Table,
    code: str,
    delay: float | None,
    hints: bool,
    where: tuple[bool, str | None, int],
    plain: bool,
    book: str,
) -> None:
    """Serve ``table`` until Ctrl-C, saying on this terminal how to join and what
    happens."""
    from ..serve import run as serving
    from ..serve.hosting import make_app, stop_streams
    from ..serve.qr import qr_text

    try:
        listening = serving.listen(*where)
    except serving.ListenError as problem:
        raise click.ClickException(str(problem)) from None
    pause = PLAYING_PAUSE if delay is None else delay
    app = make_app(
        table, code, delay=pause, hints=hints, book_path=book, hosts=listening.hosts,
        told=console.say,
    )  # fmt: skip
    from ..terminal.seat_screen import seat_screens

    app.state.keeper.show_seats(seat_screens(table.ruleset, table.level))  # euchre join's
    link = f"{listening.url}#code={code}"
    seats = table.ruleset.players
    say(f"Hosting {table.ruleset.name} for {seats} at {listening.url} (seed {table.seed})")
    say(f"Invite: {link}")
    say(f"Table code: {code} (sitting down and starting need it; watching does not)")
    say_how_to_join(listening.reachable, lambda: qr_text(link, ascii_wanted(plain)), "host")
    if sys.stdin is not None and sys.stdin.isatty():  # else a page with the code starts it
        say(START_WORDS)
        threading.Thread(target=_start_at_enter, args=(app, console), daemon=True).start()
    say("Ctrl-C stops the table.")
    serving.run_until_stopped(app, listening, partial(stop_streams, app))
    number = app.state.keeper.game_id
    if number is None:
        say("Stopped the table; no move was played, so no game is kept.")
    else:
        say(f"Stopped the table; the game so far is kept (game {number}).")


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
    delay: float | None,
    hints: bool,
    where: tuple[bool, str | None, int],
    plain: bool,
    book: str,
    sitting: tuple[int, str],
) -> None:
    """Serve ``table`` in a thread beside this one, and seat the host at ``sitting``
    (seat, name) here, as at ``euchre play``, until Ctrl-C or quit."""
    from ..players.levels import make_player
    from ..serve import run as serving
    from ..serve.hosting import make_app, stop_streams
    from ..serve.own_seat import KeeperSeat
    from ..serve.qr import qr_text
    from ..terminal.at_table import SittingAtTable
    from ..terminal.seat_screen import seat_screens

    seat, name = sitting
    try:
        key = table.join(name, seat)  # before anyone else can reach the table
    except Refusal as problem:
        raise click.ClickException(refusal_line(problem)) from None
    try:
        listening = serving.listen(*where)
    except serving.ListenError as problem:
        raise click.ClickException(str(problem)) from None
    pause = PLAYING_PAUSE if delay is None else delay
    app = make_app(
        table, code, delay=pause, hints=hints, book_path=book, hosts=listening.hosts,
        told=console.say,
    )  # fmt: skip
    keeper = app.state.keeper
    keeper.show_seats(seat_screens(table.ruleset, table.level))
    link = f"{listening.url}#code={code}"
    say(f"Hosting {table.ruleset.name} for {table.ruleset.players} at {listening.url}"
        f" (seed {table.seed})")  # fmt: skip
    say(f"Invite: {link}")
    say(f"Table code: {code} (sitting down and starting need it; watching does not)")
    say_how_to_join(listening.reachable, lambda: qr_text(link, ascii_wanted(plain)), "host")
    say(f"At a terminal: euchre join '{link}'")
    say(f"You sit at seat {seat} as {name}.")
    served = serving.ServedAside(app, listening, partial(stop_streams, app))
    if not served.start():
        served.stop()
        raise click.ClickException("the table's server did not start")
    connection = KeeperSeat(keeper, app.state.hub, key)
    hinter = make_player("hard", table.ruleset, seed=f"{table.seed}:hint", think=THINK)
    person = SittingAtTable(connection, console, table.ruleset, Seat(), hinter=hinter, lobby=False)
    ending = "Stopped the table"
    try:
        connection.begin()
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
    number = keeper.game_id
    if number is None:
        say(f"{ending}; no move was played, so no game is kept.")
    else:
        say(f"{ending}; the game so far is kept (game {number}).")


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
