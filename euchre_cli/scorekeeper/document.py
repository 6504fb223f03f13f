"""A score sheet as JSON objects, for scripts and the web scoreboard: ``score show
--json`` (``sheet_document``, which ``GET /api/sheet`` and every event of the page
give too), ``score history --json`` (``history_document``) and ``score players
--json`` (``people_document``).  Scripts read them, so a key once given keeps its
name and its meaning (new ones may be added); ``docs/scorekeeping.md`` says each.

The words they carry (an entry's, the note where the markers have no scheme) are
the terminal's, given as ``SheetWords`` (``terminal.entry_words.SHEET_WORDS``), so a
page says what ``score show`` and ``history`` say.  Pure: the sheet, its tally and
the words are given, the objects returned.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import asdict
from typing import TYPE_CHECKING, Any, NamedTuple

from ..engine.scoring import marker_position, standing
from .entries import entry_facts

if TYPE_CHECKING:
    from ..engine.rules import Ruleset
    from .people import Partnership, Person
    from .sheet import Sheet
    from .tally import EntryResult, Tally


class SheetWords(NamedTuple):
    """The words a sheet's JSON carries: ``entry`` says an entry
    (``entry(sheet, result)``, the line ``history`` shows), ``marker_note`` what is
    said instead of the marker pictures where the ruleset's cards have no scheme for
    its target (None where they have one)."""

    entry: Callable[[Sheet, EntryResult], str]
    marker_note: Callable[[Ruleset], str | None]


def sheet_document(sheet: Sheet, tally: Tally, words: SheetWords) -> dict[str, Any]:
    """``score show --json``: an object scripts read, so a key it has given keeps its
    name and its meaning (new ones may be added).  ``dealer`` is who deals next (None
    until a dealer is named), ``seating`` the players clockwise (R3); ``marker_note``
    is said in ``words``."""
    rules = sheet.ruleset
    names = sheet.side_names

    def by_side(values: Sequence[int]) -> dict[str, int]:
        return dict(zip(names, values))

    bridge = sheet.at_the_bridge(tally.scores)
    rubber = None
    if rules.rubber is not None:
        games_won, rubber_points, _ = standing(tally.games, len(sheet.sides))
        result = tally.rubber
        rubber = {
            "winner": names[result.winner] if result else None,
            "margin": result.margin if result else None,
            "games_won": by_side(games_won),
            "rubber_points": by_side(rubber_points),
        }
    return {
        "sheet": sheet.name,
        "ruleset": rules.name,
        "sides": list(names),
        "players": {name: list(players) for name, players in zip(names, sheet.sides)},
        "entries": len(tally.results),
        "complete": tally.rubber is not None,
        "game": None
        if tally.rubber is not None
        else {
            "number": tally.game_number,
            "scores": by_side(tally.scores),
            "bridge": names[bridge] if bridge is not None else None,
        },
        "games": [
            {
                "number": number,
                "winner": names[game.winner],
                "scores": by_side(game.scores),
                "rubber_points": game.rubber_points if rules.rubber else None,
                "counted": game.counted,  # games it counts for: 2 for a slam (R13)
                "started": by_side(tally.starts[number - 1]),  # laps carried in (R13)
            }
            for number, game in enumerate(tally.games, start=1)
        ],
        "rubber": rubber,
        "dealer": None if tally.dealer is None else sheet.seating[tally.dealer],
        "seating": list(sheet.seating),
        # R6: the lone hands the ruleset has, so a page offers only those
        "lone_hands": {"maker": rules.alone.maker, "defender": rules.alone.defender},
        # R11: how each side's marker cards lie for the game in play (null where the
        # score has no picture), and the note said instead where the target has none
        "markers": _markers(sheet, tally),
        "marker_note": words.marker_note(rules) if tally.rubber is None else None,
    }


def _markers(sheet: Sheet, tally: Tally) -> dict[str, dict[str, Any] | None] | None:
    """Each side's ``MarkerPosition`` for the game in play, or None where its score has
    none; None for the whole when no game is in play or the ruleset has no markers."""
    rules = sheet.ruleset
    if tally.rubber is not None or rules.markers is None:
        return None
    target = rules.game.points_to_win
    positions = (marker_position(rules.markers.cards, target, score) for score in tally.scores)
    return {
        name: position._asdict() if position is not None else None
        for name, position in zip(sheet.side_names, positions)
    }


def history_document(sheet: Sheet, tally: Tally, words: SheetWords) -> list[dict[str, Any]]:
    """``score history --json``: every entry, what it scored and the totals after it,
    said in ``words``, and the ends of games and of the rubber."""
    names = sheet.side_names
    entries = []
    for result in tally.results:
        facts = entry_facts(sheet, result.entry)
        entries.append(
            {
                "number": result.number,
                **facts._asdict(),
                "alone": bool(facts.alone),
                "points": dict(zip(names, result.points)),
                "totals": dict(zip(names, result.totals)),
                "text": words.entry(sheet, result),
                "game": result.game,
                "game_end": result.game if result.ended_game is not None else None,
                "rubber_end": result.decided_rubber is not None,
            }
        )
    return entries


def people_document(
    persons: Sequence[Person], partnerships: Sequence[Partnership]
) -> dict[str, Any]:
    """``score players --json``: each person's and partnership's figures, by their
    field names."""
    return {
        "players": [asdict(person) for person in persons],
        "partnerships": [asdict(pair) for pair in partnerships],
    }
