"""The table as text for ``euchre play``: what a player sitting at the table would see.

``TableScreen`` is a ``MatchObserver`` (and so a ``GameObserver``): it turns match and
game events into lines for the seat's ``Console``, which paces computer turns and
reads the Enter between hands, and shows the person's own cards (every hand when
watching).  It holds no game state of its own, only the match, game and hand it is
showing, and who sits where, so that it can describe the table when the person asks
(``contract``, ``table``): in the words of ``summary``, from what it sees of the hand.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..engine.cards import Card, sorted_hand
from ..engine.game import Game, HandRecord
from ..engine.hand import Hand
from ..engine.match import Match, MatchObserver
from ..engine.rules import WEAK_HAND_SWAP
from ..engine.scoring import GameResult, marker_position
from ..engine.values import BEFORE_EXCHANGE, BIDDING, PASS, Action, Phase, View
from ..rulebook.changes import HouseRules
from .console import Console
from .human import SHOW_TABLE_ANSWERS, QuitGame
from .markers import marker_picture, marker_width, side_by_side
from .numbers import DEFAULT_ORDER, in_hand_order
from .summary import (
    Seating,
    bid_said,
    contract_words,
    game_header,
    hand_header,
    inline,
    passed_words,
    table_summary,
    trick_tally,
)
from .wording import plural, row_words
from .words import PHASE_WORDS


@dataclass(frozen=True)
class ScreenSettings:
    """What a screen shows besides the play itself."""

    face_up: bool = False  # every hand shown, as a replay shows them (watching always does)
    public: bool = False  # no hand shown at all: a screen the whole table sees (euchre host)
    level: str | None = None  # the computer players' level, for the header (None: unsaid)
    house_rules: HouseRules | None = None  # what a house-rules file changes, for the header
    order: str = DEFAULT_ORDER  # the order hands are shown in (``numbers.ORDERS``)


class TableScreen(MatchObserver):
    """Shows a game, or a match of games, as it happens, through the ``console``: it
    says each event, paces computer turns, and waits for Enter between hands and games
    where the console has a person who reads them.  ``me`` is the person's index in
    player order (None when watching); every hand is shown when watching, or face up
    (``settings``)."""

    def __init__(
        self, console: Console, me: int | None = None, settings: ScreenSettings = ScreenSettings()
    ) -> None:
        self.console = console
        self.style = console.style
        self.me = me
        self.settings = settings
        self.face_up = (settings.face_up or me is None) and not settings.public  # every hand
        self._lines = 0  # lines shown so far: a computer turn that showed none is not paced
        self._played_for_you = ""  # why the person's next card is played for them
        self.seating = Seating(names=(), sides=())  # no one is seated before a game
        self._match: Match | None = None  # None: a game on its own
        self._game: Game | None = None
        self._hand: Hand | None = None
        self._number = 0  # the hand's number in the game
        self._discards_shown: dict[int, int] = {}  # each seat's discards said so far

    # helpers -------------------------------------------------------------------
    def out(self, line: str) -> None:
        self._lines += 1
        self.console.say(line)

    def _seen(self, hand: Hand) -> list[View]:
        """What the screen sees of ``hand``: the person's view, every seat's for a
        hand shown face up, or a public one (a seat's, less all it holds alone)."""
        if self.face_up:
            return [hand.view(seat) for seat in range(hand.players)]
        if self.settings.public:
            held = dict.fromkeys(("hand", "discards", "given", "received", "dealt"), ())
            return [dataclasses.replace(hand.view(hand.dealer), **held)]
        assert self.seating.me is not None  # a screen not face up is a person's
        return [hand.view(self.seating.me)]

    # events --------------------------------------------------------------------
    def match_started(self, match: Match) -> None:
        self._match = match

    def game_started(self, game: Game) -> None:
        self._game = game
        self.seating = Seating.of(game, self.me)
        match = self._in_a_match()
        if match is not None and len(match.played) > 1:
            self._next_game_started(match, game)
            return
        rounds = game.draw.rounds if game.draw is not None else ()
        draw = [[(game.names[player], card) for player, card in drawn] for drawn in rounds]
        settings = self.settings
        for line in game_header(
            game.ruleset, self.seating, self.style, draw, settings.house_rules, settings.level
        ):
            self.out(line)
        if match is not None:
            self._what_the_match_is(match)
        self.out("")

    def _in_a_match(self) -> Match | None:
        """The match being shown, unless it is a single game (then shown as ever)."""
        match = self._match
        return None if match is None or match.single_game else match

    def _what_the_match_is(self, match: Match) -> None:
        rules = match.ruleset
        if rules.rubber is not None:
            games = _games(rules.rubber.games_to_win)
            who = "side" if rules.partnerships else "player"
            self.out(f"A rubber: the first {who} to win {games} takes it (R10).")
        elif match.best_of is not None:
            who = "side" if rules.partnerships else "player"
            needed = _games(match.best_of // 2 + 1)
            self.out(
                f"The best of {match.best_of} games: the first {who} to win {needed} takes the"
                " match, and it stops there."
            )
        else:
            self.out(f"A match of {_games(match.length or 0)}.")
        target = rules.game.points_to_win
        if rules.game.laps:
            self.out(f"Laps: points past {target} carry over to the next game (R13).")
        if rules.game.slam:
            self.out("Slam: a game won while the losers have 0 points counts as two games (R13).")

    def _next_game_started(self, match: Match, game: Game) -> None:
        """A later game of a match: the seats stay, the deal goes on round the table."""
        number = len(match.played)
        of = "the rubber" if match.plays_rubber else f"{match.length}"
        if match.best_of is not None:
            of = f"the best of {match.best_of}"
        self.out(self.style.bold(f"Game {number} of {of}"))
        if any(game.scores):
            target = game.ruleset.game.points_to_win
            self.out(f"Score: {game.scores_text()} (game to {target}; laps carried)")
        self.out("")

    def hand_started(self, game: Game, hand: Hand) -> None:
        self.console.new_hand()
        self.seating = Seating.of(game, self.me)  # again: a hand may be dealt on its own
        self._hand = hand
        self._discards_shown: dict[int, int] = {}
        self._number = len(game.records) + 1
        seen = self._seen(hand)
        settings = self.settings
        for line in hand_header(
            seen, self.seating, self.style, self._number, settings.order, not settings.public
        ):
            self.out(line)

    def action_applied(
        self, game: Game, hand: Hand, seat: int, action: Action, phase: Phase
    ) -> None:
        """The action's lines; then, after another's turn that showed something, the
        pause that lets it be read (a turn that showed nothing is not waited on: a
        pass at going alone, each but the last of a run of discards)."""
        shown = self._lines
        self._show_action(game, hand, seat, action, phase)
        if seat != self.seating.me and self._lines > shown:
            self.console.pause()

    def _show_action(
        self, game: Game, hand: Hand, seat: int, action: Action, phase: Phase
    ) -> None:
        is_me = self.me is not None and seat == self.seating.me
        if phase is Phase.PLAY:
            self._card_played(game, hand, seat, action.card)
        elif phase in BIDDING:
            said = bid_said(seat, action, phase, hand.view(seat), self.style)
            self.out(self.seating.says(seat, said) + ".")
            if action.kind != "pass":
                maker = "you" if is_me else self.seating.names[seat]
                self.out(f"Trump is {self.style.suit(hand.trump)}; {maker} made it.")
                if seat in hand.alone:  # R17's Canadian loner: no choice to go alone
                    alone = self.seating.says(seat, "goes alone!")
                    self.out(f"{self.style.bold(alone)} (the dealer's partner who orders it up)")
            elif hand.is_over:
                self.out("Everybody passed: the hand is thrown in and the deal passes.")
            elif phase is Phase.BID_UPCARD and hand.phase is not Phase.BID_UPCARD:
                turned = self.style.card(hand.upcard)
                self.out(f"The upcard {turned} is turned down: now any other suit may be named.")
        elif action.kind == "alone":
            verb = "defends" if phase is Phase.DEFENDER_ALONE else "goes"
            self.out(self.style.bold(self.seating.says(seat, f"{verb} alone!")))
        elif phase is Phase.PICKUP:
            taken = "picks up" if action.kind == "pickup" else "leaves"
            upcard = self.style.card(hand.upcard)
            self.out(self.seating.says(seat, f"{taken} the upcard {upcard}."))
        elif phase is Phase.DISCARD and (
            hand.phase is not Phase.DISCARD or hand.current_seat != seat
        ):
            since = self._discards_shown.get(seat, 0)  # a lone dealer discards twice (R13)
            self._discards_shown[seat] = len(hand.discards[seat])
            cards = hand.discards[seat][since:]
            self._discarded(game, seat, cards, show=is_me or self.face_up)
        elif phase is Phase.WEAK_HAND and action.kind == "show":
            self._weak_hand_shown(game, hand, seat)
        elif phase is Phase.WEAK_EXCHANGE and hand.phase is not Phase.WEAK_EXCHANGE:
            if is_me or self.face_up:
                swap = (hand.given[seat][:WEAK_HAND_SWAP], hand.received[seat][:WEAK_HAND_SWAP])
                given, taken = (self.style.cards(cards) for cards in swap)
                self.out(self.seating.says(seat, f"swaps {given} for the kitty's {taken}."))
            else:
                self.out(self.seating.says(seat, "swaps three cards for the kitty's three."))
        elif phase is Phase.CALL_FOR_BEST:
            self._passed_best(game, hand, seat, action.card)
        if phase in BEFORE_EXCHANGE and hand.phase in (
            Phase.DISCARD,
            Phase.CALL_FOR_BEST,
            Phase.PLAY,
        ):
            self._exchange(game, hand, picked_up_by_choice=phase is Phase.PICKUP)
        if phase is not Phase.PLAY and hand.phase is Phase.PLAY:
            self._play_begins(game, hand)

    def hand_taken_back(
        self, game: Game, hand: Hand, seat: int, taken: Sequence[tuple[int, Action, Phase]]
    ) -> None:
        if not taken:
            self.out(
                "Nothing to take back: you have decided nothing in this hand yet (undo goes"
                " back as far as the start of the hand)."
            )
            return
        self._hand = hand
        self._discards_shown = {s: len(hand.discards[s]) for s in range(hand.players)}
        # a seat's cards laid away in a row (keeping five of many) are said at once
        runs: list[tuple[int, Phase, list[Action]]] = []
        for s, action, phase in taken:
            if runs and runs[-1][:2] == (s, phase) and PHASE_WORDS[phase].laid_away:
                runs[-1][2].append(action)
            else:
                runs.append((s, phase, [action]))
        said = "; ".join(
            inline(self.seating.says(s, self._taken_words(game, hand, s, actions, phase)))
            for s, phase, actions in runs
        )
        self.out(self.style.bold(f"Taken back: {said}."))
        self.out(self.table())

    def _taken_words(
        self, game: Game, hand: Hand, seat: int, actions: Sequence[Action], phase: Phase
    ) -> str:
        """Actions taken back (one, or a run of cards laid away), as the table saw
        them: a card discarded or passed face down is named only to whoever saw it."""
        action = actions[0]
        if phase in BIDDING:
            return bid_said(seat, action, phase, hand.view(seat), self.style)
        if phase is Phase.PLAY:
            return f"plays {self.style.card(action.card)}"
        words = PHASE_WORDS[phase]
        if words.laid_away:
            seen = self.face_up or seat == self.seating.me
            count = "a card" if len(actions) == 1 else f"{len(actions)} cards"
            cards = self.style.cards([a.card for a in actions]) if seen else count
            return f"{words.laid_away} {cards}"
        if words.taken_back is None:
            return action.text
        yes, no = words.taken_back
        return no if action is PASS else yes

    def _weak_hand_shown(self, game: Game, hand: Hand, seat: int) -> None:
        """R17: the hand is shown to all, then dealt again or swapped with the kitty."""
        shown = self.style.cards(sorted_hand(hand.weak_hand[1]))
        self.out(self.style.bold(self.seating.says(seat, f"shows a weak hand: {shown}.")))
        if hand.redeal:
            dealer = self.seating.subject(hand.dealer)
            again = "deal again" if dealer == "You" else "deals again"
            self.out(f"The hand is thrown in, and {inline(dealer)} {again}.")

    def _passed_best(self, game: Game, hand: Hand, seat: int, card: Card) -> None:
        """R13: the partner passes the lone player a card, face down."""
        lone = hand.partner_of(seat)
        seen = self.face_up or self.seating.me in (seat, lone)
        passed = passed_words(self.seating, lone, card if seen else None, self.style)
        self.out(self.seating.says(seat, "passes") + passed)

    def _discarded(self, game: Game, seat: int, cards: list[Card], show: bool) -> None:
        """One line per seat once it has discarded all it must: others' cards stay hidden
        (a watched game shows them all)."""
        if show:
            self.out(self.seating.says(seat, f"discards {self.style.cards(cards)}."))
        else:
            count = "a card" if len(cards) == 1 else f"{len(cards)} cards"
            self.out(self.seating.says(seat, f"discards {count}."))

    def _exchange(self, game: Game, hand: Hand, picked_up_by_choice: bool) -> None:
        """Who sits out, the dealer's forced pick-up, the maker's dummy (R4, R6, R12)."""
        for seat in hand.sitting_out:
            self.out(self.seating.says(seat, "sits out this hand."))
        if hand.dealer_took_upcard and not picked_up_by_choice and hand.maker != hand.dealer:
            upcard = self.style.card(hand.upcard)
            self.out(self.seating.says(hand.dealer, f"takes the upcard {upcard}."))
        if hand.rules.dummy.cards and hand.maker not in hand.alone:
            self.out(self.seating.says(hand.maker, "takes the dummy hand."))
        if game.ruleset.temporary_partners and not hand.sitting_out:
            defenders = [
                self.seating.subject(s) for s in range(game.ruleset.players) if s != hand.maker
            ]
            self.out(f"{' and '.join(defenders)} defend together this hand.")

    def _play_begins(self, game: Game, hand: Hand) -> None:
        mine = self.seating.me
        if mine is not None and mine not in hand.sitting_out:
            held = in_hand_order(hand.view(mine), self.settings.order)
            self.out(f"Your hand: {self.style.cards(held)}")
        elif mine is not None and self.console.sit_out():
            self.out(self.style.dim("(you sit out: Enter plays the rest at once)"))
        self.out(self.seating.says(hand.current_seat, "leads."))

    def played_for_you(self, why: str) -> None:
        """The person's next card is played for them: its line says so, and why."""
        self._played_for_you = why

    def _card_played(self, game: Game, hand: Hand, seat: int, card: Card) -> None:
        plays = hand.trick_plays or hand.tricks[-1].plays
        verb = "leads" if len(plays) == 1 else "plays"
        played = self.seating.says(seat, f"{verb} {self.style.card(card)}")
        if self._played_for_you and seat == self.seating.me:
            played += self.style.dim(f" (played for you: {self._played_for_you})")
            self._played_for_you = ""
        self.out("  " + played)
        if not hand.trick_plays:  # that card completed the trick
            won = self.seating.says(hand.tricks[-1].winner, "wins it.")
            tally = trick_tally(hand.view(seat), self.seating)
            self.out(f"Trick {len(hand.tricks)}: {won} {self.style.dim(tally)}")

    # on request --------------------------------------------------------------------
    def contract(self) -> str:
        """Trump and who plays for it (``summary.contract_words``)."""
        hand = self._hand
        return "" if hand is None else contract_words(self._seen(hand)[0], self.seating, self.style)

    def table(self) -> str:
        """The table on request, as the screen sees it (``summary.table_summary``)."""
        game, hand = self._game, self._hand
        if game is None or hand is None:
            return "The game has not started."
        seen = self._seen(hand)
        return table_summary(seen, self.seating, self.style, self._number, game.scores)

    def hand_finished(self, game: Game, hand: Hand, record: HandRecord) -> None:
        if record.score is not None:
            result = record.result
            maker_side = game.ruleset.side_of(result.maker)
            # a lone maker with a partner is named; the side scores ("Ann made it alone:
            # Ann & Cy +1"); otherwise the side is the subject ("Ann & Cy made it: +1")
            lone = result.maker in result.alone and len(game.ruleset.sides[maker_side]) > 1
            subject = self.seating.subject(result.maker) if lone else game.side_name(maker_side)
            gained = [
                f"+{points}"
                if side == maker_side and not lone
                else f"{game.side_name(side)} +{points}"
                for side, points in enumerate(record.score.points)
                if points
            ]
            said = f"{subject} {row_words(record.score.row)}: {', '.join(gained)}."
            self.out(self.style.bold(said))
        self.show_score(game)
        self.out("")
        if game.winner is None:  # read before the next deal scrolls it away
            self._wait_for_enter(
                "Enter deals the next hand (table reviews this one, quit leaves)",
                "Press Enter for the next deal, type table to review this hand, or quit to"
                " leave.",
                undo="This hand is over and scored: undo takes back decisions in a hand in play.",
            )

    def show_score(self, game: Game) -> None:
        target = game.ruleset.game.points_to_win
        self.out(f"Score: {game.scores_text()} (game to {target})")
        bridge = game.bridge()
        if bridge is not None:
            self.out(
                f"{game.side_name(bridge)} {'is' if game.ruleset.players < 4 else 'are'} "
                "at the bridge."
            )
        self._markers(game)

    def _markers(self, game: Game) -> None:
        """Each side's low-card markers (R11), when the ruleset has a scheme for them."""
        rules = game.ruleset
        if rules.markers is None or game.winner is not None:
            return
        target = rules.game.points_to_win
        if any(marker_position(rules.markers.cards, target, s) is None for s in game.scores):
            return
        pictures = [
            f"{game.side_name(side)}: {score}\n"
            + marker_picture(rules, score, ascii=not self.style.unicode, side=side)
            for side, score in enumerate(game.scores)
        ]
        shown = side_by_side(pictures, width=marker_width(rules), fit=self.console.columns())
        self.out(self.style.dim(shown))

    def game_finished(self, game: Game) -> None:
        seats = game.ruleset.sides[game.winner]
        verb = "win" if len(seats) > 1 else "wins"
        won = (
            self.seating.says(seats[0], f"{verb} the game")
            if len(seats) == 1
            else (f"{game.side_name(game.winner)} {verb} the game")
        )
        self.out(self.style.bold(f"{won}, {_score_line(game)}."))

    def game_recorded(self, match: Match, record: GameResult) -> None:
        """A game of a match counted: its worth in the rubber (R10), a slam (R13), the
        games won, and the laps the next game starts with (R13); then a pause."""
        if self._in_a_match() is None:
            return
        game = match.played[-1]
        number = len(match.records)
        losers = [side for side in range(len(record.scores)) if side != record.winner]
        if match.plays_rubber:
            worth = plural(record.rubber_points, "rubber point")
            if len(losers) == 1:
                why = f"{self._side_named(game, losers[0])} ended with {record.losers_best}"
            else:
                why = f"the best losing score was {record.losers_best}"
            winner = self._side_named(game, record.winner)
            self.out(f"Game {number} is worth {worth} to {winner}: {why} (R10).")
        if record.counted > 1:
            beaten = " and ".join(self._side_named(game, side) for side in losers)
            ended = f"{beaten} ended with {record.losers_best}"
            self.out(f"A slam ({ended}): it counts as two games (R13).")
        tally = f"Games won: {_per_side(game, match.games_won)}"
        if match.plays_rubber:
            tally += f"; rubber points: {_per_side(game, match.rubber_points)}"
        self.out(tally + ".")
        if match.over:
            return
        for side, points in enumerate(match.next_scores() or ()):
            if points:
                starts = self._side_says(game, side, f"starts game {number + 1} with {points}")
                self.out(f"{starts} (laps).")
        self.out("")
        self._wait_for_enter(
            f"Enter starts game {number + 1} (table reviews the last hand, quit leaves)",
            f"Press Enter for game {number + 1}, type table to review the last hand,"
            " or quit to leave.",
        )

    def _wait_for_enter(self, question: str, reminder: str, undo: str | None = None) -> None:
        """Wait for Enter where a person reads the screen (a script is not kept
        waiting): ``table`` reviews the hand just played, trick by trick, ``quit``
        leaves, ``undo`` is told why not (``undo``), and any other answer is reminded
        what to type (``reminder``)."""
        while self.console.waits and (answer := self.console.ask(question).strip().lower()):
            if answer == "quit":
                raise QuitGame
            if answer in SHOW_TABLE_ANSWERS:
                self.console.say(self.table())
            elif answer == "undo" and undo is not None:
                self.console.say(undo)
            else:
                self.console.say(reminder)

    def match_finished(self, match: Match) -> None:
        """Who took the rubber and by how much (R10), or the match and by how many games."""
        if self._in_a_match() is None:
            return
        game = match.played[-1]
        won = match.games_won
        winner = match.winner
        self.out("")
        if winner is None:
            shared = _per_side(game, won)
            self.out(
                self.style.bold(f"The match is drawn: the most games won are shared ({shared}).")
            )
            return
        others = [side for side in range(len(won)) if side != winner]
        if len(others) == 1:
            score = f"{_games(won[winner])} to {won[others[0]]}"
        else:
            score = f"{_games(won[winner])}; {_per_side(game, won, only=others)}"
        if match.rubber is None:
            by = _games(won[winner] - max(won[side] for side in others))
            what = "match" if match.best_of is None else f"match, the best of {match.best_of},"
            said = self._side_says(game, winner, f"wins the {what} by {by} ({score})")
            self.out(self.style.bold(said + "."))
            return
        margin = match.rubber.margin
        said = self._side_says(game, winner, f"wins the rubber by {margin} ({score})")
        self.out(self.style.bold(said + "."))
        bonus = match.ruleset.rubber.bonus if match.ruleset.rubber else 0
        points = match.rubber_points
        theirs = "your" if self._is_mine(game, winner) else "their"
        less = " and ".join(
            f"{self._side_possessive(game, side)} {points[side]}" for side in others
        )
        self.out(
            f"The margin (R10): a bonus of {bonus}, plus {theirs} {points[winner]} rubber"
            f" points, less {less}."
        )

    def _side_named(self, game: Game, side: int) -> str:
        """A side inside a sentence: "Ann & Cy", "Ann", or "you"."""
        return "you" if self._is_mine(game, side) else game.side_name(side)

    def _side_says(self, game: Game, side: int, verb_phrase: str) -> str:
        """A side as the subject: "Ann & Cy win", "Ann wins", "You win"."""
        seats = game.ruleset.sides[side]
        if len(seats) == 1:
            return self.seating.says(seats[0], verb_phrase)
        verb, _, rest = verb_phrase.partition(" ")
        return " ".join((game.side_name(side), verb.removesuffix("s"), rest)).rstrip()

    def _is_mine(self, game: Game, side: int) -> bool:
        """The person plays alone for this side (Cutthroat, two-handed): it is "you"."""
        return game.ruleset.sides[side] == (self.seating.me,)

    def _side_possessive(self, game: Game, side: int) -> str:
        if self._is_mine(game, side):
            return "your"
        name = game.side_name(side)
        return name + "'" if name.endswith("s") else name + "'s"

    def left_words(self, quit: bool) -> str:
        """A game, or a match, left before its end (quit, Ctrl-C, the end of input)."""

        def sentence(text: str) -> str:
            return f"You quit: {text}" if quit else text[0].upper() + text[1:]

        match = self._match
        game = self._game if match is None else match.game
        if game is None:
            return sentence("game left before it began.")
        if match is None or match.single_game:
            return sentence(f"game left before the end ({game.scores_text()}).")
        what = "rubber" if match.plays_rubber else f"match of {match.length}"
        if match.best_of is not None:
            what = f"best of {match.best_of}"
        won = f"games won: {_per_side(game, match.games_won)}"
        if len(match.records) == len(match.played):  # between two games
            return sentence(f"the {what} left after game {len(match.records)} ({won}).")
        number = len(match.played)
        return sentence(
            f"game {number} of the {what} left before the end ({game.scores_text()}; {won})."
        )


def _games(count: int) -> str:
    return plural(count, "game")


def _per_side(game: Game, counts: Iterable[int], only: Iterable[int] | None = None) -> str:
    """ "Ann & Cy 1, Bob & Di 0": a count for each side (or those ``only`` names)."""
    counts = list(counts)
    sides = range(len(counts)) if only is None else only
    return ", ".join(f"{game.side_name(side)} {counts[side]}" for side in sides)


def _score_line(game: Game) -> str:
    return " to ".join(str(score) for score in sorted(game.scores, reverse=True))
