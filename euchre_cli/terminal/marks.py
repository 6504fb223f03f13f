"""A screen's line carried over the network as text and style marks, never as escape
codes: ``marked`` reads the codes a ``Style`` in colour wrote (red, bold, dim, and
the reset after each) into marks, on the host's side; ``styled`` writes a line so
carried in this terminal's own style, on the terminal's side, every character it
must not obey escaped first (text from the network is never obeyed)."""

from __future__ import annotations

import re

import click

from ..table.lines import Line
from .text import Style, escaped

KINDS = {"31": "red", "1": "bold", "2": "dim"}
"""The style codes ``Style`` writes (Click's SGR numbers), by the mark each makes."""
_CODE = re.compile(r"\x1b\[(\d+)m")
_RESET = "0"
_CLICK_STYLE = {"red": {"fg": "red"}, "bold": {"bold": True}, "dim": {"dim": True}}


def marked(text: str) -> Line:
    """``text`` as written by a ``Style`` in colour, as plain text and its marks: each
    run of a kind ``[start, end, kind]``, a reset ending every kind (as a terminal
    shows it).  Any other code is left in the text, for the far side to escape."""
    plain: list[str] = []
    marks: list[tuple[int, int, str]] = []
    open_at: dict[str, int] = {}
    at = 0
    position = 0
    for found in _CODE.finditer(text):
        number = found[1]
        if number != _RESET and number not in KINDS:
            continue
        piece = text[position : found.start()]
        plain.append(piece)
        at += len(piece)
        position = found.end()
        if number == _RESET:
            for kind, start in open_at.items():
                if at > start:
                    marks.append((start, at, kind))
            open_at.clear()
        else:
            open_at.setdefault(KINDS[number], at)
    piece = text[position:]
    plain.append(piece)
    at += len(piece)
    for kind, start in open_at.items():  # never reset: to the end of the line
        if at > start:
            marks.append((start, at, kind))
    return Line("".join(plain), tuple(sorted(marks)))


def styled(facts: object, style: Style) -> str:
    """A line's facts (``{"text", "marks"}``, from the network) in this terminal's
    ``style``: each run of text escaped (``text.escaped``: a control character, an
    escape code, a bidi override is shown, never obeyed), then styled by its marks
    where the style has colour.  Facts of another shape are shown as their text, or
    nothing."""
    if not isinstance(facts, dict) or not isinstance(facts.get("text"), str):
        return ""
    text: str = facts["text"]
    kinds_at: list[set[str]] = [set() for _ in text]
    marks = facts.get("marks")
    for mark in marks if isinstance(marks, list) else ():
        if not (isinstance(mark, list) and len(mark) == 3 and mark[2] in _CLICK_STYLE):
            continue
        start, end, kind = mark
        if type(start) is int and type(end) is int:
            for index in range(max(start, 0), min(end, len(text))):
                kinds_at[index].add(kind)
    runs: list[tuple[str, frozenset[str]]] = []
    for char, kinds in zip(text, kinds_at):
        frozen = frozenset(kinds)
        if runs and runs[-1][1] == frozen:
            runs[-1] = (runs[-1][0] + char, frozen)
        else:
            runs.append((char, frozen))
    return "".join(_run(part, kinds, style) for part, kinds in runs)


def _run(text: str, kinds: frozenset[str], style: Style) -> str:
    shown = escaped(text, newlines=True)
    if not kinds or not style.colour:
        return shown
    settings: dict = {}
    for kind in sorted(kinds):
        settings.update(_CLICK_STYLE[kind])
    return click.style(shown, **settings)
