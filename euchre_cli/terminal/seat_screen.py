"""The screen of a person's seat at a table for friends, made where the table is kept
(``euchre host``) and shown at a terminal elsewhere (``euchre join``, or the host's
own): the same ``TableScreen`` as ``euchre play``'s, for that seat (``me``), its lines
kept in the seat's ``LineLog`` as text and style marks (``marks.marked``) instead of
printed.  The terminal asks for the lines it has not shown, with the seat's game.

The table paces the game (``--delay``) and never waits for one person's Enter, so
this console never pauses or waits.  A card the table plays for the person (their only
legal one) is said as ``euchre play`` says it: "(played for you: your only heart)"."""

from __future__ import annotations

from collections.abc import Callable

from ..engine.game import Game
from ..engine.hand import Hand
from ..engine.match import Observers
from ..engine.rules import Ruleset
from ..engine.values import Action, Phase
from ..rulebook.changes import house_rules
from ..table.lines import LineLog
from .console import Console
from .human import played_for_you_why
from .marks import marked
from .screen import ScreenSettings, TableScreen
from .text import Style

COLUMNS = 80
"""The width the screen lays itself out for (the marker pictures side by side); a
narrower terminal breaks the lines between words as it shows them."""


class LineConsole(Console):
    """A console whose lines are kept in ``log``, in colour so that their style is
    kept as marks; it never pauses, waits or asks."""

    def __init__(self, log: LineLog) -> None:
        super().__init__(Style(colour=True, unicode=True))
        self.log = log

    def say(self, line: str) -> None:
        self.log.add(marked(line))

    def new_hand(self) -> None:
        self.log.new_hand()

    def columns(self) -> int | None:
        return COLUMNS


class SeatScreen(Observers):
    """The screen of the person at ``place`` (their index in player order, as
    ``TableScreen``'s ``me``), told the game as it goes; its lines in ``log``."""

    def __init__(self, place: int, settings: ScreenSettings) -> None:
        self.log = LineLog()
        self.screen = TableScreen(LineConsole(self.log), me=place, settings=settings)
        super().__init__(self.screen)

    def hand_started(self, game: Game, hand: Hand) -> None:
        super().hand_started(game, hand)
        self._forced(hand)

    def action_applied(
        self, game: Game, hand: Hand, seat: int, action: Action, phase: Phase
    ) -> None:
        super().action_applied(game, hand, seat, action, phase)
        self._forced(hand)

    def _forced(self, hand: Hand) -> None:
        """The person's next card is their only legal one, which the table plays for
        them: its line will say why."""
        mine = self.screen.seating.me
        if hand.is_over or hand.phase is not Phase.PLAY or hand.current_seat != mine:
            return
        if len(hand.legal_actions()) == 1:
            self.screen.played_for_you(played_for_you_why(hand.view(mine)))

    def contract(self) -> dict:
        """Trump and who made it, as the seat's questions are headed: a line's facts."""
        return marked(self.screen.contract()).facts()

    def table(self) -> dict:
        """The table as ``table`` shows it at a question: a line's facts."""
        return marked(self.screen.table()).facts()


def seat_screens(ruleset: Ruleset, level: str) -> Callable[[int], SeatScreen]:
    """Makes the screen of the person at a place of a table of ``ruleset``, whose
    computer players play at ``level`` (the header says both, as ``euchre play``'s)."""
    settings = ScreenSettings(level=level, house_rules=house_rules(ruleset))
    return lambda place: SeatScreen(place, settings)
