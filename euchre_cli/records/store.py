"""Game records in the book (``book.py``, which makes their tables): the ``games`` and
``moves`` tables.

A game is written as it is played: its setup when it starts, then each move in a
transaction of its own, so a closed terminal, Ctrl-C or ``kill -9`` loses nothing
already played.  The ``summary`` kept beside the moves (the ``--json`` summary as
of the last hand) lets ``euchre games`` and ``euchre stats`` read a record without
playing it again; the moves remain what a record is.

Each game also keeps its ``digest`` (``record_digest``): what makes it the game it is,
so that ``euchre games import`` finds the same game already kept with one look-up.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Sequence
from typing import NamedTuple

from ..book import Book, BookError
from ..limits import decode_json
from .game import (
    DamagedGame,
    Move,
    RecordError,
    SavedGame,
    Setup,
    checked_move,
    checked_names,
    checked_people,
    checked_setup,
    whole_number,
)
from .stats import Counted, counted


class NoSuchGame(BookError):
    """No game record of the id asked for (or none unfinished, none finished)."""

    next_step = " (see 'euchre games')"


class PlayedElsewhere(BookError):
    """The game's record has moved on in another process since this one read it."""


class AlreadyInBook(BookError):
    """The game being imported is in the book already (``record_digest``)."""

    def __init__(self, game_id: int) -> None:
        super().__init__(f"already in the book as game {game_id}")
        self.game_id = game_id


def setup_digest(setup: Setup) -> str:
    """The digest of a game before its first move: the setup that deals its hands
    (the rules in full, seed, names, the people's seats, level and games; not ``think``,
    a safety net that decides nothing when the moves are given)."""
    from ..rulebook import ruleset_to_dict  # YAML's reader: not for the list or stats

    identity = {
        "ruleset": ruleset_to_dict(setup.ruleset),
        "seed": setup.seed,
        "names": list(setup.names),
        "people": list(setup.people),
        "level": setup.level,
        "games": setup.games,
        "best_of": setup.best_of,
    }
    text = json.dumps(identity, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return _sha256(text)


def digest_after(digest: str, move: Move) -> str:
    """The digest once ``move`` stands: chained, so that a move kept costs one hash."""
    return _sha256(f"{digest}\n{move.seat} {move.action}")


def _sha256(text: str) -> str:
    import hashlib  # a game played or imported needs it, not the list or the stats

    return hashlib.sha256(text.encode()).hexdigest()


def record_digest(saved: SavedGame) -> str:
    """What makes a record the game it is: its setup and the moves that stand, in order
    (the moves taken back, when the record was made and where, and its id aside).  Two
    records alike in these are one game: played again, they are the same game."""
    digest = setup_digest(saved.setup)
    for move in saved.live_moves:
        digest = digest_after(digest, move)
    return digest


def local_time() -> str:
    """Now, as the book keeps when a game started."""
    return time.strftime("%Y-%m-%d %H:%M:%S")


_COLUMNS = (
    "id, started, ruleset, seed, names, people, level, think, games, best_of, finished, summary"
)


class Listing(NamedTuple):
    """A record as ``euchre games`` lists it."""

    id: int
    started: str
    ruleset: str
    kind: str
    names: tuple[str, ...]
    people: tuple[int, ...]  # the people's indexes in ``names``; (): watched
    level: str
    finished: bool
    scores: dict[str, int]  # each side's score in the last game played
    games: list[tuple[str, int]]  # each game won: its winner, and how many games it counts
    rubber_winner: str | None
    damaged: str | None = None  # why the record cannot be read (``DamagedGame``'s line)
    rubber: bool = False  # the rules play a rubber (R10)
    match_games: int | None = None  # a match of this many games (``--games``)
    best_of: int | None = None  # a best-of match of at most this many (``--best-of``)

    @property
    def games_won(self) -> dict[str, int]:
        """Games won by each side so far (every side, in the scores' order), a slam
        counting twice (R13)."""
        won = dict.fromkeys(self.scores, 0)
        for winner, worth in self.games:
            won[winner] = won.get(winner, 0) + worth
        return won

    @property
    def winner(self) -> str | None:
        """Who won the whole record: the rubber, the match (the most games won, a slam
        counting twice) or the game; None while unfinished, or for a drawn match."""
        if not self.finished:
            return None
        if self.rubber_winner is not None:
            return self.rubber_winner
        won = self.games_won
        best = max(won.values(), default=0)
        leaders = [side for side, count in won.items() if count == best]
        return leaders[0] if len(leaders) == 1 else None


class GameBook:
    """The game records of an open book; every method is one transaction.
    ``kept_with``, given a new game's id, writes what else the game is kept with (a
    hosted table's keys, ``records/hosted.py``) in the transaction of its first move."""

    def __init__(self, book: Book, kept_with: Callable[[int], None] | None = None) -> None:
        self.book = book
        self.kept_with = kept_with

    # Writing, as a game is played ---------------------------------------------------
    def new_game(self, setup: Setup, started: str, first: Move, summary: dict) -> int:
        """A game's record, written with its ``first`` move and the ``summary`` as it
        stands (0 to 0): a game left before any move is no game, and is not kept.
        ``started`` is when it was set up (``local_time``).  Its id."""
        with self.book.transaction():
            game_id = self._insert(SavedGame(setup, [first], started=started, summary=summary))
            if self.kept_with is not None:
                self.kept_with(game_id)
            return game_id

    def add_move(self, game_id: int, move: Move) -> None:
        """One move, after the last one kept: a game resumed in two terminals at once
        stops in the second one to write, rather than mixing two games in one record."""
        with self.book.transaction():
            last, digest = self.book.execute(
                "SELECT (SELECT max(number) FROM moves WHERE game_id = ?), digest"
                " FROM games WHERE id = ?",
                (game_id, game_id),
            ).fetchone() or (None, None)
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
            if digest is not None:  # None: worked out when an import needs it
                digest = digest_after(digest, move)
                self.book.execute("UPDATE games SET digest = ? WHERE id = ?", (digest, game_id))

    def take_back(self, game_id: int, numbers: Sequence[int]) -> None:
        """Mark moves taken back (``undo``): out of the game, kept for the review.  The
        game's digest is forgotten, to be worked out again when an import needs it."""
        with self.book.transaction():
            self.book.execute("UPDATE games SET digest = NULL WHERE id = ?", (game_id,))
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

    def counted(self) -> tuple[list[Counted], list[DamagedGame]]:
        """Every record's figures, as ``euchre stats`` counts them (no summary is read
        and no ruleset checked, so a book of hundreds of games is counted at once), and
        the games whose figures cannot be read, left out."""
        with self.book.transaction(write=False):
            rows = self.book.execute(
                "SELECT id, started, kind, ruleset_name, level, people, figures FROM games"
            ).fetchall()
        kept: list[Counted] = []
        damaged: list[DamagedGame] = []
        for game_id, *texts, people, figures in rows:
            try:
                started, kind, ruleset, level = (
                    _text(text, column)
                    for text, column in zip(texts, ("started", "kind", "ruleset_name", "level"))
                )
                count = len(checked_people(_json_column(people, "people"), names=None))
                stored = None if figures is None else _json_column(figures, "figures")
                row = (game_id, started, kind, ruleset, level, count, stored)
                kept.append(Counted.from_stored(*row))
            except RecordError as error:
                damaged.append(DamagedGame(game_id, str(error)))
            except DamagedGame as error:
                damaged.append(error)
        return kept, damaged

    # Reading ---------------------------------------------------------------------
    def game(self, game_id: int) -> SavedGame:
        """A whole record, moves and all, every value checked: ``DamagedGame`` if one is
        not what the program writes."""
        with self.book.transaction(write=False):
            return self._read(game_id)

    def outline(self, game_id: int) -> tuple[SavedGame, int]:
        """A game without its moves, and how many it has: what ``euchre games delete``
        asks about.  The moves are counted, not read, so that a game of millions of
        moves, damaged or not, is asked about at once."""
        with self.book.transaction(write=False):
            found = self._row(game_id)
            (count,) = self.book.execute(
                "SELECT count(*) FROM moves WHERE game_id = ?", (game_id,)
            ).fetchone()
        try:
            return _saved_game(found), count
        except RecordError as error:
            raise DamagedGame(game_id, str(error)) from None

    def _row(self, game_id: int) -> Sequence:
        found = self.book.execute(f"SELECT {_COLUMNS} FROM games WHERE id = ?", (game_id,))
        row = found.fetchone()
        if row is None:
            raise NoSuchGame(f"no game {game_id} in the book")
        return row

    def _read(self, game_id: int) -> SavedGame:
        found = self._row(game_id)
        moves = self.book.execute(
            f"SELECT {', '.join(_MOVE_FIELDS)} FROM moves WHERE game_id = ? ORDER BY number",
            (game_id,),
        ).fetchall()
        try:
            saved = _saved_game(found)
            saved.moves = [_move(row, index) for index, row in enumerate(moves, start=1)]
        except RecordError as error:
            raise DamagedGame(game_id, str(error)) from None
        return saved

    def listing(self) -> list[Listing]:
        """Every record as ``euchre games`` lists it, newest first: SQLite picks the
        scores and results out of the summaries, so no summary is read whole and no
        ruleset checked.  A record whose listed values cannot be read is listed as
        damaged (``Listing.damaged``)."""
        picked = ("'$.scores'", "'$.games'", "'$.rubber.winner'")
        with self.book.transaction(write=False):
            rows = self.book.execute(
                "SELECT id, started, ruleset_name, kind, names, people, level, finished,"
                " games, best_of,"
                " CASE WHEN json_valid(ruleset) THEN json_type(ruleset, '$.rubber') = 'object'"
                " END, summary IS NOT NULL AND NOT json_valid(summary),"
                + ", ".join(
                    f" CASE WHEN json_valid(summary) THEN json_extract(summary, {path}) END"
                    for path in picked
                )
                + " FROM games ORDER BY id DESC"
            ).fetchall()
        return [_listed(row) for row in rows]

    def last_id(self, finished: bool) -> int:
        """The newest game finished in which anyone played (``euchre review``), or the
        newest unfinished one the terminal goes on with (``euchre resume``): one
        person's, in the first seat (``euchre play``'s), not hosted (a table for
        friends of one person has those people too)."""
        played = (
            "people != '[]'"
            if finished
            else "people = '[0]' AND id NOT IN (SELECT game_id FROM hosted)"
        )
        with self.book.transaction(write=False):
            row = self.book.execute(
                f"SELECT max(id) FROM games WHERE finished = ? AND {played}", (int(finished),)
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
            self.book.execute("DELETE FROM hosted WHERE game_id = ?", (game_id,))

    def add_saved(self, saved: SavedGame, copy: bool = False) -> int:
        """A whole record (``euchre games import``), in one transaction; its new id.
        The same game already in the book (``record_digest``) is refused with
        ``AlreadyInBook``, unless ``copy``."""
        with self.book.transaction():
            if not copy:
                same = self._same_game(record_digest(saved))
                if same is not None:
                    raise AlreadyInBook(same)
            return self._insert(saved)

    def _same_game(self, digest: str) -> int | None:
        """The first game in the book with this digest, once every game has one: those
        kept before digests were (or since an undo) have theirs worked out now, and
        kept; one that cannot be read keeps none, and matches nothing."""
        unknown = self.book.execute("SELECT id FROM games WHERE digest IS NULL").fetchall()
        for (game_id,) in unknown:
            try:
                known = record_digest(self._read(game_id))
            except BookError:
                continue
            self.book.execute("UPDATE games SET digest = ? WHERE id = ?", (known, game_id))
        row = self.book.execute("SELECT min(id) FROM games WHERE digest = ?", (digest,))
        return row.fetchone()[0]

    def _insert(self, saved: SavedGame) -> int:
        from ..rulebook import ruleset_to_dict  # YAML's reader: not for the list or stats

        setup = saved.setup
        cursor = self.book.execute(
            "INSERT INTO games (started, kind, ruleset_name, ruleset, seed, names, people, level,"
            " think, games, best_of, finished, summary, figures, digest)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                saved.started,
                setup.kind,
                setup.ruleset.name,
                json.dumps(ruleset_to_dict(setup.ruleset)),
                setup.seed,
                json.dumps(list(setup.names)),
                json.dumps(list(setup.people)),
                setup.level,
                setup.think,
                setup.games,
                setup.best_of,
                int(saved.finished),
                None if saved.summary is None else json.dumps(saved.summary),
                _figures(saved),
                record_digest(saved),
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
    """A game's row as a record; ``RecordError`` naming the first column that is not
    one the program writes (the book may have been edited by hand)."""
    from ..rulebook import RulesetError, ruleset_from_dict  # not for the list or stats

    game_id, started, ruleset, seed, names, people, level, think, games, best_of = row[:10]
    finished, summary = row[10:]
    try:
        rules = ruleset_from_dict(
            _json_column(ruleset, "ruleset"), source=f"game {game_id}", kept=True
        )
    except RulesetError as error:
        raise RecordError(f"its rules cannot be read: {error}") from None
    given = dict(seed=seed, level=level, think=think, games=games, best_of=best_of)
    listed = {"names": _json_column(names, "names"), "people": _json_column(people, "people")}
    setup = checked_setup(rules, {**given, **listed})
    kept_summary = None if summary is None else _json_column(summary, "summary")
    if kept_summary is not None and not isinstance(kept_summary, dict):
        raise RecordError("summary: a JSON object is needed here")
    return SavedGame(
        setup,
        id=game_id,
        started=_text(started, "started"),
        finished=_flag(finished, "finished"),
        summary=kept_summary,
    )


_MOVE_FIELDS = ("number", "game", "hand", "step", "seat", "action", "taken_back")


def _move(row: Sequence, index: int) -> Move:
    given = dict(zip(_MOVE_FIELDS, row))
    where = f"moves[{index}]"
    taken_back = _flag(given["taken_back"], f"{where}.taken_back")
    return checked_move({**given, "taken_back": taken_back}, where)


def _listed(row: Sequence) -> Listing:
    """A row of ``listing``'s query as the list shows it; a damaged one if a value it
    shows is not what the program writes."""
    game_id, started, ruleset, kind, names, people, level, finished, *row = row
    match_games, best_of, rubber, broken, *picked = row
    try:
        if broken:
            raise RecordError("summary: not JSON")
        scores_text, games_text, rubber_winner = picked
        listed_names = checked_names(_json_column(names, "names"), None)
        scores = {} if scores_text is None else _json_column(scores_text, "summary.scores")
        ended = [] if games_text is None else _json_column(games_text, "summary.games")
        if not isinstance(scores, dict) or not all(
            isinstance(side, str) and type(points) is int for side, points in scores.items()
        ):
            raise RecordError("summary.scores: each side's points")
        if not isinstance(ended, list) or not all(
            isinstance(game, dict)
            and isinstance(game.get("winner"), str)
            and type(game.get("counted")) is int
            for game in ended
        ):
            raise RecordError("summary.games: each game's winner and what it counted")
        if rubber_winner is not None:
            _text(rubber_winner, "summary.rubber.winner")
        return Listing(
            game_id,
            _text(started, "started"),
            _text(ruleset, "ruleset_name"),
            _text(kind, "kind"),
            listed_names,
            checked_people(_json_column(people, "people"), listed_names),
            _text(level, "level"),
            _flag(finished, "finished"),
            scores,
            [(game["winner"], game["counted"]) for game in ended],
            rubber_winner,
            rubber=bool(rubber),
            match_games=None if match_games is None else whole_number(match_games, "games"),
            best_of=None if best_of is None else whole_number(best_of, "best_of"),
        )
    except RecordError as error:
        damaged = str(DamagedGame(game_id, str(error)))
        return Listing(game_id, "", "", "", (), (), "", False, {}, [], None, damaged)


def _json_column(value: object, column: str) -> object:
    if not isinstance(value, str):
        raise RecordError(f"{column}: JSON text is needed here, not {value!r:.40}")
    try:
        return decode_json(value)
    except ValueError as error:
        raise RecordError(f"{column}: not JSON ({error})") from None


def _text(value: object, column: str) -> str:
    if not isinstance(value, str):
        raise RecordError(f"{column}: text is needed here, not {value!r:.40}")
    return value


def _flag(value: object, column: str) -> bool:
    if value not in (0, 1):
        raise RecordError(f"{column}: 0 or 1 is needed here, not {value!r:.40}")
    return bool(value)
