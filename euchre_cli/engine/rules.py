"""Rulesets: every rule of a game as one immutable value (the YAML contract's shape).

The dataclass defaults are the ``standard`` ruleset (R3-R9, seed 000), so
``Ruleset()`` is a valid four-handed game; ``dataclasses.replace`` makes variants.
Each setting carries a one-line explanation and the values it accepts as field
metadata: ``rulebook`` validates YAML against them and ``euchre rules new`` quotes
them.  Reading files is ``rulebook``'s work; nothing here does I/O.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from .cards import CARD_COUNT, Card, build_deck, mask_of

HAND_SIZE = 5
"""Cards dealt to each player (R3), and so tricks in a hand (R7)."""
WEAK_HAND_SWAP = 3
"""Cards a weak hand swaps for the kitty's, under ``deal.weak_hand: exchange`` (R17)."""

MOST_POINTS_TO_WIN = 1000
"""The longest game a ruleset may set: tables play to 5, 7, 10, 11 or 21, and keep a
long evening's tally to 100 or so; a thousand leaves room for all of them, while every
score a sheet adds up stays a few digits long."""
MOST_POINTS_A_RESULT = 100
"""The most one result of a hand, a renege or a rubber's bonus may score: 1 to 4 points
at any table, ten times that where a table counts in tens.  A hundred is already ten
games to 10 in one hand."""
MOST_GAMES_TO_WIN_A_RUBBER = 10
"""A rubber is two games won of three; ten won (best of nineteen) is more games than
an evening holds."""


def partner(seat: int) -> int:
    """The seat across the table: a four-handed player's partner for the whole game
    (R3).  Where players play for themselves there is none (``Ruleset.partnerships``);
    Cutthroat's defenders are partners for one hand only (``Hand.partner_of``)."""
    return (seat + 2) % 4


def side_name(names: Sequence[str]) -> str:
    """A side's name: its players' names joined, "Ann & Bob" (one player's own name)."""
    return " & ".join(names)


def scores_text(side_names: Sequence[str], scores: Sequence[int]) -> str:
    """The score in words: "Ann & Cy 7, Bob & Di 10"."""
    return ", ".join(f"{name} {score}" for name, score in zip(side_names, scores))


def _setting(
    default: Any, explanation: str, *, allowed: tuple = (), between: tuple[int, int] | None = None
):
    """A ruleset setting: its default, why it exists, and the values the loader accepts:
    the ``allowed`` ones, or for a whole number the least and the most ``between``.
    Every whole number has both, the most a table could want, so that no file sets one
    too large to add up and print."""
    return field(
        default=default,
        metadata={"explanation": explanation, "allowed": allowed, "between": between},
    )


def _points(default: int, explanation: str) -> Any:
    """A setting of the points a result scores: 0 to ``MOST_POINTS_A_RESULT``."""
    return _setting(default, explanation, between=(0, MOST_POINTS_A_RESULT))


@dataclass(frozen=True)
class DeckRules:
    """Which cards are in the pack (R1)."""

    ranks: tuple[str, ...] = _setting(
        ("9", "10", "J", "Q", "K", "A"), "ranks in every suit; add 7 and 8 for 32 cards (R1)"
    )
    joker: bool = _setting(False, "add the joker (Benny), the highest trump (R1, R15)")


@dataclass(frozen=True)
class DealRules:
    """Who deals first and how the cards are dealt (R3)."""

    first_dealer: str = _setting(
        "random",
        "a random player deals first, or all draw and the lowest card deals "
        "(K high, A low; the joker is set aside) (R3)",
        allowed=("random", "draw"),
    )
    packets: tuple[int, ...] = _setting((3, 2), "cards per packet in each round of the deal (R3)")
    cut_min: int = _setting(
        4,
        "fewest cards the cut may leave in each packet (R3)",
        between=(1, CARD_COUNT // 2),  # each half of the cut of the largest pack, 33 cards
    )
    weak_hand: str = _setting(
        "off",
        "a player dealt a weak hand may show it before the bidding: then the same dealer"
        " deals again (redeal), or the player swaps three cards for the kitty's (exchange) (R17)",
        allowed=("off", "redeal", "exchange"),
    )
    weak_hand_test: str = _setting(
        "farmers",
        "what makes a hand weak: no card above a ten (farmers), or no ace, no king, queen,"
        " jack or joker and no card of the upcard's suit (no-ace-no-face) (R17)",
        allowed=("farmers", "no-ace-no-face"),
    )


@dataclass(frozen=True)
class DummyRules:
    """A hand dealt face down for the maker to take (R12, R14)."""

    cards: int = _setting(
        0,
        "cards dealt face down to a dummy hand (Cutthroat 5, two-handed 2; R12, R14)",
        between=(0, HAND_SIZE),  # a hand's worth at most: the maker keeps five of the two
    )
    taken_by: str = _setting(
        "maker", "who merges the dummy into their hand and keeps five (R12)", allowed=("maker",)
    )


@dataclass(frozen=True)
class BiddingRules:
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
    natural_trump: bool = _setting(
        False,
        "to order up, assist, accept or name a suit a player must hold a card of it as trump,"
        " bowers included; a stuck dealer need not (R17)",
    )
    partner_orders_alone: bool = _setting(
        False,
        "the dealer's partner who orders the upcard up must play alone, and the dealer sits"
        " out (the Canadian loner, R17)",
    )


@dataclass(frozen=True)
class AloneRules:
    """Who may go alone and who then leads (R6)."""

    maker: bool = _setting(True, "the maker may go alone (R6)")
    defender: bool = _setting(True, "one defender may go alone against the makers (R6)")
    lead: str = _setting(
        "left-of-lone-player",
        "who leads when someone goes alone (R6)",
        allowed=("left-of-lone-player", "left-of-dealer"),
    )
    call_for_best: bool = _setting(
        False,
        "each lone player receives a card of the partner's choosing and discards one (R13)",
    )


@dataclass(frozen=True)
class ScoringRules:
    """Points for each result row of R8 (R12 and R14 reuse the same rows)."""

    make: int = _points(1, "makers take 3 or 4 tricks")
    march: int = _points(2, "makers take all 5 tricks")
    lone_make: int = _points(1, "a lone maker takes 3 or 4 tricks")
    lone_march: int = _points(4, "a lone maker takes all 5 tricks")
    euchre: int = _points(2, "makers take fewer than 3 tricks: to each defending side")
    lone_defender_euchre: int = _points(2, "a lone defender takes 3 or 4 tricks")
    lone_defender_march: int = _points(4, "a lone defender takes all 5 tricks")
    renege: int = _points(
        2,
        "to the other side when a player is found to have reneged at a real table"
        " (the scorekeeper's 'score renege') (R17)",
    )
    renege_lone: int = _points(4, "the same, when the side reneged against was playing alone (R17)")


@dataclass(frozen=True)
class GameRules:
    """What wins a game (R9)."""

    points_to_win: int = _setting(
        10, "points that win a game (R9)", between=(1, MOST_POINTS_TO_WIN)
    )
    bridge: bool = _setting(
        False,
        "show 'at the bridge' one point from game against 2 or less (R9; made for 5-point"
        " games, where it is 4 points)",
    )
    laps: bool = _setting(
        False,
        "in a match or rubber, the winners' points beyond the target count toward their"
        " score in the next game (R13)",
    )
    slam: bool = _setting(
        False, "a game won while the losers have 0 points or less counts as two games (R13)"
    )


@dataclass(frozen=True)
class RubberRules:
    """Games grouped in rubbers (R10); ``Ruleset.rubber`` is None without them."""

    games_to_win: int = _setting(
        2,
        "games a side must win to take the rubber (R10)",
        between=(1, MOST_GAMES_TO_WIN_A_RUBBER),
    )
    bonus: int = _points(2, "added to the rubber winners' margin (R10)")


@dataclass(frozen=True)
class MarkerRules:
    """The low cards each side keeps score with (R11)."""

    cards: tuple[int, int] = _setting(
        (6, 4), "the two low cards each side keeps score with, from 2 to 6 (R11)"
    )


@dataclass(frozen=True)
class Ruleset:
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
    source: str = field(
        default="", compare=False
    )  # where it was loaded from (a built-in name or a file path)
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
    def temporary_partners(self) -> bool:
        """Three players and no sides of two: the defenders of each hand play together
        against the maker, for that hand only (R12)."""
        return not self.partnerships and self.players > 2

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        """Seats grouped by the side that scores together."""
        if self.partnerships:
            return ((0, 2), (1, 3))
        return tuple((seat,) for seat in range(self.players))

    def side_of(self, seat: int) -> int:
        return seat % 2 if self.partnerships else seat


_BOOKKEEPING = ("source", "extends")
