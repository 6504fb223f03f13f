"""Where an exported document goes (``games export``, ``score export``): ``--output
FILE`` or stdout, and a file that exists already is overwritten only with ``--force``
or when the person at the terminal says so."""

from __future__ import annotations

import os
import sys

import click

from ..terminal.text import say
from .options import Command


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


def write_output(text: str, output: str | None, force: bool, what: str) -> None:
    """``text`` (one line break is added) to stdout, escaped as all output is, when
    ``output`` is None or "-"; else to the file ``output``, as it is, and a line
    saying so.  ``what`` names the document ("game 3", "sheet Friday")."""
    if output is None or output == "-":
        say(text)
        return
    try:
        mode = "w" if force or _overwrite(output, what) else "x"
        with open(output, mode, encoding="utf-8", newline="") as file:
            file.write(text + "\n")
    except FileExistsError:
        raise click.ClickException(
            f"{output} exists: --force overwrites it, or give another --output"
        ) from None
    except OSError as error:
        raise click.ClickException(f"cannot write {output}: {error.strerror}") from None
    say(f"{what[:1].upper()}{what[1:]} written to {output}.")


def _overwrite(path: str, what: str) -> bool:
    """Whether to write over the file at ``path``: asked at a terminal, when there is
    one (a script is refused instead, never kept waiting)."""
    if not (os.path.lexists(path) and sys.stdin.isatty()):
        return False
    if not click.confirm(f"{path} exists. Overwrite it?"):
        raise click.ClickException(f"{path} is as it was: {what} was not written")
    return True
