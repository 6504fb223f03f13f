"""Text from outside the program (an argument, a file, the book): one rule for what a
name or a line of text may hold, checked on the way in (``engine/names.py``)."""

from __future__ import annotations

import io
import json
import os
import shutil
import sqlite3
from pathlib import Path

import click
import pytest
from click.testing import CliRunner, Result

from euchre_cli.commands.euchre import main
from euchre_cli.engine.cards import Suit, parse_card
from euchre_cli.engine.names import (
    NAME_LONGEST,
    PLAYER_NAME_LONGEST,
    TextError,
    check_name,
    check_player_name,
    check_text,
    did_you_mean,
)
from euchre_cli.records.export import to_document
from euchre_cli.records.game import SavedGame, Setup
from euchre_cli.rulebook import load_ruleset
from euchre_cli.terminal.text import LONGEST_WORD, Style, shortened, wants_colour

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
    # a name names a zero-width space's code point, which shows nothing
    refusal = "holds control characters|which shows nothing"
    for check in (check_player_name, check_name, lambda text: check_text(text, "reason")):
        with pytest.raises(TextError, match=refusal) as refused:
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
    setup = Setup(load_ruleset("standard"), 1, ("You", name, "Bob", "Cy"), (0,), "easy")
    path = tmp_path / "game.json"
    path.write_text(json.dumps(to_document(SavedGame(setup))), encoding="utf-8")
    return path


def _ruleset_with(tmp_path: Path, key: str, text: str) -> Path:
    path = tmp_path / "house.yaml"
    path.write_text(f"extends: standard\n{key}: {json.dumps(text)}\n", encoding="utf-8")
    return path


def test_an_error_quotes_a_very_long_value_cut_in_its_middle() -> None:
    path = "A" * 10_000 + ".yaml"
    assert shortened(f"{'B' * LONGEST_WORD} is fine") == f"{'B' * LONGEST_WORD} is fine"
    cut = shortened(f"cannot read {path}: too long")
    assert cut == f"cannot read {'A' * 60}...(10006 characters)...{'A' * 14}.yaml: too long"
    result = CliRunner().invoke(main, ["rules", "show", path])
    assert result.exit_code in (1, 2) and "...(10006 characters)..." in result.output
    assert len(result.output) < 400


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


def test_a_file_named_against_the_rule_is_asked_for_a_name_line(tmp_path: Path) -> None:
    """A file without ``name:`` is named after its stem, which is then checked: the
    message blamed the ``name:`` line of the built-in ruleset it extends."""
    stem = tmp_path / f"{TITLE}.yaml"
    stem.write_text("extends: standard\n", encoding="utf-8")
    validated = euchre("rules", "validate", str(stem))
    refused_in_one_line(validated, ".yaml:1: the ruleset name 'A\\x1b]0;PWN\\x07' holds")
    assert validated.stderr.rstrip().endswith("(give the file a name: line)")


def test_a_ruleset_name_or_description_too_long_points_at_its_line(tmp_path: Path) -> None:
    validated = euchre("rules", "validate", str(_ruleset_with(tmp_path, "name", "x" * 41)))
    refused_in_one_line(validated, "house.yaml:2: give a ruleset name of 1 to 40 characters")
    long_line = _ruleset_with(tmp_path, "description", "x" * 201)
    refused_in_one_line(
        euchre("rules", "validate", str(long_line)),
        "house.yaml:2: give a description of at most 200 characters",
    )


# On the way out: whatever the book holds is shown escaped ---------------------------

SHOWN = "A\x1b]0;PWN\x07\x9b2J\u202eB\r\x7f"  # a title, a C1 clear, a bidi override, CR, DEL
SHOWN_ESCAPED = r"A\x1b]0;PWN\x07\x9b2J\u202eB\r\x7f"


def _write_before_the_rule(book: Path) -> None:
    """Put ``SHOWN`` where a book written before names were checked could hold it:
    every name, the rulesets' names and descriptions, a reason, a game's start."""
    in_json = json.dumps(SHOWN)[1:-1]
    name, description = '"name": "standard"', "North American"
    with sqlite3.connect(book) as db:
        db.execute(
            "UPDATE games SET names = replace(names, 'Zed', :json),"
            " summary = replace(summary, 'Zed', :json), started = :raw, ruleset_name = :raw,"
            " ruleset = replace(replace(ruleset, :name, :named), :description, :json)",
            {"json": in_json, "raw": SHOWN, "name": name, "named": f'"name": "{in_json}"',
             "description": description},
        )  # fmt: skip
        db.execute(
            "UPDATE sheets SET name = :raw, sides = replace(sides, 'Ann', :json),"
            " ruleset = replace(replace(ruleset, :name, :named), :description, :json)",
            {"json": in_json, "raw": SHOWN, "name": name, "named": f'"name": "{in_json}"',
             "description": description},
        )  # fmt: skip
        db.execute("UPDATE entries SET reason = ?", (SHOWN,))


@pytest.fixture(scope="module")
def book_before_the_rule(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A book with a game and a sheet in it, as ``_write_before_the_rule`` leaves it
    (made once: each test is given a copy)."""
    home = tmp_path_factory.mktemp("old-book")

    def run(*args: str, input: str | None = None) -> Result:
        return CliRunner().invoke(main, list(args), input=input, env={"EUCHRE_HOME": str(home)})

    played = run("play", "--seed", "1", "--level", "easy", "--name", "Zed", input="pass\n")
    assert "Game 1 is kept" in played.output, played.output
    assert run("score", "new", "friday", *TEAMS).exit_code == 0
    assert run("score", "add", "1", "2", "--reason", "house rule").exit_code == 0
    _write_before_the_rule(home / "scores.sqlite3")
    return home / "scores.sqlite3"


@pytest.fixture
def old_book(book_before_the_rule: Path) -> None:
    home = Path(os.environ["EUCHRE_HOME"])
    home.mkdir(parents=True, exist_ok=True)
    shutil.copy(book_before_the_rule, home / "scores.sqlite3")


OUTPUT_PATHS = [
    # the book's games, shown, replayed, reviewed, resumed, counted
    (("games",), None),
    (("games", "--json"), None),
    (("games", "show", "1"), None),
    (("games", "show", "1", "--json"), None),
    (("games", "replay", "1", "--delay", "0"), None),
    (("games", "export", "1"), None),
    (("games", "delete", "1"), "n\n"),
    (("review", "1"), None),
    (("review", "1", "--json"), None),
    (("resume", "1"), "quit\n"),
    (("stats",), None),
    (("stats", "--json"), None),
    (("stats", "--rules", SHOWN), None),
    # the book's sheet: its name, its players, a reason
    (("score", "show"), None),
    (("score", "history"), None),
    (("score", "stats"), None),
    (("score", "list"), None),
    (("score", "use", SHOWN), None),
    (("score", "hand", "--makers", "1", "--tricks", "3"), None),
    (("score", "undo"), None),
    (("score", "keep"), "show\nquit\n"),
    (("score", "delete", SHOWN), "n\n"),
    # what was typed, echoed in a refusal
    (("score", "add", SHOWN, "2"), None),
    (("score", "show", f"{SHOWN}x"), None),
    (("score", "show", "friday", SHOWN), None),  # click's "unexpected extra argument"
    (("rules", "show", SHOWN), None),
    (("rules", "validate", SHOWN), None),
    (("play", "--rules", SHOWN), None),
    (("play", f"--{SHOWN}"), None),  # click's "no such option"
    (("play", "--seed", SHOWN), None),
    (("config", "set", "name", SHOWN), None),
    ((SHOWN,), None),  # no such command
]
PATH_NAMES = [" ".join(args) for args, _ in OUTPUT_PATHS]


@pytest.mark.usefixtures("old_book")
@pytest.mark.parametrize(("args", "typed"), OUTPUT_PATHS, ids=PATH_NAMES)
def test_no_output_path_lets_a_terminal_obey_what_the_book_or_the_user_gave(
    args: tuple[str, ...], typed: str | None
) -> None:
    """Ruleset names and descriptions, players' names, a sheet's name, a reason and
    what was typed reached the terminal raw (`euchre games` set the window title)."""
    result = euchre(*args, input=typed)
    assert not isinstance(result.exception, Exception) or isinstance(result.exception, SystemExit)
    obeyed = {char for char in result.output if not char.isprintable() and char != "\n"}
    assert not obeyed, result.output
    if not args[-1].endswith("--json") and args[:2] != ("games", "export"):
        assert SHOWN_ESCAPED in result.output  # shown, not dropped


# Colours as asked: one rule, asked by every command that styles its output ----------


class _Stream(io.StringIO):
    def __init__(self, terminal: bool) -> None:
        super().__init__()
        self.terminal = terminal

    def isatty(self) -> bool:
        return self.terminal


@pytest.mark.parametrize(
    ("terminal", "environment", "colour"),
    [
        (True, {"TERM": "xterm"}, True),
        (True, {}, True),
        (True, {"TERM": "xterm", "NO_COLOR": ""}, True),  # set but empty: no-color.org
        (True, {"TERM": "xterm", "NO_COLOR": "1"}, False),
        (True, {"TERM": "dumb"}, False),
        (False, {"TERM": "xterm"}, False),  # a pipe or a file
    ],
)
def test_colour_only_on_a_terminal_without_no_color_or_term_dumb(
    monkeypatch: pytest.MonkeyPatch, terminal: bool, environment: dict[str, str], colour: bool
) -> None:
    for variable in ("TERM", "NO_COLOR"):
        monkeypatch.delenv(variable, raising=False)
    for variable, value in environment.items():
        monkeypatch.setenv(variable, value)
    assert wants_colour(_Stream(terminal)) is colour


@pytest.mark.usefixtures("old_book")
@pytest.mark.parametrize(
    ("module", "args"),
    [
        ("terminal.console", ("play", "--watch", "--seed", "2", "--level", "easy")),
        ("commands.games", ("games", "show", "1")),
        ("commands.games", ("games", "replay", "1", "--delay", "0")),
        ("commands.review", ("review", "1")),
    ],
)
def test_every_command_that_styles_asks_the_one_rule(
    monkeypatch: pytest.MonkeyPatch, module: str, args: tuple[str, ...]
) -> None:
    """`games show`, `games replay` and `review` coloured every terminal, NO_COLOR=1 and
    TERM=dumb too: they asked only whether the output was a terminal."""
    for answer in (True, False):
        asked: list[object] = []
        monkeypatch.setattr(
            f"euchre_cli.{module}.wants_colour",
            lambda stream, answer=answer, asked=asked: asked.append(stream) or answer,
        )
        result = CliRunner().invoke(main, list(args), color=True)
        assert result.exit_code == 0, result.output
        assert asked and ("\x1b[" in result.output) is answer


def test_style_colours_as_click_style_does_and_lets_only_its_own_codes_by() -> None:
    """``Style`` wrote its four codes by hand; it asks ``click.style``, and what it
    lets through ``escaped`` is what Click wrote for it, nothing else."""
    coloured, plain = Style(colour=True), Style(colour=False)
    heart, spade = parse_card("AH"), parse_card("AS")
    assert coloured.card(heart) == click.style(heart.label, fg="red")
    assert coloured.card(spade) == spade.label
    assert coloured.suit(Suit.DIAMONDS) == click.style("♦ diamonds", fg="red")
    assert (coloured.bold("Ann"), coloured.dim("Ann")) == (
        click.style("Ann", bold=True),
        click.style("Ann", dim=True),
    )
    assert (plain.card(heart), plain.bold("Ann"), plain.dim("Ann")) == (heart.label, "Ann", "Ann")
    line = f"{coloured.bold('Ann')} {TITLE} \x1b[2J"
    shown = coloured.escaped(line)
    assert shown.startswith(coloured.bold("Ann")) and shown.endswith(" A\\x1b]0;PWN\\x07 \\x1b[2J")
    assert plain.escaped(coloured.bold("Ann")) == "\\x1b[1mAnn\\x1b[0m"


@pytest.mark.parametrize(
    ("word", "known", "said"),
    [
        ("standrd", ["classic", "standard"], "did you mean 'standard'?"),
        ("hist", ["history", "list"], "did you mean 'history'?"),  # the one it starts
        ("Hist", ["history", "list"], "did you mean 'history'?"),
        ("s", ["show", "stats"], ""),  # starts two, close to neither
        ("zzz", ["show", "stats"], ""),
        ("", ["show"], ""),
    ],
)
def test_did_you_mean_names_the_one_name_meant(word: str, known: list[str], said: str) -> None:
    assert did_you_mean(word, known) == said


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["sore"], "no such command 'sore' (did you mean 'score'?)"),
        (["rules", "show", "standrd"], "unknown ruleset 'standrd' (did you mean 'standard'?"),
        (["config", "set", "levl", "easy"], "unknown key 'levl' (did you mean 'level'?)"),
    ],
)
def test_every_unknown_name_is_answered_in_the_same_words(args: list[str], said: str) -> None:
    """A command, a ruleset and a settings key: one helper, one way of saying it."""
    result = euchre(*args)
    assert result.exit_code in (1, 2) and said in result.stderr, result.stderr
