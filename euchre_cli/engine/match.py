"""A match: games played one after another by the same table, until the ruleset's
rubber is won (R10), a given number of games has been played, or a best-of-N match
is decided (no other side can catch the leader in the games left).

Between games the players keep the seats they drew and the deal keeps passing to the
left (R3); one ``random.Random(seed)`` shuffles every deal of every game, so a seed
reproduces the whole match, and the first game is the very game ``Game(seed=seed)``
plays.  Each game starts from ``next_game_scores`` (laps, R13) and ends as a
``GameResult`` (a slam counts as two games, R13); ``rubber_result`` says who took the
rubber and by how much (R10).  Like ``Game`` it does no I/O: a ``MatchObserver`` is
told what happens.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from .game import Game, GameObserver
from .play import Player
from .rules import Ruleset
from .scoring import (
    GameResult,
    RubberResult,
    game_result,
    next_game_scores,
    rubber_result,
    standing,
)
from .values import EngineError


class MatchObserver(GameObserver):
    """Told what happens in a match, and, as a ``GameObserver``, in each of its games;
    the default ignores everything."""

    def match_started(self, match: Match) -> None: ...

    def game_recorded(self, match: Match, record: GameResult) -> None:
        """A game has been won and counted: ``record`` is ``match.records[-1]``."""

    def match_finished(self, match: Match) -> None: ...


class Observers(MatchObserver):
    """Several observers told the same things, each in the order given (the screen,
    then the record of the game, say)."""

    def __init__(self, *observers: MatchObserver) -> None:
        self.observers = observers


def _told_to_all(name: str) -> Callable[..., None]:
    def tell(self: Observers, *args: object) -> None:
        for observer in self.observers:
            getattr(observer, name)(*args)

    tell.__name__ = name
    return tell


for _name in [*vars(GameObserver), *vars(MatchObserver)]:
    if not _name.startswith("_"):
        setattr(Observers, _name, _told_to_all(_name))


@dataclass
class Match:
    """Games between ``players`` (one per seat, by name, as for ``Game``): the ruleset's
    rubber when it has one, else ``games`` games (one when not given), or a best of
    ``best_of`` games that stops once decided."""

    ruleset: Ruleset
    names: Sequence[str]
    players: Sequence[Player]
    seed: int = 0
    games: int | None = None  # a match of this many games; None: the rubber, or one game
    observer: MatchObserver = field(default_factory=MatchObserver)
    max_hands: int | None = None  # per game, as ``Game.max_hands``; None: Game's own
    game_factory: Callable[..., Game] = Game  # makes each game (``Game``'s arguments)
    best_of: int | None = None  # at most this many games (odd), until one side is sure to win

    def __post_init__(self) -> None:
        if self.ruleset.rubber is not None and (self.games or self.best_of) is not None:
            raise ValueError("this ruleset plays rubbers: a match lasts until one is won")
        if self.games is not None and self.best_of is not None:
            raise ValueError("a match is of N games or the best of N, not both")
        if self.games is not None and self.games < 1:
            raise ValueError("a match has one game or more")
        if self.best_of is not None and (self.best_of < 1 or self.best_of % 2 == 0):
            raise ValueError("a best-of match has an odd number of games")
        self.rng = random.Random(self.seed)
        self.played: list[Game] = []  # every game started, the last perhaps unfinished
        self.records: list[GameResult] = []  # every game won, in order
        self.rubber: RubberResult | None = None

    # What the match is --------------------------------------------------------
    @property
    def plays_rubber(self) -> bool:
        return self.ruleset.rubber is not None

    @property
    def length(self) -> int | None:
        """Games the match lasts (a best-of match: at most), or None for a rubber
        (until a side has won it)."""
        if self.plays_rubber:
            return None
        return self.best_of or self.games or 1

    @property
    def single_game(self) -> bool:
        """A match of one game and no rubber: nothing but the game to tell."""
        return self.length == 1

    @property
    def game(self) -> Game | None:
        """The game being played, or the last one; None before the first."""
        return self.played[-1] if self.played else None

    # The tally ----------------------------------------------------------------
    @property
    def games_won(self) -> list[int]:
        """Games won per side so far, a slam counting as two (R13)."""
        return standing(self.records, len(self.ruleset.sides)).games_won

    @property
    def rubber_points(self) -> list[int]:
        """Rubber points earned per side so far (R10): each game's worth to its winner."""
        return standing(self.records, len(self.ruleset.sides)).rubber_points

    @property
    def over(self) -> bool:
        if self.plays_rubber:
            return self.rubber is not None
        return len(self.records) >= (self.length or 0) or self.decided

    @property
    def decided(self) -> bool:
        """A best-of match whose winner is known before its last game: a side has won
        more than half of its games, or no other side can catch it in the games left
        (each worth two to a side that wins it with a slam, R13)."""
        if self.best_of is None or not self.records:
            return False
        won = self.games_won
        best = max(won)
        if best > self.best_of // 2:
            return True
        reach = (self.best_of - len(self.records)) * (2 if self.ruleset.game.slam else 1)
        return won.count(best) == 1 and all(
            count + reach < best for count in won if count != best
        )

    @property
    def winner(self) -> int | None:
        """The side that won the rubber, or the match (the most games won, R13's slams
        counting twice); None until it is over, or when the most games won are shared."""
        if self.rubber is not None:
            return self.rubber.winner
        if not self.over:
            return None
        won = self.games_won
        best = max(won)
        return won.index(best) if won.count(best) == 1 else None

    def next_scores(self) -> tuple[int, ...] | None:
        """The scores the next game starts from (laps, R13); None for the first game."""
        if not self.records:
            return None
        return next_game_scores(self.ruleset.game, self.records[-1])

    # Play ---------------------------------------------------------------------
    # ``play`` runs the whole match; a program that asks for the decisions itself
    # steps it: ``start()``, then ``next_game()`` and that game's own steps (``Game``),
    # ``finish_game()``, until ``over``.
    def play(self) -> int | None:
        """Play games until the match is over; returns the winning side (see ``winner``)."""
        self.start()
        while not self.over:
            self.next_game().play()
            self.finish_game()
        return self.winner

    def start(self) -> None:
        self.observer.match_started(self)

    def next_game(self) -> Game:
        """The next game, not yet started: the first draws for seats as a lone game does
        (R3); a later one keeps the seats, its first dealer is the left of the last
        game's last dealer, and it starts from ``next_scores`` (laps, R13)."""
        if self.over:
            raise EngineError("the match is over")
        if len(self.records) < len(self.played):
            raise EngineError("the game being played is not finished and counted")
        last = self.game
        guard = {} if self.max_hands is None else {"max_hands": self.max_hands}
        game = self.game_factory(
            self.ruleset,
            self.names,
            self.players,
            seed=self.seed,
            observer=self.observer,
            **guard,
            rng=self.rng,
            start_scores=self.next_scores(),
            seating=None if last is None else last.seat_players,
            first_dealer=None if last is None else last.dealer,
        )
        self.played.append(game)
        return game

    def finish_game(self) -> GameResult:
        """Count the game just won (R9): its record, the rubber once decided (R10)."""
        game = self.game
        if game is None or game.winner is None or len(self.records) == len(self.played):
            raise EngineError("no game has been won since the last was counted")
        record = game_result(self.ruleset.game, game.winner, game.scores)
        self.records.append(record)
        if self.ruleset.rubber is not None:
            self.rubber = rubber_result(self.ruleset.rubber, self.records, len(game.scores))
        self.observer.game_recorded(self, record)
        if self.over:
            self.observer.match_finished(self)
        return record

    # Summary ------------------------------------------------------------------
    def summary(self) -> dict:
        """The ``--json`` summary (docs/playing.md, "The JSON summary"): the last game's keys as
        ``Game.summary`` gives them, every game's hands numbered by ``game``, and
        ``games`` and ``rubber``."""
        last = self.game
        if last is None:
            raise EngineError("no game has been played")
        summary = last.summary()
        sides = last.side_names
        hands = []
        for number, game in enumerate(self.played, start=1):
            hands += [{"game": number, **hand} for hand in game.summary()["hands"]]
        summary["hands"] = hands
        summary["games"] = [
            {
                "winner": sides[record.winner],
                "scores": dict(zip(sides, record.scores)),
                "rubber_points": record.rubber_points if self.plays_rubber else None,
                "counted": record.counted,
                "start": dict(zip(sides, game.start_scores or [0] * len(sides))),
            }
            for game, record in zip(self.played, self.records)
        ]
        summary["rubber"] = (
            None
            if self.rubber is None
            else {"winner": sides[self.rubber.winner], "margin": self.rubber.margin}
        )
        summary["best_of"] = self.best_of
        return summary
