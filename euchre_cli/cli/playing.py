"""The options of the commands at which the computer plays a game (``play`` and its
shortcuts, ``resume``, ``host``): the seed, a match of games (``--games``,
``--best-of``, checked against a ruleset's rubber), the computer's level, the pause
between its turns, and the seconds it may think."""

from __future__ import annotations

from collections.abc import Callable

import click

from ..engine.rules import Ruleset
from ..players.levels import DEFAULT_LEVEL, LEVELS
from ..terminal.pace import MAX_DELAY
from .options import Command, Seconds, WholeNumber, stacked

THINK = 2.0  # seconds per computer decision at most (a safety net: decisions are quicker)
MAX_GAMES = 100  # --games at most: a long evening's play (the JSON holds every hand)
MAX_BEST_OF = MAX_GAMES - 1  # --best-of at most: the largest odd number of those


def _odd(ctx: click.Context, param: click.Parameter, value: int | None) -> int | None:
    if value is not None and value % 2 == 0:
        raise click.BadParameter(
            f"{value} is even: a best-of match has an odd number of games (like 3, 5 or 7),"
            " so that two sides cannot tie"
        )
    return value


def seed_option(command: Command) -> Command:
    return click.option(
        "--seed",
        type=WholeNumber(min=0),
        help="Replay a game, match or rubber exactly (shown at the start).",
    )(command)


def match_options(rubber_rules: str | None) -> Callable[[Command], Command]:
    """``--games`` and ``--best-of``; ``rubber_rules`` is a built-in ruleset with
    rubbers (R10) that the command plays, for --games' help to name, where it has one."""
    rubbers = f"R10, --rules {rubber_rules}" if rubber_rules else "R10"
    games = click.option(
        "--games",
        type=WholeNumber(min=1, max=MAX_GAMES),
        help="Play a match of N games, the seats kept, laps and slams counted where the"
        f" ruleset has them (R13). A ruleset with rubbers ({rubbers}) always plays a"
        " whole rubber, and takes no --games.",
    )
    best_of = click.option(
        "--best-of",
        type=WholeNumber(min=1, max=MAX_BEST_OF),
        callback=_odd,
        help="Play a match of at most N games (N odd) that stops once decided: won by"
        " the first to win more than half of them, a slam counting two where the"
        " ruleset has slams (R13). Not with --games, nor with rubbers.",
    )
    return stacked(games, best_of)


def level_option(command: Command) -> Command:
    return click.option(
        "--level",
        type=click.Choice(LEVELS),
        default=DEFAULT_LEVEL,
        show_default=True,
        help="How well the computer plays.",
    )(command)


def delay_option(help: str) -> Callable[[Command], Command]:
    """``--delay``, the pause before or after each computer turn (``terminal.pace``)."""
    return click.option("--delay", type=Seconds(min=0, max=MAX_DELAY), help=help)


def check_match(
    ruleset: Ruleset, games: int | None, best_of: int | None, named: Callable[[], str]
) -> None:
    """Refuse ``--games`` with ``--best-of``, and either with a ruleset that plays a
    rubber; ``named()`` is how the ruleset was given ("--rules classic")."""
    if games is not None and best_of is not None:
        raise click.UsageError(
            "--games N plays every one of N games and --best-of N stops once the match"
            " is decided: give one of them"
        )
    match_option = "--games" if games is not None else None
    if best_of is not None:
        match_option = "--best-of"
    if match_option is not None and ruleset.rubber is not None:
        won = ruleset.rubber.games_to_win
        raise click.UsageError(
            f"{match_option}: {named()} plays a rubber, won by the first to win {won}"
            " games (R10), so it takes no number of games (house rules with"
            f" `rubber: null` play {match_option} N)"
        )
