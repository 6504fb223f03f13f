"""What the program says about each phase of a deal, and why an action is refused.

``PHASE_WORDS`` holds, for every ``Phase``, all the words said about it: by a
refusal, the question a person is asked and the answers it takes (typed words, a
card, a suit), the hints, the bids and the rest of the table, and the review.  A
new phase gets its words here (``tests/test_words.py`` checks that each phase has
what it needs).  A hint's line (``hint_line``) is here too, Click-free, for the web
table's hints as for the terminal's.

The engine refuses an action with an ``IllegalAction`` that names the reason
(``Refusal``) and what it is about; ``refusal_words`` says it to a person, the same
at a prompt, in a record imported or resumed, and from the library (R16).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from ..engine.cards import (
    EFFECTIVE_SUIT,
    TRICK_STRENGTH,
    TRUMP_POWER,
    Card,
    Suit,
    bit_indices,
    mask_of,
)
from ..engine.rules import partner
from ..engine.values import (
    ALONE,
    DISCARD,
    GIVE,
    NAME,
    ORDER,
    PASS,
    PICKUP,
    PLAY,
    SHOW,
    Action,
    IllegalAction,
    InvalidAction,
    Phase,
    Refusal,
    View,
)
from ..players.rule_based import sure_partner_trick, sure_to_win, unseen_cards, winning_card
from ..records.game import IllegalMove, RecordError
from .numbers import passed_by_partner


class Style(Protocol):
    """How a question shows a card and a suit (``text.Style``, which is Click's: the
    words stay Click-free, for the web table too)."""

    def card(self, card: Card) -> str: ...

    def suit(self, suit: Suit) -> str: ...


# actions as a person says them, where the action's name is not already the word
ACTION_WORDS = {"order": "order up", "alone": "go alone", "pickup": "pick up"}


def in_words(action: Action) -> str:
    """An action as a person would say it: "9♠", "pass", "name hearts"."""
    if action.card is not None:
        return action.card.label
    if action.suit is not None:
        return f"{action.kind} {action.suit.title.lower()}"
    return ACTION_WORDS.get(action.kind, action.kind)


@dataclass(frozen=True)
class Question:
    """A decision put to a person, as the words of its question need it."""

    view: View
    legal: Sequence[Action]
    style: Style


@dataclass(frozen=True)
class PhaseWords:
    """Everything the program says about one phase of a deal, and the answers a
    person may give to its question."""

    going_on: str
    """What is going on, as a refusal says it: "'play:AS' is not allowed now, while
    *the dealer decides to pick up*"; once the hand is over, the refusal itself."""
    about: str = ""
    """What a decision of the phase was about, for the review ("picking up the
    upcard"); a card played says its trick instead."""
    question: Callable[[Question], str] | None = None
    """The question, under the person's hand: "Defend alone? [y/N]"."""
    shows_contract: bool = False
    """The question is headed by the contract ("Trump ♥ hearts: Ann made it.")."""
    typed: Mapping[str, Action] = field(default_factory=dict)
    """The words a person may type as an answer, and the action each means."""
    card: Mapping[Card, Action] | None = None
    """What a card typed (by its code or its number) stands for, where the question
    is answered with one: ``PLAY``, ``DISCARD``, ``GIVE``."""
    suit: Callable[[View, Suit], Action] | None = None
    """What a suit typed means, where one may be typed: the action, or
    ``InvalidAction`` saying why not and what to answer instead."""
    answer: str = ""
    """What to answer, for an answer not understood ("answer y or n")."""
    p_could_mean: str = ""
    """Where the question is whether to pick up, what a bare "p" could mean besides
    ("pass", "leave it"): it is refused, not guessed."""
    yes_no: tuple[Action, Action] | None = None
    """What y and n mean, where the question is answered so."""
    choices: Mapping[str, str] = field(default_factory=dict)
    """An action's words, by kind, where this phase changes them ("not go alone")."""
    bids: Mapping[str, str] = field(default_factory=dict)
    """A bid as the table says it, by kind, and an order up by who makes it (the
    ``dealer``, the dealer's ``partner``, or any other seat: ``order``): "names
    {suit}", "assists", the suit named standing for ``{suit}``."""
    taken_back: tuple[str, str] | None = None
    """The table's words for a y or an n taken back ("goes alone", "does not go alone")."""
    laid_away: str = ""
    """The verb for cards laid face down, which only their owner sees ("discards")."""
    kept: str = ""
    """What the question which cards to keep says of the rest, where this phase asks
    it ("the other {count} go face down for the kitty's {count}; ")."""
    dealer: PhaseWords | None = None
    """The words where the question is the dealer's own, when they differ ("Pick it
    up? [y/n]" for "Order it up?")."""


def phase_words(view: View) -> PhaseWords:
    """The words of the question ``view`` is asked: its phase's, or the dealer's own."""
    words = PHASE_WORDS[view.phase]
    return words.dealer if words.dealer is not None and view.seat == view.dealer else words


def bid_words(seat: int, action: Action, phase: Phase, dealer: int, partnerships: bool) -> str:
    """What a player says when bidding (R4, R5, R15), in the words of the phase the
    bid was made in; ``{suit}`` stands for the suit named, to be styled by the caller."""
    kind = action.kind
    if kind == "order" and seat == dealer:
        kind = "dealer"
    elif kind == "order" and partnerships and seat == partner(dealer):
        kind = "partner"
    return PHASE_WORDS[phase].bids[kind]


def name_a_suit(legal: Sequence[Action]) -> str:
    """What to type when a suit may be named: only the suits that may be."""
    letters = [a.suit.letter.lower() for a in legal if a.kind == "name"]
    listed = ", ".join(letters[:-1]) + f" or {letters[-1]}" if len(letters) > 1 else letters[0]
    return f"name a suit ({listed}) or pass" if PASS in legal else f"name a suit ({listed})"


# The words typed for yes and no, and for ordering up (R4)
_YES = {"y", "yes", "alone", "a", "pickup", "pick", "take", "t"}
_NO = {"n", "no", "pass", "p", "leave", "l"}
_ORDER_WORDS = {"o", "order", "up", "pick", "pickup", "a", "assist", "accept", "y", "yes"}


def _typed(meant: Mapping[Action, Iterable[str]]) -> dict[str, Action]:
    """The typed answers of a question, from the words that mean each action."""
    return {word: action for action, words in meant.items() for word in words}


def _upcard_question(asked: Question) -> str:
    """R4: order up the upcard, or assist as the dealer's partner (R17: and play alone)."""
    view = asked.view
    upcard = asked.style.card(view.upcard)
    question = "Assist your partner?" if view.partner == view.dealer else "Order it up?"
    rules = view.rules
    if rules and rules.bidding.partner_orders_alone and view.partner == view.dealer:
        question = "Assist your partner? (you then play alone, and your partner sits out)"
    if list(asked.legal) == [PASS]:  # R17's natural trump: no card of the suit
        return f"Upcard {upcard}. You hold no {view.proposed_suit.title.lower()}: [pass]"
    return f"Upcard {upcard}. {question} [order/pass]"


def _pick_it_up_question(asked: Question) -> str:
    return f"Upcard {asked.style.card(asked.view.upcard)}. Pick it up? [y/n]"


def _upcard_suit(how: str, what: str) -> Callable[[View, Suit], Action]:
    """A suit typed in the first round (R4, R5), which bids only on the upcard's
    suit: ``how`` to make it trump, or ``what`` to answer until it is turned down."""

    def refused(view: View, suit: Suit) -> Action:
        if suit is view.proposed_suit:
            raise InvalidAction(f"to make {suit.title.lower()} trump, {how}")
        raise InvalidAction(
            "the first round bids only on the upcard's suit; another suit may be named in"
            f" the second round, if the upcard is turned down: {what}"
        )

    return refused


def _suit_named(view: View, suit: Suit) -> Action:
    return NAME[suit]


def _name_trump_question(asked: Question) -> str:
    suits = "/".join(a.suit.letter.lower() for a in asked.legal if a.kind == "name")
    passing = "/pass" if PASS in asked.legal else " (you are stuck: you must name one)"
    return f"Name trump [{suits}{passing}]"


def _go_alone_question(asked: Question) -> str:
    view = asked.view
    partner = "the dummy" if view.dummy_cards and view.partner is None else "your partner"
    return f"Go alone, without {partner}? [y/N]"


def _discard_question(asked: Question) -> str:
    if passed_by_partner(asked.view):  # R13: the lone player holds six
        return "Discard which card? (* your partner passed you; number or code)"
    return "Discard which card? (number or code)"


# R17's tests for a weak hand, as the question names them
_WEAK_TESTS = {
    "farmers": "no card above a ten: a farmer's hand",
    "no-ace-no-face": "no ace, no face card, no trump",
}


def _weak_hand_question(asked: Question) -> str:
    rules = asked.view.rules
    test = _WEAK_TESTS.get(rules.deal.weak_hand_test, "") if rules else ""
    exchange = rules and rules.deal.weak_hand == "exchange"
    then = "and swap three cards for the kitty's" if exchange else "for a new deal"
    return f"Your hand is weak ({test}). Show it {then}? [y/N]"


def _card_question(asked: Question) -> str:
    """R7: a card to play, following the suit led where the hand can."""
    view, style = asked.view, asked.style
    led = view.led_suit
    if led is None:
        return "Your card (you lead)"
    if any(Suit(EFFECTIVE_SUIT[view.trump][card]) is led for card in view.hand):
        return f"Your card (follow {style.suit(led)})"
    return f"Your card (no {style.suit(led)}: any card)"


_YES_OR_NO = "answer y or n"
_BIDS = {"pass": "passes", "name": "names {suit}"}
PHASE_WORDS = {
    Phase.WEAK_HAND: PhaseWords(
        going_on="weak hands may be shown",
        about="showing a weak hand",
        question=_weak_hand_question,
        typed=_typed({SHOW: [*_YES, "s", "show"], PASS: [*_NO, "", "k", "keep"]}),
        answer=_YES_OR_NO,
        yes_no=(SHOW, PASS),
        choices={"pass": "keep your hand", "show": "show your hand"},
        taken_back=("shows a weak hand", "keeps the hand"),
    ),
    Phase.WEAK_EXCHANGE: PhaseWords(  # asked as one question: which cards to keep
        going_on="a weak hand swaps cards with the kitty",
        about="the weak hand's swap",
        laid_away="swaps",
        kept="the other {count} go face down for the kitty's {count}; ",
    ),
    Phase.BID_UPCARD: PhaseWords(
        going_on="bidding on the upcard",
        about="bidding, first round",
        question=_upcard_question,
        typed=_typed({ORDER: _ORDER_WORDS, PASS: _NO}),
        suit=_upcard_suit("answer order", "answer order or pass"),
        answer="answer order or pass",
        # a dealer's bid under the joker, as the table's first round says it (R15)
        bids={**_BIDS, "dealer": "picks it up", "partner": "assists", "order": "orders it up"},
        dealer=PhaseWords(  # R4: the dealer bids by picking the upcard up
            going_on="bidding on the upcard",
            question=_pick_it_up_question,
            typed=_typed({ORDER: _ORDER_WORDS, PASS: _NO}),
            suit=_upcard_suit("answer y to pick it up", "answer y or n"),
            answer="answer y (pick it up) or n (pass)",
            p_could_mean="pass",
            yes_no=(ORDER, PASS),
            choices={"order": "pick it up"},
        ),
    ),
    Phase.NAME_TRUMP: PhaseWords(
        going_on="naming trump",
        about="bidding, second round",
        question=_name_trump_question,
        typed=_typed({PASS: ["p", "pass"]}),
        suit=_suit_named,
        bids=_BIDS,
    ),
    Phase.DEALER_NAMES: PhaseWords(
        going_on="the dealer names trump",
        about="naming trump under the joker",
        question=lambda asked: "The joker is up: name trump [c/d/h/s]",
        typed=_typed({PASS: ["p", "pass"]}),
        suit=_suit_named,
        bids={"name": "turns up the joker and names {suit}"},
    ),
    Phase.MAKER_ALONE: PhaseWords(
        going_on="the maker decides to go alone",
        about="going alone",
        question=_go_alone_question,
        typed=_typed({ALONE: _YES, PASS: [*_NO, ""]}),
        answer=_YES_OR_NO,
        yes_no=(ALONE, PASS),
        choices={"pass": "not go alone"},
        taken_back=("goes alone", "does not go alone"),
    ),
    Phase.DEFENDER_ALONE: PhaseWords(
        going_on="the defenders decide to go alone",
        about="defending alone",
        question=lambda asked: "Defend alone? [y/N]",
        typed=_typed({ALONE: _YES, PASS: [*_NO, ""]}),
        answer=_YES_OR_NO,
        yes_no=(ALONE, PASS),
        choices={"pass": "not defend alone", "alone": "defend alone"},
        taken_back=("defends alone", "does not defend alone"),
    ),
    Phase.PICKUP: PhaseWords(
        going_on="the dealer decides to pick up",
        about="picking up the upcard",
        question=lambda asked: f"Pick up {asked.style.card(asked.view.upcard)}? [Y/n]",
        typed=_typed({PICKUP: [*_YES, "pick up", "pick it up", ""], PASS: [*_NO, "leave it"]}),
        answer=_YES_OR_NO,
        p_could_mean="leave it",
        yes_no=(PICKUP, PASS),
        choices={"pass": "leave the upcard"},
        taken_back=("picks up the upcard", "leaves the upcard"),
    ),
    Phase.DISCARD: PhaseWords(
        going_on="discarding",
        about="the discard",
        question=_discard_question,
        card=DISCARD,
        laid_away="discards",
    ),
    Phase.CALL_FOR_BEST: PhaseWords(
        going_on="passing a card to a lone partner",
        about="the card for your lone partner",
        question=lambda asked: (
            "Your partner goes alone and calls for your best card. Pass which one? (number or code)"
        ),
        card=GIVE,
        laid_away="passes",
    ),
    Phase.PLAY: PhaseWords(
        going_on="playing a card", question=_card_question, shows_contract=True, card=PLAY
    ),
    Phase.OVER: PhaseWords(going_on="the hand is over"),
}
"""Every phase's words (see ``PhaseWords``)."""


REFUSAL_WORDS = {
    Refusal.HAND_OVER: "{going_on}",
    Refusal.NOT_YOUR_TURN: "it is seat {to_act}'s turn, not seat {seat}'s",
    Refusal.NOT_HELD: "you do not hold {card}",
    Refusal.MUST_FOLLOW: "you must follow {suit}",
    Refusal.DEALER_KEEPS_UPCARD: "the dealer keeps the upcard {card}; discard another card",
    Refusal.NO_TRUMP_HELD: "you hold no {suit}, bowers included, and a bid needs one",
    Refusal.TURNED_DOWN: "{suit} was turned down; name another suit",
    Refusal.DEALER_STUCK: "the dealer is stuck and must name a suit",
    Refusal.ALONE_BEFORE_TRUMP: (
        "going alone, where the rules allow it, is declared once trump is made; bid first"
    ),
    Refusal.NOBODY_ALONE: "nobody may go alone now under these rules",
    Refusal.NOT_NOW: "'{action}' is not allowed now, while {going_on}",
}
"""Each reason the engine gives for refusing an action, in words (``refusal_words``
fills in what it names)."""


def refusal_words(refused: IllegalAction, words: Callable[[Action], str] = in_words) -> str:
    """Why the engine refused an action, and what is legal, in a person's words (R16):
    "you must follow hearts (legal: 10♥, A♥)".  ``words`` names the legal actions as
    the asker names them (a prompt lists the answers it takes)."""
    action, suit, bower = refused.action, refused.suit, refused.bower
    said = REFUSAL_WORDS[refused.reason].format(
        action=action.text,
        card="" if action.card is None else action.card.label,
        suit="" if suit is None else suit.title.lower(),
        seat=refused.seat,
        to_act=refused.to_act,
        going_on=PHASE_WORDS[refused.phase].going_on,
    )
    if refused.legal:
        said += f" (legal: {', '.join(words(a) for a in refused.legal)})"
    if bower is not None:  # R2: a left bower is a trump this hand, whatever it shows
        trump = bower.suit.same_colour.title.lower().removesuffix("s")
        said = f"{bower.label} is the left bower, a {trump} this hand: {said}"
    return said


def record_words(error: RecordError) -> str:
    """A record that does not replay, in one line: where, and why (a move the rules
    refuse says why as ``refusal_words`` does)."""
    if isinstance(error, IllegalMove):
        return f"{error.where}: {refusal_words(error.refused)}"
    return str(error)


NOISE_IN_GAME = 0.005  # a hint's margin below this chance of winning the game: about even
NOISE_IN_POINTS = 0.05  # ... below this many points per deal


def play_reason(view: View, action: Action, card: Callable[[Card], str]) -> str | None:
    """Why a card is the one to play, in a person's words, where a common reason
    applies (R7), from what the seat sees only (``card`` words a card): under a
    partner's sure trick, the cheapest card that wins or beats the best so far, the
    lowest when no card can win, the highest trump left as a lead."""
    if view.phase is not Phase.PLAY or action.card is None or view.trump is None:
        return None
    trump, chosen = view.trump, int(action.card)
    power = TRUMP_POWER[trump]
    if not view.current_trick:  # a lead: the highest trump not yet played?
        others = unseen_cards(view) | mask_of(view.hand)
        higher = [c for c in bit_indices(others) if power[c] > power[chosen]]
        return "the highest trump left" if power[chosen] and not higher else None
    led = EFFECTIVE_SUIT[trump][view.current_trick[0][1]]
    strength = TRICK_STRENGTH[trump][led]
    seat, best, level = winning_card(view)
    held = [int(c) for c in view.hand]
    legal = [c for c in held if EFFECTIVE_SUIT[trump][c] == led] or held  # R7
    if sure_partner_trick(view) is not None:
        if strength[chosen] > level:
            return None  # taking it from the partner: no reason a person would give
        return f"your partner's {card(Card(best))} is already winning the trick"
    if strength[chosen] > level:
        if any(level < strength[c] < strength[chosen] for c in legal):
            return None
        if sure_to_win(view, strength[chosen]):
            return "the cheapest card that wins the trick"
        return f"the cheapest card that beats the {card(Card(best))}"
    if seat == view.partner or any(strength[c] > level for c in legal):
        return None
    if all((power[chosen], chosen & 7) <= (power[c], c & 7) for c in legal):
        return "no card of yours can win the trick: the lowest goes"
    return "no card of yours can win the trick"


def hint_line(
    analysis,
    words: Callable[[Action], str],
    points=None,
    mine: Action | None = None,
    why: str | None = None,
) -> str:
    """One line for a hint: the choice, its expected points and the alternatives'.

    ``analysis`` is a search player's ``Analysis``: values are the person's side's
    chance of winning the game, or (a deal outside a game) its expected points minus
    the others' mean, over the deals it drew.  ``points``, the same search weighing
    those points, adds them beside the chances (early in a game the chances of every
    choice lie close together, and points say more).  A card is set against one
    other: ``mine``, the person's own choice (the review), else the runner-up.
    ``why``, a reason in a person's words (``play_reason``), is said beside the choice.
    """
    choice = words(analysis.choice)
    if len(analysis.values) == 1 and not analysis.samples:
        return f"Hint: {choice} (the only choice here)."
    if not analysis.samples or len(analysis.values) < 2:
        if why:
            return f"Hint: {choice} ({why}; any choice scores the same here)."
        return f"Hint: {choice} (any choice scores the same here; this is the natural one)."
    if why:
        choice = f"{choice} ({why})"
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
