"""``euchre simulate`` (``euchre_cli/simulate.py``, ``commands/simulate.py``): computer
levels against each other, duplicate seatings, workers, the table and ``--json``."""

from __future__ import annotations

import dataclasses
import json

import pytest
from click.testing import CliRunner

from euchre_cli.commands.euchre import main
from euchre_cli.engine.rules import GameRules
from euchre_cli.rulebook import load_ruleset
from euchre_cli.simulate import Matchup, Summary, deal_deck, iter_results, mean_interval


def summary(match: Matchup, workers: int = 1) -> dict:
    result = Summary(match)
    for outcome in iter_results(match, workers):
        result.add(outcome)
    return result.as_json()


def test_the_same_numbers_with_one_or_two_workers():
    """A deal and a game, a task for each worker: medium's search draws from the task's
    seed, never the process's (easy uses no randomness); a game to 2 keeps it short (a
    standard game of medium players takes 30 s)."""
    short = dataclasses.replace(load_ruleset("standard"), game=GameRules(points_to_win=2))
    match = Matchup(short, ("medium", "easy"), seed=3, deals=1, games=1, duplicate=True)
    assert summary(match, 1) == summary(match, 2)


def test_json_shape_and_duplicate_seatings():
    match = Matchup(load_ruleset("standard"), ("easy", "easy"), seed=1, deals=20, duplicate=True)
    data = summary(match)
    for key in ("rules", "deals", "players", "points_per_deal", "difference", "ci95", "games"):
        assert key in data
    assert data["rules"] == "standard" and data["deals"] == 20
    assert data["players"] == {"A": "easy", "B": "easy"}
    assert data["games"] is None
    # The same level on both sides of every deal, seats swapped: exactly even.
    assert data["difference"] == 0
    assert data["points_per_deal"]["A"] == data["points_per_deal"]["B"]
    assert data["ci95"][0] <= data["difference"] <= data["ci95"][1]
    for side, (low, high) in data["points_per_deal_ci95"].items():  # as the table shows
        assert low < data["points_per_deal"][side] < high
    assert data["played"]["A"]["deals"] == 40


def test_three_sides_rotate_through_the_seats():
    match = Matchup(load_ruleset("cutthroat"), ("easy",) * 3, seed=2, deals=5, duplicate=True)
    assert len(match.seatings) == 3
    data = summary(match)
    assert len(set(data["points_per_deal"].values())) == 1  # every level held every hand


def test_games_are_counted_per_level():
    match = Matchup(load_ruleset("two-handed"), ("easy", "easy"), seed=4, deals=0, games=2)
    data = summary(match)
    assert sum(data["games"].values()) == 2


def test_deals_follow_the_seed():
    ruleset = load_ruleset("standard")
    assert deal_deck(ruleset, 1, 5) == deal_deck(ruleset, 1, 5)
    assert deal_deck(ruleset, 1, 5) != deal_deck(ruleset, 1, 6)


def test_levels_must_match_the_sides():
    with pytest.raises(ValueError, match="2 sides"):
        Matchup(load_ruleset("standard"), ("easy", "easy", "easy"))
    with pytest.raises(ValueError, match="unknown level"):
        Matchup(load_ruleset("standard"), ("easy", "genius"))


def test_mean_interval():
    assert mean_interval([]) == (0.0, 0.0, 0.0)
    mean, low, high = mean_interval([1, 2, 3, 4])
    assert mean == 2.5 and low < 2.5 < high


# ------------------------------------------------------------------------ the CLI
def test_cli_table():
    result = CliRunner().invoke(
        main, ["simulate", "--deals", "4", "--players", "easy,easy", "--duplicate", "--seed", "2"]
    )
    assert result.exit_code == 0, result.output
    assert "points/deal" in result.output and "95% CI" in result.output
    assert "A: easy" in result.output and "difference A - B" in result.output


def test_cli_json_with_workers():
    args = ["simulate", "--rules", "two-handed", "--deals", "4", "--players", "medium,easy"]
    one = CliRunner().invoke(main, [*args, "--json"])
    two = CliRunner().invoke(main, [*args, "--json", "--workers", "2"])
    assert one.exit_code == 0, one.output
    assert json.loads(one.output) == json.loads(two.output)


@pytest.mark.parametrize(
    "args, message",
    [
        (["--players", "easy,wizard"], "unknown level"),
        (["--players", "hard,", "easy"], "'hard,' has an empty level"),
        (["--players", "easy"], "2 sides"),
        (["--rules", "nonesuch"], "nonesuch"),
        (["--deals", "0"], "nothing to play"),
    ],
)
def test_cli_errors_are_one_line(args, message):
    result = CliRunner().invoke(main, ["simulate", *args])
    assert result.exit_code in (1, 2)
    assert message in result.output
    assert "Traceback" not in result.output


def test_no_more_worker_processes_than_tasks(monkeypatch) -> None:
    """--workers 64 for two deals starts two processes, not 64."""
    import multiprocessing

    started: list[int] = []
    real_pool = multiprocessing.get_context().Pool

    class CountingContext:
        def Pool(self, processes, **kwargs):  # noqa: N802 (multiprocessing's name)
            started.append(processes)
            return real_pool(processes, **kwargs)

    monkeypatch.setattr("euchre_cli.simulate.multiprocessing.get_context", CountingContext)
    match = Matchup(load_ruleset("standard"), ("easy", "easy"), seed=1, deals=2)
    assert summary(match, 64) == summary(match, 1)
    assert started == [2]
