"""How long the quick commands take to start, next to importing Click alone.

A score command is typed between hands, and a look at one's statistics or games
kept between games, so they must feel instant.  This runs ``euchre score show``,
``euchre score hand``, ``euchre stats`` and ``euchre games`` as fresh processes
against a throw-away score book, interleaved with ``python -c "import click"`` in the
same run (the book in its usual place under a throw-away ``HOME``, no ``$EUCHRE_HOME``:
finding it is timed too), and prints each median and its ratio to Click's (the target: at most 2,
which a person at the table does not notice).  For ``stats`` and ``games`` the book holds
``--games`` records of games a person played (default 60: four-handed, Cutthroat and
two-handed), each played out by ``easy`` players and kept with its summary.

    python bench/startup.py [--runs N] [--games N]

It uses the ``euchre`` script installed beside this Python when there is one, else
``python -m euchre_cli`` with this checkout on PYTHONPATH.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

TARGET_RATIO = 2.0
CHECKOUT = Path(__file__).resolve().parent.parent


def euchre_command() -> list[str]:
    installed = shutil.which("euchre", path=str(Path(sys.executable).parent))
    return [installed] if installed else [sys.executable, "-m", "euchre_cli"]


def timed(command: list[str], env: dict[str, str]) -> float:
    """Wall-clock seconds for one run; a failing command stops the benchmark."""
    start = time.perf_counter()
    subprocess.run(command, env=env, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def keep_games(path: str, count: int) -> None:
    """``count`` finished games of a person's in the book at ``path``, as ``euchre stats``
    reads them (their summaries; no moves: nothing here replays them)."""
    sys.path.insert(0, str(CHECKOUT))
    from euchre_cli.book import open_book
    from euchre_cli.engine.match import Match
    from euchre_cli.players.levels import make_player
    from euchre_cli.records.game import SavedGame, Setup
    from euchre_cli.records.store import GameBook
    from euchre_cli.rulebook import load_ruleset

    rules = ["standard", "standard", "standard", "railroad", "cutthroat", "two-handed"]
    book = open_book(path, create=True)
    try:
        for seed in range(count):
            ruleset = load_ruleset(rules[seed % len(rules)])
            names = ("You", "Ann", "Bob", "Cy")[: ruleset.players]
            players = [
                make_player("easy", ruleset, seed=f"{seed}:{seat}") for seat in range(len(names))
            ]
            match = Match(ruleset, names, players, seed)
            match.play()
            setup = Setup(ruleset, seed, names, (0,), "easy")
            started = f"2026-01-01 {seed // 60:02d}:{seed % 60:02d}:00"
            saved = SavedGame(setup, started=started, finished=True, summary=match.summary())
            GameBook(book).add_saved(saved)
    finally:
        book.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=30, help="runs of each command")
    parser.add_argument("--games", type=int, default=60, help="games in the book for stats")
    arguments = parser.parse_args()
    runs = arguments.runs
    euchre = euchre_command()
    with tempfile.TemporaryDirectory() as home:
        env = {**os.environ, "HOME": home}
        for where in ("EUCHRE_HOME", "XDG_DATA_HOME", "XDG_CONFIG_HOME"):
            env.pop(where, None)
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(CHECKOUT), env.get("PYTHONPATH")]))
        # Compiled .pyc files, as an installed package has them (Click's already are).
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        setup = [*euchre, "score", "new", "bench", "--team", "Ann & Bob", "--team", "Cy & Di"]
        subprocess.run(setup, env=env, check=True, stdout=subprocess.DEVNULL)
        keep_games(str(next(Path(home).rglob("scores.sqlite3"))), arguments.games)
        commands = {
            'python -c "import click"': [sys.executable, "-c", "import click"],
            "euchre score show": [*euchre, "score", "show"],
            "euchre score hand": [*euchre, "score", "hand", "--makers", "1", "--tricks", "3"],
            f"euchre stats ({arguments.games} games)": [*euchre, "stats"],
            f"euchre games ({arguments.games} games)": [*euchre, "games"],
        }
        for command in commands.values():  # warm the disk cache and the .pyc files
            timed(command, env)
        times: dict[str, list[float]] = {name: [] for name in commands}
        for _ in range(runs):
            for name, command in commands.items():
                times[name].append(timed(command, env))
    medians = {name: statistics.median(values) for name, values in times.items()}
    baseline = medians['python -c "import click"']
    print(f"{runs} runs each; euchre is {' '.join(euchre)}")
    for name, median in medians.items():
        print(f"  {name:<26} {median * 1000:6.1f} ms  ratio {median / baseline:.2f}")
    worst = max(medians.values()) / baseline
    print(f"worst ratio {worst:.2f} (target {TARGET_RATIO})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
