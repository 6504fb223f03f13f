"""The engine as a library: the package's public face, a given deal set up by seat
(R3), a finished hand's points per side (R8), and the README's example."""

from __future__ import annotations

import contextlib
import io
import random
import re
from pathlib import Path

import pytest
from deals import FirstLegal

from euchre_cli import (
    Action,
    Card,
    Hand,
    Phase,
    Ruleset,
    View,
    load_ruleset,
    play_out,
    score_hand,
    shuffled_deck,
)
from euchre_cli.rulebook import builtin_names

README = Path(__file__).resolve().parent.parent / "README.md"


def readme_example() -> tuple[str, str]:
    """The library section's Python block and the text block it says it prints."""
    section = README.read_text(encoding="utf-8").split("## Using the engine as a library")[1]
    code = re.search(r"```python\n(.*?)```", section, re.S).group(1)
    printed = re.search(r"```text\n(.*?)```", section, re.S).group(1)
    return code, printed


def test_the_readme_library_example_prints_what_the_readme_says() -> None:
    code, printed = readme_example()
    assert len(code.strip().splitlines()) <= 12
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, "README.md", "exec"), {})
    assert out.getvalue() == printed


def test_the_public_face_names_what_a_library_user_needs() -> None:
    import euchre_cli

    assert {"Action", "Card", "Hand", "Phase", "Ruleset", "View"} <= set(euchre_cli.__all__)
    assert {"load_ruleset", "score_hand", "play_out", "shuffled_deck"} <= set(euchre_cli.__all__)
    assert all(hasattr(euchre_cli, name) for name in euchre_cli.__all__)
    assert Phase.PLAY.value == "play" and View.__name__ == "View"
    standard = load_ruleset("standard")  # a Ruleset made in code is standard's, to the key
    assert Ruleset(name=standard.name, description=standard.description) == standard


def test_r1_card_parse_reads_the_text_notation() -> None:
    assert Card.parse("JH") is Card.parse("j♥") is Card.parse(" jh ")
    assert Card.parse("10c") is Card.parse("TC") and Card.parse("TC").code == "TC"
    assert Card.parse("benny").is_joker
    with pytest.raises(ValueError, match="is not a card"):
        Card.parse("1H")


@pytest.mark.parametrize("name", builtin_names())
def test_r3_a_deal_given_by_seat_is_the_deal_the_pack_stands_for(name: str) -> None:
    """Every built-in (dummies, 32 cards, the joker): Hand.dealt with each seat's
    cards, the dummy and the kitty of a shuffled deal is the same state."""
    rules = load_ruleset(name)
    rng = random.Random(name)
    for dealer in range(rules.players):
        dealt = Hand(rules, dealer, shuffled_deck(rules, rng))
        hands = [dealt.hand_of(seat) for seat in range(rules.players)]
        dummy = [card for card in rules.cards if dealt.dummy >> card & 1]
        again = Hand.dealt(
            rules, dealer, hands, dealt.upcard, dummy=dummy, kitty=list(dealt.kitty[1:])
        )
        assert (again.hands, again.dummy, again.kitty) == (dealt.hands, dealt.dummy, dealt.kitty)


def test_r3_a_deal_given_in_part_takes_the_rest_from_the_deck_in_order() -> None:
    rules = load_ruleset("cutthroat")
    hands = ["JH JD AH KH QH", "9C TC JC QC KC", "9S TS JS QS KS"]
    hand = Hand.dealt(rules, dealer=0, hands=hands, upcard="9H")
    assert hand.upcard == Card.parse("9H")
    assert hand.hand_of(1) == [Card.parse(code) for code in ["9C", "TC", "JC", "QC", "KC"]]
    spare = [c for c in rules.cards if c.code not in " ".join(hands).split() + ["9H"]]
    assert [c for c in rules.cards if hand.dummy >> c & 1] == spare[:5]
    assert list(hand.kitty) == [Card.parse("9H"), *spare[5:]]


@pytest.mark.parametrize(
    ("hands", "upcard", "dummy", "says"),
    [
        (["JH JD AH KH"], "9H", None, "give 4 hands of 5 cards"),
        (["JH JD AH KH QH"] * 4, "9H", None, "dealt twice: AH, JD, JH, KH, QH"),
        (
            ["JH JD AH KH QH", "9C TC JC QC KC", "9S TS JS QS KS", "9D TD QD KD 7D"],
            "9H",
            None,
            "not in this ruleset's deck: 7D",
        ),
        (
            ["JH JD AH KH QH", "9C TC JC QC KC", "9S TS JS QS KS", "9D TD QD KD AD"],
            "9H",
            "TH",
            "the dummy is 0 cards",
        ),
        (
            ["JH JD AH KH QH", "9C TC JC QC KC", "9S TS JS QS KS", "9D TD QD KD AD"],
            "XX",
            None,
            "'XX' is not a card",
        ),
    ],
)
def test_r3_an_impossible_deal_is_refused_with_the_reason(hands, upcard, dummy, says) -> None:
    with pytest.raises(ValueError, match=re.escape(says)):
        Hand.dealt(load_ruleset("standard"), 0, hands, upcard, dummy=dummy)


def test_r8_a_finished_hand_gives_each_sides_points_in_the_order_of_the_sides() -> None:
    rules = load_ruleset("standard")
    hands = ["JH JD AH KH QH", "9C TC JC QC KC", "9S TS JS QS KS", "9D TD QD KD AD"]
    hand = Hand.dealt(rules, dealer=3, hands=hands, upcard="9H")
    hand.apply(Action.parse("order"))
    play_out(hand, [FirstLegal()] * 4)
    outcome = hand.result().outcome
    assert hand.points() == score_hand(rules.scoring, outcome, 2).points == (2, 0)  # march
    passed = Hand.dealt(rules, dealer=3, hands=hands, upcard="9H")
    play_out(passed, [PassEveryTime()] * 4)
    assert passed.result().trump is None and passed.points() == (0, 0)  # thrown in (R5)
    assert passed.score() is None


class PassEveryTime:
    """Passes whenever passing is legal: every hand is thrown in (R5)."""

    def choose(self, view: View, legal: list[Action]) -> Action:
        return Action.parse("pass") if Action.parse("pass") in legal else legal[0]
