"""``euchre score players``: each person and each partnership over every sheet of
the book, on an evening of three sheets, and its refusals on one line."""

from __future__ import annotations

import json
import sqlite3

from test_score_export import AB, CD, book_file, one_line_error, score

CUTTHROAT = ("--player", "Ann", "--player", "Bob", "--player", "Cy")


def evening() -> None:
    """Three sheets: Ann & Bob against Cy & Di, then the same partners named the
    other way round, then Cutthroat among three of them."""
    score("new", "one", "--team", AB, "--team", CD)
    score("hand", "--makers", "Ann", "--tricks", "5", "--alone")
    score("hand", "--makers", "Ann", "--tricks", "5", "--alone")
    score("hand", "--makers", "Cy", "--tricks", "2")  # euchred: Ann & Bob's game
    score("hand", "--makers", "Cy", "--tricks", "3")  # game 2, not finished
    score("new", "two", "--team", "Bob & Ann", "--team", "Di & Cy")
    score("add", "2", "10")  # Di & Cy's game
    score("hand", "--makers", "Bob", "--tricks", "1", "--alone")
    score("new", "three", "--rules", "cutthroat", *CUTTHROAT)
    score("add", "Cy", "10")
    score("hand", "--makers", "Bob", "--tricks", "3")


def test_players_over_an_evening_of_three_sheets() -> None:
    """A hand counts for both partners of the side that made it; a game in play is
    no game yet; a partnership is the same whichever way round it was named."""
    evening()
    figures = json.loads(score("players", "--json").stdout)
    assert figures["players"] == [
        {"name": "Cy", "games": 3, "won": 2, "makers": 2, "euchred": 1, "loners_made": 0},
        {"name": "Ann", "games": 3, "won": 1, "makers": 3, "euchred": 1, "loners_made": 2},
        {"name": "Bob", "games": 3, "won": 1, "makers": 4, "euchred": 1, "loners_made": 2},
        {"name": "Di", "games": 2, "won": 1, "makers": 2, "euchred": 1, "loners_made": 0},
    ]
    assert figures["partnerships"] == [
        {"players": ["Ann", "Bob"], "games": 2, "won": 1},
        {"players": ["Cy", "Di"], "games": 2, "won": 1},
    ]
    table = score("players").stdout.splitlines()
    assert [line.split() for line in table[:2]] == [
        ["Games", "Won", "Makers", "Euchred", "Loners"],
        ["made"],
    ]
    assert table[3].split() == ["Cy", "3", "2", "2", "1", "0"]
    assert [line.split("  ")[0] for line in table[-2:]] == [AB, CD]
    assert table[-2].split()[-2:] == ["2", "1"]


def test_a_person_is_a_name_as_typed_and_a_slam_one_game() -> None:
    """R13: a slam counts as two games toward the rubber, but a person played one."""
    score("new", "--rules", "railroad", "--team", AB, "--team", CD)
    score("add", "AB", "10")  # the losers at 0: a slam
    assert json.loads(score("show", "--json").stdout)["games"][0]["counted"] == 2
    score("new", "--team", "ann & Bob", "--team", CD)
    figures = json.loads(score("players", "--json").stdout)
    played = {person["name"]: (person["games"], person["won"]) for person in figures["players"]}
    assert played == {"Ann": (1, 1), "Bob": (1, 1), "Cy": (1, 0), "Di": (1, 0), "ann": (0, 0)}
    pairs = [(" & ".join(pair["players"]), pair["games"]) for pair in figures["partnerships"]]
    assert pairs == [(AB, 1), ("ann & Bob", 0), (CD, 1)]


def test_players_without_sheets_is_refused_in_one_line() -> None:
    one_line_error(score("players", fails=True), "no score sheets yet (")
    score("new", "friday", "--team", AB, "--team", CD)
    score("delete", "friday", "--yes")
    for args in [("players",), ("players", "--json")]:
        result = score(*args, fails=True)
        one_line_error(result, "no score sheets yet: start one with 'euchre score new'")
        assert result.stdout == ""


def test_names_in_the_book_that_a_terminal_would_obey_are_shown_escaped() -> None:
    """A book from before names were checked on the way in may hold any text."""
    score("new", "friday", "--team", AB, "--team", CD)
    hostile = "\x1b[2JAnn"
    with sqlite3.connect(book_file()) as db:
        db.execute("UPDATE sheets SET sides = ?", (json.dumps([[hostile, "Bob"], ["Cy", "Di"]]),))
    db.close()
    table = score("players").stdout
    assert "\x1b" not in table and "\\x1b[2JAnn" in table
    shown = score("players", "--json").stdout
    assert "\x1b" not in shown and json.loads(shown)["players"][0]["name"] == hostile
