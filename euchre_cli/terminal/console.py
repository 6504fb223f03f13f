"""A seat's terminal, the one object the table and the person's questions go through:
a line said, a question asked and its answer read, the pause after a computer's
turn, the width, the style, and the status line that says who is thinking.

``Console`` is the base, which shows nothing, never pauses and has no one to ask (a
screen kept only to sum up the table needs no more); ``TerminalConsole`` is the
terminal a game is played or watched at (``sitting.GameAtTerminal`` builds one), and
a replay's console shows lines at a pace (``replays``).  The screen and the person's
player are handed the same console, and call nothing else of the game around them.
"""

from __future__ import annotations

import sys
from contextlib import AbstractContextManager, nullcontext
from typing import IO

import click

from .keyboard import Keyboard, ascii_only, read_answer, terminal_columns
from .pace import SAY_THINKING_AFTER, Pauses, pause_seconds
from .status import StatusLine
from .text import Style, fit_to_width, in_ascii, wants_colour

MAX_SCRIPTED_REPEATS = 50  # one question asked this often from a pipe: the script is stuck


class StuckScript(Exception):
    """Answers from a pipe or a file (``yes pass | euchre play``) that the game does
    not take: the same question asked again and again."""


class Console:
    """What a seat's terminal does for the table and the person's questions.  This
    base does nothing of it: its lines go nowhere, it never pauses or waits, and it
    has no one to ask (``ask`` meets the end of input)."""

    def __init__(self, style: Style) -> None:
        self.style = style

    def say(self, line: str) -> None:
        """A line for the person to read."""

    def ask(self, question: str) -> str:
        """The person's answer to ``question``."""
        raise EOFError

    @property
    def waits(self) -> bool:
        """Whether a person reads each result before the game goes on (the screen
        then waits for Enter between hands and games)."""
        return False

    def columns(self) -> int | None:
        """The terminal's width now (it may be resized mid-game); None: no limit."""
        return None

    def pause(self) -> None:
        """The pause after a computer's turn that showed something."""

    def sit_out(self) -> bool:
        """The person sits out the rest of this hand: True when Enter may then play it
        at once (for the table to say so)."""
        return False

    def new_hand(self) -> None:
        """A hand is dealt: it goes at the pace again."""

    def thinking(self, words: str) -> AbstractContextManager[None]:
        """Around work the person waits for (a computer's decision, a hint): ``words``
        ("Bob is thinking…") on the status line when it takes a while."""
        return nullcontext()


def _waits_for_enter(stream: IO[str]) -> bool:
    """A person at a terminal reads each result before the game goes on (a script, a
    pipe or a file is never kept waiting)."""
    return stream.isatty() and sys.stdin.isatty()


class TerminalConsole(Console):
    """The terminal a game is played at, or watched (``watching``: nothing is asked).

    With ``as_json`` the table goes to standard error, so that standard output holds
    the summary alone, and a watched game shows nothing.  ``delay`` is the pause after
    each computer turn (None: the pace's default at a terminal).  While ``live`` is
    False (a resumed game catching up, unseen) nothing is shown, paced or waited for.
    """

    def __init__(self, *, as_json: bool, watching: bool, delay: float | None) -> None:
        self.stream = sys.stderr if as_json else sys.stdout
        self._plain = ascii_only(self.stream)  # engine messages too are written in ASCII
        super().__init__(Style(colour=wants_colour(self.stream), unicode=not self._plain))
        self._err = as_json
        self.quiet = as_json and watching  # nothing shown but the summary
        self.live = True
        at_terminal = self.stream.isatty() and not as_json
        seconds = pause_seconds(delay, watching, at_terminal)
        self._waits = not watching and _waits_for_enter(self.stream)
        # nothing is shown to pace in a watched --json game, whatever --delay says;
        # at a terminal, Enter skips the pauses of a hand the person sits out
        self.pauses = Pauses(0.0 if self.quiet else seconds, enter_skips=self._waits)
        # who is thinking, on the table's own terminal (never into --json or a pipe)
        self.status = StatusLine(self.stream, active=at_terminal)
        self.keyboard = None if watching else Keyboard()  # a watched game asks nothing
        self._scripted = not sys.stdin.isatty()  # answers from a pipe or a file
        self._last_question = ""
        self._times_asked = 0  # the last question, this often in a row

    def shown(self, text: str) -> str:
        """As this terminal can show it: escaped, in ASCII if need be, and broken
        between words where a line is wider than the terminal is now."""
        width = self.columns()
        text = self.style.escaped(text)
        if self._plain:
            text = in_ascii(text)
        return text if width is None else fit_to_width(text, width)

    def say(self, line: str) -> None:
        if not self.quiet and self.live:
            click.echo(self.shown(line), file=self.stream)

    def ask(self, question: str) -> str:
        """The person's answer to ``question``; a script that gives the same question
        no answer it takes, time after time, is stopped (``StuckScript``)."""
        repeated = question == self._last_question
        self._times_asked = self._times_asked + 1 if repeated else 1
        self._last_question = question
        if self._scripted and self._times_asked > MAX_SCRIPTED_REPEATS:
            raise StuckScript(
                f"the same question was asked {MAX_SCRIPTED_REPEATS} times and the input"
                " (not a terminal) gave no answer it takes: the game stops"
            )
        assert self.keyboard is not None  # only a person is asked
        with self.keyboard.question():
            return read_answer(self.shown(question) + " > ", err=self._err)

    @property
    def waits(self) -> bool:
        return self._waits and self.live

    def columns(self) -> int | None:
        return terminal_columns(self.stream)

    def pause(self) -> None:
        if self.live and self.pauses.pause():
            self.say(self.style.dim("(Enter: the rest of this hand at once)"))

    def sit_out(self) -> bool:
        return self.pauses.sit_out()

    def new_hand(self) -> None:
        self.pauses.new_hand()

    def thinking(self, words: str) -> AbstractContextManager[None]:
        """``words`` on the status line once the work has taken ``SAY_THINKING_AFTER``
        seconds, gone when it is done."""
        return self.status.after(SAY_THINKING_AFTER, words)

    def last_words(self, words: str) -> None:
        """Why the game ends before its end, on standard error, after the question
        left unanswered."""
        click.echo("", file=self.stream)
        click.echo(self.shown(words), err=True)
