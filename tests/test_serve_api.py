"""``euchre score serve``'s JSON API, as a page or a script uses it: every endpoint
against what the terminal says of the same book, every refusal (a wrong or missing
code, a malformed body, the scorekeeper's own) leaving the book as it was, only the
page's own paths served, and an entry typed in a terminal reaching an open event
stream (how soon is measured by ``bench/serve.py``, never here).  The app runs
in-process (Starlette's TestClient) but for the event streams and the paths no
client would tidy, which need a real uvicorn."""

from __future__ import annotations

import asyncio
import http.client
import json
import queue
import re
import signal
import socket
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from starlette.testclient import TestClient

from euchre_cli.commands.euchre import main
from euchre_cli.scorekeeper.entries import ENTRY_KINDS
from euchre_cli.serve import floor as serve_floor
from euchre_cli.serve import run as serve_run
from euchre_cli.serve.code import (
    ALLOWED_IN_ALL,
    CODE_ALPHABET,
    DRAWN_LENGTH,
    WrongCodes,
    checked_code,
    new_code,
)
from euchre_cli.serve.floor import MOST_BODY_BYTES, MOST_STREAMS, Event, Hub
from euchre_cli.serve.qr import qr_text
from euchre_cli.serve.run import host_names, listening_socket, serve_forever
from euchre_cli.serve.scoreboard import ENTRY_PATHS, make_app

CODE = "TABLE234"
AB, CD = "Ann & Bob", "Cy & Di"
HOSTILE_SHEET = "<img src=x onerror=alert(1)>"
HOSTILE_PLAYER = "<img src=x>"  # a player's name holds 20 characters at most


def euchre(db: Path, *args: str, fails: bool = False) -> str:
    """``euchre ARGS --db DB`` in-process: its output, or its one-line error."""
    result = CliRunner().invoke(main, [*args, "--db", str(db)])
    assert "Traceback" not in result.output
    assert (result.exit_code != 0) == fails, result.output
    return result.stderr.removeprefix("Error: ").strip() if fails else result.stdout


def shown(db: Path, *sheet: str) -> dict[str, Any]:
    return json.loads(euchre(db, "score", "show", *sheet, "--json"))


def history(db: Path, *sheet: str) -> list[dict[str, Any]]:
    return json.loads(euchre(db, "score", "history", *sheet, "--json"))


def everything(db: Path) -> tuple:
    """What the book holds, as the terminal reads it: every sheet and entry."""
    listing = euchre(db, "score", "list")
    return listing, shown(db), history(db)


@pytest.fixture
def db(tmp_path: Path) -> Path:
    """A book with sheet "friday" (standard, current) and sheet "thursday" (classic)."""
    path = tmp_path / "book.sqlite3"
    euchre(path, "score", "new", "thursday", "--rules", "classic", "--team", AB, "--team", CD)
    euchre(path, "score", "new", "friday", "--team", AB, "--team", CD)
    return path


@pytest.fixture
def client(db: Path) -> Iterator[TestClient]:
    with TestClient(make_app(str(db), "friday", CODE)) as test_client:
        yield test_client


def post(client: TestClient, path: str, body: object = None, code: str | None = CODE, **kw):
    headers = {} if code is None else {"X-Table-Code": code}
    return client.post(path, json=body if body is not None else {}, headers=headers, **kw)


# --- Reads: the terminal's JSON ------------------------------------------------------


def test_the_sheet_is_score_show_json_of_the_served_sheet_or_the_one_asked(client, db) -> None:
    euchre(db, "score", "hand", "--makers", "Ann", "--tricks", "5")
    answer = client.get("/api/sheet")
    assert answer.status_code == 200 and answer.headers["content-type"] == "application/json"
    assert answer.json() == shown(db) and answer.json()["entries"] == 1
    assert client.get("/api/sheet?sheet=thursday").json() == shown(db, "thursday")


def test_a_sheet_that_is_not_there_is_a_404_in_the_terminals_words(client, db) -> None:
    answer = client.get("/api/sheet?sheet=nope")
    assert answer.status_code == 404
    assert answer.json() == {"error": euchre(db, "score", "show", "nope", fails=True)}
    assert client.get("/api/history?sheet=nope").status_code == 404


def test_the_history_is_score_history_json(client, db) -> None:
    euchre(db, "score", "hand", "--makers", "1", "--tricks", "2", "--defender-alone", "Cy")
    euchre(db, "score", "add", "CD", "-2", "--reason", "misdeal")
    euchre(db, "score", "renege", "Ann", "--alone")
    entries = client.get("/api/history").json()
    assert entries == history(db)
    hand, points, renege = entries
    assert hand["kind"] == "hand" and hand["who"] == AB and hand["tricks"] == 2
    assert hand["defender_alone"] == CD and hand["points"] == {AB: 0, CD: 2}
    assert points["kind"] == "points" and points["reason"] == "misdeal"
    assert points["totals"] == {AB: 0, CD: 0} and points["text"] == f"{CD} -2 points (misdeal)"
    assert renege["kind"] == "renege" and renege["alone"] and renege["points"] == {AB: 0, CD: 4}
    assert [entry["game_end"] for entry in entries] == [None, None, None]


def test_the_history_marks_the_end_of_a_game_and_of_the_rubber(client, db) -> None:
    post(client, "/api/use", {"sheet": "thursday"})
    for _ in range(6):  # classic: game to 5, two games the rubber; a march is 2
        post(client, "/api/hands", {"makers": "AB", "tricks": 5})
    entries = client.get("/api/history").json()
    assert entries == history(db, "thursday")
    assert [entry["game_end"] for entry in entries] == [None, None, 1, None, None, 2]
    assert [entry["rubber_end"] for entry in entries] == [False] * 5 + [True]
    assert [entry["game"] for entry in entries] == [1, 1, 1, 2, 2, 2]


def test_the_sheets_are_listed_with_the_one_served(client) -> None:
    listing = client.get("/api/sheets").json()
    assert listing["current"] == "friday"
    assert [sheet["name"] for sheet in listing["sheets"]] == ["thursday", "friday"]
    assert listing["sheets"][0] == {
        "name": "thursday", "ruleset": "classic", "sides": [AB, CD], "entries": 0,
    }  # fmt: skip
    assert "cutthroat" in listing["rulesets"]


# --- The sheet object's markers (R11) --------------------------------------------------


def test_r11_the_sheet_object_says_how_each_sides_markers_lie(db) -> None:
    euchre(db, "score", "hand", "--makers", "Ann", "--tricks", "5")  # 2 points
    sheet = shown(db)
    assert sheet["markers"] == {
        AB: {"top": 4, "top_face_up": False, "bottom": 6, "bottom_face_up": True,
             "pips_showing": 2},
        CD: {"top": 4, "top_face_up": False, "bottom": 6, "bottom_face_up": False,
             "pips_showing": 0},
    }  # fmt: skip
    assert sheet["marker_note"] is None


def test_r11_a_target_without_a_scheme_has_the_terminals_note(db, write_yaml) -> None:
    house = write_yaml("seven.yaml", "extends: standard\ngame: {points_to_win: 7}\n")
    euchre(db, "score", "new", "seven", "--rules", str(house), "--team", AB, "--team", CD)
    sheet = shown(db, "seven")
    assert sheet["markers"] == {AB: None, CD: None}
    note = "markers not available for the 4 and 6 in a game to 7"
    assert sheet["marker_note"] == note and note in euchre(db, "score", "show", "seven")


def test_r11_a_finished_sheet_has_no_markers(db) -> None:
    euchre(db, "score", "use", "thursday")
    for _ in range(6):  # classic: game to 5, two games the rubber; a march is 2
        euchre(db, "score", "hand", "--makers", "AB", "--tricks", "5")
    sheet = shown(db, "thursday")
    assert sheet["complete"] and sheet["markers"] is None and sheet["marker_note"] is None


# --- Writes --------------------------------------------------------------------------


def test_a_hand_is_recorded_and_answered_with_the_new_sheet(client, db) -> None:
    answer = post(client, "/api/hands", {"makers": "CD", "tricks": 5, "alone": True})
    assert answer.status_code == 200
    assert answer.json() == shown(db) and answer.json()["game"]["scores"] == {AB: 0, CD: 4}
    lone = {"makers": 1, "tricks": 1, "alone": False, "defender_alone": "Di"}
    assert post(client, "/api/hands", lone).json() == shown(db)
    assert history(db)[1]["defender_alone"] == CD


def test_points_renege_undo_and_an_edit(client, db) -> None:
    assert post(client, "/api/points", {"who": "Cy", "points": 3, "reason": "house"}).is_success
    assert post(client, "/api/renege", {"who": "CD"}).json()["game"]["scores"] == {AB: 2, CD: 3}
    edited = client.put(
        "/api/entries/1", json={"kind": "hand", "makers": "AB", "tricks": 3},
        headers={"X-Table-Code": CODE},
    )  # fmt: skip
    assert edited.status_code == 200 and edited.json()["game"]["scores"] == {AB: 3, CD: 0}
    assert [entry["kind"] for entry in history(db)] == ["hand", "renege"]
    assert post(client, "/api/undo").json()["entries"] == 1
    assert post(client, "/api/undo", None).json() == shown(db)
    assert shown(db)["entries"] == 0


def test_an_edit_to_points_or_a_renege(client, db) -> None:
    post(client, "/api/hands", {"makers": "AB", "tricks": 3})
    put = {"headers": {"X-Table-Code": CODE}}
    body = {"kind": "points", "who": "2", "points": -1}
    assert client.put("/api/entries/1", json=body, **put).json()["game"]["scores"][CD] == -1
    body = {"kind": "renege", "who": "2", "alone": True}
    assert client.put("/api/entries/1", json=body, **put).json()["game"]["scores"][AB] == 4


def test_every_kind_of_entry_is_added_at_a_path_of_its_own() -> None:
    """``PUT /api/entries/N`` takes every kind (``ENTRY_KINDS``); each is added by a
    POST of its fields to its path."""
    assert list(ENTRY_PATHS) == list(ENTRY_KINDS)
    assert len(set(ENTRY_PATHS.values())) == len(ENTRY_PATHS)


def test_the_deal_thrown_in_hands_and_a_dealer_named(client, db) -> None:
    """R3: the deal passes to the left after every hand, thrown in or not; R5."""
    assert client.get("/api/sheet").json()["dealer"] is None  # not tracked yet
    named = post(client, "/api/dealer", {"dealer": "Cy"})
    assert named.status_code == 200 and named.json()["dealer"] == "Cy"
    assert named.json()["seating"] == ["Ann", "Cy", "Bob", "Di"]
    thrown = post(client, "/api/thrown-in")
    assert thrown.json()["dealer"] == "Bob" and thrown.json()["game"]["scores"] == {AB: 0, CD: 0}
    assert post(client, "/api/hands", {"makers": "AB", "tricks": 3}).json()["dealer"] == "Di"
    assert client.get("/api/sheet").json() == shown(db)
    entries = client.get("/api/history").json()
    assert entries == history(db)
    assert [(e["kind"], e["who"]) for e in entries] == [
        ("dealer", "Cy"), ("thrown_in", None), ("hand", AB),
    ]  # fmt: skip
    edit = client.put("/api/entries/2", json={"kind": "thrown_in"}, headers={"X-Table-Code": CODE})
    assert edit.status_code == 200 and edit.json()["dealer"] == "Di"
    redealt = {"kind": "dealer", "dealer": "Ann"}
    again = client.put("/api/entries/1", json=redealt, headers={"X-Table-Code": CODE})
    assert again.json()["dealer"] == "Bob" == shown(db)["dealer"]
    lost = {"kind": "hand", "makers": "AB", "tricks": 5}  # the deal would be lost with it
    kept = client.put("/api/entries/1", json=lost, headers={"X-Table-Code": CODE})
    assert kept.status_code == 422 and kept.json()["error"].startswith("#1 says who deals (Ann)")
    assert post(client, "/api/undo").json()["dealer"] == "Cy"


def test_a_new_sheet_is_started_with_its_first_dealer(client, db) -> None:
    body = {"name": "sat", "ruleset": "cutthroat", "players": ["Ann", "Bob", "Cy"], "dealer": "B"}
    started = post(client, "/api/sheets", body)
    assert started.status_code == 201 and started.json()["dealer"] == "Bob"
    assert started.json() == shown(db, "sat")
    refused = post(client, "/api/sheets", {**body, "name": "sun", "dealer": "Zed"})
    assert refused.status_code == 422 and "no team or player 'Zed'" in refused.json()["error"]
    assert "sun" not in euchre(db, "score", "list")  # the sheet and its dealer: one write


def test_a_new_sheet_is_started_made_current_and_served(client, db) -> None:
    body = {"name": "saturday", "ruleset": "cutthroat", "players": ["Ann", "Bob", "Cy"]}
    answer = post(client, "/api/sheets", body)
    assert answer.status_code == 201 and answer.json()["sides"] == ["Ann", "Bob", "Cy"]
    assert client.get("/api/sheet").json()["sheet"] == "saturday" == shown(db)["sheet"]
    teams = {"name": None, "ruleset": "standard", "teams": [["Ed", "Flo"], "Gus & Hal"]}
    started = post(client, "/api/sheets", teams).json()
    assert started["sides"] == ["Ed & Flo", "Gus & Hal"]
    assert client.get("/api/sheets").json()["current"] == started["sheet"]


def test_use_switches_the_sheet_served(client, db) -> None:
    answer = post(client, "/api/use", {"sheet": "thursday"})
    assert answer.status_code == 200 and answer.json() == shown(db, "thursday")
    assert client.get("/api/sheet").json()["sheet"] == "thursday"
    assert shown(db)["sheet"] == "thursday"  # as 'score use' does


def test_the_code_is_checked_with_204_or_403(client) -> None:
    assert post(client, "/api/code").status_code == 204
    assert post(client, "/api/code", code=CODE.lower()).status_code == 204
    assert post(client, "/api/code", code="WRONG234").status_code == 403


def keyed(key: str) -> dict[str, str]:
    return {"X-Table-Code": CODE, "Idempotency-Key": key}


def test_a_write_sent_again_with_its_key_is_answered_not_made_again(client, db) -> None:
    """Its answer lost (the server killed after the commit), a page sends the write
    again with the same key: the first answer comes back, and the book has it once."""
    hand = {"makers": "AB", "tricks": 3}
    first = client.post("/api/hands", json=hand, headers=keyed("hand-1"))
    assert first.status_code == 200 and first.json()["entries"] == 1
    post(client, "/api/points", {"who": "CD", "points": 1})  # another write meanwhile
    again = client.post("/api/hands", json=hand, headers=keyed("hand-1"))
    assert again.status_code == 200 and again.json() == first.json()
    assert shown(db)["entries"] == 2
    assert client.post("/api/hands", json=hand, headers=keyed("hand-2")).json()["entries"] == 3
    undo = [client.post("/api/undo", json={}, headers=keyed("undo-1")) for _ in range(2)]
    assert undo[0].json() == undo[1].json() and shown(db)["entries"] == 2
    sheet = {"name": "sat", "teams": ["E & F", "G & H"]}
    started = [client.post("/api/sheets", json=sheet, headers=keyed("new-1")) for _ in range(2)]
    assert [answer.status_code for answer in started] == [201, 201]


def test_a_write_key_outlives_the_server_and_is_its_own_writes(client, db) -> None:
    hand = {"makers": "AB", "tricks": 3}
    first = client.post("/api/hands", json=hand, headers=keyed("k"))
    with TestClient(make_app(str(db), "friday", CODE)) as restarted:  # the book's keys
        again = restarted.post("/api/hands", json=hand, headers=keyed("k"))
        assert again.json() == first.json() and shown(db)["entries"] == 1
        other = restarted.post("/api/hands", json={**hand, "tricks": 4}, headers=keyed("k"))
        assert other.status_code == 422 and "came with another write" in other.json()["error"]
        elsewhere = restarted.post("/api/points", json={"who": "AB", "points": 1},
                                   headers=keyed("k"))  # fmt: skip
        assert elsewhere.status_code == 422
        for bad in ["", "a b", "x" * 129, "a/b"]:
            answer = restarted.post("/api/hands", json=hand, headers=keyed(bad))
            assert answer.status_code == 400 and "Idempotency-Key" in answer.json()["error"]
    assert shown(db)["entries"] == 1


def test_a_refused_write_keeps_no_key(client, db) -> None:
    refused = client.post("/api/undo", json={}, headers=keyed("u"))
    assert refused.status_code == 422
    post(client, "/api/hands", {"makers": "AB", "tricks": 3})
    assert client.post("/api/undo", json={}, headers=keyed("u")).json()["entries"] == 0


WRITES = [
    ("POST", "/api/hands", {"makers": "AB", "tricks": 3}),
    ("POST", "/api/points", {"who": "AB", "points": 2}),
    ("POST", "/api/renege", {"who": "AB"}),
    ("POST", "/api/undo", {}),
    ("POST", "/api/thrown-in", {}),
    ("POST", "/api/dealer", {"dealer": "Ann"}),
    ("PUT", "/api/entries/1", {"kind": "hand", "makers": "CD", "tricks": 5}),
    ("POST", "/api/sheets", {"name": "x", "ruleset": "standard", "teams": ["E & F", "G & H"]}),
    ("POST", "/api/use", {"sheet": "thursday"}),
]


@pytest.mark.parametrize(("method", "path", "body"), WRITES, ids=[w[1] for w in WRITES])
def test_a_write_without_the_code_is_a_403_and_changes_nothing(client, db, method, path, body):
    post(client, "/api/hands", {"makers": "AB", "tricks": 3})  # an entry to undo or edit
    before = everything(db)
    for code in [None, "", "WRONG234", CODE + "X", CODE[:-1], "ü".encode()]:
        headers = {} if code is None else {"X-Table-Code": code}
        answer = client.request(method, path, json=body, headers=headers)
        assert answer.status_code == 403 and "table code" in answer.json()["error"], code
        assert everything(db) == before
        client.app.state.wrong_codes.forgive("testclient")  # not slowed down: tried again


def test_wrong_codes_from_one_address_are_slowed_down(client, db) -> None:
    hand = {"makers": "AB", "tricks": 3}
    for _ in range(5):
        assert post(client, "/api/hands", hand, code="NOPE2345").status_code == 403
    refused = post(client, "/api/hands", hand)  # even with the right code
    assert refused.status_code == 429 and "try again in" in refused.json()["error"]
    assert int(refused.headers["retry-after"]) > 0 and shown(db)["entries"] == 0


def test_wrong_codes_are_forgotten_after_the_window_or_the_right_code() -> None:
    wrong = WrongCodes(allowed=2, window=10)
    wrong.failed("a", now=0)
    wrong.forgive("a")
    wrong.failed("a", now=1)
    assert wrong.wait("a", now=1) == 0
    wrong.failed("a", now=2)
    assert wrong.wait("a", now=3) == 8 and wrong.wait("b", now=3) == 0
    assert wrong.wait("a", now=11.5) == 0


def test_wrong_codes_from_many_addresses_are_slowed_down_together(db) -> None:
    """A guesser who rotates addresses meets the limit on all of them together; a
    phone that has given the right code goes on writing."""
    app = make_app(str(db), "friday", CODE)
    hand = {"makers": "AB", "tricks": 3}
    phone = TestClient(app, client=("192.168.1.30", 50000))
    assert post(phone, "/api/code").status_code == 204
    answers = [
        post(TestClient(app, client=(f"127.0.{n // 250}.{n % 250 + 1}", 1)), "/api/hands", hand,
             code="WRONG234")
        for n in range(ALLOWED_IN_ALL + 20)
    ]  # fmt: skip
    assert [a.status_code for a in answers] == [403] * ALLOWED_IN_ALL + [429] * 20
    late = post(TestClient(app, client=("10.0.0.9", 1)), "/api/hands", hand)  # right, but new
    assert late.status_code == 429 and "try again in" in late.json()["error"]
    assert post(phone, "/api/hands", hand).status_code == 200
    assert shown(db)["entries"] == 1


def test_the_limit_in_all_lets_a_known_address_through_and_forgets_in_a_window() -> None:
    wrong = WrongCodes(allowed=2, allowed_in_all=3, window=10)
    wrong.forgive("phone")
    for n in range(3):
        wrong.failed(f"a{n}", now=n)
    assert wrong.wait("b", now=3) == 7 and wrong.wait("phone", now=3) == 0
    assert wrong.wait("b", now=10) == 0  # the first is 10 s old: two in the window


def test_a_drawn_code_has_50_bits_and_a_given_one_is_checked() -> None:
    codes = {new_code() for _ in range(50)}
    assert len(codes) == 50 and all(len(code) == DRAWN_LENGTH for code in codes)
    assert all(set(code) <= set(CODE_ALPHABET) for code in codes)
    assert len(CODE_ALPHABET) ** DRAWN_LENGTH >= 2**50
    assert checked_code(" abc234 ") == "ABC234"
    for bad in ["ABC23", "ABCDE0", "ABCDEI", "ABC 234", "A" * 65, "ÄBCDEF"]:
        with pytest.raises(ValueError, match="no 0, 1, I or O"):
            checked_code(bad)


def test_the_streams_are_bounded_and_each_holds_only_the_newest_event() -> None:
    hub = Hub()
    streams = [hub.open(None) for _ in range(MOST_STREAMS)]
    assert None not in streams and hub.open("friday") is None
    hub.drop(streams[0])
    follower = hub.open("friday")
    assert follower is not None and hub.followed() == {None, "friday"}
    for entries in range(3):
        hub.publish("friday", Event("sheet", str(entries)))
    assert asyncio.run(follower.next(0.1)) == Event("sheet", "2")
    assert streams[1].pending is None  # it follows the served sheet, not "friday"
    hub.close(Event("stopped", "{}"))
    assert all(stream.closed for stream in hub.streams) and hub.open(None) is None
    # a publish that was on its way as the server stopped: "stopped" stays the last word
    hub.publish("friday", Event("sheet", "3"))
    assert asyncio.run(follower.next(0.1)) == Event("stopped", "{}")


# --- Refusals: 400, 413, 415, 422, with the book unchanged ---------------------------

MALFORMED = [
    ("/api/hands", b"{not json", "the body is not JSON"),
    ("/api/hands", b"[1, 2]", "the body must be a JSON object"),
    ("/api/hands", b'{"makers": "AB"}', "'tricks' is missing: it is a whole number"),
    ("/api/hands", b'{"makers": "AB", "tricks": "3"}', "'tricks' must be a whole number"),
    ("/api/hands", b'{"makers": "AB", "tricks": true}', "'tricks' must be a whole number"),
    ("/api/hands", b'{"makers": null, "tricks": 3}', "'makers' must be a team, a player"),
    ("/api/hands", b'{"makers": "AB", "tricks": 3, "x": 1}', "unknown field 'x'"),
    ("/api/hands", b'{"makers": "AB", "tricks": 3, "alone": "yes"}', "'alone' must be true"),
    ("/api/hands", b'{"makers": "AB", "tricks": 3.0}', "'tricks' must be a whole number"),
    ("/api/hands", b"[" * 40 + b"]" * 40, "nested more than 32"),
    ("/api/hands", b'"\xff"', "the body is not UTF-8"),
    ("/api/points", b'{"who": "AB", "points": 2, "reason": 5}', "'reason' must be text"),
    ("/api/undo", b'{"please": true}', "unknown field 'please': the fields are none"),
    ("/api/sheets", b'{"teams": "Ann & Bob"}', "'teams' must be a list of teams"),
    ("/api/sheets", b'{"players": [1, 2, 3]}', "'players' must be a list of names"),
    ("/api/use", b"{}", "'sheet' is missing"),
    ("/api/entries/1", b'{"kind": "deal"}', "'kind' must be one of hand, points, renege"),
    ("/api/entries/1", b'{"kind": "points", "who": "AB"}', "'points' is missing"),
]


@pytest.mark.parametrize(("path", "raw", "said"), MALFORMED)
def test_a_malformed_body_is_a_400_in_one_line(client, db, path, raw, said) -> None:
    post(client, "/api/hands", {"makers": "AB", "tricks": 3})
    before = everything(db)
    method = "PUT" if path.startswith("/api/entries") else "POST"
    headers = {"X-Table-Code": CODE, "Content-Type": "application/json"}
    answer = client.request(method, path, content=raw, headers=headers)
    assert answer.status_code == 400, answer.text
    line = answer.json()["error"]
    assert said in line and "\n" not in line and list(answer.json()) == ["error"]
    assert everything(db) == before


# (the API's body, the terminal's command line: the same refusal in the same words)
REFUSED = [
    ({"makers": "Zed", "tricks": 3}, ["hand", "--makers", "Zed", "--tricks", "3"]),
    (
        {"makers": "AB", "tricks": 2, "defender_alone": "Ann"},
        ["hand", "--makers", "AB", "--tricks", "2", "--defender-alone", "Ann"],
    ),
]


@pytest.mark.parametrize(("body", "line"), REFUSED)
def test_a_refused_hand_is_a_422_with_the_terminals_line(client, db, body, line) -> None:
    before = everything(db)
    answer = post(client, "/api/hands", body)
    assert answer.status_code == 422
    assert answer.json() == {"error": euchre(db, "score", *line, fails=True)}
    assert everything(db) == before


@pytest.mark.parametrize("tricks", [6, -1, 2**70])
def test_tricks_out_of_range_are_the_scorekeepers_refusal(client, db, tricks) -> None:
    """(The terminal's option refuses them first, in Click's words.)"""
    answer = post(client, "/api/hands", {"makers": "AB", "tricks": tricks})
    assert answer.status_code == 422
    assert answer.json() == {"error": f"the makers took {tricks} tricks? It must be 0 to 5"}
    assert shown(db)["entries"] == 0


def test_the_other_refusals_are_the_terminals_too(client, db) -> None:
    cases = [
        ("/api/points", {"who": "AB", "points": 0}, ["add", "AB", "0"]),
        ("/api/points", {"who": "AB", "points": 2, "reason": "a\nb"},
         ["add", "AB", "2", "--reason", "a\nb"]),
        ("/api/undo", {}, ["undo"]),
        ("/api/use", {"sheet": "nope"}, ["use", "nope"]),
        ("/api/dealer", {"dealer": "1"}, ["dealer", "1"]),  # a team, not one player
        ("/api/dealer", {"dealer": "Zed"}, ["dealer", "Zed"]),
    ]  # fmt: skip
    for path, body, line in cases:
        before = everything(db)
        answer = post(client, path, body)
        assert answer.status_code == 422, path
        assert answer.json() == {"error": euchre(db, "score", *line, fails=True)}
        assert everything(db) == before
    edit = client.put("/api/entries/9", json={"kind": "renege", "who": "1"},
                      headers={"X-Table-Code": CODE})  # fmt: skip
    assert edit.status_code == 422
    assert edit.json()["error"] == euchre(db, "score", "edit", "9", "--renege", "1", fails=True)


def test_a_new_sheet_is_refused_as_score_new_refuses_it(client, db) -> None:
    before = everything(db)
    body = {"name": "friday", "ruleset": "standard", "teams": ["E & F", "G & H"]}
    answer = post(client, "/api/sheets", body)
    assert answer.status_code == 422
    line = euchre(db, "score", "new", "friday", "--team", "E & F", "--team", "G & H", fails=True)
    assert answer.json() == {"error": line}
    one_team = post(client, "/api/sheets", {"ruleset": "standard", "teams": ["E & F"]})
    assert one_team.status_code == 422 and "give two teams" in one_team.json()["error"]
    a_file = post(client, "/api/sheets", {"ruleset": "/etc/passwd", "players": ["A", "B"]})
    assert a_file.status_code == 422 and "no built-in ruleset '/etc/passwd'" in a_file.text
    assert everything(db) == before


def test_a_body_too_large_is_a_413_before_it_is_read(client, db) -> None:
    big = {"makers": "AB", "tricks": 3, "reason": "x" * MOST_BODY_BYTES}
    answer = post(client, "/api/hands", big)
    assert answer.status_code == 413 and "16384 bytes" in answer.json()["error"]
    chunks = (b" " * 1024 for _ in range(40))  # no Content-Length: counted as it comes
    headers = {"X-Table-Code": CODE, "Content-Type": "application/json"}
    streamed = client.post("/api/hands", content=chunks, headers=headers)
    assert streamed.status_code == 413 and shown(db)["entries"] == 0


def test_a_body_that_is_not_json_by_its_type_is_a_415(client, db) -> None:
    answer = client.post(
        "/api/hands", content=b"makers=AB&tricks=3",
        headers={"X-Table-Code": CODE, "Content-Type": "application/x-www-form-urlencoded"},
    )  # fmt: skip
    assert answer.status_code == 415 and shown(db)["entries"] == 0


# --- Only the page's paths ------------------------------------------------------------


def test_the_page_and_only_its_files_are_served(client) -> None:
    page = client.get("/")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert "script-src 'self'" in page.headers["content-security-policy"]
    assert page.headers["x-content-type-options"] == "nosniff"
    assert page.headers["cache-control"] == "no-store"
    assert client.get("/static/index.html").status_code == 200
    for path in ["/nope", "/static/", "/static", "/static/nope.js", "/api", "/api/nope",
                 "/static/__init__.py", "/index.html", "/api/sheet/1"]:  # fmt: skip
        answer = client.get(path)
        assert answer.status_code == 404 and answer.json() == {"error": "not found"}, path
    wrong_method = client.delete("/api/sheet")
    assert wrong_method.status_code == 405 and wrong_method.json()["error"]
    assert client.get("/api/hands").status_code == 405


def test_every_script_is_served_as_javascript_under_the_policy(client) -> None:
    """A module script (``<script type="module">`` and each module it imports) runs
    only when its answer says JavaScript; each is a file of the page's own, which is
    all ``script-src 'self'`` lets run."""
    scripts = sorted(serve_floor.STATIC.glob("*.js"))
    assert scripts
    for script in scripts:
        answer = client.get(f"/static/{script.name}")
        assert answer.status_code == 200, script.name
        assert answer.headers["content-type"] == "text/javascript; charset=utf-8", script.name
        assert "script-src 'self';" in answer.headers["content-security-policy"]
        assert answer.text == script.read_text(encoding="utf-8")


# --- A real server: the event stream, raw paths ---------------------------------------


class Server:
    """The app served by uvicorn on a free port, in a thread of the test's."""

    def __init__(self, db: Path) -> None:
        self.listener = listening_socket("127.0.0.1", 0)
        self.port = self.listener.getsockname()[1]
        self.app = make_app(str(db), "friday", CODE)
        self.thread = threading.Thread(
            target=serve_forever, args=(self.app, self.listener, self.app.state.hub.close),
            daemon=True,
        )  # fmt: skip

    def raw(self, method: str, path: str) -> tuple[int, bytes]:
        """A request for ``path`` exactly as written (no client tidies it)."""
        with socket.create_connection(("127.0.0.1", self.port), timeout=5) as connection:
            connection.sendall(f"{method} {path} HTTP/1.1\r\nHost: x\r\n\r\n".encode())
            answer = b""
            while b"\r\n\r\n" not in answer:
                answer += connection.recv(4096)
        return int(answer.split()[1]), answer


EVENT_WAIT = 10.0
"""Seconds an event may take to come before a test fails: the server sends one within
a tenth of a second when the machine is idle (``bench/serve.py``), and a loaded machine
must not fail a test that is about whether it comes."""


class EventReader:
    """An open /api/events stream, its events read in a thread into ``events``."""

    def __init__(self, port: int, query: str = "") -> None:
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        self.connection.request("GET", f"/api/events{query}")
        self.response = self.connection.getresponse()
        self.events: queue.Queue[tuple[str, Any]] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        name = None
        try:
            for raw in self.response:
                line = raw.decode().rstrip("\n")
                if line.startswith("event: "):
                    name = line[7:]
                elif line.startswith("data: "):
                    self.events.put((name, json.loads(line[6:])))
                elif line.startswith(":"):
                    self.events.put(("comment", line))
        except (OSError, ValueError, AttributeError):  # closed by the test
            pass

    def next(self, within: float = EVENT_WAIT) -> tuple[str, Any]:
        return self.events.get(timeout=within)

    def close(self) -> None:
        self.connection.close()


@pytest.fixture
def server(db: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Server]:
    monkeypatch.setattr(serve_floor, "HEARTBEAT_SECONDS", 0.5)
    running = Server(db)
    running.thread.start()
    yield running
    running.app.state.hub.close()


def test_an_entry_from_a_terminal_reaches_an_open_stream(server, db) -> None:
    reader = EventReader(server.port)
    try:
        name, sheet = reader.next()
        assert name == "sheet" and sheet == shown(db)
        euchre(db, "score", "hand", "--makers", "CD", "--tricks", "4")
        name, sheet = reader.next()
        while name == "comment":
            name, sheet = reader.next()
        assert name == "sheet" and sheet == shown(db) and sheet["entries"] == 1
    finally:
        reader.close()


def test_every_stream_hears_a_write_from_a_page_and_the_heartbeat(server, db) -> None:
    readers = [EventReader(server.port), EventReader(server.port, "?sheet=thursday")]
    try:
        assert [reader.next()[1]["sheet"] for reader in readers] == ["friday", "thursday"]
        connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=5)
        body = json.dumps({"makers": "AB", "tricks": 3})
        headers = {"X-Table-Code": CODE, "Content-Type": "application/json"}
        connection.request("POST", "/api/hands", body, headers)
        assert connection.getresponse().status == 200
        name, sheet = readers[0].next()
        assert name == "sheet" and sheet["entries"] == 1
        assert readers[1].next() == ("comment", ": the server is here")  # thursday: no change
        euchre(db, "score", "delete", "thursday", "--yes")
        name, gone = readers[1].next()
        assert name == "error" and "no sheet called 'thursday'" in gone["error"]
    finally:
        for reader in readers:
            reader.close()


def test_streams_asked_for_at_once_past_the_cap_are_each_a_503(server) -> None:
    """The cap is taken as each request is accepted: of many asked for at the same
    moment, as many as it allows get the sheet, and every other a 503 (none an empty
    200, as when the slot was counted first and taken only once the answer began)."""
    server.app.state.hub.most = 5
    request = b"GET /api/events HTTP/1.1\r\nHost: x\r\n\r\n"
    sockets = [socket.create_connection(("127.0.0.1", server.port), timeout=10) for _ in range(40)]
    try:
        for connection in sockets:
            connection.sendall(request)
        answers = []
        for connection in sockets:
            answer = b""
            while not (b"event: sheet" in answer or answer.endswith((b"}", b"0\r\n\r\n"))):
                chunk = connection.recv(4096)
                if not chunk:
                    break
                answer += chunk
            answers.append(answer)
    finally:
        for connection in sockets:
            connection.close()
    live_ones = [answer for answer in answers if answer.startswith(b"HTTP/1.1 200")]
    refused = [answer for answer in answers if answer.startswith(b"HTTP/1.1 503")]
    assert len(live_ones) == 5 and all(b"event: sheet" in answer for answer in live_ones)
    assert len(refused) == 35 and all(b"at most 5 pages" in answer for answer in refused)


def closed_by_the_server(connection: socket.socket) -> bool:
    """Whether the server closes ``connection`` (an answer before it is read through)."""
    connection.settimeout(20)
    try:
        while chunk := connection.recv(4096):
            del chunk
    except (TimeoutError, ConnectionResetError) as problem:
        return isinstance(problem, ConnectionResetError)
    return True


def test_a_connection_that_sends_no_whole_request_in_time_is_closed(db, monkeypatch) -> None:
    """Silent, halfway through its head, or halfway through its body: each is closed
    once ``REQUEST_SECONDS`` have gone by, where uvicorn waited for ever."""
    monkeypatch.setattr(serve_run, "REQUEST_SECONDS", 0.5)
    server = Server(db)
    server.thread.start()
    try:
        partial = [b"", b"GET /api/sheet HTTP/1.1\r\nHo",
                   b"POST /api/undo HTTP/1.1\r\nHost: x\r\nContent-Length: 40\r\n"
                   b"Content-Type: application/json\r\nX-Table-Code: " + CODE.encode()
                   + b"\r\n\r\n{\"a"]  # fmt: skip
        for sent in partial:
            with socket.create_connection(("127.0.0.1", server.port), timeout=5) as connection:
                connection.sendall(sent)
                assert closed_by_the_server(connection), sent
        status, _ = server.raw("GET", "/api/sheet")  # a whole request is answered
        assert status == 200
    finally:
        server.app.state.hub.close()


def _few_open_files() -> None:
    import resource

    resource.setrlimit(resource.RLIMIT_NOFILE, (256, resource.getrlimit(resource.RLIMIT_NOFILE)[1]))


def test_a_crowd_of_idle_connections_shuts_out_no_page_nor_fills_the_log(db) -> None:
    """Under a limit of 256 open files, 300 connections that send nothing: the page
    still answers (the oldest idle connection makes room), and the server says
    nothing about it, where asyncio wrote a traceback per accept it could not make."""
    command = [sys.executable, "-m", "euchre_cli", "score", "serve", "--port", "0",
               "--code", CODE, "--db", str(db)]  # fmt: skip
    process = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        preexec_fn=_few_open_files,
    )  # fmt: skip
    crowd = []
    try:
        port = int(process.stdout.readline().rsplit(":", 1)[1].strip("/\n"))
        crowd = [socket.create_connection(("127.0.0.1", port), timeout=20) for _ in range(300)]
        for _ in range(3):
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
            connection.request("GET", "/api/sheet")
            assert json.loads(connection.getresponse().read()) == shown(db)
            connection.close()
        assert closed_by_the_server(crowd[0])  # the oldest made room
    finally:
        for connection in crowd:
            connection.close()
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=20)
    assert err == "" and out.splitlines()[-1] == "Stopped serving sheet friday."


@pytest.mark.parametrize(
    "path", ["/static/../pyproject.toml", "/static/%2e%2e/app.py", "/static/..%2fapp.py",
             "/static//etc/passwd", "/../../etc/passwd", "/static/./index.html"],
)  # fmt: skip
def test_no_path_reaches_outside_the_pages_files(server, path) -> None:
    status, answer = server.raw("GET", path)
    assert status == 404, answer


def test_a_hostile_name_goes_out_as_json_data_only(client, db) -> None:
    team = f"{HOSTILE_PLAYER} & \"Bob'"
    body = {"name": HOSTILE_SHEET, "ruleset": "standard", "teams": [team, "Cy & Di"]}
    started = post(client, "/api/sheets", body)
    assert started.status_code == 201, started.text
    sheet = client.get("/api/sheet")
    assert sheet.headers["content-type"] == "application/json"
    assert sheet.json()["sheet"] == HOSTILE_SHEET and sheet.json()["sides"][0] == team
    assert sheet.json() == shown(db)
    assert post(client, "/api/hands", {"makers": team, "tricks": 3}).json()["entries"] == 1
    assert client.get("/api/history").json()[0]["who"] == team
    assert client.get("/api/sheets").json()["current"] == HOSTILE_SHEET


# --- The command ------------------------------------------------------------------------


def test_the_command_refuses_a_bad_code_and_both_lan_and_host(db) -> None:
    line = euchre(db, "score", "serve", "--code", "abc", fails=True)
    assert "a table code is 6 to 64 of the letters" in line and "\n" not in line
    assert "--lan or --host" in euchre(db, "score", "serve", "--lan", "--host", "::1", fails=True)
    assert "no sheet called 'nope'" in euchre(db, "score", "serve", "nope", fails=True)
    assert "cannot listen on" in euchre(db, "score", "serve", "--host", "no.such.host.", fails=True)


def test_the_command_says_how_to_install_the_extra(db, monkeypatch) -> None:
    monkeypatch.setitem(sys.modules, "uvicorn", None)  # as if it were not installed
    line = euchre(db, "score", "serve", fails=True)
    assert line == (
        "the scoreboard needs Starlette, uvicorn and segno (uvicorn missing):"
        " pip install 'euchre-suite[serve]'"
    )


def test_a_port_in_use_is_refused_in_one_line(db) -> None:
    taken = listening_socket("127.0.0.1", 0)
    try:
        port = str(taken.getsockname()[1])
        line = euchre(db, "score", "serve", "--port", port, fails=True)
        assert line == f"cannot listen on 127.0.0.1 port {port}: Address already in use"
    finally:
        taken.close()


def _ignoring_ctrl_c() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # as a shell starts `euchre ... &`


@pytest.mark.parametrize("started", [None, _ignoring_ctrl_c], ids=["at a terminal", "with &"])
def test_serve_prints_the_real_address_serves_it_and_stops_on_ctrl_c(db, started) -> None:
    """uvicorn takes Ctrl-C even where it was ignored (a job started with &), and then
    raises it again only where it was not: the line that says it stopped comes both ways."""
    command = [sys.executable, "-m", "euchre_cli", "score", "serve", "--port", "0",
               "--code", CODE, "--db", str(db)]  # fmt: skip
    process = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, preexec_fn=started
    )
    try:
        first = process.stdout.readline()
        assert first.startswith("Serving sheet friday at http://127.0.0.1:")
        port = int(first.rsplit(":", 1)[1].strip("/\n"))
        assert process.stdout.readline() == f"Table code: {CODE} (entering hands needs it;" \
            " reading the sheet does not)\n"
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
        connection.request("GET", "/api/sheet")
        assert json.loads(connection.getresponse().read()) == shown(db)
        reader = EventReader(port)  # an open stream must not hold up the stop
        assert reader.next(5)[0] == "sheet"
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=10)
        assert process.returncode == 0, err
        assert out.splitlines()[-1] == "Stopped serving sheet friday." and err == ""
    finally:
        process.kill()


def test_the_qr_code_holds_the_address_and_the_code(db, monkeypatch) -> None:
    printed: list[Callable] = []
    monkeypatch.setattr("euchre_cli.serve.run.serve_forever", lambda *a: printed.append(a))
    monkeypatch.setattr("euchre_cli.serve.run.lan_address", lambda: "192.0.2.7")
    out = euchre(db, "score", "serve", "--lan", "--port", "0", "--code", CODE, "--ascii")
    lines = out.splitlines()
    assert lines[0].startswith("Serving sheet friday at http://192.0.2.7:")
    code_rows = [line for line in lines if line.startswith("##")]
    assert len(code_rows) >= 25 and len({len(row) for row in code_rows}) == 1
    assert "Scan it to join with the code." in lines
    assert printed, "the server was started"


def served_code(db: Path, *options: str, fails: bool = False) -> str:
    """The code ``score serve OPTIONS`` prints (the server itself is not started)."""
    out = euchre(db, "score", "serve", "--port", "0", *options, fails=fails)
    if fails:
        return out
    return re.search(r"^Table code: (\w+) ", out, re.MULTILINE)[1]


def test_a_sheet_keeps_its_code_from_one_start_to_the_next(db, monkeypatch) -> None:
    """The phones hold the code: a server started again takes it, unless --new-code."""
    monkeypatch.setattr("euchre_cli.serve.run.serve_forever", lambda *a: None)
    drawn = served_code(db)
    assert served_code(db) == drawn and served_code(db, "friday") == drawn
    assert served_code(db, "thursday") != drawn  # each sheet its own
    fresh = served_code(db, "--new-code")
    assert fresh != drawn and served_code(db) == fresh
    assert served_code(db, "--code", CODE.lower()) == CODE == served_code(db)
    refused = served_code(db, "--code", CODE, "--new-code", fails=True)
    assert refused.startswith("give --code CODE or --new-code, not both")
    assert "a table code is" in served_code(db, "--code", "no", fails=True)
    assert served_code(db) == CODE  # nothing changed


def test_a_sheet_shown_from_a_page_keeps_the_servers_code(client, db, monkeypatch) -> None:
    monkeypatch.setattr("euchre_cli.serve.run.serve_forever", lambda *a: None)
    assert post(client, "/api/use", {"sheet": "thursday"}).status_code == 200
    assert served_code(db) == CODE  # thursday, current now, is served with the phones' code
    started = post(client, "/api/sheets", {"name": "sat", "teams": ["E & F", "G & H"]})
    assert started.status_code == 201 and served_code(db, "sat") == CODE


@pytest.mark.parametrize("host", ["127.0.0.1", "localhost", "::1"])
def test_an_address_only_this_machine_reaches_gets_no_qr_code_but_how_to_reach_phones(
    db, monkeypatch, host
) -> None:
    loopback = listening_socket("127.0.0.1", 0)  # the machine may have no ::1
    monkeypatch.setattr("euchre_cli.serve.run.serve_forever", lambda *a: None)
    monkeypatch.setattr("euchre_cli.serve.run.listening_socket", lambda *a: loopback)
    lines = euchre(db, "score", "serve", "--host", host, "--code", CODE, "--ascii").splitlines()
    assert not any(line.startswith("##") for line in lines) and "Scan it" not in "".join(lines)
    assert "Only this machine can reach it: to let the phones join, serve with --lan." in lines
    assert lines[-2:] == ["Ctrl-C stops the server.", "Stopped serving sheet friday."]


@pytest.mark.parametrize("ascii", [True, False], ids=["ascii", "half blocks"])
def test_the_qr_code_drawn_is_segnos_module_for_module(ascii: bool) -> None:
    import segno

    data = "http://192.168.1.20:8000/#code=TABLE234"
    wanted = [[module == 0 for module in row] for row in segno.make(data).matrix_iter(border=2)]
    lines = qr_text(data, ascii).splitlines()
    if ascii:
        drawn = [[line[i : i + 2] == "##" for i in range(0, len(line), 2)] for line in lines]
    else:
        halves = {"█": (True, True), "▀": (True, False), "▄": (False, True), " ": (False, False)}
        pairs = [[halves[char] for char in line] for line in lines]
        drawn = [[pair[half] for pair in row] for row in pairs for half in (0, 1)]
        drawn = drawn[: len(wanted)]  # the last line's lower half is blank
    assert drawn == wanted



# --- The Host header: no reading by a page that rebinds its own name -----------------


def test_a_request_naming_another_host_is_refused_and_the_served_names_are_not(db) -> None:
    """DNS rebinding: a page at evil.example points its name at this address; its
    requests still say ``Host: evil.example``, and get nothing."""
    hosts = host_names("127.0.0.1", "127.0.0.1")
    with TestClient(make_app(str(db), "friday", CODE, hosts), base_url="http://127.0.0.1") as c:
        assert c.get("/api/sheet").status_code == 200
        assert c.get("/api/sheet", headers={"Host": "localhost:8000"}).status_code == 200
        assert c.get("/api/sheet", headers={"Host": "[::1]:8000"}).status_code == 200
        for other in ("evil.example", "evil.example:8000", "127.0.0.1.evil.example"):
            answer = c.get("/api/sheet", headers={"Host": other})
            assert answer.status_code == 400, other
            assert "friday" not in answer.text and "the Host header" in answer.json()["error"]
        hand = {"makers": "Ann", "tricks": 3}
        refused = c.post("/api/hands", json=hand, headers={"X-Table-Code": CODE, "Host": "x.y"})
        assert refused.status_code == 400
    assert shown(db)["entries"] == 0


def test_a_lan_server_answers_to_its_lan_address_and_this_machines_names() -> None:
    names = host_names("0.0.0.0", "192.168.1.20")
    assert {"192.168.1.20", "localhost", "127.0.0.1", "[::1]"} <= names
    assert "0.0.0.0" not in names and socket.gethostname().lower() in names


# --- Hostile requests: a 4xx in the API's words, never a 500 ---------------------------

LONE_SURROGATE = b'{"makers": "\\ud800", "tricks": 3}'
HUGE_NUMBER = "1" + "0" * 5000  # past the 4,300 digits Python's int() reads


def test_the_requests_that_once_failed_with_a_500_are_refused_in_one_line(client, db) -> None:
    post(client, "/api/hands", {"makers": "AB", "tricks": 3})
    before = everything(db)
    headers = {"X-Table-Code": CODE, "Content-Type": "application/json"}
    huge = client.put(f"/api/entries/{HUGE_NUMBER}", json={"kind": "thrown_in"}, headers=headers)
    assert huge.status_code == 404 and huge.json() == {"error": "not found"}
    surrogate = client.post("/api/hands", content=LONE_SURROGATE, headers=headers)
    assert surrogate.status_code == 400
    said = "\\ud800 is half of a character (a lone surrogate), not text"
    assert surrogate.json()["error"].endswith(said)
    listed = client.put("/api/entries/1", json={"kind": ["hand"]}, headers=headers)
    assert listed.status_code == 400 and "'kind' must be one of" in listed.json()["error"]
    assert everything(db) == before


# Every kind of wrong value a field or a body may be sent as, as JSON text
WRONG_VALUES = [
    "[]", '["hand"]', "{}", '{"a": 1}', "null", "true", "false", "1.5", "-0.0", "1e999",
    "-1", "0", str(2**63), str(-(2**64)), "1" + "0" * 400, HUGE_NUMBER, '"\\ud800"',
    '"\\udfff\\ud800"', '"a\\u0000b"', '"\\u202e\\u0007"', '""', '"   "', '"' + "x" * 5000 + '"',
    '"١٢"', '"<img src=x>"', '"hand"', '"1"',
]  # fmt: skip
ODD_PARAMETERS = ["0", "-1", "1.5", "1e3", HUGE_NUMBER, str(2**64), "%F0%9F%82%A1", "%ud800",
                  "%ED%A0%80", "%00", "%FF", "x" * 3000, "..", "%2e%2e", "%D9%A1"]  # fmt: skip
ODD_QUERIES = ["?sheet=", "?sheet=%ED%A0%80", "?sheet=%ud800", "?sheet=%00", "?sheet=%FF",
               "?sheet=" + "x" * 3000, "?sheet=a&sheet=b", "?sheet[]=1"]  # fmt: skip
RIGHT_BODIES = {path.replace("/1", "/{number}"): body for _, path, body in WRITES}
RIGHT_BODIES["/api/code"] = {}


def wrong_bodies(right: dict[str, Any]) -> Iterator[bytes]:
    """Bodies of every wrong shape: a wrong value as the whole body, and the right
    body with each of its fields (and "kind") given each wrong value, or left out."""
    for value in WRONG_VALUES:
        yield value.encode()
        for field in {*right, "kind"}:
            yield json.dumps(right)[:-1].encode() + f', "{field}": {value}}}'.encode()
    for field in right:
        yield json.dumps({name: v for name, v in right.items() if name != field}).encode()
    yield LONE_SURROGATE
    yield b'{"\\ud800": 1}'


def test_no_request_of_any_shape_is_answered_with_a_500(server, db) -> None:
    """Every route of the app, by every method it takes and two it does not, with odd
    path parameters and queries and wrong types in every field: each answer is a 2xx,
    or a 4xx whose body is ``{"error": line}``."""
    post(TestClient(server.app), "/api/hands", {"makers": "AB", "tricks": 3})
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    answered: dict[int, int] = {}

    def check(method: str, path: str, body: bytes = b"", code: str | bytes = CODE) -> None:
        streaming = path.startswith("/api/events")  # answered for ever: read the head only
        link = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
        link = link if streaming else connection
        link.putrequest(method, path, skip_accept_encoding=True)
        link.putheader("X-Table-Code", code)
        link.putheader("Content-Type", "application/json")
        link.putheader("Content-Length", str(len(body)))
        link.endheaders(body)
        response = link.getresponse()
        text = b"" if streaming else response.read()
        if streaming:
            link.close()
        answered[response.status] = answered.get(response.status, 0) + 1
        assert response.status < 500, (method, path[:80], body[:80], text[:200])
        if response.status >= 400 and text:
            said = json.loads(text)
            assert list(said) == ["error"] and isinstance(said["error"], str), (method, path)
            assert "\n" not in said["error"]

    for route in server.app.routes:
        right = RIGHT_BODIES.get(route.path, {})
        odd = [route.path.split("{")[0] + parameter for parameter in ODD_PARAMETERS]
        path = route.path.replace("{number}", "1")
        for method in sorted(route.methods or set()):
            reads = method in ("GET", "HEAD")
            for one in odd if route.param_convertors else []:
                check(method, one, json.dumps(right).encode())
            for query in ODD_QUERIES if reads else []:
                check(method, path + query)
            for body in [] if reads else wrong_bodies(right):
                check(method, path, body)
        for method in {"DELETE", "PATCH", "GET"} - set(route.methods or ()):
            check(method, path, json.dumps(right).encode())
    for code in [b"\xff\xfe", "x" * 5000, "", " ", "\t", "WRONG234"]:  # 403s, then a 429
        check("POST", "/api/code", b"{}", code)
    assert set(answered) >= {200, 204, 400, 403, 404, 405, 422, 429}, answered
