"""Nobody lost at a table for friends (``euchre host``): how long each
person has been gone, a seat handed to the computer until its person is back (by
anyone with the code, or by itself with ``--takeover``), and a table opened again
with ``euchre host --resume`` after Ctrl-C or ``kill -9``, which ends exactly as the
same game played through.

The API is asked of real servers in threads (``test_host_api.Served``)."""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from pathlib import Path

from starlette.testclient import TestClient
from test_host_api import CODE, PATIENCE, WITH_CODE, Events, Served, join, seat_key, table_app

from euchre_cli.book import open_book
from euchre_cli.records.store import GameBook

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
                if game["to_act"] == 0 and game["legal"]:
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
        if game["to_act"] == self.seat and game["legal"]:
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
