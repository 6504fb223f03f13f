"""The game loop (``euchre_cli/engine/game.py``): the draw for seats and first dealer (R3),
dealer rotation, thrown-in hands (R5), the winner (R9) and the ``--json`` summary."""

from __future__ import annotations

import dataclasses
import random
from itertools import repeat

import pytest
from consoles import Said
from deals import CUTTHROAT, STANDARD, TWO_HANDED, cards, check_summary

from euchre_cli.engine.cards import JOKER, Suit, parse_card
from euchre_cli.engine.game import Game, GameObserver, GameTooLong, draw_for_seats, draw_value
from euchre_cli.engine.rules import DealRules, DeckRules, GameRules
from euchre_cli.engine.scoring import HandOutcome
from euchre_cli.engine.values import PASS, EngineError, HandResult
from euchre_cli.players import RandomPlayer
from euchre_cli.terminal.screen import TableScreen


class ScriptedRng:
    """Stands in for ``random.Random`` in ``draw_for_seats``: each ``sample`` call
    returns the next scripted round of cards."""

    def __init__(self, *rounds: str) -> None:
        self.rounds = [cards(r) for r in rounds]
        self.packs: list[list] = []

    def sample(self, pack, count):
        self.packs.append(list(pack))
        drawn = self.rounds.pop(0)
        assert len(drawn) == count
        return drawn


def draw(players: int, *rounds: str, deck=STANDARD.cards):
    rng = ScriptedRng(*rounds)
    result = draw_for_seats(players, deck, rng)
    assert not rng.rounds, "every scripted round is drawn"
    return result


# -------------------------------------------------------------------- R3 draw
def test_r3_draw_values_king_high_ace_low_suits_ignored():
    order = ["AS", "7C", "8D", "9H", "TS", "JC", "QD", "KH"]
    values = [draw_value(parse_card(c)) for c in order]
    assert values == sorted(values) and len(set(values)) == len(values)
    assert draw_value(parse_card("9C")) == draw_value(parse_card("9S"))


def test_r3_four_players_lowest_deals_two_lowest_against_two_highest():
    result = draw(4, "KC 9D AH QS")  # players 0..3; A lowest, then 9, Q, K
    assert len(result.rounds) == 1
    assert result.dealer == 0
    seating = result.seating
    assert seating[result.dealer] == 2  # the ace deals
    assert {seating[0], seating[2]} == {2, 1}  # the two lowest are partners
    assert {seating[1], seating[3]} == {0, 3}  # against the two highest
    assert sorted(seating) == [0, 1, 2, 3]


def test_r3_tie_for_lowest_redraws_only_the_tied_players():
    result = draw(4, "9C 9D KH QS", "AH TC")
    assert [p for p, _ in result.rounds[1]] == [0, 1]
    assert result.seating[result.dealer] == 0  # the ace in the redraw is lower
    assert {result.seating[0], result.seating[2]} == {0, 1}


def test_r3_tie_between_the_two_highest_does_not_matter():
    result = draw(4, "AC 9D KH KS")
    assert len(result.rounds) == 1
    assert result.seating[0] == 0
    assert {result.seating[0], result.seating[2]} == {0, 1}


def test_r3_tie_that_splits_the_partnerships_is_redrawn():
    result = draw(4, "AC QD QH KS", "JS 9C")  # 1 and 2 tie between second and third
    assert [p for p, _ in result.rounds[1]] == [1, 2]
    assert result.seating[0] == 0
    assert {result.seating[0], result.seating[2]} == {0, 2}  # 9 beats J for lowness


def test_r3_three_way_tie_and_repeated_redraws():
    result = draw(4, "9C 9D 9H KS", "QC QD TH", "AC KD")
    assert [p for p, _ in result.rounds[1]] == [0, 1, 2]
    # 2's ten is lowest: 2 deals; 0 and 1 tie on queens for the partnerships.
    assert [p for p, _ in result.rounds[2]] == [0, 1]
    assert result.seating[0] == 2
    assert {result.seating[0], result.seating[2]} == {2, 0}


@pytest.mark.parametrize(
    ("players", "rounds", "dealer_player", "redraws"),
    [
        (3, ["AC KD KH"], 0, 0),  # a tie above the lowest does not matter
        (3, ["9C 9D KH", "KC QD"], 1, 1),
        (2, ["QC QD", "9S TH"], 0, 1),
        (2, ["KC AD"], 1, 0),
    ],
)
def test_r3_draw_for_fewer_players(players, rounds, dealer_player, redraws):
    result = draw(players, *rounds)
    assert len(result.rounds) == 1 + redraws
    assert result.seating[result.dealer] == dealer_player
    assert sorted(result.seating) == list(range(players))


def test_r3_draw_never_uses_the_joker():
    rng = ScriptedRng("AC 9D KH QS")
    draw_for_seats(4, dataclasses.replace(STANDARD, deck=DeckRules(joker=True)).cards, rng)
    assert JOKER not in rng.packs[0] and len(rng.packs[0]) == 24


@pytest.mark.parametrize("seed", range(40))
def test_r3_draw_with_a_real_shuffle_is_consistent(seed):
    for players in (2, 3, 4):
        result = draw_for_seats(players, STANDARD.cards, random.Random(seed))
        keys = {}
        for p in range(players):
            keys[p] = tuple(draw_value(c) for r in result.rounds for q, c in r if q == p)
        dealer = result.seating[result.dealer]
        assert all(keys[dealer] < keys[p] for p in range(players) if p != dealer)
        if players == 4:
            low = {result.seating[0], result.seating[2]}
            high = {result.seating[1], result.seating[3]}
            assert max(keys[p] for p in low) < min(keys[p] for p in high)
        for number, round_ in enumerate(result.rounds):
            drawn = [c for _, c in round_]
            assert len(set(drawn)) == len(drawn)
            if number:  # only players still tied draw again
                previous = {p for p, _ in result.rounds[number - 1]}
                assert {p for p, _ in round_} <= previous


# --------------------------------------------------------------- the game loop
class PassingPlayer:
    """Passes whenever allowed; otherwise the first legal action."""

    def choose(self, view, legal):
        return PASS if PASS in legal else legal[0]


class Recorder(GameObserver):
    def __init__(self) -> None:
        self.dealers: list[int] = []
        self.finished = 0

    def hand_started(self, game, hand) -> None:
        self.dealers.append(hand.dealer)

    def game_finished(self, game) -> None:
        self.finished += 1


def new_game(ruleset=STANDARD, seed=0, players=None, observer=None) -> Game:
    count = ruleset.players
    names = [f"P{i}" for i in range(count)]
    players = players or [RandomPlayer(seed * 10 + i) for i in range(count)]
    return Game(ruleset, names, players, seed=seed, observer=observer or GameObserver())


def test_r5_thrown_in_hands_score_nothing_and_the_next_dealer_deals():
    recorder = Recorder()
    game = new_game(players=[PassingPlayer()] * 4, observer=recorder)
    game.dealer = 2
    records = [game.play_hand() for _ in range(5)]
    assert recorder.dealers == [2, 3, 0, 1, 2]
    assert all(r.result.thrown_in and r.score is None for r in records)
    assert game.scores == [0, 0] and game.winner is None
    assert [h["trump"] for h in game.summary()["hands"]] == [None] * 5
    assert all(h["points"] == {} for h in game.summary()["hands"])


def test_a_game_that_never_ends_is_stopped():
    game = new_game(players=[PassingPlayer()] * 4)
    game.max_hands = 7
    with pytest.raises(GameTooLong, match="no side won in 7 hands .*: the game is stopped"):
        game.play()


def test_game_needs_one_player_per_seat():
    with pytest.raises(ValueError, match="4 players"):
        Game(STANDARD, ["a", "b", "c"], [RandomPlayer()] * 3)


@pytest.mark.parametrize("ruleset", [STANDARD, CUTTHROAT, TWO_HANDED])
def test_r3_dealer_passes_to_the_left_every_hand(ruleset):
    recorder = Recorder()
    game = new_game(ruleset, seed=3, observer=recorder)
    game.play()
    n = ruleset.players
    first = recorder.dealers[0]
    assert recorder.dealers == [(first + i) % n for i in range(len(recorder.dealers))]
    assert recorder.finished == 1


def test_r3_first_dealer_by_draw_seats_the_players():
    ruleset = dataclasses.replace(STANDARD, deal=DealRules(first_dealer="draw"))
    recorder = Recorder()
    game = new_game(ruleset, seed=5, observer=recorder)
    game.play()
    assert game.draw is not None
    assert recorder.dealers[0] == game.draw.dealer
    assert [game.seat_name(s) for s in range(4)] == [f"P{p}" for p in game.draw.seating]
    summary = game.summary()
    assert summary["hands"][0]["dealer"] == f"P{game.draw.seating[game.draw.dealer]}"
    teams = list(summary["sides"].values())
    assert teams == [
        [f"P{game.draw.seating[0]}", f"P{game.draw.seating[2]}"],
        [f"P{game.draw.seating[1]}", f"P{game.draw.seating[3]}"],
    ]


def test_same_seed_same_game():
    first = new_game(seed=11)
    first.play()
    second = new_game(seed=11)
    second.play()
    assert first.summary() == second.summary()


@pytest.mark.parametrize("seed", range(5))
@pytest.mark.parametrize("ruleset", [STANDARD, CUTTHROAT, TWO_HANDED])
def test_r9_a_game_ends_with_one_winner_and_a_consistent_summary(ruleset, seed):
    game = new_game(ruleset, seed=seed)
    winner = game.play()
    assert game.winner == winner
    summary = check_summary(game)
    assert summary["ruleset"] == ruleset.name
    # The game stops on the first hand that produces a winner.
    for record in game.records[:-1]:
        assert record.totals != tuple(game.scores) or record.score is None
    assert tuple(game.scores) == game.records[-1].totals


def test_summary_sides_are_teams_or_single_players():
    four = new_game(STANDARD)
    four.play()
    assert list(four.summary()["sides"].values()) == [["P0", "P2"], ["P1", "P3"]]
    three = new_game(CUTTHROAT)
    three.play()
    assert list(three.summary()["sides"].values()) == [["P0"], ["P1"], ["P2"]]


def test_summary_hand_entries():
    game = new_game(seed=2)
    game.play()
    summary = game.summary()
    for record, hand in zip(game.records, summary["hands"]):
        result = record.result
        assert hand["dealer"] == game.seat_name(result.dealer)
        assert hand["makers"] == [game.seat_name(s) for s in result.makers]
        assert hand["alone"] == [game.seat_name(s) for s in result.alone]
        assert hand["tricks"] == {game.seat_name(s): n for s, n in enumerate(result.tricks)}


def cutthroat_result(maker: int, maker_tricks: int) -> HandResult:
    outcome = HandOutcome(maker_side=maker, maker_tricks=maker_tricks)
    tricks = [0, 0, 0]
    tricks[maker] = maker_tricks
    tricks[(maker + 1) % 3] = 5 - maker_tricks
    return HandResult(0, Suit.HEARTS, maker, (maker,), (), None, tuple(tricks), outcome)


def test_r9_cutthroat_shared_highest_score_plays_on():
    game = new_game(CUTTHROAT)
    game.scores = [9, 9, 3]
    game._score(cutthroat_result(maker=2, maker_tricks=1))  # 0 and 1 each score 2
    assert game.scores == [11, 11, 3]
    assert game.winner is None
    game._score(cutthroat_result(maker=0, maker_tricks=3))
    assert game.scores == [12, 11, 3]
    assert game.winner == 0
    assert game.summary()["winner"] == "P0"


def test_r9_bridge_is_shown_only_when_the_ruleset_asks():
    five = dataclasses.replace(STANDARD, game=GameRules(points_to_win=5, bridge=True))
    game = new_game(five)
    game.scores = [4, 2]
    assert game.bridge() == 0
    game.scores = [4, 3]
    assert game.bridge() is None
    plain = new_game(dataclasses.replace(STANDARD, game=GameRules(points_to_win=5)))
    plain.scores = [4, 2]
    assert plain.bridge() is None


@pytest.mark.parametrize("ruleset", [STANDARD, CUTTHROAT, TWO_HANDED])
def test_the_screen_waits_between_hands_but_not_after_the_last(ruleset) -> None:
    """A person reads each hand's result before the next deal (not after the game)."""
    console = Said(repeat(""), waits=True)
    game = new_game(ruleset, seed=5, observer=TableScreen(console, me=0))
    game.play()
    lines = console.lines
    waits = console.asked_at
    assert len(waits) == len(game.records) - 1
    for at in waits:  # each wait comes right after a hand's score
        assert any(line.startswith("Score: ") for line in lines[at - 12 : at])
        assert lines[at - 1] == ""


def test_a_narrow_terminal_shows_the_markers_one_above_the_other() -> None:
    """R11 pictures stay whole: side by side where they fit, else stacked."""
    for columns in (80, 40):
        console = Said(columns=columns)
        new_game(STANDARD, seed=5, observer=TableScreen(console)).play_hand()
        picture = "\n".join(console.lines).split("Score: ")[1]
        assert "┌" in picture and max(len(line) for line in picture.splitlines()) <= columns
        assert (picture.count("┌") == 2) and (picture.count("\n┌") == 2) is (columns < 60)
        assert picture.count("face down on top of the 6") == 2  # each caption whole


def test_r9_a_game_stepped_hand_by_hand_is_the_game_played_through():
    """A program that asks for the decisions itself (start, deal, apply, finish) gets
    the same game from the same seed as ``play``."""
    played = new_game(CUTTHROAT, seed=4)
    played.play()
    stepped = new_game(CUTTHROAT, seed=4)
    stepped.start()
    while stepped.winner is None:
        hand = stepped.deal()
        while not hand.is_over:
            seat = hand.current_seat
            hand.apply(stepped.player_at(seat).choose(hand.view(seat), hand.legal_actions()))
        stepped.finish(hand)
    assert stepped.summary() == played.summary()
    with pytest.raises(EngineError, match="the game is over"):
        stepped.deal()


def test_game_keeps_its_api_and_takes_a_start() -> None:
    """``Game`` alone plays as before; given scores, seats and a dealer (the next game
    of a match) it starts there, and draws nothing (R3)."""
    game = Game(STANDARD, list("abcd"), [RandomPlayer(i) for i in range(4)], seed=1)
    assert game.scores == [0, 0] and game.seat_players == (0, 1, 2, 3)
    later = Game(
        STANDARD,
        list("abcd"),
        [RandomPlayer(i) for i in range(4)],
        start_scores=(3, 0),
        seating=(2, 0, 1, 3),
        first_dealer=3,
        observer=GameObserver(),
    )
    later.start()
    assert later.scores == [3, 0] and later.dealer == 3 and later.draw is None
    assert later.side_names == ["c & b", "a & d"]
    with pytest.raises(ValueError, match="starting score for each"):
        Game(STANDARD, list("abcd"), [None] * 4, start_scores=(1, 2, 3))
    with pytest.raises(ValueError, match="each of the 4 players once"):
        Game(STANDARD, list("abcd"), [None] * 4, seating=(0, 0, 1, 2), first_dealer=0)
    with pytest.raises(ValueError, match="give both"):
        Game(STANDARD, list("abcd"), [None] * 4, seating=(0, 1, 2, 3))
