"""``euchre games``: the games kept in the book, to list, show hand by hand, replay,
export, import and delete.  ``euchre resume`` (in ``play.py``) goes on with one."""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import click

from ..records.game import RecordError, SavedGame
from ..records.store import Listing
from ..terminal.keyboard import ascii_only, terminal_columns
from ..terminal.reports import games_table
from ..terminal.text import Style, fit_to_width, in_ascii
from .book import hold_interrupts, kept_games, with_db
from .main import Seconds


@click.group(invoke_without_command=True)
@click.option("--json", "as_json", is_flag=True, help="The list as JSON.")
@with_db
@click.pass_context
def games(ctx: click.Context, as_json: bool, db: str | None) -> None:
    """The games kept in the book, newest first: id, when, rules, players, score and
    result (or "unfinished": `euchre resume ID` goes on with it)."""
    if ctx.invoked_subcommand is not None:
        return
    with kept_games(db) as book:
        kept = book.listing()
    if as_json:
        click.echo(json.dumps([_listed(listed) for listed in kept], ensure_ascii=False))
        return
    click.echo(games_table(kept, terminal_columns(sys.stdout)))


def _listed(listed: Listing) -> dict:
    return {
        "id": listed.id,
        "started": listed.started,
        "ruleset": listed.ruleset,
        "kind": listed.kind,
        "players": list(listed.names),
        "person": None if listed.person is None else listed.names[listed.person],
        "level": listed.level,
        "scores": listed.scores or None,
        "winner": listed.winner,
        "finished": listed.finished,
    }


def _game_id(command: Callable) -> Callable:
    return click.argument("game_id", metavar="ID", type=click.IntRange(min=1))(command)


def _record(db: str | None, game_id: int) -> SavedGame:
    with kept_games(db) as book:
        return book.game(game_id)


def _screen_style() -> tuple[Style, Callable[[str], None]]:
    """The style this terminal shows, and a way to print a line to it."""
    plain = ascii_only(sys.stdout)
    style = Style(colour=sys.stdout.isatty(), unicode=not plain)

    def out(line: str) -> None:
        text = in_ascii(line) if plain else line
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
        click.echo(json.dumps(summary, ensure_ascii=False))
        return
    from ..terminal.kept import show_hands  # plays the game again: not the list's

    style, out = _screen_style()
    resume = f"unfinished: `euchre resume {saved.id}` goes on with it"
    state = "finished" if saved.finished else resume
    out(style.bold(f"Game {saved.id}: {saved.setup.ruleset.name}, {saved.started} ({state})"))
    with _replay_errors(saved):
        show_hands(saved, style, out)


@games.command()
@_game_id
@click.option("--game", "game_number", type=click.IntRange(min=1), help="The game of a match.")
@click.option("--hand", "hand_number", type=click.IntRange(min=1), help="Only hand N.")
@click.option(
    "--delay",
    type=Seconds(min=0, max=10),
    help="Pause between turns (default 0.25 s on a terminal, as --watch).",
)
@with_db
def replay(
    game_id: int, game_number: int | None, hand_number: int | None, delay: float | None, db
) -> None:
    """Watch game ID again, every hand face up.

    Played again as a watched game, paced like --watch."""
    from ..terminal.kept import replay as replay_game  # plays the game again

    saved = _record(db, game_id)
    style, out = _screen_style()
    seconds = (0.25 if sys.stdout.isatty() else 0.0) if delay is None else delay

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
@click.option("--output", "-o", type=click.Path(dir_okay=False, writable=True), help="A file.")
@with_db
def export(game_id: int, output: str | None, db: str | None) -> None:
    """Write game ID as one JSON record.

    The record is self-contained (to stdout, or --output FILE), and `euchre games
    import` reads it back."""
    from ..records.export import to_document  # export's and import's only

    text = json.dumps(to_document(_record(db, game_id)), ensure_ascii=False, indent=1)
    if output is None:
        click.echo(text)
        return
    try:
        with open(output, "w", encoding="utf-8") as file:
            file.write(text + "\n")
    except OSError as error:
        raise click.ClickException(f"cannot write {output}: {error.strerror}") from None
    click.echo(f"Game {game_id} written to {output}.")


@games.command(name="import")
@click.argument("file", type=click.Path(dir_okay=False))
@with_db
def import_(file: str, db: str | None) -> None:
    """Keep a game written by `games export`.

    Every move is checked by playing the game again, and the game is kept under a
    new id."""
    try:
        with open(file, encoding="utf-8") as handle:
            data = json.load(handle)
    except OSError as error:
        raise click.ClickException(f"cannot read {file}: {error.strerror}") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        raise click.ClickException(f"{file} is not JSON: {error}") from None
    from ..records.export import from_document

    try:
        saved = from_document(data, file)
    except RecordError as error:
        raise click.ClickException(f"{file}: {error}") from None
    with kept_games(db, create=True) as book:
        game_id = book.add_saved(saved)
        hold_interrupts()
    state = "finished" if saved.finished else "unfinished: `euchre resume` goes on with it"
    click.echo(f"Imported {file} as game {game_id} ({len(saved.moves)} moves, {state}).")


@games.command()
@_game_id
@click.option("--yes", is_flag=True, help="Do not ask for confirmation.")
@with_db
def delete(game_id: int, yes: bool, db: str | None) -> None:
    """Delete game ID and its moves."""
    saved = _record(db, game_id)
    if not yes and not click.confirm(
        f"Delete game {game_id} ({saved.setup.ruleset.name}, {saved.started}, "
        f"{len(saved.moves)} moves)?"
    ):
        click.echo(f"Game {game_id} kept.")
        return
    with kept_games(db) as book:
        book.delete(game_id)
        hold_interrupts()
    click.echo(f"Deleted game {game_id}.")


@contextmanager
def _replay_errors(saved: SavedGame) -> Iterator[None]:
    """A record that no longer replays (edited by hand): one line, not a traceback."""
    try:
        yield
    except RecordError as error:
        raise click.ClickException(f"game {saved.id} does not replay: {error}") from None
