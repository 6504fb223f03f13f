"""The ``Recorder``: a game written into the book as it is played, move by move."""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence

from ..engine.game import Game, HandRecord
from ..engine.hand import Hand
from ..engine.match import Match, MatchObserver
from ..engine.scoring import GameResult
from ..engine.values import Action, Phase
from .game import Move, SavedGame, Setup
from .store import GameBook, local_time


class Recorder(MatchObserver):
    """Writes a game into the book as it is played: the record with its first move (a
    game left before any move is not kept, and has no ``game_id``), then each move as
    it is applied, the moves an ``undo`` takes back, the summary as each game starts
    (0 to 0), after each hand and each game, and at the end.  It is told before the
    screen, which may wait for Enter (and a quit) after a hand: a hand scored is a hand
    kept.

    A resumed game (``saved``, its record) is played again up to where it stopped
    before anything new is written: until ``caught_up``, its standing moves are
    followed (their numbers kept, for an undo), not written again."""

    def __init__(self, games: GameBook, setup: Setup, saved: SavedGame | None = None) -> None:
        self.games = games
        self.game_id = None if saved is None else saved.id
        self.setup = setup
        self._started = local_time()
        moves = [] if saved is None else saved.moves
        self._replayed = deque(move.number for move in moves if not move.taken_back)
        self.live = not self._replayed
        self._next = max((move.number for move in moves), default=0) + 1
        self._numbers: list[int] = []  # the numbers of the current hand's standing moves
        self._match: Match | None = None

    def match_started(self, match: Match) -> None:
        self._match = match

    def game_started(self, game: Game) -> None:
        if self.live:
            self._save(finished=False)

    def hand_started(self, game: Game, hand: Hand) -> None:
        self._numbers = []

    def action_applied(
        self, game: Game, hand: Hand, seat: int, action: Action, phase: Phase
    ) -> None:
        if not self.live:  # written before: its number is kept for an undo
            self._numbers.append(self._replayed.popleft())
            return
        assert self._match is not None
        move = Move(
            self._next,
            len(self._match.played),
            len(game.records) + 1,
            len(hand.history) - 1,
            seat,
            action.text,
        )
        if self.game_id is None:
            summary = self._match.summary()
            self.game_id = self.games.new_game(self.setup, self._started, move, summary)
        else:
            self.games.add_move(self.game_id, move)
        self._numbers.append(self._next)
        self._next += 1

    def hand_taken_back(
        self, game: Game, hand: Hand, seat: int, taken: Sequence[tuple[int, Action, Phase]]
    ) -> None:
        if not taken:
            return
        kept = len(self._numbers) - len(taken)
        taken_numbers, self._numbers = self._numbers[kept:], self._numbers[:kept]
        if self.live:
            assert self.game_id is not None  # the moves taken back were kept
            self.games.take_back(self.game_id, taken_numbers)

    def hand_finished(self, game: Game, hand: Hand, record: HandRecord) -> None:
        if self.live:
            self._save(finished=False)

    def game_recorded(self, match: Match, record: GameResult) -> None:
        if self.live and not match.over:  # over: ``match_finished`` saves it
            self._save(finished=False)

    def match_finished(self, match: Match) -> None:
        self._save(finished=True)

    def caught_up(self) -> None:
        """A resumed game has reached where it stopped: write from now on."""
        self.live = True
        if self._match is not None and self._match.game is not None:
            self._save(finished=self._match.over)

    def _save(self, finished: bool) -> None:
        assert self._match is not None
        if self.game_id is None:  # nothing kept yet: the first move writes the summary
            return
        self.games.save_summary(self.game_id, self.setup, self._match.summary(), finished)
