"""``euchre review``: a person's decisions in a kept game, weighed again by the hard
analysis the hints use.

* No peeking: two records in which the person saw exactly the same things, the
  hidden cards lying elsewhere, get the same review.
* What a decision is: a forced card is none, a run of discards keeping five of many
  is one, decisions taken back with undo are reviewed and marked.
* The points are the ones the in-game hint gives ("net ... points this hand").
* The command: its words, its JSON, and one-line errors (CliRunner).

Games are short (house rules to 3 or 4 points, ``easy`` opponents) and every review
runs with the record's own seed, so each test takes a second or two.
"""

from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from consoles import Said
from deals import FirstLegal, deal, run, stack

from euchre_cli.book import open_book
from euchre_cli.commands.euchre import main
from euchre_cli.engine import game as game_module
from euchre_cli.engine.cards import mask_of, parse_card
from euchre_cli.engine.game import Game
from euchre_cli.engine.hand import Hand
from euchre_cli.engine.values import DISCARD, Action, Phase
from euchre_cli.records.game import Move, SavedGame, Setup
from euchre_cli.records.review import Decision, Review, Reviewer, decisions_of
from euchre_cli.records.store import GameBook
from euchre_cli.rulebook import load_ruleset
from euchre_cli.terminal.human import HumanPlayer, Seat
from euchre_cli.terminal.review import REVIEW_KEYS

NAMES = ("You", "Ann", "Bob", "Cy")
# The tests' plain answers (as in test_cli_play): each round holds a typo, a request
# for help and a legal answer to any question the game can ask.
ANSWERS = ["zz", "?", "9X", "1", "2", "3", "4", "5", "6", "pass", "n", "c", "d", "h", "s"]


def invoke(*args: str, input: str | None = None):
    return CliRunner().invoke(main, list(args), input=input)


def answers_with_undo() -> str:
    """The plain answers, with an ``undo`` at a different place in every other round
    (where one takes back a decision ``hard`` would not have made)."""
    answers: list[str] = []
    for round_number in range(300):
        answers += ANSWERS
        if round_number % 2 == 0:
            answers[-1 - round_number % 5] = "undo"
    return "\n".join(answers) + "\n"


@pytest.fixture(scope="module")
def book(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A book holding: 1, a four-handed game to 3 played with undos (seed 4); 2, a
    Cutthroat game to 4 in which the person, dealer and maker, keeps five of eleven
    cards that the search never tried (seed 4); 3, a watched game; 4, a game left
    unfinished."""
    folder = tmp_path_factory.mktemp("review")
    short, cutthroat = folder / "short.yaml", folder / "cutthroat.yaml"
    short.write_text("extends: standard\ngame: {points_to_win: 3}\n", encoding="utf-8")
    cutthroat.write_text("extends: cutthroat\ngame: {points_to_win: 4}\n", encoding="utf-8")
    path = folder / "book.sqlite3"
    db = ("--db", str(path), "--level", "easy", "--seed", "4")
    played = invoke("play", "--rules", str(short), *db, input=answers_with_undo())
    assert played.exit_code == 0, played.output[-800:]
    keeping = ["order", "n", "1 2 3 4 5", *ANSWERS]  # keeps the first five of the many
    played = invoke("cutthroat", "--rules", str(cutthroat), *db, input="\n".join(keeping * 300))
    assert played.exit_code == 0, played.output[-800:]
    assert invoke("play", "--watch", "--save", "--rules", str(short), *db).exit_code == 0
    left = invoke("play", "--rules", str(short), *db, input="pass\npass\nquit\n")
    assert left.exit_code == 1
    return path


def kept(book: Path, game_id: int) -> SavedGame:
    opened = open_book(str(book))
    try:
        return GameBook(opened).game(game_id)
    finally:
        opened.close()


# ------------------------------------------------------------------------ no peeking
def person_left_of_the_dealer(rules) -> tuple[int, int, int]:
    """A seed whose game puts the person on the dealer's left (so the person bids and
    leads first), with the person's seat and the dealer's."""
    for seed in range(100):
        game = Game(rules, NAMES, [FirstLegal()] * len(NAMES), seed=seed)
        game.start()
        person, dealer = game.seat_of(0), game.dealer
        if person == (dealer + 1) % len(NAMES):
            return seed, person, dealer
    raise AssertionError("no seed in 100 seats the person left of the dealer")


def reviewed(saved: SavedGame) -> Review:
    """The whole review of a record, every decision listed, weighed as the command
    weighs them."""
    played = decisions_of(saved)
    reviewer = Reviewer(saved.setup)
    weighed = tuple(reviewer.weigh(decision) for decision in played.decisions)
    return Review(saved, played.person, weighed, played.hands, threshold=0)


def test_the_review_never_looks_at_a_card_the_person_could_not_see(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Two records of the same moves whose deals give the person the same five cards
    and upcard, and lay the other fifteen cards out differently: the person sees the
    same things at every decision (everybody passes, the person names hearts, leads
    the right bower and draws three hearts, then leads again), so the reviews must be
    the same, number for number.  A review that read another hand, the kitty or the
    true deal in any way would weigh the two differently."""
    rules = load_ruleset("standard")
    seed, me, dealer = person_left_of_the_dealer(rules)
    left, partner, right = ((me + offset) % 4 for offset in (1, 2, 3))
    others = [
        "AS",
        "QS",
        "JS",
        "TS",
        "9D",
        "TD",
        "QD",
        "KD",
        "JD",
        "KH",
        "KC",
        "AC",
        "QC",
        "TC",
        "JC",
    ]
    deals = []
    for shift in (0, 6):  # the second deal moves every hidden card two places on
        hidden = others[shift:] + others[:shift]
        hands = {
            me: "JH AH KS AD 9S",
            left: ["9H", *hidden[0:4]],
            partner: ["TH", *hidden[4:8]],
            right: ["QH", *hidden[8:12]],
        }
        deals.append(stack(rules, dealer, hands=hands, upcard="9C", kitty=hidden[12:]))
    script = "pass pass pass pass name:H pass pass pass play:JH play:9H play:TH play:QH play:AD"
    reviews = []
    for deck in deals:
        hand = Hand(rules, dealer, deck, (0, 0))
        moves = []
        for number, text in enumerate(script.split(), start=1):
            moves.append(Move(number, 1, 1, len(hand.history), hand.current_seat, text))
            hand.apply(Action.parse(text))  # legal in both deals
        saved = SavedGame(Setup(rules, seed, NAMES, (0,), "easy"), moves, id=1)
        monkeypatch.setattr(game_module, "shuffled_deck", lambda ruleset, rng, deck=deck: deck)
        reviews.append(reviewed(saved))
    dealt = [Hand(rules, dealer, deck) for deck in deals]
    assert dealt[0].hands[me] == dealt[1].hands[me] and dealt[0].upcard == dealt[1].upcard
    for seat in (left, partner, right):  # every other hand differs, and the kitty
        assert dealt[0].hands[seat] != dealt[1].hands[seat]
    assert set(dealt[0].kitty) != set(dealt[1].kitty)
    phases = [w.decision.view.phase for w in reviews[0].weighed]
    assert phases == [Phase.BID_UPCARD, Phase.NAME_TRUMP, Phase.MAKER_ALONE, Phase.PLAY, Phase.PLAY]
    assert all(w.samples for w in reviews[0].weighed)  # each one really weighed

    def numbers(review) -> list[tuple]:
        return [
            (w.decision.view, w.decision.chosen, w.preferred, w.chosen_points, w.preferred_points)
            for w in review.weighed
        ]

    assert numbers(reviews[0]) == numbers(reviews[1])


# ------------------------------------------------------------- what a decision is
def test_a_forced_card_is_no_decision_and_every_decision_had_a_choice(book: Path) -> None:
    """Nor is defending alone with a hopeless hand, answered no for the person (it is
    their move in the record): it was weighed as theirs, the points spent on a
    question never put to them."""
    saved = kept(book, 1)
    played = decisions_of(saved)
    seat = played.decisions[0].view.seat
    persons_moves = [move for move in saved.moves if move.seat == seat]
    decided = [move for decision in played.decisions for move in decision.moves]
    assert all(len(decision.legal) > 1 for decision in played.decisions)
    last_cards = [m for m in persons_moves if m.action.startswith("play") and m not in decided]
    never_asked = [m for m in persons_moves if m.action == "pass" and m not in decided]
    assert last_cards and never_asked
    assert len(decided) + len(last_cards) + len(never_asked) == len(persons_moves)


def test_the_decisions_taken_back_are_reviewed_beside_the_game_as_it_stands(book: Path) -> None:
    """Taking back with undo leaves the standing decisions exactly those of the game
    replayed without the moves taken back; the others are reviewed too, marked."""
    saved = kept(book, 1)
    played = decisions_of(saved)
    standing = decisions_of(dataclasses.replace(saved, moves=saved.live_moves))
    taken = [d for d in played.decisions if d.taken_back]
    assert taken and all(move.taken_back for d in taken for move in d.moves)

    def seen(decisions) -> list[tuple]:
        return [(d.view, d.chosen) for d in decisions]

    assert seen(d for d in played.decisions if not d.taken_back) == seen(standing.decisions)
    assert played.hands == standing.hands


def test_keeping_five_of_eleven_is_one_decision_weighed_by_the_five_kept(book: Path) -> None:
    saved = kept(book, 2)
    keeps = [d for d in decisions_of(saved).decisions if d.view.phase is Phase.DISCARD]
    assert len(keeps) == 1
    keep = keeps[0]
    assert keep.keeps_many and len(keep.view.hand) == 11 and len(keep.chosen) == 6
    assert len(keep.kept) == 5 and not set(keep.kept) & {a.card for a in keep.chosen}


def test_a_five_the_search_never_tried_is_weighed_on_the_same_deals() -> None:
    """The person keeps the Cutthroat maker's five worst cards, a five the search does
    not try: it is weighed all the same, and costs what it should; the search's own
    best five, weighed the same way, is worth what its analysis said."""
    cutthroat = load_ruleset("cutthroat")
    hand = deal(cutthroat, 0, hands={1: "JH AH KH 9S 9C"}, dummy="JD QH TH 9D TD", upcard="9H")
    run(hand, "order pass pass pass pass")
    assert hand.phase is Phase.DISCARD and len(hand.hand_of(1)) == 10
    view = hand.view(1)
    chosen = tuple(DISCARD[parse_card(code)] for code in ["JH", "AH", "KH", "JD", "QH"])
    moves = tuple(Move(6 + i, 1, 1, 5 + i, 1, a.text) for i, a in enumerate(chosen))
    decision = Decision(moves, view, tuple(hand.legal_actions()), chosen, ("You", "Ann", "Bob"))
    reviewer = Reviewer(Setup(cutthroat, 7, ("You", "Ann", "Bob"), (0,), "easy"))
    weighed = reviewer.weigh(decision)
    assert weighed.analysis is not None
    assert mask_of(decision.kept) not in dict(weighed.analysis.keeps)  # never tried
    assert weighed.cost > 1.0  # five trumps thrown away
    assert parse_card("JH") in weighed.preferred_kept
    (again,), _ = reviewer.player.weigh_plans(view, [weighed.preferred])
    assert again == pytest.approx(weighed.preferred_points)


def test_r17_a_weak_hands_swap_is_one_decision_and_hard_keeps_what_the_hint_keeps(
    tmp_path: Path,
) -> None:
    """The person shows a farmer's hand and keeps 9♠ 10♣ of it; the hint (see
    test_cli_house_rules) keeps 10♥ 9♥: so does the review, and the two are weighed
    whole."""
    swap = tmp_path / "swap.yaml"
    swap.write_text("extends: standard\ndeal: {weak_hand: exchange}\n", encoding="utf-8")
    path = str(tmp_path / "book.sqlite3")
    answers = "y\n9s 10c\nquit\n"
    result = invoke(
        "play",
        "--rules",
        str(swap),
        "--seed",
        "586",
        "--level",
        "easy",
        "--db",
        path,
        input=answers,
    )
    assert result.exit_code == 1 and "You show a weak hand" in result.output
    saved = kept(Path(path), 1)
    swaps = [d for d in decisions_of(saved).decisions if d.view.phase is Phase.WEAK_EXCHANGE]
    assert len(swaps) == 1 and len(swaps[0].chosen) == 3 and swaps[0].keeps_many
    weighed = Reviewer(saved.setup).weigh(swaps[0])
    assert [card.label for card in swaps[0].kept] == ["9♠", "10♣"]
    assert [card.label for card in weighed.preferred_kept] == ["10♥", "9♥"]
    assert weighed.samples and not weighed.agreed


def test_the_points_are_the_ones_the_hint_gives_beside_the_chances(book: Path) -> None:
    """In a game a hint weighs chances of winning and adds each choice's net points;
    the review's points for a decision are those very numbers."""
    saved = kept(book, 1)
    decision = next(d for d in decisions_of(saved).decisions if d.view.phase is Phase.BID_UPCARD)
    assert decision.view.scores is not None  # in a game: the hint gives chances
    weighed = Reviewer(saved.setup).weigh(decision)
    hinter = Reviewer(saved.setup).player  # the hint's player: the same level and seed
    console = Said(["pass"])
    person = HumanPlayer(console, Seat(hints=True), hinter=hinter)
    person.choose(decision.view, list(decision.legal))  # the hint, then the answer
    said = console.lines
    assert said[0].startswith("Hint: ") and "win the game" in said[0]
    for points in (weighed.chosen_points, weighed.preferred_points):
        assert f"{points:+.2f}" in said[0]


# ----------------------------------------------------------------------- the command
def test_review_lists_the_costly_decisions_and_ends_with_the_summary(book: Path) -> None:
    result = invoke("review", "1", "--db", str(book))
    assert result.exit_code == 0, result.output
    text = result.output
    listed = re.findall(r"^  You: .*\. Hard: .*\. Cost: (\d+\.\d\d) points\.$", text, re.M)
    assert listed and all(float(cost) >= 0.2 for cost in listed)
    assert len(re.findall(r"^  Hint: ", text, re.M)) == len(listed)
    assert "(taken back with undo)" in text
    summary = text.splitlines()[-1]
    assert re.fullmatch(
        r"\d+ decisions reviewed \(\d+ taken back\), (\d+) cost 0\.20 points or more; \d+\.\d\d"
        r" expected points given away in \d+ hands: \d+\.\d\d per hand\.",
        summary,
    )
    assert int(re.search(r", (\d+) cost", summary)[1]) == len(listed)


def test_the_threshold_decides_what_is_listed(book: Path) -> None:
    """At 0 every decision the hint would have made otherwise is listed; at 0.2
    exactly those of them that cost 0.2 points or more (a review each: the search
    weighs every decision again)."""

    def listed(threshold: str) -> list[dict]:
        result = invoke("review", "1", "--db", str(book), "--json", "--threshold", threshold)
        assert result.exit_code == 0
        return json.loads(result.output)["costly"]

    every, some = listed("0"), listed("0.2")
    assert some == [entry for entry in every if entry["cost"] >= 0.2]
    assert len(every) > len(some) > 0


def test_review_json_holds_the_documented_keys(book: Path) -> None:
    result = invoke("review", "2", "--db", str(book), "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert tuple(data) == REVIEW_KEYS
    assert data["id"] == 2 and data["person"] == "You" and data["finished"] is True
    assert data["costly_count"] == len(data["costly"]) > 0
    assert data["given_away_per_hand"] == pytest.approx(data["given_away"] / data["hands"], 1e-3)
    keep = next(entry for entry in data["costly"] if len(entry["chosen"]) > 1)
    assert keep["phase"] == "discard" and len(keep["held"]) == 11
    assert len(keep["chosen"]) == len(keep["preferred"]) == 6
    assert keep["reason"].startswith("Hint: keep ")
    for entry in data["costly"]:
        difference = entry["preferred_points"] - entry["chosen_points"]
        assert entry["cost"] == pytest.approx(difference, abs=1e-3)
        assert entry["cost"] >= 0.2 and entry["samples"] > 0


def test_the_keep_is_worded_as_the_five_kept(book: Path) -> None:
    text = invoke("review", "2", "--db", str(book)).output
    assert re.search(r"^Hand \d+, keeping five of 11$", text, re.M)
    assert re.search(
        r"^  You: keep (\S+ ){4}\S+, [+-]\d\.\d\d\. Hard: keep (\S+ ){4}\S+,", text, re.M
    )


def test_without_an_id_the_last_finished_game_played_is_reviewed(book: Path) -> None:
    """Game 3 was watched and game 4 is unfinished: game 2 is the one."""
    result = invoke("review", "--db", str(book))
    assert result.exit_code == 0
    assert result.output.startswith("Game 2 (cutthroat, ")


def test_an_unfinished_game_is_reviewed_as_far_as_it_went(book: Path) -> None:
    result = invoke("review", "4", "--db", str(book))
    assert result.exit_code == 0
    assert "The game is unfinished: reviewed up to where it stopped." in result.output


@pytest.mark.parametrize(
    ("args", "code", "message"),
    [
        (["3"], 1, "Error: game 3 was watched: nobody played in it, so there is nothing to"),
        (["9"], 1, "Error: no game 9 in the book (see 'euchre games')"),
        (["--threshold", "-1"], 2, "Error: Invalid value for '--threshold': -1.0 is not in"),
        (["--threshold", "nan"], 2, "Error: Invalid value for '--threshold': 'nan' is not a"),
        (["--threshold", "lots"], 2, "Error: Invalid value for '--threshold': 'lots' is not a"),
        (["0"], 2, "Error: Invalid value for '[ID]': '0' is not a whole number from 1 to"),
    ],
)
def test_user_errors_are_one_line(book: Path, args: list[str], code: int, message: str) -> None:
    result = invoke("review", "--db", str(book), *args)
    assert result.exit_code == code
    assert result.output.startswith(message) and result.output.count("\n") == 1


def test_no_finished_game_or_no_book_is_one_line(tmp_path: Path) -> None:
    path = tmp_path / "book.sqlite3"
    missing = invoke("review", "--db", str(path))
    assert missing.exit_code == 1 and missing.output.count("\n") == 1
    assert missing.output.startswith("Error: no games kept yet (no book at ")
    invoke("play", "--db", str(path), "--level", "easy", "--seed", "1", input="quit\n")
    unfinished = invoke("review", "--db", str(path))
    assert unfinished.exit_code == 1 and unfinished.output.count("\n") == 1
    assert unfinished.output.startswith("Error: no finished game you played in the book")


@pytest.mark.parametrize("game_id", ["1", "2"])
def test_the_hint_sets_the_best_choice_against_the_persons_own(book: Path, game_id: str) -> None:
    """Under each decision listed, the hint's line weighs hard's choice against the one
    the person made, at the points the "You:" line gives it (not the runner-up)."""
    lines = invoke("review", game_id, "--db", str(book)).output.splitlines()
    yours = [
        (re.match(r"  You: (.+), ([+-]\d+\.\d\d)\. Hard: ", line), lines[index + 2])
        for index, line in enumerate(lines)
        if line.startswith("  You: ")
    ]
    assert yours
    for found, hint in yours:
        assert found and hint.startswith("  Hint: ")
        mine, points = found.groups()
        said = f"keeping {mine.removeprefix('keep ')}" if mine.startswith("keep ") else mine
        assert f"against {said} {points}" in hint or f", {said} {points}" in hint, hint


def test_r7_the_review_gives_the_reason_in_a_persons_words() -> None:
    """Trumping a partner's sure A♦ (R7), last to play: the review's line for why says
    that the partner's card was already winning, with the points of both."""
    from euchre_cli.engine.values import PLAY
    from euchre_cli.players.levels import make_player
    from euchre_cli.records.review import Weighed
    from euchre_cli.terminal.review import reason
    from euchre_cli.terminal.text import Style

    hands = {0: "9D 9C TC QC KC", 1: "AD 9S TS QD JS", 2: "TD QH JC AC KS", 3: "JH KH 9H AS QS"}
    hand = run(deal(load_ruleset("standard"), 3, hands=hands, upcard="TH"), "order pass pass")
    run(hand, "pass pass play:9D play:AD play:TD")
    view, legal = hand.view(3), tuple(hand.legal_actions())
    analysis = make_player("hard", load_ruleset("standard"), seed=1).analyse(view, legal)
    ruff = PLAY[parse_card("9H")]
    assert analysis.choice.card in {parse_card("AS"), parse_card("QS")}
    decision = Decision((), view, legal, (ruff,))
    values = analysis.values
    weighed = Weighed(
        decision, (analysis.choice,), values[ruff], values[analysis.choice], 24, analysis
    )
    line = reason(weighed, Style(colour=False))
    assert line.startswith("Hint: play ")
    assert "(your partner's A♦ is already winning the trick): expected " in line
    assert "against play 9♥ " in line
