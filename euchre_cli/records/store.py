"""Game records in the book: the ``games`` and ``moves`` tables of the score book file
(its schema is ``scorekeeper/store.py``'s, one version for the whole file).

A game is written as it is played: its setup when it starts, then each move in a
transaction of its own, so a closed terminal, Ctrl-C or ``kill -9`` loses nothing
already played.  The ``summary`` kept beside the moves (the ``--json`` summary as
of the last hand) lets ``euchre games`` and ``euchre stats`` read a record without
playing it again; the moves remain what a record is.
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from typing import NamedTuple

from ..rulebook import RulesetError, ruleset_from_dict, ruleset_to_dict
from ..scorekeeper.store import NoSuchGame, Scorebook, ScorebookError
from .game import Move, SavedGame, Setup
from .stats import Counted, counted


class PlayedElsewhere(ScorebookError):
    """The game's record has moved on in another process since this one read it."""


_COLUMNS = (
    "id, started, ruleset, seed, names, person, level, think, games, best_of, finished, summary"
)


class Listing(NamedTuple):
    """A record as ``euchre games`` lists it."""

    id: int
    started: str
    ruleset: str
    kind: str
    names: tuple[str, ...]
    person: int | None
    level: str
    finished: bool
    scores: dict[str, int]  # each side's score in the last game played
    games: list[tuple[str, int]]  # each game won: its winner, and how many games it counts
    rubber_winner: str | None

    @property
    def winner(self) -> str | None:
        """Who won the whole record: the rubber, the match (the most games won, a slam
        counting twice) or the game; None while unfinished, or for a drawn match."""
        if not self.finished:
            return None
        if self.rubber_winner is not None:
            return self.rubber_winner
        won: dict[str, int] = {}
        for winner, worth in self.games:
            won[winner] = won.get(winner, 0) + worth
        best = max(won.values(), default=0)
        leaders = [side for side, count in won.items() if count == best]
        return leaders[0] if len(leaders) == 1 else None


class GameBook:
    """The game records of an open book; every method is one transaction."""

    def __init__(self, book: Scorebook) -> None:
        self.book = book

    # Writing, as a game is played ---------------------------------------------------
    def new_game(self, setup: Setup) -> int:
        """A record for a game about to start; its id."""
        with self.book.transaction():
            return self._insert(SavedGame(setup, started=time.strftime("%Y-%m-%d %H:%M:%S")))

    def add_move(self, game_id: int, move: Move) -> None:
        """One move, after the last one kept: a game resumed in two terminals at once
        stops in the second one to write, rather than mixing two games in one record."""
        with self.book.transaction():
            last = self.book.execute(
                "SELECT max(number) FROM moves WHERE game_id = ?", (game_id,)
            ).fetchone()[0]
            if (last or 0) >= move.number:
                raise PlayedElsewhere(
                    f"game {game_id} is being played in another terminal too, which has"
                    f" kept its own move {last}: this one stops here (`euchre resume"
                    f" {game_id}` goes on from the moves kept)"
                )
            self.book.execute(
                "INSERT INTO moves (game_id, number, game, hand, step, seat, action)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                (game_id, move.number, move.game, move.hand, move.step, move.seat, move.action),
            )

    def take_back(self, game_id: int, numbers: Sequence[int]) -> None:
        """Mark moves taken back (``undo``): out of the game, kept for the review."""
        with self.book.transaction():
            for number in numbers:
                self.book.execute(
                    "UPDATE moves SET taken_back = 1 WHERE game_id = ? AND number = ?",
                    (game_id, number),
                )

    def save_summary(self, game_id: int, setup: Setup, summary: dict, finished: bool) -> None:
        """The summary as of the last hand, and the figures ``euchre stats`` counts."""
        saved = SavedGame(setup, id=game_id, finished=finished, summary=summary)
        with self.book.transaction():
            self.book.execute(
                "UPDATE games SET summary = ?, finished = ?, figures = ? WHERE id = ?",
                (json.dumps(summary), int(finished), _figures(saved), game_id),
            )

    def counted(self) -> list[Counted]:
        """Every record's figures, as ``euchre stats`` counts them: no summary is read
        and no ruleset checked, so a book of hundreds of games is counted at once."""
        with self.book.transaction(write=False):
            rows = self.book.execute(
                "SELECT id, started, kind, ruleset_name, level, figures FROM games"
            ).fetchall()
        return [
            Counted.from_stored(*row[:-1], None if row[-1] is None else json.loads(row[-1]))
            for row in rows
        ]

    # Reading ---------------------------------------------------------------------
    def game(self, game_id: int) -> SavedGame:
        """A whole record, moves and all."""
        with self.book.transaction(write=False):
            row = self.book.execute(f"SELECT {_COLUMNS} FROM games WHERE id = ?", (game_id,))
            found = row.fetchone()
            if found is None:
                raise NoSuchGame(f"no game {game_id} in the book")
            saved = _saved_game(found)
            saved.moves = [
                Move(*row[:-1], taken_back=bool(row[-1]))
                for row in self.book.execute(
                    "SELECT number, game, hand, step, seat, action, taken_back FROM moves"
                    " WHERE game_id = ? ORDER BY number",
                    (game_id,),
                )
            ]
        return saved

    def listing(self) -> list[Listing]:
        """Every record as ``euchre games`` lists it, newest first: SQLite picks the
        scores and results out of the summaries, so no summary is read whole and no
        ruleset checked."""
        with self.book.transaction(write=False):
            rows = self.book.execute(
                "SELECT id, started, ruleset_name, kind, names, person, level, finished,"
                " json_extract(summary, '$.scores'), json_extract(summary, '$.games'),"
                " json_extract(summary, '$.rubber.winner') FROM games ORDER BY id DESC"
            ).fetchall()
        return [
            Listing(
                *row[:4],
                tuple(json.loads(row[4])),
                *row[5:7],
                bool(row[7]),
                json.loads(row[8] or "{}"),
                [(game["winner"], game["counted"]) for game in json.loads(row[9] or "[]")],
                row[10],
            )
            for row in rows
        ]

    def last_id(self, finished: bool) -> int:
        """The newest game finished (or unfinished) in which a person played."""
        with self.book.transaction(write=False):
            row = self.book.execute(
                "SELECT max(id) FROM games WHERE finished = ? AND person IS NOT NULL",
                (int(finished),),
            ).fetchone()
        if row[0] is None:
            state = "finished" if finished else "unfinished"
            raise NoSuchGame(f"no {state} game in the book")
        return int(row[0])

    def delete(self, game_id: int) -> None:
        with self.book.transaction():
            if self.book.execute("DELETE FROM games WHERE id = ?", (game_id,)).rowcount == 0:
                raise NoSuchGame(f"no game {game_id} in the book")
            self.book.execute("DELETE FROM moves WHERE game_id = ?", (game_id,))

    def add_saved(self, saved: SavedGame) -> int:
        """A whole record (``euchre games import``), in one transaction; its new id."""
        with self.book.transaction():
            return self._insert(saved)

    def _insert(self, saved: SavedGame) -> int:
        setup = saved.setup
        cursor = self.book.execute(
            "INSERT INTO games (started, kind, ruleset_name, ruleset, seed, names, person, level,"
            " think, games, best_of, finished, summary, figures)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                saved.started,
                setup.kind,
                setup.ruleset.name,
                json.dumps(ruleset_to_dict(setup.ruleset)),
                setup.seed,
                json.dumps(list(setup.names)),
                setup.person,
                setup.level,
                setup.think,
                setup.games,
                setup.best_of,
                int(saved.finished),
                None if saved.summary is None else json.dumps(saved.summary),
                _figures(saved),
            ),
        )
        game_id = int(cursor.lastrowid or 0)
        for move in saved.moves:
            self.book.execute(
                "INSERT INTO moves (game_id, number, game, hand, step, seat, action, taken_back)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    game_id,
                    move.number,
                    move.game,
                    move.hand,
                    move.step,
                    move.seat,
                    move.action,
                    int(move.taken_back),
                ),
            )
        return game_id


def _figures(saved: SavedGame) -> str | None:
    """The figures the book keeps beside a record (JSON), or None: a watched game is
    nobody's."""
    if saved.setup.person is None:
        return None
    return json.dumps(counted(saved).stored())


def _saved_game(row: Sequence) -> SavedGame:
    game_id, started, ruleset, seed, names, person, level, think, games, best_of = row[:10]
    finished, summary = row[10:]
    try:
        rules = ruleset_from_dict(json.loads(ruleset), source=f"game {game_id}")
    except RulesetError as error:
        raise ScorebookError(f"game {game_id}'s rules cannot be read: {error}") from None
    setup = Setup(rules, seed, tuple(json.loads(names)), person, level, think, games, best_of)
    return SavedGame(
        setup,
        id=game_id,
        started=started,
        finished=bool(finished),
        summary=None if summary is None else json.loads(summary),
    )
