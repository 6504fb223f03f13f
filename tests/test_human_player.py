"""The person at the keyboard: forgiving answers at every kind of question (R16)."""

from __future__ import annotations

import re
from itertools import repeat

import pytest
from consoles import Said
from deals import STANDARD, deal, run
from hypothesis import given
from hypothesis import strategies as st

from euchre_cli.engine.cards import Suit, parse_card, sorted_hand
from euchre_cli.engine.hand import Hand
from euchre_cli.engine.values import ALONE, NAME, ORDER, PASS, PICKUP, PLAY, Phase
from euchre_cli.terminal.human import HumanPlayer, QuitGame, Seat
from euchre_cli.terminal.text import Style, fit_to_width

HAND = {0: "JH QH KH QD JS", 1: "9C TC JC QC KC"}


def answer(hand: Hand, *answers: str, auto_play: bool = True) -> tuple[object, list[str]]:
    """The action the person's answers give at the current question, and what they saw
    (``auto_play=False``: a question with one legal card is asked too)."""
    console = Said(answers)
    player = HumanPlayer(console, Seat(auto_play=auto_play))
    action = player.choose(hand.view(hand.current_seat), hand.legal_actions())
    return action, console.lines


def first_round(dealer: int = 3) -> Hand:
    """Seat 0 bids first (left of dealer 3) on a 9 of spades upcard."""
    return deal(STANDARD, dealer=dealer, hands=HAND, upcard="9S")


@pytest.mark.parametrize("word", ["order", "o", "up", "assist", "yes", "order up", "Order Up"])
def test_r4_order_words(word: str) -> None:
    assert answer(first_round(), word)[0] is ORDER


@pytest.mark.parametrize("word", ["pass", "p", "n"])
def test_r4_pass_words(word: str) -> None:
    assert answer(first_round(), word)[0] is PASS


def test_r4_a_suit_typed_in_the_first_round_is_refused_with_what_to_do() -> None:
    """'h' in the first round was "not understood": say how to bid on the upcard's
    suit, and when another suit may be named."""
    _, said = answer(first_round(), "s", "h", "pass")  # the upcard is the 9 of spades
    assert said[0] == "To make spades trump, answer order (? lists your choices)."
    assert said[1].startswith("The first round bids only on the upcard's suit; another suit")
    _, said = answer(run(first_round(dealer=0), "pass pass pass"), "♠", "n")  # the dealer
    assert said[0] == "To make spades trump, answer y to pick it up (? lists your choices)."


@pytest.mark.parametrize(
    "word, suit",
    [("h", Suit.HEARTS), ("hearts", Suit.HEARTS), ("♦", Suit.DIAMONDS), ("C", Suit.CLUBS)],
)
def test_r5_a_suit_is_named_by_letter_word_or_symbol(word: str, suit: Suit) -> None:
    hand = run(first_round(), "pass pass pass pass")
    assert answer(hand, word)[0] is NAME[suit]


def test_r5_the_turned_down_suit_is_refused_with_the_reason() -> None:
    hand = run(first_round(), "pass pass pass pass")
    action, said = answer(hand, "s", "h")
    assert action is NAME[Suit.HEARTS]
    assert any("spades was turned down" in line for line in said)
    # what is allowed is said in words, not in the engine's action codes
    assert any("(legal: pass, name clubs, name diamonds, name hearts)" in line for line in said)


def test_every_choice_is_taken_in_the_words_question_mark_lists_it() -> None:
    """? said "order up", "not go alone"; typed back, they were "not understood"."""
    hand = first_round()
    _, said = answer(hand, "?", "pass")
    assert "You may: pass, order up." in said[0]
    assert answer(hand, "order up")[0] is ORDER
    alone = run(first_round(), "order")
    assert answer(alone, "not go alone")[0] is PASS and answer(alone, "go alone")[0] is ALONE
    pickup = run(first_round(dealer=0), "order pass pass pass")
    assert answer(pickup, "leave the upcard")[0] is PASS


def test_a_refused_bid_lists_the_choices_in_the_words_that_answer() -> None:
    """At "Defend alone?" the list said "pass, go alone", words for another question."""
    strong = {**HAND, 1: "JC AS KS QS AH"}  # a hand with a hope of defending alone (R6)
    hand = run(deal(STANDARD, dealer=3, hands=strong, upcard="9S"), "order pass")
    _, said = answer(hand, "order", "n")
    assert said[0].endswith("(legal: not defend alone, defend alone).")


def test_a_refusal_with_brackets_of_its_own_adds_no_second_pair() -> None:
    hand = run(first_round(), "order pass pass pass pass")
    _, said = answer(hand, "q", "kh")
    assert said[0].startswith("'q' is not a card (write rank then suit")
    assert said[0].endswith("); ? lists your choices.")


def test_r16_an_empty_answer_is_asked_again_with_what_to_type() -> None:
    action, said = answer(first_round(), "", "zz", "pass")
    assert action is PASS
    assert said[-2].startswith("Please answer order or pass")  # a sentence of its own
    assert "'zz' is not understood here: answer order or pass" in said[-1]


def test_r6_alone_answers_default_to_no() -> None:
    hand = run(first_round(), "order")
    assert answer(hand, "")[0] is PASS
    assert answer(hand, "y")[0] is ALONE


def test_r4_pickup_answers_default_to_yes() -> None:
    hand = run(first_round(dealer=0), "order pass pass pass")  # seat 1 orders, nobody alone
    assert hand.current_seat == 0
    assert answer(hand, "")[0] is PICKUP
    assert answer(hand, "leave")[0] is PASS


def test_p_is_refused_where_the_question_is_whether_to_pick_up() -> None:
    """At "Pick up 9♠?" a p read as pass, leaving the upcard for good."""
    choosing = run(first_round(dealer=0), "order pass pass pass")  # seat 1 orders
    bidding = run(first_round(dealer=0), "pass pass pass")  # the dealer bids last
    for hand, then, means in ((choosing, PICKUP, "leave it"), (bidding, ORDER, "pass")):
        action, said = answer(hand, "p", "y")
        assert action is then
        assert (
            f"'p' could mean pick up or {means}: answer y (pick it up) or n ({means})" in said[-1]
        )
    # the words that refusal suggests are taken
    assert answer(choosing, "leave it")[0] is PASS and answer(choosing, "pick it up")[0] is PICKUP
    assert answer(choosing, "pass")[0] is PASS and answer(bidding, "pass")[0] is PASS


def test_r4_the_dealer_is_asked_to_pick_up_with_yes_or_no() -> None:
    hand = run(first_round(dealer=0), "pass pass pass")  # the dealer bids last
    console = Said(["y"])
    assert HumanPlayer(console).choose(hand.view(0), hand.legal_actions()) is ORDER
    assert console.asked[-1].endswith("Upcard 9♠. Pick it up? [y/n]")
    action, said = answer(hand, "maybe", "n")
    assert action is PASS
    assert "'maybe' is not understood here: answer y (pick it up) or n (pass)" in said[-1]


def test_r7_cards_by_code_or_number_and_refusals_with_reasons() -> None:
    hand = run(first_round(), "order pass pass pass pass")  # the dealer leaves the upcard
    assert hand.current_seat == 0  # left of the dealer leads
    action, said = answer(hand, "zz", "AS", "9", "kh")
    assert action is PLAY[parse_card("KH")]
    assert any("'zz'" in line for line in said)
    assert any("you do not hold A♠" in line for line in said)
    assert any("no card number 9" in line for line in said)
    _, said = answer(hand, "7c", "kh")  # R1: the 24-card pack has no sevens
    assert said[0] == "There is no 7♣ in this game's 24-card deck (? lists your choices)."
    _, said = answer(hand, "jk", "kh")
    assert said[0] == "There is no joker in this game's 24-card deck (? lists your choices)."
    _, said = answer(hand, "10", "kh")
    assert any("no card number 10 (1 to 5); a ten is typed with its suit" in x for x in said)
    shown = [c.code for c in hand.view(0).hand]
    assert answer(hand, "1")[0].card.code in shown


def test_r7_an_only_legal_card_is_played_without_a_question_saying_so() -> None:
    """A question with no choice in it was asked at every hand's last card and at
    every card the person had to follow with; the card is played, and a line says so
    and why.  ``auto_play=False`` asks for an only card again (not for the last)."""
    hand = run(first_round(), "order pass pass pass pass")
    while not (hand.current_seat == 0 and len(hand.view(0).hand) == 1):
        hand.apply(hand.legal_actions()[0])
    (last,) = hand.view(0).hand
    action, said = answer(hand)  # no answer given: none may be asked for
    assert action is PLAY[last] and said == ["You play J♠ (played for you: your last card)."]
    hands = {0: "JH QH KH QD JS", 1: "AD 9C TC JC QC"}
    follow = run(deal(STANDARD, dealer=0, hands=hands, upcard="9S"), "order pass pass pass")
    run(follow, "pass play:AD play:9D play:KD")  # the dealer leaves it; diamonds are led
    assert follow.current_seat == 0 and follow.legal_actions() == [PLAY[parse_card("QD")]]
    action, said = answer(follow)
    assert action is PLAY[parse_card("QD")]
    assert said == ["You play Q♦ (played for you: your only diamond)."]
    console = Said(["qd"])
    person = HumanPlayer(console, Seat(auto_play=False))
    assert person.choose(follow.view(0), follow.legal_actions()) is PLAY[parse_card("QD")]
    (asked,) = console.asked
    assert asked.endswith("Your card (follow ♦ diamonds)")
    assert person.choose(hand.view(0), hand.legal_actions()) is PLAY[last]  # never asked


def test_r7_an_only_trump_is_said_so_the_left_bower_too() -> None:
    hands = {0: "JH AH KH QS KS", 1: "JD 9C TC QC KC"}
    hand = run(deal(STANDARD, dealer=3, hands=hands, upcard="9H"), "order pass pass pass pass")
    run(hand, "play:JH")  # hearts led: the left bower is seat 1's only trump (R2)
    assert hand.current_seat == 1 and hand.legal_actions() == [PLAY[parse_card("JD")]]
    console = Said()
    assert HumanPlayer(console).choose(hand.view(1), hand.legal_actions()) is PLAY[parse_card("JD")]
    assert console.lines == ["You play J♦ (played for you: your only trump)."]


def test_r2_a_refusal_involving_the_left_bower_says_it_is_a_trump() -> None:
    """J♣ under spades looks like a club: refused when clubs are led it needs saying
    why, and so does a club refused on a spade lead while J♣ is held."""
    hands = {0: "AC KS 9D 9H TH", 1: "KC JC 9S TD JD"}
    for lead, typed, then, refusal in [
        ("AC", "jc", "kc", "J♣ is the left bower, a spade this hand: you must follow clubs"),
        ("KS", "kc", "9s", "J♣ is the left bower, a spade this hand: you must follow spades"),
        ("9D", "kc", "td", "Not allowed: you must follow diamonds (legal: J♦, 10♦)."),  # plain
    ]:
        hand = run(deal(STANDARD, dealer=3, hands=hands, upcard="QS"), "order pass pass pass pass")
        run(hand, f"play:{lead}")
        _, said = answer(hand, typed, then, auto_play=False)  # refused though one is legal
        assert any(refusal in line for line in said), said
        assert ("left bower" in " ".join(said)) == (lead != "9D")
    # the bower led: a club in hand looks like following it
    led = {0: "JC KS 9D 9H TH", 1: "KC AC 9S TD JD"}
    hand = run(deal(STANDARD, dealer=3, hands=led, upcard="QS"), "order pass pass pass pass")
    run(hand, "play:JC")
    _, said = answer(hand, "kc", "9s", auto_play=False)
    assert said[0].startswith(
        "Not allowed: J♣ is the left bower, a spade this hand: you must follow spades (legal: 9♠)"
    )


def test_r7_a_refusal_lists_the_legal_cards_as_the_hand_is_numbered() -> None:
    hands = {**HAND, 2: "9H AC 9D AH AS"}
    hand = run(deal(STANDARD, dealer=3, hands=hands, upcard="9S"), "order pass pass pass pass")
    hand = run(hand, "play:KH play:9C")  # hearts led: seat 2 must follow
    _, said = answer(hand, "AS", "AH")
    numbered = [
        c.label for c in sorted_hand(hand.view(2).hand, hand.trump) if c.suit is Suit.HEARTS
    ]
    assert f"(legal: {', '.join(numbered)})" in said[0]
    assert numbered == ["A♥", "9♥"]  # not the engine's order, 9♥ first


def test_r7_the_prompt_says_when_the_led_suit_cannot_be_followed() -> None:
    hand = run(first_round(), "order pass pass pass pass play:KH")  # spades trump, K♥ led
    assert hand.current_seat == 1  # clubs only (J♣ is trump): no hearts
    console = Said(repeat("JC"))
    player = HumanPlayer(console, Seat(auto_play=False))
    player.choose(hand.view(1), hand.legal_actions())
    assert console.asked[-1].endswith("Your card (no ♥ hearts: any card)")
    hand = run(first_round(), "order pass pass pass pass play:JS")  # the right bower led
    player.choose(hand.view(1), hand.legal_actions())  # J♣, the left bower, follows trump
    assert console.asked[-1].endswith("Your card (follow ♠ spades)")


def test_help_says_what_y_and_n_mean_at_yes_or_no_questions() -> None:
    """R4, R6: ``?`` lists what to type, not the engine's action names."""
    hand = run(first_round(), "order")  # seat 0 made trump: alone?
    _, said = answer(hand, "?", "n")
    assert "y (go alone)" in said[0] and "n (not go alone)" in said[0]
    hand = run(first_round(dealer=0), "pass pass pass")  # the dealer bids last
    _, said = answer(hand, "?", "n")
    assert "y (pick it up)" in said[0] and "n (pass)" in said[0]


def test_r5_a_wrong_answer_lists_only_the_suits_that_may_be_named() -> None:
    hand = run(first_round(), "pass pass pass pass")  # spades turned down
    _, said = answer(hand, "x", "h")
    assert "'x' is not understood here: name a suit (c, d or h) or pass" in said[0]


def test_r16_typed_control_characters_and_long_lines_are_not_echoed_raw() -> None:
    """A stray arrow key (ESC [ D) must not move the cursor when the answer is echoed."""
    _, said = answer(first_round(), "pa\x1b[Ds", "x" * 500, "pass")
    assert "'pa?[Ds' is not understood" in said[0]
    assert "x" * 37 + "...'" in said[1] and "x" * 41 not in said[1]


def test_a_hint_with_one_choice_says_it_is_the_only_one() -> None:
    from euchre_cli.players.search.player import Analysis
    from euchre_cli.terminal.human import hint_line

    only = PLAY[parse_card("KH")]
    assert hint_line(Analysis(only, {only: 0.0}), lambda a: "play K♥") == (
        "Hint: play K♥ (the only choice here)."
    )


def test_a_hint_whose_margin_is_the_luck_of_the_deals_says_about_even() -> None:
    from euchre_cli.engine.values import DISCARD
    from euchre_cli.players.search.player import Analysis
    from euchre_cli.terminal.human import hint_line

    ace, king = DISCARD[parse_card("AH")], DISCARD[parse_card("KH")]
    words = {ace: "discard A♥", king: "discard K♥"}.get
    close = Analysis(ace, {ace: 0.509, king: 0.508}, samples=24, game=True)
    assert hint_line(close, words).endswith(
        "(over 24 deals of the unseen cards; about even with discard K♥)."
    )
    clear = Analysis(ace, {ace: 0.55, king: 0.50}, samples=24, game=True)
    assert "about even" not in hint_line(clear, words)
    points = Analysis(ace, {ace: 0.32, king: 0.30}, samples=24)
    assert "about even with discard K♥" in hint_line(points, words)
    # every choice that close is named, not only the runner-up
    nine, ten = DISCARD[parse_card("9C")], DISCARD[parse_card("TC")]
    words = {ace: "discard A♥", king: "discard K♥", nine: "discard 9♣", ten: "discard 10♣"}.get
    tied = Analysis(ace, {ace: 0.3333, king: 0.3331, nine: 0.3330, ten: 0.311}, 24, game=True)
    assert hint_line(tied, words).endswith("; about even with discard K♥ and discard 9♣).")


def test_a_hint_in_a_game_gives_the_points_beside_the_chances() -> None:
    """Early in a game the chances lie close together: the points on the same deals
    say what each choice is worth in this hand."""
    from euchre_cli.players.search.player import Analysis
    from euchre_cli.terminal.human import hint_line

    words = {ORDER: "order up", PASS: "pass"}.get
    chances = Analysis(PASS, {PASS: 0.453, ORDER: 0.411}, samples=24, game=True)
    points = Analysis(PASS, {PASS: -0.71, ORDER: -1.33}, samples=24)
    assert hint_line(chances, words, points) == (
        "Hint: pass: you win the game 45.3% of the time (net -0.71 points this hand) against"
        " order up 41.1% (-1.33) (over 24 deals of the unseen cards)."
    )
    said = answer(first_round(), "hint", "pass")[1]  # no hinter: says so, and asks again
    assert said == ["No hints at this table."]


# A deal where seat 3 plays last to its partner's A♦, void in diamonds (R7).
PARTNERS_ACE = {0: "9D 9C TC QC KC", 1: "AD 9S TS QD JS", 2: "TD QH JC AC KS", 3: "JH KH 9H AS QS"}


def test_r7_play_reasons_in_a_persons_words() -> None:
    from euchre_cli.terminal.words import play_reason

    def reason(hand: Hand, code: str) -> str | None:
        return play_reason(hand.view(hand.current_seat), PLAY[parse_card(code)], label)

    def label(card) -> str:
        return card.label

    hand = run(deal(STANDARD, dealer=3, hands=PARTNERS_ACE, upcard="TH"), "order pass pass pass")
    run(hand, "pass play:9D")
    # seat 1: the Q♦ is the cheapest card that beats the 9♦, not sure to win (R7)
    assert reason(hand, "QD") == "the cheapest card that beats the 9♦"
    assert reason(hand, "AD") is None  # the Q♦ would do
    run(hand, "play:AD play:TD")
    assert reason(hand, "QS") == "your partner's A♦ is already winning the trick"
    assert reason(hand, "9H") is None  # trumping the partner's sure trick: no reason given
    run(hand, "play:QS")  # seat 1 leads
    assert reason(hand, "JS") is None  # not a trump
    # the last to play wins as cheaply as can be; none of seat 3's spades can win
    last = {0: "AS 9C TC QC KC", 1: "9S TS QD AD JS", 2: "QH 9D TD JC AC"}
    hand = deal(STANDARD, dealer=3, hands={**last, 3: "JH KH KS QS 9H"}, upcard="TH")
    run(hand, "order pass pass pass pass play:AS play:9S play:QH")
    assert reason(hand, "QS") == "no card of yours can win the trick: the lowest goes"
    assert reason(hand, "KS") == "no card of yours can win the trick"
    hand = deal(STANDARD, dealer=3, hands={**last, 3: "JH KH JD KD 9H"}, upcard="TH")
    run(hand, "order pass pass pass pass play:AS play:9S play:QH")
    assert reason(hand, "KH") == "the cheapest card that wins the trick"
    assert reason(hand, "JH") is None
    # a lead (R7): the right bower is the highest trump not yet played (R2), the left
    # is not while the right is in the hand
    drawn = {0: "JH JD 9C TS QD", 1: "9H AS KS 9S AC", 2: "TH QS KD 9D TC", 3: "QH KH QC KC AD"}
    hand = run(deal(STANDARD, dealer=3, hands=drawn, upcard="AH"), "order pass pass pass pass")
    assert reason(hand, "JH") == "the highest trump left"
    assert reason(hand, "JD") is None and reason(hand, "9C") is None


def test_a_hint_gives_its_reason_beside_the_points() -> None:
    from euchre_cli.players.search.player import Analysis
    from euchre_cli.terminal.human import hint_line

    low, over = PLAY[parse_card("QS")], PLAY[parse_card("9H")]
    words = {low: "play Q♠", over: "play 9♥"}.get
    why = "your partner's A♦ is already winning the trick"
    analysis = Analysis(low, {low: 0.40, over: 0.42}, samples=24)
    assert hint_line(analysis, words, why=why) == (
        "Hint: play Q♠ (your partner's A♦ is already winning the trick): expected +0.40"
        " points for you against play 9♥ +0.42 (over 24 deals of the unseen cards;"
        " about even with play 9♥)."
    )
    settled = Analysis(low, {}, samples=0)
    assert hint_line(settled, words, why=why) == (
        f"Hint: play Q♠ ({why}; any choice scores the same here)."
    )


def test_help_lists_choices_and_quit_leaves() -> None:
    hand = first_round()
    action, said = answer(hand, "?", "pass")
    assert action is PASS
    assert any("You may: pass, order" in line for line in said)
    hand = run(first_round(), "order pass pass pass pass")  # seat 0 leads: any card
    _, said = answer(hand, "?", "kh")
    shown = ", ".join(c.label for c in sorted_hand(hand.view(0).hand, hand.trump))
    assert f"You may: {shown}." in said[0]  # in the order the hand is numbered
    with pytest.raises(QuitGame):
        answer(hand, "quit")


@given(
    st.lists(st.text(alphabet="ab♠\x1b[31m0", min_size=0, max_size=12), min_size=1, max_size=30),
    st.integers(min_value=8, max_value=100),
)
def test_lines_wider_than_the_terminal_break_between_words(words: list[str], width: int) -> None:
    """No word is split, nothing is lost, and no row is wider than the terminal unless
    one word alone is (colour codes take no columns)."""
    line = " ".join(words)
    rows = fit_to_width(line, width).split("\n")
    assert [w for row in rows for w in row.split(" ") if w] == [w for w in words if w]
    for row in rows:
        visible = re.sub(r"\x1b\[[0-9;]*m", "", row)
        assert len(visible) <= width or " " not in row.strip(" ")


def test_a_narrow_terminal_keeps_indents_and_colour() -> None:
    red = Style(colour=True).card(parse_card("KH"))
    assert fit_to_width(f"  You lead {red}", 13) == f"  You lead {red}"  # 13 columns
    assert fit_to_width("Cy (on your right)", 10) == "Cy (on\nyour\nright)"


def test_r4_the_dealers_partner_is_asked_to_assist() -> None:
    """Seat 0 sits across from dealer 2: 'assist' in the question and in ? alike."""
    hand = first_round(dealer=2)
    console = Said(["?", "assist"])
    assert HumanPlayer(console).choose(hand.view(0), hand.legal_actions()) is ORDER
    assert console.asked[0].endswith("Upcard 9♠. Assist your partner? [order/pass]")
    assert "You may: pass, assist." in console.lines[0]


def test_r4_assist_is_taken_by_its_first_letter_as_bids_are() -> None:
    """? lists "assist" and the README says bids work by their first letter: 'a' was
    refused."""
    assert answer(first_round(dealer=2), "a")[0] is ORDER


def test_r17_the_dealers_partner_hears_that_assisting_means_playing_alone() -> None:
    import dataclasses

    from euchre_cli.engine.rules import BiddingRules

    rules = dataclasses.replace(STANDARD, bidding=BiddingRules(partner_orders_alone=True))
    hand = deal(rules, dealer=2, hands=HAND, upcard="9S")  # seat 0 is the dealer's partner
    console = Said(["pass"])
    assert HumanPlayer(console).choose(hand.view(0), hand.legal_actions()) is PASS
    assert (
        "Assist your partner? (you then play alone, and your partner sits out)"
        in (console.asked[0])
    )


def test_r17_under_natural_trump_a_hand_without_the_suit_is_offered_only_pass() -> None:
    import dataclasses

    from euchre_cli.engine.rules import BiddingRules

    rules = dataclasses.replace(STANDARD, bidding=BiddingRules(natural_trump=True))
    hand = deal(rules, dealer=3, hands={0: "9C TC QC AC KC"}, upcard="9H")
    action, said = answer(hand, "order", "pass")
    assert action is PASS
    assert said[0].startswith("Not allowed: you hold no hearts, bowers included")


def test_the_hinters_work_is_done_where_the_terminal_can_say_so() -> None:
    """A hint, and the five a keep question suggests, are worked out by the search: a
    long one is said ("Working out the hint…") as a computer's turn is."""
    from euchre_cli.players.levels import make_player
    from euchre_cli.terminal.human import WORKING_OUT_THE_HINT

    console = Said(["hint", "pass"])
    player = HumanPlayer(console, hinter=make_player("hard", STANDARD, seed=1))
    hand = first_round()
    assert player.choose(hand.view(0), hand.legal_actions()) is PASS
    assert console.working == [WORKING_OUT_THE_HINT] and console.lines[0].startswith("Hint: ")


HOPELESS = "9C TC 9D TD 9S"  # not a trump, nor an ace: no lone defence (R6)
# you pass, Ann orders up hearts and does not go alone: "Defend alone?" is yours
ANN_ORDERS = "pass order pass"


def defending(hand: str, seat: Seat | None = None) -> tuple[object, list[str]]:
    """The person's answer at "Defend alone?" holding ``hand``, and the questions
    asked (none answered but with n)."""
    console = Said(["n"])
    player = HumanPlayer(console, seat)
    table = run(deal(STANDARD, dealer=3, hands={0: hand}, upcard="9H"), ANN_ORDERS)
    assert table.phase is Phase.DEFENDER_ALONE and table.current_seat == 0
    return player.choose(table.view(0), table.legal_actions()), console.asked


def test_r6_defend_alone_is_asked_only_of_a_hand_with_a_hope() -> None:
    """It was asked on every hand the other side made, so it was answered n unread."""
    assert defending(HOPELESS) == (PASS, [])  # answered no, and that is the move
    action, asked = defending("JH JD AH KS AC")
    assert action is PASS and asked[0].endswith("Defend alone? [y/N]")
    assert defending("JH JD AH KS AC", Seat(ask_defend_alone=False)) == (PASS, [])


def test_undo_goes_back_past_a_defend_alone_never_asked() -> None:
    """Undo at your first card took back the no said for you, which was said again:
    the undo went nowhere, and the bid before it could never be taken back."""
    from euchre_cli.engine.play import TakeBack

    table = run(deal(STANDARD, dealer=3, hands={0: HOPELESS}, upcard="9H"), ANN_ORDERS)
    run(table, "pass pass pass")  # the no said for you, Bob's no; Cy leaves the upcard
    player = HumanPlayer(Said(["undo"]))
    with pytest.raises(TakeBack) as undo:
        player.choose(table.view(0), table.legal_actions())
    earlier, taken = table.taken_back(0, undo.value.decided)
    assert (earlier.phase, earlier.current_seat, len(earlier.history)) == (Phase.BID_UPCARD, 0, 0)
    assert [str(action) for _, action, _ in taken] == ANN_ORDERS.split() + ["pass"] * 3
    assert table.taken_back(0)[0].phase is Phase.DEFENDER_ALONE  # any choice, without it
