"""Scoring (R8 hands, R9 games and ties, the bridge, R10 rubbers, R17 reneges), checked
directly in ``scoring.py`` and through complete hands dealt and played on the engine.

Complete hands use "holder" deals whose trick counts are forced whatever is played:
the holder has the top three (four, five) trumps, each of which wins its trick; one
opponent holds five clubs and the other five spades, so the holder's 9♣ and 9♠ always
lose; the holder's partner holds only diamonds, which nobody else can lead, so the
partner never wins a trick unless it leads the first one.
"""

from __future__ import annotations

import dataclasses

import pytest
from deals import CUTTHROAT, STANDARD, TWO_HANDED, deal, finish

from euchre_cli.engine.hand import Hand
from euchre_cli.engine.rules import RubberRules, Ruleset, ScoringRules
from euchre_cli.engine.scoring import (
    GameResult,
    HandOutcome,
    HandScore,
    RubberResult,
    at_the_bridge,
    game_winner,
    rubber_points,
    rubber_result,
    score_hand,
    score_renege,
    scoring_row,
)
from euchre_cli.engine.values import ALONE, ORDER, PASS, Phase
from euchre_cli.terminal.wording import row_words

SCORING = ScoringRules()
CUTTHROAT_SCORING = CUTTHROAT.scoring


# ------------------------------------------------------------ R8 score_hand
@pytest.mark.parametrize(
    ("outcome", "row", "points"),
    [
        (HandOutcome(0, 3), "make", (1, 0)),
        (HandOutcome(1, 4), "make", (0, 1)),
        (HandOutcome(0, 5), "march", (2, 0)),
        (HandOutcome(1, 3, maker_alone=True), "lone_make", (0, 1)),
        (HandOutcome(1, 4, maker_alone=True), "lone_make", (0, 1)),
        (HandOutcome(0, 5, maker_alone=True), "lone_march", (4, 0)),
        (HandOutcome(0, 2), "euchre", (0, 2)),
        (HandOutcome(1, 0), "euchre", (2, 0)),
        (HandOutcome(0, 1, maker_alone=True), "euchre", (0, 2)),  # lone maker euchred
        (HandOutcome(0, 2, lone_defender_side=1), "lone_defender_euchre", (0, 2)),
        (HandOutcome(0, 1, lone_defender_side=1), "lone_defender_euchre", (0, 2)),
        (HandOutcome(1, 0, lone_defender_side=0), "lone_defender_march", (4, 0)),
        (HandOutcome(1, 2, True, 0), "lone_defender_euchre", (2, 0)),  # both alone
        (HandOutcome(0, 3, lone_defender_side=1), "make", (1, 0)),  # lone defender beaten
        (HandOutcome(0, 5, True, 1), "lone_march", (4, 0)),
    ],
)
def test_r8_every_row_of_the_four_handed_table(outcome, row, points):
    assert scoring_row(outcome) == row
    score = score_hand(SCORING, outcome, 2)
    assert score.row == row
    assert score.points == points
    assert row_words(score.row)  # the screen and the scorekeeper have words for it


def test_r8_point_values_come_from_the_ruleset():
    """Seed 000's variant: a lone defender scores 4 for taking 3 or more tricks."""
    rules = dataclasses.replace(SCORING, lone_defender_euchre=4, march=3)
    assert score_hand(rules, HandOutcome(0, 2, lone_defender_side=1), 2).points == (0, 4)
    assert score_hand(rules, HandOutcome(0, 5), 2).points == (3, 0)


def test_r8_hand_outcome_refuses_impossible_trick_counts():
    with pytest.raises(ValueError, match="0 to 5"):
        HandOutcome(0, 6)
    with pytest.raises(ValueError):
        HandOutcome(0, -1)


@pytest.mark.parametrize(
    ("outcome", "points"),
    [
        (HandOutcome(1, 3), (0, 1, 0)),
        (HandOutcome(1, 5), (0, 3, 0)),  # R12: all five is 3 points in Cutthroat
        (HandOutcome(2, 2), (2, 2, 0)),  # R12: maker euchred, each defender scores 2
        (HandOutcome(0, 0), (0, 2, 2)),
        (HandOutcome(1, 2, lone_defender_side=2), (0, 0, 2)),  # only the lone defender
        (HandOutcome(1, 0, lone_defender_side=0), (4, 0, 0)),
        (HandOutcome(0, 4, maker_alone=True), (1, 0, 0)),
        (HandOutcome(0, 5, maker_alone=True), (4, 0, 0)),
    ],
)
def test_r12_cutthroat_scoring(outcome, points):
    assert score_hand(CUTTHROAT_SCORING, outcome, 3).points == points


@pytest.mark.parametrize(
    ("outcome", "points"),
    [(HandOutcome(0, 3), (1, 0)), (HandOutcome(1, 5), (0, 2)), (HandOutcome(0, 2), (0, 2))],
)
def test_r14_two_handed_scoring(outcome, points):
    assert score_hand(TWO_HANDED.scoring, outcome, 2).points == points


# ------------------------------------------------------------------- R9 games
@pytest.mark.parametrize(
    ("scores", "target", "winner"),
    [
        ((10, 3), 10, 0),
        ((9, 11), 10, 1),
        ((9, 9), 10, None),
        ((0, 0), 10, None),
        ((5, 4), 5, 0),
        ((12, 11, 3), 10, 0),  # several past the target: the highest wins
        ((10, 3, 12), 10, 2),
        ((11, 11, 5), 10, None),  # the highest is shared: play on
        ((11, 11, 12), 10, 2),
        ((10, 10, 10), 10, None),
        ((9, 9, 9), 10, None),
        ((10, 10), 10, None),
    ],
)
def test_r9_game_winner_and_ties(scores, target, winner):
    assert game_winner(list(scores), target) == winner


@pytest.mark.parametrize(
    ("scores", "side"),
    [((4, 2), 0), ((4, 0), 0), ((1, 4), 1), ((4, 3), None), ((4, 4), None), ((3, 0), None)],
)
def test_r9_at_the_bridge_in_a_five_point_game(scores, side):
    assert at_the_bridge(scores, 5) == side


# ------------------------------------------------------------- R17 reneges
@pytest.mark.parametrize(
    ("side", "alone", "sides", "row", "points"),
    [
        (1, False, 2, "renege", (2, 0)),
        (0, True, 2, "renege_lone", (0, 4)),
        (2, False, 3, "renege", (2, 2, 0)),  # Cutthroat: every other player scores
        (0, True, 3, "renege_lone", (0, 4, 4)),
    ],
)
def test_r17_a_renege_scores_every_other_side(side, alone, sides, row, points):
    assert score_renege(SCORING, side, alone, sides) == HandScore(points, row)
    assert row_words(row)  # the scorekeeper has words for it


def test_r17_renege_penalties_come_from_the_ruleset():
    house = dataclasses.replace(SCORING, renege=3, renege_lone=5)
    assert score_renege(house, 0, False, 2).points == (0, 3)
    assert score_renege(house, 0, True, 2).points == (0, 5)


# ----------------------------------------------------------------- R10 rubbers
@pytest.mark.parametrize(
    ("losers", "points"), [(-2, 3), (0, 3), (1, 2), (2, 2), (3, 1), (7, 1), (9, 1)]
)
def test_r10_rubber_points_from_the_losers_score(losers, points):
    assert rubber_points(losers) == points


def test_r10_game_record_rubber_points():
    assert GameResult(0, (10, 0)).rubber_points == 3
    assert GameResult(1, (7, 10)).rubber_points == 1
    assert GameResult(0, (10, 2)).rubber_points == 2


def test_r10_worked_example_margin_six():
    """A wins 10-0 (3), B wins 10-7 (1), A wins 10-2 (2): 2 + (3 + 2) - 1 = 6."""
    games = [GameResult(0, (10, 0)), GameResult(1, (7, 10)), GameResult(0, (10, 2))]
    assert rubber_result(RubberRules(), games[:1], 2) is None
    assert rubber_result(RubberRules(), games[:2], 2) is None
    assert rubber_result(RubberRules(), games, 2) == RubberResult(winner=0, margin=6)


def test_r10_two_straight_games():
    games = [GameResult(1, (4, 10)), GameResult(1, (1, 10))]
    assert rubber_result(RubberRules(), games, 2) == RubberResult(1, 2 + 1 + 2)


def test_r10_rubber_settings_come_from_the_ruleset():
    games = [GameResult(0, (10, 0)), GameResult(0, (10, 5))]
    assert rubber_result(RubberRules(games_to_win=3, bonus=2), games, 2) is None
    three = [*games, GameResult(0, (10, 1))]
    assert rubber_result(RubberRules(games_to_win=3, bonus=0), three, 2) == RubberResult(0, 6)


# -------------------------------------------------------- R8 on complete hands
THREE = "JH JD AH 9C 9S"  # wins exactly three tricks
FOUR = "JH JD AH KH 9C"  # exactly four
FIVE = "JH JD AH KH QH"  # all five


def holder_deal(ruleset: Ruleset, holder_cards: str, holder: int = 1, dealer: int = 0) -> Hand:
    held = holder_cards.split()
    rest = [c for c in ["9H", "TH", "QH", "KH", "9C", "9S"] if c not in held]
    hands = {
        holder: holder_cards,
        (holder + 2) % 4: "9D TD QD KD AD",
        (holder + 1) % 4: "TC JC QC KC AC",
        (holder + 3) % 4: "TS JS QS KS AS",
    }
    return deal(ruleset, dealer, hands=hands, upcard=rest[0], kitty=rest[1:])


def drive(hand: Hand, maker: int, maker_alone=False, lone_defender=None) -> Hand:
    """Bid so that ``maker`` orders the upcard up, decide alone, leave the upcard, and
    play the hand out."""
    while hand.phase is Phase.BID_UPCARD:
        hand.apply(ORDER if hand.current_seat == maker else PASS)
    assert hand.maker == maker
    if hand.phase is Phase.MAKER_ALONE:
        hand.apply(ALONE if maker_alone else PASS)
    while hand.phase is Phase.DEFENDER_ALONE:
        hand.apply(ALONE if hand.current_seat == lone_defender else PASS)
    if hand.phase is Phase.PICKUP:
        hand.apply(PASS)
    while hand.phase is Phase.DISCARD:
        hand.apply(hand.legal_actions()[0])
    return finish(hand)


HOLDER_CASES = [
    # (holder's cards, maker, maker alone, lone defender, row, maker tricks, points)
    (THREE, 1, False, None, "make", 3, (0, 1)),
    (FOUR, 1, False, None, "make", 4, (0, 1)),
    (FIVE, 1, False, None, "march", 5, (0, 2)),
    (THREE, 1, True, None, "lone_make", 3, (0, 1)),
    (FOUR, 1, True, None, "lone_make", 4, (0, 1)),
    (FIVE, 1, True, None, "lone_march", 5, (0, 4)),
    (THREE, 2, False, None, "euchre", 2, (0, 2)),
    (FIVE, 2, False, None, "euchre", 0, (0, 2)),
    (THREE, 2, False, 1, "lone_defender_euchre", 2, (0, 2)),
    (FOUR, 2, False, 1, "lone_defender_euchre", 1, (0, 2)),
    (FIVE, 2, False, 1, "lone_defender_march", 0, (0, 4)),
    (FOUR, 2, True, 1, "lone_defender_euchre", 1, (0, 2)),  # both alone
    (FIVE, 2, True, 1, "lone_defender_march", 0, (0, 4)),
    (FIVE, 2, True, None, "euchre", 0, (0, 2)),  # lone maker euchred by two defenders
]


@pytest.mark.parametrize(
    ("holder_cards", "maker", "alone", "lone_defender", "row", "tricks", "points"),
    HOLDER_CASES,
)
def test_r8_scoring_rows_on_complete_hands(
    holder_cards, maker, alone, lone_defender, row, tricks, points
):
    hand = drive(holder_deal(STANDARD, holder_cards), maker, alone, lone_defender)
    result = hand.result()
    assert result.makers == tuple(sorted((maker, (maker + 2) % 4)))
    assert result.outcome.maker_side == maker % 2
    assert result.outcome.maker_alone is alone
    assert result.outcome.maker_tricks == tricks
    assert sum(result.tricks) == 5
    assert result.lone_defender == lone_defender
    score = score_hand(STANDARD.scoring, result.outcome, 2)
    assert (score.row, score.points) == (row, points)


def test_r8_lone_defender_variant_worth_four_on_a_complete_hand():
    ruleset = dataclasses.replace(STANDARD, scoring=ScoringRules(lone_defender_euchre=4))
    hand = drive(holder_deal(ruleset, THREE), maker=2, lone_defender=1)
    assert score_hand(ruleset.scoring, hand.result().outcome, 2).points == (0, 4)


CUT_REST = "TD JC QC KC AC 9D"


def cutthroat_holder(holder_cards: str, holder: int, dummy: str, others: dict) -> Hand:
    hands = {holder: holder_cards, **others}
    return deal(CUTTHROAT, 0, hands=hands, dummy=dummy, upcard="9H")


def test_r12_cutthroat_maker_euchred_each_defender_scores_two():
    hand = cutthroat_holder(FIVE, 2, "9C TC JC QC KC", {1: "9S TS JS QS KS"})
    drive(hand, maker=1)
    result = hand.result()
    assert result.makers == (1,)
    assert result.tricks[2] == 5 and result.outcome.maker_tricks == 0
    assert score_hand(CUTTHROAT.scoring, result.outcome, 3).points == (2, 0, 2)


def test_r12_cutthroat_maker_with_the_dummy_marches_for_three():
    hand = cutthroat_holder("JH JD AH 9C 9S", 1, "KH QH TC JC QC", {})
    while hand.phase is not Phase.DISCARD:
        hand.apply(ORDER if hand.phase is Phase.BID_UPCARD else PASS)
    assert hand.current_seat == 1 and len(hand.hand_of(1)) == 10
    for code in ["9C", "9S", "TC", "JC", "QC"]:
        hand.apply(next(a for a in hand.legal_actions() if a.card.code == code))
    finish(hand)
    result = hand.result()
    assert result.tricks[1] == 5
    assert score_hand(CUTTHROAT.scoring, result.outcome, 3).points == (0, 3, 0)


def test_r12_cutthroat_lone_defender_march_scores_four_to_them_alone():
    hand = cutthroat_holder(FIVE, 2, "9C TC JC QC KC", {1: "9S TS JS QS KS"})
    drive(hand, maker=1, lone_defender=2)
    result = hand.result()
    assert result.lone_defender == 2
    assert score_hand(CUTTHROAT.scoring, result.outcome, 3).points == (0, 0, 4)


def test_r12_cutthroat_lone_maker_march_scores_four():
    hand = cutthroat_holder(FIVE, 1, "9C TC JC QC KC", {})
    drive(hand, maker=1, maker_alone=True)
    result = hand.result()
    assert result.tricks[1] == 5 and result.alone == (1,)
    assert score_hand(CUTTHROAT.scoring, result.outcome, 3).points == (0, 4, 0)


@pytest.mark.parametrize(("maker", "row"), [(1, "march"), (0, "euchre")])
def test_r14_two_handed_march_and_euchre(maker, row):
    """R14: all five is 2 to the maker; a euchred maker gives 2 to the opponent."""
    hand = deal(TWO_HANDED, 0, hands={1: FIVE, 0: "9S TS JS QS KS"}, upcard="9H")
    drive(hand, maker=maker)
    result = hand.result()
    assert result.tricks == (0, 5)
    score = score_hand(TWO_HANDED.scoring, result.outcome, 2)
    assert (score.row, score.points) == (row, (0, 2))
