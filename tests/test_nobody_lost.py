"""Nobody lost at a table for friends (``euchre host``): how long each
person has been gone, a seat handed to the computer until its person is back (by
anyone with the code, or by itself with ``--takeover``), and a table opened again
with ``euchre host --resume`` after Ctrl-C or ``kill -9``, which ends exactly as the
same game played through.

The API is asked of real servers in threads (``test_host_api.Served``); the command
runs in its own processes, driven over HTTP by a fixed script: each person always
makes the first legal action."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from click.testing import CliRunner
from starlette.testclient import TestClient
from test_host_api import CODE, PATIENCE, WITH_CODE, Events, Served, ask, join, seat_key, table_app

from euchre_cli.book import open_book
from euchre_cli.commands.euchre import main
from euchre_cli.records.hosted import HostedTable, HostedTables, Where
from euchre_cli.records.store import GameBook
from euchre_cli.rulebook import load_ruleset
from euchre_cli.table.table import Table

PEOPLE = {0: "Ann", 2: "Cy"}


def seats(game: dict) -> list[dict]:
    return game["seats"]


def wait_until(test: Callable[[], bool], within: float = PATIENCE) -> None:
    deadline = time.monotonic() + within
    while not test():
        assert time.monotonic() < deadline, "waited too long"
        time.sleep(0.01)


# --- Presence --------------------------------------------------------------------------


def test_a_seat_says_whether_its_person_is_here_and_how_long_they_are_gone() -> None:
    served = Served(table_app("two-handed"))
    status, _, joined = served.ask("POST", "/api/join", {"name": "Ann", "seat": 0}, **WITH_CODE)
    key = joined["key"]
    ann, computer = seats(served.ask("GET", "/api/table")[2])
    assert (ann["connected"], ann["gone_seconds"]) == (False, 0)  # here when she sat down
    assert computer["gone_seconds"] is None and not computer["played_by_computer"]
    stream = Events(served.port, key)
    stream.wait_for(lambda s: s.latest and s.latest["seats"][0]["connected"])
    assert stream.latest["seats"][0]["gone_seconds"] is None
    stream.close()
    wait_until(lambda: not served.ask("GET", "/api/table")[2]["seats"][0]["connected"])
    served.app.state.keeper._seen[key] -= 40  # her stream closed 40 s ago
    assert served.ask("GET", "/api/table")[2]["seats"][0]["gone_seconds"] == 40
    assert seats(served.ask("GET", "/api/game")[2])[0]["gone_seconds"] == 40  # in the game too
    assert seats(served.ask("GET", "/api/game", **seat_key(key))[2])[0]["gone_seconds"] == 0


# --- Takeover ----------------------------------------------------------------------------


def take_over(client: TestClient, seat: object, code: str | None = CODE):
    headers = {} if code is None else {"X-Table-Code": code}
    return client.post("/api/takeover", json={"seat": seat}, headers=headers)


def test_anyone_with_the_code_hands_a_seat_to_the_computer_until_its_person_acts() -> None:
    lines: list[str] = []
    with TestClient(table_app(told=lines.append)) as client:
        keys = {seat: join(client, name, seat).json()["key"] for seat, name in PEOPLE.items()}
        assert take_over(client, 2).status_code == 409  # not started
        client.post("/api/start", headers=WITH_CODE)
        refused = {
            "no code": (take_over(client, 2, code=None), 403),
            "no body": (client.post("/api/takeover", headers=WITH_CODE), 400),
            "the computer's": (take_over(client, 1), 409),
            "no such seat": (take_over(client, 4), 422),
            "not a number": (take_over(client, "2"), 422),
        }
        for what, (answer, status) in refused.items():
            assert answer.status_code == status, (what, answer.json())
        assert refused["the computer's"][0].json() == {"error": "seat 1 is the computer's"}
        handed = take_over(client, 2)
        assert handed.status_code == 200
        cy = handed.json()["seats"][2]
        assert (cy["name"], cy["kind"], cy["played_by_computer"]) == ("Cy", "person", True)
        assert "The computer plays for Cy until they are back." in lines

        def game_of(seat: int) -> dict:
            return client.get("/api/game", headers=seat_key(keys[seat])).json()

        def ann_plays_until(done: Callable[[], bool]) -> None:
            deadline = time.monotonic() + PATIENCE
            while not done():
                assert time.monotonic() < deadline
                game = game_of(0)
                if len(game["legal"]) > 1:  # a decision: the table plays her only action
                    action = {"action": game["legal"][0]}
                    client.post("/api/actions", json=action, headers=seat_key(keys[0]))

        ann_plays_until(lambda: game_of(0)["hand_number"] >= 2)  # Cy's hand played for her
        back = client.post("/api/actions", json={"action": "pass"}, headers=seat_key(keys[2]))
        assert back.status_code in (200, 409, 422)  # her turn or not, she is back
        assert not client.get("/api/table").json()["seats"][2]["played_by_computer"]
        assert "Cy is back at seat 2." in lines
        ann_plays_until(lambda: len(game_of(2)["legal"]) > 1)  # her turn, not a forced card
        time.sleep(0.05)  # the table waits for her decision: nobody makes it for her
        mine = game_of(2)
        assert mine["to_act"] == 2 and len(mine["legal"]) > 1
        action = {"action": mine["legal"][0]}
        assert client.post("/api/actions", json=action, headers=seat_key(keys[2])).is_success


class FirstLegal:
    """A person at a real server, following their seat's stream: at each new game
    object, the first legal action when it is their turn."""

    def __init__(self, served: Served, seat: int, key: str) -> None:
        self.served, self.seat, self.key = served, seat, key
        self.stream = Events(served.port, key)
        self.game: dict | None = None  # the last game object acted on

    def step(self) -> dict:
        last = self.game
        self.stream.wait_for(lambda s: s.latest is not None and s.latest is not last)
        game = self.game = self.stream.latest
        assert game is not None
        if len(game["legal"]) > 1:  # a decision: the table plays a person's only action
            action = {"action": game["legal"][0]}
            self.served.ask("POST", "/api/actions", action, **seat_key(self.key))
        return game


def test_takeover_seconds_hand_a_silent_seat_over_and_its_person_takes_it_back(
    tmp_path: Path,
) -> None:
    """``--takeover 1``: Cy sits down and goes silent; a second later the computer
    plays for her, every move kept in the record as any other; she opens a stream
    and her seat is hers at her next decision."""
    lines: list[str] = []
    book = tmp_path / "book.sqlite3"
    served = Served(table_app(told=lines.append, takeover=1.0, book_path=str(book)))
    keys = {}
    for seat, name in PEOPLE.items():
        body = {"name": name, "seat": seat}
        keys[seat] = served.ask("POST", "/api/join", body, **WITH_CODE)[2]["key"]
    ann = FirstLegal(served, 0, keys[0])
    served.ask("POST", "/api/start", **WITH_CODE)
    started = time.monotonic()
    while not ann.step()["seats"][2]["played_by_computer"]:
        pass
    assert time.monotonic() - started >= 0.9 and ann.game["seats"][2]["gone_seconds"] >= 1
    said = r"The computer plays for Cy \(gone \d+ s\) until they are back\."
    assert any(re.fullmatch(said, line) for line in lines), lines
    while not any(move.seat == 2 for move in GameBook(open_book(book)).game(1).moves):
        ann.step()  # the computer's moves at Cy's seat are kept as any other
    cy = Events(served.port, keys[2])  # her page comes back
    cy.wait_for(lambda s: s.latest is not None and not s.latest["seats"][2]["played_by_computer"])
    assert cy.latest["seats"][2]["connected"] and "Cy is back at seat 2." in lines
    while True:
        if ann.step()["to_act"] == 2:
            mine = served.ask("GET", "/api/game", **seat_key(keys[2]))[2]
            if mine["to_act"] == 2 and len(mine["legal"]) > 1:
                break
    action = {"action": mine["legal"][0]}
    status, _, game = served.ask("POST", "/api/actions", action, **seat_key(keys[2]))
    assert status == 200 and not game["seats"][2]["played_by_computer"]
    for stream in (ann.stream, cy):
        stream.close()


# --- euchre host --resume: its refusals, and euchre resume's ------------------------------


def kept_games(book: Path, terminal: bool = True) -> None:
    """Game 1 hosted, Ann at seat 0 (its first move kept); with ``terminal``, game 2
    like one played at the terminal (Ann at seat 0 too, no table kept); then a
    hosted game marked finished."""
    opened = open_book(book, create=True)
    games = GameBook(opened)
    for seed, hosted in ((5, True), (6, False), (7, True)):
        if not (hosted or terminal):
            continue
        table = Table(load_ruleset("standard"), "easy", seed, book=games)
        table.join("Ann", 0)
        table.start()
        assert table.recorder is not None
        while table.recorder.game_id is None:
            table.step_computer() if table.automatic else table.act(0, "pass")
        if hosted:
            kept = HostedTable(CODE, table.keys(), Where("127.0.0.1", 0), False)
            HostedTables(opened).keep(table.recorder.game_id, kept)
    with opened.transaction():
        opened.execute("UPDATE games SET finished = 1 WHERE id = (SELECT max(id) FROM games)")
    opened.close()


def euchre(*args: str) -> tuple[int, str]:
    ran = CliRunner().invoke(main, list(args))
    return ran.exit_code, ran.output


REFUSED = {
    "unknown": (["host", "--resume", "9"], 1, "no game 9 in the book (see 'euchre games')"),
    "finished": (
        ["host", "--resume", "3"],
        1,
        "game 3 is finished: `euchre games show 3` shows it hand by hand",
    ),
    "not hosted": (
        ["host", "--resume", "2"],
        1,
        "game 2 was not hosted, so no table is kept to open again (`euchre resume 2` goes"
        " on with a game played at the terminal)",
    ),
    "given again": (
        ["host", "cutthroat", "--resume", "--seed", "3"],
        2,
        "--resume opens the table with the game's own settings: drop RULES, --seed (usage:",
    ),
    "a computer's seat to sit at": (
        ["host", "--resume", "1", "--seat", "2"],
        2,
        "Invalid value for '--seat': game 1's people sat at 0",
    ),
    "a new name": (
        ["host", "--resume", "1", "--seat", "0", "--name", "Bo"],
        2,
        "--resume seats everyone under their own name: drop --name",
    ),
    "euchre resume": (
        ["resume", "1"],
        1,
        "game 1 was hosted for friends: `euchre host --resume 1` opens its table again",
    ),
}


@pytest.mark.parametrize(("args", "status", "line"), REFUSED.values(), ids=REFUSED.keys())
def test_a_table_that_cannot_be_opened_again_is_refused_in_one_line(
    tmp_path: Path, args: list[str], status: int, line: str
) -> None:
    book = tmp_path / "book.sqlite3"
    kept_games(book)
    code, output = euchre(*args, "--db", str(book))
    assert (code, output.count("\n")) == (status, 1), output
    assert output.startswith(f"Error: {line}"), output


def test_euchre_resume_never_takes_a_hosted_game_for_the_newest(tmp_path: Path) -> None:
    book = tmp_path / "book.sqlite3"
    kept_games(book, terminal=False)
    assert euchre("resume", "--db", str(book)) == (
        1,
        "Error: no unfinished game in the book (see 'euchre games')\n",
    )


def test_a_hosted_games_keys_go_with_it_and_never_into_its_export(tmp_path: Path) -> None:
    book = tmp_path / "book.sqlite3"
    kept_games(book)
    opened = open_book(book)
    table = HostedTables(opened).table(1)
    assert table is not None and table.code == CODE and isinstance(table.keys[0], str)
    exported = euchre("games", "export", "1", "--db", str(book))
    assert exported[0] == 0 and table.keys[0] not in exported[1] and CODE not in exported[1]
    assert euchre("games", "delete", "1", "--yes", "--db", str(book))[0] == 0
    assert HostedTables(opened).table(1) is None
    opened.close()


def test_a_kept_record_that_does_not_replay_and_no_book_are_refused(tmp_path: Path) -> None:
    book = tmp_path / "book.sqlite3"
    kept_games(book)
    opened = open_book(book)
    with opened.transaction():
        opened.execute("UPDATE moves SET action = 'play:JH' WHERE game_id = 1")
    opened.close()
    code, output = euchre("host", "--resume", "--db", str(book))
    assert code == 1 and re.fullmatch(r"Error: game 1: move 1 \(game 1, hand 1, seat \d,"
                                      r" play:JH\): .*\n", output), output  # fmt: skip
    code, output = euchre("host", "--resume", "--db", str(tmp_path / "none.sqlite3"))
    assert code == 1 and output.startswith("Error: no games kept yet") and output.count("\n") == 1


# --- kill -9, Ctrl-C, and the same game played through --------------------------------


INVITE = r"Invite: http://127\.0\.0\.1:(\d+)/#code=(\w+)"


class Host:
    """``euchre host ARGS --db BOOK`` in its own process, once it has said its link:
    its port and code."""

    def __init__(self, book: Path, *args: str) -> None:
        command = [sys.executable, "-m", "euchre_cli", "host", *args, "--db", str(book)]
        self.process = subprocess.Popen(
            command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL,
            text=True, env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )  # fmt: skip
        assert self.process.stdout is not None
        self.said = ""
        while (link := re.search(INVITE, self.said)) is None:
            line = self.process.stdout.readline()
            assert line, self.said + self.process.communicate()[1]
            self.said += line
        self.port, self.code = int(link[1]), link[2]

    def stop(self, how: signal.Signals) -> str:
        """Everything it said, once stopped by ``how``."""
        self.process.send_signal(how)
        out, err = self.process.communicate(timeout=PATIENCE)
        assert "Traceback" not in err, err
        return self.said + out


def play_on(host: Host, keys: dict[int, str], until: Callable[[dict], bool]) -> dict:
    """The people with ``keys`` (by seat) make the first legal action at each of their
    decisions, asked over HTTP, until ``until`` holds of the game a spectator sees
    while the table waits for one of them (or at the end); that game.  A decision is
    one of two actions or more: the table plays a person's only one, and nobody could
    tell which of the two had played it."""
    deadline = time.monotonic() + PATIENCE
    while True:
        assert time.monotonic() < deadline, "the game did not get there in time"
        game = ask(host.port, "GET", "/api/game")[2]
        waiting = game["over"] or game["to_act"] in keys
        if waiting and until(game):
            return game
        seat = game["to_act"]
        if seat in keys:
            mine = ask(host.port, "GET", "/api/game", **seat_key(keys[seat]))[2]
            if len(mine["legal"]) > 1:  # the table waits for it: nothing else moves
                action = {"action": mine["legal"][0]}
                status, raw, _ = ask(host.port, "POST", "/api/actions", action,
                                     **seat_key(keys[seat]))  # fmt: skip
                assert status == 200, raw


def seated(host: Host) -> dict[int, str]:
    keys = {}
    for seat, name in PEOPLE.items():
        body = {"name": name, "seat": seat}
        keys[seat] = ask(host.port, "POST", "/api/join", body, **WITH_CODE)[2]["key"]
    assert ask(host.port, "POST", "/api/start", **WITH_CODE)[0] == 200
    return keys


def test_a_game_killed_and_stopped_then_resumed_ends_as_the_game_played_through(
    tmp_path: Path,
) -> None:
    """``kill -9`` in the middle of hand 2, ``--resume``, Ctrl-C in the middle of hand
    3, ``--resume`` again, to the end: the same keys, code and port throughout, and the
    very moves and summary of the same seed and script played through in another
    book (played at the same time, in a thread)."""
    settings = ("--watch", "--seed", "4", "--level", "easy", "--delay", "0", "--code", CODE)

    def play_through() -> str:
        host = Host(tmp_path / "through.sqlite3", "--port", "0", *settings)
        play_on(host, seated(host), lambda game: game["over"])
        return host.stop(signal.SIGINT)

    through = ThreadPoolExecutor(1).submit(play_through)
    book = tmp_path / "book.sqlite3"
    first = Host(book, "--port", "0", *settings)
    keys = seated(first)
    middle = play_on(first, keys, lambda game: game["hand_number"] == 2 and game["trick"])
    first.process.kill()  # kill -9
    first.process.wait()
    again = Host(book, "--resume", "--delay", "0")
    assert (again.port, again.code) == (first.port, CODE)
    assert ask(again.port, "GET", "/api/game", **seat_key(keys[2]))[2]["seat"] == 2
    assert ask(again.port, "GET", "/api/game")[2]["trick"] == middle["trick"]
    play_on(again, keys, lambda game: game["hand_number"] == 3 and game["trick"])
    stopped = again.stop(signal.SIGINT)
    assert "Game 1 goes on where it stopped (game 1, hand 2)" in stopped
    assert stopped.rstrip().endswith("`euchre host --resume 1` opens it again.")
    last = Host(book, "--resume", "1", "--delay", "0")
    assert last.port == first.port
    assert play_on(last, keys, lambda game: game["over"])["winner"]
    assert last.stop(signal.SIGINT).rstrip().endswith("the game is kept (game 1).")
    assert through.result(PATIENCE).rstrip().endswith("the game is kept (game 1).")
    resumed = GameBook(open_book(book)).game(1)
    whole = GameBook(open_book(tmp_path / "through.sqlite3")).game(1)
    assert resumed.finished and whole.finished and len(whole.moves) > 100
    assert resumed.moves == whole.moves and resumed.summary == whole.summary
