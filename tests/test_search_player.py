"""The search players (``medium``, ``hard``: ``euchre_cli/players/search/``) and the
level names (``players/levels.py``).

* The exact solver agrees with a plain minimax through the engine's own
  ``legal_actions``/``apply`` (R7) on seeded end positions of every variant.
* Deals drawn for a seat agree with its view: replayed through the engine they give
  the very same view, and respect the voids revealed (R7).
* No peeking: with the view and the seed fixed, the decision of every level is the
  same however the hidden cards lie.
* Decisions are reproducible for a seed and always legal (R16) in every variant.
* What a player keeps of its solving is of the deal at hand only, and changes no
  decision.
* Hand-made positions where the right play is known, at ``hard``.
"""

from __future__ import annotations

import random

import pytest
from deals import CUTTHROAT, LEFT_OF_DEALER, PARTNERS_ACE, STANDARD, VARIANTS, deal, run

from euchre_cli.engine.cards import Suit, cards_of, parse_card
from euchre_cli.engine.game import Game
from euchre_cli.engine.hand import Hand
from euchre_cli.engine.play import play_out
from euchre_cli.engine.scoring import TRICKS_IN_HAND
from euchre_cli.engine.values import ORDER, PASS, PLAY, Action, Phase
from euchre_cli.players.levels import LEVELS, PRESETS, make_player
from euchre_cli.players.rule_based import RuleBasedPlayer
from euchre_cli.players.search import PlaySolver, SearchPlayer
from euchre_cli.players.search import player as search_player
from euchre_cli.players.search.worlds import Knowledge, World
from euchre_cli.rulebook import builtin_names, load_ruleset

C, D, H, S = Suit
QUICK = {"play_samples": 2, "bid_samples": 2, "keep_candidates": 2}


def card(code: str):
    return parse_card(code)


def random_hand(ruleset, seed: int, steps: int | None = None) -> Hand:
    """A seeded deal, bid and played by the rule-based player for ``steps`` actions
    (or to the first card of the play)."""
    rng = random.Random(seed)
    deck = list(ruleset.cards)
    rng.shuffle(deck)
    hand = Hand(ruleset, seed % ruleset.players, deck)
    model = RuleBasedPlayer(seed)
    taken = 0
    while not hand.is_over:
        if steps is None and hand.phase is Phase.PLAY or steps is not None and taken == steps:
            break
        seat = hand.current_seat
        legal = hand.legal_actions()
        action = (
            rng.choice(legal) if hand.phase is Phase.PLAY else model.choose(hand.view(seat), legal)
        )
        hand.apply(action)
        taken += 1
    return hand


# ------------------------------------------------------------------ the solver
def minimax(hand: Hand) -> int:
    """The makers' tricks under best play, by the engine alone."""
    if hand.is_over:
        return sum(hand.tricks_won[s] for s in hand.makers)
    values = []
    for action in hand.legal_actions():
        child = hand.copy()
        child.apply(action)
        values.append(minimax(child))
    return max(values) if hand.is_maker_side(hand.current_seat) else min(values)


def solver_for(hand: Hand) -> PlaySolver:
    seats = [s for s in range(hand.players) if s not in hand.sitting_out]
    return PlaySolver(hand.trump, hand.players, seats, [s for s in hand.makers if s in seats])


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_solver_agrees_with_minimax_through_the_engine(variant):
    """R7 twice: the solver's own rules of play against the engine's, from seeded
    positions with two or three tricks left (some in mid-trick, some alone)."""
    ruleset = VARIANTS[variant]
    checked = 0
    for seed in range(60):
        hand = random_hand(ruleset, seed)
        rng = random.Random(seed)
        if hand.is_over:
            continue
        active = hand.players - len(hand.sitting_out)
        for _ in range(active * 2 + rng.randrange(active)):
            hand.apply(rng.choice(hand.legal_actions()))
        solver = solver_for(hand)
        taken = sum(hand.tricks_won[s] for s in hand.makers)
        left = 5 - len(hand.tricks)
        plays = [(s, int(c)) for s, c in hand.trick_plays]
        exact = solver.maker_tricks(hand.hands, hand.current_seat, plays, left)
        assert taken + exact == minimax(hand), (variant, seed)
        # Thresholds: the largest one reached.
        reached = [t for t in (1, 3) if t <= exact]
        assert solver.maker_tricks(hand.hands, hand.current_seat, plays, left, [1, 3]) == (
            reached[-1] if reached else 0
        )
        checked += 1
    assert checked > 20


def test_solver_from_the_first_lead_is_quick():
    ruleset = load_ruleset("standard")
    for seed in range(20):
        hand = random_hand(ruleset, seed)
        if hand.is_over:
            continue
        solver = solver_for(hand)
        solver.maker_tricks(hand.hands, hand.current_seat, [], 5)
        assert solver.nodes < 50_000


# ------------------------------------------------------------------ the deals
@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_drawn_deals_replay_to_the_same_view(variant):
    """Each drawn deal, replayed through the engine, shows the seat exactly its view:
    the same cards, bids, pick-up, discards, tricks; and no seat holds a suit it has
    shown out of (R7)."""
    ruleset = VARIANTS[variant]
    for seed in range(40):
        rng = random.Random(seed)
        hand = random_hand(ruleset, seed, steps=rng.randrange(4, 30))
        if hand.is_over:
            continue
        seat = hand.current_seat
        view = hand.view(seat)
        know = Knowledge(view, ruleset)
        for _ in range(5):
            holdings, free = know.sample(rng)
            world = know.world(holdings, free, rng)
            replayed = know.replay(world)
            assert replayed.view(seat) == view, (variant, seed)
            if hand.phase is Phase.PLAY:
                for other in range(hand.players):
                    if other != seat and other not in hand.sitting_out:
                        for suit in range(4):
                            if know.voids[other] >> suit & 1:
                                assert not replayed.hands[other] & _suit_mask(hand.trump, suit)


def test_a_dealer_who_discarded_the_upcard_is_drawn_with_it_among_the_discards():
    """R12: a Cutthroat dealer who made trump keeps any five of eleven cards; once it
    shows out of trumps, the upcard (a trump) cannot be in its hand, and the drawn
    deals put it among its discards (they used to keep it in hand, and the replay of
    the dealer's failure to follow was refused)."""
    hands = {1: "AH KD QS 9S TS", 2: "JD QC KC AC 9C", 0: "JH QH KH QD JS"}
    hand = deal(CUTTHROAT, 0, hands=hands, dummy="TH AD KS AS JC", upcard="9H")
    run(hand, "pass pass order pass pass pass")  # the dealer accepts: eleven cards
    run(hand, "discard:9H discard:JH discard:QH discard:KH discard:TH discard:JC")
    run(hand, "play:AH play:JD play:QD")  # the dealer shows out of trumps
    view = hand.view(2)
    know = Knowledge(view, CUTTHROAT)
    assert know.upcard_holder is None
    rng = random.Random(1)
    for _ in range(20):
        holdings, free = know.sample(rng)
        world = know.world(holdings, free, rng)
        assert card("9H") in world.discards[0]
        assert know.replay(world).view(2) == view
    assert make_player("hard", CUTTHROAT, seed=1).choose(view, hand.legal_actions())


def _suit_mask(trump, suit):
    from euchre_cli.engine.cards import SUIT_MASKS

    return SUIT_MASKS[trump][suit]


def test_drawn_deals_are_spread_over_the_placements():
    """Uniform over consistent deals: each unseen card lands in each other hand about
    as often as the hand's size says."""
    hand = deal(STANDARD, 0)
    seat = hand.current_seat
    know = Knowledge(hand.view(seat), STANDARD)
    rng = random.Random(0)
    counts: dict[tuple[int, int], int] = {}
    draws = 600
    for _ in range(draws):
        holdings, _ = know.sample(rng)
        for other, mask in enumerate(holdings):
            for c in cards_of(mask):
                counts[other, c] = counts.get((other, c), 0) + 1
    # 18 unseen cards (24 - 5 own - upcard), 5 in each of three hands.
    for (other, _), n in counts.items():
        assert other != seat
        assert abs(n / draws - 5 / 18) < 0.07


def _world_of(hand: Hand):
    """The deal behind ``hand`` (before any exchange), as a ``World``."""
    dealt = list(hand.hands)
    return World(dealt, dealt, [], [int(c) for c in hand.kitty], [[] for _ in dealt])


def test_bids_and_plays_are_read_as_evidence_about_the_hidden_hands():
    """A drawn deal in which the rule-based judgement would not have made another
    seat's bids and plays counts each such decision; the deal that was really played
    by that judgement explains them all."""
    judge = RuleBasedPlayer()
    weak, strong = "9C TC 9D TD 9S", "JH JD AH KH QH"
    played = deal(STANDARD, 0, hands={1: weak, 2: "AS KS QS JC QD"}, upcard="9H")
    played.apply(judge.choose(played.view(1), played.legal_actions()))
    assert played.history[-1][1] is PASS
    know = Knowledge(played.view(2), STANDARD)
    assert know.misfits(_world_of(played), judge, [0, 1, 3], limit=9) == 0
    swapped = deal(STANDARD, 0, hands={1: strong, 2: "AS KS QS JC QD"}, upcard="9H")
    assert know.misfits(_world_of(swapped), judge, [0, 1, 3], limit=9) == 1  # it would order
    assert know.misfits(_world_of(swapped), judge, [0, 3], limit=9) == 0  # seat 1 not read

    # Through the play: every decision of the other seats, made by the judgement.
    checked = 0
    for seed in range(12):
        deck = list(STANDARD.cards)
        random.Random(seed).shuffle(deck)
        hand = Hand(STANDARD, seed % 4, deck)
        while not hand.is_over and len(hand.tricks) < 2:
            hand.apply(judge.choose(hand.view(hand.current_seat), hand.legal_actions()))
        if hand.is_over or hand.phase is not Phase.PLAY:
            continue
        me = hand.current_seat
        know = Knowledge(hand.view(me), STANDARD)
        start = Hand(STANDARD, hand.dealer, hand.deck)
        world = _world_of(start)
        world.discards = [[int(c) for c in d] for d in hand.discards]
        others = [s for s in range(4) if s != me]
        assert know.misfits(world, judge, others, limit=99) == 0
        checked += 1
    assert checked >= 6


# -------------------------------------------------------------------- no peeking
def decision_points():
    """(name, ruleset, hand at a decision) for several phases and tables."""
    standard = load_ruleset("standard")
    cutthroat = load_ruleset("cutthroat")
    points = []
    # Bidding on the upcard, seat 1 with dealer 0.
    points.append(("bid", standard, deal(standard, 0, hands={1: "JH JD AH KS 9C"}, upcard="9H")))
    # Naming trump after everybody passed the upcard.
    named = deal(standard, 0, hands={1: "AS KS QS JC 9D"}, upcard="9H")
    points.append(("name", standard, run(named, "pass pass pass pass")))
    # The dealer's discard after being ordered up.
    ordered = deal(standard, 0, hands={0: "JH AC KC 9S TD"}, upcard="AH")
    points.append(("discard", standard, run(ordered, "order pass pass pass pass")))
    # The Cutthroat maker keeping five of ten.
    keep = deal(cutthroat, 0, hands={1: "JH AH KH 9S 9C"}, dummy="JD QH TH 9D TD", upcard="9H")
    points.append(("keep-five", cutthroat, run(keep, "order pass pass pass pass")))
    # Mid-play in the fourth-handed game and in Cutthroat.
    points.append(("play", standard, random_hand(standard, 11, steps=None)))
    points.append(("cutthroat-play", cutthroat, random_hand(cutthroat, 5, steps=None)))
    for name, _, hand in points[-2:]:
        rng = random.Random(name)
        for _ in range(rng.randrange(2, 6)):
            hand.apply(rng.choice(hand.legal_actions()))
    return points


def other_deals(ruleset, hand: Hand, count: int) -> list[Hand]:
    """Hands whose view for the seat to act equals ``hand``'s, the hidden cards
    placed differently: drawn, replayed and checked by the engine's own view."""
    seat = hand.current_seat
    view = hand.view(seat)
    know = Knowledge(view, ruleset)
    rng = random.Random(42)
    out = []
    for _ in range(count):
        holdings, free = know.sample(rng)
        other = know.replay(know.world(holdings, free, rng))
        assert other.view(seat) == view
        out.append(other)
    return out


@pytest.mark.parametrize("level", LEVELS)
def test_no_peeking_the_decision_depends_only_on_the_view(level):
    """Each decision made again with the hidden cards dealt otherwise: six other deals,
    three at hard (its decisions take the most time, and a peek changes its choice
    with any deal that moves the cards it peeks at)."""
    for name, ruleset, hand in decision_points():
        seat = hand.current_seat
        others = other_deals(ruleset, hand, 3 if level == "hard" else 6)
        hidden = {tuple(h.hands[s] for s in range(h.players) if s != seat) for h in others}
        assert len(hidden) > 1, name  # the hidden cards really differ
        choices = set()
        for other in [hand, *others]:
            player = make_player(level, ruleset, seed=7)
            choices.add(player.choose(other.view(seat), other.legal_actions()))
        assert len(choices) == 1, (level, name, choices)


# ------------------------------------------------------- reproducible and legal
def test_seeded_decisions_are_reproducible():
    ruleset = load_ruleset("two-handed")

    def summary(seed):
        players = [make_player("hard", ruleset, seed=f"p{i}") for i in range(2)]
        game = Game(ruleset, ["a", "b"], players, seed=seed)
        game.start()
        for _ in range(3):
            game.play_hand()
        return [r.result for r in game.records]

    assert summary(5) == summary(5)


EVERY_PHASE = {
    Phase.BID_UPCARD,
    Phase.NAME_TRUMP,
    Phase.MAKER_ALONE,
    Phase.DEFENDER_ALONE,
    Phase.PICKUP,
    Phase.DISCARD,
    Phase.PLAY,
}
ALONE = {Phase.MAKER_ALONE, Phase.DEFENDER_ALONE}
# What twelve hands of search players reach in each variant (thirty reached no more).
PHASES_REACHED = {
    "cutthroat": EVERY_PHASE - {Phase.NAME_TRUMP},
    "mandatory-pickup": EVERY_PHASE - {Phase.PICKUP},
    "two-handed": EVERY_PHASE - ALONE,
    "two-handed-dummy": EVERY_PHASE - ALONE - {Phase.NAME_TRUMP, Phase.PICKUP},
}


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_r16_search_decisions_are_always_legal(variant):
    """Every phase of every variant, search players (with few deals, for time) at
    every seat and both search levels' paths: bidding search and play search."""
    ruleset = VARIANTS[variant]
    rng = random.Random(variant)
    deck = list(ruleset.cards)
    phases = set()
    for number in range(12):
        rng.shuffle(deck)
        players = [
            SearchPlayer(ruleset, number, search_bidding=(seat + number) % 3 != 0, **QUICK)
            for seat in range(ruleset.players)
        ]
        hand = Hand(ruleset, number % ruleset.players, deck)
        while not hand.is_over:
            seat = hand.current_seat
            legal = hand.legal_actions()
            action = players[seat].choose(hand.view(seat), legal)
            assert action in legal
            phases.add(hand.phase)
            hand.apply(action)
    assert phases >= PHASES_REACHED.get(variant, EVERY_PHASE)


@pytest.mark.parametrize("name", builtin_names())
def test_every_builtin_ruleset_plays_a_hand_at_hard(name):
    """Hard players at every seat bid and play a whole hand, which is scored (the
    engine refuses an illegal action)."""
    ruleset = load_ruleset(name)
    players = [make_player("hard", ruleset, seed=s) for s in range(ruleset.players)]
    game = Game(ruleset, [str(s) for s in range(ruleset.players)], players, seed=1)
    game.start()
    record = game.play_hand()
    assert sum(record.result.tricks) == TRICKS_IN_HAND  # seed 1 throws no hand in
    assert record.score is not None and sum(record.score.points) > 0
    assert game.scores == list(record.score.points)


def test_levels_by_name():
    assert set(LEVELS) == {"easy", "medium", "hard"}
    assert isinstance(make_player("easy", STANDARD), RuleBasedPlayer)
    assert isinstance(make_player("hard", STANDARD), SearchPlayer)
    with pytest.raises(ValueError, match="unknown level"):
        make_player("expert", STANDARD)


def test_think_caps_the_time_per_decision():
    """``--think`` stops drawing deals once one more would pass the deadline: with the
    deadline already gone, one deal; without a cap, the level's full count.  (No
    wall-clock bound is asserted: the machines are shared and noisy.)"""
    hand = decision_points()[1][2]
    view, legal = hand.view(hand.current_seat), hand.legal_actions()
    capped = make_player("hard", STANDARD, think=1e-9).analyse(view, legal)
    uncapped = make_player("hard", STANDARD).analyse(view, legal)
    assert capped.samples == 1
    assert uncapped.samples == PRESETS["hard"].bid_samples > 1
    assert capped.choice in legal


# ------------------------------------------------------------- memory bounded
def solved_positions(players) -> list[dict]:
    """What each player keeps of its solving: every position and its bounds."""
    return [
        {(key, pos): bounds for key, s in p._solvers.items() for pos, bounds in s.positions.items()}
        for p in players
    ]


def quick_deals(count: int) -> list[Hand]:
    rng = random.Random(3)
    deck = list(STANDARD.cards)
    hands = []
    for number in range(count):
        rng.shuffle(deck)
        hands.append(Hand(STANDARD, number % 4, list(deck)))
    return hands


def test_a_player_keeps_nothing_solved_in_an_earlier_deal():
    """A position holds every hand's cards, of no use in another deal; kept for the
    player's life, they grew by about 10 MiB a hand.  After a deal, players who
    played others before it keep just what new players keep after it alone."""
    first, second = quick_deals(2)
    players = [SearchPlayer(STANDARD, seat, **QUICK) for seat in range(4)]
    play_out(first.copy(), players)
    play_out(second.copy(), players)
    fresh = [SearchPlayer(STANDARD, seat, **QUICK) for seat in range(4)]
    play_out(second.copy(), fresh)
    assert all(solved_positions(fresh))
    assert solved_positions(players) == solved_positions(fresh)


def test_the_positions_kept_change_no_decision(monkeypatch):
    """The positions kept only spare work: players who keep none past each question
    (a cap of 0, where the cap bounds what a long deal keeps) decide the same."""

    def played() -> tuple[list[Action], int]:
        players = [SearchPlayer(STANDARD, seat, **QUICK) for seat in range(4)]
        actions: list[Action] = []
        for hand in quick_deals(3):
            play_out(hand, players, applied=lambda seat, action, phase: actions.append(action))
        return actions, sum(map(len, solved_positions(players)))

    kept_actions, kept = played()
    monkeypatch.setattr(search_player, "MAX_POSITIONS", 0)
    capped_actions, capped = played()
    assert capped_actions == kept_actions
    assert capped < kept


# ----------------------------------------------------- positions with a known play
def hard_choice(hand: Hand, ruleset=STANDARD):
    player = make_player("hard", ruleset, seed=1)
    action = player.choose(hand.view(hand.current_seat), hand.legal_actions())
    assert action in hand.legal_actions()
    return action


def test_hard_draws_the_last_trump():
    """R7: hearts trump, the maker (seat 0) has won two tricks and holds the right
    bower and two aces; the dealer picked up the 9H, the last trump a defender can
    hold.  Leading the right draws it, and both aces then march; an ace first can be
    ruffed (here it would be)."""
    hand = deal(
        STANDARD,
        3,
        hands={
            0: "JH AH KH AS AC",
            1: "9S TS 9C TC 9D",
            2: "JS QS KS QC KC",
            3: "TH QH KD AD QD",
        },
        upcard="9H",
        kitty="TD JD JC",
    )
    run(hand, "order pass pass pass pickup discard:QD")
    run(hand, "play:KH play:9S play:QS play:TH play:AH play:9C play:KS play:QH")
    assert hand.current_seat == 0 and hand.tricks_won[0] == 2
    assert hard_choice(hand) is PLAY[card("JH")]


def test_r6_a_lone_hand_is_read_as_a_strong_one():
    """The rule-based judgement goes alone only with a near-certain march, so no drawn
    deal explained a loner and the lone maker was dealt an ordinary hand: holding
    K♠ A♥ Q♥ J♥ 9♦ against A♣ A♦ K♦ Q♦ J♦ alone (an expert's review, seed 109), the
    defender defended alone, which gains only with all five tricks, in 9 of 10 seeds."""
    hands = {0: "KS AH QH JH 9D", 1: "AC AD KD QD JD", 2: "AS TH KC TC TD", 3: "TS 9S KH QC JC"}
    dealt = deal(STANDARD, dealer=0, hands=hands, upcard="QS")
    hand = run(deal(STANDARD, dealer=0, hands=hands, upcard="QS"), "pass " * 4 + "name:D alone")
    run(hand, "pass")  # Cy does not defend alone; Ann decides
    view = hand.view(0)
    know = Knowledge(view, STANDARD)
    assert know.misfits(_world_of(dealt), RuleBasedPlayer(), [1, 2, 3], limit=9) == 0
    legal = hand.legal_actions()
    choices = [SearchPlayer(STANDARD, seed).analyse(view, legal).choice for seed in range(10)]
    assert choices.count(PASS) >= 8


def test_hard_does_not_trump_the_partners_winner():
    """R7: the partner's ace of spades is winning trick four and I am last, void in
    spades with the 9H and the 9C.  Ruffing wins this trick but loses the last
    (euchred); throwing the club lets the 9H ruff the last trick (made)."""
    hand = deal(
        STANDARD,
        3,
        hands={
            0: "JH 9H QD TD 9C",
            1: "9D AD KD 9S KC",
            2: "JD QS KS AS QC",
            3: "TS AC TC JS JC",
        },
        upcard="TH",
        kitty="QH KH AH",
    )
    run(hand, "order pass pass pass pickup discard:JC")
    run(hand, "play:JH play:9D play:JD play:TH")
    run(hand, "play:QD play:AD play:QS play:TC")
    run(hand, "play:KD play:KS play:JS play:TD")
    run(hand, "play:9S play:AS play:TS")
    assert hand.current_seat == 0
    assert hard_choice(hand) is PLAY[card("9C")]


def test_r7_hard_never_takes_the_partners_sure_trick():
    """Last to play to the partner's A♦, void in diamonds: the side takes the trick
    whatever is played, so the solver values a trump and a spade alike; hard leaves
    the trick to its partner, as a person would.  And with the dealer's right bower
    played out of reach, the left bower stays home under the partner's A♥."""
    hand = deal(STANDARD, **PARTNERS_ACE)
    run(hand, "order pass pass pass pass play:9D play:AD play:TD")
    assert hard_choice(hand).card in {card("AS"), card("QS")}
    hands = {0: "9S 9H TC 9C 9D", 1: "TS JD KH QC TD", 2: "QS QH KC JC JS", 3: "AS AH TH AC KD"}
    hand = run(deal(STANDARD, dealer=3, hands=hands, upcard="JH"), "pass order pass pass pass")
    run(hand, "pickup discard:KD play:9S play:TS play:QS play:AS play:AH play:9H")
    assert hard_choice(hand) is PLAY[card("KH")]


def test_the_choice_leaves_out_what_is_not_allowed_and_near_ties_go_to_the_rule():
    """``_decide``: a card left out (an overtake) is not chosen however it is valued,
    but keeps its value for the hint; values within the margin go to the default."""
    over, low, other = (PLAY[card(code)] for code in ("AS", "9S", "QS"))
    totals = {over: 2.0, low: 1.0, other: 0.9}
    analysis = search_player._decide(totals, 2, other, allowed=[low, other])
    assert analysis.choice is low and analysis.values[over] == 1.0
    assert search_player._decide(totals, 2, other, 0.1, [low, other]).choice is other
    assert search_player._decide(totals, 2, other).choice is over


def test_hard_leads_the_right_bower_alone():
    """R6, R7: alone (left-of-dealer lead), on lead with the right bower, the ace and
    queen of trump and two off aces, the left bower out: the right draws trumps
    safely; the ace of trump can lose to the left, an off ace can be ruffed."""
    hand = deal(
        LEFT_OF_DEALER,
        3,
        hands={0: "JH AH QH AS AC", 3: "9S TS 9C TC 9D"},
        upcard="9H",
    )
    run(hand, "order alone pass pass pickup discard:9D")
    assert hand.current_seat == 0 and hand.sitting_out == [2]
    assert hard_choice(hand, LEFT_OF_DEALER) is PLAY[card("JH")]


def test_hard_cutthroat_maker_keeps_the_right_five():
    """R12: the maker with four trumps and the dummy's two more, the right and left
    bowers among them, keeps the five best trumps rather than off aces."""
    ruleset = CUTTHROAT
    hand = deal(
        ruleset,
        0,
        hands={1: "JH AH KH 9S 9C", 2: "AS KS QS JS TS", 0: "AC KC QC JC TC"},
        dummy="JD QH TH 9D TD",
        upcard="9H",
    )
    run(hand, "order pass pass")
    while hand.phase is not Phase.DISCARD:
        hand.apply(PASS if PASS in hand.legal_actions() else hand.legal_actions()[0])
    player = make_player("hard", ruleset, seed=1)
    while hand.phase is Phase.DISCARD and hand.current_seat == 1:
        action = player.choose(hand.view(1), hand.legal_actions())
        assert action.kind == "discard"
        hand.apply(action)
    kept = {c.code for c in cards_of(hand.hands[1])}
    assert kept == {"JH", "JD", "AH", "KH", "QH"}


def test_hints_explain_the_choice():
    player = make_player("hard", STANDARD, seed=3)
    hand = decision_points()[0][2]
    analysis = player.analyse(hand.view(1), hand.legal_actions())
    assert set(analysis.values) == {PASS, ORDER}
    assert analysis.choice in (PASS, ORDER)
    assert analysis.samples > 0


# ---------------------------------------------------------------------- hints
def test_hint_at_a_prompt_shows_the_hard_choice_without_playing_it():
    from click.testing import CliRunner

    from euchre_cli.commands.euchre import main

    result = CliRunner().invoke(
        main, ["play", "--seed", "3", "--level", "easy", "--delay", "0"], input="hint\nquit\n"
    )
    assert result.exit_code == 1
    # In a game the hint weighs the choices by the chance of winning the game, and
    # gives the points on the same deals beside them.
    assert "Hint: pass: you win the game 45.3% of the time (net -0.71 points this hand)" in (
        result.output
    )
    assert "game left before the end" in result.output
    assert "You order" not in result.output and "You pass" not in result.output


def test_hints_flag_shows_a_hint_before_each_decision():
    from click.testing import CliRunner

    from euchre_cli.commands.euchre import main

    result = CliRunner().invoke(
        main, ["play", "--seed", "3", "--level", "easy", "--hints", "--delay", "0"], input="quit\n"
    )
    assert result.output.count("Hint: ") == 1
