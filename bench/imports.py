"""What `euchre games import` and `export` cost at a record's limits: peak memory and
time, as whole processes.

Prints, for each step, the file's size, the peak resident memory of the `euchre`
process (its own, from ``os.wait4``) and the seconds it took:

* importing hostile files: 63 MB of ``[{},{},...]`` (under the 64 MiB cap of
  before), the same just under today's cap, and a record whose moves are ``{}``;
* the largest real record, a watched match of ``--games`` games (100, the most
  `euchre play` takes) to 50 points (the most computer players play to), standard
  rules at `easy`, built in this process: imported into a fresh book, exported, and
  the export imported again (an exported record must import).

    python bench/imports.py [--euchre CHECKOUT] [--games N] [--dir FOLDER]

``--euchre`` runs the commands of another tree (``git archive REV | tar -x -C DIR``)
on the same files, to compare a change with the tree before it.  Building the match
takes about a minute; the files are kept in ``--dir`` when it is given, and a record
already there is not built again.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from euchre_cli.book import open_book
from euchre_cli.engine.game import Game
from euchre_cli.engine.match import Match
from euchre_cli.players.rule_based import RuleBasedPlayer
from euchre_cli.records.export import MAX_RECORD_BYTES, MAX_RECORD_VALUES, to_document
from euchre_cli.records.game import Setup
from euchre_cli.records.recorder import Recorder
from euchre_cli.records.store import GameBook
from euchre_cli.rulebook import load_ruleset, ruleset_from_dict, ruleset_to_dict

CHECKOUT = Path(__file__).resolve().parent.parent
LONGEST_GAME = 50  # points: players.levels.LONGEST_COMPUTER_GAME


def largest_record(folder: Path, games: int) -> Path:
    """A watched match of ``games`` games to 50, kept move by move as `euchre play
    --watch --save` keeps it (the book unsynced: only the record matters here), then
    written as `games export` writes it."""
    path = folder / f"match-{games}-to-{LONGEST_GAME}.json"
    if path.exists():
        return path
    settings = ruleset_to_dict(load_ruleset("standard"))
    settings["game"]["points_to_win"] = LONGEST_GAME
    rules = ruleset_from_dict(settings, "bench")
    names = ("Ann", "Bob", "Cy", "Di")
    book = open_book(folder / "build.sqlite3", create=True)
    try:
        book.execute("PRAGMA synchronous = OFF")
        kept = GameBook(book)
        setup = Setup(rules, 1, names, (), "easy", games=games)
        players = [RuleBasedPlayer() for _ in names]
        Match(rules, names, players, 1, games, Recorder(kept, setup), game_factory=Game).play()
        saved = kept.game(kept.listing()[0].id)
    finally:
        book.close()
    text = json.dumps(to_document(saved), ensure_ascii=False, separators=(",", ":"))
    path.write_text(text, encoding="utf-8")
    return path


def hostile_files(folder: Path) -> list[Path]:
    """Files no record is, of the shapes that cost Python the most memory per byte: the
    last one the most that passes both caps (each short string an object of its own)."""
    under_the_cap = (MAX_RECORD_BYTES - 2) // 3
    shapes = {
        "empty-objects-63MB.json": "[" + ",".join(["{}"] * 21_000_000) + "]",
        "empty-objects-under-cap.json": "[" + ",".join(["{}"] * under_the_cap) + "]",
        "record-of-empty-moves.json": json.dumps(
            {"format": "euchre-game", "version": 1, "setup": {}, "moves": "MOVES"}
        ).replace('"MOVES"', "[" + ",".join(["{}"] * (under_the_cap - 30)) + "]"),
        "strings-at-both-caps.json": "["
        + ",".join(f'"{n:08}"' for n in range(MAX_RECORD_VALUES - 1))
        + "]",
    }
    paths = []
    for name, text in shapes.items():
        path = folder / name
        if not path.exists():
            path.write_text(text, encoding="ascii")
        paths.append(path)
    return paths


# Started from a small process of its own: a child's peak memory counts the pages it
# shared with its parent when forked, and this script holds a whole match.
_PEAK_OF_ONE = (
    "import resource, subprocess, sys;"
    "code = subprocess.call(sys.argv[2:]);"
    "open(sys.argv[1], 'w').write(str(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss));"
    "sys.exit(code)"
)


def measured(euchre: Path, home: Path, *args: str) -> tuple[float, int, str]:
    """Seconds, peak resident KiB and the last line of output of one `euchre` process."""
    env = {**os.environ, "EUCHRE_HOME": str(home), "PYTHONPATH": str(euchre)}
    peak = home / "peak"
    command = [sys.executable, "-c", _PEAK_OF_ONE, str(peak), sys.executable, "-m", "euchre_cli"]
    start = time.perf_counter()
    done = subprocess.run(  # run in the tree: `-m` puts the folder it runs in first
        [*command, *args], cwd=euchre, env=env, capture_output=True, text=True
    )
    seconds = time.perf_counter() - start
    last = ((done.stdout + done.stderr).strip().splitlines() or [""])[-1]
    return seconds, int(peak.read_text()), f"exit {done.returncode}: {last[:100]}"


def step(euchre: Path, name: str, path: Path, home: Path, *args: str) -> None:
    """Run one `euchre` command and print its line: ``path`` is the file it reads or
    writes."""
    seconds, peak, said = measured(euchre, home, *args)
    size = path.stat().st_size / 1e6 if path.exists() else 0.0
    print(f"{name:34} {size:7.1f} MB  {peak / 1024:7.0f} MiB  {seconds:6.1f} s  {said}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--euchre", type=Path, default=CHECKOUT, help="the tree to measure")
    parser.add_argument("--games", type=int, default=100, help="games of the largest match")
    parser.add_argument("--dir", type=Path, help="where the files are made and kept")
    options = parser.parse_args()
    euchre = options.euchre
    with tempfile.TemporaryDirectory(dir=options.dir) as scratch:
        folder = options.dir or Path(scratch)
        print(f"euchre from {euchre}; files in {folder}")
        print(f"{'step':34} {'file':>10}  {'peak':>11}  {'time':>8}")
        for path in hostile_files(folder):
            home = Path(tempfile.mkdtemp(dir=scratch))
            step(euchre, f"import {path.name}", path, home, "games", "import", str(path))
        record = largest_record(folder, options.games)
        home = Path(tempfile.mkdtemp(dir=scratch))
        step(euchre, "import the largest match", record, home, "games", "import", str(record))
        exported = Path(scratch) / "exported.json"
        step(euchre, "export it", exported, home, "games", "export", "1", "-o", str(exported))
        again = ("games", "import", "--copy", str(exported))
        step(euchre, "import the export", exported, home, *again)
    return 0


if __name__ == "__main__":
    sys.exit(main())
