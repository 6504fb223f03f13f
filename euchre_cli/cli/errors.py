"""Errors on one line: a usage error without Click's usage and hint above it, what it
quotes of the user's text escaped and cut short, and a group that answers an unknown
command with the list of its commands."""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import IO, Any

import click

from ..engine.names import did_you_mean


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


class ListingGroup(click.Group):
    """A group that answers an unknown command with the list of its commands."""

    def resolve_command(
        self, ctx: click.Context, args: list[str]
    ) -> tuple[str | None, click.Command | None, list[str]]:
        name = args[0]
        known = self.list_commands(ctx)
        if name not in known and not name.startswith("-") and not ctx.resilient_parsing:
            guess = did_you_mean(name, known)
            hint = f" ({guess})" if guess else ""
            commands = ", ".join(known)
            raise click.UsageError(
                f"no such command {name!r}{hint}; the commands: {commands}.", ctx
            )
        return super().resolve_command(ctx, args)


class LazyGroup(ListingGroup):
    """A group some of whose subcommands are imported only when used: a score command
    typed between hands pays for neither keep's loop nor the server.  ``lazy`` maps
    each such name to (its module, the command's name there, its line in ``--help``)."""

    def __init__(self, *args: Any, lazy: Mapping[str, tuple[str, str, str]], **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.lazy = dict(lazy)

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*self.commands, *self.lazy})

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name not in self.lazy:
            return super().get_command(ctx, name)
        module, attribute, _ = self.lazy[name]
        return getattr(importlib.import_module(module), attribute)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        limit = formatter.width - 6 - max(len(name) for name in self.list_commands(ctx))
        rows = [
            (name, self.lazy[name][2] if name in self.lazy else command.get_short_help_str(limit))
            for name in self.list_commands(ctx)
            if name in self.lazy or not (command := self.commands[name]).hidden
        ]
        with formatter.section("Commands"):
            formatter.write_dl(rows)
