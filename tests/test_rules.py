"""Rulesets: the built-ins, loading with ``extends``, snapshots, and validation errors
that name the file and line (README, "Rulesets and house rules")."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from dataclasses import fields, is_dataclass, replace
from pathlib import Path

import pytest

from euchre_cli.engine.rules import MarkerRules, RubberRules, Ruleset
from euchre_cli.players.levels import unplayable_game
from euchre_cli.rulebook import (
    RulesetError,
    builtin_names,
    builtin_rulesets,
    load_ruleset,
    ruleset_from_dict,
    ruleset_to_dict,
    setting_help,
    setting_range,
)
from euchre_cli.rulebook.changes import HouseRules, house_rules

BUILTINS = [
    "british",
    "classic",
    "cutthroat",
    "railroad",
    "standard",
    "stick-the-dealer",
    "thirty-two",
    "two-handed",
    "two-handed-dummy",
]


def load_error(ref: str) -> RulesetError:
    with pytest.raises(RulesetError) as caught:
        load_ruleset(ref)
    return caught.value


def differences(first: Ruleset, second: Ruleset) -> set[str]:
    """The dotted settings whose values differ between two rulesets."""

    def flat(data: dict, prefix: str = "") -> dict:
        items: dict = {}
        for key, value in data.items():
            if isinstance(value, dict):
                items |= flat(value, f"{prefix}{key}.")
            else:
                items[prefix + key] = value
        return items

    one, other = flat(ruleset_to_dict(first)), flat(ruleset_to_dict(second))
    return {key for key in one.keys() | other.keys() if one.get(key) != other.get(key)}


# --- Built-in rulesets -----------------------------------------------------------


def test_builtin_names_are_the_shipped_files():
    assert builtin_names() == BUILTINS
    assert [ruleset.name for ruleset in builtin_rulesets()] == BUILTINS


@pytest.mark.parametrize("name", BUILTINS)
def test_every_builtin_loads_from_any_directory(name, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    ruleset = load_ruleset(name)
    assert ruleset.name == name
    assert ruleset.source == name
    # players read the description; the file's comments say which rules it follows
    assert not any(word in ruleset.description for word in ("seed", "RULES.md", "rules.md", "R1"))
    header = (Path(__file__).parent.parent / "rulesets" / f"{name}.yaml").read_text()
    assert re.search(r"^#.*\bR\d", header, re.M), "the file cites docs/rules.md in a comment"


def test_standard_is_the_dataclass_defaults():
    """R3-R9 as in seed 000: ``Ruleset()`` and ``standard.yaml`` agree."""
    standard = load_ruleset("standard")
    assert replace(standard, source="") == Ruleset()
    assert len(standard.cards) == 24
    assert standard.rubber is None
    assert standard.markers == MarkerRules((6, 4))  # R11: a six and a four for 10 points


def test_classic_follows_seed_002():
    """R3 draw, R6 lead left of the dealer and no lone defenders, R9 bridge, R10, R11."""
    classic = load_ruleset("classic")
    assert classic.extends == "standard"
    assert classic.deal.first_dealer == "draw"
    assert (classic.alone.maker, classic.alone.defender) == (True, False)
    assert classic.alone.lead == "left-of-dealer"
    assert (classic.game.points_to_win, classic.game.bridge) == (5, True)
    assert classic.rubber == RubberRules(games_to_win=2, bonus=2)
    assert classic.markers == MarkerRules((3, 4))


def test_thirty_two_is_classic_with_sevens_and_eights():
    """R1: the 32-card pack."""
    thirty_two = load_ruleset("thirty-two")
    assert thirty_two.deck.ranks == ("7", "8", "9", "10", "J", "Q", "K", "A")
    assert len(thirty_two.cards) == 32
    assert thirty_two.extends == "classic"
    assert differences(thirty_two, load_ruleset("classic")) == {"name", "description", "deck.ranks"}


def test_british_adds_the_joker():
    """R15: 25 cards, a turned-up joker lets the dealer name trump."""
    british = load_ruleset("british")
    assert len(british.cards) == 25
    assert british.deck.joker
    assert british.bidding.joker_upcard == "dealer-names"


def test_stick_the_dealer_changes_only_r5():
    stick = load_ruleset("stick-the-dealer")
    assert stick.bidding.stick_the_dealer
    assert differences(stick, load_ruleset("standard")) == {
        "name",
        "description",
        "bidding.stick_the_dealer",
    }


def test_cutthroat_follows_r12():
    cutthroat = load_ruleset("cutthroat")
    assert cutthroat.players == 3
    assert (cutthroat.dummy.cards, cutthroat.dummy.taken_by) == (5, "maker")
    assert cutthroat.alone.lead == "left-of-dealer"
    scoring = ruleset_to_dict(cutthroat)["scoring"]
    assert scoring == {
        "make": 1,
        "march": 3,
        "lone_make": 1,
        "lone_march": 4,
        "euchre": 2,
        "lone_defender_euchre": 2,
        "lone_defender_march": 4,
        "renege": 2,
        "renege_lone": 4,
    }
    assert cutthroat.game.points_to_win == 10
    assert cutthroat.markers is None


def test_two_handed_rulesets_follow_r14():
    classic_form = load_ruleset("two-handed")
    assert classic_form.players == 2
    assert not classic_form.alone.maker and not classic_form.alone.defender
    scoring = classic_form.scoring
    assert (scoring.make, scoring.march, scoring.euchre) == (1, 2, 2)
    assert classic_form.game.points_to_win == 10
    dummy_form = load_ruleset("two-handed-dummy")
    assert dummy_form.extends == "two-handed"
    assert dummy_form.dummy.cards == 2
    assert dummy_form.bidding.stick_the_dealer
    assert dummy_form.bidding.dealer_pickup == "mandatory"  # R14: the dealer "takes" it
    assert classic_form.bidding.dealer_pickup == "optional"  # R14: "may take"
    assert dummy_form.alone == classic_form.alone


# --- Snapshots: ruleset_to_dict / ruleset_from_dict -------------------------------


@pytest.mark.parametrize("name", BUILTINS)
def test_snapshot_round_trips_through_json(name):
    ruleset = load_ruleset(name)
    snapshot = json.loads(json.dumps(ruleset_to_dict(ruleset)))
    assert ruleset_from_dict(snapshot, source=name) == ruleset
    assert "extends" not in snapshot and "source" not in snapshot


def test_snapshot_is_in_the_yaml_contract_shape():
    snapshot = ruleset_to_dict(load_ruleset("classic"))
    assert snapshot["deck"]["ranks"] == [9, 10, "J", "Q", "K", "A"]
    assert snapshot["deal"]["packets"] == [3, 2]
    assert snapshot["rubber"] == {"games_to_win": 2, "bonus": 2}
    assert snapshot["markers"] == {"cards": [3, 4]}


def test_snapshot_errors_name_the_source_without_a_line():
    with pytest.raises(RulesetError) as caught:
        ruleset_from_dict({"players": 5}, source="sheet 3")
    assert str(caught.value) == "sheet 3: players cannot be 5 (allowed: 2, 3 or 4)"


def test_a_snapshot_number_past_its_range_is_refused_in_few_words():
    """JSON holds numbers of up to 4,300 digits: refused, and not quoted whole."""
    with pytest.raises(RulesetError) as caught:
        ruleset_from_dict({"game": {"points_to_win": 10**4000}}, source="sheet 3")
    assert str(caught.value) == (
        "sheet 3: game.points_to_win cannot be a number of more than 19 digits"
        " (allowed: a whole number from 1 to 1000)"
    )


def test_every_whole_number_setting_has_a_range_a_table_could_want():
    """Each says its least and its most, and nothing a file holds is larger than a
    thousand: every score and its words stay short."""
    ranged = 0
    for key, value in _leaves(CLASSIC):
        if isinstance(value, int) and not isinstance(value, bool) and key != "players":
            least, most = map(int, setting_range(key).split(" to "))
            assert 0 <= least <= value <= most <= 1000, key
            ranged += 1
    assert ranged == 14
    assert setting_range("players") == setting_range("bidding.stick_the_dealer") == ""


def test_snapshot_missing_keys_take_the_defaults():
    assert ruleset_from_dict({"game": {"points_to_win": 7}}).game.points_to_win == 7
    assert ruleset_from_dict({}).source == "<snapshot>"


# --- Loading files: extends, names, merging ----------------------------------------


def test_extends_chain_with_relative_paths(write_yaml, tmp_path, monkeypatch):
    """A user file extending a user file (in another folder) extending a built-in."""
    write_yaml("shared/club.yaml", "extends: stick-the-dealer\ngame: {points_to_win: 7}\n")
    write_yaml("tables/house.yaml", "extends: ../shared/club.yaml\nscoring: {march: 3}\n")
    monkeypatch.chdir(tmp_path / "shared")  # relative to the file, not to the cwd
    house = load_ruleset(str(tmp_path / "tables" / "house.yaml"))
    assert house.bidding.stick_the_dealer
    assert house.game.points_to_win == 7
    assert (house.scoring.march, house.scoring.make) == (3, 1)  # merged key by key
    assert house.extends == "../shared/club.yaml"
    assert house.name == "house"  # the file stem: names are not inherited
    assert house.description == "Based on club."


def test_nested_mappings_merge_and_lists_replace(write_yaml, monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    write_yaml("house.yaml", "extends: classic\ndeck: {joker: true}\nmarkers: {cards: [6, 4]}\n")
    house = load_ruleset("house.yaml")
    assert house.deck.ranks == load_ruleset("classic").deck.ranks
    assert house.deck.joker
    assert house.markers == MarkerRules((6, 4))
    assert house.rubber == RubberRules()


@pytest.mark.parametrize(
    ("text", "rubber", "markers"),
    [
        ("rubber: null\nmarkers: null\n", None, None),
        ("rubber: false\nmarkers: false\n", None, None),
        ("rubber: true\nmarkers: true\n", RubberRules(), MarkerRules()),
        ("rubber: {bonus: 3}\nmarkers: {}\n", RubberRules(bonus=3), MarkerRules((6, 4))),
    ],
)
def test_rubber_and_markers_switch_on_and_off(write_yaml, text, rubber, markers):
    """R10, R11: null/false for none, true for the defaults, or a mapping merged over the
    inherited settings (standard has no rubber and a six and a four as markers)."""
    ruleset = load_ruleset(str(write_yaml("house.yaml", "extends: standard\n" + text)))
    assert (ruleset.rubber, ruleset.markers) == (rubber, markers)


def test_ranks_accept_ints_and_strings_and_are_stored_low_to_high(write_yaml):
    path = write_yaml("deck.yaml", 'deck: {ranks: [A, K, q, j, T, "9", 8, 7]}\n')
    assert load_ruleset(str(path)).deck.ranks == ("7", "8", "9", "10", "J", "Q", "K", "A")


def test_file_without_extends_starts_from_the_defaults(write_yaml):
    ruleset = load_ruleset(str(write_yaml("short.yaml", "game: {points_to_win: 5}\n")))
    assert replace(ruleset, name="standard", description="", source="") == replace(
        Ruleset(), game=replace(Ruleset().game, points_to_win=5), description=""
    )
    assert (ruleset.name, ruleset.description, ruleset.extends) == (
        "short",
        "Based on standard.",
        "",
    )


def test_importing_rules_does_not_import_yaml():
    """The scorekeeper rebuilds snapshots without paying for PyYAML at startup."""
    code = "import sys, euchre_cli.engine.rules; print('yaml' in sys.modules)"
    output = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert output.strip() == "False"


def test_setting_help_quotes_the_allowed_values():
    assert setting_help("bidding.dealer_pickup").endswith("[optional | mandatory]")
    assert setting_help("game.points_to_win").endswith("(R9) [1 to 1000]")
    assert "R5" in setting_help("bidding.stick_the_dealer")
    assert "R11" in setting_help("markers.cards")


# --- Validation: one line, file:line, what is allowed ------------------------------

# (file text, line blamed, text the message contains)
INVALID = {
    "typo with did-you-mean": (
        "extends: standard\nbidding:\n  stick_the_deler: true\n",
        3,
        "unknown key 'stick_the_deler' in bidding (did you mean 'stick_the_dealer'?)",
    ),
    "unknown top-level key": ("colour: red\n", 1, "unknown key 'colour' (allowed: extends, name, "),
    "string where an int goes": ("players: '4'\n", 1, "players cannot be '4'"),
    "players not 2, 3 or 4": (
        "# house\nplayers: 5\n",
        2,
        "players cannot be 5 (allowed: 2, 3 or 4)",
    ),
    "YAML yes is a bool": ("name: yes\n", 1, "YAML reads yes/no/on/off as true/false"),
    "bool where a mapping goes": ("bidding: no\n", 1, "bidding cannot be false"),
    "points_to_win below 1": ("game:\n  points_to_win: 0\n", 2, "game.points_to_win cannot be 0"),
    "scoring not an int": ("scoring:\n  march: 2.5\n", 2, "scoring.march cannot be 2.5"),
    "scoring as text": ("scoring:\n  euchre: 'two'\n", 2, "scoring.euchre cannot be 'two'"),
    "cut_min below 1": ("deal: {cut_min: 0}\n", 1, "deal.cut_min cannot be 0"),
    "unknown rank": (
        "deck:\n  ranks:\n    - 9\n    - 10\n    - X\n",
        5,
        "unknown rank 'X' in deck.ranks",
    ),
    "duplicate rank, 10 and T": (
        "deck:\n  ranks:\n    - 9\n    - 10\n    - T\n",
        5,
        "rank 'T' appears twice",
    ),
    "ranks not a list": ("deck: {ranks: J}\n", 1, "deck.ranks cannot be 'J'"),
    "packets sum": ("deal:\n  packets: [3, 3]\n", 2, "deal.packets add up to 6, not 5"),
    "packet not positive": (
        "deal:\n  packets:\n  - 3\n  - 0\n  - 2\n",
        4,
        "deal.packets cannot hold 0",
    ),
    "first_dealer": ("deal: {first_dealer: cut}\n", 1, "(allowed: random or draw)"),
    "dealer_pickup": ("bidding:\n  dealer_pickup: never\n", 2, "(allowed: optional or mandatory)"),
    "joker_upcard": (
        "bidding: {joker_upcard: spades}\n",
        1,
        "(allowed: dealer-names or hearts)",
    ),
    "alone.lead": ("alone: {lead: right}\n", 1, "left-of-lone-player or left-of-dealer"),
    "dummy.taken_by": ("dummy: {taken_by: dealer}\n", 1, "(allowed: maker)"),
    "negative dummy": ("dummy: {cards: -1}\n", 1, "dummy.cards cannot be -1"),
    "deck too small": (
        "players: 4\ndeck:\n  ranks: [10, J, Q, K, A]\n",
        3,
        "20 cards are too few for 4 players (needs 21 cards",
    ),
    "deck far too small": (
        "deck:\n  ranks: [7, 8]\n",
        2,
        "8 cards are too few for 4 players (needs 21 cards: 5 for each player and an upcard)",
    ),
    "deck too small for a dummy": (
        "extends: cutthroat\nplayers: 4\n",
        2,
        "24 cards are too few for 4 players and a 5-card dummy",
    ),
    "cut_min too large": ("deal:\n  cut_min: 13\n", 2, "(allowed: at most 12"),
    "marker cards equal": ("markers: {cards: [6, 6]}\n", 1, "markers.cards cannot be [6, 6]"),
    "marker card too high": ("markers:\n  cards: [7, 4]\n", 2, "markers.cards cannot hold 7"),
    "one marker card": ("markers: {cards: [6]}\n", 1, "markers.cards cannot be [6]"),
    "rubber not a mapping": ("rubber: 3\n", 1, "rubber cannot be 3"),
    "rubber games": ("rubber: {games_to_win: 0}\n", 1, "rubber.games_to_win cannot be 0"),
    "lone hands with two players": (
        "extends: standard\nplayers: 2\n",
        2,
        "alone.maker must be false with 2 players (two-handed hands are already played alone, R14)",
    ),
    "lone defender with two players": (
        "extends: two-handed\nalone:\n  defender: true\n",
        3,
        "alone.defender must be false with 2 players",
    ),
    "YAML syntax": ("players: 4\nbidding: [\n", 3, "YAML syntax error"),
    "duplicate key": ("players: 4\ngame: {}\nplayers: 3\n", 3, "key 'players' appears twice"),
    "empty file": ("", 1, "the file is empty"),
    "only comments": ("# nothing yet\n", 1, "the file is empty"),
    "a list": ("- players: 4\n", 1, "the file holds a list, not a mapping of settings"),
    "a scalar": ("standard\n", 1, "the file holds 'standard', not a mapping"),
    "extends a typo": ("extends: standrd\n", 1, "did you mean 'standard'?"),
    "extends a number": ("extends: 5\n", 1, "extends cannot be 5"),
    "extends nothing": ("players: 4\nextends: ''\n", 2, "extends cannot be ''"),
    "extends a missing file": ("name: x\nextends: base.yaml\n", 2, "extends 'base.yaml': no such"),
    "extends itself": ("extends: house.yaml\n", 1, "extends cycle: house.yaml -> house.yaml"),
    "extends a path with a NUL byte": (
        'name: x\nextends: "a/\\0"\n',
        2,
        "extends 'a/\\x00': is not a usable path: it holds a NUL byte",
    ),
    "source is not a setting": ("source: me\n", 1, "unknown key 'source'"),
    # R8, R9: some result must score, or no game could end
    "every result scores 0": (
        "extends: classic\nscoring:\n  make: 0\n  march: 0\n  lone_make: 0\n"
        "  lone_march: 0\n  euchre: 0\n",
        2,
        "every result scores 0 points, so no game could end",
    ),
    "a word for a number": ("game: {points_to_win: eleven}\n", 1, "from 1 to 1000)"),
    "a leading zero": (
        "game: {points_to_win: 011}\n",
        1,
        "is written 011, which YAML reads as an octal number (write it without the leading"
        " zero: 11)",
    ),
    "a setting outside its section": (
        "extends: standard\nstick_the_dealer: true\n",
        2,
        "stick_the_dealer belongs in the bidding section",
    ),
    "only a document marker": ("---\n", 1, "the file is empty"),
    "a tab": ("bidding:\n\tstick_the_dealer: true\n", 2, "(indent with spaces, not tabs)"),
    "a section name commented out": (
        "extends: standard\n# bidding:\n  stick_the_dealer: true\ngame: {}\n",
        3,
        "an indented line needs its section name above it",
    ),
    # every whole number has a range, and a long one is never read as a number
    "points_to_win above its range": (
        "game:\n  points_to_win: 1001\n",
        2,
        "game.points_to_win cannot be 1001 (allowed: a whole number from 1 to 1000)",
    ),
    "scoring above its range": ("scoring: {march: 101}\n", 1, "from 0 to 100)"),
    "a dummy larger than a hand": ("dummy: {cards: 6}\n", 1, "from 0 to 5)"),
    "a rubber of eleven games": ("rubber: {games_to_win: 11}\n", 1, "from 1 to 10)"),
    "cut_min past any pack": ("deal: {cut_min: 17}\n", 1, "from 1 to 16)"),
    "4,301 digits": (
        "game: {points_to_win: " + "9" * 4301 + "}\n",
        1,
        "game.points_to_win cannot be a number of 4,301 digits (allowed: a whole number from 1",
    ),
    "0x and 4,000 digits": (
        "scoring:\n  march: 0x" + "f" * 4000 + "\n",
        2,
        "scoring.march cannot be a number of 4,000 digits (allowed: a whole number from 0 to 100)",
    ),
    "octal of 4,400 digits": ("players: 0" + "1" * 4400 + "\n", 1, "a number of 4,401 digits"),
    "sexagesimal of 3,000 parts": ("players: 1" + ":59" * 3000 + "\n", 1, "a number of 6,001"),
    "underscores of 20 digits": ("players: 1" + "_0" * 19 + "\n", 1, "a number of 20 digits"),
    "a key of 30 digits": ("9" * 30 + ": 1\n", 1, "key a number of 30 digits is not"),
    "an outsized rank": ("deck: {ranks: [0x" + "f" * 30 + "]}\n", 1, "unknown rank a number of 30"),
    "a tag that does not fit": ("players: !!int 'abc'\n", 1, "the tag !!int does not fit"),
    "another script's digit tagged int": ("players: !!int '\u0664'\n", 1, "does not fit"),
    "a date that does not exist": ("name: 2001-13-45\n", 1, "reads as YAML's !!timestamp, and"),
    "an alias (its own line)": (
        "markers: {cards: &a [3, 4]}\nplayers: *a\n",
        2,
        "YAML aliases (*name) are not allowed",
    ),
}


@pytest.mark.parametrize("text, line, message", INVALID.values(), ids=INVALID.keys())
def test_invalid_files_give_one_line_with_file_and_line(
    text, line, message, write_yaml, tmp_path, monkeypatch
):
    monkeypatch.chdir(tmp_path)
    write_yaml("house.yaml", text)
    error = str(load_error("house.yaml"))
    assert error.startswith(f"house.yaml:{line}: "), error
    assert message in error
    assert "\n" not in error


def test_errors_in_an_extended_file_name_that_file(write_yaml, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    write_yaml("rules/base.yaml", "extends: standard\n\ngame: {points_to_wim: 7}\n")
    write_yaml("house.yaml", "extends: rules/base.yaml\n")
    error = str(load_error("house.yaml"))
    assert error.startswith(os.path.join("rules", "base.yaml") + ":3: unknown key 'points_to_wim'")


def test_a_cycle_names_every_file(write_yaml, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    write_yaml("a.yaml", "extends: b.yaml\n")
    write_yaml("b.yaml", "players: 3\nextends: a.yaml\n")
    assert str(load_error("a.yaml")) == (
        "b.yaml:2: extends cycle: a.yaml -> b.yaml -> a.yaml (a ruleset cannot extend itself)"
    )


def test_clashes_blame_the_most_derived_file(write_yaml, tmp_path, monkeypatch):
    """players: 2 written here clashes with lone hands written in standard.yaml (R14)."""
    monkeypatch.chdir(tmp_path)
    write_yaml("base.yaml", "extends: standard\ngame: {points_to_win: 5}\n")
    write_yaml("house.yaml", "extends: base.yaml\n\nplayers: 2\n")
    assert str(load_error("house.yaml")).startswith("house.yaml:3: alone.maker must be false")


def test_a_chain_of_twenty_files_is_allowed(write_yaml, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for n in range(19):
        write_yaml(f"house{n}.yaml", f"extends: house{n + 1}.yaml\n")
    write_yaml("house19.yaml", "extends: standard\n")
    assert load_ruleset("house0.yaml").name == "house0"


def test_zero_points_for_some_results_and_long_games_are_rules_a_table_may_keep(write_yaml):
    """The scorekeeper keeps any target and any points; only play has limits."""
    path = write_yaml("long.yaml", "game: {points_to_win: 100}\nscoring: {make: 0}\n")
    ruleset = load_ruleset(str(path))
    assert (ruleset.game.points_to_win, ruleset.scoring.make) == (100, 0)


def test_an_alias_bomb_is_refused_without_expanding_it(write_yaml, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    lines = ["deck:", "  ranks:", "  - &a0 [1, 1, 1, 1, 1, 1, 1, 1, 1, 1]"]
    lines += [f"  - &a{n} [{', '.join([f'*a{n - 1}'] * 10)}]" for n in range(1, 9)]
    write_yaml("house.yaml", "\n".join(lines) + "\n")  # 10**9 values if expanded
    assert "YAML aliases" in str(load_error("house.yaml"))


def test_the_first_unknown_key_ends_the_read(write_yaml, tmp_path, monkeypatch):
    """Refused with its line and the name meant: the 16,000 keys after it, and the line
    that is not YAML at the end, are never read."""
    monkeypatch.chdir(tmp_path)
    keys = "".join(f"key_{number}: {number}\n" for number in range(16_000))
    write_yaml("house.yaml", "extends: standard\nbiding: {}\n" + keys + "players: [\n")
    assert str(load_error("house.yaml")) == (
        "house.yaml:2: unknown key 'biding' (did you mean 'bidding'?)"
    )


@pytest.mark.parametrize(
    ("text", "says"),
    [
        (
            "game: {points_to_win: 5}\n" * 5000,
            "house.yaml:2: key 'game' appears twice (first on line 1)",
        ),
        (
            "game:\n  points_to_win: 5\n  slam: true\n" + "  bridge: true\n" * 5000,
            "house.yaml:5: key 'bridge' appears twice in game (first on line 4)",
        ),
        (
            "deck:\n  ranks:\n" + "  - 9\n" * 5000,
            "house.yaml:998: the file holds more than 1,000 keys and values, far more than a"
            " ruleset needs",
        ),
    ],
    ids=["a key twice", "a setting twice", "a long list"],
)
def test_a_file_ends_at_its_first_mistake(text, says, write_yaml, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    write_yaml("house.yaml", text + "players: [\n")  # never read
    assert str(load_error("house.yaml")) == says


def test_a_list_replaced_keeps_only_its_own_places(write_yaml, tmp_path, monkeypatch):
    """The longer list of the file extended leaves no line behind."""
    monkeypatch.chdir(tmp_path)
    write_yaml("base.yaml", "deal:\n  packets: [1, 1, 1, 1, 1]\n  cut_min: 3\n")
    write_yaml("house.yaml", "extends: base.yaml\ndeal:\n  packets:\n  - 5\n  - 0\n")
    assert str(load_error("house.yaml")).startswith("house.yaml:5: deal.packets cannot hold 0")
    write_yaml("house.yaml", "extends: base.yaml\ndeal:\n  packets: [2, 2]\n")
    assert str(load_error("house.yaml")).startswith("house.yaml:3: deal.packets add up to 4")


def test_nesting_past_any_ruleset_is_refused(write_yaml, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    write_yaml("house.yaml", "players: " + "[" * 3000 + "]" * 3000 + "\n")
    assert str(load_error("house.yaml")) == (
        "house.yaml: the file is nested too deeply to be a ruleset"
    )


def test_a_chain_of_extends_has_an_end(write_yaml, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for n in range(30):
        write_yaml(f"house{n}.yaml", f"extends: house{n + 1}.yaml\n")
    write_yaml("house30.yaml", "extends: standard\n")
    error = str(load_error("house0.yaml"))
    assert "extends more than 20 files deep (allowed: a chain of at most 20" in error
    assert "\n" not in error


def test_an_empty_name_is_not_the_current_folder():
    assert str(load_error("")).startswith("is empty: it names no ruleset (built-in: ")


def test_unknown_name_lists_the_builtins():
    error = str(load_error("standrd"))
    assert error.startswith("unknown ruleset 'standrd' (did you mean 'standard'? built-in: ")
    assert all(name in error for name in BUILTINS)


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda path: None, "house.yaml: no such file"),
        (lambda path: path.mkdir(), "house.yaml: is a directory"),
        (lambda path: path.write_bytes(b"name: \xff\xfe\n"), "house.yaml: is not UTF-8 text"),
    ],
    ids=["missing", "directory", "not UTF-8"],
)
def test_unreadable_files(make, message, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    make(tmp_path / "house.yaml")
    error = str(load_error("house.yaml"))
    assert error.startswith(message)
    assert "\n" not in error


def test_rules_computer_players_cannot_play_a_game_under_are_named() -> None:
    """Too long a game, or one only lone hands can end (the scorekeeper keeps both)."""
    assert unplayable_game(Ruleset()) is None
    long_game = replace(Ruleset(), game=replace(Ruleset().game, points_to_win=51))
    assert "a game to 51 is too long for computer players (at most 50" in unplayable_game(long_game)
    lone_only = replace(Ruleset(), scoring=replace(Ruleset().scoring, make=0, march=0, euchre=0))
    assert "only lone hands score" in unplayable_game(lone_only)
    euchres_only = replace(Ruleset(), scoring=replace(Ruleset().scoring, make=0, march=0))
    assert unplayable_game(euchres_only) is None  # every euchre brings the end nearer


# ------------------------------------------------------------- what house rules change
def test_house_rules_say_what_a_file_changes_over_the_ruleset_it_extends(
    write_yaml, tmp_path, monkeypatch
):
    write_yaml("shared/club.yaml", "extends: stick-the-dealer\ngame: {points_to_win: 7}\n")
    write_yaml("tables/house.yaml", "extends: ../shared/club.yaml\nscoring: {march: 3}\n")
    write_yaml("short.yaml", "game: {points_to_win: 5}\nrubber: true\n")
    write_yaml("plain.yaml", "extends: classic\nrubber: null\ndeck: {joker: true}\n")
    monkeypatch.chdir(tmp_path / "shared")  # the file extended is found from the file
    changed = {
        name: house_rules(load_ruleset(str(tmp_path / name)))
        for name in ("shared/club.yaml", "tables/house.yaml", "short.yaml", "plain.yaml")
    }
    assert changed == {
        "shared/club.yaml": HouseRules("stick-the-dealer", ("game to 7",)),
        "tables/house.yaml": HouseRules("club", ("march 3",)),
        "short.yaml": HouseRules("standard", ("game to 5", "rubbers")),  # no extends
        "plain.yaml": HouseRules("classic", ("the joker", "no rubbers")),
    }
    assert [house_rules(ruleset) for ruleset in builtin_rulesets()] == [None] * len(BUILTINS)


def _leaves(section: object, path: str = "") -> list[tuple[str, object]]:
    """Every setting of a ruleset section, by its dotted key, with its value."""
    found = []
    for item in fields(section):
        value = getattr(section, item.name)
        if item.name in ("source", "extends", "name", "description"):
            continue
        if is_dataclass(value):
            found += _leaves(value, f"{path}{item.name}.")
        else:
            found.append((f"{path}{item.name}", value))
    return found


CLASSIC = load_ruleset("classic")  # every section on: rubbers and markers too
_OTHER_TEXT = {
    "deal.first_dealer": "random",
    "deal.weak_hand": "exchange",
    "deal.weak_hand_test": "no-ace-no-face",
    "dummy.taken_by": "dealer",
    "bidding.dealer_pickup": "mandatory",
    "bidding.joker_upcard": "hearts",
    "alone.lead": "left-of-lone-player",
}


def _other_value(key: str, value: object) -> object:
    """A value of the setting ``key`` other than classic's."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value - 1
    if isinstance(value, tuple):
        return {"deck.ranks": ("7", *value), "deal.packets": (2, 3)}.get(key, (6, 4))
    return _OTHER_TEXT[key]


@pytest.mark.parametrize("key", [key for key, _ in _leaves(CLASSIC)])
def test_every_setting_a_file_changes_is_said_in_words(key: str) -> None:
    """Each setting changed alone is one change, in words (not the key's underscores),
    that says the value where it is not yes or no."""
    section, _, name = key.rpartition(".")
    value = getattr(getattr(CLASSIC, section) if section else CLASSIC, name)
    other = _other_value(key, value)
    if section:
        changed = replace(CLASSIC, **{section: replace(getattr(CLASSIC, section), **{name: other})})
    else:
        changed = replace(CLASSIC, **{name: other})
    (words,) = house_rules(replace(changed, source="house.yaml", extends="classic")).changes
    assert "_" not in words and words.strip() == words and not words.startswith("no the")
    if not isinstance(other, bool):
        shown = "/".join(map(str, other)) if isinstance(other, tuple) else str(other)
        assert shown in words


def test_the_benchmarks_rules_for_openspiel_play_as_openspiel_does() -> None:
    """bench/versus.py's referee, OpenSpiel's Euchre, plays stick the dealer (R5), a
    dealer who must take an ordered upcard (R4), no lone defender and the dealer's left
    leading a lone hand (R6): bench/openspiel.yaml must say so to our engine."""
    from euchre_cli.engine.cards import Suit
    from euchre_cli.engine.hand import Hand
    from euchre_cli.engine.values import ALONE, NAME, ORDER, PASS, Phase

    rules = load_ruleset(str(Path(__file__).parent.parent / "bench" / "openspiel.yaml"))
    hands = ["9H TH QH KH AH", "9S TS QS KS AS", "9C TC QC KC AC", "JH JD JC JS 9D"]
    ordered = Hand.dealt(rules, 3, hands, "TD")
    ordered.apply(ORDER)  # seat 0 orders the dealer up
    assert ordered.legal_actions() == [PASS, ALONE]
    ordered.apply(ALONE)
    assert ordered.phase is Phase.DISCARD and ordered.current_seat == 3  # no choice, no defender
    stuck = Hand.dealt(rules, 3, hands, "TD")
    for _ in range(7):
        stuck.apply(PASS)
    assert PASS not in stuck.legal_actions() and stuck.current_seat == 3
    lone = Hand.dealt(rules, 3, hands, "TD")
    for _ in range(5):
        lone.apply(PASS)
    lone.apply(NAME[Suit.SPADES])  # seat 1 names spades and goes alone; seat 3 sits out
    lone.apply(ALONE)
    assert lone.phase is Phase.PLAY and lone.current_seat == 0  # the dealer's left leads
