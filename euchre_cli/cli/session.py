"""The book as a command opens it: one transaction per score command (``session``), the
games kept for the game commands (``game_records``), and the library's refusals as
one-line errors with the command to type next."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

import click

from ..book import BookBusy, BookError, NoBook, open_book
from ..refusals import Refusal, refusal_line
from ..terminal.keyboard import hold_interrupts
from .places import book_path

if TYPE_CHECKING:
    from ..records.stats import Counted
    from ..records.store import GameBook
    from ..scorekeeper.store import Scorebook


@contextmanager
def refusals(otherwise: str = "") -> Iterator[None]:
    """The library's refusals, as Click's one-line errors, with the command to type
    next where there is one (``otherwise``: what else the user may do)."""
    try:
        yield
    except BookBusy as error:
        raise BookBusyError(f"{error}{otherwise}") from None
    except Refusal as error:
        raise click.ClickException(f"{refusal_line(error)}{otherwise}") from None


class BookBusyError(click.ClickException):
    """Another program holds the score book: a moment later the same command works."""


@contextmanager
def session(db: str | None, write: bool = True, create: bool = False) -> Iterator[Scorebook]:
    """The book's score sheets, inside one transaction; any failure leaves it untouched."""
    from ..scorekeeper.store import Scorebook  # the score commands': not the game commands'

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
def game_records(db: str | None, create: bool = False) -> Iterator[GameBook]:
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
