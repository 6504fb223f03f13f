"""The pause after each computer turn, which lets a person follow the play, how long
a computer decides before the table says it is thinking, and Enter, which skips the
pauses for the rest of a hand the person sits out.

The pace's figures live here alone: the commands' help texts and the settings file's
words are built from them.  Nothing here loads the engine, so ``euchre games``
starts without it."""

from __future__ import annotations

import time

from .keyboard import drop_typed_ahead, line_typed_within

PLAYING_PAUSE = 0.6  # seconds after each computer turn while a person plays
WATCHING_PAUSE = 0.25  # a watched game (or a replay) runs itself: a quicker pace
MAX_DELAY = 10.0  # seconds between computer turns at most (--delay)
SAY_THINKING_AFTER = 0.4
"""Seconds a computer may decide in silence before the table says who is thinking:
with the pause after the line before (0.6 s), the screen is still a second at most."""


def pause_seconds(delay: float | None, watching: bool, at_terminal: bool) -> float:
    """The pause after each computer turn: ``delay`` when one is given, else the pace
    of a game followed at a terminal, and none off one (no one reads a pipe's lines
    as they come)."""
    if delay is not None:
        return delay
    if not at_terminal:
        return 0.0
    return WATCHING_PAUSE if watching else PLAYING_PAUSE


class Pauses:
    """``seconds`` after each computer turn.  With ``enter_skips`` (a person at a
    terminal), once the person sits out a hand (their partner alone, or the partner
    of a lone defender), Enter plays the rest of it at once: tricks they take no part
    in need not go at the pace of those they play.  Each hand starts paced again
    (``new_hand``)."""

    def __init__(self, seconds: float, enter_skips: bool = False) -> None:
        self.seconds = seconds
        self.enter_skips = enter_skips and seconds > 0  # with no pauses, nothing to skip
        self._listening = False  # the person sits out: each pause waits for Enter
        self._skipping = False  # Enter came: no more pauses this hand

    def pause(self) -> bool:
        """One pause; True when Enter came in it, the rest of the hand to go at once
        (for the table to say so)."""
        if self.seconds <= 0 or self._skipping:
            return False
        if not self._listening:
            time.sleep(self.seconds)
            return False
        self._skipping = line_typed_within(self.seconds)
        return self._skipping

    def sit_out(self) -> bool:
        """The person sits out the rest of this hand: True, once a hand, when Enter now
        plays it at once (for the table to say so)."""
        if not self.enter_skips or self._listening:
            return False
        drop_typed_ahead()  # a key pressed before it was said is not the Enter meant
        self._listening = True
        return True

    def new_hand(self) -> None:
        """A hand is dealt: it goes at the pace again, whatever Enter did to the last."""
        self._listening = self._skipping = False
