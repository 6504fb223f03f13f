"""A game record as one self-contained JSON document (``euchre games export`` and
``import``; docs/games-kept.md documents the format).

Reading one back trusts nothing but the moves: the setup is checked field by field,
the moves are played again through the engine (``play_back``), and the summary and
whether the game is finished come from that replay, not from the file.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import partial
from typing import Any

from ..engine.match import Match
from ..engine.names import TextError, check_player_name, check_text
from ..rulebook import RulesetError, ruleset_from_dict, ruleset_to_dict
from .game import RecordError, SavedGame, checked_move, checked_setup
from .replay import play_back

FORMAT = "euchre-game"
VERSION = 2
"""The version written: 2 holds the ``people`` of a game (several, from ``euchre
host``); 1, written before, its one ``person`` (or null), and is read as ever."""
READ_VERSIONS = (1, VERSION)
MAX_RECORD_MOVES = 250_000
"""The moves of a record at most.  The longest record euchre makes is a watched match
of 100 games (``--games`` at most) to 50 points (the most computer players play to):
over 200 such games of each built-in ruleset at ``easy``, a game took 1,823 moves at
the median and 2,135 at most, so 213,500 if every game were the longest.  Undo adds
moves only to a person's games, far shorter than that."""
MAX_RECORD_BYTES = 28 * 2**20
"""A record file at most, as ``export`` writes it (compact): a move takes at most 102
bytes with numbers of these sizes, and the summary about 150 bytes a hand (100 games
of 78 hands, the most seen, are 7,800), so 25.5 + 1.2 MB and a few kB of setup, under
29.4 (28 MiB)."""
MAX_RECORD_VALUES = 10 * MAX_RECORD_MOVES
"""The brackets and commas of a record at most (every JSON value but the first follows
one): a move has 8, a hand's summary about 16 for 27 moves."""
TIME_LONGEST = 25  # "started": "2024-05-01 20:31:24" as the book writes it, or with a zone


def size_problem(text: str) -> str | None:
    """Why ``text`` is larger than a game record can be, or None.  ``import`` asks
    before it reads the JSON, whose values take Python up to fifty times the bytes of
    the file (63 MB of ``[{},{},...]`` took 3 GB and a minute to refuse), and ``export``
    of what it writes, so that every record it writes imports."""
    size = len(text) if text.isascii() else len(text.encode())
    if size > MAX_RECORD_BYTES:
        return f"{size:,} bytes, more than a game record holds ({MAX_RECORD_BYTES:,})"
    values = text.count("{") + text.count("[") + text.count(",")
    if values > MAX_RECORD_VALUES:
        return (
            f"{values:,} brackets and commas, more than a game record of"
            f" {MAX_RECORD_MOVES:,} moves holds ({MAX_RECORD_VALUES:,})"
        )
    return None


def to_document(saved: SavedGame) -> dict[str, Any]:
    setup = saved.setup
    return {
        "format": FORMAT,
        "version": VERSION,
        "id": saved.id,
        "started": saved.started,
        "finished": saved.finished,
        "setup": {
            "ruleset": ruleset_to_dict(setup.ruleset),
            "seed": setup.seed,
            "names": list(setup.names),
            "people": list(setup.people),
            "level": setup.level,
            "think": setup.think,
            "games": setup.games,
            "best_of": setup.best_of,
        },
        "moves": [
            {
                "number": move.number,
                "game": move.game,
                "hand": move.hand,
                "step": move.step,
                "seat": move.seat,
                "action": move.action,
                "taken_back": move.taken_back,
            }
            for move in saved.moves
        ],
        "summary": saved.summary,
    }


def from_document(data: object) -> SavedGame:
    """The record a document holds, checked by playing it again; ``RecordError`` (one
    line, saying where in the document; the caller names the file) if it is not one,
    or not a possible game."""
    document = _object(data, "the document")
    if document.get("format") != FORMAT:
        raise RecordError(f'not a euchre game record (no "format": "{FORMAT}")')
    version = document.get("version")
    if version not in READ_VERSIONS or type(version) is not int:
        raise RecordError(
            f"a game record of version {version!r:.20}; this euchre reads versions"
            f" {' and '.join(map(str, READ_VERSIONS))}"
        )
    raw = _object(document.get("setup"), "setup")
    try:
        ruleset = ruleset_from_dict(_object(raw.get("ruleset"), "setup.ruleset"), "setup.ruleset")
    except RulesetError as error:
        raise RecordError(str(error)) from None
    setup = checked_setup(ruleset, raw, "setup.", person=version == 1)
    names = tuple(
        _under_the_rule(f"setup.names[{index}]", check_player_name, name)
        for index, name in enumerate(setup.names)
    )
    setup = replace(setup, names=names)
    moves = document.get("moves")
    if not isinstance(moves, list):
        raise RecordError("moves: a list of moves")
    if len(moves) > MAX_RECORD_MOVES:
        raise RecordError(
            f"moves: {len(moves):,} moves, more than a game record holds ({MAX_RECORD_MOVES:,})"
        )
    saved = SavedGame(
        setup,
        [
            checked_move(_object(item, f"moves[{index}]"), f"moves[{index}]")
            for index, item in enumerate(moves, start=1)
        ],
    )
    numbers = [move.number for move in saved.moves]
    if numbers != sorted(set(numbers)):
        raise RecordError("moves: their numbers must rise from one move to the next")
    started = document.get("started")
    if isinstance(started, str):
        check_time = partial(check_text, what="time", longest=TIME_LONGEST)
        saved.started = _under_the_rule("started", check_time, started)
    match = play_back(saved, taken_back=True)
    checked(saved, match, document.get("finished"))
    return saved


def checked(saved: SavedGame, match: Match, finished: object) -> None:
    """Set the record's summary and state from its replay, refusing a record that
    claims to be finished when its moves stop short."""
    if finished is True and not match.over:
        raise RecordError("finished: the record says the game is finished, but its moves stop")
    saved.finished = match.over
    saved.summary = None if match.game is None else match.summary()


def _under_the_rule(where: str, check: Callable[[str], str], text: str) -> str:
    """``text`` under the rule for every name and text (``engine.names``): a record
    holds nothing that ``--name`` or a ruleset file would refuse."""
    try:
        return check(text)
    except TextError as error:
        raise RecordError(f"{where}: {error}") from None


def _object(value: object, where: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise RecordError(f"{where}: a JSON object is needed here")
    return value


