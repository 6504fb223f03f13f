"""Score sheets for games played with real cards: who sits on each side, the entries,
and every score, game and rubber recomputed from them.

A sheet holds only what happened at the table (who made trump and how many tricks
they took, hands thrown in, points given by hand, who deals) and the ruleset it was
started with.  Every total, and whose deal it is, is recomputed from the entries by
``scoring`` whenever it is needed (``tally``), so an edit or an undo can never leave a
stale total or a wrong dealer behind.  Pure logic: ``store.py`` keeps sheets in
SQLite, and nothing here knows of files or commands.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import NamedTuple

from ..engine.names import check_name, check_text
from ..engine.rules import Ruleset, side_name
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
    score_hand,
    score_renege,
    standing,
)
from ..limits import whole_number
from ..refusals import Refusal

MAX_MANUAL_POINTS = 99
# Between the names of a team; compiled on first use (re caches it), not at import.
_NAME_SEPARATORS = r"(?i)\s*(?:&|,|/|\+|\band\b)\s*"


class SheetError(Refusal):
    """Input a score sheet cannot accept; the message is one line for the user."""


class RubberOver(SheetError):
    """An entry after the entry that decided the sheet's rubber (R10)."""

    next_step = ": start a new sheet with 'euchre score new'"

    def __init__(self, sheet: Sheet, rubber: RubberResult) -> None:
        super().__init__(
            f"the rubber on sheet {sheet.name} is over "
            f"({sheet.side_names[rubber.winner]} won it by {rubber.margin})"
        )


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

# Each kind of entry by the name the book and ``--json`` give it
ENTRY_KINDS: dict[type, str] = {
    HandOutcome: "hand",
    ManualPoints: "points",
    Renege: "renege",
    ThrownIn: "thrown_in",
    Dealer: "dealer",
}


def entry_kind(entry: Entry) -> str:
    """ "hand", "points", "renege", "thrown_in" or "dealer"."""
    return ENTRY_KINDS[type(entry)]


def moves_the_deal(entry: Entry) -> bool:
    """A hand ends with the entry, so the deal passes to the left (R3): a hand played,
    thrown in, or ended by a renege (R17); not points given by hand."""
    return isinstance(entry, (HandOutcome, ThrownIn, Renege))


# --- Sheets and names -----------------------------------------------------------------


class Sheet(NamedTuple):
    """A score sheet: its ruleset snapshot and who sits on each side."""

    id: int
    name: str
    ruleset: Ruleset
    sides: tuple[tuple[str, ...], ...]  # each side's players, in seat order

    @property
    def side_names(self) -> tuple[str, ...]:
        return tuple(side_name(players) for players in self.sides)

    @property
    def choices(self) -> str:
        """The sides as a user can name them: "1 Ann & Bob, 2 Cy & Di"."""
        return ", ".join(f"{number} {name}" for number, name in enumerate(self.side_names, 1))

    @property
    def seating(self) -> tuple[str, ...]:
        """The players in clockwise order (R3), from side 1's first: each side's players
        take the ruleset's seats of that side in turn, so partners sit opposite."""
        seated = {
            seat: player
            for seats, players in zip(self.ruleset.sides, self.sides)
            for seat, player in zip(seats, players)
        }
        return tuple(seated[seat] for seat in sorted(seated))

    def seat_of(self, who: str) -> int:
        """The seat (in ``seating``) of the player meant by ``who``, which is read as
        ``resolve`` reads it: a side of one player is that player; of a team, ``who``
        must name one of the two (a name, or an initial only one of them has)."""
        side = self.resolve(who)
        seats, players = self.ruleset.sides[side], self.sides[side]
        if len(players) == 1:
            return seats[0]
        wanted = _fold(who)
        by_name = [seat for seat, player in zip(seats, players) if wanted == _fold(player)]
        by_initial = [seat for seat, player in zip(seats, players) if wanted == _fold(player)[0]]
        for named in (by_name, by_initial):
            if len(named) == 1:
                return named[0]
        raise SheetError(
            f"'{who}' is not one player of {self.side_names[side]}: give {' or '.join(players)}"
        )

    def resolve(self, who: str) -> int:
        """The side meant by ``who``: a side's number, a team, any player's name, or
        initials ("AB" for Ann & Bob, "A" for Ann) when they fit only one side."""
        wanted = _fold(who)
        number = whole_number(wanted)
        if number is not None and 1 <= number <= len(self.sides):
            return number - 1
        for matches in (self._by_name(wanted), self._by_initials(wanted)):
            if len(matches) == 1:
                return matches.pop()
            if matches:
                names = " or ".join(self.side_names[side] for side in sorted(matches))
                raise SheetError(f"'{who}' could mean {names}: give a name or number")
        raise SheetError(f"no team or player '{who}' on sheet {self.name}: {self.choices}")

    def _by_name(self, wanted: str) -> set[int]:
        as_team = frozenset(_fold(name) for name in split_team(wanted))
        return {
            side
            for side, players in enumerate(self.sides)
            if wanted in {_fold(p) for p in players}
            or as_team == frozenset(_fold(p) for p in players)
        }

    def _by_initials(self, wanted: str) -> set[int]:
        return {
            side
            for side, players in enumerate(self.sides)
            if wanted == "".join(_fold(p)[0] for p in players)
            or any(wanted == _fold(p)[0] for p in players)
        }


def _fold(name: str) -> str:
    return " ".join(name.split()).casefold()


def split_team(team: str) -> list[str]:
    """ "Ann & Bob", "Ann, Bob", "Ann and Bob" -> ["Ann", "Bob"]."""
    return [name.strip() for name in re.split(_NAME_SEPARATORS, team.strip())]


def seat_sides(
    ruleset: Ruleset, teams: Sequence[str], players: Sequence[str]
) -> tuple[tuple[str, ...], ...]:
    """Check the names given for a new sheet against the ruleset: two teams of two in a
    partnership game, one player per seat otherwise."""
    if ruleset.partnerships:
        if players or len(teams) != len(ruleset.sides):
            raise SheetError(
                f"{ruleset.name} is played in partnerships: give two teams, "
                '--team "Ann & Bob" --team "Cy & Di"'
            )
        sides = tuple(tuple(split_team(team)) for team in teams)
        for team, side in zip(teams, sides):
            if len(side) != 2:
                raise SheetError(f"team '{team}' must be two players, as in \"Ann & Bob\"")
    else:
        if teams or len(players) != ruleset.players:
            raise SheetError(
                f"{ruleset.name} is played by {ruleset.players} players, each for themselves: "
                f"give {ruleset.players} times --player NAME"
            )
        sides = tuple((name.strip(),) for name in players)
    for name in (name for side in sides for name in side):
        if not name or name.isdigit() or len(split_team(name)) > 1:
            raise SheetError(
                f"{name!r} is not a usable player name: a name may not be empty or a number"
                " (numbers pick a side), nor hold &, comma, /, + or 'and' (they join a team)"
            )
    # a sheet's player may take a sheet's 40 characters: a game's 20 are for its screen
    sides = tuple(tuple(check_name(name, "player name") for name in side) for side in sides)
    names = [name for side in sides for name in side]
    folded = [_fold(name) for name in names]
    if len(set(folded)) != len(folded):
        raise SheetError("every player needs a different name")
    return sides


# --- Entries ----------------------------------------------------------------------------


def refuse_lone_hands(rules: Ruleset, maker: bool, defender: bool) -> None:
    """Refuse a lone maker or a lone defender where the ruleset has none (R6)."""
    if maker and not rules.alone.maker:
        raise SheetError(f"{rules.name} has no lone hands")
    if defender and not rules.alone.defender:
        raise SheetError(f"{rules.name} does not let a defender go alone")


def played_hand(
    sheet: Sheet, makers: str, tricks: int, alone: bool = False, defender_alone: str | None = None
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


def dealer_named(sheet: Sheet, who: str) -> Dealer:
    """``who`` deals the next hand (a player, as ``Sheet.seat_of`` reads one)."""
    return Dealer(sheet.seat_of(who))


def manual_points(sheet: Sheet, who: str, points: int, reason: str = "") -> ManualPoints:
    """Points given by hand, for a side the sheet knows."""
    if points == 0 or abs(points) > MAX_MANUAL_POINTS:
        raise SheetError(
            f"points must be between -{MAX_MANUAL_POINTS} and {MAX_MANUAL_POINTS}, and not 0"
        )
    return ManualPoints(sheet.resolve(who), points, check_text(reason, "reason"))


def renege_penalty(sheet: Sheet, who: str, alone: bool = False) -> Renege:
    """A renege by ``who`` (R17); ``alone`` (against a lone hand) is refused where the
    ruleset has no lone hands (R6)."""
    rules = sheet.ruleset
    side = sheet.resolve(who)
    if alone and not (rules.alone.maker or rules.alone.defender):
        raise SheetError(f"a renege against a lone hand: {rules.name} has no lone hands")
    return Renege(side, alone)


class EntryFacts(NamedTuple):
    """An entry's facts by name, as the history's JSON and the CSV export give them."""

    kind: str  # ``entry_kind``
    who: str | None  # the side; for a dealer entry the player; None for a hand thrown in
    tricks: int | None  # a hand's: the makers'
    alone: bool | None  # a hand's: the maker went alone; a renege's: against a lone hand
    defender_alone: str | None  # a hand's: the lone defender's side
    reason: str | None  # points by hand: why


def entry_facts(sheet: Sheet, entry: Entry) -> EntryFacts:
    names = sheet.side_names
    kind = entry_kind(entry)
    if isinstance(entry, HandOutcome):
        defender = entry.lone_defender_side
        lone_defender = None if defender is None else names[defender]
        return EntryFacts(
            kind, names[entry.maker_side], entry.maker_tricks, entry.maker_alone, lone_defender,
            None,
        )  # fmt: skip
    if isinstance(entry, ManualPoints):
        return EntryFacts(kind, names[entry.side], None, None, None, entry.reason or None)
    if isinstance(entry, Renege):
        return EntryFacts(kind, names[entry.side], None, entry.alone, None, None)
    if isinstance(entry, Dealer):
        return EntryFacts(kind, sheet.seating[entry.seat], None, None, None, None)
    return EntryFacts(kind, None, None, None, None, None)  # thrown in: nobody made trump


# --- Tally: every score recomputed from the entries -------------------------------------


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
        dealt = None
        if isinstance(entry, Dealer):
            dealer = entry.seat
        elif dealer is not None and moves_the_deal(entry):
            dealt, dealer = dealer, (dealer + 1) % ruleset.players
        if isinstance(entry, ManualPoints):
            points = tuple(entry.points if s == entry.side else 0 for s in range(side_count))
            row = None
        elif isinstance(entry, (ThrownIn, Dealer)):
            points, row = (0,) * side_count, None
        else:
            score = (
                score_renege(ruleset.scoring, entry.side, entry.alone, side_count)
                if isinstance(entry, Renege)
                else score_hand(ruleset.scoring, entry, side_count)
            )
            points, row = score.points, score.row
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
