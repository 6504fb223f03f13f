"""Where an exported document goes (``games export``, ``score export``): ``--output
FILE`` or stdout, and a file that exists already is overwritten only with ``--force``
or when the person at the terminal says so; never the book or another SQLite
database, nor what is not a regular file (a FIFO, a device), whatever is said."""

from __future__ import annotations

import os
import sys
from contextlib import suppress

import click

from ..book import SQLITE_HEADER
from ..limits import file_kind
from ..terminal.text import say
from .options import Command
from .places import book_path

# Opened to write and read (the first bytes say what a file is), without waiting on a
# FIFO, and never made the controlling terminal
_FLAGS = os.O_RDWR | os.O_CREAT | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)


def with_output(command: Command) -> Command:
    """The ``--output``/``-o`` and ``--force`` options of a command that exports."""
    command = click.option(
        "--force", is_flag=True, help="Overwrite the --output file if it exists."
    )(command)
    return click.option(
        "--output",
        "-o",
        type=click.Path(dir_okay=False, writable=True, allow_dash=True),
        help="A file (- for stdout, the default).",
    )(command)


def write_output(
    text: str, output: str | None, force: bool, what: str, db: str | None
) -> None:
    """``text`` (one line break is added) to stdout, escaped as all output is, when
    ``output`` is None or "-"; else to the file ``output``, as it is, and a line
    saying so.  ``what`` names the document ("game 3", "sheet Friday"); ``db`` is
    the command's --db: the book no export may write over."""
    if output is None or output == "-":
        say(text)
        return
    try:
        descriptor = _opened(output, force, what, book_path(db))
        with open(descriptor, "w", encoding="utf-8", newline="") as file:
            file.write(text + "\n")
    except OSError as error:
        raise click.ClickException(f"cannot write {output}: {error.strerror}") from None
    say(f"{what[:1].upper()}{what[1:]} written to {output}.")


def _opened(path: str, force: bool, what: str, book: str) -> int:
    """A descriptor of the file at ``path``, empty, to write the export to: a new file,
    or one there already when ``force`` or the person at the terminal says so.  What
    it is is read from the one file opened, so nothing can swap it in between."""
    try:
        return os.open(path, _FLAGS | os.O_EXCL, 0o666)
    except FileExistsError:
        pass
    descriptor = os.open(path, _FLAGS, 0o666)
    try:
        _refuse_to_write_over(descriptor, path, book)
        if not (force or _overwrite(path, what)):
            raise click.ClickException(
                f"{path} exists: --force overwrites it, or give another --output"
            )
        os.ftruncate(descriptor, 0)
        os.lseek(descriptor, 0, os.SEEK_SET)
    except BaseException:
        os.close(descriptor)
        raise
    return descriptor


def _refuse_to_write_over(descriptor: int, path: str, book: str) -> None:
    """Refuse, --force or not, a file that is not a regular one (a FIFO would keep the
    export waiting for a reader), the book (by any name: its inode), and any other
    SQLite database, which an export would destroy."""
    status = os.fstat(descriptor)
    kind = file_kind(status.st_mode)
    if kind:
        raise click.ClickException(f"{path} is {kind}, not a file: give a file to --output")
    with suppress(OSError, ValueError):  # no book there yet: none to write over
        if os.path.samestat(status, os.stat(book)):
            raise click.ClickException(
                f"{path} is the score book: an export never writes over it, even with"
                " --force; give another --output"
            )
    if os.read(descriptor, len(SQLITE_HEADER)) == SQLITE_HEADER:
        raise click.ClickException(
            f"{path} is an SQLite database: an export never writes over one, even with"
            " --force; give another --output"
        )


def _overwrite(path: str, what: str) -> bool:
    """Whether to write over the file at ``path``: asked at a terminal, when there is
    one (a script is refused instead, never kept waiting)."""
    if not sys.stdin.isatty():
        return False
    if not click.confirm(f"{path} exists. Overwrite it?"):
        raise click.ClickException(f"{path} is as it was: {what} was not written")
    return True
