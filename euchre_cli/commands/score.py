"""``euchre score``: keep score for a game played with real cards.

A thin Click layer over ``scorekeeper`` (sheets and their SQLite store, and their
JSON) and ``terminal.score_reports`` (text).  Each command opens the book, does its
work in one transaction, and prints after the commit; ``keep`` (``keep.py``) asks hand
by hand.
"""

from __future__ import annotations

import json
import sys
from typing import Any

import click

from ..book import book_exists, check_book_path
from ..cli.errors import LazyGroup
from ..cli.options import Command, WholeNumber, ascii_wanted, with_ascii, with_db
from ..cli.output import with_output, write_output
from ..cli.places import book_path
from ..cli.session import refusals, session
from ..engine.scoring import TRICKS_IN_HAND
from ..rulebook import load_ruleset
from ..scorekeeper.document import history_document, people_document, sheet_document
from ..scorekeeper.entries import ENTRY_KINDS, EntryKind
from ..scorekeeper.sheet import seat_sides
from ..scorekeeper.tally import side_stats
from ..terminal import score_reports
from ..terminal.entry_words import SHEET_WORDS, entry_text
from ..terminal.keyboard import terminal_columns
from ..terminal.text import escaped, json_text, say

A_PLAYER = "a player's name or initial, or the number of a side of one player"
TRICKS = WholeNumber(0, TRICKS_IN_HAND)
THROWN_IN_HELP = "Nobody made trump: the hand was thrown in (R5), and the deal moves on."


# keep's loop and the server are imported only when used: the other score commands
# are typed between hands and must start at once (bench/startup.py).
LAZY = {
    "keep": (
        f"{__package__}.keep", "keep", "Keep score at the table, hand by hand, until you type quit."
    ),
    "serve": (f"{__package__}.serve", "serve", "Serve the score to the phones at the table."),
}


@click.group(cls=LazyGroup, lazy=LAZY)
def score() -> None:
    """Keep score for a game played with real cards: points per hand, games, rubbers
    and the low-card marker picture.  Start with 'euchre score new'."""


@score.command()
@click.argument("name", required=False)
@click.option("--rules", "rules_ref", default="standard", metavar="NAME|FILE", show_default=True)
@click.option("--team", "teams", multiple=True, metavar='"A & B"', help="A partnership (twice).")
@click.option("--player", "players", multiple=True, metavar="NAME", help="A player (2 or 3 games).")
@click.option("--dealer", metavar="WHO", help=f"Who deals first: {A_PLAYER}.")
@with_db
def new(
    name: str | None,
    rules_ref: str,
    teams: tuple[str, ...],
    players: tuple[str, ...],
    dealer: str | None,
    db: str | None,
) -> None:
    """Start a score sheet and make it current.

    It is named after today unless NAME is given.  With --dealer the sheet says whose
    deal it is, the deal passing to the left after every hand (R3); without it, keep
    asks, or 'euchre score dealer WHO' says it later."""
    with refusals():
        ruleset = load_ruleset(rules_ref)
        sides = seat_sides(ruleset, teams, players)
    with session(db, create=True) as book:
        sheet = book.new_sheet(name, ruleset, sides)
        first = None if dealer is None else ENTRY_KINDS["dealer"].build(sheet, dealer=dealer)
        tally = None if first is None else book.add(sheet, first)
    say(
        f"Started sheet {sheet.name} ({ruleset.name}, game to {ruleset.game.points_to_win}): "
        f"{' v '.join(sheet.side_names)}."
    )
    if tally is not None:
        say(score_reports.next_dealer(sheet, tally))


@score.command()
@click.option("--makers", metavar="WHO", help="Team, player, number or initials.")
@click.option("--tricks", type=TRICKS, help="Tricks the makers took.")
@click.option("--alone", is_flag=True, help="The maker went alone.")
@click.option("--defender-alone", metavar="WHO", help="A defender went alone.")
@click.option("--thrown-in", is_flag=True, help=THROWN_IN_HELP)
@with_db
def hand(
    makers: str | None,
    tricks: int | None,
    alone: bool,
    defender_alone: str | None,
    thrown_in: bool,
    db: str | None,
) -> None:
    """Record a hand: who made trump and how many tricks they took.

    A hand nobody made trump in is --thrown-in: it scores nothing, and the deal
    moves on (R3, R5)."""
    played = makers is not None or tricks is not None or alone or defender_alone is not None
    if thrown_in and played:
        raise click.UsageError(
            "--thrown-in is a hand nobody made trump in: give it without --makers, --tricks,"
            " --alone or --defender-alone"
        )
    if not thrown_in and (makers is None or tricks is None):
        raise click.UsageError(
            "give --makers WHO and --tricks N, or --thrown-in for a hand nobody made trump in"
        )
    if thrown_in:
        _record(db, "thrown_in")
    else:
        _record(
            db, "hand", makers=makers, tricks=tricks, alone=alone, defender_alone=defender_alone
        )


def _record(db: str | None, kind: str, **given: Any) -> None:
    """An entry of ``kind`` added to the current sheet, built from ``given`` as every
    entry is (``ENTRY_KINDS``), and what it recorded said."""
    with session(db) as book:
        sheet = book.sheet()
        tally = book.add(sheet, ENTRY_KINDS[kind].build(sheet, **given))
    say(score_reports.recorded(sheet, tally))


@score.command()
@click.argument("who")
@with_db
def dealer(who: str, db: str | None) -> None:
    """Say that WHO (a player) deals the next hand.

    The deal then passes to the left after every hand, thrown-in hands included
    (R3).  It is an entry: undo takes it back, and another one corrects it."""
    _record(db, "dealer", dealer=who)


@score.command(context_settings={"ignore_unknown_options": True})
@click.argument("who")
@click.argument("points", type=WholeNumber())
@click.option("--reason", default="", help="Why: a house rule, a correction ...")
@with_db
def add(who: str, points: int, reason: str, db: str | None) -> None:
    """Give POINTS (negative allowed) to WHO outside the scoring table."""
    _record(db, "points", who=who, points=points, reason=reason)


@score.command()
@click.argument("who")
@click.option("--alone", is_flag=True, help="The side reneged against was playing alone.")
@with_db
def renege(who: str, alone: bool, db: str | None) -> None:
    """Record a renege by WHO: the other sides score a penalty.

    WHO is the side that reneged (team, player, number or initials); every other
    side scores the ruleset's scoring.renege, or scoring.renege_lone with --alone
    (R17)."""
    _record(db, "renege", who=who, alone=alone)


@score.command()
@with_db
def undo(db: str | None) -> None:
    """Take back the last entry (repeat to go further back)."""
    with session(db) as book:
        sheet = book.sheet()
        removed = book.undo(sheet)
        tally = book.tally(sheet)
    say(score_reports.took_back(sheet, removed, tally))


@score.command()
@click.argument("number", type=WholeNumber())
@click.option("--makers", metavar="WHO", help="Team, player, number or initials.")
@click.option("--tricks", type=TRICKS, help="Tricks the makers took.")
@click.option(
    "--alone", is_flag=True, help="The maker went alone (with --renege: against a lone hand)."
)
@click.option("--defender-alone", metavar="WHO", help="A defender went alone.")
@click.option(
    "--add", "points", type=(str, WholeNumber()), metavar="WHO POINTS", help="Points by hand."
)
@click.option("--reason", default="", help="With --add: why.")
@click.option("--renege", "reneger", metavar="WHO", help="A renege by WHO.")
@click.option("--thrown-in", is_flag=True, help=THROWN_IN_HELP)
@click.option("--dealer", metavar="WHO", help=f"Who deals next: {A_PLAYER}.")
@with_db
def edit(number: int, db: str | None, **options: Any) -> None:
    """Replace entry NUMBER with another entry.

    A hand, points, a renege or a hand thrown in, in place of any of them; a dealer
    in place of a dealer (who deals is a fact no other entry holds).  NUMBER is the #
    in 'history'.  Every later entry is scored again, and the deal follows from the
    entries as they now are."""
    kind, given = _edited(options)
    with session(db) as book:
        sheet = book.sheet()
        entry = kind.build(sheet, **given)
        before = book.tally(sheet)
        tally = book.replace(sheet, number, entry)
    result = tally.results[number - 1]
    say(f"#{number} is now: {entry_text(sheet, result)}.")
    for line in score_reports.outcome_changes(sheet, before, tally):
        say(line)
    say(score_reports.game_line(sheet, tally))
    if tally.dealer is not None:
        say(score_reports.next_dealer(sheet, tally))


# The kind of entry each of edit's options gives, and the fields of it the option's
# value gives (--add WHO POINTS two); --alone and --reason are a field of the kind
# the others give (``_edited``).
_EDIT_OPTIONS: dict[str, tuple[str, tuple[str, ...]]] = {
    "makers": ("hand", ("makers",)),
    "tricks": ("hand", ("tricks",)),
    "defender_alone": ("hand", ("defender_alone",)),
    "points": ("points", ("who", "points")),
    "reneger": ("renege", ("who",)),
    "thrown_in": ("thrown_in", ()),
    "dealer": ("dealer", ("dealer",)),
}


def _edited(options: dict[str, Any]) -> tuple[EntryKind, dict[str, Any]]:
    """The kind of entry edit's options give, and its fields: one kind, whole."""
    given = {name: value for name, value in options.items() if value is not None}
    alone, reason = given.pop("alone"), given.pop("reason")
    given = {name: value for name, value in given.items() if value is not False}
    kinds = {_EDIT_OPTIONS[name][0] for name in given}
    fields: dict[str, Any] = {"alone": True} if alone else {}
    for name, value in given.items():
        names = _EDIT_OPTIONS[name][1]
        fields.update(zip(names, value if len(names) > 1 else (value,)))
    kind = ENTRY_KINDS[kinds.pop()] if len(kinds) == 1 else None
    if kind is None or not kind.required <= fields.keys() <= kind.fields.keys():
        raise click.UsageError(
            "give either --makers and --tricks, --add WHO POINTS, --renege WHO, --thrown-in"
            " or --dealer WHO"
        )
    if reason and "reason" not in kind.fields:
        raise click.UsageError(
            "--reason goes with --add WHO POINTS (a hand or a renege needs no reason)"
        )
    return kind, ({**fields, "reason": reason} if reason else fields)


def _sheet_name(command: Command) -> Command:
    """The optional NAME of the sheet to read (the current sheet without it)."""
    return click.argument("name", required=False)(command)


@score.command()
@_sheet_name
@click.option("--json", "as_json", is_flag=True, help="One JSON object, for scripts.")
@with_ascii
@with_db
def show(name: str | None, as_json: bool, plain: bool, db: str | None) -> None:
    """A sheet's scores, markers, games and rubber.

    The game in play on the current sheet, or on sheet NAME."""
    with session(db, write=False) as book:
        sheet = book.sheet(name)
        tally = book.tally(sheet)
    if as_json:
        click.echo(json.dumps(sheet_document(sheet, tally, SHEET_WORDS), indent=2))
    else:
        columns = terminal_columns(sys.stdout)
        say(score_reports.sheet_report(sheet, tally, ascii_wanted(plain), columns))


@score.command()
@_sheet_name
@click.option("--json", "as_json", is_flag=True, help="A JSON list of the entries, for scripts.")
@with_db
def history(name: str | None, as_json: bool, db: str | None) -> None:
    """Every entry with running totals; game and rubber ends marked.

    The current sheet, or sheet NAME."""
    with session(db, write=False) as book:
        sheet = book.sheet(name)
        tally = book.tally(sheet)
    if as_json:
        click.echo(json.dumps(history_document(sheet, tally, SHEET_WORDS), indent=2))
    else:
        say(score_reports.history_table(sheet, tally, terminal_columns(sys.stdout)))


@score.command()
@_sheet_name
@with_db
def stats(name: str | None, db: str | None) -> None:
    """Per side: hands made, euchred, marches, lone hands, games.

    The current sheet, or sheet NAME.  A side is a team, or one player where each
    plays for themselves (Cutthroat); a slam counts as two games, and slams and
    rubbers won are counted too where the ruleset has them, reneges committed once
    the sheet has one."""
    with session(db, write=False) as book:
        sheet = book.sheet(name)
        tally = book.tally(sheet)
    say(score_reports.stats_table(sheet, side_stats(len(sheet.sides), tally)))


@score.command()
@_sheet_name
@click.option("--csv", "as_csv", is_flag=True, help="As CSV, for a spreadsheet.")
@with_output
@with_db
def export(
    name: str | None, as_csv: bool, output: str | None, force: bool, db: str | None
) -> None:
    """Write every entry of a sheet with each side's running totals.

    The current sheet, or sheet NAME, as CSV (--csv, the one format yet): one row
    an entry, game and rubber ends in columns of their own, to stdout or --output
    FILE.  An existing file is overwritten only with --force, or when you say so at
    a terminal."""
    if not as_csv:
        raise click.UsageError("say how to write the sheet: --csv (the one format yet)")
    from ..scorekeeper.export import csv_text  # export's only

    with session(db, write=False) as book:
        sheet = book.sheet(name)
        tally = book.tally(sheet)
    text = csv_text(sheet, tally).removesuffix("\n")
    write_output(text, output, force, f"sheet {sheet.name}", db)


@score.command()
@click.option("--json", "as_json", is_flag=True, help="One JSON object, for scripts.")
@with_db
def players(as_json: bool, db: str | None) -> None:
    """Each person and partnership over every sheet.

    Per person: games played and won, hands as makers, euchred, and lone hands
    made; per partnership: games together and won.  A person is a name as typed,
    and a partnership two people who sat as a team.  A sheet records which side
    made trump, not which partner, so a hand counts for both; a game counts once,
    a slam too."""
    from ..scorekeeper.people import people  # players' only

    with session(db, write=False) as book:
        sheets = [book.sheet(summary.name) for summary in book.summaries()]
        persons, partnerships = people((sheet, book.tally(sheet)) for sheet in sheets)
    if not sheets:
        raise click.ClickException("no score sheets yet: start one with 'euchre score new'")
    if as_json:
        click.echo(json_text(people_document(persons, partnerships), indent=2))
    else:
        say(score_reports.players_table(persons, partnerships))


@score.command(name="list")
@with_db
def list_sheets(db: str | None) -> None:
    """Every score sheet; the current one is starred."""
    path = book_path(db)
    with refusals():
        check_book_path(path)
        exists = book_exists(path)
    if not exists:  # no book yet: the same answer as an empty one
        say(score_reports.sheets_table([]))
        return
    with session(db, write=False) as book:
        summaries = book.summaries()
    say(score_reports.sheets_table(summaries))


@score.command()
@click.argument("name")
@with_db
def use(name: str, db: str | None) -> None:
    """Make sheet NAME the current one."""
    with session(db) as book:
        sheet = book.use(name)
    say(f"Sheet {sheet.name} is now current: {' v '.join(sheet.side_names)}.")


@score.command()
@click.argument("name")
@click.option("--yes", is_flag=True, help="Do not ask for confirmation.")
@with_db
def delete(name: str, yes: bool, db: str | None) -> None:
    """Delete sheet NAME and all its entries."""
    if not yes:
        with session(db, write=False) as book:
            entries = len(book.entries(book.sheet(name)))
        if not click.confirm(escaped(f"Delete sheet {name} and its {entries} entries?")):
            say(f"Sheet {name} kept.")
            return
    with session(db) as book:
        book.delete(name)
    say(f"Deleted sheet {name}.")


