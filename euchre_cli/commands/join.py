"""``euchre join URL``: a seat at someone else's table (``euchre host``), from this
terminal, with the screen and keys of ``euchre play``.

Thin: the invite and the HTTP seat are ``serve.client`` (the standard library only:
no ``[serve]`` extra), the seat's key is kept per table (``cli.seat_keys``), and the
game is played by ``terminal.at_table.SittingAtTable``.  Every way it can end is one
line: exit 2 for what was typed wrong, 1 for what the table or the network did.  When
the host stops the table mid-game, the terminal waits for them to resume it (``euchre
host --resume``), trying again quietly as ``serve.client`` does, and goes on at its
seat."""

from __future__ import annotations

import getpass
import signal
import threading
from contextlib import suppress

import click

from ..cli.options import WholeNumber, checked_name
from ..cli.playing import THINK
from ..cli.seat_keys import forget_seat_key, keep_seat_key, read_seat_key
from ..cli.settings import with_settings
from ..engine.names import TextError, check_player_name
from ..table.remote import TableRefused, TableStopped, TableUnreachable
from ..terminal.console import StuckScript, TerminalConsole
from ..terminal.human import QuitGame, Seat

STOPPED_MID_GAME = "The host stopped the table; the game is kept on their machine."
WAITING_FOR_RESUME = (
    f"{STOPPED_MID_GAME} Waiting for them to resume it (Ctrl-C leaves; `euchre join`"
    " again later takes your seat back)."
)
RESUMED = "The host resumed the table: the game goes on."
GUEST = "Guest"


def default_name() -> str:
    """The name of a person who gave none and set none (``euchre config set name``):
    their login name, where it is a player's name, else ``Guest``."""
    try:
        login = getpass.getuser()
        return check_player_name(login[:1].upper() + login[1:])
    except (OSError, KeyError, ImportError, TextError):
        return GUEST


@click.command()
@click.argument("link", metavar="URL")
@click.option(
    "--name",
    callback=checked_name,
    help="Your name at the table [default: the name setting, else your login name].",
)
@click.option(
    "--seat",
    type=WholeNumber(0, 9),
    help="The seat to take; at four, partners sit across (0 and 2, 1 and 3) [default: the"
    " first free one].",
)
@click.option(
    "--hints/--no-hints",
    default=False,
    help="Show the hard player's choice before each of your decisions, where the host"
    " allows hints (else type hint).",
)
@with_settings
def join(link: str, name: str | None, seat: int | None, hints: bool) -> None:
    """Take a seat at a friend's table (`euchre host`): URL is the invite link as the
    host printed it, http://HOST:PORT/#code=CODE.

    The screen and the keys are those of `euchre play` (no undo: a table of people
    cannot take a card back).  The seat's key is kept in your data folder: after
    Ctrl-C or a closed terminal, the same `euchre join URL` takes your seat back."""
    from ..serve.client import BadInvite, HttpSeat, read_invite

    try:
        invite = read_invite(link)
    except BadInvite as problem:
        raise click.BadParameter(str(problem), param_hint="'URL'") from None
    console = TerminalConsole(as_json=False, watching=False, delay=0.0)
    stops = _Stops()
    connection = HttpSeat(
        invite,
        on_retry=_retrying(console),
        on_back=console.status.clear,
        on_stopped=stops.interrupt,
    )
    at_table: list = []  # the seat's game, once it is played
    try:
        seat, back = _sit_down(connection, invite, name or default_name(), seat)
        _play(connection, console, seat, hints, at_table, back, stops)
    except TableStopped:
        console.status.clear()
        if at_table and at_table[0].game.get("over"):
            console.say("The host stopped the table.")
            return
        raise click.ClickException(STOPPED_MID_GAME) from None
    except TableUnreachable as problem:
        raise click.ClickException(_sentence(str(problem)) + ".") from None
    except TableRefused as refused:
        raise click.ClickException(_refusal_words(refused)) from None
    except StuckScript as problem:
        raise click.ClickException(str(problem)) from None
    except (QuitGame, click.Abort, KeyboardInterrupt, EOFError):
        console.status.clear()
        console.last_words(
            f"You left the table; your seat waits for you: `euchre join '{link}'` takes it back."
        )
        raise click.exceptions.Exit(1) from None
    finally:
        connection.end()


class _Stops:
    """The host's stops, heard on the stream's thread while this terminal may wait at
    a question: the question is interrupted, as by Ctrl-C, and the stop is said.  Each
    interrupt sent is owed: the first Ctrl-C the terminal hears after it is the stop's,
    not the person's."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._owed = 0

    def interrupt(self) -> None:
        with self._lock:
            self._owed += 1
        with suppress(ValueError, OSError, AttributeError):
            signal.pthread_kill(threading.main_thread().ident or 0, signal.SIGINT)

    def take(self) -> bool:
        """Whether a Ctrl-C just heard is a stop's (then taken as heard)."""
        with self._lock:
            if not self._owed:
                return False
            self._owed -= 1
            return True


def _retrying(console: TerminalConsole):
    """What the terminal says while the table does not answer: on the status line, or,
    off a terminal, once on standard error."""
    said = []

    def tell(words: str) -> None:
        if console.status.active:
            console.status.show(words)
        elif not said:
            said.append(words)
            click.echo(words.rpartition(":")[0] + ": trying again.", err=True)

    return tell


def _sit_down(connection, invite, name: str, seat: int | None) -> tuple[int, bool]:
    """The seat this terminal takes, and whether it is taken back: the one its kept
    key opens at this table, else ``seat`` (else the first free one) under ``name``,
    its key kept."""
    kept = read_seat_key(invite.host, invite.port, invite.code)
    if kept is not None:
        connection.key = kept["key"]
        try:
            game = connection.game()
        except TableRefused as refused:
            if refused.status != 403:
                raise
            forget_seat_key(invite.host, invite.port, invite.code)  # another table now
            connection.key = None
        else:
            back = game.get("seat")
            if not isinstance(back, int):
                raise TableRefused(502, "the table gave no seat for the key kept")
            mine = next((s for s in game.get("seats", []) if s.get("seat") == back), {})
            name = mine.get("name") or kept.get("name") or name
            other = f" (not seat {seat}: a table keeps you where you sat)" if seat not in (
                None, back,
            ) else ""  # fmt: skip
            click.echo(f"Back at seat {back} as {name}{other}.")
            return back, True
    table = connection.table()
    seats = table.get("seats") or []
    if table.get("started"):
        raise TableRefused(
            409, "the game at this table has started: a seat is taken before the start"
        )
    if seat is None:
        free = [s["seat"] for s in seats if not s.get("name")]
        if not free:
            raise TableRefused(409, "the table is full: every seat is taken")
        seat = free[0]
    elif seat >= len(seats):
        raise click.BadParameter(
            f"this table has seats 0 to {len(seats) - 1}", param_hint="'--seat'"
        )
    joined = connection.join(name, seat)
    try:
        keep_seat_key(invite.host, invite.port, invite.code, seat, name, joined["key"])
    except OSError as problem:
        click.echo(
            f"The seat's key could not be kept ({problem.strerror or problem}): running"
            " euchre join again will not take this seat back.",
            err=True,
        )
    others = [f"{s['name']} at seat {s['seat']}" for s in seats if s.get("name")]
    sitting = f" with {', '.join(others)}" if others else ""
    click.echo(f"You sit at seat {seat} as {name}, at {table.get('rules')}{sitting}.")
    return seat, False


def _play(
    connection,
    console: TerminalConsole,
    seat: int,
    hints: bool,
    at_table: list,
    back: bool,
    stops: _Stops,
) -> None:
    """Play at the seat, game after game, until the host stops the table after a game
    or the person leaves (``at_table`` holds the ``SittingAtTable``); a seat taken
    ``back`` is shown from the hand in play.  Stopped mid-game, the terminal waits for
    the host to resume the table, and goes on from the hand in play."""
    from ..players.levels import make_player
    from ..rulebook.validate import RulesetError, ruleset_from_dict
    from ..terminal.at_table import SittingAtTable

    try:
        rules = ruleset_from_dict(connection.rules(), source="the host's ruleset")
    except (RulesetError, TypeError, ValueError) as problem:
        raise TableRefused(502, f"the table's ruleset cannot be read here: {problem}") from None
    hinter = make_player("hard", rules, seed=f"join:{seat}:hint", think=THINK)
    connection.begin()
    while True:
        sitting = SittingAtTable(
            connection, console, rules, Seat(hints=hints), hinter=hinter, from_start=not back
        )
        at_table[:] = [sitting]
        try:
            while True:
                sitting.play()
                sitting.wait_for_next_game(
                    "The game is over: waiting for the host to deal again (Ctrl-C leaves)."
                )
        except (TableStopped, QuitGame, click.Abort, KeyboardInterrupt, EOFError) as stop:
            if not connection.stopped:
                raise  # the person leaves
            if not isinstance(stop, TableStopped):  # a question interrupted by the stop
                stops.take()
                click.echo("")
            if sitting.game.get("over") and sitting.game.get("started"):
                raise TableStopped from None  # stopped between games: the end
        _wait_for_resume(connection, console, stops)
        back = True


def _wait_for_resume(connection, console: TerminalConsole, stops: _Stops) -> None:
    """The host stopped the table mid-game: say so and wait, quietly, until they
    resume it (``TableStopped`` when they do not in time).  A Ctrl-C owed to the stop
    is not the person's: the person's leaves."""
    said = False
    while True:
        try:
            if not said:
                console.status.clear()
                said = True
                console.say(WAITING_FOR_RESUME)
            connection.wait_for_resume()
            console.say(RESUMED)
            return
        except KeyboardInterrupt:
            if not stops.take():
                raise


def _refusal_words(refused: TableRefused) -> str:
    """A refusal of the table's, as the person can act on it."""
    if refused.status == 403 and "seat key" not in refused.line:
        return (
            "Wrong table code: give the whole link the host printed, with its #code=..."
            f" ({refused.line})"
        )
    return _sentence(refused.line) + ("" if refused.line.endswith(".") else ".")


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:]
