"""A person's decisions in a kept game, weighed again by the analysis the hints use.

The record is played again through the engine (``play_back``), the moves the person
took back with ``undo`` included, and each decision the person made is put to the
``hard`` search exactly as the hint would have put it at that moment: the ``View``
the person's seat had and its legal actions, nothing else, and the same seed
(``"{seed}:hint"``), so a review never looks at a card the person could not see,
and agrees with the hint the person could have asked for.

Everything is weighed in expected points for the hand: the person's side's points
minus the other sides' mean, as the search weighs a deal outside a game.  In a game
the hints weigh each choice by the chance of winning the game (the view's score), and
give the points beside it ("net -0.71 points this hand"); the review analyses the
same view with its score hidden (``scores=None``), which draws the very same deals
(the draws are seeded by what the seat sees, and the score is not part of it) and
gives those points.  So "what hard prefers" is the choice worth the most points in
the hand; near the end of a game the hard player itself may prefer a safer choice.

A decision is a choice among several legal actions (a forced card is none, nor
whether to defend alone with a hand that has no hope of it, a question the person is
not asked: ``worth_weighing``), and a run of discards that keeps five of many cards
(Cutthroat's dummy, R12; a weak hand's swap, R17) is one decision, weighed as the
set of cards kept.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass

from ..engine.cards import Card, cards_of, mask_of, sorted_hand
from ..engine.game import Game
from ..engine.hand import Hand
from ..engine.match import MatchObserver
from ..engine.rules import HAND_SIZE
from ..engine.values import DISCARD, Action, Phase, View
from ..players.levels import make_player
from ..players.rule_based import worth_weighing
from ..players.search import Analysis, SearchPlayer
from .game import Move, SavedGame, Setup
from .replay import play_back

REVIEW_LEVEL = "hard"  # the level whose analysis the hints give
DEFAULT_THRESHOLD = 0.2  # expected points a decision must cost to be listed


class NobodyPlayed(Exception):
    """A watched game: every seat was a computer, so there is no decision to review."""


@dataclass(frozen=True)
class Decision:
    """One of the person's decisions as it was put to them: ``view`` and ``legal``
    are all the analysis is given.  ``chosen`` is the action taken, or for keeping
    five of many the run of discards (each a move of the record)."""

    moves: tuple[Move, ...]
    view: View
    legal: tuple[Action, ...]
    chosen: tuple[Action, ...]
    names: tuple[str, ...] = ()  # who sat in each seat (public: for the words)

    @property
    def move(self) -> Move:
        """The record's move that began the decision (where it was: game, hand)."""
        return self.moves[0]

    @property
    def taken_back(self) -> bool:
        return self.move.taken_back

    @property
    def keeps_many(self) -> bool:
        """Several cards put away at once: weighed by the cards kept."""
        return len(self.chosen) > 1 or _starts_keeping_many(self.view)

    @property
    def trick(self) -> int | None:
        """The trick (from 1) of a card played; None outside the play."""
        return len(self.view.tricks) + 1 if self.view.phase is Phase.PLAY else None

    @property
    def kept(self) -> tuple[Card, ...]:
        """The cards the person kept, for a decision that ``keeps_many``."""
        return _kept(self.view, self.chosen)


@dataclass(frozen=True)
class Weighed:
    """A decision and what the analysis makes of it, in expected points for the hand.

    ``preferred`` is what ``hard`` would do (one action, or its run of discards);
    ``analysis`` is the search's own ``Analysis`` of the view with the score hidden
    (None for a weak hand's swap, which the search makes a card at a time), for the
    hint's words.  ``samples`` is 0 where nothing was at stake (the points of the
    hand were settled): both are worth the same then."""

    decision: Decision
    preferred: tuple[Action, ...]
    chosen_points: float
    preferred_points: float
    samples: int
    analysis: Analysis | None

    @property
    def cost(self) -> float:
        """The expected points the person's choice gave away (never below 0)."""
        return max(0.0, self.preferred_points - self.chosen_points)

    @property
    def agreed(self) -> bool:
        if self.decision.keeps_many:
            return _kept(self.decision.view, self.preferred) == self.decision.kept
        return self.preferred == self.decision.chosen

    @property
    def preferred_kept(self) -> tuple[Card, ...]:
        return _kept(self.decision.view, self.preferred)


@dataclass(frozen=True)
class PlayedAgain:
    """The person's decisions found by playing a record again, before any is weighed."""

    saved: SavedGame
    person: int  # whose decisions: their index in the setup's names
    decisions: tuple[Decision, ...]
    hands: int  # hands dealt, thrown-in ones included


@dataclass(frozen=True)
class Review:
    """Every decision weighed, and which of them cost at least ``threshold`` points."""

    saved: SavedGame
    person: int  # whose decisions: their index in the setup's names
    weighed: tuple[Weighed, ...]
    hands: int
    threshold: float = DEFAULT_THRESHOLD

    @property
    def costly(self) -> list[Weighed]:
        """The decisions where ``hard`` prefers another choice worth at least
        ``threshold`` more, in the order they were made (taken-back ones included)."""
        return [w for w in self.weighed if not w.agreed and w.cost >= self.threshold]

    @property
    def taken_back(self) -> int:
        return sum(w.decision.taken_back for w in self.weighed)

    @property
    def given_away(self) -> float:
        """Expected points the standing decisions gave away, every one counted (the
        ones under the threshold too); a decision taken back gave nothing away."""
        return sum(w.cost for w in self.weighed if not w.decision.taken_back)

    @property
    def given_away_per_hand(self) -> float | None:
        return self.given_away / self.hands if self.hands else None


def decisions_of(saved: SavedGame, person: int | None = None) -> PlayedAgain:
    """A person's decisions in the record, in the order made, the taken-back ones
    included: ``person``'s (an index of the names, one of the setup's people), or by
    default the one person's of a game one person played.  Raises ``NobodyPlayed`` for
    a watched game, ``RecordError`` for a record that does not replay."""
    setup = saved.setup
    if setup.watched:
        raise NobodyPlayed(f"game {saved.id} was watched: nobody played in it")
    person = setup.person if person is None else person
    if person not in setup.people:
        raise ValueError(f"{person!r} is not among the people of game {saved.id}")
    listener = _PersonsDecisions(person)
    play_back(saved, listener, taken_back=True, heard=listener.heard)
    return PlayedAgain(saved, person, tuple(_grouped(listener.seen)), listener.hands)


class Reviewer:
    """The analysis the hints give, for one record's setup: the ``hard`` level with
    the hint's seed and the record's ``think``."""

    def __init__(self, setup: Setup) -> None:
        seed = f"{setup.seed}:hint"
        player = make_player(REVIEW_LEVEL, setup.ruleset, seed=seed, think=setup.think)
        assert isinstance(player, SearchPlayer), "the review level searches"
        self.player = player
        # a decision taken back and made again is put the same question twice
        self._weighed: dict[tuple, Weighed] = {}

    def weigh(self, decision: Decision) -> Weighed:
        """What the analysis makes of ``decision``, given only what the person saw."""
        key = (decision.view, decision.legal, decision.chosen)
        known = self._weighed.get(key)
        if known is None:
            known = self._weighed[key] = self._weigh(decision)
        return dataclasses.replace(known, decision=decision)

    def _weigh(self, decision: Decision) -> Weighed:
        view = dataclasses.replace(decision.view, scores=None)  # points, not the game
        if decision.view.phase is Phase.WEAK_EXCHANGE:
            return self._weigh_card_by_card(decision, view)
        analysis = self.player.analyse(view, decision.legal)
        if decision.keeps_many:
            if not analysis.keeps:  # not weighed as fives (never so far): card by card
                return self._weigh_card_by_card(decision, view)
            return self._weigh_keep(decision, view, analysis)
        chosen = decision.chosen[0]
        if not analysis.samples:  # nothing at stake: every choice is worth the same
            return Weighed(decision, decision.chosen, 0.0, 0.0, 0, analysis)
        values = analysis.values
        preferred = analysis.choice
        return Weighed(
            decision,
            (preferred,),
            values[chosen],
            values[preferred],
            analysis.samples,
            analysis,
        )

    def _weigh_keep(self, decision: Decision, view: View, analysis: Analysis) -> Weighed:
        """Five of many: the search's best five against the person's, which it may not
        have tried (then weighed on the same deals)."""
        hand = mask_of(view.hand)
        best, best_points = analysis.keeps[0]
        preferred = tuple(DISCARD[card] for card in cards_of(hand & ~best))
        tried = dict(analysis.keeps)
        kept = mask_of(decision.kept)
        if kept in tried:
            chosen_points = tried[kept]
        else:
            (chosen_points,), _ = self.player.weigh_plans(view, [decision.chosen])
        return Weighed(decision, preferred, chosen_points, best_points, analysis.samples, analysis)

    def _weigh_card_by_card(self, decision: Decision, view: View) -> Weighed:
        """Cards put away that the search picks one at a time (a weak hand's swap,
        R17): its cards picked so, as the hint picks them, then both sets weighed
        whole, on the same deals."""
        into = "given" if view.phase is Phase.WEAK_EXCHANGE else "discards"
        hand, away = list(view.hand), list(getattr(view, into))
        preferred: list[Action] = []
        for _ in decision.chosen:
            step = dataclasses.replace(view, hand=tuple(hand), **{into: tuple(away)})
            options = [DISCARD[card] for card in hand if DISCARD[card] in decision.legal]
            action = self.player.choose(step, options)
            preferred.append(action)
            hand.remove(action.card)
            away.append(action.card)
        plans = [preferred, list(decision.chosen)]
        (preferred_points, chosen_points), samples = self.player.weigh_plans(view, plans)
        return Weighed(decision, tuple(preferred), chosen_points, preferred_points, samples, None)


# ------------------------------------------------------------------- finding them
class _PersonsDecisions(MatchObserver):
    """Hears every move handed out in a replay and keeps the person's, with the view
    their seat had; counts the hands dealt."""

    def __init__(self, person: int) -> None:
        self.person = person
        self.seat: int | None = None
        self.names: tuple[str, ...] = ()
        self.hands = 0
        self.seen: list[_Seen] = []

    def hand_started(self, game: Game, hand: Hand) -> None:
        self.seat = game.seat_of(self.person)  # seats are drawn: the person's in this game
        self.names = tuple(game.seat_name(seat) for seat in range(game.ruleset.players))
        self.hands += 1

    def heard(self, move: Move, view: View, legal: Sequence[Action]) -> None:
        if view.seat == self.seat:
            self.seen.append(_Seen(move, view, tuple(legal), self.names))


@dataclass(frozen=True)
class _Seen:
    """One of the person's moves as the replay handed it out."""

    move: Move
    view: View
    legal: tuple[Action, ...]
    names: tuple[str, ...]


def _grouped(seen: Sequence[_Seen]) -> list[Decision]:
    """Each choice a decision of its own, a run of discards keeping five of many one
    decision; a forced action (one legal choice) none, nor a choice not worth
    weighing (defending alone with a hopeless hand: never asked of a person)."""
    decisions: list[Decision] = []
    index = 0
    while index < len(seen):
        first = seen[index]
        run = [first]
        index += 1
        if _starts_keeping_many(first.view):
            while index < len(seen) and _continues(run[-1], seen[index]):
                run.append(seen[index])
                index += 1
        if len(first.legal) > 1 and worth_weighing(first.view):
            moves = tuple(one.move for one in run)
            chosen = tuple(Action.parse(move.action) for move in moves)
            decisions.append(Decision(moves, first.view, first.legal, chosen, first.names))
    return decisions


def _starts_keeping_many(view: View) -> bool:
    """Several cards to put away in a row: the maker's dummy (R12, R14), a weak hand's
    swap (R17)."""
    if view.phase is Phase.WEAK_EXCHANGE:
        return True
    return view.phase is Phase.DISCARD and len(view.hand) - HAND_SIZE > 1


def _continues(last: _Seen, this: _Seen) -> bool:
    """``this`` is the next discard of the same run: the same hand, phase and
    standing (taken back or not), the very next action of the hand."""
    before, move = last.move, this.move
    return (
        (move.game, move.hand, move.taken_back) == (before.game, before.hand, before.taken_back)
        and move.step == before.step + 1
        and this.view.phase is last.view.phase
    )


def _kept(view: View, discards: Sequence[Action]) -> tuple[Card, ...]:
    """The cards ``view``'s hand keeps after ``discards``, in the hand's order."""
    put_away = {action.card for action in discards}
    return tuple(sorted_hand((c for c in view.hand if c not in put_away), view.trump))
