"""The search player (``medium`` and ``hard``): decisions by expected points over
deals consistent with what the seat has seen.

For each decision it draws deals of the unseen cards (``worlds.Knowledge``), and on
each deal it scores every candidate action:

* a card to play: the exact solver (``solver.PlaySolver``) finds what the rest of
  the hand is worth with every card known, under best play by both sides;
* any other decision (bidding, ordering up, going alone, the dealer's pick-up and
  discard, the Cutthroat maker's five of ten): the engine itself replays the hand
  to this point (``Hand.apply``), the candidate is applied to a copy, the rest of
  the auction and exchanges are played out by the rule-based player's judgement
  for every seat, and the play is solved exactly.

The score of an outcome is the points of the seat's side minus the mean of the
other sides' points (``scoring.score_hand``, the one place points are computed), so
the player weighs a march against a euchre the way the scoreboard does; in a game,
it is the side's chance of winning the game from the score the outcome leaves
(``odds.py``), so that near the end a safe point can beat a risky march.  The
action with the best mean wins; exact ties (``tie_margin``) go to the rule-based
player's choice.  A card that would take a trick the seat's partner is sure to win
is never chosen when another card leaves it to the partner (``natural``): a person
does not overtake nor trump a partner's sure winner, and the solver mostly values
both the same, since the side takes the trick either way.

Decisions are evidence: with ``infer`` set, a drawn deal in which another seat's
bids or cards played differ from what the rule-based judgement would have done with
that seat's drawn cards, or in which it went alone with a weak hand, is kept only
with a small probability per such decision (``worlds.Knowledge.misfits``), so an
opponent who ordered hearts is usually given hearts, and one who played low where
that judgement would have won the trick is usually given no card that wins it.

Every decision draws its deals from a ``random.Random`` seeded by the player's seed
and the public information in the view, so a decision depends on nothing the seat
cannot see, and is the same in any process.  ``think`` caps the seconds per
decision (then decisions also depend on the machine's speed).  What the solver
keeps between decisions (positions with their bounds) only spares work, and is kept
for one deal at a time, at most ``MAX_POSITIONS`` of them.
"""

from __future__ import annotations

import dataclasses
import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import combinations

from ...engine.cards import bit_indices, mask_of
from ...engine.hand import Hand
from ...engine.play import play_out
from ...engine.rules import HAND_SIZE, Ruleset, partner
from ...engine.scoring import TRICKS_IN_HAND, HandOutcome, score_hand
from ...engine.values import DISCARD, Action, Phase, View
from ..rule_based import RuleBasedPlayer, hand_value, under_partner
from .odds import win_chances
from .solver import PlaySolver
from .worlds import Knowledge, World

MAX_POSITIONS = 40_000
"""The most solved positions a player keeps (about 270 bytes each) before it starts
afresh: more than one deal needs, so that it rarely costs time, and few enough that
four players stay well within 100 MiB whatever the deal (``bench/memory.py``)."""


@dataclass(frozen=True)
class Analysis:
    """A decision worked out: the expected points of each candidate action."""

    choice: Action
    values: dict[Action, float] = field(default_factory=dict)
    samples: int = 0
    default: Action | None = None  # what the rule-based judgement says
    seconds: float = 0.0
    game: bool = False  # values are chances of winning the game, not points
    # keeping five of many: each five-card set tried (a mask) and its value, best first
    keeps: tuple[tuple[int, float], ...] = ()

    def ranked(self) -> list[tuple[Action, float]]:
        return sorted(self.values.items(), key=lambda item: -item[1])


@dataclass(frozen=True)
class SearchSettings:
    """How much a search player searches (``levels.py`` names the presets)."""

    play_samples: int = 24
    solve_from: int = 5  # tricks left at most for the exact solver; more: rollouts
    rollout_weight: float = 0.5  # bids: weight of a rule-based play-out beside the solver
    play_rollout_weight: float = 0.5  # the same for cards played
    bid_samples: int = 20
    search_bidding: bool = True  # False: rule-based bidding and exchanges
    keep_candidates: int = 6  # five-card sets tried when keeping five of many
    infer: bool = True
    mismatch_keep: float = 0.05  # chance of keeping a deal per decision it does not explain
    draw_tries: int = 20  # deals drawn per sample at most, looking for one that explains all
    think: float | None = None  # seconds per decision at most
    natural: bool = True  # never take a partner's sure trick (``rule_based.under_partner``)
    tie_margin: float = 1e-9  # values this close to the best count as tied: the rule's choice


class SearchPlayer:
    """Determinized search over the hidden cards; see the module docstring."""

    def __init__(
        self,
        ruleset: Ruleset,
        seed: int | str | None = 0,
        settings: SearchSettings | None = None,
        **overrides,
    ) -> None:
        settings = settings or SearchSettings()
        if overrides:
            settings = SearchSettings(**{**settings.__dict__, **overrides})
        self.rules = ruleset
        self.seed = seed
        self.settings = settings
        self.model = RuleBasedPlayer(seed)  # the judgement assumed for the other seats
        self._models = [self.model] * ruleset.players  # every seat, in roll-outs
        self._solvers: dict[tuple, PlaySolver] = {}  # their positions: of ``_deal`` only
        self._deal: tuple | None = None
        self._utilities: dict[tuple, list[float]] = {}
        self._plan: tuple[int, list[int]] | None = None  # keep-five plan: (keep, discards)
        self.last: Analysis | None = None

    # ---------------------------------------------------------------- protocol
    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        self.last = analysis = self.analyse(view, legal)
        return analysis.choice

    def analyse(self, view: View, legal: Sequence[Action]) -> Analysis:
        """The decision with its reasons (used for hints)."""
        start = time.perf_counter()
        default = self.model.choose(view, legal)
        if len(legal) == 1:
            return Analysis(legal[0], {legal[0]: 0.0}, 0, default)
        deadline = None if self.settings.think is None else start + self.settings.think
        rng = random.Random(f"{self.seed}|{view_key(view)}")
        self._solve_deal_of(view)
        if view.phase is Phase.PLAY:
            analysis = self._analyse_play(view, legal, default, rng, deadline)
        elif self.settings.search_bidding:
            analysis = self._analyse_choice(view, legal, default, rng, deadline)
        else:
            analysis = Analysis(default, {}, 0, default)
        return dataclasses.replace(
            analysis,
            default=default,
            seconds=time.perf_counter() - start,
            game=view.scores is not None,
        )

    # ---------------------------------------------------------------- points
    def _utility(
        self, me: int, maker: int, alone: Sequence[int], scores: tuple[int, ...] | None
    ) -> list[float]:
        """The seat's score for each number of makers' tricks, 0 to 5: its side's
        chance of winning the game when the deal is part of one (``odds.py``),
        otherwise its side's points minus the mean of the other sides' points."""
        key = (me, maker, tuple(alone), scores)
        utility = self._utilities.get(key)
        if utility is None:
            rules = self.rules
            sides = len(rules.sides)
            makers = {maker, partner(maker)} if rules.partnerships else {maker}
            lone = next((s for s in alone if s not in makers), None)
            mine = rules.side_of(me)
            utility = []
            for tricks in range(TRICKS_IN_HAND + 1):
                outcome = HandOutcome(
                    maker_side=rules.side_of(maker),
                    maker_tricks=tricks,
                    maker_alone=maker in alone,
                    lone_defender_side=None if lone is None else rules.side_of(lone),
                )
                points = score_hand(rules.scoring, outcome, sides).points
                if scores is None:
                    others = [p for side, p in enumerate(points) if side != mine]
                    utility.append(points[mine] - sum(others) / len(others))
                else:
                    after = tuple(s + p for s, p in zip(scores, points))
                    utility.append(win_chances(rules, after)[mine])
            self._utilities[key] = utility
        return utility

    def _solve_deal_of(self, view: View) -> None:
        """Keep solved positions only while the views are of one deal: a position
        holds every hand's cards, so another deal's are of no use, and kept for the
        player's life they grew by about 10 MiB a hand.  Telling deals apart by their
        dealer, upcard and score decides only when positions are dropped, never a
        decision: the solver is exact whatever positions it holds."""
        deal = (view.dealer, int(view.upcard), view.scores)
        if deal != self._deal:
            self._deal = deal
            self._forget_positions()

    def _forget_positions(self) -> None:
        # Emptied rather than dropped: a solver's search closures hold its positions in
        # a reference cycle, which only the cyclic garbage collector would free.
        for solver in self._solvers.values():
            solver.positions.clear()

    def _solver(self, trump: int, seats: Sequence[int], makers: Sequence[int]) -> PlaySolver:
        if sum(len(solver.positions) for solver in self._solvers.values()) > MAX_POSITIONS:
            self._forget_positions()
        key = (trump, tuple(seats), tuple(makers))
        solver = self._solvers.get(key)
        if solver is None:
            solver = self._solvers[key] = PlaySolver(trump, self.rules.players, seats, makers)
        return solver

    # ----------------------------------------------------------------- draws
    def _draw(self, know: Knowledge, rng: random.Random) -> tuple[list[int], list[int], World]:
        """A deal consistent with the view, preferring one in which the rule-based
        judgement explains what the other seats did: each decision it does not
        explain keeps the deal only with the chance ``mismatch_keep``."""
        view = know.view
        others = [s for s in range(view.players) if s != know.me]
        acted = any(s != know.me for s, _ in view.bids) or view.tricks or view.current_trick
        tries = self.settings.draw_tries if self.settings.infer and acted else 1
        for _ in range(tries):
            holdings, free, world = know.draw(rng)
            if tries == 1:
                break
            allowed = _misses_allowed(rng.random(), self.settings.mismatch_keep)
            if know.misfits(world, self.model, others, allowed + 1) <= allowed:
                break
        return holdings, free, world

    # ------------------------------------------------------------------ play
    def _analyse_play(
        self,
        view: View,
        legal: Sequence[Action],
        default: Action,
        rng: random.Random,
        deadline: float | None,
    ) -> Analysis:
        know = Knowledge(view, self.rules)
        me = view.seat
        seats = [s for s in range(view.players) if s not in view.sitting_out]
        makers = [s for s in know.makers if s in seats]
        solver = self._solver(view.trump, seats, makers)
        utility = self._utility(me, view.maker, view.alone, view.scores)
        steps = [t for t in range(1, TRICKS_IN_HAND + 1) if utility[t] != utility[t - 1]]
        taken = sum(view.tricks_won[s] for s in makers)
        left = TRICKS_IN_HAND - len(view.tricks)
        if not any(taken < t <= taken + left for t in steps):
            return Analysis(default, {}, 0, default)  # the points are settled
        plays = [(s, int(c)) for s, c in view.current_trick]
        totals = dict.fromkeys(legal, 0.0)
        samples = 0
        start = time.perf_counter()
        for _ in range(self.settings.play_samples):
            if samples and _out_of_time(deadline, start, samples):
                break
            holdings, _, world = self._draw(know, rng)
            if left > self.settings.solve_from:
                base = know.replay(world)
                for action in legal:
                    hand = base.copy()
                    hand.apply(action)
                    totals[action] += utility[self._roll_out(hand, makers)]
                samples += 1
                continue
            hands = list(holdings)
            hands[me] = know.hand
            if know.upcard_holder is not None:
                hands[know.upcard_holder] |= 1 << know.upcard
            weight = self.settings.play_rollout_weight
            base = know.replay(world) if weight else None
            for action in legal:
                after, to_play, trick, won, remaining = solver.after_card(
                    hands, me, action.card, plays, left
                )
                got = taken + won
                reach = [t - got for t in steps if got < t <= got + remaining]
                extra = solver.maker_tricks(after, to_play, trick, remaining, reach) if reach else 0
                value = utility[got + extra]
                if base is not None:
                    hand = base.copy()
                    hand.apply(action)
                    rolled = utility[self._roll_out(hand, makers)]
                    value = weight * rolled + (1 - weight) * value
                totals[action] += value
            samples += 1
        allowed = None
        if self.settings.natural and view.current_trick:
            under = under_partner(view, [a.card for a in legal])
            if len(under) < len(legal):
                allowed = [a for a in legal if a.card in under]
        return _decide(totals, samples, default, self.settings.tie_margin, allowed)

    # ------------------------------------------- bidding, alone, exchanges
    def _analyse_choice(
        self,
        view: View,
        legal: Sequence[Action],
        default: Action,
        rng: random.Random,
        deadline: float | None,
    ) -> Analysis:
        candidates = self._candidates(view, legal)
        if len(candidates) == 1:
            return Analysis(candidates[0][0], {}, 0, default)
        totals, samples = self._weigh(view, [steps for _, steps in candidates], rng, deadline)
        values: dict[Action, float] = {}
        for (first, _), total in zip(candidates, totals):
            values[first] = max(values.get(first, -1e9), total)
        analysis = _decide(values, samples, default, self.settings.tie_margin)
        if view.phase is Phase.DISCARD and len(candidates[0][1]) > 1:
            best = max(range(len(candidates)), key=lambda i: totals[i])
            steps = candidates[best][1]
            hand = mask_of(view.hand)
            keep = hand & ~mask_of(a.card for a in steps)
            self._plan = (keep, [a.card for a in steps[1:]])
            tried = [
                (hand & ~mask_of(a.card for a in discards), total / samples)
                for (_, discards), total in zip(candidates, totals)
            ]
            keeps = tuple(sorted(tried, key=lambda kept: -kept[1]))
            return Analysis(steps[0], analysis.values, samples, default, keeps=keeps)
        return analysis

    def weigh_plans(self, view: View, plans: Sequence[Sequence[Action]]) -> tuple[list[float], int]:
        """The mean score of each plan (a run of the seat's own actions from ``view``,
        such as the discards that keep five of many) and the deals drawn: the deals
        ``analyse`` draws for this view, so that a plan the search never tried (a
        person's five, say) is weighed on the same footing as the ones it did."""
        start = time.perf_counter()
        deadline = None if self.settings.think is None else start + self.settings.think
        rng = random.Random(f"{self.seed}|{view_key(view)}")
        self._solve_deal_of(view)
        totals, samples = self._weigh(view, plans, rng, deadline)
        return [total / samples if samples else 0.0 for total in totals], samples

    def _weigh(
        self,
        view: View,
        plans: Sequence[Sequence[Action]],
        rng: random.Random,
        deadline: float | None,
    ) -> tuple[list[float], int]:
        """Each plan's total score over the deals drawn, and how many were drawn: the
        plan applied to a copy of each deal, the rest played out (``_play_out``)."""
        know = Knowledge(view, self.rules)
        totals = [0.0] * len(plans)
        samples = 0
        start = time.perf_counter()
        for _ in range(self.settings.bid_samples):
            if samples and _out_of_time(deadline, start, samples):
                break
            _, _, world = self._draw(know, rng)
            base = know.replay(world)
            for index, steps in enumerate(plans):
                hand = base.copy()
                for action in steps:
                    hand.apply(action)
                totals[index] += self._play_out(hand, view.seat, view.scores)
            samples += 1
        return totals, samples

    def _candidates(self, view: View, legal: Sequence[Action]) -> list[tuple[Action, list[Action]]]:
        """Each candidate: (the action now, the actions it stands for).  Keeping five
        of many cards is one candidate per five-card set, the best few by value."""
        if view.phase is not Phase.DISCARD:
            return [(action, [action]) for action in legal]
        hand = mask_of(view.hand)
        allowed = mask_of(a.card for a in legal)
        must_keep = hand & ~allowed
        extra = hand.bit_count() - HAND_SIZE
        if extra == 1:
            return [(action, [action]) for action in legal]
        plan = self._plan
        if plan is not None and plan[1] and hand & ~plan[0] == mask_of(plan[1]):
            card = plan[1][0]
            return [(DISCARD[card], [DISCARD[card]])]
        sets = []
        for keep in combinations(bit_indices(hand & allowed), HAND_SIZE - must_keep.bit_count()):
            kept = must_keep | mask_of(keep)
            sets.append((-hand_value(kept, view.trump), kept))
        sets.sort()
        out = []
        for _, kept in sets[: self.settings.keep_candidates]:
            discards = [DISCARD[c] for c in bit_indices(hand & ~kept)]
            out.append((discards[0], discards))
        return out

    def _roll_out(self, hand: Hand, makers: Sequence[int]) -> int:
        """The makers' tricks when every seat plays on by the rule-based judgement."""
        play_out(hand, self._models)
        return sum(hand.tricks_won[s] for s in makers)

    def _play_out(self, hand: Hand, me: int, scores: tuple[int, ...] | None) -> float:
        """Finish the auction and exchanges by the rule-based judgement, then solve
        the play exactly; the seat's score."""
        play_out(hand, self._models, until=Phase.PLAY)
        if hand.is_over:  # thrown in: nobody scores
            if scores is None:
                return 0.0
            return win_chances(self.rules, scores)[self.rules.side_of(me)]
        seats = [s for s in range(hand.players) if s not in hand.sitting_out]
        makers = [s for s in hand.makers if s in seats]
        utility = self._utility(me, hand.maker, hand.alone, scores)
        weight = self.settings.rollout_weight
        value = 0.0
        if weight:
            value = weight * utility[self._roll_out(hand.copy(), makers)]
            if weight >= 1:
                return value
        solver = self._solver(hand.trump, seats, makers)
        steps = [t for t in range(1, TRICKS_IN_HAND + 1) if utility[t] != utility[t - 1]]
        tricks = solver.maker_tricks(hand.hands, hand.current_seat, [], TRICKS_IN_HAND, steps)
        return value + (1 - weight) * utility[tricks]


def _decide(
    totals: dict[Action, float],
    samples: int,
    default: Action,
    margin: float = 1e-9,
    allowed: Sequence[Action] | None = None,
) -> Analysis:
    """The best action by its mean value, among ``allowed`` (all by default): the
    rule-based ``default`` when it is within ``margin`` of the best.  Every action
    keeps its value, so that a hint sets the choice against the others."""
    if not samples:
        return Analysis(default, {}, 0, default)
    values = {action: total / samples for action, total in totals.items()}
    candidates = {a: values[a] for a in allowed} if allowed else values
    best = max(candidates.values())
    tied = [a for a, v in candidates.items() if v >= best - margin]
    choice = default if default in tied else max(tied, key=candidates.__getitem__)
    return Analysis(choice, values, samples, default)


def _misses_allowed(chance: float, keep: float) -> int:
    """The most unexplained decisions a deal may have and be kept, for a uniform
    ``chance``: keeping it when ``chance < keep ** misses`` is this, counted once."""
    if keep <= 0:
        return 0
    if keep >= 1 or chance <= 0:
        return 1_000  # every deal is kept
    return int(math.log(chance) / math.log(keep))


def _out_of_time(deadline: float | None, start: float, samples: int) -> bool:
    """True when one more sample, as long as the mean one so far, would pass the
    deadline."""
    if deadline is None:
        return False
    now = time.perf_counter()
    return now + (now - start) / samples > deadline


def view_key(view: View) -> str:
    """The public information of a view (and the seat's own cards) as text."""
    return "|".join(
        str(part)
        for part in (
            view.seat,
            view.dealer,
            view.phase.value,
            sorted(int(c) for c in view.hand),
            int(view.upcard),
            [(s, a.text) for s, a in view.bids],
            view.trump,
            view.maker,
            view.alone,
            view.sitting_out,
            view.dealer_took_upcard,
            [int(c) for c in view.discards],
            [[(s, int(c)) for s, c in t.plays] for t in view.tricks],
            [(s, int(c)) for s, c in view.current_trick],
        )
    )
