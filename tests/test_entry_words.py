"""Every kind of entry has its words (``euchre_cli/terminal/entry_words.py``): each kind
of ``ENTRY_KINDS`` is said by ``ENTRY_WORDS``, on one line, and an entry said without
the scores changes none."""

from __future__ import annotations

import pytest

from euchre_cli.rulebook import load_ruleset
from euchre_cli.scorekeeper.entries import ENTRY_KINDS, EntryKind
from euchre_cli.scorekeeper.sheet import Sheet, seat_sides
from euchre_cli.scorekeeper.tally import tally
from euchre_cli.terminal.entry_words import ENTRY_WORDS, entry_text

# A value a user might give for each kind of field (a side or a player: Cy)
GIVEN = {"who": "Cy", "whole": 3, "flag": False, "text": "house rule"}


def test_every_kind_of_entry_has_its_words() -> None:
    assert list(ENTRY_WORDS) == list(ENTRY_KINDS)


@pytest.mark.parametrize("kind", ENTRY_KINDS.values(), ids=list(ENTRY_KINDS))
def test_each_kind_of_entry_is_said_on_one_line(kind: EntryKind) -> None:
    standard = load_ruleset("standard")
    sheet = Sheet(1, "friday", standard, seat_sides(standard, ("Ann & Bob", "Cy & Di"), ()))
    given = {name: GIVEN[field.kind] for name, field in kind.fields.items() if field.required}
    entry = kind.build(sheet, **given)
    (result,) = tally(standard, [entry]).results
    words = ENTRY_WORDS[kind.name]
    text = entry_text(sheet, result)
    assert text.strip() and "\n" not in text
    if not words.with_scores:
        assert not any(result.points)
    if words.subject is not None:
        assert words.subject(entry) == sheet.resolve("Cy")
