"""A person's terminal: its width and encoding, line editing, the keyboard during a
game (keys typed while the computer plays are hidden and dropped; Ctrl-Z and fg at a
question ask it again), and Ctrl-C held from a commit until it is reported."""

from __future__ import annotations

import errno
import importlib
import os
import signal
import sys
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from typing import IO, Any

import click

from .text import COLOUR_CODE, needs_ascii


def terminal_columns(stream: IO[str]) -> int | None:
    """The width of the terminal ``stream`` writes to now, or None when it is not a
    terminal (a pipe or a file: then nothing is fitted to a width)."""
    if not stream.isatty():
        return None
    import shutil  # only on a terminal

    return shutil.get_terminal_size().columns


def ascii_only(stream: IO[str]) -> bool:
    """True when ``stream`` cannot show suit symbols and box drawing: its encoding is
    not UTF-8, or it is a terminal whose locale is not (under ``LC_ALL=C`` Python still
    writes UTF-8, which such a terminal shows as rubbish)."""
    if needs_ascii(getattr(stream, "encoding", None)):
        return True
    if not stream.isatty():
        return False
    import locale  # only on a terminal: a few milliseconds of start-up

    try:
        return needs_ascii(locale.nl_langinfo(locale.CODESET))
    except AttributeError:  # no nl_langinfo on this system: trust the stream
        return False


def line_editing() -> None:
    """Load readline where there is one: input() then edits lines (arrow keys move the
    cursor instead of typing escape codes)."""
    if sys.stdin.isatty():
        with suppress(ImportError):
            importlib.import_module("readline")


class Keyboard:
    """A person's terminal during a game.  Keys pressed while the computer plays are
    not shown (they landed in the middle of the table) and are dropped, before the
    next question and when the game ends, so that a stray key answers nothing and is
    not run by the shell afterwards.  Off a terminal (piped answers) it does nothing."""

    def __init__(self) -> None:
        self._settings: list | None = None
        self._asking = False
        self._resumed: Any = None  # SIGCONT's handler before the game
        line_editing()
        if not sys.stdin.isatty():
            return
        try:
            import termios
        except ImportError:  # not a POSIX terminal
            return
        self._termios = termios
        with suppress(OSError, termios.error):
            self._settings = termios.tcgetattr(sys.stdin)

    def __enter__(self) -> Keyboard:
        if self._settings is not None and hasattr(signal, "SIGCONT"):
            # after Ctrl-Z and fg the shell has given the terminal its echo back
            self._resumed = signal.signal(signal.SIGCONT, self._hide_again)
        self._echo(False)
        return self

    def __exit__(self, *exc: object) -> None:
        if self._resumed is not None:
            signal.signal(signal.SIGCONT, self._resumed)
        self._drop_typed_ahead()
        self._echo(True)  # as the terminal was, however the game ends

    @contextmanager
    def question(self) -> Iterator[None]:
        """Show what is typed while a question waits for its answer, and only then."""
        self._drop_typed_ahead()
        self._echo(True)
        self._asking = True
        try:
            yield
        finally:
            self._asking = False
            self._echo(False)

    def _hide_again(self, signum: int, frame: object) -> None:
        if not self._asking:  # at a question, line editing has the terminal
            self._echo(False)

    def _drop_typed_ahead(self) -> None:
        if self._settings is not None:
            drop_typed_ahead()

    def _echo(self, on: bool) -> None:
        if self._settings is None:
            return
        settings = list(self._settings)
        if not on:
            settings[3] &= ~self._termios.ECHO
        _set_terminal(self._termios, settings)


def drop_typed_ahead() -> None:
    """Forget what was typed at the terminal and not read yet (nothing elsewhere)."""
    try:
        import termios
    except ImportError:  # not a POSIX terminal
        return
    with suppress(OSError, termios.error):
        termios.tcflush(sys.stdin, termios.TCIFLUSH)


def line_typed_within(seconds: float) -> bool:
    """Wait up to ``seconds`` for Enter at the terminal, outside a question (where the
    terminal reads whole lines, so Enter makes a line readable); True, that line read
    and dropped, when it came.  Where standard input cannot be waited on, a plain
    wait."""
    import select
    import time

    try:
        typed = select.select([sys.stdin], [], [], seconds)[0]
    except (OSError, ValueError):  # not a file descriptor select() takes (Windows)
        time.sleep(seconds)
        return False
    if typed:
        os.read(sys.stdin.fileno(), 4096)  # one line: a terminal gives no more at once
    return bool(typed)


def read_answer(prompt: str, err: bool = False) -> str:
    """The answer to ``prompt`` (written to standard error with ``err``), whose last
    line line editing is given, so that it knows where the answer starts (it counted
    colour codes as columns, and an answer edited across the terminal's edge was not
    the one shown).  Ctrl-Z and fg ask again (``asked_again_after_stop``)."""
    editing = line_edited()
    if err and not editing:  # --json into a file or pipe: it holds the summary alone
        click.echo(prompt, nl=False, err=True)
        with asked_again_after_stop(prompt, "", err=True):
            return input()
    head, newline, last = prompt.rpartition("\n")
    if newline:
        click.echo(head, err=err)
    if editing:
        last = COLOUR_CODE.sub(lambda code: f"\x01{code.group()}\x02", last)
    with asked_again_after_stop(head + newline, last, err=err):
        return input(last)


def line_edited() -> bool:
    """True when ``input()`` reads through line editing: readline is loaded and
    standard input and output are both a terminal."""
    return "readline" in sys.modules and sys.stdin.isatty() and sys.stdout.isatty()


@contextmanager
def asked_again_after_stop(shown: str, prompt: str, err: bool = False) -> Iterator[None]:
    """Around an ``input(prompt)`` from a terminal, ``shown`` having been written
    before it (to standard error with ``err``): Ctrl-Z gives the shell the terminal as
    it was before the question, and fg gives line editing its own mode back and
    writes the question again, with what was typed so far.  Python's readline leaves
    signals to Python: stopped and continued, the question had scrolled away under
    the shell's lines, and the terminal, left as the shell set it, echoed keys that
    line editing then echoed again, and gave arrow keys as text."""
    before = None
    if sys.stdin.isatty():
        with suppress(ImportError, OSError):  # not a POSIX terminal
            import termios

            with suppress(termios.error):
                before = termios.tcgetattr(sys.stdin)
    if before is None:
        yield
        return

    def stop(signum: int, frame: object) -> None:
        editing = None
        with suppress(OSError, termios.error):
            editing = termios.tcgetattr(sys.stdin)
        _set_terminal(termios, before)
        signal.signal(signal.SIGTSTP, signal.SIG_DFL)
        os.kill(os.getpid(), signal.SIGTSTP)  # stopped here, until fg (or bg)
        signal.signal(signal.SIGTSTP, stop)
        if editing is not None:
            _set_terminal(termios, editing)  # after bg, this waits for fg
        click.echo(shown, nl=False, err=err)
        if line_edited():
            _redisplay(prompt)
        else:  # the terminal's own line editing lost what was typed
            click.echo(prompt, nl=False)

    previous = signal.signal(signal.SIGTSTP, stop)
    try:
        yield
    finally:
        signal.signal(signal.SIGTSTP, previous)


def _set_terminal(termios: Any, settings: list) -> None:
    """Set the terminal's mode, again when a signal interrupts (a game's SIGCONT
    handler does, when a job sent to the background with bg is stopped for touching
    the terminal and then brought back with fg); a terminal that refuses is left."""
    for _ in range(100):  # each try waits for a signal: a bound, never reached
        try:
            termios.tcsetattr(sys.stdin, termios.TCSANOW, settings)
            return
        except termios.error as error:
            if error.args[0] != errno.EINTR:
                return
        except OSError:
            return


def _redisplay(prompt: str) -> None:
    """Line editing's prompt and the line typed so far, written again on a new line,
    at the terminal's width now (it may have changed while the program was stopped)."""
    import ctypes  # only after Ctrl-Z at a question

    readline = sys.modules["readline"]
    with suppress(OSError, AttributeError):  # readline's C library, GNU's or libedit
        library = ctypes.CDLL(getattr(readline, "__file__", None))
        with suppress(OSError):  # the size now: it may have changed while stopped
            size = os.get_terminal_size(sys.stdout.fileno())
            library.rl_set_screen_size(size.lines, size.columns)
            # the prompt again, as input() gave it, for its line breaks at this width
            library.rl_set_prompt(prompt.encode(sys.stdout.encoding, "replace"))
        library.rl_forced_update_display()
        return
    typed = readline.get_line_buffer()  # no cursor but at the end of the line
    click.echo(prompt.replace("\x01", "").replace("\x02", "") + typed, nl=False)


def hold_interrupts() -> None:
    """Ignore Ctrl-C from the commit until the command has said what it recorded (or,
    in ``keep``, until the next question): the change is saved, and "Aborted!" would
    tell the user it was not, so they would enter it twice."""
    try:
        previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    except ValueError:  # not the main thread: signals are not ours to handle
        return
    if previous is not signal.SIG_IGN:
        click.get_current_context().call_on_close(lambda: signal.signal(signal.SIGINT, previous))


def listen_for_interrupts() -> None:
    """Ctrl-C interrupts again (``keep``, before each question)."""
    with suppress(ValueError):
        signal.signal(signal.SIGINT, signal.default_int_handler)
