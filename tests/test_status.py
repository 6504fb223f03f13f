"""The status line: what the program is busy with, said on a terminal only, written
over itself and blanked with spaces (no escape codes), however the work ends."""

from __future__ import annotations

import io
import time

import pytest

from euchre_cli.terminal.status import StatusLine


class Terminal(io.StringIO):
    encoding = "utf-8"

    def isatty(self) -> bool:
        return True


def test_a_count_is_written_over_itself_and_blanked_at_the_end() -> None:
    stream = Terminal()
    status = StatusLine(stream)
    with status.counting(["a", "b"], 2, lambda n, total: f"item {n} of {total}") as items:
        assert list(items) == ["a", "b"]
    blank = " " * len("item 1 of 2")
    assert stream.getvalue() == f"\r\ritem 1 of 2\r{blank}\ritem 2 of 2\r{blank}\r"


def test_the_count_is_blanked_when_the_work_stops_halfway() -> None:
    stream = Terminal()
    status = StatusLine(stream)
    with (
        pytest.raises(KeyboardInterrupt),
        status.counting(["a", "b"], 2, lambda n, total: f"{n}/{total}") as items,
    ):
        for _ in items:
            raise KeyboardInterrupt
    assert stream.getvalue().endswith("1/2\r   \r")


def test_nothing_is_said_off_a_terminal() -> None:
    stream = io.StringIO()
    status = StatusLine(stream)
    with status.counting(["a", "b"], 2, lambda n, total: f"{n}/{total}") as items:
        assert list(items) == ["a", "b"]
    with status.after(0, "Bob is thinking…"):
        pass
    assert stream.getvalue() == ""


def test_a_long_wait_is_said_and_blanked_when_it_ends() -> None:
    """Said once the wait has lasted, never for a quick one (the timer is cancelled)."""
    stream = Terminal()
    status = StatusLine(stream)
    with status.after(0, "Bob is thinking…"):
        deadline = time.monotonic() + 30
        while "thinking" not in stream.getvalue():
            assert time.monotonic() < deadline, "the wait was never said"
            time.sleep(0.001)
    blank = " " * len("Bob is thinking…")
    assert stream.getvalue() == f"\r\rBob is thinking…\r{blank}\r"
    quick = Terminal()
    with StatusLine(quick).after(3600, "Bob is thinking…"):
        pass
    assert quick.getvalue() == ""


def test_a_terminal_that_shows_only_ascii_gets_ascii() -> None:
    class AsciiTerminal(Terminal):
        encoding = "ascii"

    stream = AsciiTerminal()
    StatusLine(stream).show("Bob is thinking…")
    assert stream.getvalue() == "\r\rBob is thinking..."
