"""Matches and rubbers (``euchre_cli/engine/match.py``): games played by one table, the
rubber and its margin (R10), laps and slams (R13), the seats and the deal carried from
game to game (R3), and what the screen says between games."""

from __future__ import annotations

import dataclasses
import json

import pytest
from consoles import Said
from deals import CUTTHROAT, STANDARD, TWO_HANDED

from euchre_cli.engine.game import Game
from euchre_cli.engine.match import Match, MatchObserver
from euchre_cli.engine.rules import DealRules, GameRules, RubberRules
from euchre_cli.engine.scoring import GameResult
from euchre_cli.engine.values import EngineError
from euchre_cli.players import RandomPlayer
from euchre_cli.terminal.screen import TableScreen

# Railroad's laps and slam (R13) on the standard game, and a classic-like rubber (R10)
# to 5 with slams; each seed below was chosen for what it shows, which is asserted.
LAPS = dataclasses.replace(STANDARD, game=GameRules(laps=True, slam=True))
RUBBER = dataclasses.replace(
    STANDARD,
    deal=DealRules(first_dealer="draw"),
    game=GameRules(points_to_win=5, slam=True),
    rubber=RubberRules(),
)


class Recorder(MatchObserver):
    """Every event of a match, in order, with what the game looked like then."""

    def __init__(self) -> None:
        self.events: list[tuple] = []
        self.dealers: list[list[int]] = []  # per game, the dealer of each hand

    def match_started(self, match) -> None:
        self.events.append(("match_started",))

    def game_started(self, game) -> None:
        self.events.append(("game_started", tuple(game.scores), game.dealer))
        self.dealers.append([])

    def hand_started(self, game, hand) -> None:
        self.dealers[-1].append(hand.dealer)

    def game_finished(self, game) -> None:
        self.events.append(("game_finished", game.winner))

    def game_recorded(self, match, record) -> None:
        self.events.append(("game_recorded", record))

    def match_finished(self, match) -> None:
        self.events.append(("match_finished", match.winner))


def new_match(ruleset=STANDARD, seed=0, games=None, observer=None, best_of=None) -> Match:
    count = ruleset.players
    names = [f"P{i}" for i in range(count)]
    players = [RandomPlayer(seed * 10 + i) for i in range(count)]
    return Match(
        ruleset,
        names,
        players,
        seed=seed,
        games=games,
        observer=observer or Recorder(),
        best_of=best_of,
    )


# ------------------------------------------------------------------------ the engine
@pytest.mark.parametrize("ruleset", [STANDARD, RUBBER, CUTTHROAT, TWO_HANDED])
def test_r3_the_first_game_of_a_match_is_the_game_its_seed_plays_alone(ruleset) -> None:
    """One seed: the match's first game draws and deals exactly as ``Game`` does, so a
    one-game ruleset plays today's game from today's seed."""
    count = ruleset.players
    players = [RandomPlayer(30 + i) for i in range(count)]
    alone = Game(ruleset, [f"P{i}" for i in range(count)], players, seed=3)
    alone.play()
    match = new_match(ruleset, seed=3, games=None if ruleset.rubber else 2)
    match.play()
    assert match.played[0].summary() == alone.summary()


@pytest.mark.parametrize("ruleset", [STANDARD, RUBBER, CUTTHROAT, TWO_HANDED])
def test_r3_between_games_the_seats_stay_and_the_deal_passes_to_the_left(ruleset) -> None:
    recorder = Recorder()
    match = new_match(ruleset, seed=5, games=None if ruleset.rubber else 3, observer=recorder)
    match.play()
    assert len(match.played) >= 2
    dealers = [dealer for game in recorder.dealers for dealer in game]  # every hand
    players = ruleset.players
    assert dealers == [(dealers[0] + i) % players for i in range(len(dealers))]
    seatings = {game.seat_players for game in match.played}
    assert len(seatings) == 1  # as drawn (R3) for the first game
    names = {tuple(game.side_names) for game in match.played}
    assert len(names) == 1
    later = [game for game in match.played[1:]]
    assert all(game.draw is None for game in later)  # nobody draws again


def test_r3_each_game_shuffles_from_the_one_seeded_generator() -> None:
    """The second game deals on from the first game's generator: not the first game's
    deals again, and the same match again from the same seed."""
    first, again = new_match(seed=8, games=2), new_match(seed=8, games=2)
    first.play()
    again.play()
    assert first.summary() == again.summary()
    hands = [game.summary()["hands"] for game in first.played]
    assert hands[0][:3] != hands[1][:3]


def test_r9_a_match_of_n_games_plays_n_games_and_counts_them() -> None:
    recorder = Recorder()
    match = new_match(seed=2, games=3, observer=recorder)
    winner = match.play()
    assert len(match.played) == len(match.records) == 3 and match.over
    assert [r.winner for r in match.records] == [g.winner for g in match.played]
    assert sum(match.games_won) == 3  # standard has no slams: each game counts once
    assert winner == match.games_won.index(max(match.games_won))
    assert match.rubber is None and match.summary()["rubber"] is None
    kinds = [event[0] for event in recorder.events]
    assert kinds == ["match_started"] + ["game_started", "game_finished", "game_recorded"] * 3 + [
        "match_finished"
    ]


def test_r10_a_rubber_ends_once_a_side_has_won_two_games_with_r10s_margin() -> None:
    """R10: first to two games; the margin is 2 + the winners' rubber points - the
    losers', each game worth 3, 2 or 1 by the losers' score in it."""
    for seed in range(6):
        match = new_match(RUBBER, seed=seed)
        winner = match.play()
        assert match.rubber is not None and winner == match.rubber.winner
        assert match.games_won[winner] >= 2
        assert max(won for side, won in enumerate(match.games_won) if side != winner) < 2

        def worth(scores, game_winner):
            losers = max(s for side, s in enumerate(scores) if side != game_winner)
            return 3 if losers <= 0 else 2 if losers <= 2 else 1

        won = sum(worth(r.scores, r.winner) for r in match.records if r.winner == winner)
        lost = sum(worth(r.scores, r.winner) for r in match.records if r.winner != winner)
        assert match.rubber.margin == 2 + won - lost
        assert match.rubber_points[winner] == won


def test_r13_a_slam_counts_as_two_games_and_can_take_the_rubber_at_once() -> None:
    """Seed 2: P2 & P3 win the first game 5 to 0, a slam (R13): two games won, the
    rubber (R10) taken by 2 + 3 = 5 in one game."""
    match = new_match(RUBBER, seed=2)
    match.play()
    (record,) = match.records
    assert record.losers_best == 0 and record.counted == 2
    assert match.games_won[record.winner] == 2
    assert match.rubber.winner == record.winner and match.rubber.margin == 2 + 3
    assert match.summary()["games"][0]["counted"] == 2


def test_r13_a_slam_counts_twice_in_a_match_of_games() -> None:
    """Seed 3 of a match of three: the third game is won 11 to 0, two games in the tally."""
    match = new_match(LAPS, seed=3, games=3)
    match.play()
    assert [r.counted for r in match.records] == [1, 1, 2]
    assert match.records[2].losers_best == 0
    assert match.games_won == [0, 4]


def test_r13_laps_the_winners_points_past_the_target_start_the_next_game() -> None:
    """Seed 0: game 1 ends 9 to 11, so P1 & P3 start game 2 with 1 (R13 laps); game 2
    ends 11 to 3, so P0 & P2 start game 3 with 1."""
    recorder = Recorder()
    match = new_match(LAPS, seed=0, games=3, observer=recorder)
    match.play()
    assert [r.scores for r in match.records] == [(9, 11), (11, 3), (11, 7)]
    starts = [event[1] for event in recorder.events if event[0] == "game_started"]
    assert starts == [(0, 0), (0, 1), (1, 0)]
    assert [game.start_scores for game in match.played] == [None, (0, 1), (1, 0)]
    for game in match.played:  # the hands add up to the score from the carried start
        start = game.start_scores or (0, 0)
        scored = [sum(r.score.points[side] for r in game.records if r.score) for side in (0, 1)]
        assert [a + b for a, b in zip(start, scored)] == game.scores
    games = match.summary()["games"]
    assert [g["start"] for g in games] == [
        {"P0 & P2": 0, "P1 & P3": 0},
        {"P0 & P2": 0, "P1 & P3": 1},
        {"P0 & P2": 1, "P1 & P3": 0},
    ]


def test_r13_without_laps_every_game_starts_at_nothing() -> None:
    match = new_match(STANDARD, seed=0, games=3)
    match.play()
    assert any(max(r.scores) > 10 for r in match.records)  # points past the target...
    assert all(game.start_scores == (0, 0) for game in match.played[1:])  # ...not carried


def test_r9_laps_that_reach_the_target_win_the_next_game_at_once() -> None:
    """Laps past a whole target (a game to 1 and a march worth 2): the next game is won
    before a card is dealt, and its own laps are 1 fewer than the target less."""
    tiny = dataclasses.replace(STANDARD, game=GameRules(points_to_win=1, laps=True))
    for seed in range(20):
        match = new_match(tiny, seed=seed, games=4)
        match.play()
        for game, record in zip(match.played, match.records):
            if game.start_scores and max(game.start_scores) >= 1:
                assert game.records == [] and record.scores == game.start_scores
                return
    pytest.fail("no seed carried a march past a target of 1")


def test_a_match_stepped_game_by_game_is_the_match_played_through() -> None:
    played = new_match(LAPS, seed=4, games=2)
    played.play()
    stepped = new_match(LAPS, seed=4, games=2)
    stepped.start()
    while not stepped.over:
        game = stepped.next_game()
        game.start()
        while game.winner is None:
            hand = game.deal()
            while not hand.is_over:
                seat = hand.current_seat
                hand.apply(game.player_at(seat).choose(hand.view(seat), hand.legal_actions()))
            game.finish(hand)
        stepped.finish_game()
    assert stepped.summary() == played.summary()
    with pytest.raises(EngineError, match="the match is over"):
        stepped.next_game()


def test_a_match_refuses_steps_out_of_order() -> None:
    match = new_match(seed=1, games=2)
    match.start()
    with pytest.raises(EngineError, match="no game has been won"):
        match.finish_game()
    game = match.next_game()
    with pytest.raises(EngineError, match="not finished"):
        match.next_game()
    game.play()
    match.finish_game()
    with pytest.raises(EngineError, match="no game has been won"):
        match.finish_game()


def test_a_best_of_match_stops_once_a_side_has_won_more_than_half() -> None:
    """The best of 5 is over when a side has 3 games; the same seed's match of 5 plays
    on, game for game the same."""
    for seed in range(6):
        best = new_match(seed=seed, best_of=5)
        best.play()
        every = new_match(seed=seed, games=5)
        every.play()
        played = len(best.records)
        assert best.records == every.records[:played]
        first_to_three = next(
            n for n in range(1, 6) if max(new_tally(every.records[:n])) == 3
        )
        assert played == first_to_three and best.games_won == new_tally(best.records)
        assert best.winner is not None and best.summary()["best_of"] == 5
    assert every.summary()["best_of"] is None


def new_tally(records) -> list[int]:
    """Games won per side of two, without slams."""
    return [sum(1 for record in records if record.winner == side) for side in (0, 1)]


def test_r13_in_a_best_of_match_a_slam_counts_two_games_toward_the_win() -> None:
    """Seed 3 of LAPS (see the match of three above): P1 & P3 win games 1 and 2, and
    game 3 with a slam: 4 games of the best of 7 after three, and nothing more."""
    match = new_match(LAPS, seed=3, best_of=7)
    match.play()
    assert [r.counted for r in match.records] == [1, 1, 2] and match.games_won == [0, 4]
    assert match.over and match.decided and match.winner == 1


def test_a_best_of_match_is_over_when_the_leader_cannot_be_caught() -> None:
    """Three sides (Cutthroat), the best of 9: 4 games to 2 and 2 with one game left
    cannot be caught, though 4 is not more than half of 9."""
    match = new_match(CUTTHROAT, best_of=9)
    match.records += [GameResult(winner, (10, 0, 0)) for winner in (0, 1, 0, 2, 0, 1, 2, 0)]
    assert match.games_won == [4, 2, 2] and match.decided and match.winner == 0
    match.records.pop()
    assert not match.decided  # 3, 2, 2 with two games left


def test_a_match_length_is_a_number_of_games_or_the_rubber() -> None:
    with pytest.raises(ValueError, match="plays rubbers"):
        new_match(RUBBER, games=3)
    with pytest.raises(ValueError, match="plays rubbers"):
        new_match(RUBBER, best_of=3)
    with pytest.raises(ValueError, match="an odd number"):
        new_match(best_of=4)
    with pytest.raises(ValueError, match="not both"):
        new_match(games=3, best_of=3)
    with pytest.raises(ValueError, match="one game or more"):
        new_match(games=0)
    assert new_match().length == 1 and new_match().single_game
    assert new_match(RUBBER).length is None and not new_match(RUBBER).single_game


# ------------------------------------------------------------------------ the screen
def screened(ruleset, seed, games=None, me=None, answer=lambda question: ""):
    """The match's lines, and where the screen waited for Enter before each next game:
    the lines said before it, and its question (``answer`` answers every wait)."""
    console = Said(answer, waits=True)
    match = new_match(ruleset, seed=seed, games=games, observer=TableScreen(console, me=me))
    match.play()
    asked = zip(console.asked_at, console.asked)
    return match, console.lines, [(at, q) for at, q in asked if q.startswith("Enter starts")]


def test_r10_the_screen_shows_each_games_worth_the_tally_and_the_margin() -> None:
    """Seed 5: P3 & P2 (partners as drawn) lose 3 to 6, then win 6 to 0, a slam (R13):
    2 games to 1, by 2 + 3 - 1 = 4 (R10)."""
    match, lines, pauses = screened(RUBBER, seed=5)
    text = "\n".join(lines)
    sides = match.played[0].side_names
    assert "A rubber: the first side to win 2 games takes it (R10)." in text
    assert "Slam: a game won while the losers have 0 points counts as two games (R13)." in text
    assert sides == ["P3 & P2", "P0 & P1"]
    assert f"Game 1 is worth 1 rubber point to {sides[1]}: {sides[0]} ended with 3 (R10)." in text
    assert f"Game 2 is worth 3 rubber points to {sides[0]}: {sides[1]} ended with 0 (R10)." in text
    assert f"A slam ({sides[1]} ended with 0): it counts as two games (R13)." in text
    assert f"Games won: {sides[0]} 2, {sides[1]} 1; rubber points: {sides[0]} 3, {sides[1]} 1." in (
        text
    )
    assert f"{sides[0]} win the rubber by 4 (2 games to 1)." in text
    assert f"The margin (R10): a bonus of 2, plus their 3 rubber points, less {sides[1]}'s 1." in (
        text
    )
    assert "Game 2 of the rubber" in text
    assert text.count("Draw for seats") == 1  # seats are drawn once, for the match
    # one pause, between the two games, after the tally and before game 2 begins
    ((at, question),) = pauses
    assert question == "Enter starts game 2 (table reviews the last hand, quit leaves)"
    assert lines[at - 2].startswith("Games won:") and lines[at - 1] == ""
    assert lines[at] == "Game 2 of the rubber"


def test_an_answer_the_wait_between_games_does_not_take_is_told_what_to_type() -> None:
    answers = iter(["x", "undo", "table", ""])
    _, lines, [(at, _), *asked_again] = screened(
        RUBBER, seed=5, answer=lambda question: next(answers) if "game 2" in question else ""
    )
    reminder = "Press Enter for game 2, type table to review the last hand, or quit to leave."
    assert lines[at : at + 2] == [reminder, reminder]  # undo too: no hand is in play
    assert lines[at + 2].startswith("Hand ") and lines[at + 3] == "Game 2 of the rubber"
    assert len(asked_again) == 3


def test_r13_the_screen_says_which_side_starts_the_next_game_with_its_laps() -> None:
    match, lines, pauses = screened(LAPS, seed=0, games=3)
    text = "\n".join(lines)
    assert "A match of 3 games." in text
    assert "Laps: points past 10 carry over to the next game (R13)." in text
    assert "P1 & P3 start game 2 with 1 (laps)." in text
    assert "P0 & P2 start game 3 with 1 (laps)." in text
    assert "Score: P0 & P2 0, P1 & P3 1 (game to 10; laps carried)" in text
    assert len(pauses) == 2
    assert lines[-1] == "P0 & P2 win the match by 1 game (2 games to 1)."


def test_r13_the_person_is_addressed_in_a_two_handed_match() -> None:
    match, lines, _ = screened(TWO_HANDED, seed=5, games=3, me=0)
    text = "\n".join(lines)
    assert "Games won: P0 " in text
    result = lines[-1]
    assert result.startswith(("You win the match by", "P1 wins the match by", "The match is drawn"))


def test_a_single_game_shows_nothing_of_matches() -> None:
    _, lines, pauses = screened(STANDARD, seed=2)
    text = "\n".join(lines)
    for words in ("Games won", "match", "rubber", "Game 2"):
        assert words not in text
    assert pauses == []
    assert lines[-1].endswith("win the game, " + lines[-1].split(", ")[-1])


def test_a_match_summary_numbers_every_hand_by_its_game() -> None:
    match = new_match(LAPS, seed=0, games=3)
    match.play()
    summary = json.loads(json.dumps(match.summary()))
    assert [h["game"] for h in summary["hands"]] == [
        number for number, game in enumerate(match.played, start=1) for _ in game.records
    ]
    last = match.played[-1].summary()
    for key in ("ruleset", "seed", "sides", "winner", "scores"):  # the last game's, as today
        assert summary[key] == last[key]
    assert [g["scores"] for g in summary["games"]] == [
        game.summary()["scores"] for game in match.played
    ]
    assert all(g["rubber_points"] is None for g in summary["games"])  # no rubber here
