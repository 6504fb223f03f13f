"""The table for friends under four scripted seats: a real ``euchre host`` (uvicorn, in
its own process, on a free port, ``--delay 0``), four people joined through the API,
each following its own event stream and acting from it (a random legal action, seeded)
whenever the stream says it is that seat's turn, and a spectator's stream beside them,
for ``--games`` games in a row (``POST /api/again`` after each).

It prints how long an action takes to reach every stream (from the moment it is sent
to the first event each of the five streams receives after it: median and p99, in
milliseconds; a later action that came first only makes it longer), the actions
refused as stale (sent from a view the stream had already moved past), the server's peak
memory (VmHWM), and the number of streams whose last event differs from
``GET /api/game`` at the end (must be 0).  Only 127.0.0.1 is ever connected to.

    python bench/host.py [--games 20] [--rules standard] [--seed 1] [--tree DIR]

It uses the ``euchre`` script installed beside this Python when there is one, else
``python -m euchre_cli`` with this checkout on PYTHONPATH; ``--tree DIR`` hosts from
another checkout instead, run in it (the tree before a change, to compare).
"""

from __future__ import annotations

import argparse
import bisect
import http.client
import json
import os
import random
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

CHECKOUT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(CHECKOUT / "bench"))
from startup import euchre_command  # noqa: E402 (bench/ is no package)

CODE = "BENCH234"
NAMES = ["Ann", "Bob", "Cy", "Di"]
PATIENCE = 60.0  # seconds a game may go without a change before the bench gives up


def ask(port: int, method: str, path: str, body: object = None, **headers: str) -> tuple:
    """(status, parsed answer) of one request."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=PATIENCE)
    data = None if body is None else json.dumps(body)
    if data is not None:
        headers["Content-Type"] = "application/json"
    connection.request(method, path, data, headers)
    answer = connection.getresponse()
    parsed = json.loads(answer.read())
    connection.close()
    return answer.status, parsed


class Stream(threading.Thread):
    """One page's /api/events: when each game event came, and the newest."""

    def __init__(self, port: int, key: str | None) -> None:
        super().__init__(daemon=True)
        self.port = port
        self.key = key
        self.arrivals: list[float] = []
        self.latest: dict | None = None
        self.changed = threading.Condition()

    def run(self) -> None:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=PATIENCE)
        headers = {} if self.key is None else {"X-Seat-Key": self.key}  # None: a spectator
        connection.request("GET", "/api/events", headers=headers)
        name = None
        for raw in connection.getresponse():
            line = raw.decode()
            if line.startswith("event: "):
                name = line[7:].strip()
            elif line.startswith("data: ") and name == "game":
                game = json.loads(line[6:])
                with self.changed:
                    self.arrivals.append(time.monotonic())
                    self.latest = game
                    self.changed.notify_all()
            elif line.startswith("data: ") and name == "stopped":
                return


class Seat(threading.Thread):
    """A scripted person at ``seat``: acts whenever its stream says it is its turn and
    it has a choice (a forced card is the server's to play), once per game object seen;
    when each action taken was sent."""

    def __init__(self, port: int, seat: int, key: str, stream: Stream, seed: int) -> None:
        super().__init__(daemon=True)
        self.port, self.seat, self.key, self.stream = port, seat, key, stream
        self.chooser = random.Random(f"{seed}:{seat}")
        self.sent: list[float] = []
        self.stale = 0
        self.done = threading.Event()

    def run(self) -> None:
        acted_on = None
        while not self.done.is_set():
            with self.stream.changed:
                self.stream.changed.wait_for(
                    lambda seen=acted_on: self.done.is_set() or self.stream.latest is not seen,
                    0.5,
                )
                game = self.stream.latest
            if game is None or game is acted_on:
                continue
            acted_on = game
            if game["to_act"] != self.seat or len(game["legal"]) < 2:
                continue  # not its turn, or a forced card: the server plays that one
            action = {"action": self.chooser.choice(game["legal"])}
            sent = time.monotonic()
            status, _ = ask(self.port, "POST", "/api/actions", action, **{"X-Seat-Key": self.key})
            if status == 200:
                self.sent.append(sent)
            else:
                self.stale += 1


def start_host(args: argparse.Namespace, folder: str) -> tuple[subprocess.Popen, int, Path]:
    """``euchre host`` on a free port, its output in a file; the process and its port."""
    command = [*euchre_command(), "host", args.rules, "--port", "0", "--delay", "0",
               "--level", "easy", "--seed", str(args.seed), "--code", CODE,
               "--db", str(Path(folder) / "book.sqlite3")]  # fmt: skip
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    cwd = None
    if args.tree:
        command[:1] = [sys.executable, "-m", "euchre_cli"]
        env["PYTHONPATH"] = args.tree
        cwd = args.tree
    elif command[0] == sys.executable:
        env["PYTHONPATH"] = str(CHECKOUT)
    output = Path(folder) / "host.txt"
    with open(output, "w") as log:
        process = subprocess.Popen(
            command, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
            env=env, cwd=cwd,
        )  # fmt: skip
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        found = re.search(r"Invite: http://127\.0\.0\.1:(\d+)/", output.read_text())
        if found:
            return process, int(found[1]), output
        if process.poll() is not None:
            break
        time.sleep(0.05)
    process.kill()
    sys.exit(f"euchre host did not start:\n{output.read_text()}")


def peak_memory(pid: int) -> int:
    """The process's peak resident memory, in KiB (VmHWM)."""
    status = Path(f"/proc/{pid}/status").read_text()
    return int(re.search(r"VmHWM:\s+(\d+) kB", status)[1])


def play(port: int, args: argparse.Namespace) -> tuple[list[Stream], list[Seat], dict]:
    """Four people join (the game starts once they have), play ``args.games`` games."""
    keys = {}
    for seat, name in enumerate(NAMES):
        status, joined = ask(port, "POST", "/api/join", {"name": name, "seat": seat},
                             **{"X-Table-Code": CODE})  # fmt: skip
        assert status == 201, joined
        keys[seat] = joined["key"]
    streams = [Stream(port, keys[seat]) for seat in range(4)] + [Stream(port, None)]
    for stream in streams:
        stream.start()
    seats = [Seat(port, seat, keys[seat], streams[seat], args.seed) for seat in range(4)]
    for seat in seats:
        seat.start()
    watcher = streams[-1]
    for number in range(1, args.games + 1):
        with watcher.changed:
            watcher.changed.wait_for(lambda: watcher.latest and watcher.latest["over"], PATIENCE)
            assert watcher.latest and watcher.latest["over"], f"game {number} did not end"
        if number < args.games:
            status, _ = ask(port, "POST", "/api/again", **{"X-Table-Code": CODE})
            assert status == 200
            with watcher.changed:
                watcher.changed.wait_for(lambda: not watcher.latest["over"], PATIENCE)
    for seat in seats:
        seat.done.set()
    return streams, seats, keys


def reached_every_stream(streams: list[Stream], seats: list[Seat]) -> list[float]:
    """For each action, the seconds until every stream had an event after it."""
    latencies = []
    for sent in (sent for seat in seats for sent in seat.sent):
        arrivals = []
        for stream in streams:
            later = bisect.bisect_right(stream.arrivals, sent)
            if later < len(stream.arrivals):
                arrivals.append(stream.arrivals[later])
        if len(arrivals) == len(streams):
            latencies.append(max(arrivals) - sent)
    return latencies


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--rules", default="standard")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--tree", help="host from this checkout instead")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        process, port, _ = start_host(args, folder)
        try:
            started = time.monotonic()
            streams, seats, keys = play(port, args)
            elapsed = time.monotonic() - started
            time.sleep(0.2)  # the last events on their way
            differ = 0
            for seat, stream in enumerate(streams):
                headers = {"X-Seat-Key": keys[seat]} if seat in keys else {}
                status, game = ask(port, "GET", "/api/game", **headers)
                differ += status != 200 or game != stream.latest
            memory = peak_memory(process.pid)
        finally:
            process.send_signal(signal.SIGINT)
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                process.kill()
    latencies = sorted(reached_every_stream(streams, seats))
    actions = sum(len(seat.sent) for seat in seats)
    p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))]
    print(f"{args.games} games of {args.rules}, 4 scripted seats and a spectator, --delay 0:"
          f" {elapsed:.1f} s, {actions} actions ({sum(s.stale for s in seats)} refused as"
          " stale)")  # fmt: skip
    print(f"action to every stream: median {statistics.median(latencies) * 1000:.1f} ms,"
          f" p99 {p99 * 1000:.1f} ms")  # fmt: skip
    print(f"server peak memory (VmHWM): {memory / 1024:.1f} MiB")
    print(f"streams whose last event differs from /api/game: {differ} of {len(streams)}")


if __name__ == "__main__":
    main()
