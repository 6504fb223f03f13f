"""Railroad (R13) and the house rules of R17 at the table: watched games, and a person
who goes alone and calls for best, passes a card to a lone partner, or shows a weak
hand and swaps it, each with the hint at every new question (CliRunner with input;
the seeds were found by dealing until the situation came up)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from deals import check_summary
from test_cli_play import expected_points

from euchre_cli.commands.euchre import main
from euchre_cli.engine.game import Game
from euchre_cli.players.levels import make_player
from euchre_cli.rulebook import load_ruleset

CARDS = "1\n2\n3\n4\n5\n6\n" * 5  # a hand's cards: the illegal ones are asked again


def run(*args: str, input: str | None = None):
    return CliRunner().invoke(main, list(args), input=input)


def played(*args: str, answers: str) -> str:
    """What a person saw playing ``args`` with ``answers`` and then quitting."""
    result = run("play", "--level", "easy", "--delay", "0", *args, input=answers + "quit\n")
    assert result.exit_code == 1 and "You quit" in result.output, result.output[-800:]
    return result.output


def kinds_of_hand(summary: dict) -> set[str]:
    """Which kinds of hand with a row of their own (R8, R13) a JSON summary holds."""
    kinds = set()
    for hand in summary["hands"]:
        if hand["trump"] is None:
            continue
        made = sum(hand["tricks"][player] for player in hand["makers"]) >= 3
        kinds.add("made" if made else "euchred")
        if set(hand["alone"]) & set(hand["makers"]):
            kinds.add("maker alone")
        if set(hand["alone"]) - set(hand["makers"]):
            kinds.add("defender alone")
    return kinds


@pytest.mark.parametrize(
    ("level", "seed", "kinds"),
    [
        ("easy", 1, {"made", "euchred", "maker alone"}),
        ("hard", 4, {"made", "maker alone", "defender alone"}),  # four hands, at hard's pace
    ],
    ids=["easy", "hard"],
)
def test_r13_watched_railroad_games_end_with_the_table_scoring(
    level: str, seed: int, kinds: set[str]
) -> None:
    """R8 with R13's 4 for a lone defender: every hand scores its row of the table,
    and the hands add up to the final score.  Only hard defends alone; each seed shows
    the kinds of hand it is here for."""
    result = run(
        "play", "--rules", "railroad", "--watch", "--json", "--seed", str(seed), "--level", level
    )
    assert result.exit_code == 0, result.output[-800:]
    summary = json.loads(result.stdout)
    assert kinds <= kinds_of_hand(summary)
    rules = load_ruleset("railroad")
    totals = dict.fromkeys(summary["sides"], 0)
    for hand in summary["hands"]:
        assert hand["points"] == expected_points(rules, hand, summary["sides"])
        for side, points in hand["points"].items():
            totals[side] += points
    assert totals == summary["scores"]
    assert summary["scores"][summary["winner"]] >= rules.game.points_to_win


def test_r13_a_watched_railroad_game_shows_each_call_for_best() -> None:
    """Watching, every card passed to a lone player is shown, and that player's
    discard comes next: six cards held for a moment, five played."""
    result = run("play", "--rules", "railroad", "--watch", "--seed", "1", "--level", "easy")
    assert result.exit_code == 0
    lines = result.output.splitlines()
    passes = [i for i, line in enumerate(lines) if re.fullmatch(r"\w+ passes \S+ to \w+\.", line)]
    assert passes, "some lone player called for best"
    for i in passes:
        lone = lines[i].split(" to ")[1].rstrip(".")
        assert re.fullmatch(rf"{lone} discards \S+\.", lines[i + 1])


def test_r13_a_person_alone_calls_for_best_and_discards() -> None:
    out = played("--rules", "railroad", "--seed", "1", answers="order\ny\nhint\n1\n" + CARDS)
    assert "You go alone!\n" in out
    assert "Bob sits out this hand.\nAnn discards a card.\nBob passes A♣ to you.\n" in out
    # the card passed is marked, and takes the next number: the others keep theirs
    assert "1:A♥  2:K♥  3:Q♥  4:Q♣  5:Q♦  6:A♣*\n" in out
    assert "Discard which card? (* your partner passed you; number or code)" in out
    assert "Hint: discard " in out  # the hint works at the new question
    assert "You discard A♥.\nYour hand: K♥ Q♥ Q♣ Q♦ A♣\n" in out


def test_r13_a_person_passes_a_card_to_a_partner_alone() -> None:
    out = played("--rules", "railroad", "--seed", "23", answers="pass\nhint\n?\nAH\n" + CARDS)
    assert "Bob goes alone!\nYou sit out this hand.\nBob discards a card.\n" in out
    assert "Your partner goes alone and calls for your best card. Pass which one?" in out
    assert "Hint: pass " in out
    assert "You may: A♥, K♥, 10♥, 9♥, A♣." in out  # ? lists the cards to pass
    assert "You pass A♥ to Bob.\nBob discards a card.\n" in out


@pytest.fixture
def exchange(tmp_path: Path) -> Path:
    house = tmp_path / "swap.yaml"
    house.write_text("extends: standard\ndeal: {weak_hand: exchange}\n", encoding="utf-8")
    return house


def test_r17_a_person_shows_a_farmers_hand_and_swaps_three(exchange: Path) -> None:
    answers = "hint\ny\nhint\n10h 9h\npass\npass\npass\n" + CARDS
    out = played("--rules", str(exchange), "--seed", "586", answers=answers)
    assert (
        "Your hand is weak (no card above a ten: a farmer's hand)."
        " Show it and swap three cards for the kitty's? [y/N]"
    ) in out
    assert "Hint: show your hand" in out or "Hint: keep your hand" in out
    assert "Hint: keep 10♥ 9♥ (the two the search rates best" in out
    assert "You show a weak hand: 9♠ 10♥ 9♥ 10♣ 9♦.\n" in out
    assert "Keep which 2? (the other 3 go face down for the kitty's 3;" in out
    assert "You swap 9♠ 10♣ 9♦ for the kitty's J♥ 10♦ A♠.\n" in out
    assert "1:A♠  2:J♥  3:10♥  4:9♥  5:10♦" in out  # bidding on the hand it swapped


def test_r17_keeping_the_two_refuses_a_wrong_count_and_takes_enter(exchange: Path) -> None:
    out = played("--rules", str(exchange), "--seed", "586", answers="y\n1 2 3\n\n" + CARDS)
    assert "Not allowed: keep exactly 2 cards (you named 3)" in out
    assert "You swap 9♠ 10♣ 9♦ for the kitty's" in out  # Enter kept the hinted two


def test_r17_a_redeal_shows_the_hand_and_deals_again(tmp_path: Path) -> None:
    house = tmp_path / "redeal.yaml"
    house.write_text("extends: standard\ndeal: {weak_hand: redeal}\n", encoding="utf-8")
    out = played("--rules", str(house), "--seed", "586", answers="y\n\n" + "pass\n" * 4)
    assert "You show a weak hand: 9♠ 10♥ 9♥ 10♣ 9♦.\n" in out
    assert "The hand is thrown in, and Bob deals again.\n" in out
    assert "— Hand 2: Bob deals —" in out  # R17: the same dealer


@pytest.mark.parametrize("level", ["easy", "hard"])
def test_r17_watched_games_with_every_house_rule_end_and_score(tmp_path: Path, level: str) -> None:
    """A game to 4 (at hard, seed 1's four hands show a weak hand swapped, a partner
    ordering alone, defenders alone and cards passed for best)."""
    house = tmp_path / "all.yaml"
    house.write_text(
        "extends: railroad\ndeal: {weak_hand: exchange}\n"
        "bidding: {natural_trump: true, partner_orders_alone: true}\ngame: {points_to_win: 4}\n",
        encoding="utf-8",
    )
    watched = ("play", "--rules", str(house), "--watch", "--json", "--seed", "1", "--level", level)
    result = run(*watched)
    assert result.exit_code == 0, result.output[-800:]
    summary = json.loads(result.stdout)
    assert summary["ruleset"] == "all" and summary["winner"] in summary["sides"]
    rules = load_ruleset(str(house))
    for hand in summary["hands"]:  # every hand scores its row of the table (R8, R13)
        assert hand["points"] == expected_points(rules, hand, summary["sides"])


def test_r13_json_summaries_of_railroad_games_agree_with_themselves() -> None:
    rules = load_ruleset("railroad")
    names = ["Ann", "Bob", "Cy", "Di"]
    players = [make_player("easy", rules, f"7:{i}") for i in range(4)]
    game = Game(rules, names, players, seed=7)
    game.play()
    check_summary(game)


def test_r17_a_redeal_is_marked_in_the_json_summary(tmp_path: Path) -> None:
    house = tmp_path / "redeal.yaml"  # a game to 1: the hand thrown in, then one scored
    house.write_text(
        "extends: standard\ndeal: {weak_hand: redeal}\ngame: {points_to_win: 1}\n",
        encoding="utf-8",
    )
    result = run(
        "play",
        "--rules",
        str(house),
        "--seed",
        "586",
        "--level",
        "easy",
        "--json",
        input="y\n" + "pass\n" * 40 + "quit\n",
    )
    assert "You show a weak hand" in result.output
    result = run("play", "--rules", str(house), "--watch", "--json", "--seed", "586")
    hands = json.loads(result.stdout)["hands"]
    redealt = [number for number, hand in enumerate(hands) if hand.get("redeal")]
    assert redealt == [0]  # Ann's farmer's hand, shown by the hard player
    assert hands[0]["trump"] is None and hands[0]["points"] == {}
    assert hands[1]["dealer"] == hands[0]["dealer"]  # R17: the same dealer deals again
