"""The ``euchre`` command group: a thin Click layer over the library.

Subcommands live in their own modules and are imported only when used, so that a
scorekeeper command typed between hands pays for neither the computer players nor
YAML.  Usage errors print on one line here; each command turns the library's errors
into one-line messages, and the library never imports Click.
"""

from __future__ import annotations

from typing import Any

import click

from .. import __version__
from ..cli.errors import LazyGroup, one_line

# name -> (module in this package, attribute, one-line help shown by ``euchre --help``)
SUBCOMMANDS: dict[str, tuple[str, str, str]] = {
    "play": ("play", "play", "Play a game against the computer, or watch one."),
    "cutthroat": ("play", "cutthroat", "Three-handed Cutthroat with a dummy hand."),
    "two-handed": ("play", "two_handed", "Two-handed Euchre."),
    "resume": ("play", "resume", "Go on with a game that stopped, where it stopped."),
    "host": ("host", "host", "Host a game for friends: every phone a hand, by a link."),
    "join": ("join", "join", "Take a seat at a friend's table (euchre host) from here."),
    "games": ("games", "games", "Games kept: list, show, replay, export, import, delete."),
    "stats": ("stats", "stats", "Your figures over the games kept, and their trend."),
    "review": ("review", "review", "Your decisions in a kept game, weighed by the hints."),
    "rules": ("rules", "rules", "List, show, check and write rulesets."),
    "score": ("score", "score", "Keep score for a game played with real cards."),
    "simulate": ("simulate", "simulate", "Computer levels against each other."),
    "config": ("config", "config", "Your defaults for the game commands: list, get, set, unset."),
}


COMMANDS = SUBCOMMANDS.items()


class RootGroup(LazyGroup):
    """The ``euchre`` group: every subcommand imported on first use, listed in the
    order of ``SUBCOMMANDS``, and every usage error (its own and its subcommands')
    printed as one line, every error escaped."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        lazy = {name: (f"{__package__}.{module}", *rest) for name, (module, *rest) in COMMANDS}
        super().__init__(*args, lazy=lazy, **kwargs)

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


@click.group("euchre", cls=RootGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="euchre")
def main() -> None:
    """Euchre in the terminal: games against the computer, a scorekeeper for real
    tables, and every rule in a YAML ruleset."""
