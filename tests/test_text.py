"""Text from outside the program (an argument, a file, the book): one rule for what a
name or a line of text may hold, checked on the way in (``engine/names.py``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from euchre_cli.commands.main import main
from euchre_cli.engine.names import (
    NAME_LONGEST,
    PLAYER_NAME_LONGEST,
    TextError,
    check_name,
    check_player_name,
    check_text,
)
from euchre_cli.records.export import to_document
from euchre_cli.records.game import SavedGame, Setup
from euchre_cli.rulebook import load_ruleset

TITLE = "A\x1b]0;PWN\x07"  # an OSC sequence: "set the window title"
# What a terminal obeys rather than shows: C0 and C1 controls, DEL, a bidi override,
# a zero-width space, a line separator, a byte that was not UTF-8 (a lone surrogate).
HOSTILE = [TITLE, "Ann\nBob", "A\tB", "A\rB", "A\x7fB", "A\x9b2JB", "A\u202eB", "A\u200bB"]
HOSTILE += ["A\u2028B", "Zo\udceb"]
TEAMS = ("--team", "Ann & Bob", "--team", "Cy & Di")


def euchre(*args: str, input: str | None = None) -> Result:
    return CliRunner().invoke(main, list(args), input=input)


def refused_in_one_line(result: Result, says: str) -> None:
    """Refused as every user error is: one line on stderr, exit 1 or 2, and no
    control character of what was typed echoed raw."""
    assert result.exit_code in (1, 2), result.output
    assert result.stderr.count("\n") == 1 and says in result.stderr, result.stderr
    assert all(char.isprintable() for char in result.stderr.rstrip("\n")), result.stderr


@pytest.mark.parametrize("text", HOSTILE)
def test_every_check_refuses_what_a_terminal_would_obey(text: str) -> None:
    for check in (check_player_name, check_name, lambda text: check_text(text, "reason")):
        with pytest.raises(TextError, match="holds control characters") as refused:
            check(text)
        assert str(refused.value).isprintable()  # quoted escaped, as Python writes it


def test_the_rule_tidies_spaces_and_bounds_each_kind_of_text() -> None:
    assert check_player_name("  Zoë  Lee ") == "Zoë Lee"
    assert check_text("Based on standard.\n", "description") == "Based on standard."  # YAML >
    assert check_text("", "reason") == ""
    assert check_name("x" * NAME_LONGEST) == "x" * NAME_LONGEST
    for check, longest in ((check_player_name, PLAYER_NAME_LONGEST), (check_name, NAME_LONGEST)):
        with pytest.raises(TextError, match=f"give a name of 1 to {longest} characters"):
            check("x" * (longest + 1))
        with pytest.raises(TextError, match=f"give a name of 1 to {longest} characters"):
            check("   ")
    with pytest.raises(TextError, match="give a reason of at most 200 characters"):
        check_text("x" * 201, "reason")
    with pytest.raises(TextError, match="'Ann & Bob' holds '&'"):
        check_player_name("Ann & Bob")


def _record_with(tmp_path: Path, name: str) -> Path:
    """A game record (no moves yet) whose second player has ``name``."""
    setup = Setup(load_ruleset("standard"), 1, ("You", name, "Bob", "Cy"), 0, "easy")
    path = tmp_path / "game.json"
    path.write_text(json.dumps(to_document(SavedGame(setup))), encoding="utf-8")
    return path


def _ruleset_with(tmp_path: Path, key: str, text: str) -> Path:
    path = tmp_path / "house.yaml"
    path.write_text(f"extends: standard\n{key}: {json.dumps(text)}\n", encoding="utf-8")
    return path


def test_every_way_in_refuses_a_hostile_name_in_one_line(tmp_path: Path) -> None:
    """--name refused control characters; a score sheet's names, a reason, an imported
    record's names and a ruleset's name and description took them, and then printed
    them raw.  Every way in now refuses them with the same words."""
    says = "holds control characters"
    refused_in_one_line(euchre("play", "--name", TITLE), says)
    refused_in_one_line(euchre("score", "new", "--team", f"{TITLE} & Bob", *TEAMS[2:]), says)
    two = ("--rules", "two-handed", "--player", "Bob", "--player")
    refused_in_one_line(euchre("score", "new", *two, TITLE), says)
    refused_in_one_line(euchre("score", "new", TITLE, *TEAMS), says)
    assert euchre("score", "new", "friday", *TEAMS).exit_code == 0
    refused_in_one_line(euchre("score", "add", "1", "2", "--reason", TITLE), says)
    refused_in_one_line(euchre("games", "import", str(_record_with(tmp_path, TITLE))), says)
    for key, what in (("name", "ruleset name"), ("description", "description")):
        house = str(_ruleset_with(tmp_path, key, TITLE))
        refused_in_one_line(euchre("rules", "validate", house), f"house.yaml:2: the {what} 'A")
        refused_in_one_line(euchre("play", "--watch", "--rules", house), says)
    assert euchre("games", "--json").stdout.strip() == "[]"  # nothing was kept


def test_an_imported_name_is_held_to_what_name_allows(tmp_path: Path) -> None:
    refused_in_one_line(
        euchre("games", "import", str(_record_with(tmp_path, "B" * 10_000))),
        "setup.names[1]: give a name of 1 to 20 characters",
    )
    refused_in_one_line(
        euchre("games", "import", str(_record_with(tmp_path, "Ann & Cy"))), "holds '&'"
    )
    imported = euchre("games", "import", str(_record_with(tmp_path, " Zoë ")))
    assert imported.exit_code == 0, imported.output
    assert json.loads(euchre("games", "--json").stdout)[0]["players"][1] == "Zoë"


def test_a_ruleset_name_or_description_too_long_points_at_its_line(tmp_path: Path) -> None:
    validated = euchre("rules", "validate", str(_ruleset_with(tmp_path, "name", "x" * 41)))
    refused_in_one_line(validated, "house.yaml:2: give a ruleset name of 1 to 40 characters")
    long_line = _ruleset_with(tmp_path, "description", "x" * 201)
    refused_in_one_line(
        euchre("rules", "validate", str(long_line)),
        "house.yaml:2: give a description of at most 200 characters",
    )
