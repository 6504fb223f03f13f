"""What ``euchre games`` prints: every game kept, newest first, with what its match or
rubber has come to."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from .printed import printed_table
from .wording import plural

if TYPE_CHECKING:
    from ..records.store import Listing


def games_table(kept: Sequence[Listing], columns: int | None = None) -> str:
    """``euchre games``: every game kept, newest first."""
    if not kept:
        return "No games kept yet: play one with 'euchre play'."
    rows = []
    for listed in kept:
        if listed.damaged:  # its line is said apart (``euchre games`` prints it)
            rows.append([listed.id, "", "", "", "", "damaged"])
            continue
        score = ", ".join(f"{side} {points}" for side, points in listed.scores.items())
        match = match_words(listed)
        if match:  # the score is the last game's
            score += f" ({match})"
        result = "unfinished"
        if listed.finished:
            result = f"{listed.winner} won" if listed.winner else "drawn"
        row = [listed.id, listed.started[:16], listed.ruleset, players(listed), score, result]
        rows.append(row)
    headers = ["ID", "When", "Rules", "Players", "Score", "Result"]
    return printed_table(rows, headers, wrap=3, columns=columns)


def players(listed: Listing) -> str:
    """Who played, in a few words: "You, Ann, Bob, Cy (easy)" for a game at the
    terminal (the person first), "(easy, watched)" for a watched one, and otherwise
    the people, then the computer players at their level, each in the players' order:
    "Ann, Bob (people), Cy, Dee (medium)"."""
    if not listed.people:
        return f"{', '.join(listed.names)} ({listed.level}, watched)"
    if listed.people == (0,):
        return f"{', '.join(listed.names)} ({listed.level})"
    people = [listed.names[index] for index in listed.people]
    computers = [name for index, name in enumerate(listed.names) if index not in listed.people]
    who = f"{', '.join(people)} ({'person' if len(people) == 1 else 'people'})"
    return f"{who}, {', '.join(computers)} ({listed.level})" if computers else who


def match_words(listed: Listing) -> str:
    """What a match or rubber has come to, in a few words: "best of 3, won 2–0", "3
    games, drawn 1–1", "rubber, game 2, 1–0 to Ann & Cy" (each side's games won, a slam
    counting two, R13); "" for a single game."""
    number = len(listed.games) + 1  # the game under way, while unfinished
    if listed.rubber:
        kind = "rubber"
        where = f"{kind}, game {number}"
    elif listed.best_of is not None:
        kind = f"best of {listed.best_of}"
        where = f"{kind}, game {number}"
    elif listed.match_games is not None and listed.match_games > 1:
        kind = plural(listed.match_games, "game")
        where = f"game {number} of {listed.match_games}"
    else:
        return ""
    won = listed.games_won
    tally = "–".join(str(count) for count in sorted(won.values(), reverse=True))
    if listed.finished:
        slams = sum(1 for _, counted in listed.games if counted > 1)
        with_slams = f" with {plural(slams, 'slam')}" if slams else ""
        return f"{kind}, {'won' if listed.winner else 'drawn'} {tally}{with_slams}"
    if not listed.games:
        return where
    leaders = [side for side, count in won.items() if count == max(won.values())]
    return f"{where}, {tally}" + (f" to {leaders[0]}" if len(leaders) == 1 else "")
