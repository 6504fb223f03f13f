"""``euchre review [ID]``: a person's decisions in a kept game, weighed again by the
analysis the hints give; the ones that cost the most, and what they cost per hand."""

from __future__ import annotations

import sys

import click

from ..cli.options import Amount, WholeNumber, with_db
from ..cli.session import game_records
from ..records.game import RecordError, SavedGame
from ..records.review import (
    DEFAULT_THRESHOLD,
    NobodyPlayed,
    Review,
    Reviewer,
    decisions_of,
)
from ..records.store import GameBook, NoSuchGame
from ..terminal.keyboard import ascii_only, terminal_columns
from ..terminal.review import review_json, review_lines
from ..terminal.status import StatusLine
from ..terminal.text import Style, fit_to_width, in_ascii, json_text, needs_ascii, wants_colour
from ..terminal.words import record_words


class Points(Amount):
    """Expected points, 0 or more (infinity would list nothing)."""

    name = unit = "points"


@click.command()
@click.argument("game_id", metavar="[ID]", required=False, type=WholeNumber(min=1))
@click.option(
    "--threshold",
    type=Points(min=0),
    default=DEFAULT_THRESHOLD,
    show_default=True,
    help="List the decisions that cost at least this many expected points (0: every one"
    " where the hard player would have chosen otherwise).",
)
@click.option(
    "--seat",
    type=WholeNumber(),
    metavar="N",
    help="In a game several people played (`euchre host`): the decisions of the person"
    " at seat N (from 0, in the players' order as `euchre games` lists them).",
)
@click.option("--json", "as_json", is_flag=True, help="The review as one JSON object.")
@with_db
def review(
    game_id: int | None, threshold: float, seat: int | None, as_json: bool, db: str | None
) -> None:
    """Your decisions in a kept game (the last finished one, or game ID), weighed by
    the hard player's analysis, the one hints give: those that cost THRESHOLD expected
    points or more, what hard prefers and why, and the points given away per hand.
    Decisions taken back with undo are reviewed too, and marked."""
    with game_records(db) as games:
        if game_id is None:
            game_id = _last_played(games)
        saved = games.game(game_id)
    try:
        played = decisions_of(saved, _whose(saved, seat))
    except NobodyPlayed as error:
        raise click.ClickException(f"{error}, so there is nothing to review") from None
    except RecordError as error:
        why = record_words(error)
        raise click.ClickException(f"game {saved.id} does not replay: {why}") from None
    reviewer = Reviewer(saved.setup)
    total = len(played.decisions)
    with StatusLine(sys.stderr).counting(played.decisions, total, _weighing) as decisions:
        weighed = tuple(reviewer.weigh(decision) for decision in decisions)
    result = Review(saved, played.person, weighed, played.hands, threshold)
    if as_json:
        escaped = needs_ascii(getattr(sys.stdout, "encoding", None))
        click.echo(json_text(review_json(result), ensure_ascii=escaped))
        return
    plain = ascii_only(sys.stdout)
    style = Style(colour=wants_colour(sys.stdout), unicode=not plain)
    width = terminal_columns(sys.stdout)
    for line in review_lines(result, style):
        text = in_ascii(style.escaped(line)) if plain else style.escaped(line)
        click.echo(text if width is None else fit_to_width(text, width))


def _whose(saved: SavedGame, seat: int | None) -> int | None:
    """The person whose decisions are reviewed: the one at ``seat``, or the game's one
    person (None: a watched game, which ``decisions_of`` refuses).  A seat that is no
    person's, or no seat in a game of several people, is a usage error naming them."""
    setup = saved.setup
    if setup.watched:
        return None
    *some, last = (f"--seat {index} ({setup.names[index]})" for index in setup.people)
    choices = f"{', '.join(some)} or {last}" if some else last
    if seat is None:
        if len(setup.people) > 1:
            raise click.UsageError(f"game {saved.id} was played by several people: give {choices}")
        return None
    if not 0 <= seat < len(setup.names):
        seats = f"seats 0 to {len(setup.names) - 1}"
        raise click.UsageError(f"--seat {seat}: game {saved.id} has {seats}; give {choices}")
    if seat not in setup.people:
        computer = f"{setup.names[seat]}, the computer at {setup.level}"
        raise click.UsageError(
            f"--seat {seat}: {computer}, sat there in game {saved.id}; give {choices}"
        )
    return seat


def _last_played(games: GameBook) -> int:
    """The newest finished game a person played in (watched games have no decisions)."""
    try:
        return games.last_id(finished=True)
    except NoSuchGame:
        raise NoSuchGame(
            "no finished game you played in the book (`euchre review ID` reviews an"
            " unfinished one as far as it went)"
        ) from None


def _weighing(number: int, total: int) -> str:
    """The progress shown on a terminal (standard error) while the decisions are
    weighed, a tenth of a second or so each: "Weighing decision 12 of 65…"."""
    return f"Weighing decision {number} of {total}…"
