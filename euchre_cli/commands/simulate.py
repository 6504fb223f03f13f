"""``euchre simulate``: computer levels against each other (``simulate.py`` does the work)."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable

import click

from ..cli.options import Seconds, WholeNumber, rules_to_play
from ..engine.game import GameTooLong
from ..players.levels import DEFAULT_LEVEL, LEVELS
from ..simulate import Matchup, Summary, iter_results
from ..terminal.status import StatusLine


def _levels(ctx: click.Context, param: click.Parameter, value: str | None):
    if value is None:
        return None
    levels = tuple(part.strip().lower() for part in value.split(","))
    for level in levels:
        if not level:
            raise click.BadParameter(
                f"{value!r} has an empty level: levels go between commas, e.g. hard,easy"
            )
        if level not in LEVELS:
            raise click.BadParameter(f"unknown level {level!r} (use {', '.join(LEVELS)})")
    return levels


@click.command("simulate")
@click.option("--rules", default="standard", show_default=True, help="A ruleset name or file.")
@click.option(
    "--deals",
    type=WholeNumber(min=0, max=1_000_000),
    default=100,
    show_default=True,
    help="Single deals to play (each once per seating with --duplicate).",
)
@click.option(
    "--games",
    type=WholeNumber(min=0, max=100_000),
    default=0,
    show_default=True,
    help="Whole games to the ruleset's target to play as well.",
)
@click.option(
    "--seed", type=WholeNumber(min=0), default=0, show_default=True, help="Seed of every deal."
)
@click.option(
    "--players",
    "levels",
    callback=_levels,
    metavar="LEVEL,LEVEL[,...]",
    help=f"One level per side ({', '.join(LEVELS)}); default {DEFAULT_LEVEL} against easy.",
)
@click.option(
    "--duplicate",
    is_flag=True,
    help="Play every deal and game once per seating, the levels swapping seats.",
)
@click.option(
    "--workers",
    type=WholeNumber(min=1, max=64),
    default=1,
    show_default=True,
    help="Processes to spread the deals over (the results do not depend on it).",
)
@click.option(
    "--think",
    type=Seconds(min=0, min_open=True),
    help="Seconds per decision at most (results then depend on the machine's speed).",
)
@click.option("--json", "as_json", is_flag=True, help="Print the results as one JSON object.")
def simulate(rules, deals, games, seed, levels, duplicate, workers, think, as_json) -> None:
    """Play computer levels against each other and compare them.

    Each deal is dealt from the seed and its number, so the same command gives the
    same numbers with any --workers.  Points per deal are shown with a 95%
    confidence interval; the difference is the first side's points per deal minus
    the mean of the others'.
    """
    ruleset = rules_to_play(rules, whole_games=bool(games))
    sides = len(ruleset.sides)
    if levels is None:
        levels = (DEFAULT_LEVEL,) + ("easy",) * (sides - 1)
    try:
        match = Matchup(ruleset, levels, seed, deals, games, duplicate, think)
    except ValueError as error:
        raise click.BadParameter(str(error), param_hint="--players") from None
    if not match.tasks():
        raise click.UsageError("nothing to play: give --deals or --games above 0")
    summary = Summary(match)
    tasks = match.tasks()
    results = iter_results(match, workers)
    try:
        with StatusLine(sys.stderr).counting(results, len(tasks), _playing(tasks)) as outcomes:
            for outcome in outcomes:
                summary.add(outcome)
    except GameTooLong as error:
        raise click.ClickException(str(error)) from None
    if as_json:
        click.echo(json.dumps(summary.as_json()))
    else:
        click.echo(render(summary))


def _playing(tasks: list[tuple[str, int]]) -> Callable[[int, int], str]:
    """The progress shown on a terminal: "Playing deal 12 of 100…" ("game" once the
    deals are played)."""

    def words(number: int, total: int) -> str:
        kind, _ = tasks[number - 1]
        return f"Playing {kind} {number} of {total}…"

    return words


def render(summary: Summary) -> str:
    from tabulate import tabulate

    match = summary.match
    names = match.side_names
    seatings = len(match.seatings)
    times = f" x {seatings}" if seatings > 1 else ""
    parts = []
    if summary.deal_outcomes:
        parts.append(f"{len(summary.deal_outcomes)} deals{times}")
    if match.games:
        count = f"{match.games} game{'' if match.games == 1 else 's'}"
        parts.append(f"{count} to {match.ruleset.game.points_to_win}{times}")
    title = f"{match.ruleset.name}: {', '.join(parts)}"
    if seatings > 1:
        title += " (duplicate: once per seating)"
    lines = [title + f", seed {match.seed}"]
    games = summary.games()
    deals = bool(summary.deal_outcomes)
    rows = []
    for i, (name, level) in enumerate(zip(names, match.levels)):
        row = [f"{name}: {level}"]
        if deals:
            mean, low, high = summary.interval(i)
            stats = summary.stats(i)
            row += [
                f"{mean:.3f}",
                f"[{low:.3f}, {high:.3f}]",
                stats["made"],
                stats["euchred"],
                stats["marched"],
                f"{stats['alone_made']}/{stats['alone']}",
            ]
        if games is not None:
            played = match.games * seatings
            row.append(f"{games[i]} of {played} ({games[i] / played:.1%})")
        rows.append(row)
    headers = ["side"]
    if deals:
        headers += ["points/deal", "95% CI", "made", "euchred", "marched", "alone made/tried"]
    if games is not None:
        headers.append("games won")
    lines.append(tabulate(rows, headers=headers, tablefmt="simple", disable_numparse=True))
    if summary.deal_outcomes:
        diff, low, high = summary.difference()
        others = " - ".join(names[1:]) if len(names) == 2 else f"mean of {', '.join(names[1:])}"
        lines.append(
            f"difference {names[0]} - {others}: {diff:+.3f} points per deal "
            f"(95% CI {low:+.3f} to {high:+.3f})"
        )
    return "\n".join(lines)
