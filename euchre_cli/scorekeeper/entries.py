"""The kinds of entry a score sheet holds, in one registry, ``ENTRY_KINDS``: for each
kind the fields it is built from, how it is built from given values and checked
against the sheet, what it scores, whether it moves the deal, how the book stores it
and reads it back, and its facts by name.

``score keep``, the one-shot commands (``score hand``, ``add``, ``renege``,
``dealer``, ``edit``) and the API build every entry through it, and the book, the
tally, the CSV and the JSON read every entry through it: a new kind is one
``EntryKind`` here, with its words in the terminal (``terminal.entry_words``).  Pure:
the SQL is ``store.py``'s, what the entries add up to ``tally.py``'s.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, NamedTuple

from ..engine.names import check_text
from ..engine.rules import Ruleset
from ..engine.scoring import TRICKS_IN_HAND, HandOutcome, HandScore, score_hand, score_renege
from .sheet import Sheet, SheetError

MAX_MANUAL_POINTS = 99


class ManualPoints(NamedTuple):
    """Points given outside the scoring table: a house rule, a correction."""

    side: int
    points: int
    reason: str = ""


class Renege(NamedTuple):
    """A renege found at the table (R17): ``side`` reneged, and every other side
    scores the ruleset's penalty (``alone``: the side reneged against played alone).
    The points are worked out at tally time from the sheet's ruleset."""

    side: int
    alone: bool = False


class ThrownIn(NamedTuple):
    """A hand nobody made trump in (R5): nobody scores, and the deal moves on (R3)."""


class Dealer(NamedTuple):
    """Who deals the next hand, as the table says: the first dealer, or a correction.
    ``seat`` is the player's place in ``Sheet.seating``."""

    seat: int


# A played hand is stored as the scoring module's own HandOutcome.
Entry = HandOutcome | ManualPoints | Renege | ThrownIn | Dealer

REQUIRED: Any = object()
"""The default of a ``Field`` that has none: it must be given."""


class Field(NamedTuple):
    """A value given to build an entry (or to make another write of the API):
    ``kind`` says what it holds (``who``: a side or a player as a user names one, a
    team, a name, a number or initials; ``whole``, ``flag``, ``text``), ``nullable``
    that it may be None, ``default`` its value when it is left out."""

    kind: str
    nullable: bool = False
    default: Any = None

    @property
    def required(self) -> bool:
        return self.default is REQUIRED


class Row(NamedTuple):
    """An entry as a row of the book's ``entries`` table (its sheet and number aside):
    the columns its kind does not hold keep these values."""

    kind: str
    side: int | None = None
    seat: int | None = None
    tricks: int | None = None
    alone: int = 0
    lone_defender: int | None = None
    points: int | None = None
    reason: str = ""


class EntryFacts(NamedTuple):
    """An entry's facts by name, as the history's JSON and the CSV export give them."""

    kind: str  # ``EntryKind.name``
    who: str | None = None  # the side; for a dealer entry the player; None for a hand thrown in
    tricks: int | None = None  # a hand's: the makers'
    alone: bool | None = None  # a hand's: the maker went alone; a renege's: against a lone hand
    defender_alone: str | None = None  # a hand's: the lone defender's side
    reason: str | None = None  # points by hand: why


Scored = tuple[tuple[int, ...], str | None]
"""Each side's points from an entry, and the row of the scoring table that gave them
(None: no row did)."""


class EntryKind(NamedTuple):
    """One kind of entry.  ``name`` is the kind as the book, the JSON and the CSV give
    it; ``entry_type`` the type of its entries; ``fields`` what it is built from, by name
    (the API's body, ``score edit``'s options), and ``make`` builds it from them
    (``make(sheet, **fields)``), checked against the sheet (``SheetError``).  ``score``
    gives its points (``score(ruleset, entry, sides)``); ``moves_the_deal``: a hand
    ends with it, so the deal passes to the left (R3).  ``columns`` are the book's
    columns it holds, ``stored`` their values for an entry and ``read`` the entry again
    from them (``read(sheet, *values)``, ``ValueError`` for values no entry of the
    kind has); ``facts`` says it by name (``facts(sheet, entry)``, ``EntryFacts``'
    fields but the kind)."""

    name: str
    entry_type: type
    fields: Mapping[str, Field]
    make: Callable[..., Any]
    score: Callable[[Ruleset, Any, int], Scored]
    moves_the_deal: bool
    columns: tuple[str, ...]
    stored: Callable[[Any], tuple[Any, ...]]
    read: Callable[..., Any]
    facts: Callable[[Sheet, Any], dict[str, Any]]

    @property
    def required(self) -> frozenset[str]:
        """The fields that have no default: each must be given."""
        return frozenset(name for name, field in self.fields.items() if field.required)

    def build(self, sheet: Sheet, **given: Any) -> Entry:
        """The entry ``given`` describes, each field left out taking its default,
        checked against ``sheet``: a ``SheetError`` says what the sheet refuses."""
        if not self.required <= given.keys() <= self.fields.keys():
            wanted = f"{sorted(self.fields)}, {sorted(self.required)} at least"
            raise TypeError(f"a {self.name} entry is built from {wanted}")
        values = {name: given.get(name, field.default) for name, field in self.fields.items()}
        return self.make(sheet, **values)

    def row(self, entry: Entry) -> Row:
        return Row(self.name, **dict(zip(self.columns, self.stored(entry))))

    def from_row(self, sheet: Sheet, row: Row) -> Entry:
        """The entry ``row`` holds, checked against ``sheet``: a column its kind does
        not hold must keep its empty value (``Row``'s)."""
        for column in Row._fields[1:]:
            value = getattr(row, column)
            if column not in self.columns and value != Row._field_defaults[column]:
                raise ValueError(f"an entry of kind {self.name!r} has a {column} ({value!r})")
        return self.read(sheet, *(getattr(row, column) for column in self.columns))


# --- Building: what the table says, checked against the sheet -----------------------------


def refuse_lone_hands(rules: Ruleset, maker: bool, defender: bool) -> None:
    """Refuse a lone maker or a lone defender where the ruleset has none (R6)."""
    if maker and not rules.alone.maker:
        raise SheetError(f"{rules.name} has no lone hands")
    if defender and not rules.alone.defender:
        raise SheetError(f"{rules.name} does not let a defender go alone")


def _played_hand(
    sheet: Sheet, makers: str, tricks: int, alone: bool, defender_alone: str | None
) -> HandOutcome:
    """A hand as the table reports it, checked against the sheet's ruleset (R6, R8)."""
    rules = sheet.ruleset
    maker_side = sheet.resolve(makers)
    if not 0 <= tricks <= TRICKS_IN_HAND:
        raise SheetError(f"the makers took {tricks} tricks? It must be 0 to {TRICKS_IN_HAND}")
    refuse_lone_hands(rules, alone, defender_alone is not None)
    lone_defender = None
    if defender_alone is not None:
        lone_defender = sheet.resolve(defender_alone)
        if lone_defender == maker_side:
            raise SheetError(
                f"{sheet.side_names[maker_side]} made trump, so cannot also defend alone"
            )
    return HandOutcome(maker_side, tricks, alone, lone_defender)


def _manual_points(sheet: Sheet, who: str, points: int, reason: str) -> ManualPoints:
    """Points given by hand, for a side the sheet knows."""
    if points == 0 or abs(points) > MAX_MANUAL_POINTS:
        raise SheetError(
            f"points must be between -{MAX_MANUAL_POINTS} and {MAX_MANUAL_POINTS}, and not 0"
        )
    return ManualPoints(sheet.resolve(who), points, check_text(reason, "reason"))


def _renege(sheet: Sheet, who: str, alone: bool) -> Renege:
    """A renege by ``who`` (R17); ``alone`` (against a lone hand) is refused where the
    ruleset has no lone hands (R6)."""
    rules = sheet.ruleset
    side = sheet.resolve(who)
    if alone and not (rules.alone.maker or rules.alone.defender):
        raise SheetError(f"a renege against a lone hand: {rules.name} has no lone hands")
    return Renege(side, alone)


def _dealer(sheet: Sheet, dealer: str) -> Dealer:
    """``dealer`` deals the next hand (a player, as ``Sheet.seat_of`` reads one)."""
    return Dealer(sheet.seat_of(dealer))


# --- Reading the book again: values no entry of the kind has are ValueErrors ----------------


def _side(sheet: Sheet, side: Any) -> int:
    if side not in range(len(sheet.sides)):
        raise ValueError("an entry names a side the sheet does not have")
    return side


def _flag(alone: Any) -> bool:
    if alone not in (0, 1):
        raise ValueError(f"an entry's alone is {alone!r}, neither 0 nor 1")
    return bool(alone)


def _hand_read(sheet: Sheet, side: Any, tricks: Any, alone: Any, lone_defender: Any) -> HandOutcome:
    if type(tricks) is not int or not 0 <= tricks <= TRICKS_IN_HAND:
        raise ValueError(f"a hand's makers took {tricks!r} tricks")
    defender = None if lone_defender is None else _side(sheet, lone_defender)
    return HandOutcome(_side(sheet, side), tricks, _flag(alone), defender)


def _points_read(sheet: Sheet, side: Any, points: Any, reason: str) -> ManualPoints:
    if type(points) is not int:
        raise ValueError(f"points given by hand are {points!r}, not a whole number")
    return ManualPoints(_side(sheet, side), points, reason)


def _dealer_read(sheet: Sheet, seat: Any) -> Dealer:
    if seat not in range(sheet.ruleset.players):
        raise ValueError("a dealer entry names a seat the sheet does not have")
    return Dealer(seat)


# --- The registry ---------------------------------------------------------------------------


def _scored(score: HandScore) -> Scored:
    return score.points, score.row


def _nothing_scored(rules: Ruleset, entry: Entry, sides: int) -> Scored:
    return (0,) * sides, None


def _points_scored(rules: Ruleset, given: ManualPoints, sides: int) -> Scored:
    return tuple(given.points if side == given.side else 0 for side in range(sides)), None


def _hand_facts(sheet: Sheet, hand: HandOutcome) -> dict[str, Any]:
    names = sheet.side_names
    defender = hand.lone_defender_side
    return {
        "who": names[hand.maker_side],
        "tricks": hand.maker_tricks,
        "alone": hand.maker_alone,
        "defender_alone": None if defender is None else names[defender],
    }


_WHO = Field("who", default=REQUIRED)  # a side, as ``--makers`` takes one
_WHOLE = Field("whole", default=REQUIRED)
_ALONE = Field("flag", default=False)

_HAND = EntryKind(
    "hand",
    HandOutcome,
    {
        "makers": _WHO,
        "tricks": _WHOLE,
        "alone": _ALONE,
        "defender_alone": Field("who", nullable=True),
    },
    make=_played_hand,
    score=lambda rules, hand, sides: _scored(score_hand(rules.scoring, hand, sides)),
    moves_the_deal=True,
    columns=("side", "tricks", "alone", "lone_defender"),
    stored=lambda hand: (
        hand.maker_side,
        hand.maker_tricks,
        int(hand.maker_alone),
        hand.lone_defender_side,
    ),
    read=_hand_read,
    facts=_hand_facts,
)
_POINTS = EntryKind(
    "points",
    ManualPoints,
    {"who": _WHO, "points": _WHOLE, "reason": Field("text", default="")},
    make=_manual_points,
    score=_points_scored,
    moves_the_deal=False,
    columns=("side", "points", "reason"),
    stored=lambda given: (given.side, given.points, given.reason),
    read=_points_read,
    facts=lambda sheet, given: {
        "who": sheet.side_names[given.side],
        "reason": given.reason or None,
    },
)
_RENEGE = EntryKind(
    "renege",
    Renege,
    {"who": _WHO, "alone": _ALONE},
    make=_renege,
    score=lambda rules, renege, sides: _scored(
        score_renege(rules.scoring, renege.side, renege.alone, sides)
    ),
    moves_the_deal=True,
    columns=("side", "alone"),
    stored=lambda renege: (renege.side, int(renege.alone)),
    read=lambda sheet, side, alone: Renege(_side(sheet, side), _flag(alone)),
    facts=lambda sheet, renege: {"who": sheet.side_names[renege.side], "alone": renege.alone},
)
_THROWN_IN = EntryKind(
    "thrown_in",
    ThrownIn,
    {},
    make=lambda sheet: ThrownIn(),
    score=_nothing_scored,
    moves_the_deal=True,
    columns=(),
    stored=lambda thrown: (),
    read=lambda sheet: ThrownIn(),
    facts=lambda sheet, thrown: {},  # nobody made trump
)
_DEALER = EntryKind(
    "dealer",
    Dealer,
    {"dealer": _WHO},  # a player, as ``--dealer`` takes one
    make=_dealer,
    score=_nothing_scored,
    moves_the_deal=False,
    columns=("seat",),
    stored=lambda dealer: (dealer.seat,),
    read=_dealer_read,
    facts=lambda sheet, dealer: {"who": sheet.seating[dealer.seat]},
)

ENTRY_KINDS: dict[str, EntryKind] = {
    kind.name: kind for kind in (_HAND, _POINTS, _RENEGE, _THROWN_IN, _DEALER)
}
"""Every kind of entry, by its name, in the order ``score edit`` and the API list them."""
_BY_TYPE = {kind.entry_type: kind for kind in ENTRY_KINDS.values()}


def kind_of(entry: Entry) -> EntryKind:
    return _BY_TYPE[type(entry)]


def entry_facts(sheet: Sheet, entry: Entry) -> EntryFacts:
    kind = kind_of(entry)
    return EntryFacts(kind.name, **kind.facts(sheet, entry))


def entry_from_row(sheet: Sheet, row: Row) -> Entry:
    """The entry a row of the book holds, checked against ``sheet`` (``ValueError``)."""
    kind = ENTRY_KINDS.get(row.kind)
    if kind is None:
        raise ValueError(f"an entry is of kind {row.kind!r}, which no entry is")
    return kind.from_row(sheet, row)
