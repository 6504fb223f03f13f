"""A game: hands dealt and played until a side reaches the ruleset's target (R9).

The game's randomness is one ``random.Random``, made from its seed or handed over by
a match (``match.py``): it shuffles and cuts each deal and runs the draw for seats
(R3), so a seed reproduces a whole game.  It does
no I/O either: a ``GameObserver`` is told what happens (the screen of ``euchre play``
is one), and each seat's ``Player`` is asked for its decisions.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from .cards import RANK_NAMES, Card
from .hand import Hand
from .play import Player, TakeBack, play_out, shuffled_deck
from .rules import Ruleset, scores_text, side_name
from .scoring import HandScore, at_the_bridge, game_winner, score_hand
from .values import Action, EngineError, HandResult, Phase

# For the draw (R3) a king is high and an ace low; suits do not count.
_DRAW_ORDER = {"7": 1, "8": 2, "9": 3, "T": 4, "J": 5, "Q": 6, "K": 7, "A": 0}


def draw_value(card: Card) -> int:
    """A card's rank in the draw for seats and first deal: K high … 7, A low (R3)."""
    return _DRAW_ORDER[RANK_NAMES[card.rank]]


@dataclass(frozen=True)
class Draw:
    """The draw for partners and first deal: every round of cards drawn, the result."""

    rounds: tuple[tuple[tuple[int, Card], ...], ...]  # (player index, card) per round
    seating: tuple[int, ...]  # player index sitting in each seat
    dealer: int  # seat


def draw_for_seats(players: int, deck: Sequence[Card], rng: random.Random) -> Draw:
    """R3's draw: the lowest card deals; with four players the two lowest partner the
    two highest.  Players whose tie decides something draw again (only they do)."""
    pack = [card for card in deck if not card.is_joker]
    rounds: list[tuple[tuple[int, Card], ...]] = []
    contenders = list(range(players))
    while contenders:
        rounds.append(tuple(zip(contenders, rng.sample(pack, len(contenders)))))
        contenders = _tied_where_it_matters(players, rounds)
    order = sorted(range(players), key=lambda p: _draw_key(p, rounds))
    if players == 4:
        low, second, third, fourth = order
        seating = (low, third, second, fourth)
    else:
        seating = tuple(order)
    return Draw(tuple(rounds), seating, dealer=0)


def _draw_key(player: int, rounds: Sequence[Sequence[tuple[int, Card]]]) -> tuple[int, ...]:
    """A player's draws in order: a redraw only breaks ties left by the earlier ones."""
    return tuple(draw_value(card) for round_ in rounds for p, card in round_ if p == player)


def _tied_where_it_matters(players: int, rounds: Sequence) -> list[int]:
    keys = {p: _draw_key(p, rounds) for p in range(players)}
    ranked = sorted(keys.values())
    boundaries = [0, 1] if players == 4 else [0]  # the dealer; the split into partnerships
    tied: set[int] = set()
    for boundary in boundaries:
        if ranked[boundary] == ranked[boundary + 1]:
            tied |= {p for p, key in keys.items() if key == ranked[boundary]}
    return sorted(tied)


class GameObserver:
    """Told what happens in a game; the default ignores everything."""

    def game_started(self, game: Game) -> None: ...

    def hand_started(self, game: Game, hand: Hand) -> None: ...

    def action_applied(
        self, game: Game, hand: Hand, seat: int, action: Action, phase: Phase
    ) -> None:
        """``phase`` is the phase the action was taken in."""

    def hand_taken_back(
        self, game: Game, hand: Hand, seat: int, taken: Sequence[tuple[int, Action, Phase]]
    ) -> None:
        """``seat`` took back its last decision: ``hand`` is the hand rewound to just
        before it, ``taken`` the actions taken back, each with its seat and phase
        (empty: there was none to take)."""

    def hand_finished(self, game: Game, hand: Hand, record: HandRecord) -> None: ...

    def game_finished(self, game: Game) -> None: ...


@dataclass(frozen=True)
class HandRecord:
    number: int
    result: HandResult
    score: HandScore | None  # None for a thrown-in hand
    totals: tuple[int, ...]  # each side's score after this hand


class GameTooLong(Exception):
    """A game still undecided after ``Game.max_hands`` hands (rules in which hardly
    anything scores): stopped, rather than played for ever."""


@dataclass
class Game:
    """A game to the ruleset's target between ``players`` (one per seat, by name)."""

    ruleset: Ruleset
    names: Sequence[str]
    players: Sequence[Player]
    seed: int = 0
    observer: GameObserver = field(default_factory=GameObserver)
    max_hands: int = 1000  # a guard: a game to 10 ends long before this
    # A game after the first of a match (``Match`` gives these; a lone game needs none):
    rng: random.Random | None = None  # the shuffles' source, shared; None: Random(seed)
    start_scores: Sequence[int] | None = None  # per side before the first hand (laps, R13)
    seating: Sequence[int] | None = None  # player index per seat, as drawn before
    first_dealer: int | None = None  # a seat; with it, start() draws nothing (R3)

    def __post_init__(self) -> None:
        count = self.ruleset.players
        if len(self.names) != count or len(self.players) != count:
            raise ValueError(f"this ruleset needs {count} players")
        sides = len(self.ruleset.sides)
        if self.start_scores is not None and len(self.start_scores) != sides:
            raise ValueError(f"this ruleset has {sides} sides: give a starting score for each")
        if self.seating is not None and self.first_dealer is None:
            raise ValueError("a seating is kept with its first dealer: give both")
        if self.seating is not None and sorted(self.seating) != list(range(count)):
            raise ValueError(f"a seating places each of the {count} players once")
        if self.first_dealer is not None and not 0 <= self.first_dealer < count:
            raise ValueError(f"the first dealer is a seat from 0 to {count - 1}")
        if self.rng is None:
            self.rng = random.Random(self.seed)
        self.scores = [0] * sides if self.start_scores is None else list(self.start_scores)
        self.records: list[HandRecord] = []
        self.draw: Draw | None = None
        self.dealer = 0
        self.winner: int | None = None
        self._seat_players = list(range(count) if self.seating is None else self.seating)

    # Seating and names --------------------------------------------------------
    def seat_name(self, seat: int) -> str:
        return self.names[self._seat_players[seat]]

    def player_at(self, seat: int) -> Player:
        return self.players[self._seat_players[seat]]

    def seat_of(self, player_index: int) -> int:
        return self._seat_players.index(player_index)

    @property
    def seat_players(self) -> tuple[int, ...]:
        """The player index sitting in each seat (after the draw, R3)."""
        return tuple(self._seat_players)

    def side_name(self, side: int) -> str:
        return side_name([self.seat_name(seat) for seat in self.ruleset.sides[side]])

    @property
    def side_names(self) -> list[str]:
        return [self.side_name(side) for side in range(len(self.ruleset.sides))]

    def scores_text(self) -> str:
        """The score in words: "Ann & Cy 7, Bob & Di 10"."""
        return scores_text(self.side_names, self.scores)

    def bridge(self) -> int | None:
        if not self.ruleset.game.bridge:
            return None
        return at_the_bridge(self.scores, self.ruleset.game.points_to_win)

    # Play ---------------------------------------------------------------------
    # ``play`` runs the whole game with the players; a program that asks for the
    # decisions itself steps it: ``start()``, then ``deal()``, the hand's actions
    # (``hand.apply``), ``finish(hand)``, until ``winner`` is not None.
    def play(self) -> int:
        """Play hands until a side has won (R9); returns the winning side."""
        self.start()
        while self.winner is None:
            self.play_hand()
        self.observer.game_finished(self)
        return self.winner

    def start(self) -> None:
        """Seat the players and choose the first dealer (R3), before the first deal; a
        game given its ``first_dealer`` (the next of a match) keeps its seating.  A game
        whose starting scores already win it (laps past the target) is over at once."""
        count = self.ruleset.players
        if self.first_dealer is not None:
            self.dealer = self.first_dealer
        elif self.ruleset.deal.first_dealer == "draw":
            self.draw = draw_for_seats(count, self.ruleset.cards, self.rng)
            self._seat_players = list(self.draw.seating)
            self.dealer = self.draw.dealer
        else:
            self.dealer = self.rng.randrange(count)
        if self.start_scores is not None:
            self.winner = game_winner(self.scores, self.ruleset.game.points_to_win)
        self.observer.game_started(self)

    def deal(self) -> Hand:
        """The next hand, shuffled, cut and dealt by the dealer (R3)."""
        if self.winner is not None:
            raise EngineError("the game is over")
        if len(self.records) >= self.max_hands:
            raise GameTooLong(
                f"no side won in {self.max_hands} hands ({self.scores_text()}): the game is stopped"
            )
        hand = Hand(self.ruleset, self.dealer, shuffled_deck(self.ruleset, self.rng), self.scores)
        self.observer.hand_started(self, hand)
        return hand

    def play_hand(self) -> HandRecord:
        """Deal a hand, have the players play it out, and score it."""
        hand = self.deal()

        def applied(seat: int, action: Action, phase: Phase) -> None:
            self.observer.action_applied(self, hand, seat, action, phase)

        seated = [self.player_at(seat) for seat in range(self.ruleset.players)]
        while True:
            try:
                play_out(hand, seated, applied=applied)
            except TakeBack as undo:
                seat = hand.current_seat
                assert seat is not None  # only a seat asked to act takes back
                rewound = hand.taken_back(seat, undo.decided)
                taken: Sequence[tuple[int, Action, Phase]] = ()
                if rewound is not None:
                    hand, taken = rewound
                self.observer.hand_taken_back(self, hand, seat, taken)
                continue
            return self.finish(hand)

    def finish(self, hand: Hand) -> HandRecord:
        """Score a finished hand (R8), see whether a side has won (R9) and pass the
        deal to the left (R3)."""
        record = self._score(hand.result())
        self.observer.hand_finished(self, hand, record)
        if not hand.redeal:  # a weak hand shown for a redeal: the same dealer again (R17)
            self.dealer = (self.dealer + 1) % self.ruleset.players
        return record

    def _score(self, result: HandResult) -> HandRecord:
        score = None
        if result.outcome is not None:
            score = score_hand(self.ruleset.scoring, result.outcome, len(self.scores))
            self.scores = [total + won for total, won in zip(self.scores, score.points)]
        record = HandRecord(len(self.records) + 1, result, score, tuple(self.scores))
        self.records.append(record)
        self.winner = game_winner(self.scores, self.ruleset.game.points_to_win)
        return record

    # Summary ------------------------------------------------------------------
    def summary(self) -> dict:
        """The ``--json`` game summary (docs/playing.md, "The JSON summary")."""
        sides = self.side_names
        hands = []
        for record in self.records:
            result = record.result
            hands.append(
                {
                    "dealer": self.seat_name(result.dealer),
                    "trump": None if result.trump is None else result.trump.letter,
                    "makers": [self.seat_name(s) for s in result.makers],
                    "alone": [self.seat_name(s) for s in result.alone],
                    "tricks": {self.seat_name(s): n for s, n in enumerate(result.tricks)},
                    "points": {
                        sides[side]: points
                        for side, points in enumerate(record.score.points if record.score else ())
                        if points
                    },
                }
            )
            if result.redeal:  # thrown in for a weak hand shown: dealt again (R17)
                hands[-1]["redeal"] = True
        return {
            "ruleset": self.ruleset.name,
            "seed": self.seed,
            "sides": {
                sides[side]: [self.seat_name(seat) for seat in seats]
                for side, seats in enumerate(self.ruleset.sides)
            },
            "winner": None if self.winner is None else sides[self.winner],
            "scores": dict(zip(sides, self.scores)),
            "hands": hands,
        }
