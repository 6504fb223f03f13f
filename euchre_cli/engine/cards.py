"""Cards, suits and decks (R1), and the order of cards once trump is fixed (R2).

A card is a small ``int`` (``suit * 8 + rank``, the joker is 32) so that hands can be
kept as bit masks and the engine stays fast enough for search-based players; the
``Card`` subclass only adds names and parsing.  Every card is interned: ``Card(5)``
and ``card_from_code("QC")`` return the same object.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from enum import IntEnum


class Suit(IntEnum):
    """The four suits; ``3 - suit`` is the other suit of the same colour (R1)."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        return "CDHS"[self]

    @property
    def symbol(self) -> str:
        return "♣♦♥♠"[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.DIAMONDS, Suit.HEARTS)

    @property
    def same_colour(self) -> Suit:
        """The suit whose jack becomes the left bower when this suit is trump."""
        return Suit(3 - self)

    @property
    def title(self) -> str:
        return self.name.capitalize()

    @classmethod
    def parse(cls, text: str) -> Suit:
        """A suit from ``H``, ``h``, ``♥``, ``hearts``; raises ``ValueError`` otherwise."""
        cleaned = _clean(text)
        for suit in cls:
            if cleaned in (suit.letter, suit.symbol, suit.name, suit.name[:-1]):
                return suit
        if cleaned in ("♤", "♡", "♢", "♧"):
            return cls("♧♢♡♤".index(cleaned))
        raise ValueError(f"unknown suit {text!r} (use C, D, H or S)")


def _clean(text: str) -> str:
    """Input text made comparable: trimmed, upper case, without the emoji/text
    variation selectors that phone and desktop keyboards add to ♥ ♠ ♦ ♣ (R1)."""
    return text.strip().replace("\ufe0f", "").replace("\ufe0e", "").upper()


RANK_NAMES = ("7", "8", "9", "T", "J", "Q", "K", "A")
"""Rank letters by rank index; the rank index is the card's plain-suit order."""

TEN = RANK_NAMES.index("T")
JACK = RANK_NAMES.index("J")
JOKER_INDEX = 32
CARD_COUNT = 33
_RANK_INPUT = {name: index for index, name in enumerate(RANK_NAMES)} | {"10": 3}


class Card(int):
    """One card; an ``int`` in ``0..32`` with readable names."""

    __slots__ = ()

    def __new__(cls, index: int) -> Card:
        return _CARDS[index]

    @property
    def is_joker(self) -> bool:
        return self == JOKER_INDEX

    @property
    def suit(self) -> Suit | None:
        """The printed suit; ``None`` for the joker (it takes trump's suit, R15)."""
        return None if self == JOKER_INDEX else Suit(self >> 3)

    @property
    def rank(self) -> int:
        """Rank index into ``RANK_NAMES``; the joker has rank 8 (above every other)."""
        return 8 if self == JOKER_INDEX else self & 7

    @property
    def code(self) -> str:
        """The text form: ``JH``, ``TC``, ``JK`` for the joker (R1)."""
        return _CODES[self]

    @property
    def typed(self) -> str:
        """The form to suggest typing: ``JH``, ``10C``, ``JK`` (``code`` writes ``TC``)."""
        return _TYPED[self]

    @property
    def label(self) -> str:
        """A form for people: ``J♥``, ``10♣``, ``Joker``."""
        return _LABELS[self]

    @classmethod
    def parse(cls, text: str) -> Card:
        """A card from R1's notation: ``JH``, ``10h``, ``j♥``, ``JK`` (``parse_card``)."""
        return parse_card(text)

    def __repr__(self) -> str:
        return f"Card({self.code})"

    def __str__(self) -> str:
        return self.code

    def __reduce__(self) -> tuple:
        return (Card, (int(self),))


def _make(index: int) -> Card:
    card = int.__new__(Card, index)
    return card


_CARDS: list[Card] = [_make(index) for index in range(CARD_COUNT)]
_CODES = [RANK_NAMES[i & 7] + "CDHS"[i >> 3] for i in range(32)] + ["JK"]
_LABELS = [
    ("10" if RANK_NAMES[i & 7] == "T" else RANK_NAMES[i & 7]) + "♣♦♥♠"[i >> 3] for i in range(32)
] + ["Joker"]
_TYPED = [code.replace("T", "10", 1) if code[0] == "T" else code for code in _CODES]
ALL_CARDS: tuple[Card, ...] = tuple(_CARDS)
JOKER = _CARDS[JOKER_INDEX]


def parse_card(text: str) -> Card:
    """A card from its code: ``JH``, ``10h``, ``j♥``, ``tc``, ``JK``/``joker``/``benny``.

    Raises ``ValueError`` with a message that says what is accepted.
    """
    cleaned = _clean(text).replace(" ", "")
    if cleaned in ("JK", "JOKER", "BENNY", "JO"):
        return JOKER
    if len(cleaned) >= 2:
        rank_text, suit_text = cleaned[:-1], cleaned[-1]
        if rank_text in _RANK_INPUT:
            try:
                suit = Suit.parse(suit_text)
            except ValueError:
                pass
            else:
                return _CARDS[suit * 8 + _RANK_INPUT[rank_text]]
    raise ValueError(
        f"'{text}' is not a card (write rank then suit, e.g. JH, 10h, A♠, or JK for the joker)"
    )


def rank_index(name: str | int) -> int:
    """Rank index of a rank as written in a ruleset (``9``, ``10``, ``"J"`` …)."""
    key = str(name).upper()
    if key not in _RANK_INPUT:
        raise ValueError(f"unknown rank {name!r} (use 7, 8, 9, 10, J, Q, K or A)")
    return _RANK_INPUT[key]


def build_deck(ranks: Iterable[str | int], joker: bool) -> tuple[Card, ...]:
    """The cards of a deck in a fixed order (suit by suit, then the joker)."""
    indices = sorted(rank_index(rank) for rank in ranks)
    cards = [_CARDS[suit * 8 + rank] for suit in Suit for rank in indices]
    if joker:
        cards.append(JOKER)
    return tuple(cards)


def cards_of(mask: int) -> Iterator[Card]:
    """The cards in a bit mask, lowest index first."""
    while mask:
        low = mask & -mask
        yield _CARDS[low.bit_length() - 1]
        mask ^= low


def bit_indices(mask: int) -> list[int]:
    """The card indices in a bit mask as plain ints, lowest first (for search code,
    where building ``Card`` objects would be wasted work)."""
    indices = []
    while mask:
        low = mask & -mask
        indices.append(low.bit_length() - 1)
        mask ^= low
    return indices


def mask_of(cards: Iterable[int]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


# Precomputed tables, indexed [trump][card] or [trump][suit]: the engine's hot loop
# (legal plays, trick winners) reads them instead of recomputing R2 every time.
EFFECTIVE_SUIT: list[list[int]] = []
"""``EFFECTIVE_SUIT[trump][card]``: the card's suit for following once trump is fixed."""
SUIT_MASKS: list[list[int]] = []
"""``SUIT_MASKS[trump][suit]``: every card whose effective suit is ``suit``."""
TRUMP_POWER: list[list[int]] = []
"""``TRUMP_POWER[trump][card]``: 0 for a non-trump, else higher for a stronger trump."""

for _trump in Suit:
    _left = _trump.same_colour * 8 + JACK
    _right = _trump * 8 + JACK
    effective = [(_trump if i in (_left, JOKER_INDEX) else i >> 3) for i in range(CARD_COUNT)]
    EFFECTIVE_SUIT.append(effective)
    SUIT_MASKS.append([mask_of(i for i in range(CARD_COUNT) if effective[i] == s) for s in Suit])
    power = [0] * CARD_COUNT
    for i in range(CARD_COUNT):
        if effective[i] == _trump:
            power[i] = 1 + (i & 7)
    power[_left] = 20
    power[_right] = 21
    power[JOKER_INDEX] = 22
    TRUMP_POWER.append(power)


def trick_strength(card: int, trump: Suit, led: Suit) -> int:
    """How strongly a card bids for a trick (R7): trumps above the led suit, others -1."""
    power = TRUMP_POWER[trump][card]
    if power:
        return 100 + power
    return card & 7 if card >> 3 == led else -1


TRICK_STRENGTH: list[list[list[int]]] = [
    [[trick_strength(card, trump, led) for card in range(CARD_COUNT)] for led in Suit]
    for trump in Suit
]
"""``TRICK_STRENGTH[trump][led][card]``: ``trick_strength`` looked up, for the engine's
hot loop and the computer players."""


def sort_key(card: int, trump: Suit | None) -> tuple[int, int]:
    """Order for showing a hand: trumps grouped first once trump is fixed, then by suit."""
    if trump is not None and TRUMP_POWER[trump][card]:
        return (-1, -TRUMP_POWER[trump][card])
    suit = card >> 3 if card != JOKER_INDEX else -2
    return (_SUIT_DISPLAY_ORDER[suit], -(card & 7))


# Alternate colours when showing a hand: spades, hearts, clubs, diamonds.
_SUIT_DISPLAY_ORDER = {Suit.SPADES: 0, Suit.HEARTS: 1, Suit.CLUBS: 2, Suit.DIAMONDS: 3, -2: -2}


def sorted_hand(cards: Iterable[int], trump: Suit | None = None) -> list[Card]:
    return [_CARDS[c] for c in sorted(cards, key=lambda c: sort_key(c, trump))]
