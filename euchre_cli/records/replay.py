"""A record played again through the very engine that played it.

``Script`` hands a record's moves back to the seats as their choices, checking each
against the rules, so a record edited into an impossible game is refused at the
first move the rules do not allow.  Resume, replay, ``games show``, the review and
import all play records so (``play_back``, or a ``Script`` in front of live players).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence
from contextlib import suppress

from ..engine.game import Game
from ..engine.hand import Hand, why_illegal
from ..engine.match import Match, MatchObserver, Observers
from ..engine.play import Player, TakeBack
from ..engine.values import Action, InvalidAction, Phase, View
from .game import IllegalMove, Move, RecordError, SavedGame

Heard = Callable[[Move, View, Sequence[Action]], None]
"""Told of each move handed out: the move, the view its seat had, its legal actions."""


class Script(MatchObserver):
    """Hands a record's moves back to the seats, in order, as their choices.

    ``scripted(player)`` wraps a seat's own player: while moves are left it plays the
    next one (checked: the seat, the game, the hand and the step in it, the rules),
    and after that it asks the player.  With ``taken_back`` the moves a person took
    back are played too, each block followed by the ``undo`` that took it back
    (``TakeBack``), as it happened: the review reads a game so.  ``heard`` is told of
    each move handed out; ``caught_up`` is called once every move has been applied,
    when a seat is next asked (or the match ends): a record whose last move ended a
    hand goes on at the next hand's first question, not at the pause after the hand
    before, which its person had passed (nothing in a record tells the two apart).
    """

    def __init__(
        self,
        moves: Sequence[Move],
        taken_back: bool = False,
        heard: Heard | None = None,
        caught_up: Callable[[], None] | None = None,
    ) -> None:
        self.pending = deque(move for move in moves if taken_back or not move.taken_back)
        self.heard = heard
        self._caught_up = caught_up
        self._game = 0
        self._hand: Hand | None = None
        self._hand_number = 0
        if not self.pending:
            self._done()

    def _done(self) -> None:
        if self._caught_up is not None:
            caught_up, self._caught_up = self._caught_up, None
            caught_up()

    def scripted(self, player: Player) -> Player:
        return _Scripted(self, player)

    # the match, as an observer: where the game is
    def game_started(self, game: Game) -> None:
        self._game += 1

    def hand_started(self, game: Game, hand: Hand) -> None:
        self._hand = hand
        self._hand_number = len(game.records) + 1

    def match_finished(self, match: Match) -> None:
        self._done()  # a record whose last move ended the match (killed before it said so)

    def hand_taken_back(
        self, game: Game, hand: Hand, seat: int, taken: Sequence[tuple[int, Action, Phase]]
    ) -> None:
        if not taken and self.pending:
            raise RecordError(f"{self.pending[0].where()}: the undo before it took nothing back")
        self._hand = hand

    # the seats' choices
    def choose(self, view: View, legal: Sequence[Action], player: Player) -> Action:
        if not self.pending:
            self._done()
            return player.choose(view, legal)
        move = self.pending[0]
        hand = self._hand
        assert hand is not None, "a hand is dealt before any seat is asked"
        same_hand = (move.game, move.hand) == (self._game, self._hand_number)
        if same_hand and len(hand.history) > move.step:
            raise TakeBack  # the moves since were taken back here (undo)
        where = (self._game, self._hand_number, len(hand.history), view.seat)
        if (move.game, move.hand, move.step, move.seat) != where:
            raise RecordError(
                f"{move.where()}: out of place (the game has reached game"
                f" {where[0]}, hand {where[1]}, action {where[2] + 1}, seat {where[3]} to act)"
            )
        try:
            action = Action.parse(move.action)
        except InvalidAction as error:
            raise RecordError(f"{move.where()}: no action ({error})") from None
        if action not in legal:
            raise IllegalMove(move.where(), why_illegal(view, legal, action))
        self.pending.popleft()
        if self.heard is not None:
            self.heard(move, view, legal)
        replayed = getattr(player, "replayed", None)
        if replayed is not None:  # a player that remembers its own decisions (a person)
            replayed(view, action)
        return action


class _Scripted:
    """A seat's player, behind the script's remaining moves."""

    def __init__(self, script: Script, player: Player) -> None:
        self.script = script
        self.player = player

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        return self.script.choose(view, legal, self.player)


class _OutOfMoves(Exception):
    """The record's moves have all been played again."""


class _NoMoreMoves:
    """A seat with no player behind the script: the replay stops where the record does."""

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        raise _OutOfMoves


def play_back(
    saved: SavedGame,
    observer: MatchObserver | None = None,
    taken_back: bool = False,
    heard: Heard | None = None,
) -> Match:
    """The record's game played again as far as its moves go (told to ``observer``);
    returns the match there.  Raises ``RecordError`` at a move that does not fit."""
    setup = saved.setup
    script = Script(saved.moves, taken_back, heard)
    seats = [script.scripted(_NoMoreMoves()) for _ in setup.names]
    told = script if observer is None else Observers(observer, script)
    match = Match(
        setup.ruleset,
        setup.names,
        seats,
        setup.seed,
        setup.games,
        observer=told,
        best_of=setup.best_of,
    )
    with suppress(_OutOfMoves):
        match.play()
    if script.pending:  # the match ended with moves left over
        raise RecordError(f"{script.pending[0].where()}: the game was over before it")
    return match
