"""The table for friends, its library core (``euchre_cli.table``): seats joined by
name and opened by a secret key, the game stepped from outside, each seat's view as
JSON, and the game kept in the book.

Equality is the test of the game: a table played by scripted people who decide as
the computer at their place would must end with the very ``--json`` summary of
``euchre play --watch`` with the same seed.  Hidden information is tested by playing
whole games in every built-in ruleset and scanning every view each seat gets, after
every action, for a card that seat may not know.
"""

from __future__ import annotations

import dataclasses
import json
import random
import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from deals import CODE, secret_cards

from euchre_cli.book import open_book
from euchre_cli.commands.euchre import main
from euchre_cli.engine.game import Game
from euchre_cli.engine.hand import Hand
from euchre_cli.engine.match import MatchObserver
from euchre_cli.engine.names import TextError
from euchre_cli.engine.rules import Ruleset
from euchre_cli.engine.scoring import marker_position
from euchre_cli.engine.values import Action, Phase, Refusal
from euchre_cli.players.levels import make_player
from euchre_cli.records.game import RecordError
from euchre_cli.records.replay import play_back
from euchre_cli.records.store import GameBook
from euchre_cli.refusals import refusal_line
from euchre_cli.rulebook import load_ruleset
from euchre_cli.rulebook.load import builtin_names
from euchre_cli.table.seats import KEY_BYTES, GameStarted, NameTaken, NoSuchSeat, SeatTaken
from euchre_cli.table.table import (
    IllegalPlay,
    NoGame,
    NoNextHand,
    NotAPerson,
    NothingAutomatic,
    NotStarted,
    OutOfTurn,
    StillPlaying,
    Table,
    UnreadableAction,
)
from euchre_cli.terminal.words import refusal_words

PEOPLE = ("Pat", "Lee", "Max", "Sam")  # no two capitals together: never a card's code


def table_of(rules: str = "standard", seed: int = 7, **settings: object) -> Table:
    return Table(load_ruleset(rules), "easy", seed, **settings)  # type: ignore[arg-type]


def one_line(error: Exception) -> str:
    line = refusal_line(error)  # type: ignore[arg-type]
    assert "\n" not in line and line
    return line


# Seats ----------------------------------------------------------------------------


def test_a_table_has_a_seat_per_player_all_empty() -> None:
    for rules, count in (("standard", 4), ("cutthroat", 3), ("two-handed", 2)):
        table = table_of(rules)
        assert table.seats() == [
            {"seat": s, "name": None, "kind": None, "played_by_computer": False}
            for s in range(count)
        ]
        assert not table.started and table.to_act is None and not table.over


def test_a_key_opens_exactly_its_own_seat() -> None:
    table = table_of()
    keys = {seat: table.join(name, seat) for seat, name in ((0, "Pat"), (2, "Lee"), (3, "Max"))}
    assert len(set(keys.values())) == 3
    for seat, key in keys.items():
        assert len(key) >= 22 and KEY_BYTES * 8 >= 128  # token_urlsafe: 4 chars per 3 bytes
        assert table.seat_for(key) == seat
        assert table.seat_for(key[:-1]) is None and table.seat_for(key + "x") is None
    for wrong in ("", "x" * 32, "é" * 32, None, 5, b"bytes"):
        assert table.seat_for(wrong) is None
    table.start()
    assert {table.seat_for(key) for key in keys.values()} == {0, 2, 3}


def test_join_refuses_a_taken_seat_a_taken_name_a_bad_name_and_no_such_seat() -> None:
    table = table_of()
    table.join("Pat", 1)
    with pytest.raises(SeatTaken) as taken:
        table.join("Lee", 1)
    assert one_line(taken.value) == "seat 1 is taken by Pat: choose an empty seat"
    with pytest.raises(NameTaken) as name_taken:
        table.join("  pat ", 2)
    assert "choose another name" in one_line(name_taken.value)
    for bad in ("", "A\nB", "Ann & Bob", "x" * 21, "\u3164"):
        with pytest.raises(TextError) as refused:
            table.join(bad, 2)
        one_line(refused.value)
    for seat in (-1, 4, "1", 1.0, True, None):
        with pytest.raises(NoSuchSeat) as no_seat:
            table.join("Lee", seat)  # type: ignore[arg-type]
        assert one_line(no_seat.value).endswith("this table has seats 0 to 3")
    assert [seat["kind"] for seat in table.seats()] == [None, "person", None, None]


def test_start_gives_every_empty_seat_to_the_computer_once() -> None:
    table = table_of()
    with pytest.raises(NotStarted) as not_started:
        table.view_for(None)
    assert one_line(not_started.value) == "the game has not started: the host starts it"
    table.join("Cy", 0)  # a person's name a computer would have had: it takes another
    table.start()
    assert table.seats() == [
        {"seat": 0, "name": "Cy", "kind": "person", "played_by_computer": False},
        {"seat": 1, "name": "Ann", "kind": "computer", "played_by_computer": True},
        {"seat": 2, "name": "Bob", "kind": "computer", "played_by_computer": True},
        {"seat": 3, "name": "Di", "kind": "computer", "played_by_computer": True},
    ]
    for refused in (lambda: table.start(), lambda: table.join("Lee", 1)):
        with pytest.raises(GameStarted) as started:
            refused()
        assert one_line(started.value) == "the game has started: watch it without a seat"


def test_a_table_refuses_a_game_the_computer_cannot_play() -> None:
    with pytest.raises(NoGame):
        table_of(games=2, best_of=3)
    with pytest.raises(NoGame):
        table_of("classic", games=2)  # a rubber (R10)
    with pytest.raises(NoGame):
        Table(load_ruleset("standard"), "expert", 1)


# Turns and refusals -----------------------------------------------------------------


def seated(rules: str = "standard", seed: int = 7, **settings: object) -> tuple[Table, list[str]]:
    """A table whose every seat is a person's, started."""
    table = table_of(rules, seed, **settings)
    keys = [table.join(name, seat) for seat, name in enumerate(PEOPLE[: table.ruleset.players])]
    table.start()
    return table, keys


def test_r4_the_bidding_starts_left_of_the_dealer_and_goes_round() -> None:
    table, _ = seated(auto_play=False)
    dealer = table.view_for(None)["dealer"]
    for offset in range(1, 5):
        seat = (dealer + offset) % 4
        assert table.to_act == seat and not table.automatic
        table.act(seat, "pass")
    assert table.view_for(None)["bids"] == [
        {"seat": (dealer + offset) % 4, "action": "pass"} for offset in range(1, 5)
    ]
    assert table.view_for(None)["phase"] == "name-trump"


def test_r16_an_action_out_of_turn_is_refused_without_the_legal_actions_of_another() -> None:
    table, _ = seated()
    seat = table.to_act
    other = (seat + 1) % 4
    with pytest.raises(OutOfTurn) as refused:
        table.act(other, "order")
    assert refused.value.refused.reason is Refusal.NOT_YOUR_TURN
    assert refused.value.refused.legal == ()  # the seat to act's choices are its own
    assert refusal_words(refused.value.refused) == f"it is seat {seat}'s turn, not seat {other}'s"
    one_line(refused.value)


def test_r16_an_illegal_action_is_refused_with_the_engines_reason() -> None:
    table, _ = seated()
    seat = table.to_act
    with pytest.raises(IllegalPlay) as refused:
        table.act(seat, "play:" + table.view_for(seat)["hand"][0])
    assert refused.value.refused.reason is Refusal.NOT_NOW
    assert refusal_words(refused.value.refused).startswith("'play:")
    one_line(refused.value)
    with pytest.raises(UnreadableAction) as unreadable:
        table.act(seat, "jump")
    assert "is not an action" in one_line(unreadable.value)
    assert table.to_act == seat  # nothing changed


def test_the_computer_decides_only_its_own_and_a_forced_action() -> None:
    table = table_of()
    table.join("Pat", 0)
    table.start()
    while table.to_act != 0:
        assert table.automatic
        table.step_computer()
    assert not table.automatic
    with pytest.raises(NothingAutomatic):
        table.step_computer()
    with pytest.raises(NotAPerson):
        table.act(1, "pass")
    with pytest.raises(NoNextHand) as no_next:
        table.next_hand()
    assert one_line(no_next.value) == "the hand is still in play"


def play_the_hand(table: Table) -> None:
    """Play the hand in play to its end: the computer's decisions, and the first legal
    action of the person at seat 0."""
    while not table.between_hands:
        if table.automatic:
            table.step_computer()
        else:
            table.act(0, table.view_for(0)["legal"][0])


def test_between_hands_the_hand_stays_until_the_next_is_dealt() -> None:
    table = table_of()
    table.join("Pat", 0)
    table.start()
    play_the_hand(table)
    view = table.view_for(None)
    assert view["phase"] == "over" and view["to_act"] is None and view["last_hand"] is not None
    assert sum(view["last_hand"]["tricks"]) in (0, 5)  # thrown in, or five tricks
    with pytest.raises(OutOfTurn) as refused:
        table.act(0, "pass")
    assert refused.value.refused.reason is Refusal.HAND_OVER
    table.next_hand()
    assert table.view_for(None)["hand_number"] == 2 and table.to_act is not None


def test_r11_each_side_shows_its_marker_cards_for_its_score() -> None:
    """The page draws a side's two low cards as a table would lay them: the 6 and 4
    for a game to 10, nothing where a ruleset keeps no markers."""
    table = table_of()
    table.join("Pat", 0)
    table.start()
    play_the_hand(table)
    for side in table.view_for(None)["sides"]:
        expected = marker_position((4, 6), 10, side["score"])
        assert expected is not None and side["markers"] == expected._asdict()
    cutthroat = table_of("cutthroat")  # markers: null
    cutthroat.start()
    markers = [side["markers"] for side in cutthroat.view_for(None)["sides"]]
    assert markers == [None] * len(markers)


def test_the_last_hand_stays_said_until_the_next_hand_of_the_game_is_scored() -> None:
    table, _ = seated()
    assert table.view_for(None)["last_hand"] is None
    steps = scripted_game(table, at_random(1))
    while not table.between_hands:
        next(steps)
    last = table.view_for(None)["last_hand"]
    assert last is not None
    next(steps)  # the next hand is dealt: the last one's result is still said
    assert table.view_for(0)["last_hand"] == last and table.to_act is not None


# Whole games --------------------------------------------------------------------------


def scripted_game(table: Table, choose: Callable[[Table, int], str]) -> Iterator[None]:
    """Play ``table`` to the end, a person's decision by ``choose(table, seat)``;
    yields after every step (an action, or a new deal)."""
    while not table.over:
        if table.between_hands:
            table.next_hand()
        elif table.automatic:
            table.step_computer()
        else:
            seat = table.to_act
            table.act(seat, choose(table, seat))
        yield


def at_random(seed: int) -> Callable[[Table, int], str]:
    """A person who chooses among the legal actions their view lists, at random."""
    rng = random.Random(seed)
    return lambda table, seat: rng.choice(table.view_for(seat)["legal"])


def as_the_computer(table: Table, seat: int) -> str:
    """What the easy computer at the person's place (their index in the setup's
    names, wherever the draw seated them) would do: the same seed."""
    setup = table.setup
    assert setup is not None
    place = setup.names.index(table.seats()[seat]["name"])
    player = make_player("easy", table.ruleset, seed=f"{setup.seed}:{place}")
    legal = [Action.parse(text) for text in table.view_for(seat)["legal"]]
    return player.choose(table.engine_view(seat), legal).text


@pytest.mark.parametrize(
    ("rules", "match"),
    [
        ("standard", {}),
        ("standard", {"best_of": 3}),
        ("cutthroat", {}),
        ("two-handed", {}),
        ("two-handed-dummy", {}),
        ("railroad", {"games": 2}),
        ("classic", {}),  # the draw for seats (R3), and a rubber (R10)
    ],
)
def test_a_table_plays_the_game_euchre_play_watches(rules: str, match: dict) -> None:
    seed = 11
    args = ["play", "--rules", rules, "--watch", "--json", "--seed", str(seed)]
    args += ["--level", "easy", "--no-save", "--delay", "0"]
    for option, value in match.items():
        args += [f"--{option.replace('_', '-')}", str(value)]
    watched = CliRunner().invoke(main, args)
    assert watched.exit_code == 0, watched.output
    table = Table(load_ruleset(rules), "easy", seed, **match)
    people = {0: "Ann", 2: "Cy"} if table.ruleset.players > 2 else {1: "Bob"}
    for place, name in people.items():  # the names the computer would give their places
        table.join(name, place)
    table.start()
    for _ in scripted_game(table, as_the_computer):
        pass
    assert table.summary() == json.loads(watched.stdout)


def test_again_seats_the_same_people_with_their_keys_for_the_next_seed() -> None:
    table = table_of("two-handed", 5)
    key = table.join("Pat", 1)
    table.start()
    with pytest.raises(StillPlaying) as still:
        table.again()
    assert one_line(still.value) == "the game is still on: play it to the end first"
    for _ in scripted_game(table, at_random(5)):
        pass
    again = table.again()
    assert again.seed == 6 and not again.started and again.seat_for(key) == 1
    assert again.seats()[0]["kind"] is None and again.seats()[1]["name"] == "Pat"
    again.start()
    assert again.seats()[0]["kind"] == "computer" and again.view_for(1)["game"] == 1


# Nobody lost: a seat handed to the computer, a table opened again --------------------


def first_legal(table: Table, seat: int) -> str:
    return table.view_for(seat)["legal"][0]


def test_a_seat_handed_to_the_computer_is_played_for_its_person_until_they_act() -> None:
    table = table_of()
    table.join("Pat", 0)
    with pytest.raises(NotStarted):
        table.take_over(0)
    table.start()
    for refused, seat in ((NotAPerson, 1), (NoSuchSeat, 4), (NoSuchSeat, "0")):
        with pytest.raises(refused):
            table.take_over(seat)  # type: ignore[arg-type]
    while table.to_act != 0:
        table.step_computer()
    assert not table.automatic and not table.seats()[0]["played_by_computer"]
    assert table.take_over(0) and not table.take_over(0)  # handed over once
    assert table.automatic and table.seats()[0]["played_by_computer"]
    expected = as_the_computer(table, 0)  # the computer at Pat's place, seeded as one
    assert table.step_computer() == (0, Action.parse(expected))
    assert table.give_back(0) and not table.give_back(0)
    table.take_over(0)
    while table.to_act != 0 or len(table.view_for(0)["legal"]) < 2:
        table.next_hand() if table.between_hands else table.step_computer()
    table.act(0, first_legal(table, 0))  # the person acts: the seat is theirs again
    assert not table.seats()[0]["played_by_computer"]


def test_a_game_handed_to_the_computer_from_the_start_is_the_game_it_watches() -> None:
    """The computer that stands in is the one a computer seat there would have: the
    game ends with ``euchre play --watch``'s very summary for the same seed."""
    watched = CliRunner().invoke(
        main, ["play", "--watch", "--json", "--seed", "4", "--level", "easy", "--no-save"]
    )
    table = table_of(seed=4)
    table.join("Ann", 0)  # the name the computer would give place 0
    table.start()
    table.take_over(0)
    for _ in scripted_game(table, first_legal):
        pass
    assert table.summary() == json.loads(watched.stdout)


def kept_table(path: Path, seed: int = 3) -> tuple[Table, GameBook]:
    games = GameBook(open_book(path, create=True))
    table = Table(load_ruleset("standard"), "easy", seed, book=games)
    table.join("Ann", 0)
    table.join("Cy", 2)
    table.start()
    return table, games


class Moves(MatchObserver):
    """Every move a table makes (made again from a record, too): seat and action."""

    def __init__(self) -> None:
        self.made: list[tuple[int, str]] = []

    def action_applied(
        self, game: Game, hand: Hand, seat: int, action: Action, phase: Phase
    ) -> None:
        self.made.append((seat, action.text))


def test_a_table_reopened_from_the_book_ends_as_the_game_played_through(tmp_path: Path) -> None:
    """Stopped in the middle of hand 2 and opened again from its record (the same
    keys open the same seats), then played on by the same script: the same moves
    and the same summary as the same game played through."""
    first, games = kept_table(tmp_path / "book.sqlite3")
    steps = scripted_game(first, first_legal)
    while first.view_for(None)["hand_number"] < 2 or len(first.view_for(None)["trick"]) < 2:
        next(steps)
    assert first.recorder is not None and first.recorder.game_id is not None
    stopped = games.game(first.recorder.game_id)
    reopened = Moves()
    table = Table.reopened(stopped, first.keys(), observer=reopened)
    assert not table.started and table.seat_for(first.key_at(2)) == 2
    table.start()
    assert table.view_for(0) == first.view_for(0) and table.view_for(2) == first.view_for(2)
    assert reopened.made == [(move.seat, move.action) for move in stopped.moves]
    for _ in scripted_game(table, first_legal):
        pass
    played_through = Moves()
    through = Table(load_ruleset("standard"), "easy", 3, observer=played_through)
    through.join("Ann", 0)
    through.join("Cy", 2)
    through.start()
    for _ in scripted_game(through, first_legal):
        pass
    assert table.summary() == through.summary() and table.over
    assert reopened.made == played_through.made and len(reopened.made) > 100


def test_a_record_that_does_not_fit_its_table_is_refused_at_the_start(tmp_path: Path) -> None:
    first, games = kept_table(tmp_path / "book.sqlite3")
    for _, _ in zip(range(12), scripted_game(first, first_legal)):
        pass
    saved = games.game(1)
    with pytest.raises(RecordError) as no_key:
        Table.reopened(saved, (first.keys()[0], None, None, None))
    assert str(no_key.value) == "no seat key is kept for Cy"
    saved.moves[3] = dataclasses.replace(saved.moves[3], action="play:JH")  # a bid's turn
    with pytest.raises(RecordError) as illegal:
        Table.reopened(saved, first.keys()).start()
    assert str(illegal.value).startswith("move 4 (game 1, hand 1")


# Hidden information -------------------------------------------------------------------


def leaked(view: dict, secrets: set[str]) -> list[str]:
    """The secret cards whose code is a word of the view's JSON (``JH``, not the ``JH``
    of ``AJHX``): as ``deals.CODE`` finds them (a code is letters and digits only, so
    it is a word where it is a whole run of them), in one pass over the text."""
    return sorted(secrets & set(WORD.findall(json.dumps(view))))


WORD = re.compile(r"[A-Za-z0-9]+")
assert all(WORD.fullmatch(code) for code in CODE)  # what leaked() relies on
SCANNED_RULES = sorted(set(builtin_names()) | {"two-handed-dummy", "railroad", "cutthroat"})


def scanned(table: Table) -> int:
    """Every seat's view and a spectator's, now, scanned: the number of views."""
    hand = table._hand  # the whole deal: what the views must keep to themselves
    assert hand is not None
    seats = [*range(table.ruleset.players), None]
    for seat in seats:
        view = table.view_for(seat)
        secrets = secret_cards(hand, seat)
        assert leaked(view, secrets) == []
        assert (view["legal"] != []) == (seat is not None and seat == table.to_act)
        other = [card.code for s in range(hand.players) if s != seat for card in hand.hand_of(s)]
        put = sorted(set(other) & secrets)  # the scan is not blind: found where it is put
        assert leaked({"hand": put, "legal": [f"play:{code}" for code in put]}, secrets) == put
    assert table.view_for(None)["hand"] is None
    return len(seats)


def scanned_games(ruleset: Ruleset, seeds: range) -> tuple[int, int]:
    """Whole games, people choosing at random beside easy computer seats, every view
    scanned after every step: the views scanned and the weak hands shown (R17)."""
    views = shown = 0
    for seed in seeds:
        table = Table(ruleset, "easy", seed)
        count = ruleset.players
        keys = [table.join(PEOPLE[seat], seat) for seat in range(0, count, 2)]
        table.start()
        assert len({table.seat_for(key) for key in keys}) == len(keys)  # one seat a key
        views += scanned(table)
        for _ in scripted_game(table, at_random(seed)):
            views += scanned(table)
            shown += table.between_hands and table.view_for(None)["weak_hand"] is not None
    return views, shown


@pytest.mark.parametrize("rules", SCANNED_RULES)
def test_no_view_holds_a_card_its_seat_may_not_know(rules: str) -> None:
    views, _ = scanned_games(load_ruleset(rules), range(3))
    assert views > 500


def test_r17_no_view_holds_a_card_swapped_with_the_kitty(write_yaml) -> None:
    """A house file's weak hands (R17), shown and swapped with the kitty: the kitty and
    the cards laid in it stay hidden."""
    house = write_yaml("house.yaml", "extends: thirty-two\ndeal: {weak_hand: exchange}\n")
    views, shown = scanned_games(load_ruleset(str(house)), range(4))
    assert views > 500 and shown >= 1


# Kept in the book -----------------------------------------------------------------------


def test_a_table_game_is_kept_move_by_move_and_replays(tmp_path: Path) -> None:
    path = tmp_path / "book.sqlite3"
    book = open_book(path, create=True)
    try:
        table = table_of("cutthroat", 3, book=GameBook(book))
        table.join("Lee", 2)
        table.join("Pat", 0)
        table.start()
        for _ in scripted_game(table, at_random(3)):
            pass
        assert table.recorder is not None and table.recorder.game_id is not None
        saved = GameBook(book).game(table.recorder.game_id)
    finally:
        book.close()
    assert saved.finished and saved.setup.names == ("Pat", "Ann", "Lee")
    assert saved.setup.people == (0, 2) and saved.setup.level == "easy"  # both who joined
    assert play_back(saved).summary() == table.summary()
    for command in (["games"], ["games", "show", "1"], ["stats"]):
        result = CliRunner().invoke(main, [*command, "--db", str(path)])
        assert result.exit_code == 0, result.output
