"""The console script as a process, where ``CliRunner`` cannot reach: a signal at a
question gives the terminal back as it was, and a closed standard stream gets one
line, not a traceback."""

from __future__ import annotations

import fcntl
import io
import os
import re
import select
import signal
import struct
import subprocess
import sys
import termios
import time
from collections.abc import Generator
from pathlib import Path

import pytest

CONSOLE_SCRIPT = [sys.executable, "-c", "from euchre_cli.commands import run; run()"]


def plain_answers() -> Generator[str, str, None]:
    """Answers a person might give without thinking, sent each question's last line:
    pass, decline, pick up, and try cards 1 to 5 in turn (the refused are asked again)."""
    card, answer = 0, ""
    while True:
        last = yield answer
        if "[order/pass]" in last or "Name trump" in last:
            answer = "pass"
        elif "[y/N]" in last:
            answer = "n"
        elif "[Y/n]" in last or "[y/n]" in last:
            answer = "y"
        elif "Enter" in last and "next hand" in last:
            answer = ""
        else:
            card += 1
            answer = str(card % 5 + 1)


def answer_the_first_hand(controller: int) -> None:
    """Answer a game's questions plainly (``plain_answers``) until the first hand is
    over, at "Enter deals the next hand"."""
    answers = plain_answers()
    next(answers)
    while True:
        last = read_until_prompt(controller, (b">",)).decode().rstrip().splitlines()[-1]
        if "Enter deals the next hand" in last:
            return
        os.write(controller, answers.send(last).encode() + b"\r")


def read_until_prompt(fd: int, ends: tuple[bytes, ...], seconds: float = 60) -> bytes:
    """What the program wrote to the terminal, up to text ending in ``ends`` (spaces
    after it aside).  Enough before typing: keys wait in the terminal until read.  A
    signal, or Ctrl-C or Ctrl-Z, waits for ``read_until_waiting``."""
    out, deadline = b"", time.monotonic() + seconds
    while not out.rstrip(b" ").endswith(ends):
        assert time.monotonic() < deadline, f"no question after: {out[-300:]!r}"
        out += read_ready(fd, 0.5)
    return out


def read_ready(fd: int, seconds: float) -> bytes:
    """What the terminal has to read within ``seconds``, or nothing."""
    return os.read(fd, 65536) if select.select([fd], [], [], seconds)[0] else b""


def read_until_waiting(
    fd: int, ends: tuple[bytes, ...], pid: int | None = None, seconds: float = 60
) -> bytes:
    """What process ``pid`` wrote up to a question ending in ``ends``, read once it waits
    there for a key (without ``pid``: the terminal's foreground job, a program that a
    shell runs).  Line editing sets the terminal's mode, writes the question a byte at
    a time and only then blocks in select(): a signal that comes in between, the whole
    question shown, only marks itself for Python's handler (run between bytecodes) and
    interrupts nothing, so the handler runs when a key comes (a SIGTERM sent at the
    question's ">" went unanswered).  Asleep in the kernel once the question is
    written, the program is in that wait, which a signal interrupts: nothing else
    sleeps between a question and its answer (read() without line editing, the same)."""
    out = read_until_prompt(fd, ends, seconds)
    if pid is None:
        pid = os.tcgetpgrp(fd)  # a job of one process, its group's leader
    deadline = time.monotonic() + seconds
    while (state := process_state(pid)) != b"S":
        assert state != b"Z", f"ended at the question: {out[-300:]!r}"
        assert time.monotonic() < deadline, f"not waiting for a key after: {out[-300:]!r}"
        out += read_ready(fd, 0.005)
    return out + read_ready(fd, 0)  # the rest of the question: its last space


def process_state(pid: int) -> bytes:
    """The state Linux gives a process (S: asleep, waiting for something that can be
    interrupted; Z: ended).  Without /proc, S after a fifth of a second: a guess,
    which is all the tests had before."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as stat:
            return stat.read().rpartition(b")")[2].split()[0]
    except FileNotFoundError:
        if os.path.isdir("/proc/self"):
            raise
    time.sleep(0.2)
    return b"S"


def wait_until_keys_are_hidden(terminal: int, seconds: float = 30) -> None:
    """Until a game hides the keys pressed while the computer plays: the terminal reads
    whole lines (line editing at a question reads keys one by one) without echo (as
    the terminal echoes before a question, and after the shell's fg)."""
    deadline = time.monotonic() + seconds
    while True:
        mode = termios.tcgetattr(terminal)[3]
        if mode & termios.ICANON and not mode & termios.ECHO:
            return
        assert time.monotonic() < deadline, "the keys pressed are still shown"
        time.sleep(0.005)


@pytest.mark.parametrize(
    ("command", "prompt", "status"),
    [
        (["play", "--seed", "5", "--level", "easy"], b">", 1),  # the game left unfinished
        (["score", "keep"], b":", 0),  # nothing half entered: as Ctrl-C or quit there
    ],
)
@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP])
def test_a_signal_at_a_question_gives_the_terminal_back(
    tmp_path: Path, command: list[str], prompt: bytes, status: int, signum: int
) -> None:
    """Line editing turns echo off while it waits for a line; killed there without a
    handler, the program left the terminal that way (a shell after it showed nothing
    typed)."""
    env = {**os.environ, "EUCHRE_HOME": str(tmp_path), "TERM": "xterm"}
    if command[0] == "score":
        new = [*CONSOLE_SCRIPT, "score", "new", "--team", "Ann & Bob", "--team", "Cy & Di"]
        subprocess.run(new, env=env, check=True, capture_output=True)
    controller, terminal = os.openpty()
    try:
        process = subprocess.Popen(
            [*CONSOLE_SCRIPT, *command],
            stdin=terminal,
            stdout=terminal,
            stderr=terminal,
            env=env,
            start_new_session=True,
        )
        read_until_waiting(controller, (prompt,), process.pid)  # echo off, in input()
        process.send_signal(signum)
        assert process.wait(30) == status
        settings = termios.tcgetattr(terminal)[3]
        assert settings & termios.ECHO and settings & termios.ICANON
    finally:
        os.close(controller)
        os.close(terminal)


@pytest.mark.parametrize("case", ["next question", "stopped and continued", "killed"])
def test_keys_pressed_while_the_computer_plays_are_not_shown(tmp_path: Path, case: str) -> None:
    """The terminal echoed them into the middle of the table, and then the next
    question dropped them (so they answered nothing).  They stay hidden after Ctrl-Z
    and fg (the shell gives the terminal its echo back), and a game that ends drops
    them too, with the echo back (the shell would run a hidden line)."""
    env = {**os.environ, "EUCHRE_HOME": str(tmp_path), "TERM": "xterm"}
    controller, terminal = os.openpty()
    try:
        process = subprocess.Popen(
            [*CONSOLE_SCRIPT, "play", "--seed", "5", "--level", "easy"],
            stdin=terminal,
            stdout=terminal,
            stderr=terminal,
            env=env,
            start_new_session=True,
        )
        # Cy has passed: "Assist your partner?"
        read_until_waiting(controller, (b">",), process.pid)
        os.write(controller, b"pass\r")
        wait_until_keys_are_hidden(terminal)  # Ann and Bob, paced on a terminal, still to pass
        if case == "stopped and continued":
            process.send_signal(signal.SIGSTOP)
            shell = termios.tcgetattr(terminal)
            shell[3] |= termios.ECHO  # as a shell leaves it
            termios.tcsetattr(terminal, termios.TCSANOW, shell)
            process.send_signal(signal.SIGCONT)
            wait_until_keys_are_hidden(terminal)  # by the game's handler for SIGCONT
        os.write(controller, b"zzzz\r")
        if case != "killed":
            shown = read_until_prompt(controller, (b">",))  # "Name trump", after three passes
            assert shown.count(b"passes") == 3 and b"zzzz" not in shown
            os.write(controller, b"\r")  # not an answer: had "zzzz" been kept, it would be
            assert b"zzzz" not in read_until_waiting(controller, (b">",), process.pid)
        process.send_signal(signal.SIGTERM)
        assert process.wait(30) == 1
        settings = termios.tcgetattr(terminal)[3]
        assert settings & termios.ECHO and settings & termios.ICANON
        assert not select.select([terminal], [], [], 0.2)[0]  # no line left for the shell
    finally:
        os.close(controller)
        os.close(terminal)


PLAY_EASY = ["play", "--seed", "5", "--level", "easy"]
ASSIST = b"Assist your partner? [order/pass] > "
WHO_MADE_IT = b"Who made trump? (1 Ann & Bob, 2 Cy & Di): "


@pytest.mark.parametrize(
    ("case", "command", "question", "typed", "more", "answered"),
    [
        ("fg", PLAY_EASY, ASSIST, b"pa", b"ss", b"You pass."),
        ("bg, fg", PLAY_EASY, ASSIST, b"pa", b"ss", b"You pass."),
        ("fg", ["score", "keep"], WHO_MADE_IT, b"1", b" 4", b"Ann & Bob made it (4 tricks): +1"),
        # line editing off (the output is a file): what was typed is the terminal's
        ("fg", [*PLAY_EASY, "--json", ">", "game.json"], ASSIST, b"pa", b"pass", b"You pass."),
    ],
)
def test_ctrl_z_at_a_question_then_fg_asks_it_again(
    tmp_path: Path,
    case: str,
    command: list[str],
    question: bytes,
    typed: bytes,
    more: bytes,
    answered: bytes,
) -> None:
    """Stopped at a question and continued, the question had scrolled away under the
    shell's lines, and the terminal, as the shell had left it, echoed what was typed
    next (line editing echoed it again) and took arrow keys as text; sent to the
    background first, a game got line editing's mode back only by chance.  A real
    shell with job control runs the program here, as a person's does."""
    env = {**os.environ, "EUCHRE_HOME": str(tmp_path), "TERM": "xterm", "NO_COLOR": "1"}
    env["PS1"] = "shell$ "
    if command[0] == "score":
        new = [*CONSOLE_SCRIPT, "score", "new", "--team", "Ann & Bob", "--team", "Cy & Di"]
        subprocess.run([*new, "--dealer", "Ann"], env=env, check=True, capture_output=True)
    editing = ">" not in command
    controller, terminal = os.openpty()
    fcntl.ioctl(terminal, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))

    def controlling_terminal() -> None:
        fcntl.ioctl(0, termios.TIOCSCTTY, 0)

    shell = subprocess.Popen(
        ["bash", "--norc", "--noprofile", "-i"],
        stdin=terminal,
        stdout=terminal,
        stderr=terminal,
        env=env,
        cwd=tmp_path,
        start_new_session=True,
        preexec_fn=controlling_terminal,
    )
    try:
        read_until_prompt(controller, (b"shell$",))
        program = [f"'{word}'" if word != ">" else word for word in [*CONSOLE_SCRIPT, *command]]
        os.write(controller, " ".join(program).encode() + b"\r")
        read_until_waiting(controller, (question.rstrip(),))
        os.write(controller, typed)
        read_until_waiting(controller, (typed,))  # echoed: by line editing once it has it
        os.write(controller, b"\x1a")  # Ctrl-Z
        assert b"Stopped" in read_until_prompt(controller, (b"shell$",))
        if case == "bg, fg":
            os.write(controller, b"bg\r")
            read_until_prompt(controller, (b"shell$",))
        os.write(controller, b"fg\r")
        again = question + typed if editing else question.rstrip()  # and "pa", kept by line editing
        shown = read_until_waiting(controller, (again,))
        assert shown.count(question.rstrip()) == 1  # asked again, once
        if editing:
            assert not termios.tcgetattr(terminal)[3] & termios.ICANON  # line editing's mode
            os.write(controller, b"\x1b[D\x1b[C")  # arrow keys left and right
        os.write(controller, more)
        echoed = read_until_prompt(controller, (more,), seconds=10)
        assert b"[D" not in echoed and echoed.count(more) == 1
        os.write(controller, b"\r")
        assert answered in read_until_waiting(controller, (b">", b":"))
        os.write(controller, b"\x03")  # Ctrl-C leaves; then the shell
        read_until_prompt(controller, (b"shell$",))
        os.write(controller, b"exit\r")
        shell.wait(30)
    finally:
        if shell.poll() is None:
            shell.kill()
        os.close(controller)
        os.close(terminal)


def test_table_between_hands_reviews_the_hand_just_played(tmp_path: Path) -> None:
    """The question before the next deal took only Enter or quit, so the hand's
    tricks could not be looked at once it ended."""
    env = {**os.environ, "EUCHRE_HOME": str(tmp_path), "TERM": "xterm", "NO_COLOR": "1"}
    controller, terminal = os.openpty()
    try:
        command = [*CONSOLE_SCRIPT, "play", "--seed", "5", "--level", "easy", "--delay", "0"]
        process = subprocess.Popen(
            command, stdin=terminal, stdout=terminal, stderr=terminal, env=env
        )
        answer_the_first_hand(controller)
        os.write(controller, b"table\r")
        review = read_until_waiting(controller, (b">",), process.pid).decode()
        assert "Hand 1: Bob deals;" in review and "Trick 5: " in review
        assert "Tricks: You & Bob 2, Ann & Cy 3." in review
        process.send_signal(signal.SIGTERM)
        assert process.wait(30) == 1
    finally:
        os.close(controller)
        os.close(terminal)


def test_line_editing_is_given_the_last_line_of_a_question_with_its_colours_marked(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Readline counted colour codes as columns and did not know the question's
    text before the answer (Click printed it): an answer edited across the edge of a
    narrow terminal was shown one way and read another."""
    from euchre_cli.terminal.keyboard import read_answer

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    monkeypatch.setattr(sys, "stdin", Terminal())
    given: list[str] = []
    monkeypatch.setattr("builtins.input", lambda prompt="": given.append(prompt) or "ks")
    red, plain = "\x1b[31m", "\x1b[0m"
    question = f"1:{red}K♥{plain}  2:A♠\nYour card (follow {red}♥{plain}) > "
    # --json with its summary going to a file: the whole question on standard error,
    # and no marks (only line editing reads them, and it needs a terminal's output)
    assert read_answer(question, err=True) == "ks"
    assert capsys.readouterr().err == "1:K♥  2:A♠\nYour card (follow ♥) > "
    assert given == [""]
    given.clear()
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    assert read_answer(question) == "ks"
    assert capsys.readouterr().out == f"1:{red}K♥{plain}  2:A♠\n"
    assert given == [f"Your card (follow \x01{red}\x02♥\x01{plain}\x02) > "]


@pytest.mark.parametrize(
    ("command", "status", "says"),
    [
        ("play --seed 5 --level easy <&-", 1, "Game left before the end"),
        ("play --watch --seed 5 --level easy --delay 0 >&-", 1, "the standard output is closed"),
        ("rules list >&-", 1, "the standard output is closed"),
        ("score list >&-", 1, "the standard output is closed"),
        ("score keep <&-", 0, ""),  # input that ends at the first question: keep is left
    ],
)
def test_a_closed_standard_stream_is_not_a_traceback(
    tmp_path: Path, command: str, status: int, says: str
) -> None:
    """sys.stdin or sys.stdout is None when closed: the program crashed on it."""
    env = {**os.environ, "EUCHRE_HOME": str(tmp_path)}
    new = [*CONSOLE_SCRIPT, "score", "new", "--team", "Ann & Bob", "--team", "Cy & Di"]
    subprocess.run([*new, "--dealer", "Ann"], env=env, check=True, capture_output=True)
    script = " ".join(f"'{word}'" for word in CONSOLE_SCRIPT)
    result = subprocess.run(
        f"exec {script} {command}", shell=True, env=env, capture_output=True, text=True, timeout=120
    )
    assert "Traceback" not in result.stderr
    assert result.returncode == status
    assert len(result.stderr.strip().splitlines()) == (1 if says else 0), result.stderr
    assert says in result.stderr
    if command.startswith("score keep"):
        assert "Who made trump?" in result.stdout  # it reached the question, then the end


def output_on_a_terminal(args: list[str], env: dict[str, str]) -> str:
    """All the program writes when its output is a terminal."""
    controller, terminal = os.openpty()
    try:
        process = subprocess.Popen(
            [*CONSOLE_SCRIPT, *args], stdin=terminal, stdout=terminal, stderr=terminal, env=env
        )
        out = b""
        while process.poll() is None or select.select([controller], [], [], 0.2)[0]:
            if select.select([controller], [], [], 0.2)[0]:
                out += os.read(controller, 65536)
        return out.decode()
    finally:
        os.close(controller)
        os.close(terminal)


@pytest.mark.parametrize(("locale", "unicode"), [("C", False), ("POSIX", False), ("C.UTF-8", True)])
def test_a_terminal_in_the_c_locale_gets_ascii(tmp_path: Path, locale: str, unicode: bool) -> None:
    """Python writes UTF-8 even under LC_ALL=C, and a terminal set up that way shows
    the suit symbols as rubbish: the locale decides (R1's text notation: KS, TH)."""
    env = {**os.environ, "EUCHRE_HOME": str(tmp_path), "LC_ALL": locale, "TERM": "xterm"}
    env.pop("PYTHONIOENCODING", None)
    game = output_on_a_terminal(
        ["play", "--watch", "--seed", "5", "--level", "easy", "--delay", "0"], env
    )
    new = ["score", "new", "--team", "Ann & Bob", "--team", "Cy & Di"]
    subprocess.run([*CONSOLE_SCRIPT, *new], env=env, check=True, capture_output=True)
    sheet = output_on_a_terminal(["score", "show"], env)
    assert "wins the game" in game or "win the game" in game
    assert "face down underneath" in sheet
    assert (not game.isascii(), not sheet.isascii()) == (unicode, unicode)
    if not unicode:  # R1 writes a ten T, as in TH (10 is only accepted on input)
        assert re.search(r"\bT[CDHS]\b", game) and not re.search(r"\b10[CDHS]\b", game)


SIT_OUT = b"(you sit out: Enter plays the rest at once)"
SKIPPED = b"(Enter: the rest of this hand at once)"


def read_until_shown(fd: int, text: bytes, seconds: float = 60) -> bytes:
    """What the program wrote to the terminal, up to ``text`` at least (a line that is
    not a question: the program goes on writing after it)."""
    out, deadline = b"", time.monotonic() + seconds
    while text not in out:
        assert time.monotonic() < deadline, f"{text!r} not shown after: {out[-300:]!r}"
        out += read_ready(fd, 0.5)
    return out


def test_enter_plays_the_rest_of_a_hand_the_person_sits_out(tmp_path: Path) -> None:
    """Bob goes alone in the first hand of seed 169, so the person watches five
    tricks at the pace of their own.  Enter plays the rest at once, and the table says
    so (a second's pause a turn leaves it the whole hand's time to come); that the
    pauses left are skipped is ``test_pace``'s.  The Enter is used up there: the next
    deal still waits."""
    env = {**os.environ, "EUCHRE_HOME": str(tmp_path), "TERM": "xterm", "NO_COLOR": "1"}
    controller, terminal = os.openpty()
    try:
        command = [*PLAY_EASY[:1], "--seed", "169", "--level", "easy", "--delay", "1"]
        process = subprocess.Popen(
            [*CONSOLE_SCRIPT, *command, "--no-save"],
            stdin=terminal,
            stdout=terminal,
            stderr=terminal,
            env=env,
        )
        read_until_waiting(controller, (ASSIST.rstrip(),), process.pid)
        os.write(controller, b"pass\r")
        shown = read_until_shown(controller, SIT_OUT)
        assert b"Bob goes alone!" in shown and b"You sit out this hand." in shown
        assert SKIPPED not in shown
        os.write(controller, b"\r")  # keys typed before the notice would have been dropped
        rest = read_until_waiting(controller, (b">",), process.pid).decode()
        assert rest.count(SKIPPED.decode()) == 1
        skipped = rest.split(SKIPPED.decode())[1]  # what came at once
        assert "Trick 5: Bob wins it." in skipped and "Bob marched alone" in skipped
        assert skipped.rstrip().endswith(
            "Enter deals the next hand (table reviews this one, quit leaves) >"
        )
        assert "Hand 2" not in rest
        process.send_signal(signal.SIGTERM)
        assert process.wait(30) == 1
    finally:
        os.close(controller)
        os.close(terminal)


def test_sitting_out_with_piped_answers_keeps_its_pauses(tmp_path: Path) -> None:
    """Answers from a pipe (a script) are never read while the computer plays, so
    Enter is not offered, though the table is a terminal."""
    env = {**os.environ, "EUCHRE_HOME": str(tmp_path), "TERM": "xterm", "NO_COLOR": "1"}
    controller, terminal = os.openpty()
    try:
        command = ["play", "--seed", "169", "--level", "easy", "--delay", "0.01", "--no-save"]
        process = subprocess.Popen(
            [*CONSOLE_SCRIPT, *command],
            stdin=subprocess.PIPE,
            stdout=terminal,
            stderr=terminal,
            env=env,
        )
        assert process.stdin is not None
        process.stdin.write(b"pass\nquit\n")  # quit at the second hand's first question
        process.stdin.close()
        shown = read_until_shown(controller, b"before the end (You & Bob 4, Ann & Cy 0).")
        assert b"You sit out this hand." in shown and SIT_OUT not in shown
        assert process.wait(30) == 1
    finally:
        os.close(controller)
        os.close(terminal)


@pytest.fixture(scope="module")
def home_with_a_game(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An EUCHRE_HOME whose book holds game 1, a short game the person played, and a
    score sheet (Ann deals first)."""
    home = tmp_path_factory.mktemp("home")
    env = {**os.environ, "EUCHRE_HOME": str(home)}
    short = home / "short.yaml"
    short.write_text("extends: standard\ngame: {points_to_win: 3}\n", encoding="utf-8")
    played = subprocess.run(
        [*CONSOLE_SCRIPT, "play", "--rules", str(short), "--seed", "4", "--level", "easy"],
        input="\n".join(["pass", "n", "y", "c", "1", "2", "3", "4", "5", ""] * 200),
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert played.returncode == 0, played.stderr
    new = [*CONSOLE_SCRIPT, "score", "new", "--team", "Ann & Bob", "--team", "Cy & Di"]
    subprocess.run([*new, "--dealer", "Ann"], env=env, check=True, capture_output=True)
    return home


@pytest.mark.parametrize(
    ("command", "shown"),
    [
        ("play --watch --json --seed 5 --level easy", '"winner"'),
        ("simulate --deals 2 --players easy,easy", "points/deal"),
        ("review 1", "decisions reviewed"),
        ("score keep", "Who made trump?"),
    ],
)
def test_a_closed_standard_error_loses_only_what_would_be_said_there(
    home_with_a_game: Path, command: str, shown: str
) -> None:
    """sys.stderr is None when closed (`2>&-`): a watched --json game, a simulation, a
    review and score keep ended with exit status 1 and nothing on standard output."""
    env = {**os.environ, "EUCHRE_HOME": str(home_with_a_game)}
    script = " ".join(f"'{word}'" for word in CONSOLE_SCRIPT)
    result = subprocess.run(
        f"exec {script} {command} 2>&- <&-",
        shell=True,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert (result.returncode, result.stderr) == (0, "")
    assert shown in result.stdout


@pytest.mark.parametrize("plain", [{"NO_COLOR": "1"}, {"TERM": "dumb"}])
@pytest.mark.parametrize(
    ("command", "progress", "shown"),
    [
        (["review", "1"], "Weighing decision 1 of ", "decisions reviewed"),
        (["simulate", "--deals", "3", "--players", "easy,easy"], "Playing deal 3 of 3", "95% CI"),
    ],
)
def test_long_work_counts_on_a_terminal_without_escape_codes(
    home_with_a_game: Path, plain: dict[str, str], command: list[str], progress: str, shown: str
) -> None:
    """A review took seconds with nothing on the screen but a bar, and the bars of
    review and simulate hid the cursor with escape codes under NO_COLOR and TERM=dumb.
    The count is written over itself and blanked with spaces once the work is done."""
    env = {**os.environ, "EUCHRE_HOME": str(home_with_a_game), "TERM": "xterm", **plain}
    out = output_on_a_terminal(command, env)
    assert progress in out and shown in out
    assert "\x1b" not in out
    counted, _, rest = out.rpartition("…")
    blank = re.match(r"\r( +)\r", rest)
    assert blank and len(blank[1]) >= len(counted.rpartition("\r")[2]) + 1


# The console script with Bob's first decision held until the test lets it go: a
# byte written to the pipe whose reading end is RELEASE_FD.
SLOW_BOB = [
    sys.executable,
    "-c",
    """
import os
from euchre_cli.terminal import sitting

made = sitting.make_player


class HeldFirstDecision:
    def __init__(self, player):
        self.player, self.held = player, True

    def choose(self, view, legal):
        if self.held:
            self.held = False
            os.read(int(os.environ["RELEASE_FD"]), 1)
        return self.player.choose(view, legal)


def make_player(level, ruleset, seed, think=None):
    player = made(level, ruleset, seed=seed, think=think)
    return HeldFirstDecision(player) if seed.endswith(":2") else player  # Bob's seat


sitting.make_player = make_player
from euchre_cli.commands import run

run()
""",
]


@pytest.mark.parametrize("plain", [{"NO_COLOR": "1"}, {"TERM": "dumb"}, {}])
def test_a_long_decision_says_who_is_thinking_until_it_is_made(
    tmp_path: Path, plain: dict[str, str]
) -> None:
    """After "Bob made it." the screen sat still for seconds while the computer
    decided.  A decision that takes a while says who is making it, on a line of its
    own that is blanked (spaces, never an escape code) when the decision comes."""
    env = {**os.environ, "EUCHRE_HOME": str(tmp_path), "TERM": "xterm", **plain}
    release, held = os.pipe()
    env["RELEASE_FD"] = str(release)
    controller, terminal = os.openpty()
    try:
        command = [*SLOW_BOB, *PLAY_EASY, "--delay", "0", "--no-save"]
        process = subprocess.Popen(
            command,
            stdin=terminal,
            stdout=terminal,
            stderr=terminal,
            env=env,
            pass_fds=(release,),
        )
        read_until_waiting(controller, (ASSIST.rstrip(),), process.pid)
        os.write(controller, b"pass\r")  # then Ann, then Bob the dealer
        shown = read_until_shown(controller, "Bob is thinking…".encode())
        assert b"Bob picks it up" not in shown and b"Bob passes" not in shown
        os.write(held, b"!")
        after = read_until_waiting(controller, (b">",), process.pid)
        status = shown.rpartition(b"\n")[2]
        assert status.strip(b"\r") == "Bob is thinking…".encode()
        blank = len("Bob is thinking…")
        assert after.startswith(b"\r" + b" " * blank + b"\r")
        assert b"Bob " in after and b"\x1b" not in status + after[: blank + 2]
        process.send_signal(signal.SIGTERM)
        assert process.wait(30) == 1
    finally:
        for fd in (controller, terminal, release, held):
            os.close(fd)
