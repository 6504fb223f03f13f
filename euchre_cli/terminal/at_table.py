"""A person at a table for friends, from a terminal: ``euchre join``, and the host's
own seat at ``euchre host``.  The table is kept elsewhere (by the host's keeper), and
so is the seat's screen: the same ``TableScreen`` as ``euchre play``'s, for this seat,
its lines kept as text and style marks (``seat_screen``).  Here the lines are shown
in this terminal's style, and at the seat's turn the same ``HumanPlayer`` as ``euchre
play``'s asks the question (keys, card numbers, ``?``, ``table``, hints) on the seat's
``View`` rebuilt from its game object (``table.views.view_from_facts``).

The seat is reached through a ``SeatConnection``: in the host's own process over the
keeper, or over HTTP (``serve.client``).  A card that is the person's only legal one
is played by the table, and said "(played for you: ...)".  There is no undo: a table
of people cannot take a card back.  While another person thinks, the status line says
so ("Waiting for Bob, 12 s"); at the turn of a person who is gone, Enter hands their
seat to the computer until they are back, as a page with the code can."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from contextlib import nullcontext

from ..engine.play import Player, TakeBack
from ..engine.rules import Ruleset
from ..engine.values import Action, InvalidAction
from ..table.remote import SeatConnection, TableRefused
from ..table.views import view_from_facts
from .console import TerminalConsole
from .human import HumanPlayer, Seat
from .keyboard import line_typed_within
from .marks import styled

NO_UNDO = "No undo at a table of people: a decision made stays made."
SAY_WAITING_AFTER = 1.0  # seconds another person thinks before the status line says so
SAY_COMPUTER_AFTER = 2.0  # and the computer (its turns are paced by the host's --delay)
REFRESH_SECONDS = 5.0  # the lines asked for again this often, even with no change told
TICK = 1.0  # the status line's clock
SAME_ABSENCE = 2.0  # a gone time said again this close to the kept one: the same absence
PLAYED_FOR_NOW = "the computer plays for now"  # the page's words (tablewords.js)
HAND_OVER_TICK = 0.25  # how often Enter is looked for while a gone person's turn waits


def waiting_for(game: dict, seat: int, gone: int | None, seconds: int) -> str:
    """What the table waits for at ``seat``'s turn, as another seat sees it (the page's
    ``waitingFor``): a computer thinking; the computer playing a person's seat for
    them; a person gone ``gone`` whole seconds (None: here), else deciding for
    ``seconds``."""
    seats = game.get("seats") or []
    info = next((s for s in seats if s.get("seat") == seat), {})
    name = info.get("name") or f"seat {seat}"
    if info.get("kind") != "person":
        return f"{name} is thinking…"
    if info.get("played_by_computer"):
        return f"{name}: {PLAYED_FOR_NOW}"
    if gone is not None:
        return f"Waiting for {name} (gone {gone} s)"
    return f"Waiting for {name}, {seconds} s"


class _ScreenFromAfar:
    """The seat's screen as its questions use it (``human.Screen``): the contract and
    the table as the keeper's screen of the seat last said them."""

    def __init__(self, style_of: Callable[[object], str]) -> None:
        self.style_of = style_of
        self.answer: dict = {}

    def contract(self) -> str:
        return self.style_of(self.answer.get("contract"))

    def table(self) -> str:
        return self.style_of(self.answer.get("table")) or "The game has not started."

    def played_for_you(self, why: str) -> None:
        """The table plays the only legal card, and the keeper's screen says why."""


class SittingAtTable:
    """The person at ``connection``'s seat, at ``console``, playing by ``rules``;
    ``seat`` says how their cards are shown and what they are asked, ``hinter`` (the
    hard player) gives hints where the host allows them.  ``lobby``: say who sits
    down before the start (the host's own terminal hears it from the keeper).
    ``from_start``: the screen's lines from the first (else from the start of the hand
    in play: a seat taken back)."""

    def __init__(
        self,
        connection: SeatConnection,
        console: TerminalConsole,
        rules: Ruleset,
        seat: Seat | None = None,
        hinter: Player | None = None,
        lobby: bool = True,
        from_start: bool = True,
    ) -> None:
        self.connection = connection
        self.console = console
        self.rules = rules
        self.hinter = hinter
        self.lobby = lobby
        self.screen = _ScreenFromAfar(lambda facts: styled(facts, console.style))
        self.person = HumanPlayer(console, seat or Seat(), hinter=hinter, screen=self.screen)
        self.after: int | None = 0 if from_start else None  # the last line shown
        self.game: dict = {}
        self._seated: list | None = None  # the seats as last said in the lobby
        self._waiting: tuple = ()  # what the status line waits for, and since when
        self._since = 0.0
        self._gone_since: dict[int, float] = {}  # seat → when its person was last here
        # Enter while a gone person's turn waits hands their seat to the computer: only
        # at a terminal (piped answers are never read ahead) that a game asks through
        self._hands_over = console.keyboard is not None and sys.stdin.isatty()

    def play(self) -> dict:
        """Show the game and answer the seat's questions until the game (or match) is
        over; returns the last game object.  Raises what stops it: ``TableStopped``,
        ``TableUnreachable``, ``TableRefused``, and the person's ``QuitGame``, Ctrl-C
        or end of input."""
        with self.console.keyboard or nullcontext():
            return self._play()

    def _play(self) -> dict:
        changed = True
        asked = time.monotonic()
        while True:
            if changed or time.monotonic() - asked >= REFRESH_SECONDS:
                self._catch_up()
                asked = time.monotonic()
            game = self.game
            if game.get("over") and game.get("started"):
                self.console.status.clear()
                return game
            if self._my_turn(game):
                self.console.status.clear()
                self._decide(game)
                changed = True
                continue
            self._say_waiting(game)
            gone = self._gone_at_turn(game)
            if gone is None or not self._hands_over:
                changed = self.connection.wait(TICK)
                continue
            changed = self.connection.wait(HAND_OVER_TICK)
            if line_typed_within(HAND_OVER_TICK):  # Enter: the computer plays for them
                self._hand_over(gone)
                changed = True

    def _gone_at_turn(self, game: dict) -> int | None:
        """The seat whose turn it is when its person is gone and nobody plays for them
        (the seat a person at this terminal may hand to the computer), else None."""
        to_act = game.get("to_act")
        if not isinstance(to_act, int) or to_act == game.get("seat"):
            return None
        seat = next((s for s in game.get("seats") or [] if s.get("seat") == to_act), {})
        if seat.get("kind") != "person" or seat.get("played_by_computer"):
            return None
        return to_act if to_act in self._gone_since else None

    def _hand_over(self, seat: int) -> None:
        """Hand the gone person's ``seat`` to the computer, or say why not."""
        self.console.status.clear()
        try:
            self.connection.hand_over(seat)
        except TableRefused as refused:
            self.console.say(f"Not handed to the computer: {refused.line}.")

    def wait_for_next_game(self, words: str) -> None:
        """After the end: wait, ``words`` on the status line, until the next game at
        the same seats is dealt (someone with the code plays again)."""
        self.console.status.show(words)
        while self.game.get("over") or not self.game.get("started"):
            self.connection.wait(TICK)
            self._catch_up()
        self.console.status.clear()

    def _catch_up(self) -> None:
        """Show every line not shown yet, and keep the game as it stands."""
        while True:
            answer = self.connection.lines(self.after)
            shown = answer.get("lines") or []
            if shown:
                self.console.status.clear()
            for line in shown:
                self.console.say(styled(line, self.console.style))
            self.after = answer.get("next", self.after)
            self.screen.answer = answer
            self.game = answer.get("game") or {}
            self._note_gone(self.game)
            if not shown or self.after is None or self.after >= answer.get("count", 0):
                break
        if not self.game.get("started"):
            self._say_lobby(self.game)

    def _my_turn(self, game: dict) -> bool:
        """The seat's decision, and one the person makes: an only legal card is the
        table's to play, after its pause."""
        legal = game.get("legal") or []
        if not game.get("started") or game.get("to_act") != game.get("seat") or not legal:
            return False
        return not (game.get("phase") == "play" and len(legal) == 1)

    def _decide(self, game: dict) -> None:
        try:
            view = view_from_facts(game, self.rules)
            legal = [Action.parse(text) for text in game["legal"]]
        except (ValueError, KeyError, TypeError, InvalidAction) as problem:
            line = f"the table sent a game this terminal cannot read: {problem}"
            raise TableRefused(502, line) from None
        self.person.hinter = self.hinter if game.get("hints") else None
        try:
            action = self.person.choose(view, legal)
        except TakeBack:
            self.console.say(NO_UNDO)
            return
        try:
            self.connection.act(action.text)
        except TableRefused as refused:
            if refused.status != 409:  # else the table moved on (the seat handed on): shown next
                self.console.say(f"Not taken: {refused.line}.")

    def _say_lobby(self, game: dict) -> None:
        """Before the start: who sits down, and how many seats are still empty."""
        seats = game.get("seats") or []
        if self.lobby and self._seated is not None:  # the first time: said as it sat down
            for seat in seats:
                before = next((s for s in self._seated if s.get("seat") == seat.get("seat")), {})
                if seat.get("name") and seat.get("name") != before.get("name"):
                    you = " (you)" if seat.get("seat") == game.get("seat") else ""
                    self.console.status.clear()
                    self.console.say(f"{seat['name']}{you} sits at seat {seat['seat']}.")
        self._seated = seats

    def _note_gone(self, game: dict) -> None:
        """Since when each gone person's seat has been gone, from the seats'
        ``gone_seconds`` (whole seconds as of the answer: the earliest reckoning is the
        nearest, and one much later is a new absence)."""
        now = time.monotonic()
        gone: dict[int, float] = {}
        for seat in game.get("seats") or []:
            seconds, place = seat.get("gone_seconds"), seat.get("seat")
            if not isinstance(seconds, int) or isinstance(seconds, bool) or seconds < 0:
                continue
            if not isinstance(place, int):
                continue
            since = now - seconds
            kept = self._gone_since.get(place)
            if kept is None or since < kept or since > kept + SAME_ABSENCE:
                kept = since
            gone[place] = kept
        self._gone_since = gone

    def _say_waiting(self, game: dict) -> None:
        """The status line: whom the table waits for, and for how long."""
        to_act = game.get("to_act")
        seats = game.get("seats") or []
        now = time.monotonic()
        if not game.get("started"):
            empty = sum(1 for seat in seats if not seat.get("name"))
            key: tuple = ("lobby", empty)
            words = f"Waiting for the host to start ({_seats(empty)} empty: the computer's)"
            after = 0.0
        elif isinstance(to_act, int) and 0 <= to_act < len(seats) and to_act != game.get("seat"):
            seat = seats[to_act]
            since = self._gone_since.get(to_act)
            gone = None if since is None else int(now - since)
            if seat.get("kind") != "person" or seat.get("played_by_computer"):
                after = SAY_COMPUTER_AFTER  # paced by the host's --delay
            else:
                after = 0.0 if gone is not None else SAY_WAITING_AFTER
            key = ("seat", to_act, self.after, bool(seat.get("played_by_computer")))
            if key != self._waiting:
                self.console.status.clear()  # another wait: its words once they are due
                self._waiting, self._since = key, now
            words = waiting_for(game, to_act, gone, int(now - self._since))
            if self._hands_over and self._gone_at_turn(game) is not None:
                words += f": Enter lets the computer play for {seat.get('name')}"
        else:
            self.console.status.clear()
            self._waiting = ()
            return
        if key != self._waiting:
            self.console.status.clear()
            self._waiting, self._since = key, now
        if now - self._since >= after:
            self.console.status.show(words)


def _seats(count: int) -> str:
    return "1 seat" if count == 1 else f"{count} seats"
