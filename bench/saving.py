"""How long keeping a game costs: each move written to the book, and whole games.

Every move of a game is written in a transaction of its own as it is played (so a
kill loses nothing played), which must add no wait a person could notice.  This
prints:

* the time to write one move (``GameBook.add_move``, what the game calls after each
  action), median, 99th percentile and maximum over the moves of a few games, into a
  fresh book in ``--dir`` (default: a temporary folder; put it on the disk your
  ``EUCHRE_HOME`` is on);
* a whole easy game read from a script, kept and not kept (``--no-save``), as fresh
  processes interleaved, medians and their ratio.

    python bench/saving.py [--games N] [--dir FOLDER]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from euchre_cli.book import open_book
from euchre_cli.engine.game import Game
from euchre_cli.engine.match import Match
from euchre_cli.players.rule_based import RuleBasedPlayer
from euchre_cli.records.game import Setup
from euchre_cli.records.recorder import Recorder
from euchre_cli.records.store import GameBook
from euchre_cli.rulebook import load_ruleset

CHECKOUT = Path(__file__).resolve().parent.parent
ANSWERS = "\n".join(["pass", "n", "1", "2", "3", "4", "5", "c", "d", "h", "s"] * 300)


class TimedBook(GameBook):
    """The book, timing each move written."""

    def __init__(self, *args) -> None:
        super().__init__(*args)
        self.times: list[float] = []

    def add_move(self, game_id, move) -> None:
        start = time.perf_counter()
        super().add_move(game_id, move)
        self.times.append(time.perf_counter() - start)


def move_times(folder: str, games: int) -> list[float]:
    """Seconds per move written, over ``games`` whole games of four easy players."""
    book = open_book(os.path.join(folder, "scores.sqlite3"), create=True)
    kept = TimedBook(book)
    rules = load_ruleset("standard")
    names = ("Ann", "Bob", "Cy", "Di")
    try:
        for seed in range(games):
            setup = Setup(rules, seed, names, (0,), "easy")
            recorder = Recorder(kept, setup)
            players = [RuleBasedPlayer() for _ in names]
            Match(rules, names, players, seed, observer=recorder, game_factory=Game).play()
    finally:
        book.close()
    return kept.times


def game_seconds(folder: str, save: bool) -> float:
    env = {**os.environ, "EUCHRE_HOME": folder}
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(CHECKOUT), env.get("PYTHONPATH")]))
    seed = str(random.randrange(1000))
    command = [sys.executable, "-m", "euchre_cli", "play", "--level", "easy", "--seed", seed]
    command.append("--save" if save else "--no-save")
    start = time.perf_counter()
    subprocess.run(command, env=env, input=ANSWERS.encode(), capture_output=True, check=True)
    return time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10, help="games written and timed")
    parser.add_argument("--dir", help="where the throw-away book goes")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory(dir=options.dir) as folder:
        times = sorted(move_times(folder, options.games))
        p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
        print(f"moves written: {len(times)} over {options.games} games, in {folder}")
        print(
            f"  per move: median {statistics.median(times) * 1000:.2f} ms,"
            f" p99 {p99 * 1000:.2f} ms, max {times[-1] * 1000:.2f} ms"
        )
        whole = {True: [], False: []}
        for _ in range(options.games):
            for save in (False, True):
                whole[save].append(game_seconds(folder, save))
        kept, not_kept = (statistics.median(whole[save]) for save in (True, False))
        print(
            f"  whole easy game from a script, median of {options.games}: kept {kept:.2f} s,"
            f" --no-save {not_kept:.2f} s, ratio {kept / not_kept:.2f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
