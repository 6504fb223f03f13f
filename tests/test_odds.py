"""The chance of winning the game from a score (players/search/odds.py), and the
search player's use of it in a game (R8, R9, R12)."""

import pytest
from deals import STANDARD

from euchre_cli.engine.game import Game
from euchre_cli.players import RandomPlayer
from euchre_cli.players.search import SearchPlayer
from euchre_cli.players.search.odds import win_chances
from euchre_cli.rulebook import load_ruleset

CUTTHROAT = load_ruleset("cutthroat")


@pytest.mark.parametrize(
    "ruleset, scores",
    [(STANDARD, (0, 0)), (STANDARD, (7, 3)), (CUTTHROAT, (0, 0, 0)), (CUTTHROAT, (8, 2, 5))],
)
def test_chances_add_up_to_one(ruleset, scores):
    assert sum(win_chances(ruleset, scores)) == pytest.approx(1.0)


def test_level_scores_are_even():
    assert win_chances(STANDARD, (9, 9)) == pytest.approx((0.5, 0.5))
    assert win_chances(CUTTHROAT, (4, 4, 4)) == pytest.approx((1 / 3,) * 3)


def test_a_finished_game_is_certain_and_a_tie_past_the_target_plays_on():
    assert win_chances(STANDARD, (10, 8)) == (1.0, 0.0)
    behind, first, second = win_chances(CUTTHROAT, (9, 11, 11))  # R9: nobody has won
    assert first == pytest.approx(second) and 0 < behind < first


def test_more_points_never_lower_the_chance():
    for mine in range(10):
        assert win_chances(STANDARD, (mine + 1, 6))[0] >= win_chances(STANDARD, (mine, 6))[0]
        assert (
            win_chances(CUTTHROAT, (mine + 1, 6, 3))[0] >= win_chances(CUTTHROAT, (mine, 6, 3))[0]
        )


def test_in_a_game_the_search_player_weighs_tricks_by_the_game():
    player = SearchPlayer(STANDARD, seed=0)
    # At 9 to 9 one point wins: a march is worth no more than making it (R8, R9) ...
    table = player._utility(0, 0, (), (9, 9))
    assert table[3] == table[5] == 1.0 and table[0] == table[2] == 0.0
    # ... while outside a game the march is worth its two points.
    points = player._utility(0, 0, (), None)
    assert (points[3], points[5]) == (1.0, 2.0)


def test_a_game_shows_every_seat_the_score_before_each_deal():
    seen = []

    class Watcher(RandomPlayer):
        def choose(self, view, legal):
            seen.append((len(game.records), view.scores))
            return super().choose(view, legal)

    players = [Watcher(seat) for seat in range(4)]
    game = Game(STANDARD, ["a", "b", "c", "d"], players, seed=5)
    game.play()
    for hands_done, scores in seen:
        expected = game.records[hands_done - 1].totals if hands_done else (0, 0)
        assert scores == tuple(expected)


def test_results_worth_nothing_do_not_stall_the_chances() -> None:
    """R8 with a house rule of 0 for a simple make: the model skips results that
    change no score (it used to recurse on the same score without end)."""
    from dataclasses import replace

    ruleset = replace(STANDARD, scoring=replace(STANDARD.scoring, make=0))
    chances = win_chances(ruleset, (9, 9))
    assert sum(chances) == pytest.approx(1.0) and chances[0] == pytest.approx(chances[1])


def test_a_ruleset_where_only_lone_defenders_score_gives_the_model_nothing_to_weigh() -> None:
    """The model's contracts score nothing there: no division by zero, no chances."""
    from dataclasses import replace

    nothing = {row: 0 for row in ("make", "march", "lone_make", "lone_march", "euchre")}
    ruleset = replace(STANDARD, scoring=replace(STANDARD.scoring, **nothing))
    assert win_chances(ruleset, (3, 3)) == (0.0, 0.0)
