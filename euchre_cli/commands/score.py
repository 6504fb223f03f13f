"""``euchre score``: keep score for a game played with real cards.

A thin Click layer over ``scorebook`` (storage and tallies) and ``render`` (text).
Each command opens the book, does its work in one transaction, and prints after the
commit; library errors become one-line messages here.
"""

from __future__ import annotations

import json
import os
import signal
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from typing import IO, Any, TypeVar

import click

from ..engine.rules import Ruleset
from ..engine.scoring import TRICKS_IN_HAND
from ..rulebook import RulesetError, load_ruleset
from ..scorebook import (
    BOOK_FILE,
    Entry,
    Scorebook,
    ScorebookBusy,
    ScorebookError,
    Sheet,
    Tally,
    book_exists,
    check_book_path,
    manual_points,
    open_scorebook,
    played_hand,
    refuse_lone_hands,
    rubber_over,
    seat_sides,
    side_stats,
)
from ..terminal import reports
from ..terminal.keyboard import ascii_only, line_editing, read_answer, terminal_columns
from ..terminal.text import fit_to_width
from .main import ListingGroup

Command = TypeVar("Command", bound=Callable[..., Any])
Answer = TypeVar("Answer")


def _book_path(db: str | None) -> str:
    """--db, else $EUCHRE_HOME, else the user's data directory.  (os.path, not pathlib:
    pathlib would cost every score command a few milliseconds of start-up.)"""
    if db is not None:
        return os.path.expanduser(db)
    home = os.environ.get("EUCHRE_HOME") or click.get_app_dir("euchre")
    return os.path.join(os.path.expanduser(home), BOOK_FILE)


@contextmanager
def _refusals() -> Iterator[None]:
    """The library's refusals, as Click's one-line errors."""
    try:
        yield
    except ScorebookBusy as error:
        raise _BookBusy(str(error)) from None
    except (ScorebookError, RulesetError) as error:
        raise click.ClickException(str(error)) from None


class _BookBusy(click.ClickException):
    """Another program holds the score book: a moment later the same command works."""


@contextmanager
def _session(db: str | None, write: bool = True, create: bool = False) -> Iterator[Scorebook]:
    """The book, inside one transaction; any failure leaves it untouched."""
    with _refusals():
        book = open_scorebook(_book_path(db), create)
        try:
            with book.transaction(write):
                yield book
                if write:
                    _hold_interrupts()
        finally:
            book.close()


def _hold_interrupts() -> None:
    """Ignore Ctrl-C from the commit until the command has said what it recorded (or,
    in ``keep``, until the next question): the change is saved, and "Aborted!" would
    tell the user it was not, so they would enter it twice."""
    try:
        previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    except ValueError:  # not the main thread: signals are not ours to handle
        return
    if previous is not signal.SIG_IGN:
        click.get_current_context().call_on_close(lambda: signal.signal(signal.SIGINT, previous))


def _listen_for_interrupts() -> None:
    """Ctrl-C interrupts again (``keep``, before each question)."""
    with suppress(ValueError):
        signal.signal(signal.SIGINT, signal.default_int_handler)


def _with_db(command: Command) -> Command:
    return click.option(
        "--db",
        metavar="PATH",
        callback=_given_path,
        help="The score book file (default: $EUCHRE_HOME or the user data directory).",
    )(command)


def _given_path(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    if value is not None and not value.strip():
        raise click.BadParameter("needs a file path, not an empty string", ctx, param)
    return value


def _with_ascii(command: Command) -> Command:
    return click.option(
        "--ascii", "plain", is_flag=True, help="Plain ASCII marker pictures, no box drawing."
    )(command)


def _plain(flag: bool) -> bool:
    return flag or ascii_only(sys.stdout)


@click.group(cls=ListingGroup)
def score() -> None:
    """Keep score for a game played with real cards: points per hand, games, rubbers
    and the low-card marker picture.  Start with 'euchre score new'."""


@score.command()
@click.argument("name", required=False)
@click.option("--rules", "rules_ref", default="standard", metavar="NAME|FILE", show_default=True)
@click.option("--team", "teams", multiple=True, metavar='"A & B"', help="A partnership (twice).")
@click.option("--player", "players", multiple=True, metavar="NAME", help="A player (2 or 3 games).")
@_with_db
def new(
    name: str | None,
    rules_ref: str,
    teams: tuple[str, ...],
    players: tuple[str, ...],
    db: str | None,
) -> None:
    """Start a score sheet and make it current.

    It is named after today unless NAME is given."""
    with _refusals():
        ruleset = load_ruleset(rules_ref)
        sides = seat_sides(ruleset, teams, players)
    with _session(db, create=True) as book:
        sheet = book.new_sheet(name, ruleset, sides)
    click.echo(
        f"Started sheet {sheet.name} ({ruleset.name}, game to {ruleset.game.points_to_win}): "
        f"{' v '.join(sheet.side_names)}."
    )


@score.command()
@click.option("--makers", required=True, metavar="WHO", help="Team, player, number or initials.")
@click.option("--tricks", required=True, type=int, help="Tricks the makers took, 0 to 5.")
@click.option("--alone", is_flag=True, help="The maker went alone.")
@click.option("--defender-alone", metavar="WHO", help="A defender went alone.")
@_with_db
def hand(makers: str, tricks: int, alone: bool, defender_alone: str | None, db: str | None) -> None:
    """Record a hand: who made trump and how many tricks they took."""
    with _session(db) as book:
        sheet = book.sheet()
        tally = book.add(sheet, played_hand(sheet, makers, tricks, alone, defender_alone))
    click.echo(reports.recorded(sheet, tally))


@score.command(context_settings={"ignore_unknown_options": True})
@click.argument("who")
@click.argument("points", type=int)
@click.option("--reason", default="", help="Why: a renege, a house rule ...")
@_with_db
def add(who: str, points: int, reason: str, db: str | None) -> None:
    """Give POINTS (negative allowed) to WHO outside the scoring table."""
    with _session(db) as book:
        sheet = book.sheet()
        tally = book.add(sheet, manual_points(sheet, who, points, reason))
    click.echo(reports.recorded(sheet, tally))


@score.command()
@_with_db
def undo(db: str | None) -> None:
    """Take back the last entry (repeat to go further back)."""
    with _session(db) as book:
        sheet = book.sheet()
        removed = book.undo(sheet)
        tally = book.tally(sheet)
    click.echo(reports.took_back(sheet, removed, tally))


@score.command()
@click.argument("number", type=int)
@click.option("--makers", metavar="WHO", help="Team, player, number or initials.")
@click.option("--tricks", type=int, help="Tricks the makers took, 0 to 5.")
@click.option("--alone", is_flag=True, help="The maker went alone.")
@click.option("--defender-alone", metavar="WHO", help="A defender went alone.")
@click.option("--add", "points", type=(str, int), metavar="WHO POINTS", help="Points by hand.")
@click.option("--reason", default="", help="With --add: why.")
@_with_db
def edit(
    number: int,
    makers: str | None,
    tricks: int | None,
    alone: bool,
    defender_alone: str | None,
    points: tuple[str, int] | None,
    reason: str,
    db: str | None,
) -> None:
    """Replace entry NUMBER (see 'history') with a hand or with points.

    Every later entry is scored again."""
    is_hand = makers is not None and tricks is not None
    hand_options = makers is not None or tricks is not None or alone or defender_alone
    if (points is None and not is_hand) or (points is not None and hand_options):
        raise click.UsageError("give either --makers and --tricks, or --add WHO POINTS")
    if reason and points is None:
        raise click.UsageError("--reason goes with --add WHO POINTS (a hand needs no reason)")
    with _session(db) as book:
        sheet = book.sheet()
        entry = (
            played_hand(sheet, makers, tricks, alone, defender_alone)
            if is_hand
            else manual_points(sheet, *points, reason)
        )
        before = book.tally(sheet)
        tally = book.replace(sheet, number, entry)
    result = tally.results[number - 1]
    click.echo(f"#{number} is now: {reports.entry_text(sheet, result)}.")
    for line in reports.outcome_changes(sheet, before, tally):
        click.echo(line)
    click.echo(reports.game_line(sheet, tally))


@score.command()
@click.option("--json", "as_json", is_flag=True, help="One JSON object, for scripts.")
@_with_ascii
@_with_db
def show(as_json: bool, plain: bool, db: str | None) -> None:
    """The current game: scores, markers, games won and the rubber."""
    with _session(db, write=False) as book:
        sheet = book.sheet()
        tally = book.tally(sheet)
    if as_json:
        click.echo(json.dumps(reports.sheet_json(sheet, tally), indent=2))
    else:
        click.echo(reports.sheet_report(sheet, tally, _plain(plain), terminal_columns(sys.stdout)))


@score.command()
@_with_db
def history(db: str | None) -> None:
    """Every entry with running totals; game and rubber ends marked."""
    with _session(db, write=False) as book:
        sheet = book.sheet()
        tally = book.tally(sheet)
    click.echo(reports.history_table(sheet, tally, terminal_columns(sys.stdout)))


@score.command()
@_with_db
def stats(db: str | None) -> None:
    """Per side: hands made, euchred, marches, lone hands, games.

    A side is a team, or one player where each plays for themselves (Cutthroat);
    rubbers won are counted too where the ruleset plays rubbers."""
    with _session(db, write=False) as book:
        sheet = book.sheet()
        tally = book.tally(sheet)
    click.echo(reports.stats_table(sheet, side_stats(len(sheet.sides), tally)))


@score.command(name="list")
@_with_db
def list_sheets(db: str | None) -> None:
    """Every score sheet; the current one is starred."""
    path = _book_path(db)
    with _refusals():
        check_book_path(path)
        exists = book_exists(path)
    if not exists:  # no book yet: the same answer as an empty one
        click.echo(reports.sheets_table([]))
        return
    with _session(db, write=False) as book:
        summaries = book.summaries()
    click.echo(reports.sheets_table(summaries))


@score.command()
@click.argument("name")
@_with_db
def use(name: str, db: str | None) -> None:
    """Make sheet NAME the current one."""
    with _session(db) as book:
        sheet = book.use(name)
    click.echo(f"Sheet {sheet.name} is now current: {' v '.join(sheet.side_names)}.")


@score.command()
@click.argument("name")
@click.option("--yes", is_flag=True, help="Do not ask for confirmation.")
@_with_db
def delete(name: str, yes: bool, db: str | None) -> None:
    """Delete sheet NAME and all its entries."""
    if not yes:
        with _session(db, write=False) as book:
            entries = len(book.entries(book.sheet(name)))
        if not click.confirm(f"Delete sheet {name} and its {entries} entries?"):
            click.echo(f"Sheet {name} kept.")
            return
    with _session(db) as book:
        book.delete(name)
    click.echo(f"Deleted sheet {name}.")


KEEP_HELP = """\
Type who made trump (a number, a name or initials) and answer the questions, or
all on one line: "1 4" (side 1 took 4 tricks), "1 a 5" (alone, all five tricks),
"2 d 1" (a defender went alone; 1 trick to the makers).
Also: undo, show, history, add WHO POINTS [REASON], help, quit."""

# Answers to "Alone?": (the maker went alone, a defender went alone)
ALONE_ANSWERS = {
    "": (False, False),
    "n": (False, False),
    "no": (False, False),
    "a": (True, False),
    "alone": (True, False),
    "y": (True, False),
    "yes": (True, False),
    "d": (False, True),
    "ad": (True, True),
    "da": (True, True),
}


@score.command()
@_with_ascii
@_with_db
def keep(plain: bool, db: str | None) -> None:
    """Keep score at the table, hand by hand, until you type quit."""
    table = _Table(db, _plain(plain))
    line_editing()  # every key typed here is an answer: none is hidden or dropped
    table.echo_report()
    _say(KEEP_HELP)
    shown = ""  # the error the last answer brought, if any
    while True:
        _listen_for_interrupts()
        try:
            question = table.question()
        except _BookBusy as error:  # another program holds the book: ask anyway
            if error.message != shown:  # not just said by the answer that found it busy
                _say(f"Error: {error.format_message()}", err=True)
            question = table.makers_question()
        except click.ClickException as error:  # the book or sheet is gone: keep ends
            if error.message == shown:  # already said, by the answer that found it out
                raise click.exceptions.Exit(1) from None
            raise
        shown = ""
        try:
            line = _ask(f"\n{question}")
            if not table.answer(line):
                return
        except _HandDropped as dropped:  # undo or quit typed at a follow-up question
            _say("That hand was not recorded; nothing else changed.")
            if dropped.leave:
                return
        except _HandLeft:  # end of input or Ctrl-C inside a hand's questions
            _say("\nThat hand was not recorded.")
            raise click.exceptions.Exit(1) from None
        except click.Abort:  # end of input or Ctrl-C at the first question
            _say()
            return
        except click.ClickException as error:
            _say(f"Error: {error.format_message()}", err=True)
            shown = error.message


def _say(text: str = "", err: bool = False) -> None:
    """``keep``'s output: on a terminal, lines wider than it break between words."""
    click.echo(_fitted(text, sys.stderr if err else sys.stdout), err=err)


def _ask(question: str) -> str:
    """``keep``'s questions, fitted as its output is (with room for the ": ").  On a
    terminal, line editing is given the question's last line, and Ctrl-Z and fg show
    it again (``cli.read_answer``); Ctrl-C and the end of input are ``click.Abort``
    either way."""
    question = _fitted(question, sys.stdout, 2)
    if not sys.stdin.isatty():  # piped answers
        return click.prompt(question, default="", show_default=False)
    try:
        return read_answer(f"{question}: ")
    except (EOFError, KeyboardInterrupt):
        raise click.Abort from None


def _fitted(text: str, stream: IO[str], room: int = 0) -> str:
    width = terminal_columns(stream)
    return text if width is None else fit_to_width(text, width - room)


class _HandDropped(Exception):
    """``undo`` (or ``quit``) typed while a hand's details were being asked: that hand
    is dropped, and only that: a recorded hand is never taken back by it."""

    def __init__(self, leave: bool) -> None:
        super().__init__()
        self.leave = leave


class _HandLeft(Exception):
    """The input ended, or Ctrl-C came, while a hand's details were being asked."""


class _Table:
    """The ``keep`` loop's state: the sheet being kept and how to print it.  Every
    answer that changes the sheet is one transaction of its own."""

    def __init__(self, db: str | None, plain: bool) -> None:
        self.db = db
        self.plain = plain
        with _session(db, write=False) as book:
            self.sheet = book.sheet()
            self.seen = book.tally(self.sheet).results  # the entries as keep last showed them

    def tally(self) -> Tally:
        with _session(self.db, write=False) as book:
            return book.tally(book.refresh(self.sheet))

    def catch_up(self, tally: Tally) -> None:
        """Say so when another command (a second terminal) changed the sheet since
        keep last showed it."""
        if tally.results != self.seen:
            _say(reports.changed_elsewhere(self.sheet, tally))
        self.seen = tally.results

    def echo_report(self) -> None:
        _say(
            reports.sheet_report(self.sheet, self.tally(), self.plain, terminal_columns(sys.stdout))
        )

    def question(self) -> str:
        """The loop's prompt: who made trump, or, once the rubber is won, what is left."""
        tally = self.tally()
        self.catch_up(tally)
        if tally.rubber is not None:
            return "The sheet is complete (undo, show, history or quit)"
        return self.makers_question()

    def makers_question(self) -> str:
        return f"Who made trump? ({self.sheet.choices})"

    def answer(self, line: str) -> bool:
        """Act on one line typed at the makers prompt; False to leave the loop."""
        words = line.split()
        command = words[0].casefold() if words else ""
        if command in ("quit", "exit"):
            return False
        if command == "undo":
            with _session(self.db) as book:
                sheet = book.refresh(self.sheet)
                before = book.tally(sheet)
                removed = book.undo(sheet) if before.results == self.seen else None
                tally = book.tally(sheet)
            if removed is None:  # the last entry is not the one the table last saw
                self.catch_up(tally)
                _say("Nothing was taken back: type undo again to take back that last entry.")
            else:
                self.seen = tally.results
                _say(reports.took_back(sheet, removed, tally))
        elif command == "show":
            self.echo_report()
        elif command == "history":
            _say(reports.history_table(self.sheet, self.tally(), terminal_columns(sys.stdout)))
        elif command in ("help", "?"):
            _say(KEEP_HELP)
        elif command == "add":
            self.add_points(words[1:])
        elif words:
            self.record_hand(words)
        return True

    def add_points(self, words: list[str]) -> None:
        """``add WHO POINTS [REASON]``, where WHO may be a team of several words."""
        at = next((i for i, w in enumerate(words) if i and w.lstrip("+-").isdigit()), None)
        if at is None:
            raise click.ClickException(
                "add WHO POINTS [REASON], with POINTS a whole number: e.g. add 2 -2 renege"
            )
        who = " ".join(words[:at]).strip("\"'")
        with _refusals():
            entry = manual_points(self.sheet, who, int(words[at]), " ".join(words[at + 1 :]))
        self.record(entry)

    def record_hand(self, words: list[str]) -> None:
        """A hand from a short answer ("1 a 5") and, for what it leaves out, questions."""
        sheet, rules = self.sheet, self.sheet.ruleset
        rubber = self.tally().rubber
        if rubber is not None:
            raise click.ClickException(str(rubber_over(sheet, rubber)))
        tricks, alone, defender = None, None, False
        while len(words) > 1:  # peel tricks and alone flags off the end
            last = words[-1].casefold()
            if last.lstrip("+-").isdigit() and tricks is None:
                with _refusals():
                    tricks = _tricks(last)
            elif last and last in ALONE_ANSWERS:
                alone, defender = ALONE_ANSWERS[last]
            else:
                break
            words = words[:-1]
        makers = self.makers(words)
        with _refusals():  # a shortcut's "a" or "d" the ruleset has not: said at once
            refuse_lone_hands(rules, bool(alone), defender)
        if alone is None and tricks is None and (rules.alone.maker or rules.alone.defender):
            alone, defender = self.ask(*_alone_question(rules))
        lone_defender = None
        if defender:
            others = [side for side in range(len(sheet.sides)) if side != makers]
            lone_defender = (
                others[0] if len(others) == 1 else self.ask(*_defender_question(sheet, others))
            )
        if tricks is None:
            tricks = self.ask(f"Tricks the makers took (0-{TRICKS_IN_HAND})", _tricks)
        with _refusals():
            entry = played_hand(
                sheet,
                str(makers + 1),
                tricks,
                bool(alone),
                None if lone_defender is None else str(lone_defender + 1),
            )
        self.record(entry)

    def makers(self, words: list[str]) -> int:
        """The side named by a hand's first words; where the first few name one and
        short words follow (a mistyped shortcut, "2 x 4"), the refusal points at them."""
        try:
            return self.sheet.resolve(" ".join(words))
        except ScorebookError as error:
            for end in range(len(words) - 1, 0, -1):
                if any(len(word) > 2 or word == "&" for word in words[end:]):
                    break  # a longer name, mistyped ("Cy & Dx"): said as such below
                with suppress(ScorebookError):
                    self.sheet.resolve(" ".join(words[:end]))
                    raise click.ClickException(
                        f"'{words[end]}' is not understood after '{' '.join(words[:end])}':"
                        f" give the tricks once (0-{TRICKS_IN_HAND}), and a, d or ad for"
                        " lone hands"
                    ) from None
            raise click.ClickException(str(error)) from None

    def ask(self, question: str, parse: Callable[[str], Answer]) -> Answer:
        """Ask until ``parse`` accepts the answer; its refusal says what is allowed."""
        while True:
            try:
                text = _ask(question).strip()
            except click.Abort:
                raise _HandLeft from None
            command = text.casefold()
            if command in ("undo", "cancel", "quit", "exit"):
                raise _HandDropped(leave=command in ("quit", "exit"))
            if command in ("show", "history"):
                self.answer(command)
                continue
            if command in ("help", "?"):
                _say(
                    "This hand is recorded once its questions are answered: answer the one"
                    " below, or type undo to drop the hand (quit to drop it and leave)."
                )
                continue
            try:
                return parse(text)
            except ScorebookError as error:
                _say(f"{error}. Try again.", err=True)

    def record(self, entry: Entry) -> None:
        with _session(self.db) as book:
            sheet = book.refresh(self.sheet)
            before = book.tally(sheet)
            tally = book.add(sheet, entry)
        self.catch_up(before)
        self.seen = tally.results
        _say(reports.recorded(sheet, tally))
        if tally.rubber is None:
            _say(reports.game_block(sheet, tally, self.plain, terminal_columns(sys.stdout)))
        else:
            _say("Type undo to take that hand back, or quit.")


def _alone_question(rules: Ruleset) -> tuple[str, Callable[[str], tuple[bool, bool]]]:
    """ "Alone?" offering only the lone hands the ruleset allows (R6)."""
    offers = []
    if rules.alone.maker:
        offers.append("a = the maker")
    if rules.alone.defender:
        offers.append("d = a defender")
    if rules.alone.maker and rules.alone.defender:
        offers.append("ad = both")
    allowed = ", ".join(offers)

    def parse(text: str) -> tuple[bool, bool]:
        maker, defender = ALONE_ANSWERS.get(text.casefold(), (None, None))
        if (
            maker is None
            or (maker and not rules.alone.maker)
            or (defender and not rules.alone.defender)
        ):
            raise ScorebookError(f"'{text}' is not an answer here: {allowed}, or Enter for no")
        return maker, defender

    return f"Alone? ({allowed}; Enter = no)", parse


def _defender_question(sheet: Sheet, defenders: list[int]) -> tuple[str, Callable[[str], int]]:
    """ "Which defender went alone?" naming the defenders; the makers are refused."""
    choices = ", ".join(f"{side + 1} {sheet.side_names[side]}" for side in defenders)

    def parse(text: str) -> int:
        side = sheet.resolve(text)
        if side not in defenders:
            raise ScorebookError(f"{sheet.side_names[side]} made trump; a defender is {choices}")
        return side

    return f"Which defender went alone? ({choices})", parse


def _tricks(text: str) -> int:
    if not (text.isdigit() and 0 <= int(text) <= TRICKS_IN_HAND):
        raise ScorebookError(f"'{text}' is not a number of tricks: 0 to {TRICKS_IN_HAND}")
    return int(text)
