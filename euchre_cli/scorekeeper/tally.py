"""Every score, game and rubber of a sheet recomputed from its entries (``tally``),
and whose deal it is: the entries replayed through ``scoring`` (R8, R9, R10, R13,
R17) each time they are needed, so nothing stored can go stale.  Also each side's
figures on the sheet (``side_stats``), and an entry added or replaced with what it
makes of the sheet, refused where it would fall after the end of the rubber.  Pure.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

from ..engine.rules import Ruleset
from ..engine.scoring import (
    TRICKS_IN_HAND,
    TRICKS_TO_MAKE,
    GameResult,
    HandOutcome,
    RubberResult,
    game_result,
    game_winner,
    next_game_scores,
    rubber_result,
    standing,
)
from .entries import Dealer, Entry, Renege, kind_of
from .sheet import RubberOver, Sheet, SheetError


class EntryResult(NamedTuple):
    """One entry with what it scored and where the game stood after it."""

    number: int
    entry: Entry
    points: tuple[int, ...]
    row: str | None  # the scoring table's row (``HandScore.row``); None for points by hand
    game: int  # the number of the game the entry belongs to
    totals: tuple[int, ...]  # that game's scores after the entry
    ended_game: GameResult | None
    decided_rubber: RubberResult | None
    dealer: int | None  # the seat that dealt the hand the entry ended; None: not tracked


class Tally(NamedTuple):
    """The state of a sheet: every entry scored, finished games, the game in play."""

    results: tuple[EntryResult, ...]
    games: tuple[GameResult, ...]
    scores: tuple[int, ...]  # the game in play
    rubber: RubberResult | None
    # The scores each game started from, the game in play's last: 0 each, or with
    # laps (R13) the winners' points beyond the target in the game before.
    starts: tuple[tuple[int, ...], ...]
    dealer: int | None  # the seat that deals the next hand; None until a dealer is named

    @property
    def game_number(self) -> int:
        return len(self.games) + 1

    @property
    def rubber_entry(self) -> int | None:
        """The number of the entry that decided the rubber."""
        return next((r.number for r in self.results if r.decided_rubber), None)


def tally(ruleset: Ruleset, entries: Sequence[Entry]) -> Tally:
    """Replay the entries through ``scoring``: points, game ends (R9) with slams and
    laps (R13), the rubber (R10), and the deal passing to the left from the dealer
    last named (R3)."""
    side_count = len(ruleset.sides)
    scores = (0,) * side_count
    starts = [scores]
    games: list[GameResult] = []
    results: list[EntryResult] = []
    rubber: RubberResult | None = None
    dealer: int | None = None
    for number, entry in enumerate(entries, start=1):
        kind = kind_of(entry)
        dealt = None
        if isinstance(entry, Dealer):
            dealer = entry.seat
        elif dealer is not None and kind.moves_the_deal:
            dealt, dealer = dealer, (dealer + 1) % ruleset.players
        points, row = kind.score(ruleset, entry, side_count)
        game = len(games) + 1
        scores = tuple(old + new for old, new in zip(scores, points))
        totals, ended, decided = scores, None, None
        winner = game_winner(scores, ruleset.game.points_to_win)
        if winner is not None:
            ended = game_result(ruleset.game, winner, scores)
            games.append(ended)
            scores = next_game_scores(ruleset.game, ended)
            starts.append(scores)
            if ruleset.rubber is not None and rubber is None:
                rubber = decided = rubber_result(ruleset.rubber, games, side_count)
        results.append(
            EntryResult(number, entry, points, row, game, totals, ended, decided, dealt)
        )
    return Tally(tuple(results), tuple(games), scores, rubber, tuple(starts), dealer)


class SideStats(NamedTuple):
    """How one side (or player) has fared on a sheet."""

    made: int  # hands they made trump and took 3 or more tricks
    euchred: int  # hands they made trump and were euchred
    marches: int
    alone_tried: int
    alone_made: int
    defended_alone: int  # hands a player of theirs defended alone
    defended_alone_won: int  # ... and euchred the makers
    games_won: int  # a slam counts as two (R13)
    rubbers_won: int
    slams: int  # games won while the losers had 0 or less, where the ruleset counts them
    reneges: int  # reneges committed (R17)


def side_stats(side_count: int, sheet_tally: Tally) -> list[SideStats]:
    hands = [r.entry for r in sheet_tally.results if isinstance(r.entry, HandOutcome)]
    reneges = [r.entry for r in sheet_tally.results if isinstance(r.entry, Renege)]
    rubber = sheet_tally.rubber
    games = standing(sheet_tally.games, side_count)

    def made(hand: HandOutcome) -> bool:
        return hand.maker_tricks >= TRICKS_TO_MAKE

    def count(side: int, test: Callable[[HandOutcome], bool]) -> int:
        return sum(1 for hand in hands if hand.maker_side == side and test(hand))

    def defended(side: int, test: Callable[[HandOutcome], bool]) -> int:
        return sum(1 for hand in hands if hand.lone_defender_side == side and test(hand))

    return [
        SideStats(
            made=count(side, made),
            euchred=count(side, lambda hand: not made(hand)),
            marches=count(side, lambda hand: hand.maker_tricks == TRICKS_IN_HAND),
            alone_tried=count(side, lambda hand: hand.maker_alone),
            alone_made=count(side, lambda hand: hand.maker_alone and made(hand)),
            defended_alone=defended(side, lambda hand: True),
            defended_alone_won=defended(side, lambda hand: not made(hand)),
            games_won=games.games_won[side],
            rubbers_won=int(rubber is not None and rubber.winner == side),
            slams=games.slams[side],
            reneges=sum(1 for entry in reneges if entry.side == side),
        )
        for side in range(side_count)
    ]


def appended(sheet: Sheet, entries: Sequence[Entry], entry: Entry) -> Tally:
    """The sheet's tally with ``entry`` added after ``entries``; refused once the
    rubber is over (R10)."""
    after = tally(sheet.ruleset, [*entries, entry])
    if _ends_early(after):
        raise RubberOver(sheet, after.rubber)
    return after


def replaced(sheet: Sheet, entries: Sequence[Entry], number: int, entry: Entry) -> Tally:
    """The sheet's tally with ``entry`` in place of entry ``number``: every later
    entry is scored again, and none may then fall after the end of the rubber."""
    if not 1 <= number <= len(entries):
        raise SheetError(
            f"sheet {sheet.name} has no entry {number} (it has {len(entries)})"
            if entries
            else f"sheet {sheet.name} has no entries yet"
        )
    _refuse_a_new_kind(sheet, number, entries[number - 1], entry)
    changed = [*entries[: number - 1], entry, *entries[number:]]
    after = tally(sheet.ruleset, changed)
    if _ends_early(after):
        raise SheetError(
            f"with that change the rubber would end at entry {after.rubber_entry}, "
            f"before entries {after.rubber_entry + 1}-{len(changed)}: undo those first"
        )
    return after


def _refuse_a_new_kind(sheet: Sheet, number: int, was: Entry, entry: Entry) -> None:
    """Refuse to make a dealer entry of any other entry, or another of a dealer entry:
    who deals is a fact no other entry holds, so either edit would lose one (an edit
    aimed at the first hand, #2 after a dealer entry, would lose the deal).  What
    happened at the table (a hand played or thrown in, a renege, points) may be
    corrected into any other such entry."""
    if isinstance(was, Dealer) and not isinstance(entry, Dealer):
        raise SheetError(
            f"#{number} says who deals ({sheet.seating[was.seat]}), and an edit keeps it"
            f" so: 'euchre score edit {number} --dealer WHO' (the hands are numbered in"
            " 'euchre score history')"
        )
    if isinstance(entry, Dealer) and not isinstance(was, Dealer):
        raise SheetError(
            f"#{number} is not a dealer entry, and an edit keeps it so:"
            " 'euchre score dealer WHO' says who deals next"
        )


def _ends_early(sheet_tally: Tally) -> bool:
    """True when the rubber was decided before the last entry: nothing may follow it."""
    decided = sheet_tally.rubber_entry
    return decided is not None and decided < len(sheet_tally.results)
