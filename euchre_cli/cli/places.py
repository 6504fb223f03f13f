"""Where the book and the settings file are: ``--db``, else ``$EUCHRE_HOME`` (both), else
the user's data and config folders (platformdirs), the book moved there once from
where euchre kept it before."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

import click

from ..book import BOOK_FILE, BookError, move_book

if TYPE_CHECKING:
    from platformdirs import PlatformDirs


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


def data_folder() -> str:
    """$EUCHRE_HOME, else the user's data folder: where the book and the seat keys of
    the tables joined (``seat_keys``) live."""
    return euchre_home() or _user_folders().user_data_dir


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
