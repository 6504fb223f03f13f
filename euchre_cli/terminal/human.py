"""A person at the keyboard: prompts for each decision and reads forgiving answers.

Cards are typed by code (``JH``, ``10h``, ``j♥``) or by their number in the shown
hand; bids by word or first letter; ``?`` lists what is legal.  Anything illegal is
refused with the engine's own reason (R16) and the question is asked again.  The
player reads and writes through injected functions, so it does no I/O of its own.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from functools import partial
from typing import NamedTuple, Protocol

from ..engine.cards import (
    Card,
    Suit,
    cards_of,
    mask_of,
    parse_card,
    sorted_hand,
)
from ..engine.hand import why_illegal
from ..engine.play import Player, TakeBack
from ..engine.rules import HAND_SIZE, WEAK_HAND_SWAP
from ..engine.values import (
    BEFORE_EXCHANGE,
    DISCARD,
    ORDER,
    PASS,
    Action,
    InvalidAction,
    Phase,
    View,
)
from ..limits import whole_number
from ..players.rule_based import worth_weighing
from .console import Console
from .numbers import DEFAULT_ORDER, in_hand_order, numbered, passed_by_partner
from .text import Style
from .words import (
    ACTION_WORDS,
    NOISE_IN_GAME,
    NOISE_IN_POINTS,
    PHASE_WORDS,
    Question,
    hint_line,
    name_a_suit,
    phase_words,
    play_reason,
    refusal_words,
)


class QuitGame(Exception):
    """The person typed ``quit``."""


HELP = (
    "Or: table (the deal, trump, this hand's tricks, the score), hint (the computer's"
    " advice), undo (take back your last decision in this hand), quit (leave the game)."
)
WORKING_OUT_THE_HINT = "Working out the hint…"
"""What the terminal says while the hinter works, when it takes a while."""
SHOW_TABLE_ANSWERS = ("table", "score")
"""What a person types, at any question or between hands, to see the table."""


class Seat(NamedTuple):
    """How the person's cards are shown and played, and what they are asked
    (``--hand-order``, ``--auto-play``, ``--ask-defend-alone``, ``--hints``)."""

    order: str = DEFAULT_ORDER  # the order the hand is shown and numbered in
    auto_play: bool = True  # an only legal card is played for the person
    ask_defend_alone: bool = True  # False: "Defend alone?" never asked, always no
    hints: bool = False  # the hint shown before every decision


class Screen(Protocol):
    """The person's own screen, as their questions use it (``screen.TableScreen``)."""

    def contract(self) -> str:
        """Trump and who made it, in a few words."""
        ...

    def played_for_you(self, why: str) -> None:
        """The person's next card is played for them, for the reason given."""
        ...

    def table(self) -> str:
        """The deal, the bidding or the contract, this hand's tricks, the score."""
        ...


class HumanPlayer:
    """Asks the person at the ``console``; ``hinter`` (the hard level) gives hints and
    the five cards Enter keeps, so the suggestion and the hint are one choice;
    ``screen`` answers ``table`` (or ``score``) at any question.  Cards are shown and
    numbered in the ``seat``'s order (``numbers.ORDERS``); with its ``auto_play`` an
    only legal card is played without asking (the last card always is).  A question
    not asked (``_asked``) is answered no, and that answer is the person's move in the
    record, as a card played for them is."""

    def __init__(
        self,
        console: Console,
        seat: Seat | None = None,
        hinter: Player | None = None,
        screen: Screen | None = None,
    ) -> None:
        self.console = console
        self.style = console.style
        self.seat = seat or Seat()
        self.hinter = hinter  # a player with ``analyse`` (the hard level) for ``hint``
        self.screen = screen
        self._planned_discards: list[Card] = []
        self._dealt: tuple[Card, ...] = ()  # the hand at the last bid: before any dummy

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        if view.phase in BEFORE_EXCHANGE:
            self._dealt = view.hand
        many = view.phase is Phase.DISCARD and len(view.hand) - HAND_SIZE > 1
        if many or view.phase is Phase.WEAK_EXCHANGE or self._planned_discards:
            return self._discard_from_plan(view, legal)
        only = len(view.hand) == 1 or self.seat.auto_play and len(legal) == 1
        if view.phase is Phase.PLAY and only:
            return self._played_for_you(view, legal[0])
        if not self._asked(view):  # the answer is no, given as the person's move
            return PASS
        if self.seat.hints and len(legal) > 1:
            self._hint(view, legal)
        while True:
            answer = self.console.ask(self._prompt(view, legal)).strip()
            self._quit_or_undo(answer)
            if answer.lower() == "hint":
                self._hint(view, legal)
                continue
            if answer in ("?", "help"):
                self._help(view, legal)
                continue
            if self._showed_table(answer):
                continue
            try:
                action = self._read(view, legal, answer)
            except InvalidAction as error:
                self.console.say(_with_help(str(error), "? lists your choices"))
                continue
            if action in legal:
                return action
            refused = why_illegal(view, self._in_hand_order(view, legal), action)
            why = refusal_words(refused, lambda a: self._answer_words(a, view))
            self.console.say(f"Not allowed: {why}.")

    def _quit_or_undo(self, answer: str) -> None:
        """``quit`` leaves the game; ``undo`` takes back this seat's last decision in
        the hand (``Game`` rewinds it, and asks again)."""
        word = answer.lower()
        if word == "quit":
            raise QuitGame
        if word == "undo":
            self._planned_discards = []
            raise TakeBack(decided=self._asked)  # a question never asked is not undone

    def _asked(self, view: View) -> bool:
        """Whether this question is put to the person.  Every one is but "Defend
        alone?" (R6), asked only of a hand with some hope of three tricks alone, and
        never with ``ask_defend_alone`` off: asked on every hand the other side made,
        it was answered n without being read."""
        if view.phase is Phase.DEFENDER_ALONE and not self.seat.ask_defend_alone:
            return False
        return worth_weighing(view)

    def replayed(self, view: View, action: Action) -> None:
        """One of this seat's decisions, played again from the game's record (a resumed
        game): remember what choosing it would have taught."""
        if view.phase in BEFORE_EXCHANGE:
            self._dealt = view.hand

    def _played_for_you(self, view: View, action: Action) -> Action:
        """The only card the person may play, played, and the table told why."""
        why = played_for_you_why(view)
        if self.screen is not None:
            self.screen.played_for_you(why)
        else:
            self.console.say(f"You play {self.style.card(action.card)} (played for you: {why}).")
        return action

    # prompts ----------------------------------------------------------------------
    def _held_in_order(self, view: View) -> list[Card]:
        return in_hand_order(view, self.seat.order)

    def _show_hand(self, view: View, marked: frozenset[Card] = frozenset()) -> str:
        """The cards held, each after its number (``numbers``: a number kept from the
        moment trump is fixed, so a card gone leaves a gap)."""
        return "  ".join(
            f"{i}:{self.style.card(c)}{'*' if c in marked else ''}"
            for i, c in enumerate(numbered(view, self.seat.order), start=1)
            if c in view.hand
        )

    def _prompt(self, view: View, legal: Sequence[Action]) -> str:
        """The hand, numbered, and the phase's question under it (``words``); a card's
        question is headed by the contract."""
        words = phase_words(view)
        assert words.question is not None, f"{view.phase} asks no question of its own"
        question = words.question(Question(view, legal, self.style))
        asked = f"{self._show_hand(view, passed_by_partner(view))}\n{question}"
        if not words.shows_contract:
            return asked
        contract = self.screen.contract() if self.screen else ""
        contract = contract or f"Trump {self.style.suit(view.trump)}"
        return f"{contract}.\n{asked}"

    def _showed_table(self, answer: str) -> bool:
        """Show the table if that is what ``answer`` asks for."""
        if answer.lower() not in SHOW_TABLE_ANSWERS:
            return False
        table = self.screen.table() if self.screen else "There is no table to show here."
        self.console.say(table)
        return True

    def _in_hand_order(self, view: View, legal: Sequence[Action]) -> list[Action]:
        """Choices with cards in the order the hand is numbered, as ``?`` and refusals
        list them."""
        in_hand = {card: place for place, card in enumerate(self._held_in_order(view))}
        return sorted(legal, key=lambda a: in_hand.get(a.card, -1))

    def _help(self, view: View, legal: Sequence[Action]) -> None:
        shown = self._in_hand_order(view, legal)
        choices = ", ".join(self._describe(action, view) for action in shown)
        self.console.say(f"You may: {choices}. {HELP}")

    def _describe(self, action: Action, view: View) -> str:
        """A choice as ``?`` lists it: what to type, and what it means where that is
        not plain ("y (go alone)")."""
        if action.card is not None:
            return self.style.card(action.card)
        if action.suit is not None:
            return f"{action.suit.letter.lower()} ({action.suit.title.lower()})"
        words = self._action_words(action, view)
        answers = phase_words(view).yes_no
        if answers:
            return f"{'y' if action is answers[0] else 'n'} ({words})"
        return words

    # reading answers --------------------------------------------------------------
    def _read(self, view: View, legal: Sequence[Action], answer: str) -> Action:
        """The action an answer means in this phase (its ``words``: the choices as ``?``
        lists them, a card, a word typed, a suit); ``InvalidAction`` if none."""
        words = phase_words(view)
        word = answer.lower()
        if word == "p" and words.p_could_mean:  # "Pick it up?" p: pick up, or pass?
            leave = words.p_could_mean
            raise InvalidAction(
                f"'p' could mean pick up or {leave}: answer y (pick it up) or n ({leave})"
            )
        for action in legal:  # a choice typed as ? lists it: "order up", "not go alone"
            if action.card is None and word == self._action_words(action, view).lower():
                return action
        if words.card is not None:
            return words.card[self._read_card(view, answer)]
        if word in words.typed:
            return words.typed[word]
        suit = _suit_in(word)
        if suit is not None and words.suit is not None:
            return words.suit(view, suit)
        try:
            return Action.parse(answer)
        except InvalidAction:
            what = words.answer or name_a_suit(legal)
            if not answer:
                raise InvalidAction(f"please {what}") from None
            raise InvalidAction(f"'{_printable(answer)}' is not understood here: {what}") from None

    def _read_card(self, view: View, answer: str) -> Card:
        if not answer:
            first = self._held_in_order(view)[0]
            raise InvalidAction(f"type a card's code (like {first.typed}) or its number")
        if answer.isdigit():  # "²" and a 5,000-digit number too: refused as numbers
            number = whole_number(answer)
            cards = numbered(view, self.seat.order)
            if number is not None and 1 <= number <= len(cards) and cards[number - 1] in view.hand:
                return cards[number - 1]
            raise InvalidAction(self._no_card_numbered(view, answer, cards))
        try:
            card = parse_card(_printable(answer))
        except ValueError as error:
            raise InvalidAction(str(error)) from None
        if not view.deck >> card & 1:  # a 7 in a 24-card game, say (R1)
            cards = view.deck.bit_count()
            named = "joker" if card.is_joker else self.style.card(card)
            raise InvalidAction(f"there is no {named} in this game's {cards}-card deck")
        return card

    def _no_card_numbered(self, view: View, typed: str, cards: list[Card]) -> str:
        """Why the number ``typed`` names no card: its card has gone (a card keeps its
        number once trump is fixed), or there never was one; with the numbers there are."""
        held = [str(place) for place, card in enumerate(cards, start=1) if card in view.hand]
        numbers = f"1 to {len(cards)}" if len(held) == len(cards) else ", ".join(held)
        number = whole_number(typed)
        if number is None:
            return f"'{_printable(typed)}' is not one of your cards' numbers ({numbers})"
        if 1 <= number <= len(cards):
            card = cards[number - 1]
            went = (
                "was discarded"
                if card in view.discards
                else "was passed to your partner"
                if card in view.given
                else "was played"
            )
            return f"card {number} ({self.style.card(card)}) {went}; your cards now: {numbers}"
        ten = "; a ten is typed with its suit, like 10h" if number == 10 else ""
        return f"there is no card number {number} ({numbers}){ten}"

    # keeping five of many (Cutthroat's dummy, two-handed dummy) ----------------------
    def _discard_from_plan(self, view: View, legal: Sequence[Action]) -> Action:
        """Ask once which five cards to keep (which two, for a weak hand's swap), then
        discard the rest one by one."""
        if not self._planned_discards or self._planned_discards[0] not in view.hand:
            self._planned_discards = self._ask_keep(view, legal)
        return DISCARD[self._planned_discards.pop(0)]

    def _ask_keep(self, view: View, legal: Sequence[Action]) -> list[Card]:
        cards = self._held_in_order(view)
        numbers = [n for n, c in enumerate(numbered(view, self.seat.order), start=1) if c in cards]
        keeping = _kept_count(view)
        suggestion, weighed = self._suggest_keep(view, legal)
        shown = self.style.cards(suggestion)
        must_keep = [c for c in view.hand if DISCARD[c] not in legal]
        # the maker bid holding its dealt cards: the others came from the dummy (R12, R14)
        dummy = frozenset(view.hand) - {*self._dealt, view.upcard} if self._dealt else frozenset()
        note = "* came from the dummy; " if dummy else ""
        if must_keep:  # R4 under mandatory pick-up: one of the five is the upcard
            note = f"{self.style.cards(must_keep)}, the upcard, stays; {note}"
        kept = PHASE_WORDS[view.phase].kept
        if kept:  # R17: the rest are swapped for the kitty's, and no dummy came in
            dummy, note = frozenset(), kept.format(count=len(view.hand) - keeping)
        if self.seat.hints:
            self._hint_keep(suggestion, weighed, view, legal)
        while True:
            answer = self.console.ask(
                f"{self._show_hand(view, dummy)}\nKeep which {keeping}? "
                f"({note}codes or numbers; Enter keeps {shown})"
            ).strip()
            self._quit_or_undo(answer)
            if answer.lower() == "hint":
                self._hint_keep(suggestion, weighed, view, legal)
                continue
            if self._showed_table(answer):
                continue
            if answer in ("?", "help"):
                self.console.say(
                    f"Type the {keeping} cards to keep, by number or code (like"
                    f" {' '.join(str(n) for n in numbers[:keeping])}, or "
                    f"{' '.join(c.typed for c in cards[:keeping])}); Enter keeps {shown}. {HELP}"
                )
                continue
            if not answer:
                keep = suggestion
            else:
                try:
                    keep = [
                        self._read_card(view, word) for word in answer.replace(",", " ").split()
                    ]
                except InvalidAction as error:
                    self.console.say(_with_help(str(error), "? says how to answer"))
                    continue
            problem = _keep_problem(keep, view.hand, must_keep, keeping)
            if problem:
                self.console.say(f"Not allowed: {problem} (? says how to answer).")
                continue
            return [c for c in cards if c not in keep]

    # hints ------------------------------------------------------------------------
    def _hint(self, view: View, legal: Sequence[Action]) -> None:
        """The hard player's choice and why, without playing it."""
        if self.hinter is None or not hasattr(self.hinter, "analyse"):
            self.console.say("No hints at this table.")
            return
        with self.console.thinking(WORKING_OUT_THE_HINT):
            analysis = self.hinter.analyse(view, legal)
            points = None
            if analysis.game and analysis.samples:  # the points too, on the same deals drawn
                points = self.hinter.analyse(dataclasses.replace(view, scores=None), legal)
        why = play_reason(view, analysis.choice, self.style.card)
        words = partial(self._action_words, view=view)
        self.console.say(hint_line(analysis, words, points, why=why))

    def _hint_keep(
        self, suggestion: list[Card], weighed, view: View, legal: Sequence[Action]
    ) -> None:
        """The five the hinter keeps, and what they are worth against the next best
        five it tried (``weighed``: its analysis of the first discard, or None); in a
        game, with the points of each on the same deals, as other hints give them."""
        if self.hinter is None:
            self.console.say("No hints at this table.")
            return
        points = None
        if weighed is not None and weighed.game and len(weighed.keeps) > 1:
            with self.console.thinking(WORKING_OUT_THE_HINT):
                points = self.hinter.analyse(dataclasses.replace(view, scores=None), legal)
        self.console.say(keep_hint_line(suggestion, weighed, view.trump, self.style, points))

    def _action_words(self, action: Action, view: View) -> str:
        return action_words(action, view, self.style)

    def _answer_words(self, action: Action, view: View) -> str:
        """A choice in words that answer the question (a refusal lists them so)."""
        return action.card.label if action.card else self._action_words(action, view)

    def _suggest_keep(self, view: View, legal: Sequence[Action]) -> tuple[list[Card], object]:
        """The hinter's five, found by letting it discard one card at a time, and its
        analysis of the first discard (which weighs whole fives), if it has one."""
        hinter = self.hinter
        keeping = _kept_count(view)
        if hinter is None:
            return self._held_in_order(view)[:keeping], None
        hand = list(view.hand)
        into = "given" if view.phase is Phase.WEAK_EXCHANGE else "discards"  # R17, R12
        discards = list(getattr(view, into))
        weighed = None
        with self.console.thinking(WORKING_OUT_THE_HINT):
            while len(hand) > keeping:
                options = [DISCARD[c] for c in hand if DISCARD[c] in legal]
                step = dataclasses.replace(view, hand=tuple(hand), **{into: tuple(discards)})
                card = hinter.choose(step, options).card
                if weighed is None:
                    weighed = getattr(hinter, "last", None)
                hand.remove(card)
                discards.append(card)
        return [card for card in self._held_in_order(view) if card in hand], weighed


def played_for_you_why(view: View) -> str:
    """Why the seat's only legal card is played for it: "your last card", "your only
    heart", "your only trump"."""
    if len(view.hand) == 1:
        return "your last card"
    led = view.led_suit
    assert led is not None  # more than one card, and only one legal: a suit was led
    named = "trump" if led is view.trump else led.title.lower().removesuffix("s")
    return f"your only {named}"


def action_words(action: Action, view: View, style: Style) -> str:
    """A choice in the words the prompts and hints use for it at this seat and phase
    ("pick it up", "not go alone", "play J♥")."""
    in_phase = phase_words(view).choices.get(action.kind)
    if in_phase is not None:
        return in_phase
    if action is ORDER and view.partner == view.dealer:  # R4: the dealer's partner
        return "assist"
    if action.kind == "play":
        return f"play {style.card(action.card)}"
    if action.kind == "discard":
        return f"discard {style.card(action.card)}"
    if action.kind == "give":
        return f"pass {style.card(action.card)}"
    if action.kind == "name":
        return f"name {action.suit.title.lower()}"
    return ACTION_WORDS.get(action.kind, action.kind)


_COUNT_WORDS = {2: "two", 5: "five"}  # cards kept: a weak hand's swap (R17), a dummy's five


def _suit_in(word: str) -> Suit | None:
    try:
        return Suit.parse(word)
    except ValueError:
        return None


def _sentence(text: str) -> str:
    """A message as a sentence on its own: its first letter a capital."""
    return text[:1].upper() + text[1:]


def _with_help(message: str, help_: str) -> str:
    """``message`` as a sentence that ends saying where help is, without two
    brackets in a row: "... (e.g. JH); ? lists your choices."."""
    if message.endswith(")"):
        return f"{_sentence(message)}; {help_}."
    return f"{_sentence(message)} ({help_})."


def _printable(answer: str, longest: int = 40) -> str:
    """A typed answer fit to echo: no control characters (a stray arrow key), not
    screens long."""
    shown = "".join(c if c.isprintable() else "?" for c in answer)
    return shown if len(shown) <= longest else shown[: longest - 3] + "..."


def keep_hint_line(
    keep: Sequence[Card],
    weighed,
    trump: Suit | None,
    style: Style,
    points=None,
    enter: bool = True,
    mine: tuple[Sequence[Card], float] | None = None,
) -> str:
    """One line for a hint on keeping five of many: the five ``keep`` and what they
    are worth against the next best five the search tried (``weighed``: its
    ``Analysis`` of the first discard, or None), or against ``mine``, the cards the
    person kept and their worth (the review); ``points``, the same search weighing
    points, adds them beside a game's chances.  ``enter``: the question is open, and
    Enter keeps them."""
    shown = style.cards(keep)
    then = "; Enter keeps them" if enter else ""
    keeps = weighed.keeps if weighed is not None else ()
    if len(keeps) < 2:
        count = _COUNT_WORDS.get(len(keep), str(len(keep)))
        return f"Hint: keep {shown} (the {count} the search rates best{then})."
    (best, value), (other, second) = keeps[:2]
    if mine is not None and mask_of(mine[0]) != best:
        other, second = mask_of(mine[0]), mine[1]
    runner_up = style.cards(sorted_hand(cards_of(other), trump))
    if weighed.game:
        net = dict(points.keeps) if points is not None else {}
        worth = f"you win the game {value:.1%} of the time"
        against = f"{second:.1%}"
        if best in net and other in net:
            worth += f" (net {net[best]:+.2f} points this hand)"
            against += f" ({net[other]:+.2f})"
    else:
        worth, against = f"expected {value:+.2f} points for you", f"{second:+.2f}"
    noise = NOISE_IN_GAME if weighed.game else NOISE_IN_POINTS
    even = "; about even" if value - second < noise else ""
    return (
        f"Hint: keep {shown}: {worth} against keeping {runner_up} {against} (the best of"
        f" {len(keeps)} fives tried, over {weighed.samples} deals of the unseen cards{even}{then})."
    )


def _kept_count(view: View) -> int:
    """How many cards a keep question keeps: five, or the two a weak hand keeps when it
    swaps three for the kitty's (R17)."""
    if view.phase is Phase.WEAK_EXCHANGE:
        return len(view.hand) - (WEAK_HAND_SWAP - len(view.given))
    return HAND_SIZE


def _keep_problem(
    keep: list[Card], hand: Sequence[Card], must_keep: list[Card], count: int
) -> str | None:
    if len(set(keep)) != len(keep):
        return "a card is named twice"
    missing = [c for c in keep if c not in hand]
    if missing:
        return f"you do not hold {missing[0].label}"
    if len(keep) != count:
        return f"keep exactly {count} cards (you named {len(keep)})"
    dropped = [c for c in must_keep if c not in keep]
    if dropped:
        return f"the dealer keeps the upcard {dropped[0].label}"
    return None
