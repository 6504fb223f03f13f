"""The ``Table``: the seats and the game played at them, moved on from outside one
decision at a time, so that whoever serves it (the web server, off its event loop)
decides when and how fast.

A game here is the one ``euchre play`` would play with the same ruleset, seed, level
and match settings: ``Match`` and ``Game`` stepped as their docstrings say, each
computer player made as ``euchre play`` makes it (``make_player``, seeded by its
place), and the people's decisions taken through ``act``.  Nothing runs by itself:

* ``to_act`` is the seat whose decision it is (None between hands and at the end);
* ``act(seat, text)`` takes a person's action, refused with the engine's reason;
* ``automatic`` says the decision is the table's (a computer's, or a person's only
  legal action with ``auto_play``), and ``step_computer`` makes it;
* ``between_hands``: the hand is over and scored, and stays on the table to be read
  until ``next_hand`` deals the next (of this game, or the next game of the match);
* ``take_over(seat)`` hands a person's seat to the computer (their page is gone)
  until they are back: ``give_back``, or their own ``act``;
* ``Table.reopened`` is the table of a game kept in the book, whose ``start`` plays
  the kept moves again (``records.replay.Script``) and goes on where it stopped.

What each seat may see is ``view_for(seat)`` (``views.py``); the book keeps the game
move by move through the ``Recorder``, as it keeps a game played at the terminal.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine.game import Game, HandRecord
from ..engine.hand import Hand
from ..engine.match import Match, MatchObserver, Observers
from ..engine.play import TakeBack
from ..engine.rules import Ruleset
from ..engine.scoring import marker_position
from ..engine.values import Action, EngineError, IllegalAction, InvalidAction, Refusal, View
from ..limits import LARGEST_WHOLE_NUMBER
from ..players import Player
from ..players.levels import LEVELS, computer_names, make_player, unplayable_game
from ..records.game import RecordError, SavedGame, Setup
from ..records.recorder import Recorder
from ..records.replay import Script
from ..records.store import GameBook
from .seats import COMPUTER, GameStarted, NoSuchSeat, Seats, TableRefusal
from .views import NO_OWN_FACTS, own_facts, public_facts


class NoGame(TableRefusal):
    """A table that cannot play the game it was asked for (a ruleset the computer
    cannot finish, a level or match it does not know)."""


class NotStarted(TableRefusal):
    next_step = ": the host starts it"

    def __init__(self) -> None:
        super().__init__("the game has not started")


class NotAPerson(TableRefusal):
    def __init__(self, seat: int) -> None:
        super().__init__(f"seat {seat} is the computer's")


class NothingAutomatic(TableRefusal):
    def __init__(self) -> None:
        super().__init__("no decision is the computer's now")


class StillPlaying(TableRefusal):
    next_step = ": play it to the end first"

    def __init__(self) -> None:
        super().__init__("the game is still on")


class NoNextHand(TableRefusal):
    """``next_hand`` while a hand is in play, or at the end."""


class UnreadableAction(TableRefusal):
    """Text that is no action at all: the engine's ``InvalidAction`` line."""


class ActionRefused(TableRefusal):
    """An action the rules refuse now: ``refused`` is the engine's ``IllegalAction``
    (the reason, not the words; ``terminal.words.refusal_words`` says it, as it
    says a kept record's).  Its line is the engine's terse one."""

    def __init__(self, refused: IllegalAction) -> None:
        super().__init__(str(refused))
        self.refused = refused


class OutOfTurn(ActionRefused):
    """Not this seat's turn, or nobody's (between hands, at the end)."""


class IllegalPlay(ActionRefused):
    """This seat's turn, and an action the rules do not allow (must follow, ...)."""


_TURN_REASONS = (Refusal.NOT_YOUR_TURN, Refusal.HAND_OVER)


class _Person:
    """A person's place in the engine's ``Match``: never asked, since the table takes
    a person's decision through ``act``."""

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        raise EngineError("a person's decision comes through Table.act")


class Table:
    """A card table of ``ruleset.players`` seats for one game, or match (``games``
    games, or the best of ``best_of``, as ``euchre play`` takes them; the rubber
    where the ruleset has one), the empty seats played by the computer at ``level``.
    ``book``, when given, keeps the game move by move; ``observer`` is told the game
    as it goes (a screen: told after the book, so that what is shown is kept).  One
    caller at a time: a server calls it from one thread, or holds one lock around
    every call."""

    def __init__(
        self,
        ruleset: Ruleset,
        level: str,
        seed: int,
        games: int | None = None,
        best_of: int | None = None,
        *,
        think: float | None = None,
        auto_play: bool = True,
        book: GameBook | None = None,
        observer: MatchObserver | None = None,
    ) -> None:
        unplayable = unplayable_game(ruleset)
        if unplayable is not None:
            raise NoGame(unplayable)
        if level not in LEVELS:
            raise NoGame(f"no computer level {level!r}: {', '.join(LEVELS)}")
        try:  # the match's own checks, before anyone sits down
            Match(ruleset, ["?"] * ruleset.players, [], games=games, best_of=best_of)
        except ValueError as error:
            raise NoGame(str(error)) from None
        self.ruleset = ruleset
        self.level = level
        self.seed = seed
        self.games = games
        self.best_of = best_of
        self.think = think
        self.auto_play = auto_play
        self.book = book
        self.observer = observer
        self._seats = Seats(ruleset.players)
        self.setup: Setup | None = None
        self.recorder: Recorder | None = None
        self._observer: MatchObserver = MatchObserver()
        self._match: Match | None = None
        self._computers: dict[int, Player] = {}  # by place
        self._standing_in: dict[int, Player] = {}  # by place: the computer, for a person
        self.resumes: SavedGame | None = None  # the kept game ``start`` goes on with
        self._hand: Hand | None = None

    # The seats ----------------------------------------------------------------
    def join(self, name: str, seat: int) -> str:
        """Seat a person; returns the secret key that opens their seat (refused when
        the seat is taken, the name is not a player's or is taken, or the game has
        started)."""
        return self._seats.join(name, seat)

    def seat_for(self, key: object) -> int | None:
        """The seat ``key`` opens (where its person sits now), or None."""
        place = self._seats.place_for(key)
        return None if place is None else self._seat_of(place)

    def place_of(self, key: object) -> int | None:
        """The place ``key`` opens (the person's index in player order, where they
        joined: a screen's ``me``), or None."""
        return self._seats.place_for(key)

    def seats(self) -> list[dict]:
        """Every seat in order: its ``seat``, ``name``, ``kind`` (``person``,
        ``computer``, or None while empty) and ``played_by_computer`` (the computer
        makes its decisions now: a computer's seat, or a person's handed over)."""
        places = self._seats.places
        return [
            {
                "seat": seat,
                "name": places[place].name,
                "kind": places[place].kind,
                "played_by_computer": place in self._computers or place in self._standing_in,
            }
            for seat, place in enumerate(self._places())
        ]

    def key_at(self, seat: int) -> str | None:
        """The key of the person at ``seat`` (None: no person's seat)."""
        return self._seats.places[self._places()[seat]].key

    def keys(self) -> tuple[str | None, ...]:
        """Each place's key, in the order of the record's names (None: no person's),
        for the book to keep so that the same keys open the table again."""
        return tuple(place.key for place in self._seats.places)

    def _places(self) -> tuple[int, ...]:
        """The place sitting in each seat: as joined, until a draw moves them (R3)."""
        game = None if self._match is None else self._match.game
        return tuple(range(self.ruleset.players)) if game is None else game.seat_players

    def _seat_of(self, place: int) -> int:
        return self._places().index(place)

    # Starting -----------------------------------------------------------------
    @property
    def started(self) -> bool:
        return self._match is not None

    @classmethod
    def reopened(
        cls,
        saved: SavedGame,
        keys: Sequence[str | None],
        *,
        auto_play: bool = True,
        book: GameBook | None = None,
        observer: MatchObserver | None = None,
    ) -> Table:
        """The table ``saved`` was played at, not yet started: the same setup, its
        people back at their places with the ``keys`` they held (by place, as
        ``keys()`` gave them), so that their pages and terminals open their seats
        again.  Its ``start`` goes on with the game where it stopped."""
        setup = saved.setup
        table = cls(
            setup.ruleset,
            setup.level,
            setup.seed,
            setup.games,
            setup.best_of,
            think=setup.think,
            auto_play=auto_play,
            book=book,
            observer=observer,
        )
        for place in setup.people:
            key = keys[place] if place < len(keys) else None
            if not isinstance(key, str):
                raise RecordError(f"no seat key is kept for {setup.names[place]}")
            table._seats.sit_again(setup.names[place], place, key)
        table.resumes = saved
        return table

    def start(self) -> None:
        """Give every empty seat to the computer and deal the first hand; a table
        ``reopened`` then plays the kept moves again (``RecordError`` at one that does
        not fit), and its record is written on from there."""
        if self.started:
            raise GameStarted
        resumed = self.resumes
        places = self._seats.places
        if resumed is None:
            fill = computer_names(self._seats.empty, self._seats.names_taken())
        else:  # the names the record has: the same setup
            fill = [resumed.setup.names[i] for i, place in enumerate(places) if place.name is None]
        self._seats.fill(fill)
        names = tuple(place.name or "" for place in places)
        players: list[Player] = []
        for index, place in enumerate(places):
            if place.kind == COMPUTER:
                seed = f"{self.seed}:{index}"  # as euchre play seeds the seat's player
                self._computers[index] = make_player(self.level, self.ruleset, seed, self.think)
            players.append(self._computers.get(index, _Person()))
        people = tuple(sorted(self._seats.joined))  # every person's place, kept in the record
        self.setup = Setup(
            self.ruleset, self.seed, names, people, self.level, self.think, self.games, self.best_of
        )
        if self.book is not None:
            self.recorder = Recorder(self.book, self.setup, resumed)
        script = None if resumed is None else Script(resumed.moves)
        told = [o for o in (self.recorder, self.observer, script) if o is not None]
        self._observer = Observers(*told)
        self._match = Match(
            self.ruleset,
            names,
            players,
            self.seed,
            self.games,
            self._observer,
            best_of=self.best_of,
        )
        self._match.start()
        self._deal()
        if script is not None:
            self._replay(script)

    def _replay(self, script: Script) -> None:
        """The kept moves made again, each handed out by ``script`` (checked where it
        stands and against the rules, as every record is played again), the next hand
        dealt where one was; then the record is written on from here."""
        while script.pending:
            if self.between_hands:
                self._deal()
            hand, seat = self._hand, self.to_act
            if hand is None or seat is None:
                raise RecordError(f"{script.pending[0].where()}: the game was over before it")
            try:
                action = script.choose(hand.view(seat), hand.legal_actions(), _Person())
            except TakeBack:  # a move kept at a step the hand has passed
                raise RecordError(f"{script.pending[0].where()}: out of place") from None
            self._apply(seat, action)
        if self.recorder is not None:
            self.recorder.caught_up()

    def _deal(self) -> None:
        """The next hand: of this game, or of the next one (a game its starting
        scores already win, laps past the target, is counted at once)."""
        match = self._started()
        while not match.over:
            game = match.game
            if game is None or game.winner is not None:
                game = match.next_game()
                game.start()
                if game.winner is not None:
                    self._count(game)
                    continue
            self._hand = game.deal()
            return

    def _count(self, game: Game) -> None:
        self._observer.game_finished(game)
        self._started().finish_game()

    def _started(self) -> Match:
        if self._match is None:
            raise NotStarted
        return self._match

    def again(self) -> Table:
        """The next game at this table, once this one (or match) is over: the same
        people at the same places with the same keys, the computer's seats empty until
        ``start``, the next seed, the same settings, book and observer."""
        if not self.over:
            raise StillPlaying
        seed = self.seed + 1 if self.seed < LARGEST_WHOLE_NUMBER else 0
        table = Table(
            self.ruleset,
            self.level,
            seed,
            self.games,
            self.best_of,
            think=self.think,
            auto_play=self.auto_play,
            book=self.book,
            observer=self.observer,
        )
        table._seats = self._seats.again()
        return table

    # Where the game stands ----------------------------------------------------
    @property
    def over(self) -> bool:
        return self._match is not None and self._match.over

    @property
    def between_hands(self) -> bool:
        """A hand is over and scored, and the next is not dealt (nor the match over)."""
        return self._hand is not None and self._hand.is_over and not self.over

    @property
    def to_act(self) -> int | None:
        """The seat whose decision it is; None before the start, between hands and
        at the end."""
        return None if self._hand is None else self._hand.current_seat

    @property
    def automatic(self) -> bool:
        """The decision now is the table's to make: a computer's, or a person's only
        legal action when ``auto_play`` (``step_computer`` makes it)."""
        seat = self.to_act
        if seat is None or self._hand is None:
            return False
        place = self._places()[seat]
        computer = place in self._computers or place in self._standing_in
        return computer or (self.auto_play and len(self._hand.legal_actions()) == 1)

    # Moving the game on -------------------------------------------------------
    def act(self, seat: int, text: str) -> Action:
        """A person's action at ``seat``, given as its text (``play:JH``); returns it.
        A person whose seat the computer plays takes it back so.  Refused: a seat that
        is no person's, text that is no action (``UnreadableAction``),
        not the seat's turn (``OutOfTurn``), or not allowed by the rules now
        (``IllegalPlay``, with the engine's reason)."""
        self._started()
        if type(seat) is not int or not 0 <= seat < self.ruleset.players:
            raise NoSuchSeat(seat, self.ruleset.players)
        if self._places()[seat] in self._computers:
            raise NotAPerson(seat)
        self.give_back(seat)
        try:
            action = Action.parse(text)
        except InvalidAction as error:
            raise UnreadableAction(str(error)) from None
        self._apply(seat, action)
        return action

    def step_computer(self) -> tuple[int, Action]:
        """Make the decision that is the table's (see ``automatic``); returns the seat
        and its action."""
        if not self.automatic:
            raise NothingAutomatic
        hand = self._hand
        seat = self.to_act
        assert hand is not None and seat is not None
        legal = hand.legal_actions()
        place = self._places()[seat]
        player = self._computers.get(place, self._standing_in.get(place))
        action = legal[0] if player is None else player.choose(hand.view(seat), legal)
        self._apply(seat, action)
        return seat, action

    def _apply(self, seat: int, action: Action) -> None:
        """Apply ``seat``'s ``action``, tell the record, and score a finished hand (and
        count a game won)."""
        hand = self._hand
        assert hand is not None
        phase = hand.phase
        try:
            hand.apply(action, seat)
        except IllegalAction as refused:
            turn = refused.reason in _TURN_REASONS
            raise (OutOfTurn if turn else IllegalPlay)(refused) from None
        match = self._started()
        game = match.game
        assert game is not None
        self._observer.action_applied(game, hand, seat, action, phase)
        if hand.is_over:
            game.finish(hand)
            if game.winner is not None:
                self._count(game)

    # Standing in for a person ----------------------------------------------------
    def take_over(self, seat: int) -> bool:
        """The computer plays the person's ``seat`` for them (their page is gone) until
        ``give_back``, at the level and with the seed a computer at their place would
        have: the same game with the same hand-overs plays the same.  Whether it was
        the person's until now."""
        self._started()
        if type(seat) is not int or not 0 <= seat < self.ruleset.players:
            raise NoSuchSeat(seat, self.ruleset.players)
        place = self._places()[seat]
        if place in self._computers:
            raise NotAPerson(seat)
        if place in self._standing_in:
            return False
        seed = f"{self.seed}:{place}"  # as ``start`` seeds a computer's place
        self._standing_in[place] = make_player(self.level, self.ruleset, seed, self.think)
        return True

    def give_back(self, seat: int) -> bool:
        """The person at ``seat`` makes its decisions again, from the next one (the
        table takes one decision at a time: never one the computer is making);
        whether the computer was playing it."""
        return self._standing_in.pop(self._places()[seat], None) is not None

    def next_hand(self) -> None:
        """Deal the next hand, once the last has been read (``between_hands``)."""
        self._started()
        if not self.between_hands:
            raise NoNextHand("the match is over" if self.over else "the hand is still in play")
        self._deal()

    # What a seat sees -----------------------------------------------------------
    def engine_view(self, seat: int) -> View:
        """``seat``'s ``View``: what a computer player there would receive."""
        if self._hand is None:
            raise NotStarted
        return self._hand.view(seat)

    def view_for(self, seat: int | None) -> dict:
        """What ``seat`` may see now, JSON-ready (None: a spectator, who sees no hand):
        the deal from its ``View`` (``views.py``), and the table's public facts.

        ``seat``, ``to_act``, ``legal`` (action texts, only for the seat to act),
        ``over``, ``between_hands``; the deal's ``phase``, ``dealer``, ``upcard``,
        ``upcard_taken``, ``proposed_suit``, ``bids`` (seat, action), ``trump``,
        ``maker``, ``makers``, ``alone``, ``sitting_out``, ``weak_hand``, ``trick``
        (seat, card), ``last_trick``, ``tricks_won``; the seat's own ``hand`` (None
        for a spectator), ``discards``, ``given``, ``received``; and ``ruleset``,
        ``points_to_win``, ``seats``, ``sides`` (name, seats, score, games won),
        ``game``, ``hand_number``, ``last_hand`` (the last hand of this game scored, from
        its scoring until the next is),
        ``game_winner`` and ``winner`` (side names)."""
        match = self._started()
        game = match.game
        assert game is not None and self._hand is not None
        if seat is not None and not (type(seat) is int and 0 <= seat < self.ruleset.players):
            raise NoSuchSeat(seat, self.ruleset.players)
        view = self.engine_view(self._hand.dealer if seat is None else seat)
        to_act = self.to_act
        legal = self._hand.legal_actions() if seat is not None and seat == to_act else []
        return {
            "seat": seat,
            "to_act": to_act,
            "legal": [action.text for action in legal],
            "over": self.over,
            "between_hands": self.between_hands,
            **public_facts(view),
            **(NO_OWN_FACTS if seat is None else own_facts(view)),
            **self._standing(match, game),
        }

    def _standing(self, match: Match, game: Game) -> dict:
        """The table's public facts: who sits where, the score, the games won, the
        last hand's result, the winner."""
        names = game.side_names
        won = match.games_won
        last = game.records[-1] if game.records else None  # this game's, until the next
        winner = match.winner
        return {
            "ruleset": self.ruleset.name,
            "points_to_win": self.ruleset.game.points_to_win,
            "seats": self.seats(),
            "sides": [
                {
                    "name": name,
                    "seats": list(seats),
                    "score": score,
                    "games_won": games,
                    "markers": self._markers(score),
                }
                for name, seats, score, games in zip(names, self.ruleset.sides, game.scores, won)
            ],
            "game": len(match.played),
            "hand_number": len(game.records) + (0 if self._hand_scored() else 1),
            "last_hand": None if last is None else _hand_result(last, names),
            "game_winner": None if game.winner is None else names[game.winner],
            "winner": None if winner is None else names[winner],
        }

    def _markers(self, score: int) -> dict | None:
        """How a side's two low cards lie for ``score`` (R11), or None where the
        ruleset keeps no marker cards or has no scheme for its target."""
        markers = self.ruleset.markers
        if markers is None:
            return None
        position = marker_position(markers.cards, self.ruleset.game.points_to_win, score)
        return None if position is None else position._asdict()

    def _hand_scored(self) -> bool:
        return self._hand is not None and self._hand.is_over

    def summary(self) -> dict:
        """The ``--json`` summary of ``euchre play`` (docs/playing.md), so far."""
        return self._started().summary()


def _hand_result(record: HandRecord, side_names: Sequence[str]) -> dict:
    """A scored hand as the table shows it between hands: trump, the makers, who went
    alone, tricks per seat and points per side."""
    result, score = record.result, record.score
    points = score.points if score is not None else (0,) * len(side_names)
    return {
        "trump": None if result.trump is None else result.trump.letter,
        "makers": list(result.makers),
        "alone": list(result.alone),
        "tricks": list(result.tricks),
        "points": list(points),
        "redeal": result.redeal,
    }
