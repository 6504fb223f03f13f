"""People at a table for friends from terminals: the host sitting at their own
(``euchre host`` without ``--watch``) and ``euchre join URL`` from another, each with
the screen and keys of ``euchre play``; the seat's screen made where the table is
kept, one ``TableScreen`` per person (``terminal.seat_screen``), and served as lines.

The commands run on pseudo-terminals in processes of their own; the host's server,
where the test plays the host's part, in a thread of the test's (``Served``)."""

from __future__ import annotations

import json
import os
import re
import signal
import stat
import subprocess
import termios
import threading
import time
from pathlib import Path

import pytest
from click.testing import CliRunner
from deals import CODE as CARD_CODE
from deals import secret_cards
from test_console import (
    CONSOLE_SCRIPT,
    plain_answers,
    read_ready,
    read_until_prompt,
    read_until_waiting,
)
from test_host_api import CODE, WITH_CODE, Served, ask, seat_key
from test_nobody_lost import Host

from euchre_cli.cli.seat_keys import keep_seat_key, read_seat_key, seat_key_path
from euchre_cli.commands.euchre import main
from euchre_cli.commands.join import RESUMED, WAITING_FOR_RESUME
from euchre_cli.engine.cards import ALL_CARDS
from euchre_cli.engine.match import MatchObserver
from euchre_cli.rulebook import load_ruleset
from euchre_cli.serve.client import BadInvite, HttpSeat, read_invite
from euchre_cli.serve.floor import Hub
from euchre_cli.serve.hosting import make_app
from euchre_cli.serve.keeper import TableKeeper
from euchre_cli.table.remote import TableStopped
from euchre_cli.table.table import Table
from euchre_cli.terminal import at_table
from euchre_cli.terminal.at_table import SittingAtTable, waiting_for
from euchre_cli.terminal.seat_screen import seat_screens

LABEL = {card.code: re.compile(rf"(?<![0-9A-Za-z]){re.escape(card.label)}") for card in ALL_CARDS}
PATIENCE = 30.0


def shown_cards(text: str, codes: set[str]) -> list[str]:
    """Which of ``codes`` ``text`` names, by label (``J♥``) or code (``JH``)."""
    return sorted(
        code for code in codes if LABEL[code].search(text) or CARD_CODE[code].search(text)
    )


# --- The seat's screen, made at the table ------------------------------------------------


@pytest.mark.parametrize(
    "rules", ["standard", "classic", "cutthroat", "railroad", "two-handed-dummy"]
)
def test_a_seats_lines_never_hold_a_card_its_player_may_not_see(rules: str) -> None:
    """Whole games with two people: after every step, each person's new lines, and the
    table and contract their questions show, are scanned for a card of another hand,
    the kitty, the dummy, a discard or a card passed face down (R12, R13, R14); with
    seats drawn (R3, classic), each screen is its person's wherever they sit."""
    ruleset = load_ruleset(rules)
    table = Table(ruleset, "easy", 3)
    keeper = TableKeeper(table, Hub(), delay=0.0, hints=False)
    keeper.show_seats(seat_screens(ruleset, "easy"))
    keys = {seat: keeper.join(name, seat)["key"] for seat, name in [(0, "Ann"), (1, "Bob")]}
    if not table.started:  # two seats of two: started by the last one taken
        keeper.start()
    after = dict.fromkeys(keys, 0)
    said = dict.fromkeys(keys, "")
    while not table.over:
        if table.between_hands:
            table.next_hand()
        elif table.automatic:
            table.step_computer()
        else:
            person = next(key for key in keys.values() if table.seat_for(key) == table.to_act)
            keeper.act(person, table.view_for(table.to_act)["legal"][0])
        for place, key in keys.items():
            answer = keeper.seat_lines(key, after[place])
            after[place] = answer["next"]
            drawn = ("Draw for seats:", "Redraw for")  # R3: cards of the draw, not the deal
            text = "\n".join(
                t for line in answer["lines"] if not (t := line["text"]).startswith(drawn)
            )
            text += "\n" + answer["table"]["text"] + "\n" + answer["contract"]["text"]
            assert "\x1b" not in text
            hidden = secret_cards(table._hand, table.seat_for(key))
            assert shown_cards(text, hidden) == [], (place, text)
            said[place] += text
    for text in said.values():
        assert "Your hand: " in text and re.search(r"wins? the game", text)
        assert "You " in text


def test_lines_from_the_hand_in_play_and_after_a_number() -> None:
    """Without ``after`` a seat taken back starts at the hand in play; a number past
    the end is the end; ``after`` must be a whole number."""
    app = make_app(Table(load_ruleset("standard"), "easy", 4, think=0.05), CODE, delay=0.0)
    app.state.keeper.show_seats(seat_screens(load_ruleset("standard"), "easy"))
    served = Served(app)
    key = served.ask("POST", "/api/join", {"name": "Ann", "seat": 0}, **WITH_CODE)[2]["key"]
    status, _, lobby = served.ask("GET", "/api/lines", **seat_key(key))
    assert status == 200 and lobby["lines"] == [] and lobby["game"]["phase"] == "lobby"
    assert served.ask("POST", "/api/start", **WITH_CODE)[0] == 200
    first = served.ask("GET", "/api/lines?after=0", **seat_key(key))[2]
    texts = [line["text"] for line in first["lines"]]
    assert texts[0].startswith("Euchre: standard") and first["next"] == len(texts)
    assert first["count"] == len(texts) and first["game"]["seat"] == 0
    assert any(mark[2] == "bold" for line in first["lines"] for mark in line["marks"])
    hand = served.ask("GET", "/api/lines", **seat_key(key))[2]
    assert hand["after"] > 0 and hand["lines"][0]["text"].startswith("— Hand 1")
    past = served.ask("GET", "/api/lines?after=99999", **seat_key(key))[2]
    assert past["lines"] == [] and past["after"] == first["count"]
    assert served.ask("GET", "/api/lines?after=-1", **seat_key(key))[0] == 422
    assert served.ask("GET", "/api/lines")[0] == 403
    assert served.ask("GET", "/api/rules")[2]["players"] == 4


# --- euchre join: the invite, the key kept, the refusals -------------------------------


def test_the_invite_is_read_as_the_host_printed_it() -> None:
    assert read_invite("http://127.0.0.1:8000/#code=TABLE234") == ("127.0.0.1", 8000, "TABLE234")
    assert read_invite("192.168.1.20:8765/#code=abc234") == ("192.168.1.20", 8765, "abc234")
    assert read_invite("http://[::1]:9/#code=X").address == "http://[::1]:9/"
    for bad in ["http://127.0.0.1:8000/", "https://h:1/#code=X", "http://h:99999/#code=X", "#code"]:
        with pytest.raises(BadInvite):
            read_invite(bad)


def test_a_seat_key_is_kept_for_the_user_alone_one_file_per_table() -> None:
    keep_seat_key("127.0.0.1", 8000, "TABLE234", 2, "Bob", "secret")
    path = Path(seat_key_path("127.0.0.1", 8000, "TABLE234"))
    assert stat.S_IMODE(path.stat().st_mode) == 0o600 and "TABLE234" not in path.name
    assert read_seat_key("127.0.0.1", 8000, "table234") == {
        "seat": 2,
        "name": "Bob",
        "key": "secret",
    }
    assert read_seat_key("127.0.0.1", 8001, "TABLE234") is None
    assert [p.name for p in path.parent.iterdir()] == [path.name]  # no temporary left
    path.write_text("{not json")
    assert read_seat_key("127.0.0.1", 8000, "TABLE234") is None


def joined(port: int, *options: str, code: str = CODE):
    link = f"http://127.0.0.1:{port}/#code={code}"
    return CliRunner().invoke(main, ["join", link, *options])


def test_join_says_in_one_line_why_it_cannot_sit_down() -> None:
    served = Served(make_app(Table(load_ruleset("two-handed"), "easy", 1), CODE, delay=0.0))
    port = served.port
    served.ask("POST", "/api/join", {"name": "Ann", "seat": 0}, **WITH_CODE)
    cases = [
        (joined(port, "--name", "Bob", code="WRONG2345"), 1, "Error: Wrong table code"),
        (joined(port, "--name", "Bob", "--seat", "0"), 1, "Error: Seat 0 is taken by Ann"),
        (joined(port, "--name", "Ann", "--seat", "1"), 1, "Error: 'Ann' is already at the table"),
        (joined(port, "--name", "Bob", "--seat", "5"), 2, "this table has seats 0 to 1"),
        (joined(port, "--name", "B\x1bb"), 2, "Invalid value for '--name'"),
        (CliRunner().invoke(main, ["join", "http://127.0.0.1:1/"]), 2, "holds no table code"),
        (joined(closed_port()), 1, "Error: No table answers at http://127.0.0.1:"),
    ]
    served.ask("POST", "/api/start", **WITH_CODE)
    cases.append((joined(port, "--name", "Cy"), 1, "Error: The game at this table has started"))
    for result, status, words in cases:
        assert result.exit_code == status, result.output
        assert words in result.output and "Traceback" not in result.output, result.output
        assert len(result.output.strip().splitlines()) == 1 or status == 2, result.output


def closed_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


# --- On terminals --------------------------------------------------------------------------


class ScriptedSeat:
    """A person at ``seat`` over the API, in a thread: the first legal action, at once."""

    def __init__(self, port: int, name: str, seat: int) -> None:
        self.port = port
        status, _, answer = ask(
            port, "POST", "/api/join", {"name": name, "seat": seat}, **WITH_CODE
        )
        assert status == 201, answer
        self.key = answer["key"]
        self.actions = 0
        self.stopped = False
        self.thread = threading.Thread(target=self._play, daemon=True)
        self.thread.start()

    def _play(self) -> None:
        while not self.stopped:
            try:
                status, _, game = ask(self.port, "GET", "/api/game", **seat_key(self.key))
            except OSError:
                return
            if status != 200 or game.get("over"):
                return
            if game["to_act"] == game["seat"] and game["legal"]:
                body = {"action": game["legal"][0]}
                ask(self.port, "POST", "/api/actions", body, **seat_key(self.key))
                self.actions += 1
            time.sleep(0.005)


def at_a_terminal(arguments: list[str], home: Path) -> tuple[subprocess.Popen, int, int]:
    env = {**os.environ, "EUCHRE_HOME": str(home), "TERM": "xterm", "LANG": "C.UTF-8"}
    env.pop("NO_COLOR", None)
    controller, terminal = os.openpty()
    process = subprocess.Popen(
        [*CONSOLE_SCRIPT, *arguments], stdin=terminal, stdout=terminal, stderr=terminal,
        env=env, start_new_session=True,
    )  # fmt: skip
    return process, controller, terminal


def read_until(fd: int, wanted: bytes, seconds: float = PATIENCE) -> bytes:
    out, deadline = b"", time.monotonic() + seconds
    while wanted not in out:
        assert time.monotonic() < deadline, f"no {wanted!r} after: {out[-400:]!r}"
        out += read_ready(fd, 0.2)
    return out


def answer_until(controller: int, last_words: bytes, shown: bytearray) -> str:
    """Answer each question plainly until one whose last line holds ``last_words``."""
    answers = plain_answers()
    next(answers)
    while True:
        out = read_until_prompt(controller, (b">",), PATIENCE)
        shown += out
        last = out.decode(errors="replace").rstrip().splitlines()[-1]
        if last_words.decode() in last:
            return last
        os.write(controller, answers.send(last).encode() + b"\r")


class Hidden(MatchObserver):
    """The cards seat ``seat`` may not know at the end of each hand (the kitty, the
    others' discards and unplayed cards)."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.by_hand: list[set[str]] = []

    def hand_finished(self, game, hand, record) -> None:
        self.by_hand.append(secret_cards(hand, self.seat))


def test_a_joiner_plays_a_hand_is_killed_joins_again_and_hears_the_host_stop(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``euchre join`` on a pseudo-terminal at seat 1 of a table whose host (seat 0)
    is scripted: it plays a hand, its screen naming no card it may not know; killed,
    the same command takes seat 1 back; at the host's stop it says so and waits for
    them to resume the table, until Ctrl-C leaves."""
    hidden = Hidden(1)
    table = Table(load_ruleset("standard"), "easy", 21, think=0.05, observer=hidden)
    app = make_app(table, CODE, delay=0.0)
    app.state.keeper.show_seats(seat_screens(table.ruleset, "easy"))
    served = Served(app)
    host = ScriptedSeat(served.port, "Dave", 0)
    link = f"http://127.0.0.1:{served.port}/#code={CODE}"
    process, controller, terminal = at_a_terminal(["join", link, "--name", "Bob"], tmp_path)
    shown = bytearray()
    try:
        shown += read_until(controller, b"Waiting for the host to start")
        assert b"You sit at seat 1 as Bob, at standard with Dave at seat 0." in shown
        assert served.ask("POST", "/api/start", **WITH_CODE)[0] == 200
        hand_one = bytearray()
        answers = plain_answers()
        next(answers)
        deadline = time.monotonic() + PATIENCE
        while "— Hand 2".encode() not in hand_one:
            assert time.monotonic() < deadline, hand_one[-400:]
            hand_one += read_ready(controller, 0.2)
            if hand_one.rstrip(b" ").endswith(b">"):
                last = hand_one.decode(errors="replace").rstrip().splitlines()[-1]
                os.write(controller, answers.send(last).encode() + b"\r")
                hand_one += b"\n"
        process.send_signal(signal.SIGKILL)
        process.wait(PATIENCE)
        os.close(controller)
        os.close(terminal)
        text = hand_one.decode(errors="replace").partition("— Hand 2")[0]
        assert " wins it." in text and "Trick 5: " in text
        assert shown_cards(text, hidden.by_hand[0]) == [], text

        process, controller, terminal = at_a_terminal(["join", link], tmp_path)  # no --seat
        # read once it waits there: a stop while the question is being drawn is heard
        # only at the next key (keyboard.py: the signal marks itself for later)
        again = read_until_waiting(controller, (b">",), process.pid, PATIENCE)
        assert b"Back at seat 1 as Bob." in again and b"\xe2\x80\x94 Hand " in again
        deadline = time.monotonic() + PATIENCE
        while not served.ask("GET", "/api/table")[2]["seats"][1]["connected"]:
            assert time.monotonic() < deadline
            time.sleep(0.01)  # its stream open: it hears the stop
        served.stop_streams()  # the host stops, the joiner waiting at a question
        stopped = read_until(controller, b"takes your seat back).").decode(errors="replace")
        assert WAITING_FOR_RESUME in stopped.replace("\r\n", " ")
        assert termios.tcgetattr(terminal)[3] & termios.ECHO  # given back, interrupted or not
        time.sleep(0.2)  # it waits: the stopped table's streams never open again
        assert process.poll() is None
        process.send_signal(signal.SIGINT)  # Ctrl-C leaves
        assert process.wait(PATIENCE) == 1
        end = read_ready(controller, 1.0).decode(errors="replace")
        assert "You left the table; your seat waits for you" in end and "Traceback" not in end
    finally:
        host.stopped = True
        os.close(controller)
        os.close(terminal)
        if process.poll() is None:
            process.kill()
    monkeypatch.setenv("EUCHRE_HOME", str(tmp_path))  # the joiner's
    kept = json.loads(Path(seat_key_path("127.0.0.1", served.port, CODE)).read_text())
    assert kept["seat"] == 1 and kept["name"] == "Bob"


def test_joining_needs_no_serve_extra() -> None:
    """``euchre join`` and everything it plays with load with Starlette, uvicorn and
    segno missing (only the host serves)."""
    code = (
        "import sys; sys.modules.update(dict.fromkeys(['starlette', 'uvicorn', 'segno']));"
        "import euchre_cli.commands.join, euchre_cli.serve.client, euchre_cli.terminal.at_table;"
        "from euchre_cli.players.levels import make_player; print('loaded')"
    )
    done = subprocess.run([*CONSOLE_SCRIPT[:1], "-c", code], capture_output=True, text=True)
    assert done.stdout.strip() == "loaded", done.stderr


def test_a_host_who_sat_sits_again_after_resume(tmp_path: Path) -> None:
    """The host at seat 0 stops the table with Ctrl-C at a question; ``--resume 1
    --seat 0`` opens it again with the host at that seat, asked where the game stopped."""
    book = tmp_path / "book.sqlite3"
    arguments = ["host", "--port", "0", "--delay", "0", "--level", "easy", "--seed", "4",
                 "--code", CODE, "--name", "Dave", "--db", str(book)]  # fmt: skip
    process, controller, terminal = at_a_terminal(arguments, tmp_path)
    try:
        read_until(controller, b"Press Enter to start")
        os.write(controller, b"\r")
        answer_until(controller, b"[order/pass]", bytearray())
        os.write(controller, b"pass\r")
        # the next question, read once the host waits there (a Ctrl-C while it is being
        # drawn is heard only at the next key: keyboard.py)
        asked = read_until_waiting(controller, (b">", b"N]"), process.pid, PATIENCE)
        os.killpg(process.pid, signal.SIGINT)
        assert process.wait(PATIENCE) == 0
        stopped = asked + read_ready(controller, 0.5)
        assert b"`euchre host --resume 1` opens it again." in stopped, stopped[-300:]
    finally:
        os.close(controller)
        os.close(terminal)
        if process.poll() is None:
            process.kill()
    again = ["host", "--resume", "1", "--seat", "0", "--port", "0", "--db", str(book)]
    process, controller, terminal = at_a_terminal(again, tmp_path)
    try:
        shown = read_until_prompt(controller, (b">", b"N]"), PATIENCE)
        assert b"You sit at seat 0 as Dave." in shown and b"You pass." in shown, shown[-400:]
        os.write(controller, b"quit\r")
        assert process.wait(PATIENCE) == 0
    finally:
        os.close(controller)
        os.close(terminal)
        if process.poll() is None:
            process.kill()


# --- A person gone, the computer playing for them, the host's stop and resume -------------


def seats_with(**bob: object) -> dict:
    """A game at Ann's seat (0) waiting for Bob's (1), his seat as ``bob`` says."""
    ann = {"seat": 0, "name": "Ann", "kind": "person", "gone_seconds": None}
    bob = {"seat": 1, "name": "Bob", "kind": "person", "gone_seconds": None, **bob}
    cy = {"seat": 2, "name": "Cy", "kind": "computer", "gone_seconds": None}
    return {"started": True, "seat": 0, "to_act": 1, "legal": [], "seats": [ann, bob, cy]}


def test_the_status_line_says_a_gone_person_and_the_computer_as_the_page_does() -> None:
    game = seats_with()
    assert waiting_for(game, 1, None, 12) == "Waiting for Bob, 12 s"
    assert waiting_for(game, 1, 40, 12) == "Waiting for Bob (gone 40 s)"
    assert waiting_for(game, 2, None, 3) == "Cy is thinking…"
    computer = seats_with(played_by_computer=True, gone_seconds=60)
    assert waiting_for(computer, 1, 60, 3) == "Bob: the computer plays for now"


class _Status:
    def __init__(self) -> None:
        self.shown: str | None = None

    def show(self, words: str) -> None:
        self.shown = words

    def clear(self) -> None:
        self.shown = None


class _Console:
    keyboard = None
    style = None

    def __init__(self) -> None:
        self.status = _Status()

    def say(self, line: object) -> None:
        pass


class _Connection:
    def __init__(self, game: dict) -> None:
        self.game = game

    def lines(self, after: int | None) -> dict:
        return {"lines": [], "next": after, "count": 0, "game": self.game}


def test_a_gone_person_is_counted_up_from_gone_seconds_at_a_terminal_seat(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The host's own seat and ``euchre join`` alike (``SittingAtTable``): at once
    "Waiting for Bob (gone 40 s)", counting up between answers, the same absence kept
    when a later answer says it again; the computer playing his seat says so after the
    computer's pause."""
    now = [1000.0]
    monkeypatch.setattr(at_table.time, "monotonic", lambda: now[0])
    console = _Console()
    connection = _Connection(seats_with(gone_seconds=40))
    sitting = SittingAtTable(connection, console, load_ruleset("standard"))  # type: ignore[arg-type]
    sitting._catch_up()
    sitting._say_waiting(sitting.game)
    assert console.status.shown == "Waiting for Bob (gone 40 s)"
    now[0] += 2.5
    sitting._say_waiting(sitting.game)
    assert console.status.shown == "Waiting for Bob (gone 42 s)"
    connection.game = seats_with(gone_seconds=42)  # said again, whole seconds as of then
    sitting._catch_up()
    now[0] += 1.0
    sitting._say_waiting(sitting.game)
    assert console.status.shown == "Waiting for Bob (gone 43 s)"
    connection.game = seats_with(gone_seconds=0, played_by_computer=True)
    sitting._catch_up()
    sitting._say_waiting(sitting.game)
    assert console.status.shown is None  # not yet: the computer's pause
    now[0] += at_table.SAY_COMPUTER_AFTER
    sitting._say_waiting(sitting.game)
    assert console.status.shown == "Bob: the computer plays for now"
    connection.game = seats_with()  # he is back, and thinks
    sitting._catch_up()
    sitting._say_waiting(sitting.game)
    now[0] += 5
    sitting._say_waiting(sitting.game)
    assert console.status.shown == "Waiting for Bob, 5 s"


def test_a_seat_whose_host_does_not_resume_gives_up_after_its_retries() -> None:
    """The stopped table's streams never open again: ``wait_for_resume`` tries every
    second (less when less is left), for ``retry_seconds`` since the stop, then
    ``TableStopped``."""
    served = Served(make_app(Table(load_ruleset("two-handed"), "easy", 1), CODE, delay=0.0))
    key = served.ask("POST", "/api/join", {"name": "Ann", "seat": 0}, **WITH_CODE)[2]["key"]
    served.stop_streams()
    seat = HttpSeat(read_invite(f"http://127.0.0.1:{served.port}/#code={CODE}"), key,
                    retry_seconds=0.2)  # fmt: skip
    seat.reached = True
    assert seat._stop() and not seat._stop()  # said once
    started = time.monotonic()
    with pytest.raises(TableStopped):
        seat.wait_for_resume()
    assert 0.15 <= time.monotonic() - started < 2
    seat.end()


def test_a_joiner_waits_for_the_host_to_resume_and_goes_on_at_its_seat(tmp_path: Path) -> None:
    """``euchre join`` at seat 1 of ``euchre host --watch`` in a process of its own:
    Ctrl-C to the host while the joiner is asked a question; the joiner says the host
    stopped and waits; ``euchre host --resume`` (the same port, code and keys) and it
    goes on by itself, asked a question again."""
    book = tmp_path / "book.sqlite3"
    host = Host(book, "--watch", "--port", "0", "--delay", "0", "--seed", "4", "--level",
                "easy", "--code", CODE)  # fmt: skip
    link = f"http://127.0.0.1:{host.port}/#code={CODE}"
    process, controller, terminal = at_a_terminal(
        ["join", link, "--name", "Bob", "--seat", "1"], tmp_path
    )
    again = None
    try:
        read_until(controller, b"Waiting for the host to start")
        assert ask(host.port, "POST", "/api/start", **WITH_CODE)[0] == 200
        read_until_waiting(controller, (b">",), process.pid, PATIENCE)
        assert host.stop(signal.SIGINT).rstrip().endswith("opens it again.")
        stopped = read_until(controller, b"takes your seat back).").decode(errors="replace")
        assert WAITING_FOR_RESUME in stopped.replace("\r\n", " ")
        again = Host(book, "--resume", "--delay", "0")
        assert again.port == host.port
        resumed = read_until(controller, RESUMED.encode())
        resumed += read_until_prompt(controller, (b">",), PATIENCE)  # asked again
        assert "Traceback" not in resumed.decode(errors="replace")
        assert process.poll() is None
    finally:
        os.close(controller)
        os.close(terminal)
        if process.poll() is None:
            process.kill()
            process.wait()
        if again is not None:
            again.stop(signal.SIGINT)


def test_the_host_hands_a_gone_persons_seat_to_the_computer_with_enter(tmp_path: Path) -> None:
    """Anyone with the code may hand a gone person's seat to the computer, the host's
    terminal too: Bob sits down and is gone; at his turn the host's status line offers
    it, Enter hands it over, and the game goes on to the host's next question."""
    arguments = ["host", "--port", "0", "--delay", "0", "--level", "easy", "--seed", "4",
                 "--code", CODE, "--name", "Dave", "--db", str(tmp_path / "b.sqlite3")]  # fmt: skip
    process, controller, terminal = at_a_terminal(arguments, tmp_path)
    try:
        shown = read_until(controller, b"Press Enter to start")
        port = int(re.search(rb"Invite: http://127\.0\.0\.1:(\d+)/#code=", shown)[1])
        status, _, joined = ask(port, "POST", "/api/join", {"name": "Bob", "seat": 1}, **WITH_CODE)
        assert status == 201, joined  # and never heard from again
        read_until(controller, b"Bob sits at seat 1.")
        os.write(controller, b"\r")
        answer_until(controller, b"[order/pass]", bytearray())
        os.write(controller, b"pass\r")  # Bob (seat 1) is next to bid
        read_until(controller, b"Enter lets the computer play for Bob")
        os.write(controller, b"\r")
        handed = read_until(controller, b"The computer plays for Bob")
        handed += read_until_prompt(controller, (b">", b"N]"), PATIENCE)  # the game goes on
        assert b"Bob passes." in handed or b"Bob orders" in handed, handed[-400:]
        os.write(controller, b"quit\r")
        assert process.wait(PATIENCE) == 0
    finally:
        os.close(controller)
        os.close(terminal)
        if process.poll() is None:
            process.kill()
