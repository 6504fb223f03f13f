"""The ``euchre`` command group: a thin Click layer over the library.

Subcommands live in their own modules and are imported only when used, so that a
scorekeeper command typed between hands pays for neither the computer players nor
YAML.  Usage errors print on one line here; each command turns the library's errors
into one-line messages, and the library never imports Click.
"""

from __future__ import annotations

import importlib
import math
from typing import IO, TYPE_CHECKING, Any

import click

from .. import __version__
from ..limits import LARGEST_WHOLE_NUMBER, SMALLEST_WHOLE_NUMBER

if TYPE_CHECKING:
    from ..engine.rules import Ruleset

# name -> (module in this package, attribute, one-line help shown by ``euchre --help``)
SUBCOMMANDS: dict[str, tuple[str, str, str]] = {
    "play": ("play", "play", "Play a game against the computer, or watch one."),
    "cutthroat": ("play", "cutthroat", "Three-handed Cutthroat with a dummy hand."),
    "two-handed": ("play", "two_handed", "Two-handed Euchre."),
    "resume": ("play", "resume", "Go on with a game that stopped, where it stopped."),
    "games": ("games", "games", "Games kept: list, show, replay, export, import, delete."),
    "stats": ("stats", "stats", "Your figures over the games kept, and their trend."),
    "review": ("review", "review", "Your decisions in a kept game, weighed by the hints."),
    "rules": ("rules", "rules", "List, show, check and write rulesets."),
    "score": ("score", "score", "Keep score for a game played with real cards."),
    "simulate": ("simulate", "simulate", "Computer levels against each other."),
    "config": ("config", "config", "Your defaults for the game commands: list, get, set, unset."),
}


class OneLineUsageError(click.UsageError):
    """A usage error on one line: click's own puts the usage and a hint above it."""

    def show(self, file: IO[Any] | None = None) -> None:
        where = ""
        if self.ctx is not None:
            usage = " ".join(self.ctx.get_usage().split()).removeprefix("Usage: ")
            where = f" (usage: {usage}; more: '{self.ctx.command_path} --help')"
        click.echo(f"Error: {self.format_message()}{where}", file=file, err=True)


def one_line(error: click.ClickException) -> click.ClickException:
    """``error`` on one line, what it quotes of the user's text escaped and, where it
    is very long, cut short: a usage error as a :class:`OneLineUsageError`; a bare
    group name's help (click 8.2's ``NoArgsIsHelpError``, hence ``click>=8.2``) as
    it is."""
    from ..terminal.text import escaped, shortened  # only on an error

    if isinstance(error, click.exceptions.NoArgsIsHelpError):
        return error
    if isinstance(error, click.UsageError):
        return OneLineUsageError(shortened(escaped(error.format_message())), error.ctx)
    error.message = shortened(escaped(error.message))  # an argument, a path, a name
    return error


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


class Amount(click.FloatRange):
    """A finite number of ``unit`` in a range.  NaN passes every range check, infinity
    most, and Click words a word that is no number by the type's name ("not a valid
    seconds"): each is refused here as "'abc' is not a number of seconds"."""

    unit = "units"

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

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        try:
            number = int(value)
        except (TypeError, ValueError):  # a word, a fraction, or too many digits to read
            number = None
        if number is None or not self.min <= number <= self.max:
            self.fail(f"{value!r} is not a whole number from {self.min} to {self.max}", param, ctx)
        return number


class ListingGroup(click.Group):
    """A group that answers an unknown command with the list of its commands."""

    def resolve_command(
        self, ctx: click.Context, args: list[str]
    ) -> tuple[str | None, click.Command | None, list[str]]:
        name = args[0]
        known = self.list_commands(ctx)
        if name not in known and not name.startswith("-") and not ctx.resilient_parsing:
            import difflib  # only on this error: keeps every command's start quick

            started = [command for command in known if command.startswith(name.lower())]
            close = started if len(started) == 1 else difflib.get_close_matches(name, known, n=1)
            guess = f" (did you mean {close[0]!r}?)" if close else ""
            commands = ", ".join(known)
            raise click.UsageError(
                f"no such command {name!r}{guess}; the commands: {commands}.", ctx
            )
        return super().resolve_command(ctx, args)


class LazyGroup(ListingGroup):
    """A group whose subcommands are imported on first use, and whose usage errors
    (its own and its subcommands') print as one line, and every error escaped."""

    def make_context(self, *args, **kwargs) -> click.Context:
        try:
            return super().make_context(*args, **kwargs)
        except click.ClickException as error:
            raise one_line(error) from None

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except click.ClickException as error:
            raise one_line(error) from None

    def list_commands(self, ctx: click.Context) -> list[str]:
        return list(SUBCOMMANDS)

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name not in SUBCOMMANDS:
            return None
        module_name, attribute, _ = SUBCOMMANDS[name]
        return getattr(importlib.import_module(f"{__package__}.{module_name}"), attribute)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = [(name, SUBCOMMANDS[name][2]) for name in self.list_commands(ctx)]
        with formatter.section("Commands"):
            formatter.write_dl(rows)


@click.group("euchre", cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="euchre")
def main() -> None:
    """Euchre in the terminal: games against the computer, a scorekeeper for real
    tables, and every rule in a YAML ruleset."""
