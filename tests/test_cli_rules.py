"""``euchre rules``: list, show, validate, new (README, "Rulesets and house rules").

Every user error ends with a one-line message and exit status 1 or 2, never a
traceback.  Each test runs in its own temporary directory.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from euchre_cli.commands.euchre import main
from euchre_cli.engine.rules import GameRules, MarkerRules, RubberRules
from euchre_cli.rulebook import builtin_names, load_ruleset


@pytest.fixture(autouse=True)
def in_tmp_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)


def euchre(*args: str) -> Result:
    return CliRunner().invoke(main, ["rules", *args])


def assert_user_error(result: Result, message: str, exit_code: int = 1) -> None:
    assert result.exit_code == exit_code, result.output
    assert "Traceback" not in result.output
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1
    assert message in result.stderr


def test_list_shows_every_builtin_with_players_and_target():
    result = euchre("list")
    assert result.exit_code == 0
    for name in builtin_names():
        assert name in result.output
    cutthroat_row = next(
        line for line in result.output.splitlines() if line.startswith("cutthroat")
    )
    assert cutthroat_row.split()[1:3] == ["3", "10"]


def test_list_fits_an_80_column_terminal_breaking_descriptions_between_words(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The descriptions ran to 132 columns, and a terminal broke them mid-word."""
    piped = euchre("list").output
    monkeypatch.setattr("euchre_cli.commands.rules.terminal_columns", lambda stream: 80)
    shown = euchre("list").output
    assert max(map(len, shown.splitlines())) <= 80 < max(map(len, piped.splitlines()))
    assert " ".join(shown.split()).count("British Euchre, standard rules with the joker") == 1
    words = {word for line in piped.splitlines()[2:] for word in line.split()}
    assert words == {word for line in shown.splitlines()[2:] for word in line.split()}


@pytest.mark.parametrize("name", builtin_names())
def test_show_prints_yaml_that_loads_to_the_same_ruleset(name):
    result = euchre("show", name)
    assert result.exit_code == 0
    Path("shown.yaml").write_text(result.output, encoding="utf-8")
    assert replace(load_ruleset("shown.yaml"), source=name) == load_ruleset(name)


def test_show_resolves_a_house_file(write_yaml):
    write_yaml("house.yaml", "extends: classic\nbidding: {stick_the_dealer: true}\n")
    result = euchre("show", "house.yaml")
    assert result.exit_code == 0
    assert "  stick_the_dealer: true\n" in result.output
    assert "  points_to_win: 5  # 1 to 1000\n" in result.output  # with its range
    assert "extends" not in result.output.split("\n", 1)[1]  # fully resolved


def test_validate_reports_ok_with_a_summary(write_yaml):
    write_yaml("house.yaml", "extends: standard\nbidding: {stick_the_dealer: true}\n")
    result = euchre("validate", "house.yaml")
    assert result.exit_code == 0
    assert result.output == "house.yaml: OK (extends standard; 4 players, game to 10)\n"


def test_validate_reports_the_error_line(write_yaml):
    write_yaml("house.yaml", "extends: standard\nbidding:\n  stick_the_deler: true\n")
    assert_user_error(
        euchre("validate", "house.yaml"),
        "house.yaml:3: unknown key 'stick_the_deler' in bidding (did you mean 'stick_the_dealer'?)",
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("validate", "missing.yaml"), "missing.yaml: no such file"),
        (("show", "standrd"), "unknown ruleset 'standrd' (did you mean 'standard'?"),
        (("new", "house.yaml", "--from", "nope"), "unknown ruleset 'nope'"),
    ],
)
def test_bad_references_are_one_line_errors(args, message):
    assert_user_error(euchre(*args), message)
    assert not Path("house.yaml").exists()


@pytest.mark.parametrize("args", [("show",), ("validate",), ("new",), ("frobnicate",)])
def test_usage_errors_exit_2(args):
    result = euchre(*args)
    assert result.exit_code == 2
    assert "Traceback" not in result.output


@pytest.mark.parametrize("base", ["standard", "cutthroat", "two-handed-dummy"])
def test_new_writes_a_template_that_validates_as_written(base):
    result = euchre("new", "house.yaml", "--from", base)
    assert result.exit_code == 0, result.output
    house = load_ruleset("house.yaml")
    assert house.extends == base
    assert replace(house, name=base, description="", source=base) == replace(
        load_ruleset(base), description=""
    )
    text = Path("house.yaml").read_text(encoding="utf-8")
    inherited = load_ruleset(base)
    assert f"#   points_to_win: {inherited.game.points_to_win} " in text
    assert f"#   cards: {inherited.dummy.cards} " in text
    for knob in ("stick_the_dealer", "dealer_pickup", "lead", "lone_march", "ranks", "joker"):
        assert f"#   {knob}: " in text


def test_new_template_lines_work_once_uncommented():
    euchre("new", "house.yaml")
    path = Path("house.yaml")
    text = path.read_text(encoding="utf-8")
    for commented, edited in [
        ("# bidding:", "bidding:"),
        ("#   stick_the_dealer: false", "  stick_the_dealer: true"),
        ("# game:", "game:"),
        ("#   points_to_win: 10", "  points_to_win: 7"),
        ("#   bridge: false", "  bridge: true"),
        ("# rubber:", "rubber:"),  # off in standard: written, it turns rubbers on
        ("#   games_to_win: 2", "  games_to_win: 3"),
        ("# markers:", "markers:"),
        ("#   cards: [6, 4]", "  cards: [3, 4]"),
    ]:
        assert commented in text
        text = text.replace(commented, edited)
    path.write_text(text, encoding="utf-8")
    house = load_ruleset("house.yaml")
    assert house.bidding.stick_the_dealer
    assert house.game == GameRules(points_to_win=7, bridge=True)
    assert house.rubber == RubberRules(games_to_win=3, bonus=2)
    assert house.markers == MarkerRules(cards=(3, 4))


def test_new_extends_a_file_by_a_path_relative_to_the_new_file(write_yaml):
    write_yaml("club/base.yaml", "extends: classic\ngame: {points_to_win: 7}\n")
    result = euchre("new", "tables/house.yaml", "--from", "club/base.yaml")
    assert result.exit_code == 1  # the folder does not exist yet
    Path("tables").mkdir()
    result = euchre("new", "tables/house.yaml", "--from", "club/base.yaml")
    assert result.exit_code == 0, result.output
    house = load_ruleset("tables/house.yaml")
    assert house.extends == "../club/base.yaml"
    assert house.game.points_to_win == 7


def test_new_refuses_to_overwrite():
    Path("house.yaml").write_text("players: 3\n", encoding="utf-8")
    assert_user_error(euchre("new", "house.yaml"), "house.yaml: already exists")
    assert Path("house.yaml").read_text(encoding="utf-8") == "players: 3\n"


def test_the_rules_reference_has_every_rule_the_project_cites() -> None:
    """Help texts, rulesets and templates cite R1 to R17: each has its section, and
    `rules new` names where they are explained."""
    import re

    listing = euchre("reference")
    assert listing.exit_code == 0, listing.output
    numbers = re.findall(r"^(R\d+) ", listing.output, re.M)
    assert numbers == [f"R{n}" for n in range(1, 18)]
    rubbers = euchre("reference", "r10")
    assert rubbers.exit_code == 0 and rubbers.output.startswith("## R10 Rubbers\n")
    assert "R11" not in rubbers.output.splitlines()[0]
    assert euchre("new", "house.yaml").exit_code == 0
    assert "'euchre rules reference R8'" in Path("house.yaml").read_text(encoding="utf-8")
    assert "docs/rules.md" in Path("house.yaml").read_text(encoding="utf-8")


@pytest.mark.parametrize(("asked", "says"), [("R99", "there is no rule R99"), ("x", "'x' is not")])
def test_a_rule_number_that_does_not_exist_is_refused_in_one_line(asked: str, says: str) -> None:
    result = euchre("reference", asked)
    assert_user_error(result, says, exit_code=2)
    assert "R1 to R17" in result.output


def test_validate_notes_marker_cards_that_have_no_picture_for_the_target(write_yaml) -> None:
    """A game to 11 inherits standard's 6 and 4, for which no picture exists: the
    marker picture silently disappeared; validate says so, and the file is still OK."""
    write_yaml("eleven.yaml", "extends: standard\ngame: {points_to_win: 11}\n")
    result = euchre("validate", "eleven.yaml")
    assert result.exit_code == 0, result.output
    assert result.output.startswith("eleven.yaml: OK")
    assert "the marker cards 4 and 6 have no picture for a game to 11" in result.output
    write_yaml("ten.yaml", "extends: standard\n")
    assert "marker" not in euchre("validate", "ten.yaml").output


def test_a_file_that_is_not_a_ruleset_is_quoted_only_in_part(write_yaml) -> None:
    write_yaml("passwd", "root:x:0:0:root:/root:/bin/bash\n" * 30)
    write_yaml("house.yaml", "extends: passwd\n")
    result = euchre("validate", "house.yaml")
    assert_user_error(result, "the file holds 'root:x:0:0:root:/root:/bin/bash root:...'")
    assert len(result.stderr) < 200


def test_new_template_shows_the_deal_section() -> None:
    assert euchre("new", "house.yaml").exit_code == 0
    text = Path("house.yaml").read_text(encoding="utf-8")
    for line in ("# deal:", "#   first_dealer: random", "#   packets: [3, 2]", "#   cut_min: 4"):
        assert line in text


def test_the_template_and_show_give_each_whole_numbers_range() -> None:
    assert euchre("new", "house.yaml", "--from", "classic").exit_code == 0
    template = Path("house.yaml").read_text(encoding="utf-8").splitlines()
    shown = euchre("show", "classic").output.splitlines()
    for setting, allowed in (("points_to_win: 5", "1 to 1000"), ("games_to_win: 2", "1 to 10")):
        (line,) = [line for line in template if line.startswith(f"#   {setting} ")]
        assert line.endswith(f"[{allowed}]")
        assert f"  {setting}  # {allowed}" in shown


def test_r13_r17_the_template_lists_and_explains_every_house_rule() -> None:
    assert euchre("new", "house.yaml", "--from", "railroad").exit_code == 0
    text = Path("house.yaml").read_text(encoding="utf-8")
    for key in ("call_for_best: true", "laps: true", "slam: true", "natural_trump: false"):
        assert f"#   {key}" in text
    for key in ("partner_orders_alone", "weak_hand", "weak_hand_test", "renege", "renege_lone"):
        assert f"#   {key}: " in text
    assert "[off | redeal | exchange]" in text and "(R13)" in text and "(R17)" in text
    shown = euchre("show", "railroad").output  # rules show prints them too
    assert "call_for_best: true" in shown and "weak_hand: 'off'" in shown
