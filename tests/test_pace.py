"""The pauses between computer turns, and Enter that skips them for the rest of a
hand the person sits out (the terminal itself: ``test_console.py``)."""

from __future__ import annotations

import subprocess
import sys

import pytest
from click.testing import CliRunner

from euchre_cli.cli.settings import SETTINGS
from euchre_cli.commands.euchre import main
from euchre_cli.terminal import pace
from euchre_cli.terminal.pace import Pauses


@pytest.fixture
def keyboard(monkeypatch: pytest.MonkeyPatch) -> dict[str, list]:
    """Sleeps and waits for Enter, recorded; ``enter`` lists whether each wait ends
    with Enter."""
    record: dict[str, list] = {"slept": [], "waited": [], "enter": [], "dropped": []}
    monkeypatch.setattr(pace.time, "sleep", record["slept"].append)

    def line_typed_within(seconds: float) -> bool:
        record["waited"].append(seconds)
        return record["enter"].pop(0)

    monkeypatch.setattr(pace, "line_typed_within", line_typed_within)
    monkeypatch.setattr(pace, "drop_typed_ahead", lambda: record["dropped"].append(True))
    return record


def test_enter_skips_the_pauses_left_in_the_hand_sat_out_and_only_in_it(
    keyboard: dict[str, list],
) -> None:
    pauses = Pauses(0.6, enter_skips=True)
    assert not pauses.pause()  # before the person sits out: a plain pause
    assert pauses.sit_out() and keyboard["dropped"] == [True]  # keys typed before: dropped
    assert not pauses.sit_out()  # said once a hand
    keyboard["enter"] = [False, True]
    assert not pauses.pause()  # waits for Enter, which does not come
    assert pauses.pause()  # Enter: said once, for the table to tell the person
    assert not pauses.pause()  # the rest of the hand: no pause
    assert keyboard["slept"] == [0.6] and keyboard["waited"] == [0.6, 0.6]
    pauses.new_hand()
    assert not pauses.pause()
    assert keyboard["slept"] == [0.6, 0.6] and keyboard["waited"] == [0.6, 0.6]


@pytest.mark.parametrize(("seconds", "enter_skips"), [(0.6, False), (0.0, True)])
def test_enter_is_offered_only_on_a_terminal_with_pauses_to_skip(
    keyboard: dict[str, list], seconds: float, enter_skips: bool
) -> None:
    pauses = Pauses(seconds, enter_skips)
    assert not pauses.sit_out()
    pauses.pause()
    assert keyboard["waited"] == keyboard["dropped"] == []
    assert keyboard["slept"] == ([seconds] if seconds else [])


@pytest.mark.parametrize(
    ("delay", "watching", "at_terminal", "seconds"),
    [
        (None, False, True, pace.PLAYING_PAUSE),
        (None, True, True, pace.WATCHING_PAUSE),
        (None, False, False, 0.0),  # a pipe or a file: no one reads at the pace
        (None, True, False, 0.0),
        (2.5, False, False, 2.5),  # asked for: kept, wherever the table goes
        (0.0, True, True, 0.0),
    ],
)
def test_the_pause_is_the_one_asked_for_else_the_pace_of_a_terminal(
    delay: float | None, watching: bool, at_terminal: bool, seconds: float
) -> None:
    assert pace.pause_seconds(delay, watching, at_terminal) == seconds


def test_every_word_about_the_pace_gives_its_own_figures() -> None:
    """The help of each command with --delay, and the settings file's words, say the
    defaults this module holds (written out again, they would drift apart)."""
    playing, watching = f"{pace.PLAYING_PAUSE:g}", f"{pace.WATCHING_PAUSE:g}"
    in_a_game = f"(default {playing} s, {watching} s watching)"
    for command, words in [
        (["play"], in_a_game),
        (["cutthroat"], in_a_game),
        (["two-handed"], in_a_game),
        (["resume"], in_a_game),
        (["games", "replay"], f"(default {watching} s on a terminal, as --watch)"),
    ]:
        shown = " ".join(CliRunner().invoke(main, [*command, "--help"]).output.split())
        assert words in shown[shown.index("--delay") :], command
    assert SETTINGS["delay"].default_words == f"{playing} on a terminal, {watching} watching"


def test_the_pace_loads_no_engine_that_plays() -> None:
    """``euchre games`` takes its --delay words from here, and starts without the
    engine that plays a record again."""
    code = "import sys, euchre_cli.terminal.pace; print(*sys.modules)"
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert loaded.returncode == 0 and "euchre_cli.terminal.pace" in loaded.stdout.split()
    playing = {f"euchre_cli.engine.{module}" for module in ("hand", "game", "match", "play")}
    assert playing.isdisjoint(loaded.stdout.split())
