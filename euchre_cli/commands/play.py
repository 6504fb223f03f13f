"""``euchre play``, ``euchre cutthroat``, ``euchre two-handed``: games against the computer."""

from __future__ import annotations

import random
import sys
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager

import click
from click.core import ParameterSource

from ..book import BookBusy, BookError, open_book
from ..cli.options import (
    BadRules,
    Seconds,
    WholeNumber,
    checked_name,
    rules_to_play,
    stacked,
    with_db,
)
from ..cli.places import book_path
from ..cli.playing import (
    THINK,
    check_match,
    delay_option,
    level_option,
    match_options,
    seed_option,
)
from ..cli.session import game_records, refusals
from ..cli.settings import with_settings
from ..engine.game import GameTooLong
from ..players.levels import computer_names
from ..records.game import RecordError, SavedGame, Setup
from ..records.hosted import HostedTables
from ..records.recorder import Recorder
from ..records.store import GameBook
from ..rulebook import load_ruleset
from ..terminal.console import StuckScript
from ..terminal.human import QuitGame, Seat
from ..terminal.numbers import DEFAULT_ORDER, ORDERS
from ..terminal.pace import PLAYING_PAUSE, WATCHING_PAUSE
from ..terminal.sitting import TERMINAL_PEOPLE, GameAtTerminal
from ..terminal.text import json_text, needs_ascii
from ..terminal.words import record_words


def run_game(
    setup: Setup,
    as_json: bool,
    delay: float | None,
    db: str | None = None,
    save: bool = False,
    resumed: SavedGame | None = None,
    seat: Seat | None = None,
) -> None:
    """Play ``setup`` at this terminal (``GameAtTerminal``), kept in the book (``db``)
    move by move with ``save``; a ``resumed`` record goes on where it stopped.  What
    stops the game is said in one line, and leaving it ends with exit status 1."""
    with ExitStack() as kept:
        recorder = kept.enter_context(_kept_game(db, setup, resumed)) if save else None
        game = GameAtTerminal(
            setup,
            as_json=as_json,
            delay=delay,
            seat=seat,
            recorder=recorder,
            resumed=resumed,
        )
        try:
            summary = game.play()
        except (QuitGame, click.Abort, KeyboardInterrupt, EOFError) as left:
            # leaving is the person's choice (quit, Ctrl-C, Ctrl-D): said, not an "Error:"
            game.leave(quit=isinstance(left, QuitGame))
            raise click.exceptions.Exit(1) from None
        except (StuckScript, GameTooLong) as error:
            raise click.ClickException(str(error)) from None
        except RecordError as error:
            raise click.ClickException(record_words(error)) from None
        except BookError as error:  # busy (held longer than we wait), read-only, full
            assert recorder is not None  # only a kept game's record uses the book in play
            raise click.ClickException(f"{error}{_way_on(recorder, error)}") from None
    if as_json:
        escaped = needs_ascii(getattr(sys.stdout, "encoding", None))  # names as \u escapes
        click.echo(json_text(summary, ensure_ascii=escaped))


def _way_on(recorder: Recorder, error: BookError) -> str:
    """What to do once the book failed in play: with nothing kept yet, play without
    it; a busy book, resume the game kept from its last move."""
    if recorder.game_id is None:
        return ", or play with --no-save"
    if isinstance(error, BookBusy):  # held by another program for longer than we wait
        number = recorder.game_id
        return f" with `euchre resume {number}`, which goes on from the last move kept"
    return ""


_DELAY_OPTION = delay_option(
    f"Pause between computer turns on a terminal (default {PLAYING_PAUSE:g} s,"
    f" {WATCHING_PAUSE:g} s watching)."
)
_SEAT_OPTIONS = (
    click.option(
        "--hand-order",
        type=click.Choice(ORDERS),
        default=DEFAULT_ORDER,
        show_default=True,
        help="How your hand is shown and numbered: by suit with trump first once it is"
        " made (sorted), as dealt, or by suit only. Once trump is made, a card keeps its"
        " number to the end of the hand.",
    ),
    click.option(
        "--auto-play/--no-auto-play",
        default=True,
        help="Play your only legal card for you, saying so (your last card always is).",
    ),
    click.option(
        "--ask-defend-alone/--no-ask-defend-alone",
        default=True,
        help="Ask whether to defend alone when your hand has a hope of three tricks"
        " alone; without: never ask, and never defend alone.",
    ),
)


@contextmanager
def _kept_game(db: str | None, setup: Setup, resumed: SavedGame | None) -> Iterator[Recorder]:
    """The book open for the game's record, for as long as the game lasts (a book that
    cannot be used is refused before the game starts; the record is written from the
    first move)."""
    with refusals(", or play with --no-save"):
        book = open_book(book_path(db), create=True)
    try:
        yield Recorder(GameBook(book), setup, resumed)
    finally:
        book.close()


def _game_options(rubber_rules: str | None) -> Callable[[Callable], Callable]:
    """The options of every game command; ``rubber_rules`` is a built-in ruleset with
    rubbers (R10) that the command plays, for --games' help to name, where it has one."""
    options = [
        seed_option,
        click.option("--watch", is_flag=True, help="Let the computer play every seat."),
        match_options(rubber_rules),
        click.option("--json", "as_json", is_flag=True, help="Print a JSON summary at the end."),
        click.option(
            "--name",
            default="You",
            show_default=True,
            callback=checked_name,
            help="Your name at the table.",
        ),
        _DELAY_OPTION,
        level_option,
        click.option(
            "--hints/--no-hints",
            default=False,
            help="Show the hard player's choice before each of your decisions (or type hint).",
        ),
        *_SEAT_OPTIONS,
        click.option(
            "--think",
            type=Seconds(min=0, min_open=True),
            default=THINK,
            show_default=True,
            help="Seconds a computer may think per decision at most (a game in which a"
            " decision reaches the cap may not replay exactly from its seed).",
        ),
        click.option(
            "--save/--no-save",
            default=None,
            help="Keep the game in the book, move by move, to resume, review and count in"
            " statistics (default: kept when you play, not when you watch).",
        ),
        with_db,
    ]
    return stacked(*options)


def _game_command(
    name_of_command: str, default_rules: str, rubber_rules: str | None, doc: str
) -> click.Command:
    """``play`` and its shortcuts differ only in their default ruleset (and so in the
    ruleset with rubbers their help names, ``_game_options``)."""

    @click.option(
        "--rules",
        default=default_rules,
        show_default=True,
        help="A built-in ruleset (see `euchre rules list`) or a YAML file.",
    )
    @_game_options(rubber_rules)
    @with_settings
    def command(
        rules: str,
        seed,
        watch,
        games,
        best_of,
        as_json,
        name,
        delay,
        level,
        hints,
        hand_order,
        auto_play,
        ask_defend_alone,
        think,
        save,
        db,
    ) -> None:
        given = click.get_current_context().get_parameter_source
        if watch and given("name") is ParameterSource.COMMANDLINE:
            raise click.UsageError("--name names your seat, and a watched game (--watch) has none")
        ruleset = rules_to_play(rules)
        if name_of_command != "play" and given("rules") is ParameterSource.COMMANDLINE:
            seats = load_ruleset(default_rules).players  # a shortcut's own number of seats
            if ruleset.players != seats:
                raise BadRules(
                    f"--rules {rules}: a {ruleset.players}-player ruleset, and `euchre"
                    f" {name_of_command}` plays {seats}: use `euchre play --rules {rules}`"
                )
        typed = given("rules") is ParameterSource.COMMANDLINE or rules == default_rules
        named = f"--rules {rules}" if typed else f"the rules {rules} (from the settings file)"
        check_match(ruleset, games, best_of, lambda: named)
        if seed is None:
            seed = random.SystemRandom().randrange(1_000_000)
        count = ruleset.players
        names = computer_names(count) if watch else [name, *computer_names(count - 1, [name])]
        people = () if watch else (0,)  # the person first
        setup = Setup(ruleset, seed, tuple(names), people, level, think, games, best_of)
        keep = not watch if save is None else save
        seat = Seat(hand_order, auto_play, ask_defend_alone, hints)
        run_game(setup, as_json, delay, db, keep, seat=seat)

    command.__doc__ = doc + _HOW_TO_PLAY
    return click.command(name=name_of_command)(command)


_HOW_TO_PLAY = """

    Type a card by its code (JH, 10h, j♥) or its number in your hand, bids by word
    (order, pass, h for hearts), and ? at any prompt for your choices.
    """

play = _game_command(
    "play",
    "standard",
    "classic",
    "Play a game to the ruleset's target against computer players: the whole rubber"
    " when the ruleset has rubbers (R10), a match with --games N or --best-of N.",
)
cutthroat = _game_command(
    "cutthroat",
    "cutthroat",
    None,  # no built-in three-player ruleset has rubbers
    "Three-handed Cutthroat: a dummy hand, and the two defenders play together (R12).",
)
two_handed = _game_command(
    "two-handed",
    "two-handed",
    None,  # nor a two-player one
    "Two-handed Euchre against the computer (R14); --rules two-handed-dummy for the dummy form.",
)


@click.command()
@click.argument("game_id", metavar="[ID]", required=False, type=WholeNumber(min=1))
@click.option("--json", "as_json", is_flag=True, help="Print a JSON summary at the end.")
@_DELAY_OPTION
@click.option(
    "--hints/--no-hints", default=False, help="Show the hard player's choice before each decision."
)
@stacked(*_SEAT_OPTIONS)
@with_db
@with_settings
def resume(
    game_id: int | None,
    as_json: bool,
    delay: float | None,
    hints: bool,
    hand_order: str,
    auto_play: bool,
    ask_defend_alone: bool,
    db,
) -> None:
    """Go on with an unfinished game at the question where it stopped: the latest
    one, or game ID (see `euchre games`).  The computer plays as it would have."""
    with game_records(db) as games:
        saved = games.game(game_id or games.last_id(finished=False))
        hosted = HostedTables(games.book).table(saved.id) is not None
    if saved.finished:
        raise click.ClickException(
            f"game {saved.id} is finished: `euchre games show {saved.id}` shows it hand by hand"
        )
    if hosted:
        raise click.ClickException(
            f"game {saved.id} was hosted for friends: `euchre host --resume {saved.id}` opens"
            " its table again"
        )
    if saved.setup.people not in TERMINAL_PEOPLE:
        raise click.ClickException(
            f"game {saved.id} was played at a table for friends, not at this terminal: it"
            f" cannot go on here (`euchre games show {saved.id}` shows it so far)"
        )
    seat = Seat(hand_order, auto_play, ask_defend_alone, hints)
    run_game(saved.setup, as_json, delay, db, save=True, resumed=saved, seat=seat)
