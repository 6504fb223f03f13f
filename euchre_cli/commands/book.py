"""The score book as the ``euchre score`` commands open it: where it is (``--db``,
``$EUCHRE_HOME``), one transaction per command, the library's refusals as one-line
errors, and the options every score command shares."""

from __future__ import annotations

import os
import signal
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from functools import cache
from typing import TYPE_CHECKING, Any, TypeVar

import click

from ..book import BOOK_FILE, BookBusy, BookError, NoBook, move_book, open_book
from ..engine.names import TextError
from ..rulebook import RulesetError
from ..scorekeeper.sheet import RubberOver, SheetError
from ..scorekeeper.store import NoCurrentSheet, NoSuchSheet, Scorebook
from ..terminal.keyboard import ascii_only

if TYPE_CHECKING:
    from platformdirs import PlatformDirs

    from ..records.stats import Counted
    from ..records.store import GameBook

Command = TypeVar("Command", bound=Callable[..., Any])


def euchre_home() -> str | None:
    """$EUCHRE_HOME, when set: the folder of both the book and the settings file.
    (os.path, not pathlib: pathlib would cost every score command a few milliseconds
    of start-up.)"""
    home = os.environ.get("EUCHRE_HOME")
    return os.path.expanduser(home) if home else None


def _user_folders() -> PlatformDirs:
    """The user's folders for euchre (platformdirs; roaming on Windows, as Click's
    ``get_app_dir`` was): imported only when a place is needed, for a few
    milliseconds of start-up."""
    import platformdirs

    return platformdirs.PlatformDirs("euchre", appauthor=False, roaming=True)


def config_folder() -> str:
    """$EUCHRE_HOME, else the user's config folder: where the settings file lives."""
    return euchre_home() or _user_folders().user_config_dir


def book_path(db: str | None) -> str:
    """--db, else the book in $EUCHRE_HOME, else in the user's data folder (moved
    there from where euchre kept it before, the first time)."""
    if db is not None:
        return os.path.expanduser(db)
    home = euchre_home()
    if home is not None:
        return os.path.join(home, BOOK_FILE)
    return _book_moved_in(os.path.join(_user_folders().user_data_dir, BOOK_FILE))


def _book_moved_in(path: str) -> str:
    """``path``, where the book now lives; when it has none and the old place (Click's
    app folder, which is the config folder) has one, the book is moved here once, and
    a line says so.  A move that fails says why in one line and leaves the book where
    it was, to be used there this time."""
    if os.path.lexists(path):
        return path
    old = os.path.join(click.get_app_dir("euchre"), BOOK_FILE)
    if old == path or not os.path.isfile(old):
        return path
    try:
        move_book(old, path)
    except BookError as error:
        _say_once(f"The score book stays at {old} for now ({error}).")
        return old
    click.echo(f"Moved the score book from {old} to {path}, where euchre keeps it now.", err=True)
    return path


_SAID: set[str] = set()  # the lines ``_say_once`` has said in this process


def _say_once(line: str) -> None:
    """A line on stderr, said once however often a command asks for the book's place."""
    if line not in _SAID:
        _SAID.add(line)
        click.echo(line, err=True)


@cache
def next_steps() -> dict[type[Exception], str]:
    """What to do next, after the refusals that leave the user without a sheet or a
    game to use (the game records' error imported only on an error: the score
    commands start without the records)."""
    from ..records.store import NoSuchGame

    return {
        NoBook: ": start one with 'euchre score new'",
        NoCurrentSheet: (
            ": start one with 'euchre score new' or pick one with 'euchre score use NAME'"
        ),
        NoSuchSheet: " (see 'euchre score list')",
        NoSuchGame: " (see 'euchre games')",
        RubberOver: ": start a new sheet with 'euchre score new'",
    }


@contextmanager
def refusals(otherwise: str = "") -> Iterator[None]:
    """The library's refusals, as Click's one-line errors, with the command to type
    next where there is one (``otherwise``: what else the user may do)."""
    try:
        yield
    except BookBusy as error:
        raise BookBusyError(f"{error}{otherwise}") from None
    except (BookError, SheetError, RulesetError, TextError) as error:
        next_step = next_steps().get(type(error), "")
        raise click.ClickException(f"{error}{next_step}{otherwise}") from None


class BookBusyError(click.ClickException):
    """Another program holds the score book: a moment later the same command works."""


@contextmanager
def session(db: str | None, write: bool = True, create: bool = False) -> Iterator[Scorebook]:
    """The book's score sheets, inside one transaction; any failure leaves it untouched."""
    with refusals():
        try:
            book = open_book(book_path(db), create)
        except NoBook as error:
            raise NoBook(f"no score sheets yet ({error})") from None
        try:
            with book.transaction(write):
                yield Scorebook(book)
                if write:
                    hold_interrupts()
        finally:
            book.close()


@contextmanager
def kept_games(db: str | None, create: bool = False) -> Iterator[GameBook]:
    """The book's game records (each ``GameBook`` call is its own transaction); only
    ``create`` makes a book where there is none."""
    from ..records.store import GameBook  # the game commands': not the score commands'

    with refusals():
        try:
            book = open_book(book_path(db), create)
        except NoBook as error:
            raise BookError(f"no games kept yet ({error}): play one with 'euchre play'") from None
        try:
            yield GameBook(book)
        finally:
            book.close()


def hold_interrupts() -> None:
    """Ignore Ctrl-C from the commit until the command has said what it recorded (or,
    in ``keep``, until the next question): the change is saved, and "Aborted!" would
    tell the user it was not, so they would enter it twice."""
    try:
        previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    except ValueError:  # not the main thread: signals are not ours to handle
        return
    if previous is not signal.SIG_IGN:
        click.get_current_context().call_on_close(lambda: signal.signal(signal.SIGINT, previous))


def listen_for_interrupts() -> None:
    """Ctrl-C interrupts again (``keep``, before each question)."""
    with suppress(ValueError):
        signal.signal(signal.SIGINT, signal.default_int_handler)


def with_db(command: Command) -> Command:
    return click.option(
        "--db",
        metavar="PATH",
        callback=_given_path,
        help="The book of score sheets and games (default: in $EUCHRE_HOME or the user data"
        " directory).",
    )(command)


def _given_path(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    if value is not None and not value.strip():
        raise click.BadParameter("needs a file path, not an empty string", ctx, param)
    return value


def with_ascii(command: Command) -> Command:
    return click.option(
        "--ascii", "plain", is_flag=True, help="Plain ASCII marker pictures, no box drawing."
    )(command)


def ascii_wanted(flag: bool) -> bool:
    """Plain ASCII pictures: asked for with --ascii, or all the output can show."""
    return flag or ascii_only(sys.stdout)


def counted_games(db: str | None) -> list[Counted]:
    """Every game record's figures (``euchre stats``); none when there is no book yet
    (a command that only reads the games has nothing to refuse then).  A damaged
    game is left out, said in a note on stderr: the others are counted."""
    from ..records.store import GameBook  # stats': not the score commands'

    with refusals():
        try:
            book = open_book(book_path(db))
        except NoBook:
            return []
        try:
            counted, damaged = GameBook(book).counted()
        finally:
            book.close()
    for error in damaged:
        click.echo(f"Note: {error}; it is not counted.", err=True)
    return counted
