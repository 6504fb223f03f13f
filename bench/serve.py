"""The scoreboard under a busy table: a real ``euchre score serve`` (uvicorn, in its own
process, on a free port) with ``--streams`` pages following the sheet live, while
``--writers`` scripts enter hands through the API and one terminal enters hands with
``euchre score hand``, all at once, ``--hands`` hands in all.

It prints the hands lost and duplicated (both must be 0), whether every stream's last
sheet is the book's (``score show --json``), how long a write takes to be answered,
the time from a write to the moment every stream has it (median and p99: the target
is a second), and the server's peak memory (VmHWM).

    python bench/serve.py [--hands 200] [--streams 20] [--writers 4]

With ``--idle N`` it measures instead a crowd of N connections that send nothing,
held open against a server whose limit on open files is ``--files`` (1024, as
``ulimit -n``): whether a page still loads while they are open (each of 20 loads
the page, its script and the sheet, on new connections), how long that takes, how
many open files the server holds, how many of the crowd it closed, and how much it
wrote to stderr.  Only 127.0.0.1 is ever connected to.

    python bench/serve.py --idle 1000 [--files 1024] [--tree DIR]

It uses the ``euchre`` script installed beside this Python when there is one, else
``python -m euchre_cli`` with this checkout on PYTHONPATH; ``--tree DIR`` serves
from another checkout instead, run in it (the tree before a change, to compare).
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import re
import resource
import signal
import socket
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
TEAMS = ["--team", "Ann & Bob", "--team", "Cy & Di"]  # standard: no rubber ends the sheet


class Stream(threading.Thread):
    """One page's /api/events: when each sheet event came, and the last sheet."""

    def __init__(self, port: int) -> None:
        super().__init__(daemon=True)
        self.port = port
        self.arrivals: list[tuple[float, int]] = []  # (time, entries on the sheet)
        self.last: dict | None = None
        self.ready = threading.Event()

    def run(self) -> None:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        connection.request("GET", "/api/events")
        response = connection.getresponse()
        event = None
        for raw in response:
            line = raw.decode()
            if line.startswith("event: "):
                event = line[7:].strip()
            elif line.startswith("data: ") and event == "sheet":
                self.last = json.loads(line[6:])
                self.arrivals.append((time.monotonic(), self.last["entries"]))
                self.ready.set()

    def first_with(self, entries: int) -> float | None:
        return next((when for when, count in self.arrivals if count >= entries), None)


def api_writer(port: int, hands: int, number: int, acknowledged: list, failures: list) -> None:
    """Enter ``hands`` hands through POST /api/hands, each (sent at, entry number)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    headers = {"X-Table-Code": CODE, "Content-Type": "application/json"}
    for hand in range(hands):
        body = json.dumps({"makers": str(1 + (hand + number) % 2), "tricks": 3})
        sent = time.monotonic()
        connection.request("POST", "/api/hands", body, headers)
        response = connection.getresponse()
        answer = json.loads(response.read())
        if response.status == 200:
            acknowledged.append(("api", sent, time.monotonic(), answer["entries"]))
        else:
            failures.append(answer)


def terminal_writer(db: str, hands: int, acknowledged: list, failures: list) -> None:
    """Enter ``hands`` hands with ``euchre score hand`` (the commit is before the exit)."""
    for hand in range(hands):
        line = ["score", "hand", "--makers", str(1 + hand % 2), "--tricks", "3", "--db", db]
        done = subprocess.run([*euchre_command(), *line], capture_output=True, text=True)
        ended = time.monotonic()
        found = re.match(r"#(\d+) ", done.stdout)
        if done.returncode == 0 and found:
            acknowledged.append(("terminal", ended, ended, int(found[1])))
        else:
            failures.append(done.stderr.strip())


def loads_page(port: int) -> float | None:
    """Seconds to load the page, its first script and the sheet, each on a new connection
    (as a phone that just joined), or None when one of them does not come."""
    started = time.monotonic()
    for path in ("/", "/static/main.js", "/api/sheet"):
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        try:
            connection.request("GET", path)
            response = connection.getresponse()
            response.read()
            if response.status != 200:
                return None
        except OSError:
            return None
        finally:
            connection.close()
    return time.monotonic() - started


def closed_by_server(connections: list[socket.socket]) -> int:
    """How many of ``connections`` the server has closed (read as at an end)."""
    closed = 0
    for connection in connections:
        connection.setblocking(False)  # no wait, and no select(): its files end at 1024
        try:
            closed += connection.recv(1) == b""
        except BlockingIOError:  # open, and nothing to read
            pass
        except OSError:  # reset
            closed += 1
    return closed


def idle_crowd(options: argparse.Namespace, env: dict[str, str], serve: list[str]) -> None:
    """A page loaded 20 times while ``options.idle`` connections sit open doing nothing."""
    wanted = options.idle + 64
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(wanted, hard), hard))

    def server_limit() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (options.files, hard))

    with tempfile.TemporaryDirectory() as folder:
        db = str(Path(folder) / "book.sqlite3")
        subprocess.run(
            [*serve, "score", "new", "bench", *TEAMS, "--db", db],
            check=True, env=env, stdout=subprocess.DEVNULL, cwd=options.tree,
        )  # fmt: skip
        server = subprocess.Popen(
            [*serve, "score", "serve", "--port", "0", "--code", CODE, "--db", db],
            env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
            preexec_fn=server_limit, cwd=options.tree,
        )  # fmt: skip
        crowd: list[socket.socket] = []
        try:
            port = int(re.search(r":(\d+)/", server.stdout.readline())[1])
            before = loads_page(port)
            started = time.monotonic()
            for _ in range(options.idle):
                try:
                    crowd.append(socket.create_connection(("127.0.0.1", port), timeout=5))
                except OSError:
                    break
            opened = time.monotonic() - started
            time.sleep(1)
            loads = []
            while len(loads) < 20 and None not in loads:  # one that fails: the rest would too
                loads.append(loads_page(port))
            files = len(os.listdir(f"/proc/{server.pid}/fd"))
            closed_soon = closed_by_server(crowd)
            time.sleep(12)  # past the time a request has to come whole
            closed_later = closed_by_server(crowd)
            after = loads_page(port)
        finally:
            for connection in crowd:
                connection.close()
            server.send_signal(signal.SIGINT)
            try:
                out, err = server.communicate(timeout=30)
            except subprocess.TimeoutExpired:
                server.kill()
                out, err = server.communicate()
    came = [seconds for seconds in loads if seconds is not None]
    print(f"idle connections opened: {len(crowd)} of {options.idle} in {opened:.1f} s;"
          f" the server's limit on open files: {options.files}")  # fmt: skip
    print(f"page loads (page, script, sheet) before the crowd: {before and before * 1000:.0f} ms")
    print(f"page loads with the crowd open: {len(came)} of {len(loads)} came", end="")
    if came:
        print(f", median {statistics.median(came) * 1000:.0f} ms, max {max(came) * 1000:.0f} ms")
    else:
        print()
    print(f"page load 12 s later: {'none' if after is None else f'{after * 1000:.0f} ms'}")
    print(f"server's open files with the crowd open: {files}")
    print(f"idle connections the server closed: {closed_soon} at once (to make room),"
          f" {closed_later} after 12 s")  # fmt: skip
    print(f"server's stderr: {len(err.encode())} bytes, {len(err.splitlines())} lines"
          + (f"; first: {err.splitlines()[0][:160]!r}" if err.strip() else ""))
    print(f"server stopped with status {server.returncode}")


def peak_memory_mib(pid: int) -> float:
    with open(f"/proc/{pid}/status") as status:
        line = next(line for line in status if line.startswith("VmHWM:"))
    return int(line.split()[1]) / 1024


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200)
    parser.add_argument("--streams", type=int, default=20)
    parser.add_argument("--writers", type=int, default=4)
    parser.add_argument("--idle", type=int, default=0, help="measure N idle connections")
    parser.add_argument("--files", type=int, default=1024, help="the server's open files")
    parser.add_argument("--tree", type=Path, help="serve from this checkout (--idle)")
    options = parser.parse_args()
    env = {**os.environ, "PYTHONPATH": str(options.tree or CHECKOUT)}
    if options.idle:
        serve = [sys.executable, "-m", "euchre_cli"] if options.tree else euchre_command()
        idle_crowd(options, env, serve)
        return
    with tempfile.TemporaryDirectory() as folder:
        db = str(Path(folder) / "book.sqlite3")
        subprocess.run(
            [*euchre_command(), "score", "new", "bench", *TEAMS, "--db", db],
            check=True, env=env, stdout=subprocess.DEVNULL,
        )  # fmt: skip
        server = subprocess.Popen(
            [*euchre_command(), "score", "serve", "--port", "0", "--code", CODE, "--db", db],
            env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        )  # fmt: skip
        try:
            first = server.stdout.readline()
            port = int(re.search(r":(\d+)/", first)[1])
            streams = [Stream(port) for _ in range(options.streams)]
            for stream in streams:
                stream.start()
            for stream in streams:
                stream.ready.wait(10)
            each = options.hands // (options.writers + 1)
            acknowledged: list = []
            failures: list = []
            writers = [
                threading.Thread(target=api_writer, args=(port, each, n, acknowledged, failures))
                for n in range(options.writers)
            ]
            terminal_hands = options.hands - each * options.writers
            writers.append(
                threading.Thread(
                    target=terminal_writer, args=(db, terminal_hands, acknowledged, failures)
                )
            )
            started = time.monotonic()
            for writer in writers:
                writer.start()
            for writer in writers:
                writer.join()
            took = time.monotonic() - started
            book = json.loads(
                subprocess.run(
                    [*euchre_command(), "score", "show", "--json", "--db", db],
                    check=True, env=env, capture_output=True, text=True,
                ).stdout
            )  # fmt: skip
            settle = time.monotonic() + 3
            while time.monotonic() < settle and any(s.last != book for s in streams):
                time.sleep(0.05)
            memory = peak_memory_mib(server.pid)
        finally:
            server.send_signal(signal.SIGINT)
            out, err = server.communicate(timeout=15)
    numbers = [entry for *_, entry in acknowledged]
    lost = max(0, len(acknowledged) - book["entries"])
    duplicated = (len(numbers) - len(set(numbers))) + max(0, book["entries"] - len(acknowledged))
    answered = [done - sent for kind, sent, done, _ in acknowledged if kind == "api"]
    to_every_stream: dict[str, list[float]] = {"api": [], "terminal": []}
    for kind, sent, _done, entry in acknowledged:
        seen = [stream.first_with(entry) for stream in streams]
        if None not in seen:  # a terminal's commit comes a moment before its exit: >= 0
            to_every_stream[kind].append(max(0.0, max(seen) - sent))
    every = [*to_every_stream["api"], *to_every_stream["terminal"]]
    missed = len(acknowledged) - len(every)
    matching = sum(stream.last == book for stream in streams)
    print(f"hands: {options.hands} ({options.writers} API writers, 1 terminal writer,"
          f" {options.streams} streams), entered in {took:.1f} s")  # fmt: skip
    print(f"hands lost {lost}, duplicated {duplicated}, refused {len(failures)}")
    print(f"streams whose last sheet is the book's: {matching} of {len(streams)}")
    print(f"API write answered: median {statistics.median(answered) * 1000:.0f} ms,"
          f" p99 {percentile(answered, 0.99) * 1000:.0f} ms")  # fmt: skip
    for label, delays in [("write", every), ("  from the API (sent)", to_every_stream["api"]),
                          ("  from a terminal (exit)", to_every_stream["terminal"])]:  # fmt: skip
        print(f"{label} to every stream: median {statistics.median(delays) * 1000:.0f} ms,"
              f" p99 {percentile(delays, 0.99) * 1000:.0f} ms,"
              f" max {max(delays) * 1000:.0f} ms")  # fmt: skip
    print(f"writes no stream saw: {missed}")
    print(f"server peak memory (VmHWM): {memory:.1f} MiB")
    print(f"server stopped with status {server.returncode}: {out.splitlines()[-1]!r}")
    if err.strip():
        print(f"server said on stderr: {err.strip()[:500]}")
    if failures:
        print(f"first refusal: {failures[0]}")


if __name__ == "__main__":
    main()
