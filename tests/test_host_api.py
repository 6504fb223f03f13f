"""The table for friends' JSON API (``euchre host``, ``serve/hosting.py``), as
docs/api.md gives it: every answer's status and words, the floor it shares with the
scoreboard (Host check, security headers, body limit, wrong codes slowed down), whole
games played through it by people with seat keys beside the computer, and what each
seat is sent, answers and event streams alike, scanned for a card it may not know.

Statuses are asked of the app in-process (Starlette's ``TestClient``); event streams
need a real uvicorn (``Served``, in a thread of the test's), and the command a real
process (``test_euchre_host_...``)."""

from __future__ import annotations

import http.client
import json
import os
import random
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from deals import CODE as CARD_CODE
from deals import secret_cards
from starlette.testclient import TestClient

from euchre_cli.commands.euchre import main
from euchre_cli.engine.cards import ALL_CARDS
from euchre_cli.rulebook import load_ruleset
from euchre_cli.serve import floor
from euchre_cli.serve.hosting import make_app, stop_streams
from euchre_cli.serve.keeper import TableKeeper
from euchre_cli.serve.run import listening_socket, serve_forever
from euchre_cli.table.table import Table
from euchre_cli.terminal.console import Console
from euchre_cli.terminal.screen import ScreenSettings, TableScreen
from euchre_cli.terminal.text import Style

CODE = "TABLE234"
WITH_CODE = {"X-Table-Code": CODE}
PATIENCE = 20.0  # seconds a whole game or an event may take before a test fails


def table_app(rules: str = "standard", seed: int = 7, **settings: Any):
    """The app of a table for ``rules`` (easy computers, quick hints)."""
    table = Table(load_ruleset(rules), "easy", seed, think=0.05)
    settings.setdefault("delay", 0.0)
    return make_app(table, CODE, **settings)


@pytest.fixture
def client() -> Iterator[TestClient]:
    with TestClient(table_app(hints=True)) as test_client:
        yield test_client


def join(client: TestClient, name: str, seat: object, code: str | None = CODE):
    headers = {} if code is None else {"X-Table-Code": code}
    return client.post("/api/join", json={"name": name, "seat": seat}, headers=headers)


def seat_key(key: str) -> dict[str, str]:
    return {"X-Seat-Key": key}


# --- Sitting down and starting ------------------------------------------------------


def test_the_table_is_public_and_a_seat_is_taken_with_the_code(client) -> None:
    table = client.get("/api/table")
    assert table.status_code == 200
    assert table.json() == {
        "rules": "standard",
        "started": False,
        "over": False,
        "seats": [
            {"seat": s, "name": None, "kind": None, "played_by_computer": False,
             "connected": False, "gone_seconds": None}
            for s in range(4)
        ],
    }  # fmt: skip
    taken = join(client, "Ann", 2)
    assert taken.status_code == 201 and taken.json()["seat"] == 2
    assert len(taken.json()["key"]) >= 32  # 24 random bytes: 192 bits
    seats = client.get("/api/table").json()["seats"]
    assert seats[2] == {
        "seat": 2, "name": "Ann", "kind": "person", "played_by_computer": False,
        "connected": False, "gone_seconds": 0,
    }  # fmt: skip


def test_join_refuses_each_wrong_request_with_its_status(client) -> None:
    assert join(client, "Ann", 0).status_code == 201
    refused = {
        "no code": (join(client, "Bob", 1, code=None), 403),
        "wrong code": (join(client, "Bob", 1, code="WRONG2345"), 403),
        "seat taken": (join(client, "Bob", 0), 409),
        "name taken": (join(client, " ann ", 1), 409),
        "bad name": (join(client, "Bo\x1bb", 1), 422),
        "name not text": (join(client, 5, 1), 422),  # type: ignore[arg-type]
        "no such seat": (join(client, "Bob", 4), 422),
        "seat not a number": (join(client, "Bob", "1"), 422),
    }
    for what, (answer, status) in refused.items():
        assert answer.status_code == status, (what, answer.json())
        line = answer.json()["error"]
        assert "\n" not in line and line, what
    assert refused["seat taken"][0].json() == {
        "error": "seat 0 is taken by Ann: choose an empty seat"
    }
    assert "euchre host" in refused["no code"][0].json()["error"]


def test_a_body_past_the_limit_is_a_413_and_not_json_a_400(client) -> None:
    big = {"name": "Ann", "seat": 0, "pad": "x" * floor.MOST_BODY_BYTES}
    assert client.post("/api/join", json=big, headers=WITH_CODE).status_code == 413
    garbled = client.post(
        "/api/join", content=b"{", headers={**WITH_CODE, "Content-Type": "application/json"}
    )
    assert garbled.status_code == 400 and garbled.json()["error"].startswith("the body is not")


def test_wrong_codes_from_one_address_are_slowed_down_with_retry_after(client) -> None:
    for _ in range(5):
        assert join(client, "Bob", 1, code="WRONG2345").status_code == 403
    slowed = join(client, "Bob", 1)  # the right code too, from this address
    assert slowed.status_code == 429 and int(slowed.headers["Retry-After"]) > 0
    assert slowed.json()["error"].startswith("too many wrong table codes")


def test_start_gives_the_empty_seats_to_the_computer_once(client) -> None:
    join(client, "Ann", 0)
    assert client.post("/api/start").status_code == 403
    started = client.post("/api/start", headers=WITH_CODE)
    assert started.status_code == 200 and started.json()["started"]
    assert started.json()["hand"] is None  # the spectator's object
    kinds = [seat["kind"] for seat in client.get("/api/table").json()["seats"]]
    assert kinds == ["person", "computer", "computer", "computer"]
    assert client.post("/api/start", headers=WITH_CODE).status_code == 409
    late = join(client, "Bob", 1)
    assert late.status_code == 409 and late.json()["error"].startswith("the game has started")


def test_the_game_starts_by_itself_once_every_seat_is_taken() -> None:
    with TestClient(table_app("two-handed")) as client:
        join(client, "Ann", 0)
        assert not client.get("/api/table").json()["started"]
        join(client, "Bob", 1)
        assert client.get("/api/table").json()["started"]


# --- The game, the actions, the hints -------------------------------------------------


def test_the_game_object_of_a_seat_and_of_a_spectator(client) -> None:
    key = join(client, "Ann", 0).json()["key"]
    lobby = client.get("/api/game", headers=seat_key(key)).json()
    assert lobby["phase"] == "lobby" and lobby["seat"] == 0 and lobby["hand"] == []
    assert not lobby["started"] and lobby["legal"] == [] and lobby["hints"]
    assert client.get("/api/game").json()["hand"] is None
    wrong = client.get("/api/game", headers=seat_key("x" * 32))
    assert wrong.status_code == 403 and wrong.json()["error"].startswith("that seat key")
    client.post("/api/start", headers=WITH_CODE)
    mine = client.get("/api/game", headers=seat_key(key)).json()
    assert mine["seat"] == 0 and len(mine["hand"]) == 5 and not mine["stopped"]
    watched = client.get("/api/game").json()
    assert watched["seat"] is None and watched["hand"] is None and watched["legal"] == []
    for keys in ("dealer", "upcard", "bids", "trick", "last_trick", "sides", "last_hand"):
        assert keys in mine and keys in watched


def test_r16_actions_are_refused_with_their_status_and_the_engines_words(client) -> None:
    """Out of turn (409), illegal (422, R16's words), unreadable (422), no key (403)."""
    keys = [join(client, name, seat).json()["key"] for seat, name in enumerate("ABC")]
    before = client.post("/api/actions", json={"action": "pass"}, headers=seat_key(keys[0]))
    assert before.status_code == 409 and before.json()["error"].startswith("the game has not")
    keys.append(join(client, "D", 3).json()["key"])  # every seat a person's: no one moves
    to_act = client.get("/api/game").json()["to_act"]
    waiting = (to_act + 1) % 4
    out_of_turn = client.post(
        "/api/actions", json={"action": "pass"}, headers=seat_key(keys[waiting])
    )
    assert out_of_turn.status_code == 409
    assert out_of_turn.json()["error"] == f"it is seat {to_act}'s turn, not seat {waiting}'s"
    mine = seat_key(keys[to_act])
    card = client.get("/api/game", headers=mine).json()["hand"][0]
    illegal = client.post("/api/actions", json={"action": f"play:{card}"}, headers=mine)
    assert illegal.status_code == 422
    assert illegal.json()["error"].endswith(
        "is not allowed now, while bidding on the upcard (legal: pass, order up)"
    )
    for unreadable in ({"action": "jump"}, {"action": 5}, {}):
        assert client.post("/api/actions", json=unreadable, headers=mine).status_code == 422
    passed = client.post("/api/actions", json={"action": "pass"}, headers=mine)
    assert passed.status_code == 200 and passed.json()["bids"] == [
        {"seat": to_act, "action": "pass"}
    ]
    assert client.post("/api/actions", json={"action": "pass"}).status_code == 403
    wrong = client.post("/api/actions", json={"action": "pass"}, headers=seat_key("nope"))
    assert wrong.status_code == 403


def test_a_hint_is_for_the_seat_to_act_when_the_host_allows_them(client) -> None:
    keys = [join(client, name, seat).json()["key"] for seat, name in enumerate("ABCD")]
    assert client.get("/api/hint").status_code == 403
    game = client.get("/api/game").json()
    waiting = (game["to_act"] + 1) % 4
    assert client.get("/api/hint", headers=seat_key(keys[waiting])).status_code == 409
    hint = client.get("/api/hint", headers=seat_key(keys[game["to_act"]]))
    assert hint.status_code == 200 and hint.json()["action"] in ("pass", "order")
    assert hint.json()["words"].startswith("Hint: ")
    with TestClient(table_app()) as no_hints:
        key = join(no_hints, "Ann", 0).json()["key"]
        refused = no_hints.get("/api/hint", headers=seat_key(key))
        assert refused.status_code == 404

        assert refused.json() == {"error": "the host did not allow hints"}


# --- The floor shared with the scoreboard -----------------------------------------------


def test_r7_the_tables_hint_says_why_in_a_persons_words() -> None:
    """Last to play to the partner's sure A♦ (R7): the page's hint (its ``words``,
    shown as text) says the partner's card is already winning."""
    from deals import deal, run

    from euchre_cli.serve.hosting import hint_for
    from euchre_cli.serve.keeper import Decision

    ruleset = load_ruleset("standard")
    hands = {0: "9D 9C TC QC KC", 1: "AD 9S TS QD JS", 2: "TD QH JC AC KS", 3: "JH KH 9H AS QS"}
    hand = run(deal(ruleset, 3, hands=hands, upcard="TH"), "order pass pass pass pass")
    run(hand, "play:9D play:AD play:TD")
    decision = Decision(hand.view(3), tuple(hand.legal_actions()), ruleset, 1, None)
    hint = hint_for(decision)
    assert hint["action"] in ("play:AS", "play:QS")
    assert hint["words"].startswith(("Hint: A♠ (", "Hint: Q♠ ("))
    assert "(your partner's A♦ is already winning the trick)" in hint["words"]


def test_every_answer_has_the_security_headers_and_a_json_404_and_405(client) -> None:
    for answer in (client.get("/api/table"), client.get("/api/nope"), client.put("/api/join")):
        policy = answer.headers["content-security-policy"]
        assert "script-src 'self'" in policy and "frame-ancestors 'none'" in policy
        assert answer.headers["x-frame-options"] == "DENY"
        assert answer.headers["cache-control"] == "no-store"
    assert client.get("/api/nope").json() == {"error": "not found"}
    assert client.put("/api/join").status_code == 405
    assert client.get("/static/../pyproject.toml").status_code == 404
    assert client.get("/static/cards.js").status_code == 200  # the scoreboard's files too


def test_a_host_header_naming_another_host_is_refused() -> None:
    with TestClient(table_app(hosts={"127.0.0.1"}), base_url="http://127.0.0.1") as client:
        assert client.get("/api/table").status_code == 200
        rebound = client.get("/api/table", headers={"Host": "evil.example:8000"})
        assert rebound.status_code == 400 and "Host header" in rebound.json()["error"]


# --- Real servers: streams, whole games, what each seat receives -------------------------


def ask(port: int, method: str, path: str, body: object = None, **headers: str) -> tuple:
    """(status, raw body, parsed body) of one request to the server at ``port``."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=PATIENCE)
    data = None if body is None else json.dumps(body)
    if data is not None:
        headers["Content-Type"] = "application/json"
    connection.request(method, path, data, headers)
    answer = connection.getresponse()
    raw = answer.read().decode()
    connection.close()
    return answer.status, raw, json.loads(raw)


class Served:
    """The app served by uvicorn on a free port, in a thread of the test's."""

    def __init__(self, app) -> None:
        listener = listening_socket("127.0.0.1", 0)
        self.port = listener.getsockname()[1]
        self.app = app
        self.thread = threading.Thread(
            target=serve_forever, args=(app, listener, lambda: None), daemon=True
        )
        self.thread.start()

    def ask(self, method: str, path: str, body: object = None, **headers: str) -> tuple:
        return ask(self.port, method, path, body, **headers)

    def stop_streams(self) -> None:
        """As a Ctrl-C does at the start of the stop (``hosting.stop_streams``)."""
        self.app.state.keeper.loop.call_soon_threadsafe(stop_streams, self.app)


class Events:
    """An open /api/events stream (a seat's, with ``key``), read in a thread: every
    event's name and raw data, and the newest game object."""

    def __init__(self, port: int, key: str | None = None) -> None:
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=PATIENCE)
        self.connection.request("GET", "/api/events", headers={} if key is None else seat_key(key))
        self.socket = self.connection.sock  # shut down by ``close``, unblocking the reader
        self.response = self.connection.getresponse()
        self.events: list[tuple[str, str]] = []
        self.latest: dict | None = None
        self.changed = threading.Condition()
        self.ended = False
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        name = None
        try:
            for raw in self.response:
                line = raw.decode().rstrip("\n")
                if line.startswith("event: "):
                    name = line[7:]
                elif line.startswith("data: "):
                    with self.changed:
                        self.events.append((name or "", line[6:]))
                        if name == "game":
                            self.latest = json.loads(line[6:])
                        self.changed.notify_all()
        except (OSError, ValueError, AttributeError):  # closed by the test
            pass
        with self.changed:
            self.ended = True
            self.changed.notify_all()

    def wait_for(self, test, within: float = PATIENCE) -> None:
        with self.changed:
            assert self.changed.wait_for(lambda: test(self), within), self.events[-3:]

    def close(self) -> None:
        self.socket.shutdown(socket.SHUT_RDWR)
        self.connection.close()


class Sent:
    """What each seat may not know at each state of the table, by the game object it
    is sent then: recorded on the keeper's thread each time it publishes (every
    change), so that every answer and event a seat gets is matched to the state it
    was made from and scanned for those cards."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.keys: dict[int | None, str | None] = {None: None}
        self.secrets: dict[tuple[int | None, str], set[str]] = {}
        publish = TableKeeper._publish

        def recorded(keeper: TableKeeper) -> None:
            hand = keeper.table._hand  # the whole deal, what the views keep to themselves
            for seat, key in list(self.keys.items()):
                sent = _canonical(keeper.game_object(key))
                now = None if key is None else keeper.table.seat_for(key)  # after a draw (R3)
                hidden = set() if hand is None else secret_cards(hand, now)
                self.secrets.setdefault((seat, sent), set()).update(hidden)
            publish(keeper)

        monkeypatch.setattr(TableKeeper, "_publish", recorded)

    def scan(self, seat: int | None, raw: str) -> None:
        """One answer or event sent to ``seat`` (None: a spectator): made from a state
        recorded, and holding no card the seat could not know then."""
        sent = json.loads(raw)
        if seat is None:
            assert sent["hand"] is None
        secrets = self.secrets.get((seat, _canonical(sent)))
        assert secrets is not None, f"sent to {seat} from no state recorded: {raw[:200]}"
        assert [code for code in sorted(secrets) if CARD_CODE[code].search(raw)] == []


def _canonical(game: dict) -> str:
    """The game object as a key, less who is connected and how long gone (a stream
    opened or closed, or a second gone by, changes it before the keeper publishes
    again, and it holds no card)."""
    seats = [{**seat, "connected": None, "gone_seconds": None} for seat in game["seats"]]
    return json.dumps({**game, "seats": seats}, sort_keys=True)


@pytest.fixture
def sent(monkeypatch: pytest.MonkeyPatch) -> Sent:
    return Sent(monkeypatch)


def played_through(served: Served, people: dict[int, str], sent: Sent, seed: int) -> dict:
    """A whole game (or match) at ``served``'s table, the people at ``people`` (seat:
    name) choosing at random among their legal actions as their streams show them,
    every answer and event scanned; the streams' last game objects, by seat."""
    keys = {}
    for seat, name in people.items():
        body = {"name": name, "seat": seat}
        status, raw, joined = served.ask("POST", "/api/join", body, **WITH_CODE)
        assert status == 201, raw
        keys[seat] = sent.keys[seat] = joined["key"]
    streams = {seat: Events(served.port, key) for seat, key in [*keys.items(), (None, None)]}
    for stream in streams.values():
        stream.wait_for(lambda s: s.latest is not None)
    if not streams[None].latest["started"]:
        served.ask("POST", "/api/start", **WITH_CODE)
    chooser, acted_on = random.Random(seed), {seat: None for seat in keys}
    deadline = time.monotonic() + PATIENCE
    while not all(stream.latest and stream.latest["over"] for stream in streams.values()):
        assert time.monotonic() < deadline, "the game did not end in time"
        for seat, key in keys.items():
            game = streams[seat].latest
            if game is acted_on[seat] or game["to_act"] != seat or not game["legal"]:
                continue
            acted_on[seat] = game
            action = {"action": chooser.choice(game["legal"])}
            status, raw, _ = served.ask("POST", "/api/actions", action, **seat_key(key))
            assert status in (200, 409, 422), raw  # a forced card may be played first
            if status == 200:
                sent.scan(seat, raw)
        with streams[None].changed:
            streams[None].changed.wait(0.02)
    last = {}
    for seat, stream in streams.items():
        headers = {} if seat is None else seat_key(keys[seat])
        status, raw, game = served.ask("GET", "/api/game", **headers)
        assert status == 200 and game == stream.latest  # no stream ends behind the game
        for name, data in stream.events:
            assert name == "game"
            sent.scan(seat, data)
        sent.scan(seat, raw)
        last[seat] = game
    for stream in streams.values():
        stream.close()
    return last


def test_a_seeded_four_handed_game_is_played_to_the_end_and_again(sent) -> None:
    """Two key holders and two computers at --delay 0; then ``again``: the same people,
    the same keys, the next seed; a stopped server tells every stream so."""
    served = Served(table_app("standard", seed=3))
    last = played_through(served, {0: "Ann", 2: "Cy"}, sent, seed=3)
    game = last[0]
    assert game["over"] and game["winner"] in [side["name"] for side in game["sides"]]
    assert max(side["score"] for side in game["sides"]) >= 10
    assert [seat["kind"] for seat in game["seats"]] == ["person", "computer"] * 2
    key = sent.keys[0]
    status, _, again = served.ask("POST", "/api/again", **WITH_CODE)
    assert status == 200 and again["started"] and not again["over"]
    status, _, mine = served.ask("GET", "/api/game", **seat_key(key))
    assert mine["seat"] == 0 and len(mine["hand"]) == 5
    assert served.ask("POST", "/api/again", **WITH_CODE)[0] == 409  # while a game is on
    watching = Events(served.port)
    watching.wait_for(lambda s: s.latest is not None)
    served.stop_streams()
    watching.wait_for(lambda s: s.ended)
    assert watching.events[-1] == ("stopped", json.dumps(
        {"error": "The host stopped the table; the game is kept on their machine."}
    ))  # fmt: skip


@pytest.mark.parametrize(
    ("rules", "people"),
    [
        ("cutthroat", {0: "Ann", 2: "Cy"}),  # R12: the dummy, the maker's alone
        ("two-handed", {1: "Bob"}),  # R14
        ("railroad", {0: "Ann", 1: "Bob"}),  # R13: the best card passed face down
    ],
)
def test_no_seat_is_sent_a_card_it_may_not_know(rules: str, people: dict, sent) -> None:
    """Every byte each seat and a spectator receive, answers and events, over a whole
    game: four-handed in the test above, Cutthroat (R12), two-handed (R14) and
    Railroad (R13, the partner's best card passed face down) here."""
    served = Served(table_app(rules, seed=5))
    last = played_through(served, people, sent, seed=5)
    assert all(game["over"] for game in last.values())
    assert len(sent.secrets) > 100  # states recorded: the scan is not empty


def test_a_connected_seat_is_one_with_an_open_stream() -> None:
    served = Served(table_app("two-handed"))
    status, _, joined = served.ask("POST", "/api/join", {"name": "Ann", "seat": 0}, **WITH_CODE)
    stream = Events(served.port, joined["key"])
    stream.wait_for(lambda s: s.latest and s.latest["seats"][0]["connected"])
    assert served.ask("GET", "/api/table")[2]["seats"][0]["connected"]
    stream.close()
    deadline = time.monotonic() + PATIENCE
    while served.ask("GET", "/api/table")[2]["seats"][0]["connected"]:
        assert time.monotonic() < deadline
        time.sleep(0.02)
    assert served.ask("GET", "/api/events", **seat_key("x" * 32))[0] == 403


# --- The command ------------------------------------------------------------------------


def test_euchre_host_prints_the_link_serves_and_keeps_the_game_at_ctrl_c(tmp_path: Path) -> None:
    """``euchre host --watch --port 0`` in its own process: its link joined over HTTP,
    the game started and streamed, Ctrl-C stops it, and ``euchre games`` lists the game
    kept."""
    book = tmp_path / "book.sqlite3"
    command = [sys.executable, "-m", "euchre_cli", "host", "--watch", "--port", "0",
               "--delay", "0", "--level", "easy", "--seed", "4", "--code", CODE,
               "--db", str(book)]  # fmt: skip
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    process = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL,
        text=True, env=env,
    )  # fmt: skip
    try:
        lines = [process.stdout.readline() for _ in range(2)]
        link = re.search(r"Invite: (http://127\.0\.0\.1:(\d+)/#code=(\w+))", lines[1])
        assert link is not None and link[3] == CODE, lines
        port = int(link[2])
        status, _, joined = ask(port, "POST", "/api/join", {"name": "Ann", "seat": 0}, **WITH_CODE)
        assert status == 201
        stream = Events(port, joined["key"])
        assert ask(port, "POST", "/api/start", **WITH_CODE)[0] == 200
        stream.wait_for(lambda s: s.latest["to_act"] == 0 and len(s.latest["legal"]) > 1)
        action = {"action": stream.latest["legal"][0]}
        assert ask(port, "POST", "/api/actions", action, **seat_key(joined["key"]))[0] == 200
        screen = ask(port, "GET", "/api/lines?after=0", **seat_key(joined["key"]))[2]
        said = [line["text"] for line in screen["lines"]]  # Ann's screen, for euchre join
        assert said[0].startswith("Euchre: ") and any(t.startswith("You ") for t in said)
        process.send_signal(signal.SIGINT)
        stream.wait_for(lambda s: s.ended)
        assert stream.events[-1][0] == "stopped"
        out, err = process.communicate(timeout=PATIENCE)
    finally:
        process.kill()
    assert process.returncode == 0, err
    assert "Ann sits at seat 0." in out and "Hand 1:" in out
    assert out.rstrip().endswith(
        "Stopped the table; the game so far is kept (game 1):"
        " `euchre host --resume 1` opens it again."
    )
    assert "Traceback" not in err and err == "", err
    listed = CliRunner().invoke(main, ["games", "--db", str(book)])
    assert listed.exit_code == 0 and "Ann" in listed.output


# --- The host's screen ------------------------------------------------------------------


class Lines(Console):
    """A console that keeps the lines said."""

    def __init__(self) -> None:
        super().__init__(Style(colour=False))
        self.lines: list[str] = []

    def say(self, line: str) -> None:
        self.lines.append(line)


@pytest.mark.parametrize("rules", ["standard", "cutthroat", "railroad"])
def test_the_hosts_screen_says_the_game_but_no_card_the_table_may_not_see(rules: str) -> None:
    """The host's terminal is seen by the whole table: after every step of a whole
    game, its lines hold no card a spectator may not know (R12's dummy, R13's card
    passed face down included), and they do say the bids, the plays and the result."""
    console = Lines()
    screen = TableScreen(console, None, ScreenSettings(public=True))
    table = Table(load_ruleset(rules), "easy", 9, observer=screen)
    table.start()
    label = {
        card.code: re.compile(rf"(?<![0-9A-Za-z]){re.escape(card.label)}") for card in ALL_CARDS
    }
    said = 0
    while not table.over:
        if table.between_hands:
            table.next_hand()
        else:
            table.step_computer()
        hand = table._hand
        text = "\n".join(console.lines[said:])
        said = len(console.lines)
        hidden = secret_cards(hand, None)
        assert [code for code in sorted(hidden) if label[code].search(text)] == [], text
    everything = "\n".join(console.lines)
    assert "hand:" not in everything.lower() and " leads " in everything
    assert re.search(r"wins? the game", everything)


HOSTILE_BODIES = [
    b"", b"{", b"[]", b"null", b"1", b'"x"', b'{"name": null, "seat": null}',
    b'{"name": "Ann", "seat": "0"}', b'{"name": "Ann", "seat": 1e400}',
    b'{"name": "Ann", "seat": -1}', b'{"name": "Ann", "seat": ' + b"9" * 5000 + b"}",
    b'{"name": "\\ud800", "seat": 2}', b'{"name": "' + b"x" * 5000 + b'", "seat": 3}',
    b'{"action": null}', b'{"action": 7}', b'{"action": "play:ZZ"}', b'{"action": "\\u0000"}',
    b'{"seat": true}', b'{"seat": [1]}', b"[" * 40 + b"]" * 40, b'"\xff"',
]  # fmt: skip
HOSTILE_KEYS = [None, "", "x" * 5000, "\t", "not-a-key"]


def test_no_request_of_any_shape_is_answered_with_a_500() -> None:
    """Every path of the table's API, before and after the start, with bodies, keys
    and codes of every bad shape: a 4xx in the API's words (or a 2xx), never a 500."""
    rng = random.Random(5)
    with TestClient(table_app(hints=True), raise_server_exceptions=False) as client:
        key = join(client, "Ann", 0).json()["key"]
        paths = ["/api/join", "/api/start", "/api/again", "/api/actions", "/api/takeover"]
        for started in (False, True):
            if started:  # (the first round's POSTs to /api/start may have started it)
                client.post("/api/start", headers=WITH_CODE)
                assert client.get("/api/table").json()["started"]
            for path in [*paths, "/api/game", "/api/hint", "/api/lines?after=x", "/api/table"]:
                for body in HOSTILE_BODIES:
                    headers = {"Content-Type": "application/json", **WITH_CODE}
                    given = rng.choice([*HOSTILE_KEYS, key])
                    if given is not None:
                        headers["X-Seat-Key"] = given
                    method = "POST" if path in paths else "GET"
                    answer = client.request(method, path, content=body, headers=headers)
                    assert answer.status_code < 500 or answer.status_code == 503, (
                        method, path, body[:60], answer.text[:200],
                    )  # fmt: skip
                    assert "error" in answer.json() or answer.status_code < 300
