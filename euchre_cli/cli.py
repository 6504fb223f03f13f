"""The ``euchre`` command: a thin Click layer over the library.

Subcommands live in their own modules and are imported only when used, so that a
scorekeeper command typed between hands does not pay for the game engine or YAML.
Domain errors become one-line messages here, at the boundary; the library never
imports Click.
"""

from __future__ import annotations

import importlib

import click

from . import __version__

# name -> (module, attribute, one-line help shown by ``euchre --help``)
SUBCOMMANDS: dict[str, tuple[str, str, str]] = {
    "play": ("euchre_cli.cli_play", "play", "Play a game against the computer, or watch one."),
    "cutthroat": ("euchre_cli.cli_play", "cutthroat", "Three-handed Cutthroat with a dummy hand."),
    "two-handed": ("euchre_cli.cli_play", "two_handed", "Two-handed Euchre."),
    "rules": ("euchre_cli.cli_rules", "rules", "List, show, check and write rulesets."),
    "score": ("euchre_cli.cli_score", "score", "Keep score for a game played with real cards."),
    "simulate": ("euchre_cli.cli_simulate", "simulate", "Computer levels against each other."),
}


class LazyGroup(click.Group):
    """A group whose subcommands are imported on first use."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return list(SUBCOMMANDS)

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name not in SUBCOMMANDS:
            return None
        module_name, attribute, _ = SUBCOMMANDS[name]
        return getattr(importlib.import_module(module_name), attribute)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = [(name, SUBCOMMANDS[name][2]) for name in self.list_commands(ctx)]
        with formatter.section("Commands"):
            formatter.write_dl(rows)


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="euchre")
def main() -> None:
    """Euchre in the terminal: games against the computer, a scorekeeper for real
    tables, and every rule in a YAML ruleset."""
