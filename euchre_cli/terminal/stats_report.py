"""What ``euchre stats`` prints: a person's figures per kind of game and computer level,
over all the games and over the most recent ones, and which way each moved.  The
counting is ``records/stats.py``'s."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from .printed import printed_table
from .wording import plural

if TYPE_CHECKING:
    from ..records.stats import Figures, KindAndLevelStats


def person_stats_report(tables: Sequence[KindAndLevelStats], ascii: bool = False) -> str:
    """``euchre stats``: a table per kind of game and computer level, each figure over
    all the games and over the most recent ones side by side, and which way it moved;
    games with no hand scored yet (left in their first hand) have a line, not a table
    of dashes."""
    from ..records.stats import RECENT_GAMES  # not every report's: records cost start-up

    up, down = ("up", "down") if ascii else ("▲", "▼")
    blocks = []
    for table in tables:
        overall, recent = table.overall, table.recent
        games = plural(overall.games, "game")
        if overall.unfinished:
            games += f", {overall.unfinished} unfinished"
        title = (
            f"{table.kind.capitalize()} against {table.level} computer players: {games}"
            f" (rules: {', '.join(table.rulesets)})"
        )
        if not overall.hands:
            blocks.append(f"{title}; no hand scored yet, so nothing to count.")
            continue
        rows = []
        for label, figure in _person_figures(table):
            cells = [figure(overall), figure(recent)]
            moved = _trend(cells[0][1], cells[1][1], up, down)
            rows.append([label, cells[0][0], cells[1][0], moved])
        headers = ["", f"all {plural(overall.games, 'game')}", f"last {RECENT_GAMES}", "trend"]
        blocks.append(f"{title}\n{printed_table(rows, headers)}")
    if not any(table.overall.hands for table in tables):
        return "\n".join(blocks)
    legend = (
        f"Trend: {up} or {down} where a figure over the last {RECENT_GAMES} games is higher"
        " or lower than over all."
    )
    return "\n\n".join([*blocks, legend])


Compared = tuple[str, float] | None
"""What a figure's trend compares: the value as its cell shows it, to mark only a change
one can see, and the exact value, to say which way; None for a figure with no trend."""
Shown = tuple[str, Compared]  # a figure as a cell, and what its trend compares


def _person_figures(table: KindAndLevelStats) -> list[tuple[str, Callable[[Figures], Shown]]]:
    """The rows of a ``euchre stats`` table: a label, and how a column shows it."""
    side = "your side" if table.partnerships else "you"
    rows: list[tuple[str, Callable[[Figures], Shown]]] = [
        ("Games won", lambda f: _share(f.won, f.finished))
    ]
    if table.overall.unfinished:
        rows.append(("Unfinished games", lambda f: (str(f.unfinished), None)))
    rows += [
        ("Hands dealt", lambda f: (str(f.hands), None)),
        ("Points per hand, for", lambda f: _per_hand(f.points_for_per_hand)),
        ("Points per hand, against", lambda f: _per_hand(f.points_against_per_hand)),
        (f"Trump made by {side}", lambda f: _share(f.trump_made, f.hands)),
        ("  euchred (as makers)", lambda f: _share(f.euchred, f.trump_made)),
        ("  marched", lambda f: _share(f.marched, f.trump_made)),
    ]
    if table.lone_hands:
        rows += [
            ("Lone hands (you alone)", lambda f: _share(f.alone_tried, f.hands)),
            ("  made", lambda f: _share(f.alone_made, f.alone_tried)),
            ("  marched", lambda f: _share(f.alone_marched, f.alone_tried)),
        ]
    rows.append(("Euchres as defenders", lambda f: _share(f.euchres_as_defenders, f.defended)))
    return rows


def _share(part: int, whole: int) -> Shown:
    """ "4 of 20 (20%)"; "-" when there is no whole; "<1%" rather than a 0% that is not."""
    if not whole:
        return "-", None
    rate = part / whole
    percent = "<1%" if 0 < rate < 0.005 else f"{round(100 * rate)}%"
    return f"{part} of {whole} ({percent})", (percent, rate)


def _per_hand(points: float | None) -> Shown:
    if points is None:
        return "-", None
    return f"{points:.2f}", (f"{points:.2f}", points)


def _trend(overall: Compared, recent: Compared, up: str, down: str) -> str:
    """Which way a figure moved in the recent games, where its cells show a change."""
    if overall is None or recent is None or overall[0] == recent[0]:
        return ""
    return up if recent[1] > overall[1] else down
