"""What a house-rules file changes: the settings in which a ruleset read from a file
differs from the one it extends, each in a few words ("stick the dealer", "game to
7"), for a game's header.  The words are made from the settings' own names, so a new
setting needs nothing here unless its name reads badly on its own (``_PHRASES``)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import NamedTuple

from ..engine.rules import Ruleset
from .load import builtin_names, default_description, load_ruleset
from .validate import RulesetError, ruleset_to_dict

# a setting whose name alone says too little or reads wrongly: its words, with {}
# standing for the value (a yes-or-no setting is its words, or "no" and its words,
# or the pair of words given)
_PHRASES: dict[str, str | tuple[str, str]] = {
    "players": "{} players",
    "deck.joker": ("the joker", "no joker"),
    "dummy.cards": "a dummy of {} cards",
    "deal.cut_min": "a cut leaving {} cards or more",
    "bidding.dealer_pickup": "dealer pick-up {}",
    "bidding.partner_orders_alone": "the Canadian loner",
    "alone.maker": "lone makers",
    "alone.defender": "lone defenders",
    "alone.lead": "lead {} when alone",
    "game.points_to_win": "game to {}",
    "game.bridge": ("the bridge", "no bridge"),
    "dummy.taken_by": "the dummy taken by the {}",
    "game.slam": "slams",
    "rubber.games_to_win": "rubbers of {} games",
    "rubber.bonus": "a rubber bonus of {}",
    "markers.cards": "markers {}",
}
# the sections a ruleset may turn off as a whole (null in YAML)
_SECTIONS = {"rubber": "rubbers", "markers": "markers"}
_NOT_SETTINGS = ("name", "description")


class HouseRules(NamedTuple):
    """A ruleset read from a file, against the ruleset it extends."""

    parent: str  # the extended ruleset's name ("standard" for a file without extends)
    changes: tuple[str, ...]  # each setting that differs, in words, in the file's order

    @property
    def default(self) -> str:
        """The description of a file that gives none (``load.py``)."""
        return default_description(self.parent)


def house_rules(ruleset: Ruleset) -> HouseRules | None:
    """What ``ruleset`` changes over the ruleset it extends, when it was read from a
    file (a built-in says what it is in its description): None otherwise, or when
    the file it extends can no longer be read."""
    if not ruleset.source or ruleset.source in builtin_names():
        return None
    try:
        parent = _parent(ruleset)
    except RulesetError:  # the file it extends has changed since the game's was read
        return None
    mine, theirs = ruleset_to_dict(ruleset), ruleset_to_dict(parent)
    return HouseRules(parent.name, tuple(_differences(mine, theirs)))


def _parent(ruleset: Ruleset) -> Ruleset:
    """The ruleset a file extends (a built-in name, or a path from the file's folder),
    or the defaults, which are ``standard``, for a file that extends none."""
    extends = ruleset.extends
    if not extends:
        return Ruleset()
    if extends in builtin_names():
        return load_ruleset(extends)
    return load_ruleset(os.path.join(os.path.dirname(ruleset.source), extends))


def _differences(mine: dict, theirs: dict, path: str = "") -> Iterator[str]:
    for key, value in mine.items():
        if key in _NOT_SETTINGS and not path:
            continue
        dotted = f"{path}{key}"
        other = theirs.get(key)
        if value == other:
            continue
        if key in _SECTIONS and not path and (value is None or other is None):
            yield ("no " if value is None else "") + _SECTIONS[key]
        elif isinstance(value, dict):
            yield from _differences(value, other, f"{dotted}.")
        else:
            yield _words(dotted, value)


def _words(dotted: str, value: object) -> str:
    phrase = _PHRASES.get(dotted, dotted.rpartition(".")[2].replace("_", " "))
    if isinstance(phrase, tuple):
        return phrase[0] if value else phrase[1]
    if isinstance(value, bool):
        return phrase if value else f"no {phrase}"
    if isinstance(value, list):  # ranks, packets, markers: "7/8/9/10/J/Q/K/A"
        value = "/".join(str(item) for item in value)
    return phrase.format(value) if "{}" in phrase else f"{phrase} {value}"
