"""Peak memory of whole ``euchre`` processes: a watched game, a watched match, and a
long run of hands through ``play_out``, each with the computer at ``--level``.

A game, a match or a rubber of any length must peak at no more than 100 MiB.  Each
figure is the peak resident set of one fresh process (``ru_maxrss`` of that child,
read by ``os.wait4``), and the median and largest over ``--runs`` seeds (1, 2, ...):

* ``euchre play --watch --json`` at ``--level`` (and at ``easy``, the floor without
  any search);
* ``euchre play --watch --games N --json`` (``--games``, default 10);
* ``--hands`` hands (default 30) played through ``play_out`` by one set of players
  kept for all of them, as a long session keeps them, in a fresh Python process.

    python bench/memory.py [--runs N] [--games N] [--hands N] [--rules NAME,...]
                           [--level LEVEL]

It runs the ``euchre`` script installed beside this Python (``pip install -e .``),
so run it with the Python of the tree to measure.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile

from startup import euchre_command

from euchre_cli.engine.hand import Hand
from euchre_cli.engine.play import play_out, shuffled_deck
from euchre_cli.players.levels import make_player
from euchre_cli.rulebook import load_ruleset


def peak_mib(command: list[str], env: dict[str, str]) -> float:
    """The peak resident memory of one run of ``command``, in MiB; a failing command
    stops the benchmark."""
    process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = code = os.waitstatus_to_exitcode(status)
    if code:
        raise subprocess.CalledProcessError(code, command)
    return usage.ru_maxrss / 1024  # KiB on Linux


def play_hands(rules: str, level: str, hands: int, seed: int) -> None:
    """``hands`` seeded hands through ``play_out``, the same players for all."""
    ruleset = load_ruleset(rules)
    players = [make_player(level, ruleset, seed=f"{seed}:{s}") for s in range(ruleset.players)]
    for number in range(hands):
        deck = shuffled_deck(ruleset, random.Random(f"bench-memory:{rules}:{seed}:{number}"))
        play_out(Hand(ruleset, number % ruleset.players, deck), players)


def measures(euchre: list[str], rules: str, args: argparse.Namespace, seed: int) -> dict:
    """What is measured, by name: the command for ``seed``."""
    watch = [*euchre, "play", "--watch", "--json", "--rules", rules, "--seed", str(seed)]
    level = args.level
    return {
        "watched game, easy": [*watch, "--level", "easy"],
        f"watched game, {level}": [*watch, "--level", level],
        f"watched {args.games}-game match, {level}": [
            *watch, "--level", level, "--games", str(args.games)
        ],
        f"{args.hands} hands of play_out, {level}": [
            *(sys.executable, __file__, "--rules", rules, "--level", level),
            *("--hands", str(args.hands), "--play-hands", str(seed)),
        ],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="seeds of each measurement")
    parser.add_argument("--games", type=int, default=10, help="games in the watched match")
    parser.add_argument("--hands", type=int, default=30, help="hands through play_out")
    parser.add_argument("--rules", default="standard", help="rulesets, comma-separated")
    parser.add_argument("--level", default="hard")
    parser.add_argument("--play-hands", type=int, metavar="SEED", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.play_hands is not None:  # the child process of the play_out measurement
        play_hands(args.rules, args.level, args.hands, args.play_hands)
        return
    euchre = euchre_command()
    print(f"{args.runs} runs each (seeds 1 to {args.runs}); euchre is {' '.join(euchre)}")
    print(f"{'ruleset':17} {'what':34} {'median MiB':>10} {'max MiB':>8}")
    with tempfile.TemporaryDirectory() as home:
        env = {**os.environ, "EUCHRE_HOME": home}
        for rules in args.rules.split(","):
            peaks: dict[str, list[float]] = {}
            for seed in range(1, args.runs + 1):
                for what, command in measures(euchre, rules, args, seed).items():
                    peaks.setdefault(what, []).append(peak_mib(command, env))
            for what, values in peaks.items():
                print(
                    f"{rules:17} {what:34} {statistics.median(values):10.1f} {max(values):8.1f}",
                    flush=True,
                )


if __name__ == "__main__":
    main()
