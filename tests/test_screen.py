"""The screen (``TableScreen``): the table on request from what it sees, the pace
of the computer's turns, and the header from the person's chair.  The words of the
table are ``test_summary.py``'s."""

from __future__ import annotations

import pytest
from consoles import Said
from deals import STANDARD, deal, run

from euchre_cli.engine.game import Game
from euchre_cli.engine.match import Match, Observers
from euchre_cli.players.rule_based import RuleBasedPlayer
from euchre_cli.rulebook import builtin_names, load_ruleset
from euchre_cli.terminal.screen import TableScreen
from euchre_cli.terminal.summary import Seating, contract_words, table_summary

NAMES = ["You", "Ann", "Bob", "Cy"]
HANDS = {0: "JH QH KH QD JS", 1: "9C TC JC QC KC"}


def test_the_table_on_request_is_the_summary_of_what_the_screen_sees() -> None:
    """The person's view at the person's screen; every seat's at a watched one."""
    for me, seats in ((0, [0]), (None, [0, 1, 2, 3])):
        game = Game(STANDARD, NAMES, [None] * 4)  # the players are not asked here
        screen = TableScreen(Said(), me=me)
        assert screen.table() == "The game has not started." and screen.contract() == ""
        screen.game_started(game)
        hand = deal(STANDARD, dealer=3, hands=HANDS, upcard="9S")
        screen.hand_started(game, hand)
        run(hand, "order pass pass pass pickup discard:AD")
        seating = Seating(tuple(NAMES), STANDARD.sides, me)
        views = [hand.view(seat) for seat in seats]
        assert screen.table() == table_summary(views, seating, screen.style, 1, game.scores)
        assert screen.contract() == contract_words(views[0], seating, screen.style)
        assert ("Cy discarded A♦." in screen.table()) is (me is None)


@pytest.mark.parametrize("rules", ["standard", "cutthroat", "railroad"])
def test_a_computer_turn_is_paced_only_when_it_showed_something(rules: str) -> None:
    """The pause lets a person follow what a turn showed; after a turn that showed
    nothing (a maker or a defender not going alone, each of a run of discards said
    at the end as one line) the screen sat still: after "Bob made it." three such
    pauses, after a Cutthroat maker took the dummy six."""
    console = Said()
    ruleset = load_ruleset(rules)
    players = [RuleBasedPlayer() for _ in range(ruleset.players)]
    names = NAMES[: ruleset.players]
    screen = TableScreen(console, me=0)
    Match(ruleset, names, players, 7, None, Observers(screen), game_factory=Game).play()
    pauses = console.pauses  # the lines said before each pause: never two pauses in a row
    assert len(pauses) > 100 and pauses[0] > 0 and len(set(pauses)) == len(pauses)


@pytest.mark.parametrize("rules", builtin_names())
def test_the_header_names_you_first_and_your_side_first(rules: str) -> None:
    """Where seats are drawn (classic, thirty-two) the header went round the table
    from seat 0: "At the table, clockwise: Cy (on your right), You, ...", "Partners:
    Cy & Bob against You & Ann"."""
    ruleset = load_ruleset(rules)
    names = ["Pat", *NAMES[1 : ruleset.players]]
    for seed in range(12):
        console = Said()
        game = Game(ruleset, names, [None] * ruleset.players, seed=seed)
        game.observer = TableScreen(console, me=0)
        game.start()
        lines = console.lines
        seats = next(line for line in lines if line.startswith("At the table, clockwise: "))
        assert seats.startswith("At the table, clockwise: Pat, ")
        assert seats.endswith(" (on your right)" if ruleset.players > 2 else " (across)")
        if ruleset.partnerships:
            partner = game.seat_name((game.seat_of(0) + 2) % 4)
            assert any(line.startswith(f"Partners: Pat & {partner} against ") for line in lines)
