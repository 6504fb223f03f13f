"""``euchre play`` and its shortcuts, driven as a user would (CliRunner with input)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from euchre_cli.commands.euchre import SUBCOMMANDS, main
from euchre_cli.rulebook import builtin_names, load_ruleset

# every number a card may have: eleven in the Cutthroat dealer's hand, kept to the
# end of the hand (a card gone leaves a gap)
CARD_NUMBERS = [str(number) for number in range(1, 12)]


def run(*args: str, input: str | None = None):
    return CliRunner().invoke(main, list(args), input=input)


def expected_points(ruleset, hand: dict, sides: dict) -> dict:
    """The scoring table (R8, R12, R14) applied by hand to a JSON hand record."""
    if hand["trump"] is None:
        return {}
    scoring = ruleset.scoring
    side_of = {player: side for side, players in sides.items() for player in players}
    maker_side = side_of[hand["makers"][0]]
    maker_tricks = sum(hand["tricks"][p] for p in hand["makers"])
    lone_makers = [p for p in hand["alone"] if p in hand["makers"]]
    lone_defenders = [p for p in hand["alone"] if p not in hand["makers"]]
    if maker_tricks >= 3:
        if lone_makers:
            value = scoring.lone_march if maker_tricks == 5 else scoring.lone_make
        else:
            value = scoring.march if maker_tricks == 5 else scoring.make
        return {maker_side: value}
    if lone_defenders:
        value = scoring.lone_defender_march if maker_tricks == 0 else scoring.lone_defender_euchre
        return {side_of[lone_defenders[0]]: value}
    return {side: scoring.euchre for side in sides if side != maker_side}


@pytest.mark.parametrize("name", builtin_names())
def test_watched_game_ends_with_a_winner_and_table_points(name: str) -> None:
    """R8, R9, R12, R14: every hand scores its row; the winner alone reaches the target,
    in each game of a ruleset's rubber (R10) as in a game on its own."""
    result = run("play", "--watch", "--json", "--rules", name, "--seed", "11", "--level", "easy")
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    ruleset = load_ruleset(name)
    assert summary["ruleset"] == name
    assert len(summary["sides"]) == len(ruleset.sides)
    games = summary["games"]
    assert len(games) == 1 or ruleset.rubber is not None
    totals = [dict(game["start"]) for game in games]
    for hand in summary["hands"]:
        assert hand["points"] == expected_points(ruleset, hand, summary["sides"])
        assert sum(hand["tricks"].values()) == (0 if hand["trump"] is None else 5)
        for side, points in hand["points"].items():
            totals[hand["game"] - 1][side] += points
    assert totals == [game["scores"] for game in games]
    assert totals[-1] == summary["scores"]
    target = ruleset.game.points_to_win
    for game in games:
        winner, scores = game["winner"], game["scores"]
        assert scores[winner] >= target
        assert all(score < scores[winner] for side, score in scores.items() if side != winner)
    assert summary["winner"] == games[-1]["winner"]


def test_seed_reproduces_the_whole_game(tmp_path: Path) -> None:
    """At the default level (hard), whose search draws its deals from the game seed:
    the watched table, every bid and card, again the same (a game to 1, one hand:
    hard takes seconds a hand).  No decision may reach --think's cap on a loaded
    machine: a game that does may not replay exactly."""
    short = tmp_path / "short.yaml"
    short.write_text("extends: standard\ngame: {points_to_win: 1}\n", encoding="utf-8")

    def watched(seed: str, *level: str) -> str:
        args = ("--watch", "--seed", seed, "--rules", str(short), "--think", "60", *level)
        result = run("play", *args)
        assert result.exit_code == 0, result.output[-800:]
        return result.output.split("— Hand 1:", 1)[1]  # from the deal: the seed is said above

    first = watched("5")
    assert first == watched("5")
    assert first != watched("6", "--level", "easy")  # another seed, another deal


def test_shortcuts_play_their_rulesets() -> None:
    easy = ("--watch", "--json", "--seed", "2", "--level", "easy")
    cutthroat = json.loads(run("cutthroat", *easy).stdout)
    two = json.loads(run("two-handed", *easy).stdout)
    same = json.loads(run("play", "--rules", "cutthroat", *easy).stdout)
    assert cutthroat["ruleset"] == "cutthroat" and len(cutthroat["sides"]) == 3
    assert two["ruleset"] == "two-handed" and len(two["sides"]) == 2
    assert cutthroat == same


def test_watched_game_shows_the_table() -> None:
    result = run("play", "--watch", "--seed", "3", "--rules", "classic", "--level", "easy")
    assert result.exit_code == 0
    text = result.output
    assert "Draw for seats" in text  # R3: classic draws for partners and first deal
    assert "Upcard:" in text and "Trick 5:" in text and "Score:" in text
    assert "\x1b[" not in text  # no colour codes when output is not a terminal
    assert "win the game" in text
    assert "names ." not in text  # clubs (suit 0) is named like any other suit
    assert "4 face down on top of the 3" in text  # R11 markers after a hand
    # R5, R4: the second round is announced; a watched dealer's discard is shown
    assert re.search(r"The upcard \S+ is turned down: now any other suit may be named", text)
    assert re.search(r"\w+ discards (10|[9JQKA])[♣♦♥♠]\.", text)


# A human game: every round of answers holds a typo, a request for help and, for any
# question the game can ask, at least one legal answer.
ANSWERS = ["zz", "?", "9X", "1", "2", "3", "4", "5", "6", "pass", "n", "c", "d", "h", "s"]


def test_scripted_human_game_with_typos_and_illegal_plays() -> None:
    """R16: typos and illegal plays are refused with the reason and asked again."""
    result = run("play", "--seed", "22", "--level", "easy", input="\n".join(ANSWERS * 400) + "\n")
    assert result.exit_code == 0, result.output[-2000:]
    text = result.output
    assert "Your hand:" in text
    assert "'zz' is not understood here" in text
    assert "You may:" in text
    assert "Not allowed: you must follow" in text
    assert "win the game" in text
    assert "Traceback" not in text
    for wrong in ("You leads", "You passes", "You plays", "You wins", "You deals"):
        assert wrong not in text


def test_human_json_summary_goes_to_stdout_alone() -> None:
    answers = "\n".join(ANSWERS * 400) + "\n"
    result = run("play", "--json", "--seed", "21", "--level", "easy", input=answers)
    assert result.exit_code == 0
    summary = json.loads(result.stdout)
    assert "You" in summary["scores"] or any("You" in side for side in summary["scores"])
    assert "Your hand:" in result.stderr


def test_a_watched_json_game_shows_nothing_so_waits_for_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    pauses: list[float] = []
    monkeypatch.setattr("euchre_cli.terminal.pace.time.sleep", pauses.append)
    args = ("play", "--watch", "--json", "--level", "easy", "--seed", "3", "--delay", "5")
    result = run(*args)
    assert result.exit_code == 0 and json.loads(result.stdout)["scores"]
    assert pauses == []
    run(*args[:2], *args[3:])  # shown on the table: the --delay asked for is kept
    assert pauses and set(pauses) == {5.0}


def test_cutthroat_human_keeps_five_of_ten() -> None:
    """R12: the maker sees the dummy and names five to keep; Enter takes the suggestion."""
    answers = ["order", "n", "", *CARD_NUMBERS, "pass", "n", "h", "s", "c", "d"]
    result = run(
        "cutthroat", "--seed", "4", "--level", "easy", input="\n".join(answers * 300) + "\n"
    )
    assert result.exit_code == 0, result.output[-2000:]
    assert "Keep which 5?" in result.output
    assert "take the dummy hand" in result.output
    # The dealer took the upcard: eleven cards, six discards, no second question.
    assert "Discard which card?" not in result.output
    assert "You discard" in result.output


def test_r12_the_cards_from_the_dummy_are_marked_among_the_ten() -> None:
    out = run("cutthroat", "--seed", "5", "--level", "easy", input="order\nn\n\nquit\n").output
    dealt, dummy = "J♥ K♣ 10♣ K♦ 10♦", "A♠ K♠ 9♠ Q♣ 9♦"
    assert f"Your hand: {dealt}" in out
    shown = re.search(r"^1:.*$", out.split("You take the dummy hand.")[1], re.MULTILINE)[0]
    marked = {c.rstrip("*").split(":")[1] for c in shown.split() if c.endswith("*")}
    assert marked == set(dummy.split())
    assert "Keep which 5? (* came from the dummy; codes or numbers;" in out


def test_r12_enter_keeps_the_five_the_hint_names() -> None:
    """The keep suggestion and the hint are one choice, not two searches that may differ."""
    result = run(
        "cutthroat",
        "--seed",
        "4",
        "--level",
        "easy",
        "--delay",
        "0",
        input="order\nn\nhint\n\nquit\n",
    )
    hinted = re.search(r"Hint: keep (.+?): you win the game \S+% of the time \(net ", result.output)
    assert hinted, result.output[-1500:]
    # the reason: the runner-up five, its chance and points, as other hints give them
    assert re.search(
        r"points this hand\) against keeping (\S+ ){5}\d+\.\d% \([+-]\d\.\d\d\) \(the best"
        r" of 6 fives tried, over \d+ deals",
        result.output,
    )
    assert f"Your hand: {hinted.group(1)}\n" in result.output
    assert f"Enter keeps {hinted.group(1)})" in result.output  # as the hand shows cards


def test_r12_help_at_the_keep_question_says_what_to_type() -> None:
    result = run("cutthroat", "--seed", "4", "--level", "easy", input="order\nn\n?\nquit\n")
    assert "Type the 5 cards to keep, by number or code (like 1 2 3 4 5, or " in result.output
    assert "is not a card" not in result.output


@pytest.mark.parametrize(
    "keys, message",
    [
        ("1 2 3", "keep exactly 5 cards (you named 3)"),
        ("1 1 2 3 4", "a card is named twice"),
        ("QS 1 2 3 4", "you do not hold Q♠"),
        ("JC AS AH AC AD KD", "keep exactly 5 cards (you named 6)"),
    ],
)
def test_cutthroat_bad_keep_selection_is_refused(keys: str, message: str) -> None:
    """R12: with seed 4 the person deals, accepts the A♠ and holds eleven cards."""
    answers = ["order", "n", keys, "", *CARD_NUMBERS, "pass", "n", "h", "s", "c", "d"]
    result = run(
        "cutthroat", "--seed", "4", "--level", "easy", input="\n".join(answers * 300) + "\n"
    )
    assert result.exit_code == 0
    assert "11:9♦" in result.output  # five cards, the upcard and the dummy's five
    assert f"Not allowed: {message} (? says how to answer)." in result.output


def test_r4_under_mandatory_pick_up_the_keep_question_says_the_upcard_stays(tmp_path) -> None:
    """Seed 4: the person deals, accepts the A♠ and keeps five of eleven; house rules
    with mandatory pick-up keep the upcard, and the question now says so."""
    house = tmp_path / "house.yaml"
    house.write_text("extends: cutthroat\nbidding:\n  dealer_pickup: mandatory\n")
    keys = "order\nn\nJC QH TH KC TC\n\nquit\n"
    out = run("cutthroat", "--rules", str(house), "--seed", "4", "--level", "easy", input=keys)
    assert "Keep which 5? (A♠, the upcard, stays; * came from the dummy;" in out.output
    assert "Not allowed: the dealer keeps the upcard A♠ (? says how to answer)." in out.output
    plain = run("cutthroat", "--seed", "4", "--level", "easy", input=keys).output  # R12: free
    discarded = plain.split("You discard ")[1].split(".")[0].split()
    assert "the upcard, stays" not in plain and "A♠" in discarded


def test_r6_a_lone_defender_is_announced_as_defending() -> None:
    """R6, R12: with seed 6 the dealer Bob makes spades and the person, holding A♠
    K♠ A♥ K♣ 9♣, defends alone."""
    result = run("cutthroat", "--seed", "6", "--level", "easy", input="pass\ny\ntable\nquit\n")
    assert "Bob made it." in result.output
    assert "You defend alone!" in result.output
    assert "go alone!" not in result.output
    assert "Trump ♠ spades: Bob made it; you defend alone.\nAnn sits out this hand.\n" in (
        result.output
    )


def test_table_at_any_question_shows_the_deal_contract_tricks_and_score() -> None:
    """Once play starts the contract, earlier tricks and score had scrolled away, and
    nothing could bring them back: 'table' (or 'score') does, at any question, and
    each card's question names the contract (R12: the maker against the two)."""
    keys = "table\norder\nn\n\n1\nscore\nquit\n"  # table while bidding; score at trick 2
    out = run("cutthroat", "--seed", "5", "--level", "easy", input=keys).output
    bidding, playing = out.split("Hand 1: Bob deals; upcard A♥")[1:]
    assert bidding.startswith(
        ".\nRound 1 of the bidding: no bids yet.\nScore: You 0, Ann 0, Bob 0 (game to 10)."
    )
    assert playing.startswith(
        ", picked up by Bob.\n"
        "Round 1 of the bidding: you order it up.\n"
        "Trump ♥ hearts: you made it; Ann & Bob defend.\n"
        "You discarded 10♣ K♦ 10♦ Q♣ 9♦.\n"  # the five left of the ten, by number (R12)
        "Trick 1: You J♥, Ann 9♥, Bob 10♥ (you won).\n"
        "Tricks: You 1, Ann & Bob 0.\n"
        "Score: You 0, Ann 0, Bob 0 (game to 10).\n"
    )
    # J♥ played: the rest keep their numbers (R12: the dummy's after yours)
    assert "Trump ♥ hearts: you made it; Ann & Bob defend.\n2:K♣  6:A♠  7:K♠  8:9♠\n" in out
    assert (
        "Or: table (the deal, trump, this hand's tricks, the score)"
        in run("play", "--seed", "5", "--level", "easy", input="?\nquit\n").output
    )


def test_hint_names_the_choices_of_a_lone_defence_in_words() -> None:
    """'pass' at the defend-alone question is hinted as declining, not as a bid."""
    result = run("cutthroat", "--seed", "6", "--level", "easy", input="pass\nhint\nn\nquit\n")
    hint = re.search(r"Hint: (.+?): you win .* against (.+?) \d", result.output)
    assert hint, result.output[-1500:]
    assert {hint.group(1), hint.group(2)} == {"defend alone", "not defend alone"}


def test_a_game_too_long_for_the_computer_is_refused_before_it_starts(tmp_path) -> None:
    long_game = tmp_path / "long.yaml"
    long_game.write_text("extends: cutthroat\ngame: {points_to_win: 100}\n")
    for command in (["play", "--watch"], ["simulate", "--games", "1"]):
        result = run(*command, "--rules", str(long_game))
        assert result.exit_code == 2
        assert "a game to 100 is too long for computer players (at most 50" in result.stderr


def test_a_name_like_a_computer_players_is_not_seated_twice() -> None:
    result = run("play", "--seed", "1", "--name", "ann", input="quit\n")
    assert "Ann" not in result.output.split("Your hand")[0]  # the computers are others
    assert "ann & " in result.output


def test_end_of_input_leaves_with_one_line() -> None:
    result = run("play", "--seed", "1", "--level", "easy", input="pass\n")
    assert result.exit_code == 1
    assert result.stderr == (
        "Game left before the end (You & Bob 0, Ann & Cy 0)."
        " Game 1 is kept: `euchre resume 1` goes on with it.\n"
    )
    assert "Traceback" not in result.output and "Error" not in result.output


def test_quit_leaves_the_game() -> None:
    result = run("play", "--seed", "1", input="quit\n")
    assert result.exit_code == 1
    assert result.stderr.endswith(
        "You quit: game left before the end (You & Bob 0, Ann & Cy 0)."
        " Game 1 is kept: `euchre resume 1` goes on with it.\n"
    )
    assert "Error" not in result.output  # leaving by choice is not an error


def test_quit_at_the_first_question_keeps_no_game() -> None:
    """Seed 9: you bid first, so quitting at once leaves not one move: no game to keep,
    list, count or resume, and the message offers none."""
    result = run("play", "--seed", "9", "--level", "easy", input="quit\n")
    assert result.exit_code == 1
    assert result.stderr.endswith(
        "You quit: game left before the end (You & Bob 0, Ann & Cy 0)."
        " No move was made, so the game is not kept.\n"
    )
    assert run("games").output == "No games kept yet: play one with 'euchre play'.\n"
    assert run("resume").output == (
        "Error: no unfinished game in the book (see 'euchre games')\n"
    )
    assert run("stats").output.startswith("No games of yours in the book yet")


@pytest.mark.parametrize(
    "args, fragment",
    [
        (["play", "--rules", "nosuch"], "nosuch"),
        (["play", "--seed", "abc"], "abc"),
        (["play", "--delay", "-1"], "--delay"),
        (["cutthroat", "--rules", "missing.yaml"], "missing.yaml"),
        # a shortcut's --rules keeps its number of players (house Cutthroat rules, say)
        (["cutthroat", "--rules", "standard"], "use `euchre play --rules standard`"),
        (["two-handed", "--rules", "cutthroat"], "a 3-player ruleset, and `euchre two-handed`"),
        (["play", "--name", "  "], "--name"),
        (["play", "--name", "Ann & Cy"], "which joins partners' names"),
        (["play", "--name", "new\nline"], "control characters"),
        (["play", "--name", "Zo\udceb"], "bytes that are not UTF-8"),  # Zoë from latin-1
        (["play", "--delay", "inf"], "'inf' is not a number of seconds"),
        (["play", "--think", "soon"], "'soon' is not a number of seconds"),
        (["play", "--think", "nan"], "'nan' is not a number of seconds"),
        (["simulate", "--think", "nan"], "'nan' is not a number of seconds"),
        # click's own parsing errors, without its usage banner above them
        (["play", "--level", "expert"], "'easy', 'medium', 'hard'"),
        (["simulate", "--deals", "abc"], "usage: euchre simulate [OPTIONS]"),
        (["simulate", "--deals", "99999999999999999999"], "from 0 to 1000000"),  # not 12 GB
        (["simulate", "--workers", "300"], "from 1 to 64"),  # not 300 processes
        (["rules", "show"], "usage: euchre rules show [OPTIONS] NAME|FILE"),
        (["score", "hand", "--bogus"], "No such option '--bogus'"),
        (["score", "shw"], "did you mean 'show'?"),
        (["score", "hist"], "did you mean 'history'?"),  # a start of one command, not 'list'
        (["plya"], "the commands: " + ", ".join(SUBCOMMANDS) + "."),
        (["--bogus"], "more: 'euchre --help'"),
    ],
)
def test_user_errors_exit_2_with_one_line(args: list[str], fragment: str) -> None:
    result = run(*args)
    assert result.exit_code == 2
    assert fragment in result.output
    assert result.output.startswith("Error: ")
    assert result.output.count("\n") == 1, result.output


def test_broken_house_rules_point_at_the_line(tmp_path) -> None:
    house = tmp_path / "house.yaml"
    house.write_text("extends: standard\nbidding:\n  stick_the_deler: true\n", encoding="utf-8")
    result = run("play", "--watch", "--rules", str(house))
    assert result.exit_code == 2
    assert "house.yaml:3" in result.output
    assert "stick_the_dealer" in result.output


def test_house_rules_file_is_played(tmp_path) -> None:
    house = tmp_path / "house.yaml"
    house.write_text("extends: cutthroat\ngame: {points_to_win: 5}\n", encoding="utf-8")
    result = run(
        "play", "--watch", "--json", "--rules", str(house), "--seed", "8", "--level", "easy"
    )
    summary = json.loads(result.stdout)
    assert max(summary["scores"].values()) >= 5
    assert max(summary["scores"].values()) < 10


def test_r6_a_lone_maker_is_named_and_the_side_scores() -> None:
    """'Ann marched alone: Ann & Cy +4', not 'Ann & Cy marched alone'."""
    out = "".join(
        run("play", "--watch", "--seed", str(s), "--level", "easy").output for s in (4, 5)
    )
    lone = re.findall(r"^(\S+) (?:made it|marched) alone: (.+)\.$", out, re.MULTILINE)
    assert lone, "seeds 4 and 5 have lone hands"
    for maker, gained in lone:
        assert maker in ("Ann", "Bob", "Cy", "Di")
        assert re.fullmatch(rf"(\w+ & )?{maker}( & \w+)? \+\d", gained), gained


def test_r12_cutthroat_tricks_are_counted_maker_against_defenders() -> None:
    out = run("cutthroat", "--watch", "--seed", "3", "--level", "easy").output
    tallies = re.findall(r"Tricks: (.+)$", out, re.MULTILINE)
    assert tallies and all(re.fullmatch(r"\w+ \d, \w+( & \w+)? \d", t) for t in tallies)
    assert "Trick 5: Bob wins it. Tricks: Bob 5, Ann & Cy 0" in out


def test_r4_the_dealer_picks_it_up_in_every_game() -> None:
    out = "".join(
        run("two-handed", "--watch", "--seed", str(s), "--level", "easy").output
        for s in range(1, 4)
    )
    assert " picks it up." in out and " accepts." not in out


def test_a_script_stuck_on_one_question_stops_the_game() -> None:
    """`yes pass | euchre play`: not millions of refusals, one error line and status 1."""
    result = run("play", "--seed", "3", "--level", "easy", input="pass\n" * 5000)
    assert result.exit_code == 1
    assert result.stderr.strip() == (
        "Error: the same question was asked 50 times and the input (not a terminal) gave no"
        " answer it takes: the game stops"
    )
    assert result.output.count("is not a card") == 50


def test_r8_rules_in_which_only_lone_hands_score_are_for_the_scorekeeper_only(tmp_path) -> None:
    """easy never defends alone and seldom goes alone: such a game ran 1000 hands and
    ended in a traceback."""
    house = tmp_path / "lone.yaml"
    house.write_text(
        "extends: standard\nscoring: {make: 0, march: 0, euchre: 0, lone_defender_march: 1}\n",
        encoding="utf-8",
    )
    checked = run("rules", "validate", str(house))
    assert checked.exit_code == 0
    assert "Note: only lone hands score (make, march and euchre are all 0)" in checked.output
    for args in (["play", "--watch"], ["simulate", "--deals", "0", "--games", "1"]):
        result = run(*args, "--rules", str(house))
        assert result.exit_code == 2
        assert result.output.count("\n") == 1
        assert "a game against the computer might never end" in result.output


def test_a_game_no_side_wins_is_stopped_in_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    from functools import partial

    from euchre_cli import simulate
    from euchre_cli.engine.game import Game
    from euchre_cli.terminal import sitting

    monkeypatch.setattr(sitting, "Game", partial(Game, max_hands=2))
    monkeypatch.setattr(simulate, "Game", partial(Game, max_hands=2))
    for args in (
        ["play", "--watch", "--seed", "1", "--level", "easy"],
        ["simulate", "--players", "easy,easy", "--deals", "0", "--games", "1"],
    ):
        result = run(*args)
        assert result.exit_code == 1
        assert "Traceback" not in result.output
        assert re.search(
            r"Error: no side won in 2 hands \(.* \d+, .* \d+\): the game is stopped\n$",
            result.output,
        )


def test_r15_a_joker_upcard_that_proposes_hearts_says_so(tmp_path) -> None:
    house = tmp_path / "joker.yaml"
    house.write_text("extends: british\nbidding: {joker_upcard: hearts}\n", encoding="utf-8")
    upcards = []
    for seed in range(1, 7):
        shown = run(
            "play", "--watch", "--rules", str(house), "--seed", str(seed), "--level", "easy"
        )
        upcards += [line for line in shown.output.splitlines() if line.startswith("Upcard: Joker")]
    assert upcards and set(upcards) == {"Upcard: Joker (it proposes ♥ hearts as trump)"}


def _groups() -> list[list[str]]:
    """``euchre`` and every subcommand of it that has commands of its own."""
    context = click.Context(main)
    commands = {name: main.get_command(context, name) for name in SUBCOMMANDS}
    return [[], *([name] for name, command in commands.items() if isinstance(command, click.Group))]


@pytest.mark.parametrize("group", _groups(), ids=lambda group: " ".join(["euchre", *group]))
def test_every_command_listed_in_help_has_its_whole_summary(group: list[str]) -> None:
    """Click cuts a summary that does not fit beside the names with '...': each
    command's first sentence is short enough for an 80-column terminal (on which
    Click writes help 78 columns wide)."""
    shown = CliRunner().invoke(main, [*group, "--help"], terminal_width=78).output
    listing = shown.split("Commands:")[1]
    assert listing.strip() and not [line for line in listing.splitlines() if "..." in line]


def _commands(group: click.Group = main, path: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    """Every command's words: ``("score", "hand")``, groups included."""
    context = click.Context(group)
    found = []
    for name in group.list_commands(context):
        command = group.get_command(context, name)
        found.append((*path, name))
        if isinstance(command, click.Group):
            found += _commands(command, (*path, name))
    return found


def test_help_says_a_numbers_range_in_words_never_the_books_limits() -> None:
    """A whole number's range in --help reads "0 to 5" or "1 or more", and a number of
    seconds "0 to 10 seconds": never Click's "0<=x<=10" nor the 19-digit bounds of
    what the book holds (``score hand --help`` showed both for --tricks)."""
    runner = CliRunner()
    for path in _commands():
        shown = runner.invoke(main, [*path, "--help"], terminal_width=200).output
        assert "9223372036854775807" not in shown, (path, shown)
        assert not re.search(r"\bx[<>]|[<>]=?x\b", shown), (path, shown)  # Click's "0<=x<=5"
    hand = runner.invoke(main, ["score", "hand", "--help"], terminal_width=200).output
    assert "Tricks the makers took.  [0 to 5" in hand
    replay = runner.invoke(main, ["games", "replay", "--help"], terminal_width=200).output
    assert "[0 to 10 seconds]" in replay


def test_the_header_says_the_computer_level_and_what_house_rules_change(tmp_path) -> None:
    house = tmp_path / "house.yaml"
    house.write_text(
        "extends: standard\nbidding: {stick_the_dealer: true}\ngame: {points_to_win: 7}\n",
        encoding="utf-8",
    )
    wild = tmp_path / "wild.yaml"
    wild.write_text(
        "extends: house.yaml\ndescription: Our Friday game.\ndeck: {joker: true}\n"
        "alone: {defender: false, call_for_best: true}\nscoring: {march: 3, euchre: 3}\n"
        "game: {laps: true, slam: true}\n",
        encoding="utf-8",
    )
    watched = ("play", "--watch", "--seed", "1", "--level", "easy")

    def header(rules: str) -> list[str]:
        shown = run(*watched, "--rules", rules).output
        return shown.split("At the table")[0].splitlines()[1:]  # after the seed's line

    assert header(str(house)) == [
        "Euchre: house (game to 7)",
        "House rules over standard: stick the dealer, game to 7.",  # not "Based on ..."
        "Computer level: easy.",
    ]
    friday = header(str(wild))
    assert friday[1] == "Our Friday game."
    assert re.fullmatch(r"House rules over house: the joker, .*, and \d more\.", friday[2])
    assert len(friday[2]) <= 72
    assert header("standard") == [
        "Euchre: standard (game to 10)",
        "North American four-handed Euchre, 24 cards, game to 10.",
        "Computer level: easy.",
    ]


def test_an_only_legal_card_is_played_for_you_unless_auto_play_is_off() -> None:
    """Seed 3: Bob leads A♦, and your only diamond is J♦."""
    args = ("play", "--seed", "3", "--level", "easy", "--no-save")
    answers = "pass\npass\nquit\n"
    played = run(*args, input=answers).output
    assert "  You play J♦ (played for you: your only diamond)\n" in played
    asked = run(*args, "--no-auto-play", input=answers).output
    assert "1:Q♣  2:10♣  3:K♠  4:J♥  5:J♦\nYour card (follow ♦ diamonds) > " in asked
    assert "played for you" not in asked


@pytest.mark.parametrize("command", ["play", "cutthroat", "two-handed"])
def test_every_ruleset_a_game_commands_help_names_is_one_it_plays(command: str) -> None:
    """`cutthroat --help` named --rules classic, a four-handed ruleset, for a rubber:
    each ruleset a game command's help names has the command's players, and the one
    named for a rubber has rubbers (R10)."""
    context = click.Context(main)
    game = main.get_command(context, command)
    assert game is not None
    (rules,) = [param for param in game.params if param.name == "rules"]
    players = load_ruleset(rules.default).players
    shown = " ".join(CliRunner().invoke(main, [command, "--help"]).output.split())
    for named in re.findall(r"--rules ([a-z][\w-]*)", shown):  # not its metavar, TEXT
        assert load_ruleset(named).players == players, named
    for named in re.findall(r"R10, --rules ([\w-]+)", shown):
        assert load_ruleset(named).rubber is not None, named
