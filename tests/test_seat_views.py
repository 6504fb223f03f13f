"""A seat played from a terminal elsewhere (``euchre join``, the host's own seat) is
told its game as JSON and its screen as lines: ``view_from_facts`` rebuilds the very
``View`` a computer player in its place receives, and a line's style travels as marks
that the terminal styles in its own way, never as escape codes it would obey."""

from __future__ import annotations

import json

import pytest

from euchre_cli.rulebook import load_ruleset
from euchre_cli.rulebook.validate import ruleset_from_dict, ruleset_to_dict
from euchre_cli.table.table import Table
from euchre_cli.table.views import view_from_facts
from euchre_cli.terminal.marks import marked, styled
from euchre_cli.terminal.text import Style


@pytest.mark.parametrize("rules", ["standard", "cutthroat", "two-handed-dummy", "railroad"])
def test_a_seats_game_object_gives_back_its_view_at_every_step(rules: str) -> None:
    """The round trip, through JSON and the ruleset as the API serves it, for every
    seat after every step of a whole game (R12's dummy, R13's card passed, R14)."""
    ruleset = load_ruleset(rules)
    served = ruleset_from_dict(json.loads(json.dumps(ruleset_to_dict(ruleset))))
    assert served == ruleset
    table = Table(ruleset, "easy", 5)
    table.start()
    checked = 0
    while not table.over:
        for seat in range(ruleset.players):
            facts = json.loads(json.dumps(table.view_for(seat)))
            assert view_from_facts(facts, served) == table.engine_view(seat)
            checked += 1
        if table.between_hands:
            table.next_hand()
        else:
            table.step_computer()
    assert checked > 200
    with pytest.raises(ValueError):
        view_from_facts(table.view_for(None), served)  # a spectator has no view


def test_a_line_carries_its_style_as_marks_and_is_styled_again_the_same() -> None:
    colour = Style(colour=True)
    written = colour.bold("You lead ") + colour.card(load_card("JH")) + " and " + colour.dim("x")
    line = marked(written)
    assert "\x1b" not in line.text and line.text == "You lead J♥ and x"
    facts = json.loads(json.dumps(line.facts()))
    assert styled(facts, Style(colour=False)) == "You lead J♥ and x"
    again = styled(facts, colour)
    assert marked(again) == line  # the same runs of the same kinds


def test_text_from_the_network_is_shown_never_obeyed() -> None:
    """A host (or anyone at its address) may send any text: escape codes, a bell, a
    bidi override and marks out of range are shown as text, or left out."""
    facts = {"text": "Bob\x1b]0;owned\x07 \u202e\x1b[2J\nok", "marks": [[-5, 99, "red"], "x"]}
    for style in (Style(colour=False), Style(colour=True)):
        shown = styled(facts, style)
        raw = shown.replace("\x1b[31m", "").replace("\x1b[0m", "")
        assert "\x1b" not in raw and "\x07" not in raw and "\u202e" not in raw
        assert "\\x1b]0;owned\\x07" in shown and shown.endswith("\nok" + "\x1b[0m" * style.colour)
    assert styled({"text": 5}, Style(colour=False)) == "" and styled([], Style(False)) == ""


def load_card(code: str):
    from euchre_cli.engine.cards import parse_card

    return parse_card(code)
