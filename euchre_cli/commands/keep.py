"""``euchre score keep``: score kept at the table, hand by hand, until ``quit``.

Every answer that changes the sheet is one transaction of its own; a hand whose
questions are left unanswered (undo, quit, Ctrl-C, the end of input) is not recorded.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from contextlib import suppress
from typing import IO, TypeVar

import click

from ..cli.options import ascii_wanted, with_ascii, with_db
from ..cli.session import BookBusyError, listen_for_interrupts, refusals, session
from ..engine.rules import Ruleset
from ..engine.scoring import TRICKS_IN_HAND
from ..scorekeeper.sheet import (
    Entry,
    RubberOver,
    Sheet,
    SheetError,
    Tally,
    manual_points,
    played_hand,
    refuse_lone_hands,
    renege_penalty,
)
from ..terminal import reports
from ..terminal.keyboard import line_editing, read_answer, terminal_columns
from ..terminal.text import escaped, fit_to_width

Answer = TypeVar("Answer")


class BadAnswer(ValueError):
    """An answer to one of keep's questions that it cannot take; says what it takes."""


KEEP_HELP = """\
Type who made trump (a number, a name or initials) and answer the questions, or
all on one line: "1 4" (side 1 took 4 tricks), "1 a 5" (alone, all five tricks),
"2 d 1" (a defender went alone; 1 trick to the makers).
Also: undo, show, history, add WHO POINTS [REASON], renege WHO [a] (WHO reneged;
a: against a lone hand), help, quit."""

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


@click.command()
@with_ascii
@with_db
def keep(plain: bool, db: str | None) -> None:
    """Keep score at the table, hand by hand, until you type quit."""
    keeping = _ScoreKeeping(db, ascii_wanted(plain))
    line_editing()  # every key typed here is an answer: none is hidden or dropped
    keeping.echo_report()
    _say(KEEP_HELP)
    try:
        _answer_until_quit(keeping)
    except click.exceptions.Exit:  # the input ended inside a hand's questions
        keeping.say_what_was_kept()
        raise
    keeping.say_what_was_kept()


def _answer_until_quit(keeping: _ScoreKeeping) -> None:
    """Ask who made trump, and act on the answers, until quit, Ctrl-C or the end of
    the input; a book or sheet that is gone ends it with its error."""
    shown = ""  # the error the last answer brought, if any
    while True:
        listen_for_interrupts()
        try:
            question = keeping.question()
        except BookBusyError as error:  # another program holds the book: ask anyway
            if error.message != shown:  # not just said by the answer that found it busy
                _say(f"Error: {error.format_message()}", err=True)
            question = keeping.makers_question()
        except click.ClickException as error:  # the book or sheet is gone: keep ends
            if error.message == shown:  # already said, by the answer that found it out
                raise click.exceptions.Exit(1) from None
            raise
        shown = ""
        try:
            line = _ask(f"\n{question}")
            if not keeping.answer(line):
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
    it again (``terminal.keyboard.read_answer``); Ctrl-C and the end of input are ``click.Abort``
    either way."""
    question = _fitted(question, sys.stdout, 2)
    if not sys.stdin.isatty():  # piped answers
        return click.prompt(question, default="", show_default=False)
    try:
        return read_answer(f"{question}: ")
    except (EOFError, KeyboardInterrupt):
        raise click.Abort from None


def _fitted(text: str, stream: IO[str], room: int = 0) -> str:
    """``text`` escaped (names come from the book), and on a terminal broken to fit."""
    width = terminal_columns(stream)
    text = escaped(text, newlines=True)
    return text if width is None else fit_to_width(text, width - room)


class _HandDropped(Exception):
    """``undo`` (or ``quit``) typed while a hand's details were being asked: that hand
    is dropped, and only that: a recorded hand is never taken back by it."""

    def __init__(self, leave: bool) -> None:
        super().__init__()
        self.leave = leave


class _HandLeft(Exception):
    """The input ended, or Ctrl-C came, while a hand's details were being asked."""


class _ScoreKeeping:
    """A score-keeping session at a table (``keep``'s state): the sheet being kept and
    how to print it.  Every answer that changes the sheet is one transaction of its own."""

    def __init__(self, db: str | None, plain: bool) -> None:
        self.db = db
        self.plain = plain
        with session(db, write=False) as book:
            self.sheet = book.sheet()
            self.seen = book.tally(self.sheet).results  # the entries as keep last showed them
        self.recorded = self.taken_back = 0  # by this keep, for what it says at the end

    def tally(self) -> Tally:
        with session(self.db, write=False) as book:
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
            with session(self.db) as book:
                sheet = book.refresh(self.sheet)
                before = book.tally(sheet)
                removed = book.undo(sheet) if before.results == self.seen else None
                tally = book.tally(sheet)
            if removed is None:  # the last entry is not the one keep last showed
                self.catch_up(tally)
                _say("Nothing was taken back: type undo again to take back that last entry.")
            else:
                self.seen = tally.results
                self.taken_back += 1
                _say(reports.took_back(sheet, removed, tally))
        elif command == "show":
            self.echo_report()
        elif command == "history":
            _say(reports.history_table(self.sheet, self.tally(), terminal_columns(sys.stdout)))
        elif command in ("help", "?"):
            _say(KEEP_HELP)
        elif command == "add":
            self.add_points(words[1:])
        elif command == "renege":
            self.renege(words[1:])
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
        with refusals():
            entry = manual_points(self.sheet, who, int(words[at]), " ".join(words[at + 1 :]))
        self.record(entry)

    def renege(self, words: list[str]) -> None:
        """``renege WHO [a]``: WHO may be a team of several words; a last word "a" (or
        "alone") says the renege was against a lone hand (R17)."""
        alone = len(words) > 1 and words[-1].casefold() in ("a", "alone")
        who = " ".join(words[:-1] if alone else words).strip("\"'")
        if not who:
            raise click.ClickException(
                "renege WHO [a]: the side that reneged, and a when it was against a lone"
                " hand: e.g. renege 2 a"
            )
        with refusals():
            entry = renege_penalty(self.sheet, who, alone)
        self.record(entry)

    def record_hand(self, words: list[str]) -> None:
        """A hand from a short answer ("1 a 5") and, for what it leaves out, questions."""
        sheet, rules = self.sheet, self.sheet.ruleset
        rubber = self.tally().rubber
        if rubber is not None:
            with refusals():
                raise RubberOver(sheet, rubber)
        tricks, alone, defender = None, None, False
        while len(words) > 1:  # peel tricks and alone flags off the end
            last = words[-1].casefold()
            if last.lstrip("+-").isdigit() and tricks is None:
                try:
                    tricks = _tricks(last)
                except BadAnswer as error:
                    raise click.ClickException(str(error)) from None
            elif last and last in ALONE_ANSWERS:
                alone, defender = ALONE_ANSWERS[last]
            else:
                break
            words = words[:-1]
        makers = self.makers(words)
        with refusals():  # a shortcut's "a" or "d" the ruleset has not: said at once
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
        with refusals():
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
        except SheetError as error:
            for end in range(len(words) - 1, 0, -1):
                if any(len(word) > 2 or word == "&" for word in words[end:]):
                    break  # a longer name, mistyped ("Cy & Dx"): said as such below
                with suppress(SheetError):
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
            except (BadAnswer, SheetError) as error:
                _say(f"{error}. Try again.", err=True)

    def say_what_was_kept(self) -> None:
        """What the sheet holds as keep ends, and what this keep changed: the table
        should know its hands are saved (a book gone or busy by then says nothing)."""
        with suppress(click.ClickException):
            tally = self.tally()
            count = len(tally.results)
            entries = "1 entry" if count == 1 else f"{count} entries"
            name = self.sheet.name
            if self.recorded or self.taken_back:
                done = f"{self.recorded} recorded" + (
                    f" and {self.taken_back} taken back" if self.taken_back else ""
                )
                said = f"Saved on sheet {name}: {entries}, {done} this time."
            else:
                said = f"Sheet {name} is as it was: {entries}."
            _say(f"{said} {reports.game_line(self.sheet, tally)}")

    def record(self, entry: Entry) -> None:
        with session(self.db) as book:
            sheet = book.refresh(self.sheet)
            before = book.tally(sheet)
            tally = book.add(sheet, entry)
        self.catch_up(before)
        self.seen = tally.results
        self.recorded += 1
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
            raise BadAnswer(f"'{text}' is not an answer here: {allowed}, or Enter for no")
        return maker, defender

    return f"Alone? ({allowed}; Enter = no)", parse


def _defender_question(sheet: Sheet, defenders: list[int]) -> tuple[str, Callable[[str], int]]:
    """ "Which defender went alone?" naming the defenders; the makers are refused."""
    choices = ", ".join(f"{side + 1} {sheet.side_names[side]}" for side in defenders)

    def parse(text: str) -> int:
        side = sheet.resolve(text)
        if side not in defenders:
            raise BadAnswer(f"{sheet.side_names[side]} made trump; a defender is {choices}")
        return side

    return f"Which defender went alone? ({choices})", parse


def _tricks(text: str) -> int:
    if not (text.isdigit() and 0 <= int(text) <= TRICKS_IN_HAND):
        raise BadAnswer(f"'{text}' is not a number of tricks: 0 to {TRICKS_IN_HAND}")
    return int(text)
