"""``euchre stats``: how a person's games against the computer went, per kind of game
and computer level, over all the games in the book and over the most recent ones.

The counting is ``records/stats.py``'s and the tables ``terminal/stats_report.py``'s; this
reads the book, applies the filters and says why nothing matched.  It imports neither
the computer players nor YAML: a look at one's figures should start as quickly as a
score command.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any

import click

from ..cli.options import with_db
from ..cli.session import counted_games
from ..records.stats import RECENT_GAMES, Counted, stats_of
from ..terminal.keyboard import ascii_only
from ..terminal.stats_report import person_stats_report
from ..terminal.text import in_ascii, json_text, say
from ..terminal.wording import plural


class _Level(click.Choice):
    """Click's choice of the computer levels, which are read from ``players/`` only when
    they are needed (a ``--level`` given, the help shown): importing the players would
    cost every ``euchre stats`` a good part of its start-up."""

    def __init__(self) -> None:
        super().__init__(())

    @property  # type: ignore[override]
    def choices(self) -> Sequence[str]:
        from ..players.levels import LEVELS

        return LEVELS

    @choices.setter
    def choices(self, value: Sequence[str]) -> None:
        """Click's ``__init__`` sets the choices; the levels are always ``LEVELS``."""


@click.command(
    help="Your games against the computer, a table per kind of game and level: games won,"
    " points per hand for and against, trump made, euchres, marches and lone hands, over"
    f" all your games and the last {RECENT_GAMES} side by side.  Watched games do not count,"
    " nor games played by several people (`euchre host`), which are nobody's alone."
)
@click.option(
    "--rules", metavar="NAME", help="Only games under this ruleset (as `euchre games` names it)."
)
@click.option("--level", type=_Level(), help="Only games against computer players of this level.")
@click.option("--json", "as_json", is_flag=True, help="The figures as one JSON object.")
@with_db
def stats(rules: str | None, level: str | None, as_json: bool, db: str | None) -> None:
    # The help above, not a docstring: it names RECENT_GAMES, where the figure is counted.
    kept = counted_games(db)
    tables = stats_of(kept, rules, level)
    shared = sum(
        record.several_people
        and (rules is None or record.ruleset == rules)
        and (level is None or record.level == level)
        for record in kept
    )
    if as_json:
        document: dict[str, Any] = {
            "rules": rules,
            "level": level,
            "recent_games": RECENT_GAMES,
            "tables": [table.as_dict() for table in tables],
            "several_people_games": shared,
        }
        click.echo(json_text(document))
        return
    plain = ascii_only(sys.stdout)
    if tables:
        text = person_stats_report(tables, plain)
        if shared:
            text += (
                f"\n\nNot counted: {plural(shared, 'game')} played by several people"
                " (`euchre host`), which are nobody's alone."
            )
    else:
        text = _nothing_counted(kept, rules, level)
    say(in_ascii(text) if plain else text)


def _nothing_counted(kept: Sequence[Counted], rules: str | None, level: str | None) -> str:
    """Why there is no table, in one line, and what to do about it."""
    yours = [record for record in kept if record.people == 1]
    if not yours:
        left_out = [
            words
            for words, found in (
                ("watched games", any(record.watched for record in kept)),
                ("games played by several people", any(r.several_people for r in kept)),
            )
            if found
        ]
        why = f" ({' and '.join(left_out)} do not count)" if left_out else ""
        return f"No games of yours in the book yet{why}: play one with 'euchre play'."
    asked = " and ".join(
        f"--{option} {value}" for option, value in (("rules", rules), ("level", level)) if value
    )
    played_rules = ", ".join(sorted({record.ruleset for record in yours}))
    played_levels = ", ".join(sorted({record.level for record in yours}))
    return f"No games of yours with {asked} (yours: rules {played_rules}; levels {played_levels})."
