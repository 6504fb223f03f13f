"""Every command and every option, argument and setting given hostile values (huge and
negative numbers, NaN, empty strings, 10,000 characters, control characters, devices
and FIFOs for paths, bytes that are not UTF-8): each run ends with exit status 0, 1
or 2, at most one line of error and never a traceback.

The commands, their parameters and the settings file's keys are read from the
program itself (Click's command tree, ``SETTINGS``), so an option added later is
swept without a change here.  Each run gets a fresh copy of a home holding one kept
game and one score sheet, so that the commands that read them get past "nothing kept
yet"; ``COMPANIONS`` and ``QUICK`` hold the few valid values a run needs beside the
hostile one (a required argument; easy players, so that a game that starts is over
at once).
An endless read or a wait that never ends fails its run instead of the suite: each
run has a memory limit and an alarm (see ``guarded``).
"""

from __future__ import annotations

import itertools
import json
import os
import shutil
import signal
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import click
import pytest
from click.testing import CliRunner, Result

from euchre_cli.book import BOOK_FILE
from euchre_cli.cli.options import WholeNumber
from euchre_cli.cli.settings import SETTINGS, SETTINGS_FILE
from euchre_cli.commands import forgiving_streams
from euchre_cli.commands.euchre import main
from euchre_cli.limits import LARGEST_WHOLE_NUMBER, SMALLEST_WHOLE_NUMBER

LONG = "A" * 10_000
HOSTILE = {
    "huge": "9" * 30,
    "huge negative": "-" + "9" * 30,
    "negative": "-1",
    "zero": "0",
    "superscript digit": "\u00b2",  # isdigit() says yes, int() says no
    "other script's digits": "\u0661\u0662",  # int() reads them as 12
    "5,000 digits": "9" * 5000,  # past int()'s 4,300 digits
    "nan": "nan",
    "infinity": "inf",
    "empty": "",
    "blank": "   ",
    "long": LONG,
    "long path": f"{LONG}/{LONG}.yaml",
    "terminal escape": "\x1b]0;PWN\x07\x1b[2J",
    "new line": "two\nlines",
    "not UTF-8": b"Zo\xeb\xff".decode("utf-8", "surrogateescape"),
    "/dev/zero": "/dev/zero",
    "/dev/urandom": "/dev/urandom",
    "FIFO": "fifo",  # made in the run's folder by ``fresh``
    "directory": ".",
}
# The hostile values that are paths of some kind, for $EUCHRE_HOME (an empty one is no
# home: the user's own data directory, which a test must not touch)
PATHS = ["long", "long path", "terminal escape", "new line", "not UTF-8", "/dev/zero", "FIFO"]
# What the home's files (the book, the settings file) are replaced by, and how
STAND_INS = {
    "/dev/zero": lambda path: path.symlink_to("/dev/zero"),
    "FIFO": lambda path: os.mkfifo(path),
    "directory": lambda path: path.mkdir(),
    "not UTF-8": lambda path: path.write_bytes(b"rules: \xff\xfe\n" * 10),
    "too large": lambda path: path.write_bytes(b"# a comment\n" * 200_000),
}
# Values a run needs beside the hostile one, by parameter name; any other required
# parameter gets a value of its type (``valid``).
COMPANIONS = {
    "key": "rules",  # config get/set/unset: a key whose value loads a file
    "value": "standard",
    "makers": "1",
    "who": "1",
}
# Options every run of a command carries unless they are the one swept, each with its
# values: nothing played is slow (easy players; one deal for simulate), an export says
# its format, and an option that only counts beside others gets them (a hand's makers
# and tricks, which --thrown-in goes without; a new sheet's teams, before its --dealer
# is read).
QUICK = {
    ("play",): [("--level", "easy")],
    ("cutthroat",): [("--level", "easy")],
    ("two-handed",): [("--level", "easy")],
    ("simulate",): [("--deals", "1"), ("--players", "easy,easy")],
    ("score", "export"): [("--csv",)],
    ("score", "hand"): [("--makers", "1"), ("--tricks", "3")],
    ("score", "new"): [("--team", "A & B"), ("--team", "C & D")],
    ("score", "serve"): [("--port", "0")],  # any free port (see ``stopped_at_once`` too)
    ("host",): [("--port", "0"), ("--level", "easy")],
}
MEMORY_BUDGET = 2 * 2**30  # bytes of address space above what the tests use already
SECONDS_BUDGET = 60  # for one run (a game of easy players takes well under a second)


def commands(group: click.Group = main, path: tuple[str, ...] = ()) -> Iterator[tuple]:
    """(path, command) for every command below ``group``, groups included."""
    context = click.Context(group)
    for name in group.list_commands(context):
        command = group.get_command(context, name)
        assert command is not None, name
        yield (*path, name), command
        if isinstance(command, click.Group):
            yield from commands(command, (*path, name))


COMMANDS = {(): main, **dict(commands())}


def valid(param: click.Parameter) -> list[str]:
    """A value ``param`` takes (for the parameters a run needs beside the swept one)."""
    if param.name in COMPANIONS:
        return [COMPANIONS[param.name]]
    kinds = param.type.types if isinstance(param.type, click.Tuple) else [param.type]
    return ["1" if isinstance(kind, click.types.IntParamType) else "x" for kind in kinds]


def arguments(path: tuple[str, ...], swept: click.Parameter | None, value: str) -> list[str]:
    """The command line of ``path`` with ``value`` for ``swept`` (a flag: given; None:
    the command with only what it needs), a valid value for every other required
    parameter, and ``QUICK``'s options unless one of them is swept."""
    line = [*path]
    for param in COMMANDS[path].params:
        if param is swept and isinstance(param, click.Argument):
            line.append(value)
        elif param is swept and param.is_flag:
            line.append(param.opts[0])
        elif param is swept:
            width = param.type.arity if isinstance(param.type, click.Tuple) else 1
            line += [param.opts[0], *[value] * width]
        elif param.required:
            given = valid(param)
            line += given if isinstance(param, click.Argument) else [param.opts[0], *given]
    for option, *its_values in QUICK.get(path, []):
        if swept is None or option not in swept.opts:
            line += [option, *its_values]
    return line


def swept_params() -> Iterator:
    """Every (command path, parameter name) that takes a value."""
    for path, command in COMMANDS.items():
        for param in command.params:
            if not getattr(param, "is_flag", False):
                yield pytest.param(path, param.name, id=f"{' '.join(path)} {param.name}")


def _written(param: click.Parameter) -> bool:
    return isinstance(param.type, click.Path) and bool(param.type.writable)


def flags() -> Iterator:
    """Every command with nothing but what it needs, and with each of its flags."""
    for path, command in COMMANDS.items():
        yield pytest.param(path, None, id=" ".join(path) or "euchre")
        for param in command.params:
            if getattr(param, "is_flag", False):
                yield pytest.param(path, param.name, id=f"{' '.join(path)} {param.name}")


PATH_IDS = [" ".join(path) or "euchre" for path in COMMANDS]


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A home with one kept game (stopped at its first question) and one score sheet."""
    home = tmp_path_factory.mktemp("template") / "home"
    runner = CliRunner(env={"EUCHRE_HOME": str(home)})
    played = runner.invoke(main, ["play", "--seed", "1", "--level", "easy"], input="")
    assert "Game 1 is kept" in played.output, played.output
    started = runner.invoke(main, ["score", "new", "--team", "A & B", "--team", "C & D"])
    assert started.exit_code == 0, started.output
    return home


@pytest.fixture(autouse=True)
def stopped_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """``score serve`` and ``host`` (watching or sitting) stop as soon as they would
    start serving, as at a Ctrl-C: all they do before (options, the book, the socket,
    the QR code) is swept all the same."""

    def interrupted(*args: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr("euchre_cli.serve.run.serve_forever", interrupted)
    monkeypatch.setattr("euchre_cli.serve.run.ServedAside.start", interrupted)  # host sitting


@pytest.fixture
def fresh(template: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Callable[[], Path]:
    """A fresh copy of the template's home for each run (``fresh()``, its path), in a
    folder of the test's own to work in (``rules new`` and ``games export -o`` write
    where they are told) that holds a FIFO."""
    monkeypatch.chdir(tmp_path)
    os.mkfifo(tmp_path / "fifo")
    copies = itertools.count()

    def copy() -> Path:
        home = tmp_path / f"home-{next(copies)}"
        shutil.copytree(template, home)
        monkeypatch.setenv("EUCHRE_HOME", str(home))
        return home

    return copy


class OutOfTime(Exception):
    """A run that took longer than ``SECONDS_BUDGET`` (not an ``OSError``, which the
    program would take for a file it cannot open)."""


@contextmanager
def guarded() -> Iterator[None]:
    """A run that reads without end fails with MemoryError, and one that waits for
    ever (a FIFO opened to read) with ``OutOfTime``, instead of holding up the suite."""
    resource = pytest.importorskip("resource")
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    with open("/proc/self/statm") as statm:
        used = int(statm.read().split()[0]) * resource.getpagesize()
    budget = used + MEMORY_BUDGET
    resource.setrlimit(resource.RLIMIT_AS, (budget if hard < 0 else min(budget, hard), hard))

    def out_of_time(signum: int, frame: object) -> None:
        raise OutOfTime(f"a run took more than {SECONDS_BUDGET} s")

    previous = signal.signal(signal.SIGALRM, out_of_time)
    signal.alarm(SECONDS_BUDGET)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))


class ConsoleRunner(CliRunner):
    """A ``CliRunner`` whose streams are set as the console script sets them."""

    @contextmanager
    def isolation(self, *args, **kwargs):
        with super().isolation(*args, **kwargs) as streams:
            forgiving_streams()
            yield streams


MOST_IN_AN_ERROR = 1000  # characters: a 10,000-character value is quoted cut short


def check(line: list[str], env: dict[str, str] | None = None, answers: bytes = b"") -> Result:
    """Run ``euchre LINE`` (with ``env`` set) on ``answers`` as its input: exit status
    0, 1 or 2, nothing raised but SystemExit, and a failure said in one line, the
    last (with answers, each refused answer says so in a line of its own)."""
    with guarded():
        result = ConsoleRunner(env=env).invoke(main, line, input=answers)
    given = [*line, *(env or {}).values()]
    shown = [arg if len(arg) < 50 else f"{arg[:20]}...({len(arg)} chars)" for arg in given]
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise AssertionError(f"euchre {shown} raised") from result.exception
    assert result.exit_code in (0, 1, 2), (shown, result.output)
    assert "Traceback" not in result.output, (shown, result.output)
    if answers:
        return result
    lines = [text for text in result.stderr.splitlines() if text.strip()]
    errors = [number for number, text in enumerate(lines) if text.startswith("Error: ")]
    assert len(errors) <= 1, (shown, lines)
    if errors:  # a line break in a value given is shown escaped, as \n
        assert errors[0] == len(lines) - 1, (shown, lines)
        assert len(lines[-1]) <= MOST_IN_AN_ERROR, (shown, lines[-1][:200])
    return result


@pytest.mark.parametrize(("path", "name"), list(swept_params()))
def test_a_hostile_value_is_refused_in_one_line(fresh, path, name: str) -> None:
    (param,) = [param for param in COMMANDS[path].params if param.name == name]
    for value in HOSTILE.values():
        fresh()
        check(arguments(path, param, value))


def written_params() -> Iterator:
    """Every (command path, parameter name) of a file the command writes."""
    for path, command in COMMANDS.items():
        for param in command.params:
            if _written(param):
                yield pytest.param(path, param.name, id=f"{' '.join(path)} {param.name}")


@pytest.mark.parametrize(("path", "name"), list(written_params()))
def test_an_export_writes_over_no_book_database_fifo_or_device_even_forced(
    fresh, tmp_path: Path, path, name: str
) -> None:
    """The book (where the home keeps it, named by --db, or a hard link to it) and any
    other SQLite database are kept whole, and a FIFO or a device refused, not waited
    on or written to: with --force too, in one line."""
    (param,) = [param for param in COMMANDS[path].params if param.name == name]
    other = tmp_path / "other.sqlite3"
    with sqlite3.connect(other) as database:
        database.execute("CREATE TABLE kept (what TEXT)")
    database.close()
    for target, book in [
        ("home", None), (BOOK_FILE, BOOK_FILE), ("linked", None), (str(other), None),
        ("fifo", None), ("/dev/null", None),
    ]:  # fmt: skip
        home = fresh()
        if target == "home":
            target = str(home / BOOK_FILE)
        if target == "linked":
            os.link(home / BOOK_FILE, tmp_path / f"linked-{home.name}")
            target = f"linked-{home.name}"
        if book is not None:
            shutil.copyfile(home / BOOK_FILE, tmp_path / book)
        kept = {file: file.read_bytes() for file in (home / BOOK_FILE, other)}
        database_flags = [] if book is None else ["--db", book]
        result = check([*arguments(path, param, target), "--force", *database_flags])
        assert result.exit_code in (1, 2), (target, result.output)
        assert {file: file.read_bytes() for file in kept} == kept, target
        if book is not None:
            assert (tmp_path / book).read_bytes() == kept[home / BOOK_FILE]


# Names that look like another name, or like none: each holds a character that shows
# nothing (beside "Ann", "Ann" and a Hangul filler look the same on a sheet)
UNSEEN_NAMES = {
    "Hangul filler": "Ann\u3164",
    "Hangul filler alone": "\u3164",
    "Hangul choseong filler": "\u115fAnn",
    "halfwidth Hangul filler": "An\uffa0n",
    "braille blank": "\u2800",
    "zero-width space": "Ann\u200b",
    "zero-width joiner": "A\u200dnn",
    "word joiner": "Ann\u2060",
    "byte order mark": "\ufeffAnn",
    "variation selector": "Ann\ufe0f",
    "variation selector supplement": "Ann\U000e0100",
    "combining grapheme joiner": "An\u034fn",
}


@pytest.mark.parametrize("unseen", UNSEEN_NAMES.values(), ids=UNSEEN_NAMES)
def test_a_name_with_a_character_that_shows_nothing_is_refused(fresh, unseen: str) -> None:
    """A score sheet's players, teams and name, and a game's --name (given or set):
    refused in one line, nothing written."""
    for line in [
        ["score", "new", "--team", f"Ann & {unseen}", "--team", "Cy & Di"],
        ["score", "new", "--rules", "two-handed", "--player", "Ann", "--player", unseen],
        ["score", "new", unseen, "--team", "Ann & Bob", "--team", "Cy & Di"],
        ["play", "--name", unseen, "--level", "easy"],
        ["config", "set", "name", unseen],
    ]:
        home = fresh()
        before = {file: file.read_bytes() for file in home.iterdir()}
        result = check(line)
        assert result.exit_code in (1, 2), (line, result.output)
        assert "which shows nothing" in result.stderr, (line, result.stderr)
        assert {file: file.read_bytes() for file in home.iterdir()} == before, line


@pytest.mark.parametrize(("path", "name"), list(flags()))
def test_every_command_and_flag_runs_or_refuses_in_one_line(fresh, path, name) -> None:
    swept = [param for param in COMMANDS[path].params if param.name == name]
    fresh()
    check(arguments(path, swept[0] if swept else None, ""))


@pytest.mark.parametrize("key", list(SETTINGS))
def test_a_hostile_setting_is_refused_in_one_line(fresh, key: str) -> None:
    """Given to ``config set``, and held by the settings file, for ``config list`` and
    each command the key gives a default to."""
    for value in HOSTILE.values():
        fresh()
        check(["config", "set", key, value])
        home = fresh()
        written = json.dumps(value, ensure_ascii=False)  # a YAML string; not UTF-8 as it is
        text = f"{key}: {written}\n".encode("utf-8", "surrogateescape")
        (home / SETTINGS_FILE).write_bytes(text)
        for path in [("config", "list"), *((command,) for command in SETTINGS[key].commands)]:
            check(arguments(path, None, ""))


@pytest.mark.parametrize("path", list(COMMANDS), ids=PATH_IDS)
def test_hostile_answers_are_refused(fresh, path) -> None:
    """Every hostile value typed as an answer, one a line, bytes that are not UTF-8
    as they are (a command that asks nothing reads none)."""
    fresh()
    typed = [value.encode("utf-8", "surrogateescape") for value in HOSTILE.values()]
    check(arguments(path, None, ""), answers=b"\n".join(typed) + b"\n")


@pytest.mark.parametrize("path", list(COMMANDS), ids=PATH_IDS)
def test_a_hostile_home_is_refused_in_one_line(fresh, path) -> None:
    fresh()
    for label in PATHS:
        check(arguments(path, None, ""), env={"EUCHRE_HOME": HOSTILE[label]})


@pytest.mark.parametrize("path", list(COMMANDS), ids=PATH_IDS)
def test_a_home_file_that_is_no_file_is_refused_in_one_line(fresh, path) -> None:
    """The book or the settings file replaced by a device, a FIFO, a directory, bytes
    that are not UTF-8, or more than a settings file holds."""
    for file in (BOOK_FILE, SETTINGS_FILE):
        for make in STAND_INS.values():
            home = fresh()
            (home / file).unlink(missing_ok=True)
            make(home / file)
            check(arguments(path, None, ""))


def test_every_whole_number_an_option_takes_is_one_the_book_can_hold() -> None:
    whole = 0
    for path, command in COMMANDS.items():
        for param in command.params:
            kinds = param.type.types if isinstance(param.type, click.Tuple) else [param.type]
            for kind in kinds:
                if isinstance(kind, click.types.IntParamType):
                    assert isinstance(kind, WholeNumber), (path, param.name)
                    assert SMALLEST_WHOLE_NUMBER <= kind.min <= kind.max <= LARGEST_WHOLE_NUMBER
                    whole += 1
    assert whole >= 10  # seeds, ids, counts: the sweep found them


@pytest.mark.parametrize("typed", ["\u00b2", "\u2460", "\u0661", "9" * 5000])
def test_a_digit_that_is_not_0_to_9_is_refused_as_a_card_number(fresh, typed: str) -> None:
    """A card is named by its number (1 to 5) in ASCII digits only: "²", "①", another
    script's digits and a 5,000-digit number are each refused, and the game goes on."""
    fresh()
    answers = f"order\nn\n1\n{typed}\nquit\n".encode()
    result = ConsoleRunner().invoke(
        main, ["play", "--level", "easy", "--seed", "5", "--no-auto-play"], input=answers
    )
    assert isinstance(result.exception, SystemExit) and result.exit_code == 1, result.output
    assert "You quit" in result.output
    assert "is not one of your cards' numbers (1 to 5)" in result.output, result.output


# Whole numbers in a ruleset, as YAML writes them, past what Python reads or prints:
# each is refused where it is written, with the range, wherever a ruleset is read.
OUTSIZED = {
    "4,301 digits": "9" * 4301,
    "0x and 4,000 digits": "0x" + "f" * 4000,
    "10**4300 - 1": "9" * 4300,  # read, it made a sheet that two marches broke
}
READING_A_RULESET = [
    ["rules", "validate", "house.yaml"],
    ["rules", "show", "house.yaml"],
    ["play", "--rules", "house.yaml", "--watch", "--level", "easy"],
    ["score", "new", "--rules", "house.yaml", "--team", "A & B", "--team", "C & D"],
    ["config", "set", "rules", "house.yaml"],
]


@pytest.mark.parametrize("number", OUTSIZED.values(), ids=OUTSIZED.keys())
def test_an_outsized_number_in_a_ruleset_is_refused_in_one_line(fresh, number: str) -> None:
    house = Path("house.yaml").resolve()
    house.write_text(f"extends: standard\ngame: {{points_to_win: {number}}}\n", encoding="utf-8")
    digits = f"{len(number.removeprefix('0x')):,} digits"
    said = f"house.yaml:2: game.points_to_win cannot be a number of {digits} (allowed: a whole"
    for line in READING_A_RULESET:
        fresh()
        result = check(line)
        assert result.exit_code in (1, 2) and said in result.stderr, (line, result.output[:300])
    home = fresh()
    (home / SETTINGS_FILE).write_text(f"rules: {json.dumps(str(house))}\n", encoding="utf-8")
    for line in (["config", "list"], ["play", "--watch", "--level", "easy"]):
        result = check(line)
        assert f"{SETTINGS_FILE}:1: rules: " in result.stderr and said in result.stderr, line
