"""Keeping score at the table (``euchre score keep``): who made trump is asked, hand
by hand, until ``quit``, and what a short line ("1 a 5") leaves out is asked after it.

Every answer that changes the sheet is one transaction of its own; a hand whose
questions are left unanswered (undo, quit, Ctrl-C, the end of input) is not recorded.
The lines are read by ``scorekeeper.shortcuts``; the book is reached through the
command's ``session``, whose refusals are one-line ``click.ClickException``s.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from contextlib import AbstractContextManager, suppress
from functools import partial
from typing import IO, TypeVar

import click

from ..engine.rules import Ruleset
from ..engine.scoring import TRICKS_IN_HAND
from ..scorekeeper.entries import ENTRY_KINDS, Entry
from ..scorekeeper.sheet import RubberOver, Sheet, SheetError
from ..scorekeeper.shortcuts import (
    alone_answer,
    alone_offers,
    dealer_line,
    defender_answer,
    defender_choices,
    hand_examples,
    hand_line,
    points_line,
    renege_line,
    renege_usage,
    tricks_answer,
)
from ..scorekeeper.store import Scorebook
from ..scorekeeper.tally import Tally
from . import score_reports
from .entry_words import words_for
from .keyboard import line_editing, listen_for_interrupts, read_answer, terminal_columns
from .text import escaped, fit_to_width

Answer = TypeVar("Answer")
Session = Callable[..., AbstractContextManager[Scorebook]]
"""One transaction on the book's sheets (``write=False`` to only read): the command's
``cli.session.session`` for its ``--db``."""

HELP_COLUMNS = 80  # keep's help is broken into lines this wide, in a pipe too


def keep_help(rules: Ruleset) -> str:
    """What keep takes, with examples of the lines the ruleset takes (R6)."""
    examples = ", ".join(f'"{line}" ({meaning})' for line, meaning in hand_examples(rules))
    text = (
        "Type who made trump (a number, a name or initials) and answer the questions, or"
        f" all on one line: {examples}.\nAlso: thrown (a hand nobody made trump in),"
        " dealer WHO (WHO deals next), undo, show, history, add WHO POINTS [REASON],"
        f" {renege_usage(rules)}, help, quit."
    )
    return fit_to_width(text, HELP_COLUMNS)


# The first words keep takes as commands, at any question of the loop
COMMANDS = ("quit", "exit", "undo", "show", "history", "help", "?", "add", "renege")
COMMANDS += ("thrown", "dealer")


def keep_score(keeping: ScoreKeeping) -> None:
    """The sheet shown, then answers taken until quit, Ctrl-C or the end of the
    input; what the sheet holds is said as keep ends, however it ends."""
    line_editing()  # every key typed here is an answer: none is hidden or dropped
    keeping.echo_report()
    _say(keep_help(keeping.sheet.ruleset))
    try:
        _answer_until_quit(keeping)
    except click.exceptions.Exit:  # the input ended inside a hand's questions
        keeping.say_what_was_kept()
        raise
    keeping.say_what_was_kept()


def _answer_until_quit(keeping: ScoreKeeping) -> None:
    """Ask who made trump, and act on the answers, until quit, Ctrl-C or the end of
    the input; a book or sheet that is gone ends it with its error."""
    shown = ""  # the error the last answer brought, if any
    while True:
        listen_for_interrupts()
        try:
            question = keeping.question()
        except click.ClickException as error:
            if not isinstance(error, keeping.busy):  # the book or sheet is gone: keep ends
                if error.message == shown:  # already said, by the answer that found it out
                    raise click.exceptions.Exit(1) from None
                raise
            if error.message != shown:  # another program holds the book: ask anyway
                _say(f"Error: {error.format_message()}", err=True)
            question = keeping.makers_question()
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
        except (click.ClickException, SheetError) as error:
            message = error.message if isinstance(error, click.ClickException) else str(error)
            _say(f"Error: {message}", err=True)
            shown = message


def _say(text: str = "", err: bool = False) -> None:
    """``keep``'s output: on a terminal, lines wider than it break between words."""
    click.echo(_fitted(text, sys.stderr if err else sys.stdout), err=err)


def _ask(question: str) -> str:
    """``keep``'s questions, fitted as its output is (with room for the ": ").  On a
    terminal, line editing is given the question's last line, and Ctrl-Z and fg show
    it again (``keyboard.read_answer``); Ctrl-C and the end of input are
    ``click.Abort`` either way."""
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


class ScoreKeeping:
    """A score-keeping session at a table: the sheet being kept, how to reach the book
    (``session``; ``busy``, the refusal of a book another program holds, which a
    moment later lifts) and how to print.  Every answer that changes the sheet is one
    transaction of its own."""

    def __init__(self, session: Session, busy: type[click.ClickException], plain: bool) -> None:
        self.session = session
        self.busy = busy
        self.plain = plain
        with session(write=False) as book:
            self.sheet = book.sheet()
            self.seen = book.tally(self.sheet).results  # the entries as keep last showed them
        self.recorded = self.taken_back = 0  # by this keep, for what it says at the end
        self.asking_first_dealer = False  # the question now open is who deals first
        self.deal_untracked = False  # Enter was typed to it: this keep asks no more

    def tally(self) -> Tally:
        with self.session(write=False) as book:
            return book.tally(book.refresh(self.sheet))

    def catch_up(self, tally: Tally) -> None:
        """Say so when another command (a second terminal) changed the sheet since
        keep last showed it."""
        if tally.results != self.seen:
            _say(score_reports.changed_elsewhere(self.sheet, tally))
        self.seen = tally.results

    def echo_report(self) -> None:
        columns = terminal_columns(sys.stdout)
        _say(score_reports.sheet_report(self.sheet, self.tally(), self.plain, columns))

    def question(self) -> str:
        """The loop's prompt: who made trump (after whose deal it is, once the sheet
        knows), who deals first on an empty sheet, or, once the rubber is won, what is
        left."""
        self.asking_first_dealer = False
        tally = self.tally()
        self.catch_up(tally)
        if tally.rubber is not None:
            return "The sheet is complete (undo, show, history or quit)"
        if not tally.results and not self.deal_untracked:
            self.asking_first_dealer = True
            seating = ", ".join(self.sheet.seating)
            return f"Who deals first? ({seating}; Enter = do not track the deal)"
        return self.makers_question(tally)

    def makers_question(self, tally: Tally | None = None) -> str:
        """Who made trump, after whose deal it is where ``tally`` says (R3)."""
        dealer = None if tally is None else tally.dealer
        deal = "" if dealer is None else f"{self.sheet.seating[dealer]}'s deal. "
        return f"{deal}Who made trump? ({self.sheet.choices})"

    def answer(self, line: str) -> bool:
        """Act on one line typed at the makers prompt; False to leave the loop."""
        words = line.split()
        command = words[0].casefold() if words else ""
        if self.asking_first_dealer and command not in COMMANDS:
            self.first_dealer(line.strip())
            return True
        if command in ("quit", "exit"):
            return False
        if command == "undo":
            self.undo()
        elif command == "show":
            self.echo_report()
        elif command == "history":
            columns = terminal_columns(sys.stdout)
            _say(score_reports.history_table(self.sheet, self.tally(), columns))
        elif command in ("help", "?"):
            _say(keep_help(self.sheet.ruleset))
        elif command == "add":
            self.record(lambda sheet: points_line(sheet, words[1:]))
        elif command == "renege":
            self.record(lambda sheet: renege_line(sheet, words[1:]))
        elif command == "dealer":
            self.record(lambda sheet: dealer_line(sheet, words[1:]))
        elif command == "thrown" and [word.casefold() for word in words[1:]] in ([], ["in"]):
            self.record(ENTRY_KINDS["thrown_in"].build)
        elif words:
            self.record_hand(words)
        return True

    def first_dealer(self, who: str) -> None:
        """The answer to who deals first: a player, or Enter not to track the deal."""
        if who:
            self.record(partial(ENTRY_KINDS["dealer"].build, dealer=who))
        else:
            self.deal_untracked = True
            _say("The deal is not tracked: type dealer WHO when the table knows it.")

    def undo(self) -> None:
        """Take back the last entry, if it is the one keep last showed."""
        with self.session() as book:
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
            _say(score_reports.took_back(sheet, removed, tally))

    def record_hand(self, words: list[str]) -> None:
        """A hand from a short line ("1 a 5") and, for what it leaves out, questions."""
        sheet, rules = self.sheet, self.sheet.ruleset
        self.refuse_once_the_rubber_is_over()
        typed = hand_line(sheet, words)
        alone, defender = typed.alone, typed.defender
        if alone is None and typed.tricks is None and (rules.alone.maker or rules.alone.defender):
            question = f"Alone? ({alone_offers(rules)}; Enter = no)"
            alone, defender = self.ask(question, partial(alone_answer, rules))
        lone_defender = None
        if defender:
            others = [side for side in range(len(sheet.sides)) if side != typed.makers]
            question = f"Which defender went alone? ({defender_choices(sheet, others)})"
            lone_defender = (
                others[0]
                if len(others) == 1
                else self.ask(question, partial(defender_answer, sheet, others))
            )
        tricks = typed.tricks
        if tricks is None:
            tricks = self.ask(f"Tricks the makers took (0-{TRICKS_IN_HAND})", tricks_answer)
        hand = partial(
            ENTRY_KINDS["hand"].build,
            makers=str(typed.makers + 1),
            tricks=tricks,
            alone=bool(alone),
            defender_alone=None if lone_defender is None else str(lone_defender + 1),
        )
        self.record(hand)

    def refuse_once_the_rubber_is_over(self) -> None:
        """Refuse a hand before its questions once the rubber is won (R10); raised in
        the session, whose refusal says what to do next."""
        with self.session(write=False) as book:
            rubber = book.tally(book.refresh(self.sheet)).rubber
            if rubber is not None:
                raise RubberOver(self.sheet, rubber)

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
            except SheetError as error:
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
            _say(f"{said} {score_reports.game_line(self.sheet, tally)}")

    def record(self, entry_for: Callable[[Sheet], Entry]) -> None:
        """Add the entry ``entry_for`` makes of the sheet, in one transaction whose
        refusals (the entry's among them) are the session's."""
        with self.session() as book:
            sheet = book.refresh(self.sheet)
            before = book.tally(sheet)
            tally = book.add(sheet, entry_for(sheet))
        self.catch_up(before)
        self.seen = tally.results
        self.recorded += 1
        _say(score_reports.recorded(sheet, tally))
        if not words_for(tally.results[-1].entry).with_scores:
            return  # the scores are as they were
        if tally.rubber is None:
            _say(score_reports.game_block(sheet, tally, self.plain, terminal_columns(sys.stdout)))
        else:
            _say("Type undo to take that hand back, or quit.")
