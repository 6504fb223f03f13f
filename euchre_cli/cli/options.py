"""The Click types and options the commands share: numbers of ``unit`` (``Amount``,
``Seconds``), whole numbers the book can hold (``WholeNumber``), ``--db``, ``--ascii``,
a ``--rules`` that computer players can play, and options stacked into one decorator
(``stacked``)."""

from __future__ import annotations

import math
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

import click

from ..engine.names import TextError, check_player_name
from ..limits import LARGEST_WHOLE_NUMBER, SMALLEST_WHOLE_NUMBER, whole_number
from ..terminal.keyboard import ascii_only

if TYPE_CHECKING:
    from ..engine.rules import Ruleset

Command = TypeVar("Command", bound=Callable[..., Any])


class Amount(click.FloatRange):
    """A finite number of ``unit`` in a range.  NaN passes every range check, infinity
    most, and Click words a word that is no number by the type's name ("not a valid
    seconds"): each is refused here as "'abc' is not a number of seconds"."""

    unit = "units"

    def _describe_range(self) -> str:
        """The range as ``--help`` shows it: "0 to 10 seconds", "more than 0 seconds"."""
        low, high = self.min, self.max
        if low is not None and high is not None and not (self.min_open or self.max_open):
            return f"{low:g} to {high:g} {self.unit}"
        words = []
        if low is not None:
            words.append(f"{'more than' if self.min_open else 'at least'} {low:g}")
        if high is not None:
            words.append(f"{'less than' if self.max_open else 'at most'} {high:g}")
        return f"{' and '.join(words)} {self.unit}" if words else ""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        try:
            number = float(value)
        except (TypeError, ValueError):
            number = math.nan
        if not math.isfinite(number):
            self.fail(f"{value!r} is not a number of {self.unit}", param, ctx)
        return super().convert(number, param, ctx)


class Seconds(Amount):
    name = unit = "seconds"


class WholeNumber(click.IntRange):
    """A whole number from ``min`` to ``max``, never beyond what the book holds (SQLite's
    INTEGER): every option and argument that takes a whole number is one, so none
    reaches SQLite too large to store.  Refused as "'x' is not a whole number from 1 to
    100" (Click's own words call a word "not a valid integer range")."""

    name = "whole number"

    def __init__(self, min: int = SMALLEST_WHOLE_NUMBER, max: int = LARGEST_WHOLE_NUMBER) -> None:
        super().__init__(min, max)

    def _describe_range(self) -> str:
        """The range as ``--help`` shows it: "0 to 5", "1 or more", or nothing where
        only the book's bounds apply (its 19-digit limits say nothing to a person)."""
        low, high = self.min > SMALLEST_WHOLE_NUMBER, self.max < LARGEST_WHOLE_NUMBER
        if low and high:
            return f"{self.min} to {self.max}"
        if low:
            return f"{self.min} or more"
        return f"at most {self.max}" if high else ""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        is_whole = isinstance(value, int) and not isinstance(value, bool)
        number = value if is_whole else whole_number(str(value).strip(), signed=True)
        if number is None or not self.min <= number <= self.max:
            self.fail(f"{value!r} is not a whole number from {self.min} to {self.max}", param, ctx)
        return number


def stacked(*options: Callable[[Command], Command]) -> Callable[[Command], Command]:
    """The ``options`` as one decorator, in the order given (as ``--help`` lists them)."""

    def with_options(command: Command) -> Command:
        for option in reversed(options):
            command = option(command)
        return command

    return with_options


def with_db(command: Command) -> Command:
    return click.option(
        "--db",
        metavar="PATH",
        callback=_given_path,
        help="The book of score sheets and games (default: in $EUCHRE_HOME or the user data"
        " directory).",
    )(command)


def _given_path(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    if value is not None and not value.strip():
        raise click.BadParameter("needs a file path, not an empty string", ctx, param)
    return value


def with_ascii(command: Command) -> Command:
    return click.option(
        "--ascii", "plain", is_flag=True, help="Plain ASCII marker pictures, no box drawing."
    )(command)


def ascii_wanted(flag: bool) -> bool:
    """Plain ASCII pictures: asked for with --ascii, or all the output can show."""
    return flag or ascii_only(sys.stdout)


class BadRules(click.ClickException):
    """A ruleset that cannot be loaded or played: one line, the file and line, exit 2."""

    exit_code = 2


def rules_to_play(rules: str, whole_games: bool = True, given_as: str = "--rules") -> Ruleset:
    """The ``--rules`` of a command where computer players play: loaded, and refused
    in one line if it is broken or (for whole games) computer players cannot play a
    game under it.  The line starts with ``given_as``, where the user wrote it."""
    from ..players.levels import unplayable_game  # not every command's
    from ..rulebook import RulesetError, load_ruleset

    try:
        ruleset = load_ruleset(rules)
    except RulesetError as error:
        raise BadRules(f"{given_as} {error}") from None
    unplayable = unplayable_game(ruleset) if whole_games else None  # a deal always ends
    if unplayable:
        raise BadRules(f"{given_as} {rules}: {unplayable}")
    return ruleset


def checked_name(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    """A ``--name`` option's callback: a player's name as the engine takes it (no
    control characters, not too long), or its one-line refusal."""
    if value is None:
        return None
    try:
        return check_player_name(value)
    except TextError as error:
        raise click.BadParameter(str(error)) from None
