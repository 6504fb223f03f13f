"""How long the table at a terminal stays still while a person waits for it.

A game is played on a pseudo-terminal, as a person would see it, with the default
pace, and answered plainly (pass, n, y, Enter to keep the suggested five, cards in
turn); every gap between two writes of the program is timed, but the waits for the
person's answers.  Prints the longest gaps, with the line before each and the one
after: the target is that none lasts over a second without saying who is thinking.

    python bench/stillness.py [--rules standard] [--seed 3] [--hands 3] [--level hard]
                              [--tree PATH]

``--tree`` runs the ``euchre_cli`` of another checkout (the tree before a change,
from ``git archive``) with this Python, to compare the two in the same run.
"""

from __future__ import annotations

import argparse
import os
import select
import subprocess
import sys
import tempfile
import time
from pathlib import Path

CHECKOUT = Path(__file__).resolve().parent.parent
SHOWN = 5  # the longest gaps printed


def plain_answer(question: str, cards_played: int) -> str:
    """What a person answers without thinking, to the question's last line."""
    if "[order/pass]" in question or "Name trump" in question:
        return "pass"
    if "[y/N]" in question:
        return "n"
    if "[Y/n]" in question or "[y/n]" in question:
        return "y"
    if "Keep which" in question or "Enter" in question:
        return ""
    return str(cards_played % 10 + 1)  # a refused number is asked again


def gaps(args: argparse.Namespace) -> list[tuple[float, str, str]]:
    """Each gap between writes (seconds, the line before, the line after), until
    ``args.hands`` hands have been played."""
    env = {**os.environ, "TERM": "xterm", "NO_COLOR": "1", "PYTHONPATH": str(args.tree)}
    env["EUCHRE_HOME"] = tempfile.mkdtemp()
    command = [sys.executable, "-m", "euchre_cli", "play", "--rules", args.rules, "--no-save"]
    command += ["--seed", str(args.seed), "--level", args.level]
    controller, terminal = os.openpty()
    game = subprocess.Popen(
        command, stdin=terminal, stdout=terminal, stderr=terminal, env=env, cwd="/"
    )
    found: list[tuple[float, str, str]] = []
    shown, last, cards, hands = "", time.monotonic(), 0, 0
    try:
        while game.poll() is None and hands < args.hands:
            if not select.select([controller], [], [], 0.05)[0]:
                continue
            written = os.read(controller, 65536).decode(errors="replace")
            now = time.monotonic()
            before = shown.rstrip().rpartition("\n")[2]
            found.append((now - last, before, written.lstrip("\r\n").partition("\n")[0]))
            shown, last = shown[-2000:] + written, now
            if not shown.rstrip(" ").endswith(">"):
                continue
            question = shown.rstrip().rpartition("\n")[2]
            hands += "next hand" in question
            cards += 1
            os.write(controller, plain_answer(question, cards).encode() + b"\r")
            shown, last = "", float("inf")  # the wait for an answer is not stillness
    finally:
        game.terminate()
        game.wait()
        os.close(controller)
        os.close(terminal)
    return [gap for gap in found if gap[0] > 0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="standard")
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--hands", type=int, default=3)
    parser.add_argument("--level", default="hard")
    parser.add_argument("--tree", type=Path, default=CHECKOUT)
    args = parser.parse_args()
    print(f"{args.rules}, seed {args.seed}, {args.level}, {args.hands} hands ({args.tree}):")
    for seconds, before, after in sorted(gaps(args), reverse=True)[:SHOWN]:
        print(f"  {seconds:5.2f} s after {before.strip()[-60:]!r}, then {after.strip()[:50]!r}")


if __name__ == "__main__":
    main()
