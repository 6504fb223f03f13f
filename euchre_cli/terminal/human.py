"""A person at the keyboard: prompts for each decision and reads forgiving answers.

Cards are typed by code (``JH``, ``10h``, ``j♥``) or by their number in the shown
hand; bids by word or first letter; ``?`` lists what is legal.  Anything illegal is
refused with the engine's own reason (R16) and the question is asked again.  The
player reads and writes through injected functions, so it does no I/O of its own.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from functools import partial
from typing import NamedTuple, Protocol

from ..engine.cards import (
    EFFECTIVE_SUIT,
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
    ALONE,
    BEFORE_EXCHANGE,
    DISCARD,
    GIVE,
    NAME,
    ORDER,
    PASS,
    PICKUP,
    PLAY,
    SHOW,
    Action,
    InvalidAction,
    Phase,
    View,
)
from ..limits import whole_number
from ..players.rule_based import worth_weighing
from .console import Console
from .numbers import DEFAULT_ORDER, in_hand_order, numbered
from .text import Style
from .words import ACTION_WORDS, PHASE_WORDS, refusal_words


class QuitGame(Exception):
    """The person typed ``quit``."""


_YES = {"y", "yes", "alone", "a", "pickup", "pick", "take", "t"}
_NO = {"n", "no", "pass", "p", "leave", "l"}
_ORDER_WORDS = {"o", "order", "up", "pick", "pickup", "a", "assist", "accept", "y", "yes"}
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
        if len(view.hand) == 1:
            why = "your last card"
        else:
            led = view.led_suit
            named = "trump" if led is view.trump else led.title.lower().removesuffix("s")
            why = f"your only {named}"
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
        phase = view.phase
        upcard = self.style.card(view.upcard)
        if phase is Phase.BID_UPCARD:
            if view.seat == view.dealer:
                return f"{self._show_hand(view)}\nUpcard {upcard}. Pick it up? [y/n]"
            question = "Assist your partner?" if view.partner == view.dealer else "Order it up?"
            rules = view.rules
            if rules and rules.bidding.partner_orders_alone and view.partner == view.dealer:
                question = "Assist your partner? (you then play alone, and your partner sits out)"
            if legal == [PASS]:  # R17's natural trump: no card of the suit
                named = view.proposed_suit.title.lower()
                return f"{self._show_hand(view)}\nUpcard {upcard}. You hold no {named}: [pass]"
            return f"{self._show_hand(view)}\nUpcard {upcard}. {question} [order/pass]"
        if phase is Phase.NAME_TRUMP:
            suits = "/".join(a.suit.letter.lower() for a in legal if a.kind == "name")
            passing = "/pass" if PASS in legal else " (you are stuck: you must name one)"
            return f"{self._show_hand(view)}\nName trump [{suits}{passing}]"
        if phase is Phase.DEALER_NAMES:
            return f"{self._show_hand(view)}\nThe joker is up: name trump [c/d/h/s]"
        if phase is Phase.MAKER_ALONE:
            partner = "the dummy" if view.dummy_cards and view.partner is None else "your partner"
            return f"{self._show_hand(view)}\nGo alone, without {partner}? [y/N]"
        if phase is Phase.DEFENDER_ALONE:
            return f"{self._show_hand(view)}\nDefend alone? [y/N]"
        if phase is Phase.PICKUP:
            return f"{self._show_hand(view)}\nPick up {upcard}? [Y/n]"
        if phase is Phase.DISCARD:
            passed = _passed_to_me(view)
            if passed:  # R13: the lone player holds six
                return (
                    f"{self._show_hand(view, passed)}\nDiscard which card? (* your partner"
                    " passed you; number or code)"
                )
            return f"{self._show_hand(view)}\nDiscard which card? (number or code)"
        if phase is Phase.WEAK_HAND:
            rules = view.rules
            test = _WEAK_TESTS.get(rules.deal.weak_hand_test, "") if rules else ""
            then = (
                "and swap three cards for the kitty's"
                if rules and (rules.deal.weak_hand == "exchange")
                else "for a new deal"
            )
            return f"{self._show_hand(view)}\nYour hand is weak ({test}). Show it {then}? [y/N]"
        if phase is Phase.CALL_FOR_BEST:
            return (
                f"{self._show_hand(view)}\nYour partner goes alone and calls for your best card."
                " Pass which one? (number or code)"
            )
        led = view.led_suit
        if led is None:
            follow = " (you lead)"
        elif any(Suit(EFFECTIVE_SUIT[view.trump][card]) is led for card in view.hand):
            follow = f" (follow {self.style.suit(led)})"
        else:
            follow = f" (no {self.style.suit(led)}: any card)"
        contract = self.screen.contract() if self.screen else ""
        contract = contract or f"Trump {self.style.suit(view.trump)}"
        return f"{contract}.\n{self._show_hand(view)}\nYour card{follow}"

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
        answers = PHASE_WORDS[view.phase].yes_no
        if view.phase is Phase.BID_UPCARD and view.seat == view.dealer:
            answers = (ORDER, PASS)
        if answers:
            return f"{'y' if action is answers[0] else 'n'} ({words})"
        return words

    # reading answers --------------------------------------------------------------
    def _read(self, view: View, legal: Sequence[Action], answer: str) -> Action:
        """The action an answer means in this phase; ``InvalidAction`` if none."""
        phase = view.phase
        word = answer.lower()
        asked_to_pick_up = phase is Phase.PICKUP or (
            phase is Phase.BID_UPCARD and view.seat == view.dealer
        )
        if word == "p" and asked_to_pick_up:  # "Pick it up?" p: pick up, or pass?
            leave = "leave it" if phase is Phase.PICKUP else "pass"
            raise InvalidAction(
                f"'p' could mean pick up or {leave}: answer y (pick it up) or n ({leave})"
            )
        for action in legal:  # a choice typed as ? lists it: "order up", "not go alone"
            if action.card is None and word == self._action_words(action, view).lower():
                return action
        if phase in _CARD_ACTIONS:
            return _CARD_ACTIONS[phase][self._read_card(view, answer)]
        if phase is Phase.BID_UPCARD:
            if word in _ORDER_WORDS:
                return ORDER
            if word in _NO:
                return PASS
            suit = _suit_in(word)
            if suit is not None:  # R4, R5: only the upcard's suit, until it is turned down
                dealer = view.seat == view.dealer
                if suit is view.proposed_suit:
                    how = "answer y to pick it up" if dealer else "answer order"
                    raise InvalidAction(f"to make {suit.title.lower()} trump, {how}")
                what = "answer y or n" if dealer else "answer order or pass"
                raise InvalidAction(
                    f"the first round bids only on the upcard's suit; another suit may be"
                    f" named in the second round, if the upcard is turned down: {what}"
                )
        elif phase in (Phase.NAME_TRUMP, Phase.DEALER_NAMES):
            if word in ("p", "pass"):
                return PASS
            try:
                return NAME[Suit.parse(word)]
            except ValueError:
                pass
        elif phase in (Phase.MAKER_ALONE, Phase.DEFENDER_ALONE):
            if word in _YES:
                return ALONE
            if word in _NO or not word:
                return PASS
        elif phase is Phase.PICKUP:
            if word in _YES or word in ("pick up", "pick it up") or not word:
                return PICKUP
            if word in _NO or word == "leave it":
                return PASS
        elif phase is Phase.WEAK_HAND:
            if word in _YES or word in ("s", "show"):
                return SHOW
            if word in _NO or not word or word in ("k", "keep"):
                return PASS
        try:
            return Action.parse(answer)
        except InvalidAction:
            what = PHASE_WORDS[phase].answer or _name_a_suit(legal)
            if phase is Phase.BID_UPCARD and view.seat == view.dealer:
                what = "answer y (pick it up) or n (pass)"
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
        if view.phase is Phase.WEAK_EXCHANGE:
            dummy = frozenset()
        note = "* came from the dummy; " if dummy else ""
        if must_keep:  # R4 under mandatory pick-up: one of the five is the upcard
            note = f"{self.style.cards(must_keep)}, the upcard, stays; {note}"
        if view.phase is Phase.WEAK_EXCHANGE:  # R17
            swapped = len(view.hand) - keeping
            note = f"the other {swapped} go face down for the kitty's {swapped}; "
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
        self.console.say(hint_line(analysis, partial(self._action_words, view=view), points))

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


def action_words(action: Action, view: View, style: Style) -> str:
    """A choice in the words the prompts and hints use for it at this seat and phase
    ("pick it up", "not go alone", "play J♥")."""
    in_phase = PHASE_WORDS[view.phase].choices.get(action.kind)
    if in_phase is not None:
        return in_phase
    if action is ORDER and view.seat == view.dealer:
        return "pick it up"
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
# the questions answered with a card, and the action each card stands for there
_CARD_ACTIONS = {Phase.PLAY: PLAY, Phase.DISCARD: DISCARD, Phase.CALL_FOR_BEST: GIVE}
# R17's tests for a weak hand, as the question names them
_WEAK_TESTS = {
    "farmers": "no card above a ten: a farmer's hand",
    "no-ace-no-face": "no ace, no face card, no trump",
}


def _passed_to_me(view: View) -> frozenset[Card]:
    """The card a lone player's partner passed it, while it has six (R13)."""
    rules = view.rules
    called = rules is not None and rules.alone.call_for_best and view.seat in view.alone
    if called and len(view.hand) > HAND_SIZE and view.received:
        return frozenset(view.received[-1:])
    return frozenset()


def _name_a_suit(legal: Sequence[Action]) -> str:
    """What to type when a suit may be named: only the suits that may be."""
    letters = [a.suit.letter.lower() for a in legal if a.kind == "name"]
    listed = ", ".join(letters[:-1]) + f" or {letters[-1]}" if len(letters) > 1 else letters[0]
    return f"name a suit ({listed}) or pass" if PASS in legal else f"name a suit ({listed})"


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


NOISE_IN_GAME = 0.005  # a hint's margin below this chance of winning the game: about even
NOISE_IN_POINTS = 0.05  # ... below this many points per deal


def hint_line(
    analysis, words: Callable[[Action], str], points=None, mine: Action | None = None
) -> str:
    """One line for a hint: the choice, its expected points and the alternatives'.

    ``analysis`` is a search player's ``Analysis``: values are the person's side's
    chance of winning the game, or (a deal outside a game) its expected points minus
    the others' mean, over the deals it drew.  ``points``, the same search weighing
    those points, adds them beside the chances (early in a game the chances of every
    choice lie close together, and points say more).  A card is set against one
    other: ``mine``, the person's own choice (the review), else the runner-up.
    """
    choice = words(analysis.choice)
    if len(analysis.values) == 1 and not analysis.samples:
        return f"Hint: {choice} (the only choice here)."
    if not analysis.samples or len(analysis.values) < 2:
        return f"Hint: {choice} (any choice scores the same here; this is the natural one)."
    ranked = analysis.ranked()
    value = analysis.values[analysis.choice]
    others = [(a, v) for a, v in ranked if a is not analysis.choice]
    if analysis.choice.kind == "play":
        others = [(a, v) for a, v in others if a == mine] or others[:1]
    # a margin this small is the luck of the deals drawn, not a reason: say so, for
    # every choice that close
    noise = NOISE_IN_GAME if analysis.game else NOISE_IN_POINTS
    even = [words(a) for a, v in others if value - v < noise]
    over = f"over {analysis.samples} deals of the unseen cards"
    if even:
        listed = ", ".join(even[:-1]) + f" and {even[-1]}" if len(even) > 1 else even[0]
        over += f"; about even with {listed}"
    if analysis.game:
        worth = points.values if points is not None else {}

        def in_points(action: Action, long: bool = False) -> str:
            if action not in worth:
                return ""
            net = f"net {worth[action]:+.2f} points this hand" if long else f"{worth[action]:+.2f}"
            return f" ({net})"

        against = ", ".join(f"{words(a)} {v:.1%}{in_points(a)}" for a, v in others)
        chance = f"you win the game {value:.1%} of the time{in_points(analysis.choice, True)}"
        return f"Hint: {choice}: {chance} against {against} ({over})."
    against = ", ".join(f"{words(a)} {v:+.2f}" for a, v in others)
    return f"Hint: {choice}: expected {value:+.2f} points for you against {against} ({over})."


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
