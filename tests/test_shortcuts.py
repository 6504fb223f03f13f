"""The grammar of ``keep``'s short lines (``scorekeeper.shortcuts``), pure: what each
line means, and each refusal, one line, as a ``SheetError``."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from euchre_cli.commands.euchre import main
from euchre_cli.rulebook import builtin_names, load_ruleset
from euchre_cli.scorekeeper.entries import ManualPoints, Renege
from euchre_cli.scorekeeper.sheet import Sheet, SheetError, seat_sides
from euchre_cli.scorekeeper.shortcuts import (
    HandLine,
    alone_answer,
    dealer_line,
    defender_answer,
    hand_line,
    points_line,
    renege_line,
    tricks_answer,
)


def sheet_of(rules: str, teams: tuple[str, ...] = (), players: tuple[str, ...] = ()) -> Sheet:
    ruleset = load_ruleset(rules)
    return Sheet(1, "friday", ruleset, seat_sides(ruleset, teams, players))


FOUR = sheet_of("standard", teams=("Ann & Bob", "Cy & Di"))
CLASSIC = sheet_of("classic", teams=("Ann & Bob", "Cy & Di"))  # no lone defenders
CUTTHROAT = sheet_of("cutthroat", players=("Ann", "Bob", "Cy"))
TWO = sheet_of("two-handed", players=("Ann", "Bob"))  # no lone hands


@pytest.mark.parametrize(
    ("line", "meant"),
    [
        ("1", HandLine(0, None, None, False)),  # the rest is asked
        ("1 4", HandLine(0, 4, None, False)),
        ("2 a 5", HandLine(1, 5, True, False)),
        ("2 5 a", HandLine(1, 5, True, False)),  # flags and tricks in either order
        ("1 d 1", HandLine(0, 1, False, True)),
        ("CD ad 0", HandLine(1, 0, True, True)),
        ("Cy & Di 3", HandLine(1, 3, None, False)),  # a team of several words
        ("ann alone", HandLine(0, None, True, False)),
        ("Di no 4", HandLine(1, 4, False, False)),
    ],
)
def test_r8_a_hand_line_names_the_makers_then_tricks_and_lone_hands(
    line: str, meant: HandLine
) -> None:
    assert hand_line(FOUR, line.split()) == meant


@pytest.mark.parametrize(
    ("sheet", "line", "says"),
    [
        (FOUR, "Zed 3", "no team or player 'Zed'"),
        (FOUR, "2 x 4", "'x' is not understood after '2'"),
        (FOUR, "2 3 4", "'3' is not understood after '2'"),  # tricks given twice
        (FOUR, "Cy & Dx 4", "no team or player 'Cy & Dx'"),  # a name mistyped: said as such
        (FOUR, "1 6", "'6' is not a number of tricks: 0 to 5"),
        (FOUR, "1 -1", "'-1' is not a number of tricks: 0 to 5"),
        (CLASSIC, "2 d", "classic does not let a defender go alone"),  # R6
        (TWO, "Ann a 3", "two-handed has no lone hands"),  # R6, R14
    ],
)
def test_a_hand_line_is_refused_in_one_line(sheet: Sheet, line: str, says: str) -> None:
    with pytest.raises(SheetError, match=says) as refused:
        hand_line(sheet, line.split())
    assert "\n" not in str(refused.value)


@pytest.mark.parametrize("text", ["0", "3", "5"])
def test_tricks_are_zero_to_five(text: str) -> None:
    assert tricks_answer(text) == int(text)


@pytest.mark.parametrize("text", ["6", "-1", "seven", "", "3.0", "+3"])
def test_tricks_outside_zero_to_five_are_refused(text: str) -> None:
    with pytest.raises(SheetError, match="is not a number of tricks: 0 to 5"):
        tricks_answer(text)


def test_r6_alone_answers_are_only_the_lone_hands_the_ruleset_has() -> None:
    assert alone_answer(FOUR.ruleset, "") == (False, False)
    assert alone_answer(FOUR.ruleset, "AD") == (True, True)
    assert alone_answer(CLASSIC.ruleset, "a") == (True, False)
    with pytest.raises(SheetError, match="'d' is not an answer here: a = the maker, or Enter"):
        alone_answer(CLASSIC.ruleset, "d")
    with pytest.raises(SheetError, match="'maybe' is not an answer here"):
        alone_answer(FOUR.ruleset, "maybe")


def test_r12_the_lone_defender_is_one_of_the_defenders() -> None:
    assert defender_answer(CUTTHROAT, [0, 2], "Cy") == 2
    with pytest.raises(SheetError, match="Bob made trump; a defender is 1 Ann, 3 Cy"):
        defender_answer(CUTTHROAT, [0, 2], "Bob")


def test_points_line_takes_a_team_of_several_words_and_a_reason() -> None:
    words = ["Cy", "&", "Di", "2", "house", "rule"]
    assert points_line(FOUR, words) == ManualPoints(1, 2, "house rule")
    assert points_line(FOUR, ['"Ann', '&', 'Bob"', "-1"]) == ManualPoints(0, -1, "")
    for words in (["2", "x"], ["2"], []):
        with pytest.raises(SheetError, match="add WHO POINTS"):
            points_line(FOUR, words)


def test_r17_renege_line_names_the_side_and_a_lone_hand() -> None:
    assert renege_line(FOUR, ["2"]) == Renege(1, False)
    assert renege_line(FOUR, ["Cy", "&", "Di", "a"]) == Renege(1, True)
    with pytest.raises(SheetError, match="renege WHO"):
        renege_line(FOUR, [])
    with pytest.raises(SheetError, match="has no lone hands"):
        renege_line(TWO, ["Ann", "a"])


# keep's lines that are commands, by their first word, and what reads the rest
COMMAND_LINES = {"add": points_line, "renege": renege_line, "dealer": dealer_line}


@pytest.mark.parametrize("rules", builtin_names())
def test_r6_every_line_keep_offers_as_an_example_is_one_the_sheet_takes(
    rules: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """keep's help ("1 a 5" ...), the examples its refusals give ("e.g. renege 2 a")
    and the lone hands they name are each taken on a sheet of any built-in ruleset:
    a lone hand the ruleset has not, or a player the sheet has not, would be refused."""
    monkeypatch.setenv("EUCHRE_HOME", str(tmp_path))
    ruleset = load_ruleset(rules)
    teams = ("Ed & Flo", "Gus & Hal") if ruleset.partnerships else ()
    players = () if ruleset.partnerships else ("Ed", "Flo", "Gus")[: ruleset.players]
    named = [*(("--team", team) for team in teams), *(("--player", name) for name in players)]
    runner = CliRunner()
    started = runner.invoke(main, ["score", "new", "--rules", rules, *sum(named, ())])
    assert started.exit_code == 0, started.output
    typed = ["", "help", "add", "renege", "dealer", "1 x 4", "quit"]  # Enter: no dealer
    out = runner.invoke(main, ["score", "keep"], input="\n".join(typed) + "\n").output
    examples = re.findall(r'"([^"]+)" \(', out) + re.findall(r"e\.g\. (.+)$", out, re.M)
    assert len(examples) >= 4 and all(word in " ".join(examples) for word in COMMAND_LINES)
    lone = re.search(r"and for lone hands (.+)$", out, re.M)
    assert bool(lone) == (ruleset.alone.maker or ruleset.alone.defender)
    examples += [f"1 {word} 3" for word in re.findall(r"(\w+) = ", lone.group(1))] if lone else []
    sheet = Sheet(1, "friday", ruleset, seat_sides(ruleset, teams, players))
    for line in examples:
        first, *rest = line.split()
        read = COMMAND_LINES.get(first)
        read(sheet, rest) if read else hand_line(sheet, line.split())
