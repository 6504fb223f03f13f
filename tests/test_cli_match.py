"""``euchre play`` over several games: a ruleset's rubber (R10), ``--games N`` matches,
laps and slams (R13), the JSON of every game, and a person between games."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner
from test_console import CONSOLE_SCRIPT, plain_answers, read_until_prompt

from euchre_cli.commands.euchre import main
from euchre_cli.rulebook import load_ruleset

WATCH = ("--watch", "--level", "easy")
EASY = (*WATCH, "--json")


def run(*args: str, input: str | None = None):
    return CliRunner().invoke(main, list(args), input=input)


def summary_of(*args: str) -> dict:
    result = run(*args)
    assert result.exit_code == 0, result.output[-2000:]
    return json.loads(result.stdout)


def r10_worth(scores: dict, winner: str) -> int:
    """R10, by hand: 3 rubber points if the losers ended at 0 or below, 2 at 1 or 2, 1
    at 3 or more."""
    losers = max(score for side, score in scores.items() if side != winner)
    return 3 if losers <= 0 else 2 if losers <= 2 else 1


def check_games(summary: dict, target: int, laps: bool = False) -> None:
    """Each game's hands add up to its score from its start; the winner alone reached
    the target; every hand is numbered by its game; today's keys are the last game's;
    the deal passes to the left from hand to hand, across games too (R3)."""
    games = summary["games"]
    numbers = [hand["game"] for hand in summary["hands"]]
    assert numbers == sorted(numbers) and set(numbers) == set(range(1, len(games) + 1))
    for number, game in enumerate(games, start=1):
        totals = dict(game["start"])
        for hand in summary["hands"]:
            if hand["game"] == number:
                for side, points in hand["points"].items():
                    totals[side] += points
        assert totals == game["scores"]
        winner = game["winner"]
        assert game["scores"][winner] >= target
        assert all(
            s < game["scores"][winner] for side, s in game["scores"].items() if side != winner
        )
        assert game["counted"] == 1  # no slam without game.slam (R13)
        if number > 1:  # R13: laps carry the last winners' points past the target
            before = games[number - 2]
            carried = before["scores"][before["winner"]] - target if laps else 0
            assert game["start"] == {
                side: carried if side == before["winner"] else 0 for side in game["start"]
            }
    assert summary["winner"] == games[-1]["winner"] and summary["scores"] == games[-1]["scores"]
    sides = list(summary["sides"].values())
    if len(sides) == 2 and len(sides[0]) == 2:  # clockwise: a player of each side in turn
        clockwise = [sides[0][0], sides[1][0], sides[0][1], sides[1][1]]
    else:
        clockwise = [players[0] for players in sides]
    dealers = [clockwise.index(hand["dealer"]) for hand in summary["hands"]]
    count = len(clockwise)
    assert dealers == [(dealers[0] + i) % count for i in range(len(dealers))]


@pytest.mark.parametrize("seed", ["3", "11", "20"])
def test_r10_a_classic_rubber_watched_to_its_end_has_r10s_margin(seed: str) -> None:
    """R10: the rubber goes to the first side to win two games, by a bonus of 2 plus
    the winners' rubber points less the losers', each game's worth judged by hand."""
    summary = summary_of("play", "--rules", "classic", "--seed", seed, *EASY)
    check_games(summary, target=5)
    games, rubber = summary["games"], summary["rubber"]
    winner = rubber["winner"]
    wins = [game["winner"] for game in games]
    assert wins.count(winner) == 2 and wins[-1] == winner and len(games) in (2, 3)
    assert all(wins.count(side) < 2 for side in summary["sides"] if side != winner)
    for game in games:
        assert game["rubber_points"] == r10_worth(game["scores"], game["winner"])
    won = sum(game["rubber_points"] for game in games if game["winner"] == winner)
    lost = sum(game["rubber_points"] for game in games if game["winner"] != winner)
    assert rubber["margin"] == 2 + won - lost


def test_r10_the_screen_of_a_watched_rubber_ends_with_its_margin() -> None:
    """Seed 3: Cy & Bob win both games 5 to 3 and 5 to 4, each worth 1: 2 + 2 - 0 = 4."""
    text = run("play", "--rules", "classic", "--seed", "3", *WATCH).output
    assert text.startswith("(seed 3: `--seed 3` replays this rubber)\n")
    assert text.count("Draw for seats") == 1
    assert "A rubber: the first side to win 2 games takes it (R10)." in text
    assert "Game 1 is worth 1 rubber point to Cy & Bob: Ann & Di ended with 3 (R10).\n" in text
    assert "Games won: Cy & Bob 1, Ann & Di 0; rubber points: Cy & Bob 1, Ann & Di 0.\n" in text
    assert "\nGame 2 of the rubber\n" in text
    assert text.endswith(
        "Cy & Bob win the rubber by 4 (2 games to 0).\n"
        "The margin (R10): a bonus of 2, plus their 2 rubber points, less Ann & Di's 0.\n"
    )


def test_r9_games_3_on_standard_plays_a_match_of_three() -> None:
    args = ("play", "--games", "3", "--seed", "7", *EASY)
    summary = summary_of(*args)
    assert len(summary["games"]) == 3 and summary["rubber"] is None
    assert all(game["rubber_points"] is None for game in summary["games"])
    check_games(summary, target=10)
    assert summary_of(*args) == summary  # one seed replays the whole match
    text = run("play", "--games", "3", "--seed", "7", *WATCH).output
    assert text.startswith("(seed 7: `--seed 7` replays this match)\n")
    assert "A match of 3 games." in text and "Game 3 of 3" in text
    wins = [game["winner"] for game in summary["games"]]
    best = max(wins, key=wins.count)
    margin = wins.count(best) - max(wins.count(side) for side in summary["sides"] if side != best)
    games = "game" if margin == 1 else "games"
    other = len(wins) - wins.count(best)
    assert text.endswith(
        f"{best} win the match by {margin} {games} ({wins.count(best)} games to {other}).\n"
    )


@pytest.mark.parametrize("seed", ["5", "8"])
def test_best_of_stops_once_decided_and_says_so(seed: str) -> None:
    """The best of 5 from a seed is the match of 5 games from it, stopped as soon as a
    side has won 3 (seed 5: after 4 games; seed 8: all 5)."""
    args = ("play", "--seed", seed, *EASY)
    every = summary_of(*args, "--games", "5")
    best = summary_of(*args, "--best-of", "5")
    assert best["best_of"] == 5 and every["best_of"] is None
    wins = [game["winner"] for game in every["games"]]
    decided = next(n for n in range(3, 6) if max(wins[:n].count(w) for w in wins[:n]) == 3)
    assert best["games"] == every["games"][:decided]
    assert decided == {"5": 4, "8": 5}[seed]
    text = run("play", "--seed", seed, *WATCH, "--best-of", "5").output
    assert "The best of 5 games: the first side to win 3 games takes the match" in text
    assert "Game 2 of the best of 5" in text
    assert ", the best of 5, by " in text.splitlines()[-1]


@pytest.mark.parametrize("seed", ["1", "2", "3", "4"])
def test_r13_railroad_watched_runs_to_its_end(seed: str) -> None:
    """Railroad (R13) is one game unless --games says more; call for best is not played
    yet, and does not stop a game."""
    summary = summary_of("play", "--rules", "railroad", "--seed", seed, *EASY)
    (game,) = summary["games"]
    assert summary["rubber"] is None and game["rubber_points"] is None
    slam = min(s for side, s in game["scores"].items() if side != game["winner"]) <= 0
    assert game["counted"] == (2 if slam else 1)
    assert {hand["game"] for hand in summary["hands"]} == {1}


def test_r13_railroad_laps_carry_into_the_next_game() -> None:
    """Seed 1: Ann & Cy win the first game 11 to 8 and start the second with 1."""
    summary = summary_of("play", "--rules", "railroad", "--games", "3", "--seed", "1", *EASY)
    check_games(summary, target=10, laps=True)
    assert summary["games"][1]["start"] == {"Ann & Cy": 1, "Bob & Di": 0}
    text = run("play", "--rules", "railroad", "--games", "3", "--seed", "1", *WATCH).output
    assert "Laps: points past 10 carry over to the next game (R13)." in text
    assert "Ann & Cy start game 2 with 1 (laps).\n" in text


def test_r13_a_slam_counts_as_two_games_in_a_match(tmp_path: Path) -> None:
    """A game to 3 (house rules on railroad) is often won before the losers score:
    each such game counts twice in the tally (R13)."""
    house = tmp_path / "short.yaml"
    house.write_text("extends: railroad\ngame: {points_to_win: 3}\n", encoding="utf-8")
    summary = summary_of("play", "--rules", str(house), "--games", "4", "--seed", "2", *EASY)
    counted = [game["counted"] for game in summary["games"]]
    assert 2 in counted
    for game in summary["games"]:
        slam = min(s for side, s in game["scores"].items() if side != game["winner"]) <= 0
        assert game["counted"] == (2 if slam else 1)
    text = run("play", "--rules", str(house), "--games", "4", "--seed", "2", *WATCH).output
    assert "): it counts as two games (R13).\n" in text
    tally = {side: 0 for side in summary["sides"]}
    for game in summary["games"]:
        tally[game["winner"]] += game["counted"]
    assert "Games won: " + ", ".join(f"{side} {n}" for side, n in tally.items()) + ".\n" in text


def test_one_game_without_games_is_todays_game() -> None:
    """A one-game ruleset without --games: the game as before, its JSON with one game
    beside today's keys, and nothing said about matches."""
    summary = summary_of("play", "--seed", "42", *EASY)
    (game,) = summary["games"]
    assert list(summary)[:6] == ["ruleset", "seed", "sides", "winner", "scores", "hands"]
    assert game == {
        "winner": summary["winner"],
        "scores": summary["scores"],
        "rubber_points": None,
        "counted": 1,
        "start": dict.fromkeys(summary["sides"], 0),
    }
    assert summary["rubber"] is None and {h["game"] for h in summary["hands"]} == {1}
    assert summary_of("play", "--games", "1", "--seed", "42", *EASY) == summary
    text = run("play", "--seed", "42", *WATCH).output
    assert text.startswith("(seed 42: `--seed 42` replays this game)\n")
    for words in ("Games won", "match", "rubber", "Game 2"):
        assert words not in text


@pytest.mark.parametrize(
    "args, fragment",
    [
        (["play", "--games", "0"], "'0' is not a whole number from 1 to 100"),
        (["play", "--games", "x"], "'x' is not a whole number from 1 to 100"),
        (["play", "--rules", "classic", "--games", "3"], "--rules classic plays a rubber"),
        (["cutthroat", "--games", "101"], "'101' is not a whole number from 1 to 100"),
        (["play", "--best-of", "4"], "4 is even: a best-of match has an odd number of games"),
        (["play", "--best-of", "101"], "'101' is not a whole number from 1 to 99"),
        (["play", "--best-of", "3", "--games", "3"], "give one of them"),
        (["play", "--rules", "classic", "--best-of", "3"], "--best-of: --rules classic plays a"),
    ],
)
def test_r10_bad_games_are_refused_in_one_line(args: list[str], fragment: str) -> None:
    result = run(*args)
    assert result.exit_code == 2
    assert result.output.startswith("Error: ") and fragment in result.output
    assert result.output.count("\n") == 1, result.output


# A person's match: games to 1 end at the first hand that scores.
ANSWERS = ["zz", "?", "9X", "1", "2", "3", "4", "5", "6", "pass", "n", "c", "d", "h", "s"]


def first_to_one(tmp_path: Path) -> str:
    house = tmp_path / "one.yaml"
    house.write_text("extends: standard\ngame: {points_to_win: 1}\n", encoding="utf-8")
    return str(house)


def test_a_persons_match_passes_the_pause_between_games(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A person at a terminal (as the pause is only for a terminal) answers the
    question between games with Enter, as between hands."""
    monkeypatch.setattr("euchre_cli.terminal.console._waits_for_enter", lambda stream: True)
    answers = "\n".join([*ANSWERS, "table", ""] * 200) + "\n"
    rules = first_to_one(tmp_path)
    result = run("play", "--rules", rules, "--games", "2", "--seed", "3", "--level", "easy",
                 input=answers)  # fmt: skip
    assert result.exit_code == 0, result.output[-2000:]
    text = result.output
    pause = "Enter starts game 2 (table reviews the last hand, quit leaves) > "
    assert text.count(pause) >= 1
    after = text.split(pause)[-1]
    assert "Game 2 of 2" in after and "Game 2 of 2" not in text.split(pause)[0]
    *_, said, kept = text.rstrip().splitlines()  # the match's end, then the book's line
    assert said.endswith((").", "games won.")) and kept.startswith("Game 1 is kept:")
    assert "win the match by" in text or "The match is drawn" in text


def to_the_pause_between_games(tmp_path: Path, controller: int, terminal: int):
    """A person's match of two games to 1 in a real terminal, answered up to the
    question before game 2: the process, and what the screen showed."""
    env = {**os.environ, "EUCHRE_HOME": str(tmp_path), "TERM": "xterm", "NO_COLOR": "1"}
    command = [*CONSOLE_SCRIPT, "play", "--rules", first_to_one(tmp_path), "--games", "2"]
    command += ["--seed", "3", "--level", "easy", "--delay", "0"]
    process = subprocess.Popen(command, stdin=terminal, stdout=terminal, stderr=terminal, env=env)
    answers = plain_answers()
    next(answers)
    while True:
        shown = read_until_prompt(controller, (b">",)).decode()
        last = shown.rstrip().splitlines()[-1]
        if "Enter starts game 2" in last:
            return process, shown
        os.write(controller, answers.send(last).encode() + b"\r")


def said_at_the_end(controller: int) -> bytes:
    out = b""
    while b"left" not in out or not out.endswith(b"\n"):
        out += os.read(controller, 65536)
    return out


def test_a_person_at_a_terminal_reviews_the_last_hand_and_starts_the_next_game(
    tmp_path: Path,
) -> None:
    """In a real terminal: between games a stray word is answered with what to type,
    table reviews the hand that won the game, and Enter starts the next game."""
    controller, terminal = os.openpty()
    try:
        process, shown = to_the_pause_between_games(tmp_path, controller, terminal)
        assert "win the game, 1 to 0." in shown and "Games won: " in shown
        os.write(controller, b"zz\r")
        said = read_until_prompt(controller, (b">",)).decode()
        assert "Press Enter for game 2, type table to review the last hand, or quit" in said
        os.write(controller, b"table\r")
        review = read_until_prompt(controller, (b">",)).decode()
        assert "Trick 5: " in review and "Score: " in review
        os.write(controller, b"\r")
        game_two = read_until_prompt(controller, (b">",)).decode()
        assert "Game 2 of 2" in game_two and "Hand 1: " in game_two
        os.write(controller, b"quit\r")
        assert process.wait(30) == 1
        assert b"You quit: game 2 of the match of 2 left before the end" in said_at_the_end(
            controller
        )
    finally:
        os.close(controller)
        os.close(terminal)


def test_quit_between_games_leaves_the_match(tmp_path: Path) -> None:
    controller, terminal = os.openpty()
    try:
        process, _ = to_the_pause_between_games(tmp_path, controller, terminal)
        os.write(controller, b"quit\r")
        assert process.wait(30) == 1
        left = said_at_the_end(controller).decode()
        assert "You quit: the match of 2 left after game 1 (games won: You & " in left
    finally:
        os.close(controller)
        os.close(terminal)


def test_the_rulesets_named_here_are_as_described() -> None:
    """The tests above lean on these settings (R10, R13)."""
    classic, railroad = load_ruleset("classic"), load_ruleset("railroad")
    assert classic.rubber is not None and classic.rubber.games_to_win == 2
    assert classic.rubber.bonus == 2 and classic.game.points_to_win == 5
    assert railroad.rubber is None and railroad.game.laps and railroad.game.slam
