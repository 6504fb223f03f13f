"""A game record as one self-contained JSON document (``euchre games export`` and
``import``; the README's "Game records" documents the format).

Reading one back trusts nothing but the moves: the setup is checked field by field,
the moves are played again through the engine (``play_back``), and the summary and
whether the game is finished come from that replay, not from the file.
"""

from __future__ import annotations

from typing import Any

from ..engine.match import Match
from ..players.levels import LEVELS
from ..rulebook import RulesetError, ruleset_from_dict, ruleset_to_dict
from .game import Move, RecordError, SavedGame, Setup
from .replay import play_back

FORMAT = "euchre-game"
VERSION = 1


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
            "person": setup.person,
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


def from_document(data: object, source: str) -> SavedGame:
    """The record a document holds, checked by playing it again; ``RecordError`` (one
    line, naming ``source``) if it is not one, or not a possible game."""
    document = _object(data, "the document")
    if document.get("format") != FORMAT:
        raise RecordError(f'{source} is not a euchre game record (no "format": "{FORMAT}")')
    version = document.get("version")
    if version != VERSION:
        raise RecordError(
            f"{source} is a game record of version {version!r}; this euchre reads version {VERSION}"
        )
    raw = _object(document.get("setup"), "setup")
    try:
        ruleset = ruleset_from_dict(_object(raw.get("ruleset"), "setup.ruleset"), source)
    except RulesetError as error:
        raise RecordError(f"setup.ruleset: {error}") from None
    names = raw.get("names")
    if (
        not isinstance(names, list)
        or len(names) != ruleset.players
        or not all(isinstance(name, str) and name.strip() for name in names)
    ):
        raise RecordError(f"setup.names: give the {ruleset.players} players' names")
    person = raw.get("person")
    if person is not None and person not in range(len(names)):
        raise RecordError(f"setup.person: a player's index, 0 to {len(names) - 1}, or null")
    level = raw.get("level")
    if level not in LEVELS:
        raise RecordError(f"setup.level: one of {', '.join(LEVELS)}")
    think = raw.get("think")
    if think is not None and (not isinstance(think, (int, float)) or think <= 0):
        raise RecordError("setup.think: seconds above 0, or null")
    games = raw.get("games")
    if games is not None and (_integer(games, "setup.games") < 1 or ruleset.rubber is not None):
        raise RecordError("setup.games: a number of games, 1 or more, for rules without rubbers")
    best_of = raw.get("best_of")  # absent from records written before best-of matches
    if best_of is not None and (
        _integer(best_of, "setup.best_of") % 2 == 0
        or best_of < 1
        or ruleset.rubber is not None
        or games is not None
    ):
        raise RecordError(
            "setup.best_of: an odd number of games, for rules without rubbers and without"
            " setup.games"
        )
    seed = _integer(raw.get("seed"), "setup.seed")
    setup = Setup(ruleset, seed, tuple(names), person, level, think, games, best_of)
    moves = document.get("moves")
    if not isinstance(moves, list):
        raise RecordError("moves: a list of moves")
    saved = SavedGame(setup, [_move(item, index) for index, item in enumerate(moves, start=1)])
    numbers = [move.number for move in saved.moves]
    if numbers != sorted(set(numbers)):
        raise RecordError("moves: their numbers must rise from one move to the next")
    started = document.get("started")
    saved.started = started if isinstance(started, str) else ""
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


def _object(value: object, where: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise RecordError(f"{where}: a JSON object is needed here")
    return value


def _integer(value: object, where: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise RecordError(f"{where}: a whole number is needed here, not {value!r}")
    return value


def _move(item: object, index: int) -> Move:
    where = f"moves[{index}]"
    move = _object(item, where)
    action = move.get("action")
    if not isinstance(action, str):
        raise RecordError(f"{where}.action: an action such as pass, order, name:H or play:JH")
    taken_back = move.get("taken_back", False)
    if not isinstance(taken_back, bool):
        raise RecordError(f"{where}.taken_back: true or false")
    fields = ("number", "game", "hand", "step", "seat")
    number, game, hand, step, seat = (_integer(move.get(f), f"{where}.{f}") for f in fields)
    return Move(number, game, hand, step, seat, action, taken_back)
