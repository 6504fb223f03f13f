"""``euchre rules``: list, show, validate and write rulesets.

A thin layer over ``rulebook``: a ``RulesetError`` becomes a one-line
``click.ClickException`` here (exit status 1), never a traceback.
"""

from __future__ import annotations

import os
import sys
from dataclasses import fields, replace
from pathlib import Path
from typing import Any

import click
import yaml

from ..cli.errors import ListingGroup
from ..engine.rules import MarkerRules, RubberRules, Ruleset, ScoringRules
from ..engine.scoring import marker_position, marker_schemes
from ..players.levels import unplayable_game
from ..rulebook import (
    RulesetError,
    builtin_names,
    load_ruleset,
    ruleset_to_dict,
    setting_help,
    setting_range,
)
from ..rulebook.reference import REFERENCE_FILE, reference_text, rule_number, rule_sections
from ..terminal.keyboard import terminal_columns
from ..terminal.rulesets_report import rulesets_table
from ..terminal.text import escaped, say

# The settings a table most often changes, by section, in the order `rules new` lists them.
TEMPLATE_SETTINGS: dict[str, tuple[str, ...]] = {
    "bidding": ("stick_the_dealer", "dealer_pickup", "natural_trump", "partner_orders_alone"),
    "alone": ("maker", "defender", "lead", "call_for_best"),
    "game": ("points_to_win", "bridge", "laps", "slam"),
    "scoring": tuple(item.name for item in fields(ScoringRules)),
    "rubber": tuple(item.name for item in fields(RubberRules)),
    "markers": ("cards",),
    "deck": ("ranks", "joker"),
    "deal": ("first_dealer", "packets", "cut_min", "weak_hand", "weak_hand_test"),
    "dummy": ("cards",),
}
# Sections a ruleset may turn off (None): the template shows what writing them turns on.
_SWITCHED = {"rubber": RubberRules, "markers": MarkerRules}


class _FlowListDumper(yaml.SafeDumper):
    """Block mappings with lists on one line, as in the YAML contract: ``ranks: [9, 10, J]``."""


_FlowListDumper.add_representer(
    list, lambda dumper, items: dumper.represent_sequence("tag:yaml.org,2002:seq", items, True)
)


def to_yaml(data: object) -> str:
    return yaml.dump(data, Dumper=_FlowListDumper, sort_keys=False, allow_unicode=True, width=1000)


def _load(ref: str) -> Ruleset:
    try:
        return load_ruleset(ref)
    except RulesetError as error:
        raise click.ClickException(str(error)) from None


@click.group(cls=ListingGroup)
def rules() -> None:
    """List, show, check and write rulesets (built-in names or YAML files)."""


@rules.command("list")
def list_rulesets() -> None:
    """The built-in rulesets."""
    rulesets = [_load(name) for name in builtin_names()]
    click.echo(rulesets_table(rulesets, terminal_columns(sys.stdout)))


@rules.command()
@click.argument("ruleset", metavar="NAME|FILE")
def show(ruleset: str) -> None:
    """Print a ruleset with every setting resolved, as YAML.

    The output is itself a valid ruleset; a whole number has its range beside it."""
    resolved = _load(ruleset)
    click.echo(f"# {escaped(ruleset)}, fully resolved: every setting, nothing inherited.")
    click.echo(resolved_yaml(ruleset_to_dict(resolved)), nl=False)


def resolved_yaml(data: dict[str, Any]) -> str:
    """A ruleset's settings as YAML, a setting a line, each whole number followed by
    the range it allows as a comment ("points_to_win: 10  # 1 to 1000")."""
    lines = []
    for name, value in data.items():
        if isinstance(value, dict):
            lines.append(f"{name}:")
            lines += [f"  {_setting_line(f'{name}.{key}', key, at)}" for key, at in value.items()]
        else:
            lines.append(_setting_line(name, name, value))
    return "\n".join(lines) + "\n"


def _setting_line(dotted: str, key: str, value: object) -> str:
    line = to_yaml({key: value}).strip()
    allowed = setting_range(dotted)
    return f"{line}  # {allowed}" if allowed else line


@rules.command()
@click.argument("file", metavar="FILE")
def validate(file: str) -> None:
    """Check a ruleset file: OK, or its first problem and line."""
    ruleset = _load(file)
    origin = f"extends {ruleset.extends}" if ruleset.extends else "standard defaults"
    summary = f"{ruleset.players} players, game to {ruleset.game.points_to_win}"
    say(f"{file}: OK ({origin}; {summary})")
    unplayable = unplayable_game(ruleset)
    if unplayable:
        click.echo(f"Note: {unplayable}.")
    markers = ruleset.markers
    target = ruleset.game.points_to_win
    if markers is not None and marker_position(markers.cards, target, 0) is None:
        schemes = " and ".join(
            f"the {low} and {high} in a game to {to}" for (low, high), to in marker_schemes()
        )
        low, high = sorted(markers.cards)
        click.echo(
            f"Note: the marker cards {low} and {high} have no picture for a game to {target},"
            f" so no markers are shown (pictures exist for {schemes}); 'markers: false'"
            " says so in the file (R11)."
        )


@rules.command()
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option(
    "--from",
    "base",
    default="standard",
    show_default=True,
    metavar="NAME|FILE",
    help="The ruleset the new file extends.",
)
def new(file: Path, base: str) -> None:
    """Write a commented house-rules template that extends a ruleset."""
    if os.path.lexists(file):  # False for a path too long: writing it says so
        raise click.ClickException(f"{file}: already exists (nothing written; choose a new name)")
    try:  # first: an empty --from names nothing to be relative to
        extended = load_ruleset(base)
    except RulesetError as error:
        raise click.ClickException(f"--from {error}") from None
    extends = base if base in builtin_names() else os.path.relpath(base, file.parent)
    try:
        text = ruleset_template(extended, extends, str(file)).encode("utf-8")
    except UnicodeEncodeError:  # a path typed in bytes that are not UTF-8
        raise click.ClickException(
            f"{file}: a ruleset is UTF-8 text, and this path (or --from's) is not: rename it"
        ) from None
    try:
        file.write_bytes(text)
    except OSError as error:
        raise click.ClickException(f"{file}: cannot write ({error.strerror})") from None
    say(f"Wrote {file} (extends {extends}). Check it with: euchre rules validate {file}")


@rules.command()
@click.argument("rule", required=False, metavar="[RULE]")
def reference(rule: str | None) -> None:
    """What a rule says, by its number (R1 to R17).

    RULE is a number such as R8 or 8, as help texts and rulesets cite them."""
    sections = rule_sections(reference_text())
    if rule is None:
        for section in sections.values():
            click.echo(section.splitlines()[0].removeprefix("## "))
        click.echo(f"'euchre rules reference R8' shows one; all of them: {REFERENCE_FILE}.")
        return
    try:
        number = rule_number(rule)
    except ValueError as error:
        raise click.BadParameter(
            f"{error} (give R1 to R{len(sections)})", param_hint="RULE"
        ) from None
    if number not in sections:
        raise click.BadParameter(
            f"there is no rule {number} (give R1 to R{len(sections)})", param_hint="RULE"
        )
    click.echo(sections[number])


def ruleset_template(base: Ruleset, extends: str, file_path: str) -> str:
    """A house-rules file that extends ``base`` and, commented out, shows the settings
    tables change most, with the values they inherit and what each does."""
    inherited = ruleset_to_dict(base)
    lines = [
        f"# House rules based on {base.name!r}: every setting not written here comes from it.",
        "# To change a setting, remove the '# ' before it and before its section name, then",
        f"# edit the value. 'euchre rules validate {file_path}' checks this file and",
        f"# 'euchre rules show {file_path}' prints every setting it ends up with. The rule",
        "# numbers (R1-R17) are explained by 'euchre rules reference R8' (any number), the",
        f"# project's rules reference, {REFERENCE_FILE} in the euchre source.",
        to_yaml({"extends": extends, "description": f"House rules based on {base.name}."}),
    ]
    for section, keys in TEMPLATE_SETTINGS.items():
        values = inherited[section]
        if section in _SWITCHED:
            if values is None:
                lines.append(f"# ({section}: off in {base.name}; writing this section turns it on)")
                values = ruleset_to_dict(replace(base, **{section: _SWITCHED[section]()}))[section]
            else:
                lines.append(f"# ({section}: on in {base.name}; '{section}: false' turns it off)")
        lines.append(f"# {section}:")
        for key in keys:
            setting = to_yaml({key: values[key]}).strip()
            lines.append(f"#   {setting:<32} # {setting_help(f'{section}.{key}')}")
        lines.append("")
    return "\n".join(lines)
