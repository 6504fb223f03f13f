"""``euchre games``: the games kept in the book, to list, show hand by hand, replay,
export, import and delete.  ``euchre resume`` (in ``play.py``) goes on with one."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import click

from ..cli.options import Seconds, WholeNumber, with_db
from ..cli.output import with_output, write_output
from ..cli.session import game_records
from ..limits import UnreadableFile, decode_json, read_text_file
from ..records.game import DamagedGame, RecordError, SavedGame
from ..records.store import AlreadyInBook, Listing
from ..terminal.games_report import games_table
from ..terminal.keyboard import ascii_only, hold_interrupts, terminal_columns
from ..terminal.pace import MAX_DELAY, WATCHING_PAUSE, pause_seconds
from ..terminal.text import Style, escaped, fit_to_width, in_ascii, json_text, say, wants_colour


@click.group(invoke_without_command=True)
@click.option("--json", "as_json", is_flag=True, help="The list as JSON.")
@with_db
@click.pass_context
def games(ctx: click.Context, as_json: bool, db: str | None) -> None:
    """The games kept in the book, newest first: id, when, rules, players, score and
    result (or "unfinished": `euchre resume ID` goes on with it)."""
    if ctx.invoked_subcommand is not None:
        return
    with game_records(db) as book:
        kept = book.listing()
    for listed in kept:
        if listed.damaged:
            click.echo(f"Note: {listed.damaged}", err=True)
    if as_json:
        click.echo(json_text([_listed(listed) for listed in kept]))
        return
    table = games_table(kept, terminal_columns(sys.stdout))
    click.echo(in_ascii(table) if ascii_only(sys.stdout) else table)


def _listed(listed: Listing) -> dict:
    return {
        "id": listed.id,
        "started": listed.started,
        "ruleset": listed.ruleset,
        "kind": listed.kind,
        "players": list(listed.names),
        "person": listed.names[listed.people[0]] if len(listed.people) == 1 else None,
        "people": [listed.names[index] for index in listed.people],
        "level": listed.level,
        "scores": listed.scores or None,
        "winner": listed.winner,
        "finished": listed.finished,
        "damaged": listed.damaged,
    }


def _game_id(command: Callable) -> Callable:
    return click.argument("game_id", metavar="ID", type=WholeNumber(min=1))(command)


def _record(db: str | None, game_id: int) -> SavedGame:
    with game_records(db) as book:
        return book.game(game_id)


def _screen_style() -> tuple[Style, Callable[[str], None]]:
    """The style this terminal shows, and a way to print a line to it (escaped)."""
    plain = ascii_only(sys.stdout)
    style = Style(colour=wants_colour(sys.stdout), unicode=not plain)

    def out(line: str) -> None:
        text = in_ascii(style.escaped(line)) if plain else style.escaped(line)
        width = terminal_columns(sys.stdout)
        click.echo(text if width is None else fit_to_width(text, width))

    return style, out


@games.command()
@_game_id
@click.option("--json", "as_json", is_flag=True, help="The game's JSON summary, with id.")
@with_db
def show(game_id: int, as_json: bool, db: str | None) -> None:
    """Show game ID hand by hand, face up.

    Each hand's dealer, upcard, bids, contract, every trick, points and the running
    score."""
    saved = _record(db, game_id)
    if as_json:
        summary = {"id": saved.id, "finished": saved.finished, **(saved.summary or {})}
        click.echo(json_text(summary))
        return
    from ..terminal.replays import show_hands  # plays the game again: not the list's

    style, out = _screen_style()
    resume = f"unfinished: `euchre resume {saved.id}` goes on with it"
    state = "finished" if saved.finished else resume
    out(style.bold(f"Game {saved.id}: {saved.setup.ruleset.name}, {saved.started} ({state})"))
    with _replay_errors(saved):
        show_hands(saved, style, out)


@games.command()
@_game_id
@click.option("--game", "game_number", type=WholeNumber(min=1), help="The game of a match.")
@click.option("--hand", "hand_number", type=WholeNumber(min=1), help="Only hand N.")
@click.option(
    "--delay",
    type=Seconds(min=0, max=MAX_DELAY),
    help=f"Pause between turns (default {WATCHING_PAUSE:g} s on a terminal, as --watch).",
)
@with_db
def replay(
    game_id: int, game_number: int | None, hand_number: int | None, delay: float | None, db
) -> None:
    """Watch game ID again, every hand face up.

    Played again as a watched game, paced like --watch."""
    from ..terminal.replays import replay as replay_game  # plays the game again

    saved = _record(db, game_id)
    style, out = _screen_style()
    seconds = pause_seconds(delay, watching=True, at_terminal=sys.stdout.isatty())

    def pause() -> None:
        if seconds:
            time.sleep(seconds)

    with _replay_errors(saved):
        seen = replay_game(saved, style, out, pause, game_number, hand_number)
    if (game_number or hand_number) and not seen:
        game = game_number or 1
        where = f"hand {hand_number} of game {game}" if hand_number else f"game {game_number}"
        raise click.ClickException(
            f"game {game_id} has no {where} (see `euchre games show {game_id}`)"
        )


@games.command()
@_game_id
@with_output
@with_db
def export(game_id: int, output: str | None, force: bool, db: str | None) -> None:
    """Write game ID as one JSON record.

    The record is self-contained (to stdout, or --output FILE), and `euchre games
    import` reads it back.  An existing file is overwritten only with --force, or
    when you say so at a terminal."""
    from ..records.export import MAX_RECORD_MOVES, size_problem, to_document

    with game_records(db) as book:
        _, moves = book.outline(game_id)  # counted first: a book edited to millions
        if moves > MAX_RECORD_MOVES:
            raise click.ClickException(
                f"game {game_id} has {moves:,} moves, more than a game record holds"
                f" ({MAX_RECORD_MOVES:,}): it cannot be exported"
            )
        saved = book.game(game_id)
    text = json_text(to_document(saved), compact=True)  # what import takes back, at once
    problem = size_problem(text)
    if problem is not None:
        raise click.ClickException(f"game {game_id} cannot be exported: {problem}")
    write_output(text, output, force, f"game {game_id}", db)


@games.command(name="import")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option(
    "--copy", is_flag=True, help="Keep the game again even when it is in the book already."
)
@with_db
def import_(file: str, copy: bool, db: str | None) -> None:
    """Keep a game written by `games export`.

    Every move is checked by playing the game again, and the game is kept under a
    new id.  The same game is kept once: a record with the rules, seed, names, your
    seat, computer level and number of games of one in the book, and the same moves
    (those taken back aside), is refused as already in the book, whether it was
    exported from this book or played here (--copy keeps it again)."""
    from ..records.export import MAX_RECORD_BYTES, from_document, size_problem
    from ..terminal.words import record_words

    try:
        text = read_text_file(file, MAX_RECORD_BYTES)
    except UnreadableFile as error:
        raise click.ClickException(f"cannot read {file}: {error}") from None
    problem = size_problem(text)  # before a value is built of it
    if problem is not None:
        raise click.ClickException(f"{file}: {problem}")
    try:
        data = decode_json(text)
    except ValueError as error:
        raise click.ClickException(f"{file} cannot be read as JSON: {error}") from None
    try:
        saved = from_document(data)
    except RecordError as error:
        raise click.ClickException(f"{file}: {record_words(error)}") from None
    with game_records(db, create=True) as book:
        try:
            game_id = book.add_saved(saved, copy)
        except AlreadyInBook as same:
            raise click.ClickException(
                f"{file}: {same} (the same setup and moves): --copy keeps it again"
            ) from None
        hold_interrupts()
    state = "finished" if saved.finished else "unfinished: `euchre resume` goes on with it"
    say(f"Imported {file} as game {game_id} ({len(saved.moves)} moves, {state}).")


@games.command()
@_game_id
@click.option("--yes", is_flag=True, help="Do not ask for confirmation.")
@with_db
def delete(game_id: int, yes: bool, db: str | None) -> None:
    """Delete game ID and its moves."""
    if not yes and not click.confirm(escaped(f"Delete game {game_id} ({_about(db, game_id)})?")):
        click.echo(f"Game {game_id} kept.")
        return
    with game_records(db) as book:
        book.delete(game_id)
        hold_interrupts()
    click.echo(f"Deleted game {game_id}.")


def _about(db: str | None, game_id: int) -> str:
    """The game ``delete`` asks about, in a few words (its moves counted, never read)."""
    with game_records(db) as book:
        try:
            saved, moves = book.outline(game_id)
        except DamagedGame as error:  # deleting it is what its message advises
            return f"damaged: {error.damage}"
    return f"{saved.setup.ruleset.name}, {saved.started}, {moves} moves"


@contextmanager
def _replay_errors(saved: SavedGame) -> Iterator[None]:
    """A record that no longer replays (edited by hand): one line, not a traceback."""
    try:
        yield
    except RecordError as error:
        from ..terminal.words import record_words

        why = record_words(error)
        raise click.ClickException(f"game {saved.id} does not replay: {why}") from None
