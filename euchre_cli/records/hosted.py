"""The tables kept beside the games hosted for friends (``euchre host``): what opens a
game's table again (``euchre host --resume``) that its record lacks, in the book's
``hosted`` table (``book.py``, migration 10 -> 11).

A hosted game's row is written in the transaction of its first move
(``GameBook.kept_with``), so that a game kept always has its table, even after a
``kill -9``.  It holds each person's seat key: a secret, since whoever holds it plays
that seat; the book keeps it for as long as it keeps the game (``euchre games delete``
removes both), and no export of a record holds it.
"""

from __future__ import annotations

import json
from typing import NamedTuple

from ..book import Book
from ..limits import decode_json
from .game import DamagedGame, RecordError, whole_number
from .store import NoSuchGame


class Where(NamedTuple):
    """Where a table listened: its address (``127.0.0.1``, ``0.0.0.0`` for the local
    network, or the host's ``--host``) and port, so that pages reconnect there."""

    address: str
    port: int


class HostedTable(NamedTuple):
    """What a hosted game's table is opened again with, beside its record."""

    code: str  # the table code
    keys: tuple[str | None, ...]  # each place's seat key, as the names are ordered; None: none
    where: Where
    hints: bool


def write_hosted(book: Book, game_id: int, table: HostedTable) -> None:
    """Keep ``table`` as game ``game_id``'s, in the transaction the caller holds."""
    book.execute(
        "INSERT OR REPLACE INTO hosted (game_id, code, keys, address, port, hints)"
        " VALUES (?, ?, ?, ?, ?, ?)",
        (
            game_id,
            table.code,
            json.dumps(list(table.keys)),
            table.where.address,
            table.where.port,
            int(table.hints),
        ),
    )


class HostedTables:
    """The hosted tables of an open book; every method is one transaction."""

    def __init__(self, book: Book) -> None:
        self.book = book

    def keep(self, game_id: int, table: HostedTable) -> None:
        """Keep ``table`` as game ``game_id``'s, in place of the one kept."""
        with self.book.transaction():
            write_hosted(self.book, game_id, table)

    def table(self, game_id: int) -> HostedTable | None:
        """The table kept for game ``game_id`` (None: it was not hosted, or before
        tables were kept); ``DamagedGame`` if it is not what the program writes."""
        with self.book.transaction(write=False):
            row = self.book.execute(
                "SELECT code, keys, address, port, hints FROM hosted WHERE game_id = ?",
                (game_id,),
            ).fetchone()
        return None if row is None else _table(game_id, row)

    def newest_unfinished(self) -> int:
        """The newest unfinished game with a table kept, or ``NoSuchGame``."""
        with self.book.transaction(write=False):
            (found,) = self.book.execute(
                "SELECT max(id) FROM games WHERE finished = 0"
                " AND id IN (SELECT game_id FROM hosted)"
            ).fetchone()
        if found is None:
            raise NoSuchGame("no unfinished hosted game in the book")
        return int(found)


def _table(game_id: int, row: tuple) -> HostedTable:
    code, keys, address, port, hints = row
    try:
        listed = decode_json(keys) if isinstance(keys, str) else None
    except ValueError:
        listed = None
    if not isinstance(listed, list) or not all(k is None or isinstance(k, str) for k in listed):
        raise DamagedGame(game_id, "its table's keys are not a list of keys")
    if not isinstance(code, str) or not isinstance(address, str) or hints not in (0, 1):
        raise DamagedGame(game_id, "its table's code, address or hints cannot be read")
    try:
        number = whole_number(port, "port")
    except RecordError as error:
        raise DamagedGame(game_id, f"its table's {error}") from None
    if not 0 <= number <= 65535:
        raise DamagedGame(game_id, f"its table's port {number} is no port")
    return HostedTable(code, tuple(listed), Where(address, number), bool(hints))
