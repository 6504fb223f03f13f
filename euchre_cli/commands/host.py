"""``euchre host``: a game for friends, every phone a hand, the computer in the empty
seats; ``--resume`` opens a kept game's table again, where it stopped.

Thin: the table is ``table.Table``, the server ``serve.hosting`` (imported only when
it runs); this terminal is the host's screen, which the whole table may see, so it
says the game as a watched game says it, less every hand (``ScreenSettings.public``)."""

from __future__ import annotations

import random
import sys
import threading
from concurrent.futures import Future
from functools import partial

import click
from click.core import ParameterSource

from ..book import open_book
from ..cli.options import BadRules, Seconds, WholeNumber, ascii_wanted, rules_to_play, with_db
from ..cli.places import book_path
from ..cli.playing import THINK, check_match, delay_option, level_option, match_options, seed_option
from ..cli.serving import check_where, need_serving, say_how_to_join, server_options
from ..cli.session import game_records, refusals
from ..records.game import RecordError, SavedGame
from ..records.hosted import HostedTable, HostedTables, Where
from ..rulebook.changes import house_rules
from ..table.table import NoGame, Table
from ..terminal.console import TerminalConsole
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
    "--watch",
    is_flag=True,
    help="The host does not sit: every seat is open to others. For now the only way to"
    " host, with or without --watch (sitting at this terminal comes later).",
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
    watch: bool,
    takeover: float | None,
    resume_id: int | None,
    db: str | None,
) -> None:
    """Host a game for friends: every phone a hand, the computer in the empty seats.

    RULES is a built-in ruleset (`euchre rules list`) or a YAML file [default:
    standard].  Prints the invite link (the table code in it) and, live, who sits
    where and the game as it goes: never a hand, since the table may see this screen.
    The game starts when every seat is taken, when a page with the code starts it, or
    at Enter here.  Only this machine can reach it unless --lan.  Ctrl-C stops the
    table; the game so far is kept in the book (`euchre games`), and --resume opens
    it again."""
    from ..serve.code import BadCode, checked_code, new_code

    check_where(lan, host)
    if resume_id is not None:
        _refuse_given_again()
        _resume(resume_id, delay, hints, takeover, (lan, host, port), plain, db)
        return
    try:
        code = checked_code(given_code) if given_code is not None else new_code()
    except BadCode as problem:
        raise click.BadParameter(str(problem), param_hint="'--code'") from None
    console = TerminalConsole(as_json=False, watching=True, delay=0.0)
    table = _table(console, rules, house, level, seed, (games, best_of))
    need_serving("the table")
    with refusals():  # a book that cannot keep the game is refused before anyone joins
        open_book(book_path(db), create=True).close()
    _serve(
        console, table, code, delay, hints, (lan, host, port), plain, book_path(db),
        takeover=takeover,
    )  # fmt: skip


def _table(
    console: TerminalConsole,
    rules: str | None,
    house: str | None,
    level: str,
    seed: int | None,
    match: tuple[int | None, int | None],
) -> Table:
    """The table to host, its game checked before anyone can join it, and shown on
    ``console`` as it goes; ``match`` is ``--games`` and ``--best-of``."""
    games, best_of = match
    if rules is not None and house is not None:
        raise click.UsageError("give RULES or --house FILE, not both")
    given, given_as = (house, "--house") if house is not None else (rules, "RULES")
    ruleset = rules_to_play(given or "standard", given_as=given_as)
    named = f"--house {house}" if house is not None else (rules or "standard")
    check_match(ruleset, games, best_of, lambda: named)
    seed = random.SystemRandom().randrange(1_000_000) if seed is None else seed
    settings = ScreenSettings(level=level, house_rules=house_rules(ruleset), public=True)
    screen = TableScreen(console, None, settings)
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
    *,
    takeover: float | None = None,
) -> None:
    """Serve ``table`` until Ctrl-C, saying on this terminal how to join and what
    happens; a table ``reopened`` goes on at once, this terminal quiet until its kept
    moves are made again."""
    from ..serve import run as serving
    from ..serve.hosting import make_app, stop_streams
    from ..serve.qr import qr_text

    try:
        listening = serving.listen(*where)
    except serving.ListenError as problem:
        raise click.ClickException(str(problem)) from None
    pause = PLAYING_PAUSE if delay is None else delay
    address, port = listening.socket.getsockname()[:2]
    app = make_app(
        table, code, delay=pause, hints=hints, book_path=book, hosts=listening.hosts,
        told=console.say, takeover=takeover, where=Where(address, port),
        caught_up=partial(setattr, console, "live", True),
    )  # fmt: skip
    link = f"{listening.url}#code={code}"
    seats = table.ruleset.players
    say(f"Hosting {table.ruleset.name} for {seats} at {listening.url} (seed {table.seed})")
    say(f"Invite: {link}")
    say(f"Table code: {code} (sitting down and starting need it; watching does not)")
    say_how_to_join(listening.reachable, lambda: qr_text(link, ascii_wanted(plain)), "host")
    resumed = table.resumes is not None
    if not resumed and sys.stdin is not None and sys.stdin.isatty():  # else a page starts it
        say(START_WORDS)
        threading.Thread(target=_start_at_enter, args=(app, console), daemon=True).start()
    say("Ctrl-C stops the table.")
    serving.run_until_stopped(app, listening, partial(stop_streams, app))
    keeper = app.state.keeper
    number = keeper.game_id
    if number is None:
        say("Stopped the table; no move was played, so no game is kept.")
    elif keeper.table.over:
        say(f"Stopped the table; the game is kept (game {number}).")
    else:
        say(
            f"Stopped the table; the game so far is kept (game {number}):"
            f" `euchre host --resume {number}` opens it again."
        )


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
    delay: float | None,
    hints: bool,
    takeover: float | None,
    where: tuple[bool, str | None, int],
    plain: bool,
    db: str | None,
) -> None:
    """Open the table of hosted game ``game_id`` (``NEWEST``: the newest unfinished)
    again: its moves checked by playing them again before anyone can connect, then
    served where it was (unless told elsewhere) with the same code and keys."""
    saved, kept = _kept_table(game_id, db)
    need_serving("the table")
    setup = saved.setup
    console = TerminalConsole(as_json=False, watching=True, delay=0.0)
    settings = ScreenSettings(
        level=setup.level, house_rules=house_rules(setup.ruleset), public=True
    )  # fmt: skip
    try:
        Table.reopened(saved, kept.keys).start()  # a record that does not replay is refused
        table = Table.reopened(saved, kept.keys, observer=TableScreen(console, None, settings))
    except RecordError as error:
        raise click.ClickException(f"game {saved.id}: {record_words(error)}") from None
    console.live = False  # until the keeper has made the kept moves again
    given = click.get_current_context().get_parameter_source
    if given("hints") is ParameterSource.DEFAULT:
        hints = kept.hints
    lan, host, port = where
    if given("port") is ParameterSource.DEFAULT:
        port = kept.where.port
    if not lan and host is None:
        host = kept.where.address
    say(f"Game {saved.id}, started {saved.started}: its table opens again where it stopped.")
    _serve(
        console, table, kept.code, delay, hints, (lan, host, port), plain, book_path(db),
        takeover=takeover,
    )  # fmt: skip


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
