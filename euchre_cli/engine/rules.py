"""Rulesets: every rule of a game as one immutable object (see DESIGN.md, YAML contract).

The dataclass defaults are the ``standard`` ruleset (RULES.md R3-R9, seed 000), so
``Ruleset()`` is a valid four-handed game; ``dataclasses.replace`` makes variants in
tests.  Each setting carries a one-line explanation and the values it accepts as field
metadata: the loader validates against them and ``euchre rules new`` quotes them.

Loading YAML files lives below the dataclasses:

- ``extends`` names a built-in ruleset or a path relative to the extending file.
  Nested mappings merge key by key and lists are replaced whole.  A file without
  ``extends`` starts from the defaults, which are ``standard``.
- ``name`` is never inherited: a file without one is named after its file stem.
  ``description`` is not inherited either (the parent's would describe the wrong
  game): a file without one reads "Based on <parent name>."
- ``rubber`` and ``markers``: ``null`` or ``false`` turn them off; a mapping turns
  them on, its missing keys taking the defaults; ``true`` means all defaults.
- Every problem is a ``RulesetError`` whose text is one line, ``file:line: problem
  (allowed)``.  When settings clash, it points at the one written in the most derived
  file, which is usually the one the user just changed.
- PyYAML is imported only while loading, so importing this module stays cheap.
"""

from __future__ import annotations

import os
import re
import types
import typing
from collections.abc import Callable, Iterator, Sequence
from dataclasses import Field, dataclass, field, fields, is_dataclass, replace
from functools import cache, cached_property
from typing import TYPE_CHECKING, Any, NamedTuple, NoReturn

from .cards import RANK_NAMES, Card, build_deck, mask_of, rank_index

if TYPE_CHECKING:
    from importlib.abc import Traversable
    from pathlib import Path

    import yaml

HAND_SIZE = 5
"""Cards dealt to each player (R3); the packets of a deal add up to this."""
LONGEST_COMPUTER_GAME = 50
"""The highest target computer players play a game to (see ``unplayable_game``)."""


def _setting(default: Any, explanation: str, *, allowed: tuple = (), minimum: int | None = None):
    """A ruleset setting: its default, why it exists, and the values the loader accepts."""
    return field(
        default=default,
        metadata={"explanation": explanation, "allowed": allowed, "minimum": minimum},
    )


class FrozenValue:
    """Equality, hashing and repr by field, shared by the settings classes below and
    the small value types of ``scoring``.

    Written once here rather than generated for each class by ``dataclass`` (its
    ``eq`` and ``repr``), which would add milliseconds to the start of every command.
    """

    __slots__ = ()

    def _compared(self) -> tuple:
        return tuple(getattr(self, f.name) for f in fields(self) if f.compare)

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self._compared() == other._compared()

    def __hash__(self) -> int:
        return hash(self._compared())

    def __repr__(self) -> str:
        shown = ", ".join(f"{f.name}={getattr(self, f.name)!r}" for f in fields(self) if f.repr)
        return f"{type(self).__name__}({shown})"


frozen_value = dataclass(frozen=True, eq=False, repr=False)
"""Decorator for a ``FrozenValue`` subclass: an immutable dataclass."""


@frozen_value
class DeckRules(FrozenValue):
    """Which cards are in the pack (R1)."""

    ranks: tuple[str, ...] = _setting(
        ("9", "10", "J", "Q", "K", "A"), "ranks in every suit; add 7 and 8 for 32 cards (R1)"
    )
    joker: bool = _setting(False, "add the joker (Benny), the highest trump (R1, R15)")


@frozen_value
class DealRules(FrozenValue):
    """Who deals first and how the cards are dealt (R3)."""

    first_dealer: str = _setting(
        "random",
        "a random player deals first, or all draw and the lowest card deals "
        "(K high, A low; the joker is set aside) (R3)",
        allowed=("random", "draw"),
    )
    packets: tuple[int, ...] = _setting((3, 2), "cards per packet in each round of the deal (R3)")
    cut_min: int = _setting(4, "fewest cards the cut may leave in each packet (R3)", minimum=1)


@frozen_value
class DummyRules(FrozenValue):
    """A hand dealt face down for the maker to take (R12, R14)."""

    cards: int = _setting(
        0, "cards dealt face down to a dummy hand (Cutthroat 5, two-handed 2; R12, R14)", minimum=0
    )
    taken_by: str = _setting(
        "maker", "who merges the dummy into their hand and keeps five (R12)", allowed=("maker",)
    )


@frozen_value
class BiddingRules(FrozenValue):
    """Making trump: the dealer's pick-up, stick the dealer, a joker turned up (R4, R5, R15)."""

    dealer_pickup: str = _setting(
        "optional",
        "must the dealer take the upcard when its suit is accepted? (R4)",
        allowed=("optional", "mandatory"),
    )
    stick_the_dealer: bool = _setting(False, "the dealer may not pass in the second round (R5)")
    joker_upcard: str = _setting(
        "dealer-names",
        "a joker upcard: the dealer names trump, or hearts is proposed (R15)",
        allowed=("dealer-names", "hearts"),
    )


@frozen_value
class AloneRules(FrozenValue):
    """Who may go alone and who then leads (R6)."""

    maker: bool = _setting(True, "the maker may go alone (R6)")
    defender: bool = _setting(True, "one defender may go alone against the makers (R6)")
    lead: str = _setting(
        "left-of-lone-player",
        "who leads when someone goes alone (R6)",
        allowed=("left-of-lone-player", "left-of-dealer"),
    )


@frozen_value
class ScoringRules(FrozenValue):
    """Points for each result row of R8 (R12 and R14 reuse the same rows)."""

    make: int = _setting(1, "makers take 3 or 4 tricks", minimum=0)
    march: int = _setting(2, "makers take all 5 tricks", minimum=0)
    lone_make: int = _setting(1, "a lone maker takes 3 or 4 tricks", minimum=0)
    lone_march: int = _setting(4, "a lone maker takes all 5 tricks", minimum=0)
    euchre: int = _setting(2, "makers take fewer than 3 tricks: to each defending side", minimum=0)
    lone_defender_euchre: int = _setting(2, "a lone defender takes 3 or 4 tricks", minimum=0)
    lone_defender_march: int = _setting(4, "a lone defender takes all 5 tricks", minimum=0)


@frozen_value
class GameRules(FrozenValue):
    """What wins a game (R9)."""

    points_to_win: int = _setting(10, "points that win a game (R9)", minimum=1)
    bridge: bool = _setting(
        False,
        "show 'at the bridge' one point from game against 2 or less (R9; made for 5-point"
        " games, where it is 4 points)",
    )


@frozen_value
class RubberRules(FrozenValue):
    """Games grouped in rubbers (R10); ``Ruleset.rubber`` is None without them."""

    games_to_win: int = _setting(2, "games a side must win to take the rubber (R10)", minimum=1)
    bonus: int = _setting(2, "added to the rubber winners' margin (R10)", minimum=0)


@frozen_value
class MarkerRules(FrozenValue):
    """The low cards each side keeps score with (R11)."""

    cards: tuple[int, int] = _setting(
        (6, 4), "the two low cards each side keeps score with, from 2 to 6 (R11)"
    )


@frozen_value
class Ruleset(FrozenValue):
    """Every rule of a game.  (Each settings class has a docstring: without one,
    ``dataclass`` builds one with ``inspect.signature`` at import, slowing every command.)"""

    name: str = _setting("standard", "the ruleset's name (a file's stem if not given)")
    description: str = _setting(
        "North American four-handed Euchre, 24 cards, game to 10.",
        "one line for players: what game this is",
    )
    players: int = _setting(4, "players at the table (R3, R12, R14)", allowed=(2, 3, 4))
    deck: DeckRules = field(default_factory=DeckRules)
    deal: DealRules = field(default_factory=DealRules)
    dummy: DummyRules = field(default_factory=DummyRules)
    bidding: BiddingRules = field(default_factory=BiddingRules)
    alone: AloneRules = field(default_factory=AloneRules)
    scoring: ScoringRules = field(default_factory=ScoringRules)
    game: GameRules = field(default_factory=GameRules)
    rubber: RubberRules | None = None  # None: games are not grouped in rubbers (R10)
    markers: MarkerRules | None = field(default_factory=MarkerRules)  # None: no picture (R11)
    # Bookkeeping, not settings: neither is written in YAML or in ruleset_to_dict().
    source: str = ""  # where it was loaded from (a built-in name or a file path)
    extends: str = field(default="", compare=False)  # the file's `extends`, as written

    @cached_property
    def cards(self) -> tuple[Card, ...]:
        """The deck, in its fixed unshuffled order."""
        return build_deck(self.deck.ranks, self.deck.joker)

    @cached_property
    def deck_mask(self) -> int:
        """The deck as a bit mask of card indices (for quick checks in the engine)."""
        return mask_of(self.cards)

    @property
    def partnerships(self) -> bool:
        """Four players sit as two fixed partnerships (R3); fewer play for themselves."""
        return self.players == 4

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        """Seats grouped by the side that scores together."""
        if self.partnerships:
            return ((0, 2), (1, 3))
        return tuple((seat,) for seat in range(self.players))

    def side_of(self, seat: int) -> int:
        return seat % 2 if self.partnerships else seat


_BOOKKEEPING = ("source", "extends")


# ---------------------------------------------------------------------------
# Errors and where settings were written


class RulesetError(Exception):
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


_KeyPath = tuple[str | int, ...]  # ("deck", "ranks", 2): a setting or a list item


class _Location(NamedTuple):
    file: str
    line: int
    depth: int  # 0: the file asked for; 1: the file it extends; and so on


_Where = dict[_KeyPath, _Location]


@dataclass(frozen=True)
class _Checker:
    """Raises ``RulesetError`` at the place a setting was written, when that is known."""

    where: _Where
    source: str

    def fail(self, paths: Sequence[_KeyPath], problem: str, allowed: str = "") -> NoReturn:
        """Blames the most derived of ``paths`` that was written down, else the first
        one's nearest written ancestor (a snapshot has no places: just its source)."""
        written = [self.where[path] for path in paths if path in self.where]
        if written:
            place: _Location | None = min(written, key=lambda location: location.depth)
        else:
            path = paths[0]
            while path and path not in self.where:
                path = path[:-1]
            place = self.where.get(path)
        if place is None:
            raise RulesetError(problem, allowed, self.source)
        raise RulesetError(problem, allowed, place.file, place.line)


def _dotted(path: _KeyPath) -> str:
    return ".".join(map(str, path)) if path else "the ruleset"


def _shown(value: object) -> str:
    """A value as the user wrote it, in YAML terms."""
    if value is None or isinstance(value, bool):
        return {None: "null", True: "true", False: "false"}[value]
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


def unplayable_game(ruleset: Ruleset) -> str | None:
    """Why computer players cannot play a whole game under ``ruleset``, or None; the
    scorekeeper keeps such rules all the same (a table decides).

    A game too long: their table of chances (``players/search/odds.py``) grows as
    the target to the power of the sides (Cutthroat to 50: about 3 s, once), and its
    recursion as the target.  A game in which only lone hands score: it may never
    end, since lone hands are rare and lone defences rarer."""
    target = ruleset.game.points_to_win
    if target > LONGEST_COMPUTER_GAME:
        return (
            f"a game to {target} is too long for computer players"
            f" (at most {LONGEST_COMPUTER_GAME}; the scorekeeper keeps any target)"
        )
    scoring = ruleset.scoring
    if not (scoring.make or scoring.march or scoring.euchre):
        return (
            "only lone hands score (make, march and euchre are all 0), so a game against"
            " the computer might never end: give one of them points (the scorekeeper"
            " keeps such rules)"
        )
    return None


# ---------------------------------------------------------------------------
# Building a Ruleset from plain data (one YAML layer merged, or a snapshot)


def ruleset_from_dict(data: dict, source: str = "<snapshot>") -> Ruleset:
    """Validates plain data in the YAML contract's shape and builds the Ruleset.

    The scorekeeper stores ``ruleset_to_dict()`` as JSON and rebuilds it here without
    reading YAML; missing keys take the defaults.  Errors name ``source``.
    """
    return replace(_build(data, _Checker({}, source)), source=source)


def ruleset_to_dict(ruleset: Ruleset) -> dict[str, Any]:
    """The fully resolved ruleset as plain data in the YAML contract's shape (no
    ``extends``, no ``source``): ``rules show`` prints it, the scorekeeper stores it."""
    return _section_to_dict(ruleset)


def _section_to_dict(section: object) -> dict[str, Any]:
    return {
        item.name: _plain_setting(getattr(section, item.name))
        for item in fields(section)
        if item.name not in _BOOKKEEPING
    }


def _plain_setting(value: object) -> object:
    if is_dataclass(value):
        return _section_to_dict(value)
    if isinstance(value, tuple):
        # Ranks read as in the contract, [9, 10, J, Q, K, A]; other lists hold ints.
        return [int(item) if isinstance(item, str) and item.isdigit() else item for item in value]
    return value


def _build(data: object, checker: _Checker) -> Ruleset:
    ruleset = _build_section(Ruleset, data, (), checker)
    _check_combinations(ruleset, checker)
    return ruleset


def _settings(section: type) -> dict[str, Field]:
    return {item.name: item for item in fields(section) if item.name not in _BOOKKEEPING}


def _optional_section(hint: object) -> type | None:
    """``RubberRules`` for ``RubberRules | None``: a section that may be switched off."""
    if isinstance(hint, types.UnionType) or typing.get_origin(hint) is typing.Union:
        return next(arg for arg in typing.get_args(hint) if arg is not type(None))
    return None


def _build_section(section: type, data: object, path: _KeyPath, checker: _Checker) -> Any:
    settings = _settings(section)
    if not isinstance(data, dict):
        checker.fail(
            [path],
            f"{_dotted(path)} cannot be {_shown(data)}",
            f"allowed: a mapping of {', '.join(settings)}",
        )
    for key in data:
        if key not in settings:
            where = f" in {_dotted(path)}" if path else ""
            known = [*settings] if path else ["extends", *settings]  # read before this check
            hint = _section_of(key) if not path else ""
            checker.fail(
                [(*path, key)], f"unknown key {key!r}{where}", hint or _suggest(key, known)
            )
    hints = typing.get_type_hints(section)
    return section(
        **{
            key: _convert(value, hints[key], settings[key], (*path, key), checker)
            for key, value in data.items()
        }
    )


def _section_of(key: object) -> str:
    """For a setting written at the top level, where it belongs ("bidding:")."""
    for name, hint in typing.get_type_hints(Ruleset).items():
        section = _optional_section(hint) or hint
        if name in _settings(Ruleset) and is_dataclass(section) and key in _settings(section):
            return f"{key} belongs in the {name} section, e.g. {name}: {{{key}: ...}}"
    return ""


def _suggest(key: object, known: Sequence[str]) -> str:
    """Did-you-mean for a misspelt name, else the whole list."""
    return _did_you_mean(str(key), known) or f"allowed: {', '.join(known)}"


def _did_you_mean(word: str, known: Sequence[str]) -> str:
    import difflib  # only on errors: keeps importing this module cheap

    close = difflib.get_close_matches(word, known, n=1)
    return f"did you mean {close[0]!r}?" if close else ""


def _convert(value: object, hint: Any, setting: Field, path: _KeyPath, checker: _Checker) -> Any:
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
            f"{_dotted(path)} cannot be {_shown(value)}",
            "allowed: a mapping of settings, true for the defaults, or null for none",
        )
    if typing.get_origin(hint) is tuple:
        return _LIST_SETTINGS[path](value, path, checker)
    return _scalar_setting(value, hint, setting, path, checker)


def _scalar_setting(
    value: object, kind: type, setting: Field, path: _KeyPath, checker: _Checker
) -> object:
    allowed = setting.metadata["allowed"]
    minimum = setting.metadata["minimum"]
    fits = isinstance(value, kind) and not (kind is int and isinstance(value, bool))
    if fits and (not allowed or value in allowed) and (minimum is None or value >= minimum):
        return value
    if allowed:
        hint = f"allowed: {_either(allowed)}"
    elif kind is bool:
        hint = "allowed: true or false"
    elif kind is int:
        hint = f"allowed: a whole number, {minimum} or more"
    else:
        hint = "allowed: text"
    if isinstance(value, bool) and kind is not bool:
        hint += "; YAML reads yes/no/on/off as true/false, so quote them"
    elif isinstance(value, str) and kind is int and value.strip().lstrip("+-").isdigit():
        hint += ", without quotes"
    checker.fail([path], f"{_dotted(path)} cannot be {_shown(value)}", hint)


def _list_items(value: object, path: _KeyPath, checker: _Checker, allowed: str) -> list:
    if not isinstance(value, list):
        checker.fail([path], f"{_dotted(path)} cannot be {_shown(value)}", allowed)
    return value


_RANK_TEXT = tuple("10" if name == "T" else name for name in RANK_NAMES)


def _ranks(value: object, path: _KeyPath, checker: _Checker) -> tuple[str, ...]:
    """Ranks as written (``9``, ``"10"``, ``T``, ``J`` …), stored low to high as in R1."""
    allowed = f"allowed: a list of ranks from {_either(_RANK_TEXT)}, e.g. [9, 10, J, Q, K, A]"
    indices: list[int] = []
    for position, rank in enumerate(_list_items(value, path, checker, allowed)):
        try:
            index = rank_index(rank)
        except ValueError:
            checker.fail([(*path, position)], f"unknown rank {_shown(rank)} in deck.ranks", allowed)
        if index in indices:
            checker.fail(
                [(*path, position)], f"rank {_shown(rank)} appears twice in deck.ranks", allowed
            )
        indices.append(index)
    return tuple(_RANK_TEXT[index] for index in sorted(indices))


def _packets(value: object, path: _KeyPath, checker: _Checker) -> tuple[int, ...]:
    allowed = f"allowed: whole numbers of at least 1 adding up to {HAND_SIZE}, e.g. [3, 2]"
    sizes = _list_items(value, path, checker, allowed)
    for position, size in enumerate(sizes):
        if not _is_int(size) or size < 1:
            checker.fail([(*path, position)], f"deal.packets cannot hold {_shown(size)}", allowed)
    if sum(sizes) != HAND_SIZE:
        checker.fail([path], f"deal.packets add up to {sum(sizes)}, not {HAND_SIZE}", allowed)
    return tuple(sizes)


def _marker_cards(value: object, path: _KeyPath, checker: _Checker) -> tuple[int, int]:
    allowed = "allowed: two different card values from 2 to 6, e.g. [6, 4] or [3, 4]"
    cards = _list_items(value, path, checker, allowed)
    for position, card in enumerate(cards):
        if not _is_int(card) or not 2 <= card <= 6:
            checker.fail([(*path, position)], f"markers.cards cannot hold {_shown(card)}", allowed)
    if len(cards) != 2 or cards[0] == cards[1]:
        checker.fail([path], f"markers.cards cannot be {cards}", allowed)
    return (cards[0], cards[1])


_LIST_SETTINGS: dict[_KeyPath, Callable[[object, _KeyPath, _Checker], tuple]] = {
    ("deck", "ranks"): _ranks,
    ("deal", "packets"): _packets,
    ("markers", "cards"): _marker_cards,
}


def _check_combinations(ruleset: Ruleset, checker: _Checker) -> None:
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
    if ruleset.players == 2:
        for role in ("maker", "defender"):
            if getattr(ruleset.alone, role):
                checker.fail(
                    [("alone", role), ("players",)],
                    f"alone.{role} must be false with 2 players",
                    "two-handed hands are already played alone, R14",
                )


def setting_help(dotted: str) -> str:
    """The one-line explanation of a setting such as ``bidding.dealer_pickup``, with
    the values it allows (for templates and help texts)."""
    section: type = Ruleset
    *sections, key = dotted.split(".")
    for name in sections:
        hint = typing.get_type_hints(section)[name]
        section = _optional_section(hint) or hint
    metadata = _settings(section)[key].metadata
    allowed = metadata["allowed"]
    return metadata["explanation"] + (f" [{' | '.join(map(str, allowed))}]" if allowed else "")


# ---------------------------------------------------------------------------
# Reading YAML files: built-ins, paths, extends


def builtin_names() -> list[str]:
    """The names of the rulesets shipped in ``rulesets/``."""
    return sorted(entry.name[: -len(".yaml")] for entry in _builtin_files())


def builtin_rulesets() -> list[Ruleset]:
    return [load_ruleset(name) for name in builtin_names()]


def load_ruleset(ref: str) -> Ruleset:
    """A built-in ruleset by name (``standard``) or a YAML file by path, fully resolved."""
    file = _find(ref, None, None)
    data, where, extends = _resolve(file, (), None)
    ruleset = _build(data, _Checker(where, file.shown))
    return replace(ruleset, source=ref, extends=extends)


class _RulesetFile(NamedTuple):
    shown: str  # how messages name it: the path as the user would write it
    path: Path | Traversable
    stem: str
    identity: str  # the same file reached by two paths has one identity (cycles)


def _builtin_directory() -> Path | Traversable:
    """Package data when installed; the ``rulesets/`` folder beside the package in a
    source tree (``euchre_cli.rulesets`` exists only once setuptools maps it)."""
    from importlib import resources
    from pathlib import Path  # only when loading: the scorekeeper starts without it

    try:
        return resources.files("euchre_cli.rulesets")
    except ModuleNotFoundError:
        return Path(__file__).resolve().parents[2] / "rulesets"


def _builtin_files() -> Iterator[Path | Traversable]:
    return (entry for entry in _builtin_directory().iterdir() if entry.name.endswith(".yaml"))


def _find(ref: str, extended_by: _RulesetFile | None, asked_at: _Location | None) -> _RulesetFile:
    """The file a reference names: a built-in name, else a path (relative to the file
    that extends it, if any)."""
    from pathlib import Path

    if not ref.strip():
        problem = "extends an empty name" if asked_at else "is empty: it names no ruleset"
        allowed = f"built-in: {', '.join(builtin_names())}; or a .yaml file path"
        raise RulesetError(problem, allowed, *(asked_at[:2] if asked_at else ()))
    if ref in builtin_names():
        path = _builtin_directory() / f"{ref}.yaml"
        return _RulesetFile(str(path), path, ref, f"built-in {ref}")
    base = Path(extended_by.path).parent if extended_by else Path()
    looks_like_path = os.sep in ref or "/" in ref or ref.endswith((".yaml", ".yml"))
    if looks_like_path or (base / ref).exists():
        shown = (
            os.path.normpath(os.path.join(os.path.dirname(extended_by.shown), ref))
            if extended_by
            else ref
        )
        return _RulesetFile(shown, base / ref, Path(ref).stem, str((base / ref).resolve()))
    names = builtin_names()
    suggestion = _did_you_mean(ref, names)
    allowed = f"built-in: {', '.join(names)}; or a .yaml file path"
    if suggestion:
        allowed = f"{suggestion} {allowed}"
    problem = f"extends unknown ruleset {ref!r}" if asked_at else f"unknown ruleset {ref!r}"
    raise RulesetError(problem, allowed, *(asked_at[:2] if asked_at else ()))


def _resolve(
    file: _RulesetFile, extending: tuple[_RulesetFile, ...], asked_at: _Location | None
) -> tuple[dict, _Where, str]:
    """A file's settings merged over those of the files it extends, with where each was
    written, and its own ``extends`` as written ('' when it has none)."""
    depth = len(extending)
    data, where = _read(file, depth, asked_at)
    extends = data.pop("extends", None)
    parent_name = Ruleset.name
    if extends is not None:
        extends_at = where[("extends",)]
        if not isinstance(extends, str) or not extends:
            raise RulesetError(
                f"extends cannot be {_shown(extends)}",
                "allowed: a built-in name or the path of a .yaml file",
                *extends_at[:2],
            )
        parent = _find(extends, file, extends_at)
        chain = (*extending, file)
        if len(chain) > _MAX_CHAIN:
            raise RulesetError(
                f"extends more than {_MAX_CHAIN} files deep",
                f"allowed: a chain of at most {_MAX_CHAIN} files extending each other",
                *extends_at[:2],
            )
        if parent.identity in (link.identity for link in chain):
            cycle = " -> ".join(link.shown for link in (*chain, parent))
            raise RulesetError(
                f"extends cycle: {cycle}", "a ruleset cannot extend itself", *extends_at[:2]
            )
        base, base_where, _ = _resolve(parent, chain, extends_at)
        parent_name = str(base.pop("name"))
        base.pop("description")
        _overlay(base, base_where, data, where)
        base_where[()] = where[()]
        data, where = base, base_where
    data.setdefault("name", file.stem)
    data.setdefault("description", f"Based on {parent_name}.")
    return data, where, extends or ""


def _overlay(base: dict, base_where: _Where, top: dict, top_where: _Where, path: _KeyPath = ()):
    """Writes ``top`` over ``base``: mappings merge key by key, anything else replaces,
    and ``base_where`` follows so that each value keeps the place it was written."""
    for key, value in top.items():
        key_path = (*path, key)
        if isinstance(value, dict) and isinstance(base.get(key), dict):
            _overlay(base[key], base_where, value, top_where, key_path)
        else:
            base[key] = value
            for old in [old for old in base_where if old[: len(key_path)] == key_path]:
                del base_where[old]
            base_where.update(
                (new, place) for new, place in top_where.items() if new[: len(key_path)] == key_path
            )
        base_where[key_path] = top_where[key_path]


def _read(file: _RulesetFile, depth: int, asked_at: _Location | None) -> tuple[dict, _Where]:
    """One file's own settings as plain data, with the line of every key and list item."""
    try:
        text = file.path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        reason = _unreadable(error)
        allowed = "give a built-in name or the path of a ruleset .yaml file"
        if asked_at:
            raise RulesetError(
                f"extends {file.shown!r}: {reason}", allowed, *asked_at[:2]
            ) from None
        raise RulesetError(reason, allowed, file.shown) from None
    root = _compose(text, file.shown)
    if root is None or (root.tag.endswith(":null") and not root.value):
        raise RulesetError(
            "the file is empty", "a ruleset is a mapping such as 'extends: standard'", file.shown, 1
        )
    where: _Where = {(): _Location(file.shown, root.start_mark.line + 1, depth)}
    data = _plain(root, (), where, file.shown, depth)
    if not isinstance(data, dict):
        raise RulesetError(
            f"the file holds {_shown(data)}, not a mapping of settings",
            "write 'key: value' lines such as 'extends: standard'",
            file.shown,
            root.start_mark.line + 1,
        )
    return data, where


def _unreadable(error: Exception) -> str:
    if isinstance(error, FileNotFoundError):
        return "no such file"
    if isinstance(error, IsADirectoryError):
        return "is a directory, not a ruleset file"
    if isinstance(error, UnicodeDecodeError):
        return "is not UTF-8 text"
    return f"cannot be read ({getattr(error, 'strerror', None) or error})"


@cache
def _loader_without_aliases() -> type[yaml.SafeLoader]:
    """SafeLoader refusing a YAML alias (``*name``) where it is written: a few such
    lines can stand for millions of values, and a ruleset never needs them."""
    import yaml

    class Loader(yaml.SafeLoader):
        def compose_node(self, parent: yaml.Node | None, index: object) -> yaml.Node | None:
            if self.check_event(yaml.AliasEvent):
                raise RulesetError(
                    "YAML aliases (*name) are not allowed in a ruleset",
                    "write the value out where it is needed",
                    self.name,
                    self.peek_event().start_mark.line + 1,
                )
            return super().compose_node(parent, index)

    return Loader


def _compose(text: str, shown: str) -> yaml.Node | None:
    """The YAML node tree (SafeLoader), whose nodes know their lines."""
    import yaml

    try:
        loader = _loader_without_aliases()(text)
        loader.name = shown
        try:
            root = loader.get_single_node()
        finally:
            loader.dispose()
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        problem = error.problem or error.context
        line = mark.line + 1 if mark else None
        raise RulesetError(
            f"YAML syntax error: {problem}", _yaml_advice(problem), shown, line
        ) from None
    except yaml.YAMLError as error:
        raise RulesetError(f"YAML error: {error}", "", shown) from None
    except RecursionError:
        raise RulesetError("the file is nested too deeply to be a ruleset", "", shown) from None
    return root


def _yaml_advice(problem: str | None) -> str:
    """What usually causes PyYAML's commonest complaints in a house-rules file."""
    problem = problem or ""
    if "'\\t'" in problem:
        return "indent with spaces, not tabs"
    if "expected <block end>" in problem:
        return (
            "an indented line needs its section name above it, like 'bidding:', and"
            " the lines of one section line up"
        )
    if "mapping values are not allowed" in problem:
        return "put a space after each colon, and quote text that holds ': '"
    return ""


_MAX_NESTING = 4  # rulesets nest three levels at most: markers.cards.0
_MAX_CHAIN = 20  # files extending files: far more than any table needs


def _plain(node: yaml.Node, path: _KeyPath, where: _Where, file: str, depth: int) -> object:
    """A node as plain Python data; records the line of each key and list item."""
    import yaml

    line = node.start_mark.line + 1
    if len(path) > _MAX_NESTING:
        raise RulesetError(f"{_dotted(path)} is nested too deeply", "", file, line)
    if isinstance(node, yaml.MappingNode):
        mapping: dict = {}
        for key_node, value_node in node.value:
            key = _plain(key_node, path, {}, file, depth)
            key_line = key_node.start_mark.line + 1
            if not isinstance(key, str):
                raise RulesetError(f"key {_shown(key)} is not a setting name", "", file, key_line)
            if key in mapping:
                first = where[(*path, key)].line
                inside = f" in {_dotted(path)}" if path else ""
                raise RulesetError(
                    f"key {key!r} appears twice{inside}", f"first on line {first}", file, key_line
                )
            where[(*path, key)] = _Location(file, key_line, depth)
            mapping[key] = _plain(value_node, (*path, key), where, file, depth)
        return mapping
    if isinstance(node, yaml.SequenceNode):
        items = []
        for position, item in enumerate(node.value):
            where[(*path, position)] = _Location(file, item.start_mark.line + 1, depth)
            items.append(_plain(item, (*path, position), where, file, depth))
        return items
    if node.tag == "tag:yaml.org,2002:int" and re.fullmatch(r"[-+]?0[0-9_]+", node.value):
        raise RulesetError(
            f"{_dotted(path)} is written {node.value}, which YAML reads as an octal number",
            f"write it without the leading zero: {int(node.value.replace('_', ''), 10)}",
            file,
            line,
        )
    try:
        return yaml.constructor.SafeConstructor().construct_object(node)
    except yaml.YAMLError as error:
        problem = getattr(error, "problem", None) or error
        raise RulesetError(f"YAML error: {problem}", "", file, line) from None
