"""The table on request (``table`` at any question): ``TableScreen.table`` and
``contract`` read the game and hand the screen is showing."""

from __future__ import annotations

import pytest
from consoles import Said
from deals import STANDARD, deal, run

from euchre_cli.engine.game import Game
from euchre_cli.engine.match import Match, Observers
from euchre_cli.players.rule_based import RuleBasedPlayer
from euchre_cli.rulebook import builtin_names, load_ruleset
from euchre_cli.terminal.screen import TableScreen

NAMES = ["You", "Ann", "Bob", "Cy"]
HANDS = {0: "JH QH KH QD JS", 1: "9C TC JC QC KC"}


def watching(script: str, dealer: int = 3) -> TableScreen:
    """A screen showing seat 0's game after ``script``; ``dealer`` 3 is Cy."""
    game = Game(STANDARD, NAMES, [None] * 4)  # the players are not asked here
    screen = TableScreen(Said(), me=0)
    screen.game_started(game)
    hand = deal(STANDARD, dealer=dealer, hands=HANDS, upcard="9S")
    screen.hand_started(game, hand)
    run(hand, script)
    return screen


def test_the_bidding_is_shown_round_by_round() -> None:
    table = watching("pass pass pass pass pass").table()  # round 1 all pass; round 2: you
    assert table.splitlines()[:4] == [
        "Hand 1: Cy deals; upcard 9♠, turned down.",
        "Round 1 of the bidding: you pass, Ann passes, Bob passes, Cy passes.",
        "Round 2 of the bidding: you pass.",
        "Any suit but spades may be named.",
    ]
    assert watching("").table().splitlines()[1] == "Round 1 of the bidding: no bids yet."
    # once trump is made the bidding stays: who made it, in which round, with which words
    named = watching("pass pass pass pass pass name:H pass pass pass").table().splitlines()
    assert named[2] == "Round 2 of the bidding: you pass, Ann names ♥ hearts."
    assert named[3] == "Trump ♥ hearts: Ann made it."


def test_r6_a_dealer_who_sits_out_did_not_leave_the_upcard() -> None:
    """Ann assists and goes alone: her partner the dealer sits out and never chose
    to leave the upcard (the table said "left by Cy")."""
    screen = watching("pass order alone pass pass")
    lines = screen.table().splitlines()
    assert lines[0] == "Hand 1: Cy deals; upcard 9♠, not taken (Cy sits out)."
    assert lines[1] == "Round 1 of the bidding: you pass, Ann assists."  # R4: the partner's word
    assert lines[2] == "Trump ♠ spades: Ann made it, alone."
    assert "Cy sits out this hand." in lines
    assert screen.contract() == "Trump ♠ spades: Ann made it, alone"


def test_r4_the_upcard_picked_up_or_left_by_the_dealer() -> None:
    assert "upcard 9♠, picked up by Cy." in watching("order pass pass pass pickup").table()
    assert "upcard 9♠, left by Cy." in watching("order pass pass pass pass").table()
    mine = watching("pass pass pass order pass pass pass", dealer=0).table()
    assert "Hand 1: You deal; upcard 9♠, picked up by you." in mine


def test_r4_the_review_shows_the_persons_own_discard_and_no_one_elses() -> None:
    """The dealer's discard is face down: the person sees their own in the review,
    and only that one (a watched game shows every hand, discards too)."""
    mine = watching("pass pass pass order pass pass pass discard:JS", dealer=0).table()
    assert "You discarded J♠." in mine.splitlines()
    theirs = watching("order pass pass pass pickup discard:AD").table()
    assert "discarded" not in theirs
    game = Game(STANDARD, NAMES, [None] * 4)
    screen = TableScreen(Said(), me=None)
    screen.game_started(game)
    hand = deal(STANDARD, dealer=3, hands=HANDS, upcard="9S")
    screen.hand_started(game, hand)
    run(hand, "order pass pass pass pickup discard:AD")
    assert "Cy discarded A♦." in screen.table().splitlines()


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
