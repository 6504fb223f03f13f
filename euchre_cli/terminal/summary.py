"""The table as a seat sees it, in words: what ``table`` shows at any question, the
contract each card's question names, the tricks taken, and the headers of a game
and of a hand.

Each is a pure function of what the seat sees (its ``View``, or every seat's for a
hand shown face up), who sits where (``Seating``) and the score, as
``chess.svg.board(board)`` is of a board: a terminal that is only sent a view (a
player joining from another machine) says the table as this one does.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..engine.cards import JOKER_INDEX, Card
from ..engine.game import Game
from ..engine.rules import Ruleset, partner, scores_text, side_name
from ..engine.values import PASS, Action, Phase, View
from ..rulebook.changes import HouseRules
from .numbers import in_hand_order
from .text import Style
from .words import bid_words

HEADER_WIDTH = 72  # a header line at most: one short line on any terminal


@dataclass(frozen=True)
class Seating:
    """Who sits where, as the table names them: each seat's name, the seats of each
    side, and the person's seat (None: watching), who is "you"."""

    names: tuple[str, ...]  # by seat
    sides: tuple[tuple[int, ...], ...]  # the seats of each side
    me: int | None = None

    @classmethod
    def of(cls, game: Game, person: int | None) -> Seating:
        """The seats of ``game`` as drawn, ``person`` being a player's index (or None)."""
        names = tuple(game.seat_name(seat) for seat in range(game.ruleset.players))
        me = None if person is None else game.seat_of(person)
        return cls(names, game.ruleset.sides, me)

    def subject(self, seat: int) -> str:
        return "You" if seat == self.me else self.names[seat]

    def says(self, seat: int, verb_phrase: str) -> str:
        """``Ann passes`` / ``You pass``: the person at the keyboard is addressed as you."""
        if seat != self.me:
            return f"{self.names[seat]} {verb_phrase}"
        verb, _, rest = verb_phrase.partition(" ")
        word = verb.rstrip(".!")
        second_person = {"goes": "go", "passes": "pass", "does": "do"}.get(
            word, word.removesuffix("s")
        )
        return " ".join(("You", second_person + verb[len(word) :], rest)).rstrip()

    def side_name(self, side: int) -> str:
        return side_name([self.names[seat] for seat in self.sides[side]])

    def scores_text(self, scores: Sequence[int]) -> str:
        return scores_text([self.side_name(side) for side in range(len(self.sides))], scores)

    def relation(self, seat: int) -> str:
        """Where a seat sits from the person's chair: left, partner, right, across."""
        if self.me is None or seat == self.me:
            return ""
        players = len(self.names)
        offset = (seat - self.me) % players
        if players == 4:
            return ("", "on your left", "your partner", "on your right")[offset]
        if players == 3:
            return ("", "on your left", "on your right")[offset]
        return "across"

    def from_me(self, seat: int) -> int:
        """How far round the table, clockwise, ``seat`` sits from the person's chair."""
        return (seat - (self.me or 0)) % len(self.names)


def inline(said: str) -> str:
    """Words from ``says`` or ``subject`` inside a sentence: "you made it", not "You"."""
    return "you" + said[3:] if said == "You" or said.startswith("You ") else said


def _rules(view: View) -> Ruleset:
    assert view.rules is not None, "a seat at a table is told its rules"
    return view.rules


def _lone_defender(view: View) -> int | None:
    """The defender who went alone (R6): the one lone player who did not make trump."""
    return next((seat for seat in view.alone if seat != view.maker), None)


def defenders(view: View) -> list[int]:
    """The seats defending against a Cutthroat maker this hand: partners for this
    hand only (R12), a side with no name of its own."""
    return [s for s in range(view.players) if s != view.maker and s not in view.sitting_out]


def contract_words(view: View, seating: Seating, style: Style) -> str:
    """Trump and who plays for it, for the question at each card: "Trump ♥ hearts:
    Ann made it, alone"; "" before trump is made."""
    if view.trump is None:
        return ""
    said = f"Trump {style.suit(view.trump)}: {inline(seating.says(view.maker, 'made it'))}"
    if view.maker in view.alone:
        said += ", alone"
    lone_defender = _lone_defender(view)
    if lone_defender is not None:
        said += "; " + inline(seating.says(lone_defender, "defends alone"))
    elif _rules(view).temporary_partners:
        together = side_name([seating.subject(seat) for seat in defenders(view)])
        said += f"; {inline(together)} defend"
    return said


def trick_tally(view: View, seating: Seating) -> str:
    """ "Tricks: Ann & Cy 2, Bob & Di 1": the tricks each side has taken this hand."""
    rules = _rules(view)
    if not rules.temporary_partners:
        groups = [(seating.side_name(side), seats) for side, seats in enumerate(rules.sides)]
    else:  # partnerships for this hand only: the maker against the defenders (R12)
        against = defenders(view)
        names = side_name([seating.subject(seat) for seat in against])
        groups = [(seating.subject(view.maker), [view.maker]), (names, against)]
    taken = (f"{label} {sum(view.tricks_won[s] for s in seats)}" for label, seats in groups)
    return "Tricks: " + ", ".join(taken)


def bid_said(seat: int, action: Action, phase: Phase, view: View, style: Style) -> str:
    """A bid in words, its suit styled: "names ♠ spades", "orders it up"."""
    suit = action.suit if action.suit is not None else view.trump
    said = bid_words(seat, action, phase, view.dealer, _rules(view).partnerships)
    return said.format(suit="" if suit is None else style.suit(suit))


def passed_words(seating: Seating, lone: int, card: Card | None, style: Style) -> str:
    """ " J♥ to Ann." for whoever saw the card passed to a lone player (R13), " Ann a
    card." (``card`` None) for the others."""
    if card is None:
        return f" {seating.names[lone]} a card."
    to = "you" if lone == seating.me else seating.names[lone]
    return f" {style.card(card)} to {to}."


def _passed_card(views: Sequence[View], lone: int) -> Card | None:
    """The card passed face down to ``lone``, as the two of them saw it (R13)."""
    for view in views:
        if view.seat == lone:
            return view.received[-1]
        if view.seat == partner(lone):
            return view.given[-1]
    return None


def table_summary(
    views: Sequence[View], seating: Seating, style: Style, number: int, scores: Sequence[int]
) -> str:
    """Everything a player at a real table could tell at a glance or recall of hand
    ``number``: the deal, the bidding or the contract, the tricks, the score.  What the
    ``views`` show between them: one seat's, or every seat's (a hand shown face up)."""
    view = views[0]
    lines = [_deal_line(view, seating, style, number)]
    if view.weak_hand is not None:  # R17: shown to all
        seat, cards = view.weak_hand
        lines.append(seating.says(seat, f"showed {style.cards(cards)}."))
    lines += _bidding_lines(view, seating, style)
    if view.trump is not None:
        lines += _contract_lines(views, seating, style)
    for trick_number, trick in enumerate(view.tricks, start=1):
        won = inline(seating.says(trick.winner, "won"))
        lines.append(f"Trick {trick_number}: {_plays(trick.plays, seating, style)} ({won}).")
    if view.current_trick:
        so_far = _plays(view.current_trick, seating, style)
        lines.append(f"Trick {len(view.tricks) + 1} so far: {so_far}.")
    if view.tricks or view.current_trick:
        lines.append(trick_tally(view, seating) + ".")
    target = _rules(view).game.points_to_win
    lines.append(f"Score: {seating.scores_text(scores)} (game to {target}).")
    return "\n".join(lines)


def _deal_line(view: View, seating: Seating, style: Style, number: int) -> str:
    """ "Hand 3: Cy deals; upcard 9♠, picked up by Cy."."""
    upcard = style.card(view.upcard)
    dealer = inline(seating.subject(view.dealer))
    accepted = any(action is not PASS for _, action in view.bids[: view.players])
    if view.dealer in view.sitting_out and accepted:
        upcard += f", not taken ({dealer} {'sit' if dealer == 'you' else 'sits'} out)"
    elif view.dealer_took_upcard is not None:
        upcard += f", {'picked up' if view.dealer_took_upcard else 'left'} by {dealer}"
    elif not accepted and view.phase not in (Phase.BID_UPCARD, Phase.DEALER_NAMES):
        upcard += ", turned down"
    return f"Hand {number}: {seating.says(view.dealer, 'deals')}; upcard {upcard}."


def _bidding_lines(view: View, seating: Seating, style: Style) -> list[str]:
    """The bidding round by round, and what may still be named."""
    lines = []
    rounds = [(Phase.BID_UPCARD, view.bids[: view.players])]
    rounds.append((Phase.NAME_TRUMP, view.bids[view.players :]))
    for number, (phase, bids) in enumerate(rounds, start=1):
        said = ", ".join(
            inline(seating.says(seat, bid_said(seat, action, phase, view, style)))
            for seat, action in bids
        )
        if said or number == 1:
            lines.append(f"Round {number} of the bidding: {said or 'no bids yet'}.")
    if view.trump is None and view.phase is Phase.NAME_TRUMP:
        lines.append(f"Any suit but {view.proposed_suit.title.lower()} may be named.")
    return lines


def _contract_lines(views: Sequence[View], seating: Seating, style: Style) -> list[str]:
    """The contract, who sits out, the cards passed to a lone player (R13) and the
    discards the views saw."""
    view = views[0]
    lines = [contract_words(view, seating, style) + "."]
    for seat in view.sitting_out:
        lines.append(seating.says(seat, "sits out this hand."))
    for lone in view.alone:  # R13: a card passed face down, seen by the two of them
        if lone in view.passed_to:
            card = _passed_card(views, lone)
            passed = passed_words(seating, lone, card, style)
            lines.append(seating.says(partner(lone), "passed") + passed)
    for seen in views:  # a discard is seen by whoever made it
        if seen.discards:
            lines.append(seating.says(seen.seat, f"discarded {style.cards(seen.discards)}."))
    return lines


def _plays(plays: Iterable[tuple[int, Card]], seating: Seating, style: Style) -> str:
    return ", ".join(f"{seating.subject(seat)} {style.card(card)}" for seat, card in plays)


def game_header(
    rules: Ruleset,
    seating: Seating,
    style: Style,
    draw: Sequence[Sequence[tuple[str, Card]]] = (),
    house: HouseRules | None = None,
    level: str | None = None,
) -> list[str]:
    """The lines that open a game (or a match): the ruleset, the house rules it
    changes, the computer's ``level``, the ``draw`` for seats (each round's names and
    cards), and the table round from the person's chair, their side first."""
    lines = [style.bold(f"Euchre: {rules.name} (game to {rules.game.points_to_win})")]
    house = house if house and house.changes else None
    # a file's description by default says what the house-rules line says better
    if rules.description and (house is None or rules.description != house.default):
        lines.append(style.dim(rules.description))
    if house is not None:
        lines.append(_house_rules_line(house))
    if level is not None:
        lines.append(f"Computer level: {level}.")
    for number, drawn in enumerate(draw, start=1):
        label = "Draw for seats" if number == 1 else "Redraw for the tie"
        lines.append(f"{label}: {', '.join(f'{name} {style.card(card)}' for name, card in drawn)}")
    seats = []
    for seat in sorted(range(rules.players), key=seating.from_me):
        relation = seating.relation(seat)
        seats.append(seating.names[seat] + (f" ({relation})" if relation else ""))
    lines.append("At the table, clockwise: " + ", ".join(seats))
    if rules.dummy.cards and rules.players == 3:
        lines.append("The dummy hand is dealt to the empty place, at the dealer's right.")
    if rules.partnerships:
        sides = sorted(rules.sides, key=lambda side: min(map(seating.from_me, side)))
        mine = [seating.names[seat] for seat in sorted(sides[0], key=seating.from_me)]
        others = [seating.side_name(rules.sides.index(side)) for side in sides[1:]]
        lines.append("Partners: " + " against ".join([side_name(mine), *others]))
    return lines


def _house_rules_line(house: HouseRules) -> str:
    """ "House rules over standard: stick the dealer, game to 7.", as many changes as
    fit in one short line, the rest counted ("..., and 3 more")."""
    start = f"House rules over {house.parent}: "
    changes = house.changes
    for shown in range(len(changes), 0, -1):
        left = len(changes) - shown
        more = f", and {left} more" if left else ""
        line = f"{start}{', '.join(changes[:shown])}{more}."
        if len(line) <= HEADER_WIDTH or shown == 1:
            return line
    raise AssertionError("a house-rules line has a change to say")


def hand_header(
    views: Sequence[View],
    seating: Seating,
    style: Style,
    number: int,
    order: str,
    hands: bool = True,
) -> list[str]:
    """The lines that open hand ``number``: who deals, the dummy, the hands the
    ``views`` hold (shown in ``order``; none without ``hands``), and the upcard."""
    view = views[0]
    lines = [style.bold(f"— Hand {number}: {seating.says(view.dealer, 'deals')} —")]
    cards = _rules(view).dummy.cards
    if cards:
        lines.append(f"A dummy hand of {cards} cards lies face down; the maker will take it.")
    for seen in views if hands else ():
        label = "Your hand" if seen.seat == seating.me else f"{seating.names[seen.seat]}'s hand"
        lines.append(f"{label}: {style.cards(in_hand_order(seen, order))}")
    upcard_note = ""
    if view.phase is Phase.DEALER_NAMES:
        upcard_note = " (the joker: the dealer names trump)"
    elif view.upcard == JOKER_INDEX:  # R15's other form: the joker proposes a suit
        upcard_note = f" (it proposes {style.suit(view.proposed_suit)} as trump)"
    lines.append(f"Upcard: {style.card(view.upcard)}{upcard_note}")
    return lines
