"""A game record replayed on the screen: hand by hand (``euchre games show``), or
played again as a watched game, every hand face up (``euchre games replay``).  Both
play the record again through the engine (``records/replay.py``)."""

from __future__ import annotations

from collections.abc import Callable

from ..engine.game import Game, HandRecord
from ..engine.hand import Hand
from ..engine.match import Match, MatchObserver, Observers
from ..records.game import SavedGame
from ..records.replay import play_back
from .console import Console
from .screen import ScreenSettings, TableScreen
from .text import Style
from .wording import row_words

FACE_UP = ScreenSettings(face_up=True)


class _HandByHand(MatchObserver):
    """Each hand once it is scored: the deal, the bidding, the contract, each trick
    with who led and who won, the points and the running score."""

    def __init__(self, screen: TableScreen, out: Callable[[str], None]) -> None:
        self.screen = screen
        self.out = out
        self._match: Match | None = None
        self.in_play = False  # a hand dealt and not yet scored (where a game stopped)

    def match_started(self, match: Match) -> None:
        self._match = match

    def game_started(self, game: Game) -> None:
        if self._match is not None and not self._match.single_game:
            self.out(f"Game {len(self._match.played)}")

    def hand_started(self, game: Game, hand: Hand) -> None:
        self.in_play = True

    def hand_finished(self, game: Game, hand: Hand, record: HandRecord) -> None:
        self.in_play = False
        *lines, score = self.screen.table().splitlines()
        if record.score is None:
            lines.append("Thrown in: no points.")
        else:
            maker_side = game.ruleset.side_of(record.result.maker)
            makers = game.side_name(maker_side)
            gained = ", ".join(  # "Ann & Cy made it: +1", "Ann & Cy got euchred: Bob & Di +2"
                f"+{points}" if side == maker_side else f"{game.side_name(side)} +{points}"
                for side, points in enumerate(record.score.points)
                if points
            )
            lines.append(f"{makers} {row_words(record.score.row)}: {gained}.")
        for line in [*lines, score, ""]:
            self.out(line)


def show_hands(saved: SavedGame, style: Style, out: Callable[[str], None]) -> None:
    """The record hand by hand, then where an unfinished game stopped, or who won.
    Raises ``RecordError`` for a record that no longer replays."""
    screen = TableScreen(Console(style), me=saved.setup.person, settings=FACE_UP)
    by_hand = _HandByHand(screen, out)
    match = play_back(saved, Observers(screen, by_hand))
    if by_hand.in_play:
        out(style.bold("The game stopped in this hand:"))
        out(screen.table())
    if match.over and match.winner is not None and match.game is not None:
        out(style.bold(f"{match.game.side_names[match.winner]} won."))


class _ReplayConsole(Console):
    """A replay's lines, paced, where it is showing them (``showing``): a hand or game
    of the record, or all of it."""

    def __init__(
        self,
        style: Style,
        out: Callable[[str], None],
        pause: Callable[[], None],
        showing: Callable[[], bool],
    ) -> None:
        super().__init__(style)
        self.out = out
        self.paused = pause
        self.showing = showing
        self.seen = False  # anything shown

    def say(self, line: str) -> None:
        if self.showing():
            self.seen = True
            self.out(line)

    def pause(self) -> None:
        if self.showing():
            self.paused()


class _Place(MatchObserver):
    """Where a replay is: the game and hand being played again."""

    def __init__(self) -> None:
        self.game = 0
        self.hand = 0

    def game_started(self, game: Game) -> None:
        self.game += 1
        self.hand = 0

    def hand_started(self, game: Game, hand: Hand) -> None:
        self.hand = len(game.records) + 1


def replay(
    saved: SavedGame,
    style: Style,
    out: Callable[[str], None],
    pause: Callable[[], None],
    game_number: int | None = None,
    hand_number: int | None = None,
) -> bool:
    """The record as a watched game, every hand face up; with ``game_number`` or
    ``hand_number`` (of game ``game_number``, else 1), only that game or hand.  Says
    whether anything was shown (a hand or game the record holds)."""
    place = _Place()

    def showing() -> bool:
        if game_number is None and hand_number is None:
            return True
        in_game = place.game == (game_number or 1)
        return in_game and (hand_number is None or place.hand == hand_number)

    console = _ReplayConsole(style, out, pause, showing)
    play_back(saved, Observers(place, TableScreen(console, saved.setup.person, FACE_UP)))
    return console.seen
