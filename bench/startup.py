"""How long the book's commands take to start, next to importing Click alone.

A score command is typed between hands, and a look at the games kept should be as
quick, so they must feel instant.  This runs ``euchre score show``, ``euchre score
hand`` and ``euchre games`` (over a few games kept) as fresh processes against a
throw-away book, interleaved with ``python -c "import click"`` in the same run, and
prints each median and its ratio to Click's (the target: at most 2, which a person
at the table does not notice).

    python bench/startup.py [--runs N]

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
GAMES_KEPT = 10
CHECKOUT = Path(__file__).resolve().parent.parent


def euchre_command() -> list[str]:
    installed = shutil.which("euchre", path=str(Path(sys.executable).parent))
    return [installed] if installed else [sys.executable, "-m", "euchre_cli"]


def timed(command: list[str], env: dict[str, str]) -> float:
    """Wall-clock seconds for one run; a failing command stops the benchmark."""
    start = time.perf_counter()
    subprocess.run(command, env=env, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=30, help="runs of each command")
    runs = parser.parse_args().runs
    euchre = euchre_command()
    with tempfile.TemporaryDirectory() as home:
        env = {**os.environ, "EUCHRE_HOME": home}
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(CHECKOUT), env.get("PYTHONPATH")]))
        # Compiled .pyc files, as an installed package has them (Click's already are).
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        setup = [*euchre, "score", "new", "bench", "--team", "Ann & Bob", "--team", "Cy & Di"]
        subprocess.run(setup, env=env, check=True, stdout=subprocess.DEVNULL)
        answers = "\n".join(["pass", "n", "1", "2", "3", "4", "5", "c", "d", "h", "s"] * 300)
        for seed in range(GAMES_KEPT):  # games kept, for `euchre games` to list
            game = [*euchre, "play", "--level", "easy", "--seed", str(seed)]
            subprocess.run(game, env=env, input=answers.encode(), capture_output=True)
        commands = {
            'python -c "import click"': [sys.executable, "-c", "import click"],
            "euchre score show": [*euchre, "score", "show"],
            "euchre score hand": [*euchre, "score", "hand", "--makers", "1", "--tricks", "3"],
            "euchre games": [*euchre, "games"],
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
