"""The pause after each computer turn, which lets a person follow the play, and
Enter, which skips the pauses for the rest of a hand the person sits out."""

from __future__ import annotations

import time

from ..engine.game import Game
from ..engine.hand import Hand
from ..engine.match import MatchObserver
from .keyboard import drop_typed_ahead, line_typed_within


class Pauses(MatchObserver):
    """``seconds`` after each computer turn.  With ``enter_skips`` (a person at a
    terminal), once the person sits out a hand (their partner alone, or the partner
    of a lone defender), Enter plays the rest of it at once: tricks they take no part
    in need not go at the pace of those they play.  Each hand starts paced again."""

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

    def hand_started(self, game: Game, hand: Hand) -> None:
        self._listening = self._skipping = False
