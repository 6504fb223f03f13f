"""``euchre stats``: the counting (``records/stats.py``) on a small made-up evening of
hand-written summaries, whose every figure is worked out below, and the command over
a book holding them."""

from __future__ import annotations

import json
import re
import sqlite3
from pathlib import Path

import pytest
from click.testing import CliRunner

from euchre_cli.book import open_book
from euchre_cli.cli.places import book_path
from euchre_cli.commands.euchre import main
from euchre_cli.records.game import DamagedGame, SavedGame, Setup
from euchre_cli.records.stats import (
    RECENT_GAMES,
    Figures,
    KindAndLevelStats,
    person_stats,
    stats_of,
)
from euchre_cli.records.store import GameBook
from euchre_cli.rulebook import load_ruleset
from euchre_cli.terminal.stats_report import person_stats_report

FOUR = ("Ann", "Bob", "Cy", "Di")  # Ann & Cy against Bob & Di
PAIRS = {"Ann & Cy": ["Ann", "Cy"], "Bob & Di": ["Bob", "Di"]}
THREE = ("Ann", "Bob", "Cy")
ALONE = {"Ann": ["Ann"], "Bob": ["Bob"], "Cy": ["Cy"]}


def hand(makers, tricks, points, alone=(), trump="H", game=1) -> dict:
    """A hand as the summary writes it; ``tricks`` by player (a maker not named took
    none; the summary names every player, which the counting does not need)."""
    return {
        "game": game,
        "dealer": "Ann",
        "trump": trump,
        "makers": list(makers),
        "alone": list(alone),
        "tricks": {**{maker: 0 for maker in makers}, **tricks},
        "points": points,
    }


def thrown_in(game=1) -> dict:
    return hand([], {}, {}, trump=None, game=game)


PLAYERS = {
    4: (FOUR, PAIRS),
    3: (THREE, ALONE),
    2: (("Ann", "Bob"), {"Ann": ["Ann"], "Bob": ["Bob"]}),
}


def record(
    record_id: int,
    rules: str,
    hands: list[dict],
    winners: list[str],
    finished: bool = True,
    people: tuple[int, ...] = (0,),
    level: str = "easy",
    started: str | None = None,
) -> SavedGame:
    """A record as ``GameBook.game()`` reads it, without its moves: the setup and the
    summary."""
    ruleset = load_ruleset(rules)
    names, sides = PLAYERS[ruleset.players]
    summary = {
        "ruleset": rules,
        "seed": record_id,
        "sides": sides,
        "winner": winners[-1] if winners else None,
        "scores": {side: 0 for side in sides},
        "hands": hands,
        "games": [{"winner": winner, "scores": {}, "counted": 1} for winner in winners],
        "rubber": None,
    }
    return SavedGame(
        Setup(ruleset, record_id, names, people, level),
        id=record_id,
        started=started or f"2026-11-30 20:{record_id:02d}:00",
        finished=finished,
        summary=summary,
    )


def evening() -> list[SavedGame]:
    """Ann's evening, newest first as the book gives it.

    Game 1, four-handed, won: Ann marches alone (+4); Ann & Cy euchre Bob & Di (+2);
    a hand thrown in; Ann & Cy are euchred (Bob & Di +2); Cy makes it alone (+1); Bob &
    Di march against Ann defending alone (+2).  Game 2, Cutthroat, lost: Ann makes it
    (+1); Bob is euchred by Ann and Cy (+2 each); Cy marches (+3).  Game 3,
    four-handed, unfinished: Ann & Cy euchre Bob alone (+2), then march (+2).  Game 4
    is a four-handed game Ann watched: nobody's.
    """
    four_handed = [
        hand(["Ann", "Cy"], {"Ann": 5}, {"Ann & Cy": 4}, alone=["Ann"]),
        hand(["Bob", "Di"], {"Ann": 3, "Bob": 1, "Di": 1}, {"Ann & Cy": 2}),
        thrown_in(),
        hand(["Ann", "Cy"], {"Ann": 1, "Cy": 1, "Bob": 2, "Di": 1}, {"Bob & Di": 2}),
        hand(["Ann", "Cy"], {"Cy": 3, "Bob": 1, "Di": 1}, {"Ann & Cy": 1}, alone=["Cy"]),
        hand(["Bob", "Di"], {"Bob": 3, "Di": 2}, {"Bob & Di": 2}, alone=["Ann"]),
    ]
    cutthroat = [
        hand(["Ann"], {"Ann": 3, "Bob": 1, "Cy": 1}, {"Ann": 1}),
        hand(["Bob"], {"Ann": 2, "Bob": 2, "Cy": 1}, {"Ann": 2, "Cy": 2}),
        hand(["Cy"], {"Cy": 5}, {"Cy": 3}),
    ]
    unfinished = [
        hand(["Bob", "Di"], {"Ann": 3, "Bob": 2}, {"Ann & Cy": 2}, alone=["Bob"]),
        hand(["Ann", "Cy"], {"Cy": 5}, {"Ann & Cy": 2}),
    ]
    watched = [hand(["Ann", "Cy"], {"Ann": 5}, {"Ann & Cy": 4}, alone=["Ann"])]
    return [
        record(4, "standard", watched, ["Ann & Cy"], people=()),
        record(3, "standard", unfinished, [], finished=False),
        record(2, "cutthroat", cutthroat, ["Cy"]),
        record(1, "standard", four_handed, ["Ann & Cy"]),
    ]


FOUR_HANDED_EASY = Figures(
    finished=1,
    won=1,
    unfinished=1,
    hands=8,  # the thrown-in hand included
    points_for=4 + 2 + 1 + 2 + 2,
    points_against=2 + 2,
    trump_made=4,  # the lone march, the euchre, Cy's lone hand, the unfinished march
    euchred=1,
    marched=2,  # Ann's alone, and the unfinished game's
    alone_tried=1,  # Cy's lone hand and Ann's lone defence are not hers
    alone_made=1,
    alone_marched=1,
    defended=3,
    euchres_as_defenders=2,  # Bob & Di in game 1, Bob alone in game 3
)
CUTTHROAT_EASY = Figures(
    finished=1,
    won=0,
    hands=3,
    points_for=1 + 2,  # her own points: her share of the euchre, not Cy's
    points_against=2 + 3,  # Cy's share of the euchre, and Cy's march
    trump_made=1,
    defended=2,
    euchres_as_defenders=1,
)


def test_an_evening_counts_every_figure_exactly() -> None:
    tables = person_stats(evening())
    assert [(table.kind, table.level) for table in tables] == [
        ("four-handed", "easy"),
        ("cutthroat", "easy"),
    ]
    four, cutthroat = tables
    assert four.overall == FOUR_HANDED_EASY
    assert cutthroat.overall == CUTTHROAT_EASY
    assert four.recent == four.overall  # fewer games than the window: all of them
    assert (four.rulesets, four.partnerships, four.lone_hands) == (("standard",), True, True)
    assert (cutthroat.partnerships, cutthroat.overall.games) == (False, 1)


def test_points_per_hand_count_thrown_in_hands() -> None:
    four = person_stats(evening())[0].overall
    assert (four.points_for_per_hand, four.points_against_per_hand) == (11 / 8, 4 / 8)
    assert Figures().points_for_per_hand is None  # no hands: no figure, not a zero


def test_a_watched_game_is_nobodys() -> None:
    watched = [saved for saved in evening() if saved.setup.watched]
    assert watched and person_stats(watched) == []


def test_the_filters_keep_one_ruleset_or_one_level() -> None:
    games = [*evening(), record(9, "standard", [thrown_in()], ["Bob & Di"], level="hard")]
    assert [t.kind for t in person_stats(games, rules="cutthroat")] == ["cutthroat"]
    (hard,) = person_stats(games, level="hard")
    assert (hard.level, hard.overall.finished, hard.overall.won) == ("hard", 1, 0)
    assert person_stats(games, rules="cutthroat", level="hard") == []


def test_within_a_kind_the_level_played_most_comes_first() -> None:
    def hard(number: int) -> SavedGame:
        return record(number, "standard", [thrown_in()], ["Bob & Di"], level="hard")

    assert [t.level for t in person_stats([*evening(), hard(9)])] == ["easy", "hard", "easy"]
    kept = [*evening(), hard(9), hard(10), hard(11)]
    assert [(t.kind, t.level) for t in person_stats(kept)] == [
        ("four-handed", "hard"),
        ("four-handed", "easy"),
        ("cutthroat", "easy"),
    ]


def test_each_game_of_a_match_counts_as_a_game() -> None:
    hands = [
        hand(["Ann", "Cy"], {"Ann": 3, "Bob": 2}, {"Ann & Cy": 1}),
        hand(["Ann", "Cy"], {"Bob": 5}, {"Bob & Di": 2}, game=2),
        hand(["Bob", "Di"], {"Bob": 3, "Di": 2}, {"Bob & Di": 2}, game=3),
    ]
    (table,) = person_stats([record(1, "standard", hands, ["Ann & Cy", "Bob & Di"], False)])
    overall = table.overall
    assert (overall.finished, overall.won, overall.unfinished, overall.hands) == (2, 1, 1, 3)


def test_the_trend_is_over_the_most_recent_games_by_when_they_were_played() -> None:
    """Five games lost long ago, then twenty won, each one hand: the last twenty are
    all won.  The book lists them in any order; when they started decides."""
    games = [
        record(
            number,
            "standard",
            [hand(["Ann", "Cy"], {"Ann": 3}, {"Ann & Cy": 1})],
            ["Bob & Di" if number <= 5 else "Ann & Cy"],
            started=f"2026-11-{number:02d} 20:00:00",
            level="medium",
        )
        for number in range(1, RECENT_GAMES + 6)
    ]
    (table,) = person_stats(reversed(sorted(games, key=lambda saved: saved.id % 7)))
    assert (table.overall.finished, table.overall.won) == (25, 20)
    assert (table.recent.finished, table.recent.won, table.recent.hands) == (20, 20, 20)
    report = person_stats_report([table])
    assert cells(report, "Games won") == ["20 of 25 (80%)", "20 of 20 (100%)", "▲"]
    assert cells(report, "Points per hand, for") == ["1.00", "1.00"]  # no trend: level
    assert cells(report, "Hands dealt") == ["25", "20"]  # a count, not a rate: no trend
    plain = person_stats_report([table], ascii=True)
    assert cells(plain, "Games won")[-1] == "up" and plain.isascii()


def test_a_summary_edited_out_of_shape_is_refused_in_one_line() -> None:
    broken = record(7, "standard", [{"game": 1, "trump": "H"}], [])
    with pytest.raises(DamagedGame, match=r"^game 7 is damaged: its summary cannot be read \("):
        person_stats([broken])


def cells(report: str, label: str, nth: int = 0) -> list[str]:
    """The cells of the ``nth`` row ``label`` of a ``euchre stats`` table (a lone
    hand's "made" and "marched" rows share their words with a contract's)."""
    line = [line for line in report.splitlines() if line.startswith(label + "  ")][nth]
    return re.split(r"\s{2,}", line[len(label) :].strip())


def test_a_rare_figure_is_not_shown_as_none_and_its_fall_is_marked() -> None:
    table = KindAndLevelStats(
        kind="four-handed",
        level="hard",
        rulesets=("standard",),
        partnerships=True,
        lone_hands=True,
        overall=Figures(finished=30, hands=300, trump_made=3, alone_tried=3, alone_made=3),
        recent=Figures(finished=20, hands=226, trump_made=1, alone_tried=1, alone_made=1),
    )
    report = person_stats_report([table])
    assert cells(report, "Lone hands (you alone)") == ["3 of 300 (1%)", "1 of 226 (<1%)", "▼"]
    assert cells(report, "  made") == ["3 of 3 (100%)", "1 of 1 (100%)"]  # level: no marker
    assert cells(report, "Euchres as defenders") == ["-", "-"]  # none defended: no rate


# The command ------------------------------------------------------------------


def run(*args: str):
    return CliRunner().invoke(main, ["stats", *args])


def keep(games: list[SavedGame]) -> None:
    book = open_book(book_path(None), create=True)
    try:
        for saved in reversed(games):  # oldest first, as they were played
            GameBook(book).add_saved(saved)
    finally:
        book.close()


def test_no_book_and_no_games_say_so_in_one_line() -> None:
    result = run()
    assert (result.exit_code, result.output) == (
        0,
        "No games of yours in the book yet: play one with 'euchre play'.\n",
    )
    assert json.loads(run("--json").output)["tables"] == []
    keep([saved for saved in evening() if saved.setup.watched])
    result = run()
    assert result.exit_code == 0
    assert result.output == (
        "No games of yours in the book yet (watched games do not count):"
        " play one with 'euchre play'.\n"
    )


def test_games_with_no_hand_scored_yet_say_so_in_a_line_not_a_table_of_dashes() -> None:
    """Games left in their first hand count nothing yet: a line says so, beside the
    tables of games that count (no legend without a table)."""
    first_hand = [record(n, "standard", [], [], finished=False) for n in (2, 1)]
    keep(first_hand)
    result = run()
    assert (result.exit_code, result.output) == (
        0,
        "Four-handed against easy computer players: 2 games, 2 unfinished (rules:"
        " standard); no hand scored yet, so nothing to count.\n",
    )
    keep([record(3, "cutthroat", [hand(["Ann"], {"Ann": 3}, {"Ann": 1})], [], finished=False)])
    four, cutthroat, legend = run().output.split("\n\n")
    assert four.endswith("; no hand scored yet, so nothing to count.")
    assert cells(cutthroat, "Hands dealt") == ["1", "1"] and legend.startswith("Trend: ")


def test_json_gives_every_figure_of_every_table() -> None:
    keep(evening())
    result = run("--json")
    assert result.exit_code == 0, result.output
    document = json.loads(result.output)
    assert (document["rules"], document["level"], document["recent_games"]) == (None, None, 20)
    four, cutthroat = document["tables"]
    assert (four["kind"], four["level"], four["rulesets"]) == ("four-handed", "easy", ["standard"])
    assert four["all"] == {
        "games": 2,
        "finished": 1,
        "won": 1,
        "unfinished": 1,
        "hands": 8,
        "points_for": 11,
        "points_against": 4,
        "trump_made": 4,
        "euchred": 1,
        "marched": 2,
        "alone_tried": 1,
        "alone_made": 1,
        "alone_marched": 1,
        "defended": 3,
        "euchres_as_defenders": 2,
        "points_for_per_hand": 1.375,
        "points_against_per_hand": 0.5,
    }
    assert four["recent"] == four["all"]
    assert cutthroat["kind"] == "cutthroat"
    assert cutthroat["all"]["points_for"] == 3 and cutthroat["all"]["points_against"] == 5


def test_the_tables_show_each_figure_for_all_and_the_last_games() -> None:
    keep(evening())
    result = run()
    assert result.exit_code == 0, result.output
    four, cutthroat, legend = result.output.split("\n\n")
    assert four.splitlines()[0] == (
        "Four-handed against easy computer players: 2 games, 1 unfinished (rules: standard)"
    )
    assert four.splitlines()[1].split() == ["all", "2", "games", "last", "20", "trend"]
    assert cells(four, "Games won") == ["1 of 1 (100%)"] * 2
    assert cells(four, "Unfinished games") == ["1"] * 2
    assert cells(four, "Points per hand, for") == ["1.38"] * 2
    assert cells(four, "Points per hand, against") == ["0.50"] * 2
    assert cells(four, "Trump made by your side") == ["4 of 8 (50%)"] * 2
    assert cells(four, "  euchred (as makers)") == ["1 of 4 (25%)"] * 2
    assert cells(four, "  marched") == ["2 of 4 (50%)"] * 2
    assert cells(four, "Lone hands (you alone)") == ["1 of 8 (12%)"] * 2
    assert cells(four, "  made") == ["1 of 1 (100%)"] * 2
    assert cells(four, "  marched", nth=1) == ["1 of 1 (100%)"] * 2
    assert cells(four, "Euchres as defenders") == ["2 of 3 (67%)"] * 2
    assert cells(cutthroat, "Trump made by you") == ["1 of 3 (33%)"] * 2
    assert cells(cutthroat, "  euchred (as makers)") == ["0 of 1 (0%)"] * 2
    assert "Unfinished" not in cutthroat
    assert legend.startswith("Trend: ▲ or ▼ where a figure over the last 20 games is higher")


def test_two_handed_tables_have_no_lone_hand_rows() -> None:
    hands = [{**hand(["Ann"], {"Ann": 3, "Bob": 2}, {"Ann": 1}), "tricks": {"Ann": 3, "Bob": 2}}]
    two = record(1, "two-handed", hands, ["Ann"])
    two.setup = Setup(two.setup.ruleset, 1, ("Ann", "Bob"), (0,), "easy")
    two.summary["sides"] = {"Ann": ["Ann"], "Bob": ["Bob"]}
    keep([two])
    result = run()
    assert result.output.startswith(
        "Two-handed against easy computer players: 1 game (rules: two-handed)"
    )
    assert "Lone hands" not in result.output
    assert cells(result.output, "Games won") == ["1 of 1 (100%)"] * 2


def test_filters_and_what_they_say_when_nothing_matches() -> None:
    keep(evening())
    cutthroat = json.loads(run("--json", "--rules", "cutthroat").output)
    assert [table["kind"] for table in cutthroat["tables"]] == ["cutthroat"]
    assert json.loads(run("--json", "--level", "hard").output)["tables"] == []
    result = run("--rules", "railroad", "--level", "hard")
    assert result.exit_code == 0
    assert result.output == (
        "No games of yours with --rules railroad and --level hard"
        " (yours: rules cutthroat, standard; levels easy).\n"
    )


def test_an_unknown_level_is_refused_with_the_levels_in_one_line() -> None:
    result = run("--level", "expert")
    assert result.exit_code == 2
    assert result.output.startswith(
        "Error: Invalid value for '--level': 'expert' is not one of 'easy', 'medium', 'hard'."
    )
    assert result.output.count("\n") == 1


def test_db_names_the_book(tmp_path: Path) -> None:
    elsewhere = tmp_path / "other.sqlite3"
    keep(evening())
    result = run("--db", str(elsewhere))
    assert result.output.startswith("No games of yours in the book yet")
    result = run("--db", str(tmp_path))
    assert result.exit_code == 1 and result.output.count("\n") == 1


def test_a_game_played_through_is_counted_from_its_record() -> None:
    """A real game, answered from a pipe: its figures agree with its own summary."""
    answers = "\n".join(["1", "2", "3", "4", "5", "pass", "n", "c", "d", "h", "s", ""] * 300)
    played = CliRunner().invoke(main, ["play", "--level", "easy", "--seed", "3"], input=answers)
    assert played.exit_code == 0, played.output[-500:]
    summary = json.loads(CliRunner().invoke(main, ["games", "show", "1", "--json"]).output)
    (table,) = json.loads(run("--json").output)["tables"]
    figures = table["all"]
    points = [sum(hand["points"].values()) for hand in summary["hands"]]
    assert figures["hands"] == len(summary["hands"]) > 0
    assert figures["points_for"] + figures["points_against"] == sum(points)
    assert figures["points_for"] == summary["scores"]["You & Bob"]
    assert figures["trump_made"] + figures["defended"] == sum(
        1 for hand in summary["hands"] if hand["trump"] is not None
    )
    assert (figures["finished"], figures["won"]) == (1, int(summary["winner"] == "You & Bob"))


def test_a_game_edited_out_of_shape_is_left_out_with_a_note() -> None:
    keep(evening())
    with sqlite3.connect(book_path(None)) as db:
        (cutthroat,) = db.execute("SELECT id FROM games WHERE kind = 'cutthroat'").fetchone()
        db.execute("""UPDATE games SET figures = '{"games": [{"number": 1}]}' WHERE id = ?""",
                   (cutthroat,))  # fmt: skip
    db.close()
    result = run()
    assert result.exit_code == 0
    assert result.stderr == (
        f"Note: game {cutthroat} is damaged: its figures cannot be read (KeyError:"
        f" 'partnerships') (`euchre games delete {cutthroat}` removes it); it is not counted.\n"
    )
    assert "Four-handed against" in result.stdout and "Cutthroat" not in result.stdout


def test_the_figures_kept_beside_each_record_are_its_summarys() -> None:
    """``euchre stats`` reads the figures the book keeps, not the summaries: the same
    tables either way."""
    games = [*evening(), record(9, "standard", [thrown_in()], ["Bob & Di"], level="hard")]
    keep(games)
    book = open_book(book_path(None))
    try:
        counted, damaged = GameBook(book).counted()
        assert stats_of(counted) == person_stats(games) and not damaged
    finally:
        book.close()


def test_the_help_says_how_many_recent_games_are_counted() -> None:
    """The help wrote out the number ``RECENT_GAMES`` holds; it is built from it."""
    result = run("--help")
    assert result.exit_code == 0
    assert f"all your games and the last {RECENT_GAMES} side by side" in " ".join(
        result.output.split()
    )
