"""Each fact has one home (CONTRIBUTING.md), read from the source: the facts that were
once written out again beside their home stay in it.  Each test names the home; a
new need imports it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from euchre_cli.records.stats import RECENT_GAMES

ROOT = Path(__file__).resolve().parent.parent


def sources(*folders: str) -> list[Path]:
    return sorted(path for folder in folders for path in (ROOT / folder).rglob("*.py"))


def written_in(pattern: str, *folders: str) -> list[str]:
    """Each ``file:line`` under ``folders`` whose line matches ``pattern``."""
    found = re.compile(pattern)
    return [
        f"{path.relative_to(ROOT)}:{number}"
        for path in sources(*folders)
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if found.search(line)
    ]


def homes(pattern: str, *folders: str) -> set[str]:
    """The files under ``folders`` that write ``pattern``."""
    return {place.rpartition(":")[0] for place in written_in(pattern, *folders)}


def test_tricks_are_counted_against_the_scoring_constants() -> None:
    """``engine.scoring.TRICKS_TO_MAKE`` and ``TRICKS_IN_HAND``: simulate.py counted a
    make as ``>= 3`` and a march as ``== 5``."""
    assert written_in(r"tricks\w*\s*(?:[<>]=?|==)\s*[1-9]", "euchre_cli", "bench") == []


def test_a_side_is_named_by_side_name_only() -> None:
    """``engine.rules.side_name``: the screen joined Cutthroat's defenders itself."""
    assert homes(r"""["']\s*&\s*["']\.join""", "euchre_cli") == {"euchre_cli/engine/rules.py"}


def test_colour_codes_are_written_by_click_style_only() -> None:
    """``terminal.text.Style`` asks ``click.style``: it wrote the codes by hand."""
    assert written_in(r"\\(?:x1b|033|e|u001b)\[\d", "euchre_cli") == []


def test_one_did_you_mean() -> None:
    """``engine.names.did_you_mean``: the rulebook, the command groups and the
    settings file each had their own."""
    assert homes(r"get_close_matches", "euchre_cli") == {"euchre_cli/engine/names.py"}


def test_one_yaml_reader() -> None:
    """``rulebook.yamlfile``: the settings file composed its own YAML, aliases and all."""
    reading = r"yaml\.(?:compose|load|safe_load|full_load|SafeLoader|parse)\b"
    assert homes(reading, "euchre_cli") == {"euchre_cli/rulebook/yamlfile.py"}


def test_the_recent_games_are_counted_in_one_place() -> None:
    """``records.stats.RECENT_GAMES``: the help of `euchre stats` wrote out its number."""
    assert written_in(rf"\b(?:last|recent) {RECENT_GAMES}\b", "euchre_cli") == []


@pytest.mark.parametrize("folder", ["euchre_cli", "tests", "bench"])
def test_no_reference_to_an_issue_tracker(folder: str) -> None:
    """A reader of the repository cannot look such a number up: the code says what
    the thing is for instead."""
    assert written_in(r"(?i)\bissues?\s+#?\d", folder) == []


def test_a_partner_is_found_by_partner_only() -> None:
    """``engine.rules.partner``: the seat across the table was worked out again in the
    hand, the search, its deals and the screen."""
    assert homes(r"\+\s*2\)\s*%\s*4", "euchre_cli", "bench") == {"euchre_cli/engine/rules.py"}
