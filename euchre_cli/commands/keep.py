"""``euchre score keep``: score kept at the table, hand by hand, until ``quit``
(``terminal/scorekeeping.py`` asks and records)."""

from __future__ import annotations

from functools import partial

import click

from ..cli.options import ascii_wanted, with_ascii, with_db
from ..cli.session import BookBusyError, session
from ..terminal.scorekeeping import ScoreKeeping, keep_score


@click.command()
@with_ascii
@with_db
def keep(plain: bool, db: str | None) -> None:
    """Keep score at the table, hand by hand, until you type quit."""
    keep_score(ScoreKeeping(partial(session, db), BookBusyError, ascii_wanted(plain)))
