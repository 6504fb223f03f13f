"""How long a hostile house-rules file takes to be read and refused (median of runs).

    python bench/rules_load.py [--runs N] [--limit SECONDS] [--tree DIR ...]

A house-rules file is a few hundred bytes, but the reader takes any file up to 1 MiB,
and what it does with one must not grow faster than the file.  Each case is a file
that ``extends: standard`` and then holds many top-level keys (``key_0: 0`` ...,
1,000, 4,000 and 16,000 of them, and as many as 900 KB holds), or a 900 KB list of
ranks.  Each run loads the file with ``load_ruleset`` in a fresh process and times
that call alone (after a first load of ``standard``, so that no import is timed); a
run past ``--limit`` seconds is stopped and the case shown as more than the limit.
Since a file is refused at its first unknown key, the merge of a file over the one
it extends is timed on its own too: 1,000, 4,000 and 16,000 keys, each written again
over the extended file's.
``--tree DIR`` times another checkout too (the tree before a change, say),
interleaved with this one on the same files.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

CHECKOUT = Path(__file__).resolve().parent.parent
FILE_BYTES = 900_000
CHILD = """
import sys, time
sys.path.insert(0, sys.argv[1])
import euchre_cli.rulebook as rulebook
from euchre_cli.rulebook import load, validate
assert rulebook.__file__.startswith(sys.argv[1]), rulebook.__file__
rulebook.load_ruleset("standard")  # the imports a first load makes (PyYAML), untimed
kind, given = sys.argv[2:]
if kind == "merge":  # each of a file's keys written again over the one it extends
    count = int(given)
    base = {f"key_{number}": number for number in range(count)}
    top = {f"key_{number}": [number] for number in range(count)}
    place = validate.Location("house.yaml", 1, 0)
    base_where = {(key,): place for key in base}
    top_where = {path: place for key in top for path in ((key,), (key, 0))}
start = time.perf_counter()
try:
    if kind == "merge":
        load._overlay(base, base_where, top, top_where)
        said = f"merged {count:,} keys"
    else:
        rulebook.load_ruleset(given)
        said = "loaded"
except rulebook.RulesetError as error:
    said = str(error)
print(time.perf_counter() - start)
print(said[:70])
"""


def keys_file(count: int) -> str:
    return "extends: standard\n" + "".join(f"key_{number}: {number}\n" for number in range(count))


def keys_in_bytes(size: int) -> str:
    text, count = "extends: standard\n", 0
    while len(text) < size:
        text += "".join(f"key_{number}: {number}\n" for number in range(count, count + 1000))
        count += 1000
    return text[: text.rindex("\n", 0, size) + 1]


def ranks_in_bytes(size: int) -> str:
    return "deck:\n  ranks: [" + "9, " * ((size - 20) // 3) + "9]\n"


FILES = {
    "1k keys": lambda: keys_file(1_000),
    "4k keys": lambda: keys_file(4_000),
    "16k keys": lambda: keys_file(16_000),
    "900 KB of keys": lambda: keys_in_bytes(FILE_BYTES),
    "900 KB list": lambda: ranks_in_bytes(FILE_BYTES),
}
MERGES = {"merge 1k keys": 1_000, "merge 4k keys": 4_000, "merge 16k keys": 16_000}


def timed(tree: Path, kind: str, given: str, folder: str, limit: float) -> tuple[float | None, str]:
    """Seconds the load or merge took in ``tree`` (None past ``limit``), and what it said."""
    try:
        done = subprocess.run(
            [sys.executable, "-c", CHILD, str(tree), kind, given],
            cwd=folder,
            capture_output=True,
            text=True,
            check=True,
            timeout=limit + 30,  # the imports, on a busy machine
        )
    except subprocess.TimeoutExpired:
        return None, ""
    seconds, said = done.stdout.splitlines()
    return (float(seconds) if float(seconds) <= limit else None), said


def report(
    case: str, kind: str, given: str, folder: str, trees: list[Path], args: argparse.Namespace
) -> None:
    """Each tree's median for one case, its runs interleaved with the other trees'."""
    times: dict[Path, list[float | None]] = {tree: [] for tree in trees}
    said = {}
    for _ in range(args.runs):
        for tree in trees:
            if None not in times[tree]:  # one run past the limit is enough
                seconds, said[tree] = timed(tree, kind, given, folder, args.limit)
                times[tree].append(seconds)
    for tree in trees:
        runs = times[tree]
        shown = (
            f"> {args.limit:g} s"
            if None in runs
            else f"median {statistics.median(runs):.3f} s (of {len(runs)})"
        )
        print(f"{case:>32} {tree.name:>10}: {shown}  {said[tree]}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--limit", type=float, default=120.0)
    parser.add_argument("--tree", type=Path, action="append", default=[])
    args = parser.parse_args()
    trees = [CHECKOUT, *(tree.resolve() for tree in args.tree)]
    with tempfile.TemporaryDirectory() as folder:
        for case, make in FILES.items():
            path = Path(folder) / "house.yaml"
            path.write_text(make(), encoding="utf-8")
            label = f"{case} ({path.stat().st_size:,} bytes)"
            report(label, "load", path.name, folder, trees, args)
        for case, count in MERGES.items():
            report(case, "merge", str(count), folder, trees, args)


if __name__ == "__main__":
    main()
