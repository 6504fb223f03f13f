"""Rulesets from plain data: every setting checked, and every problem one line.

``ruleset_from_dict`` builds a ``Ruleset`` from data in the YAML contract's shape
(``load.py`` hands it a file's settings merged over those it extends; the
scorekeeper, the snapshot it stored).  Every problem is a ``RulesetError`` whose
text is one line, ``file:line: problem (allowed)``; when settings clash it points
at the one written in the most derived file, usually the one the user just changed.
"""

from __future__ import annotations

import types
import typing
from collections.abc import Callable, Mapping, Sequence
from dataclasses import Field, dataclass, fields, is_dataclass, replace
from functools import cache
from typing import Any, NamedTuple, NoReturn

from ..engine.cards import RANK_NAMES, rank_index
from ..engine.names import TextError, check_name, check_text, did_you_mean
from ..engine.rules import HAND_SIZE, WEAK_HAND_SWAP, Ruleset
from ..limits import MOST_DIGITS
from ..refusals import Refusal
from .yamlfile import KeyPath, OutsizedNumber

BOOKKEEPING = ("source", "extends")
"""Ruleset fields that are not settings: never written in YAML or by ``ruleset_to_dict``."""


class RulesetError(Refusal):
    """A ruleset that cannot be used.  ``str()`` is one line: ``file:line: problem (allowed)``."""

    def __init__(
        self, problem: str, allowed: str = "", file: str = "", line: int | None = None
    ) -> None:
        self.problem = problem
        self.allowed = allowed
        self.file = file
        self.line = line
        super().__init__(str(self))

    def __str__(self) -> str:
        place = f"{self.file}:{self.line}: " if self.line else f"{self.file}: " if self.file else ""
        text = place + self.problem + (f" ({self.allowed})" if self.allowed else "")
        return " ".join(text.split())


class Location(NamedTuple):
    file: str
    line: int
    depth: int  # 0: the file asked for; 1: the file it extends; and so on


Where = dict[KeyPath, Location]


@dataclass(frozen=True)
class Checker:
    """Raises ``RulesetError`` at the place a setting was written, when that is known."""

    where: Where
    source: str
    kept: bool = False  # a snapshot the book kept: its text is not checked again

    def fail(self, paths: Sequence[KeyPath], problem: str, allowed: str = "") -> NoReturn:
        """Blames the most derived of ``paths`` that was written down, else the first
        one's nearest written ancestor (a snapshot has no places: just its source)."""
        written = [self.where[path] for path in paths if path in self.where]
        if written:
            place: Location | None = min(written, key=lambda location: location.depth)
        else:
            path = paths[0]
            while path and path not in self.where:
                path = path[:-1]
            place = self.where.get(path)
        if place is None:
            raise RulesetError(problem, allowed, self.source)
        raise RulesetError(problem, allowed, place.file, place.line)


def dotted(path: KeyPath) -> str:
    return ".".join(map(str, path)) if path else "the ruleset"


QUOTED = 40
"""The most characters of a value a message quotes (a file that is not a ruleset
would otherwise be quoted whole, on one line)."""


def as_written(value: object) -> str:
    """A value as the user wrote it, in YAML terms; long text cut short."""
    if value is None or isinstance(value, bool):
        return {None: "null", True: "true", False: "false"}[value]
    if isinstance(value, OutsizedNumber):
        return str(value)
    if _is_int(value) and not -(10**MOST_DIGITS) < value < 10**MOST_DIGITS:  # from JSON
        return f"a number of more than {MOST_DIGITS} digits"
    if isinstance(value, str) and len(value) > QUOTED:
        return repr(value[: QUOTED - 3] + "...")
    if isinstance(value, (str, int, float)):
        return repr(value)
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    return f"a {type(value).__name__}"


def _either(options: Sequence[object]) -> str:
    """``"2, 3 or 4"``."""
    words = [str(option) for option in options]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def ruleset_from_dict(data: dict, source: str = "<snapshot>", kept: bool = False) -> Ruleset:
    """Validates plain data in the YAML contract's shape and builds the Ruleset.

    The scorekeeper stores ``ruleset_to_dict()`` as JSON and rebuilds it here without
    reading YAML; missing keys take the defaults.  Errors name ``source``.  Such a
    snapshot is whole: ``extends`` (which only a file's loader reads) is refused.  A
    snapshot the book ``kept`` has its name and description taken as they are: they
    were checked when it was written, or it was written before they were, and a book
    must still open (what it holds is shown escaped, ``terminal.text.escaped``).
    """
    if isinstance(data, dict) and "extends" in data:
        raise RulesetError(
            "extends cannot be used here",
            "a stored ruleset holds every setting itself and reads no other ruleset",
            source,
        )
    return replace(build_ruleset(data, Checker({}, source, kept)), source=source)


def ruleset_to_dict(ruleset: Ruleset) -> dict[str, Any]:
    """The fully resolved ruleset as plain data in the YAML contract's shape (no
    ``extends``, no ``source``): ``rules show`` prints it, the scorekeeper stores it."""
    return _section_to_dict(ruleset)


def _section_to_dict(section: object) -> dict[str, Any]:
    return {
        item.name: _plain_setting(getattr(section, item.name))
        for item in fields(section)
        if item.name not in BOOKKEEPING
    }


def _plain_setting(value: object) -> object:
    if is_dataclass(value):
        return _section_to_dict(value)
    if isinstance(value, tuple):
        # Ranks read as in the contract, [9, 10, J, Q, K, A]; other lists hold ints.
        return [int(item) if isinstance(item, str) and item.isdigit() else item for item in value]
    return value


def build_ruleset(data: object, checker: Checker) -> Ruleset:
    ruleset = _build_section(Ruleset, data, (), checker)
    _check_combinations(ruleset, checker)
    return ruleset


def _settings(section: type) -> dict[str, Field]:
    return {item.name: item for item in fields(section) if item.name not in BOOKKEEPING}


def _optional_section(hint: object) -> type | None:
    """``RubberRules`` for ``RubberRules | None``: a section that may be switched off."""
    if isinstance(hint, types.UnionType) or typing.get_origin(hint) is typing.Union:
        return next(arg for arg in typing.get_args(hint) if arg is not type(None))
    return None


def _build_section(section: type, data: object, path: KeyPath, checker: Checker) -> Any:
    settings = _settings(section)
    if not isinstance(data, dict):
        checker.fail(
            [path],
            f"{dotted(path)} cannot be {as_written(data)}",
            f"allowed: a mapping of {', '.join(settings)}",
        )
    for key in data:
        refusal = key_refusal(section, path, key)
        if refusal:
            checker.fail([(*path, key)], *refusal)
    hints = _hints(section)
    return section(
        **{
            key: _convert(value, hints[key], settings[key], (*path, key), checker)
            for key, value in data.items()
        }
    )


def key_refusal(section: type, path: KeyPath, key: object) -> tuple[str, str] | None:
    """Why ``key`` is not a setting of ``section``, the settings at ``path``: the problem
    and what is allowed (the name meant, where one is near); None for a setting.
    ``extends`` is one at the top: a file's loader reads it, a snapshot refuses it."""
    settings = _settings(section)
    if key in settings or (key == "extends" and not path):
        return None
    where = f" in {dotted(path)}" if path else ""
    known = [*settings] if path else ["extends", *settings]
    hint = _section_of(key) if not path else ""
    return f"unknown key {key!r}{where}", hint or _suggest(key, known)


def section_at(path: KeyPath) -> type | None:
    """The settings class whose mapping is written at ``path`` (``Ruleset`` at the top,
    ``BiddingRules`` at ``("bidding",)``); None where no mapping of settings belongs."""
    section: type = Ruleset
    for key in path:
        if key not in _settings(section):
            return None
        hint = _hints(section)[key]
        section = _optional_section(hint) or hint
        if not is_dataclass(section):
            return None
    return section


@cache
def _hints(section: type) -> dict[str, Any]:
    return typing.get_type_hints(section)


def _section_of(key: object) -> str:
    """For a setting written at the top level, where it belongs ("bidding:")."""
    for name, hint in _hints(Ruleset).items():
        section = _optional_section(hint) or hint
        if name in _settings(Ruleset) and is_dataclass(section) and key in _settings(section):
            return f"{key} belongs in the {name} section, e.g. {name}: {{{key}: ...}}"
    return ""


def _suggest(key: object, known: Sequence[str]) -> str:
    """Did-you-mean for a misspelt name, else the whole list."""
    return did_you_mean(str(key), known) or f"allowed: {', '.join(known)}"


def _convert(value: object, hint: Any, setting: Field, path: KeyPath, checker: Checker) -> Any:
    if is_dataclass(hint):
        return _build_section(hint, value, path, checker)
    section = _optional_section(hint)
    if section is not None:
        if value is None or value is False:
            return None
        if value is True:
            return section()
        if isinstance(value, dict):
            return _build_section(section, value, path, checker)
        checker.fail(
            [path],
            f"{dotted(path)} cannot be {as_written(value)}",
            "allowed: a mapping of settings, true for the defaults, or null for none",
        )
    if typing.get_origin(hint) is tuple:
        return _LIST_SETTINGS[path](value, path, checker)
    return _scalar_setting(value, hint, setting, path, checker)


def _scalar_setting(
    value: object, kind: type, setting: Field, path: KeyPath, checker: Checker
) -> object:
    allowed, between = setting.metadata["allowed"], setting.metadata["between"]
    if value is False and "off" in allowed:  # YAML reads an unquoted off as false
        return "off"
    fits = isinstance(value, kind) and not (kind is int and isinstance(value, bool))
    if fits and (not allowed or value in allowed) and (not between or _within(value, between)):
        return _text(value, path, checker) if kind is str and not allowed else value
    if allowed:
        hint = f"allowed: {_either(allowed)}"
    elif kind is bool:
        hint = "allowed: true or false"
    elif kind is int:
        hint = f"allowed: a whole number from {_span_words(between)}"
    else:
        hint = "allowed: text"
    if isinstance(value, bool) and kind is not bool:
        hint += "; YAML reads yes/no/on/off as true/false, so quote them"
    elif isinstance(value, str) and kind is int and value.strip().lstrip("+-").isdigit():
        hint += ", without quotes"
    checker.fail([path], f"{dotted(path)} cannot be {as_written(value)}", hint)


def _within(value: int, between: tuple[int, int]) -> bool:
    least, most = between
    return least <= value <= most


def _span_words(between: tuple[int, int]) -> str:
    least, most = between
    return f"{least} to {most}"


def _text(value: str, path: KeyPath, checker: Checker) -> str:
    """The ruleset's name or description, under the rule for all text (``engine.names``)."""
    if checker.kept:
        return value
    try:
        if path == ("name",):
            return check_name(value, "ruleset name")
        return check_text(value, dotted(path))
    except TextError as error:
        unwritten = checker.where and path not in checker.where  # a file named after its stem
        checker.fail([path], str(error), "give the file a name: line" if unwritten else "")


def _list_items(value: object, path: KeyPath, checker: Checker, allowed: str) -> list:
    if not isinstance(value, list):
        checker.fail([path], f"{dotted(path)} cannot be {as_written(value)}", allowed)
    return value


_RANK_TEXT = tuple("10" if name == "T" else name for name in RANK_NAMES)


def _ranks(value: object, path: KeyPath, checker: Checker) -> tuple[str, ...]:
    """Ranks as written (``9``, ``"10"``, ``T``, ``J`` …), stored low to high as in R1."""
    allowed = f"allowed: a list of ranks from {_either(_RANK_TEXT)}, e.g. [9, 10, J, Q, K, A]"
    indices: list[int] = []
    for position, rank in enumerate(_list_items(value, path, checker, allowed)):
        try:
            index = rank_index(rank)
        except ValueError:
            checker.fail(
                [(*path, position)], f"unknown rank {as_written(rank)} in deck.ranks", allowed
            )
        if index in indices:
            checker.fail(
                [(*path, position)], f"rank {as_written(rank)} appears twice in deck.ranks", allowed
            )
        indices.append(index)
    return tuple(_RANK_TEXT[index] for index in sorted(indices))


def _packets(value: object, path: KeyPath, checker: Checker) -> tuple[int, ...]:
    allowed = f"allowed: whole numbers of at least 1 adding up to {HAND_SIZE}, e.g. [3, 2]"
    sizes = _list_items(value, path, checker, allowed)
    for position, size in enumerate(sizes):
        if not _is_int(size) or size < 1:
            checker.fail(
                [(*path, position)], f"deal.packets cannot hold {as_written(size)}", allowed
            )
    if sum(sizes) != HAND_SIZE:
        checker.fail([path], f"deal.packets add up to {sum(sizes)}, not {HAND_SIZE}", allowed)
    return tuple(sizes)


def _marker_cards(value: object, path: KeyPath, checker: Checker) -> tuple[int, int]:
    allowed = "allowed: two different card values from 2 to 6, e.g. [6, 4] or [3, 4]"
    cards = _list_items(value, path, checker, allowed)
    for position, card in enumerate(cards):
        if not _is_int(card) or not 2 <= card <= 6:
            checker.fail(
                [(*path, position)], f"markers.cards cannot hold {as_written(card)}", allowed
            )
    if len(cards) != 2 or cards[0] == cards[1]:
        checker.fail([path], f"markers.cards cannot be {cards}", allowed)
    return (cards[0], cards[1])


_LIST_SETTINGS: dict[KeyPath, Callable[[object, KeyPath, Checker], tuple]] = {
    ("deck", "ranks"): _ranks,
    ("deal", "packets"): _packets,
    ("markers", "cards"): _marker_cards,
}


def _check_combinations(ruleset: Ruleset, checker: Checker) -> None:
    """Settings that are fine one by one but that no game can honour together."""
    deck_size = len(ruleset.cards)
    needed = ruleset.players * HAND_SIZE + ruleset.dummy.cards + 1
    if deck_size < needed:
        dummy = f" and a {ruleset.dummy.cards}-card dummy" if ruleset.dummy.cards else ""
        checker.fail(
            [("deck", "ranks"), ("deck", "joker"), ("players",), ("dummy", "cards")],
            f"{deck_size} cards are too few for {ruleset.players} players{dummy}",
            f"needs {needed} cards: {HAND_SIZE} for each player{', the dummy' if dummy else ''}"
            " and an upcard",
        )
    if 2 * ruleset.deal.cut_min > deck_size:
        checker.fail(
            [("deal", "cut_min"), ("deck", "ranks"), ("deck", "joker")],
            f"deal.cut_min {ruleset.deal.cut_min} is too large for a {deck_size}-card deck",
            f"allowed: at most {deck_size // 2}, so that both packets of the cut are that big",
        )
    scoring, alone = ruleset.scoring, ruleset.alone
    rows = [scoring.make, scoring.march, scoring.euchre]
    rows += [scoring.lone_make, scoring.lone_march] if alone.maker else []
    rows += [scoring.lone_defender_euchre, scoring.lone_defender_march] if alone.defender else []
    if not any(rows):
        checker.fail(
            [("scoring",)],
            "every result scores 0 points, so no game could end",
            "give at least one result 1 point or more",
        )
    _check_house_rules(ruleset, checker, deck_size)
    if ruleset.players == 2:
        for role in ("maker", "defender"):
            if getattr(ruleset.alone, role):
                checker.fail(
                    [("alone", role), ("players",)],
                    f"alone.{role} must be false with 2 players",
                    "two-handed hands are already played alone, R14",
                )


def _check_house_rules(ruleset: Ruleset, checker: Checker, deck_size: int) -> None:
    """R13 and R17's keys that need something else of the ruleset."""
    alone, bidding = ruleset.alone, ruleset.bidding
    if alone.call_for_best and not ruleset.partnerships:
        checker.fail(
            [("alone", "call_for_best"), ("players",)],
            f"alone.call_for_best needs partners, and {ruleset.players} players have none",
            "it is for four players in two partnerships (R13)",
        )
    if alone.call_for_best and not (alone.maker or alone.defender):
        checker.fail(
            [("alone", "call_for_best"), ("alone", "maker"), ("alone", "defender")],
            "alone.call_for_best needs lone hands, and alone.maker and alone.defender are false",
            "allow a lone maker or a lone defender, or set call_for_best: false (R13)",
        )
    if bidding.partner_orders_alone and not (ruleset.partnerships and alone.maker):
        checker.fail(
            [("bidding", "partner_orders_alone"), ("alone", "maker"), ("players",)],
            "bidding.partner_orders_alone needs a dealer's partner who may go alone",
            "it needs four players in partnerships and alone.maker: true, R17",
        )
    kitty = deck_size - ruleset.players * HAND_SIZE - ruleset.dummy.cards
    if ruleset.deal.weak_hand == "exchange" and kitty < 1 + WEAK_HAND_SWAP:
        checker.fail(
            [("deal", "weak_hand"), ("deck", "ranks"), ("players",), ("dummy", "cards")],
            f"deal.weak_hand: exchange swaps {WEAK_HAND_SWAP} kitty cards, and the kitty holds"
            f" only the upcard and {kitty - 1} more",
            "a bigger deck, fewer players or a smaller dummy, or weak_hand: redeal (R17)",
        )


def setting_help(dotted: str) -> str:
    """The one-line explanation of a setting such as ``bidding.dealer_pickup``, with
    the values it allows (for templates and help texts)."""
    metadata = _metadata(dotted)
    allowed = " | ".join(map(str, metadata["allowed"])) or setting_range(dotted)
    return metadata["explanation"] + (f" [{allowed}]" if allowed else "")


def setting_range(dotted: str) -> str:
    """A whole-number setting's range as help texts say it, "1 to 1000"; "" for any
    other setting, or a section (``rubber``, off in a ruleset without rubbers)."""
    between = _metadata(dotted).get("between")
    return _span_words(between) if between else ""


def _metadata(dotted: str) -> Mapping[str, Any]:
    *sections, key = dotted.split(".")
    section = section_at(tuple(sections))
    assert section is not None, dotted
    return _settings(section)[key].metadata
