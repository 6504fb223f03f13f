"""Text for people: colours and suit symbols, or plain ASCII where a terminal cannot
show them, and lines broken between words to fit a terminal's width.  Two rules
every command follows: colour only where ``wants_colour`` says so, and text from
outside (a file, the book, an argument) shown ``escaped``, never obeyed."""

from __future__ import annotations

import codecs
import json
import os
import re
from collections.abc import Iterable
from typing import IO, Any

import click

from ..engine.cards import Card, Suit


def wants_colour(stream: IO[str]) -> bool:
    """Whether output to ``stream`` is styled: only on a terminal, never with
    ``NO_COLOR`` set and not empty (no-color.org) or under ``TERM=dumb``.  Every
    command that styles its output asks this, and nothing else."""
    return stream.isatty() and not os.environ.get("NO_COLOR") and os.environ.get("TERM") != "dumb"


def escaped(text: str, newlines: bool = False) -> str:
    """``text`` to be shown, never obeyed: each character that is not printable is
    written as Python writes it in a string, ``\\x1b`` for ESC, ``\\x07`` for BEL,
    ``\\x9b`` for a C1 control, ``\\u202e`` for a bidi override, ``\\udceb`` for a
    byte that was not UTF-8; a new line is kept with ``newlines``.  A book may hold
    text from before ``engine.names`` checked it on the way in."""
    if text.isprintable():
        return text
    return "".join(
        char if char.isprintable() or (newlines and char == "\n") else repr(char)[1:-1]
        for char in text
    )


LONGEST_WORD = 120
"""Characters of one word (a path, a name, a value) that an error message quotes in
full; a longer one is cut in its middle (``shortened``)."""
_LONG_WORD = re.compile(rf"\S{{{LONGEST_WORD + 1},}}")


def shortened(text: str) -> str:
    """``text`` with each word longer than ``LONGEST_WORD`` cut in its middle, saying
    how long it was: an error that quotes a 10,000-character argument stays a line
    one can read, and still shows how the value begins and ends."""
    return _LONG_WORD.sub(_cut_in_the_middle, text)


def _cut_in_the_middle(found: re.Match[str]) -> str:
    word = found[0]
    return f"{word[:60]}...({len(word)} characters)...{word[-20:]}"


def say(text: str = "", err: bool = False) -> None:
    """A command's plain output (no colour), ``escaped`` but for its new lines."""
    click.echo(escaped(text, newlines=True), err=err)


_NOT_ASCII_TEXT = re.compile("[^\n\x20-\x7e]")


def json_text(
    data: object, ensure_ascii: bool = False, indent: int | None = None, compact: bool = False
) -> str:
    """``json.dumps`` for output: names stay readable (``ensure_ascii=False``), and what
    that leaves raw and a terminal would obey (DEL, C1 controls, bidi overrides) is
    written as JSON escapes, as control characters always are: the same document.
    ``compact`` leaves out the spaces after commas and colons."""
    separators = (",", ":") if compact else None
    document = json.dumps(data, ensure_ascii=ensure_ascii, indent=indent, separators=separators)
    return _NOT_ASCII_TEXT.sub(_json_escaped, document)  # outside strings JSON is ASCII


def _json_escaped(found: re.Match[str]) -> str:
    char = found[0]
    return char if char.isprintable() else json.dumps(char)[1:-1]


class Style:
    """Colours for suits and emphasis as ``click.style`` writes them, or none
    (``NO_COLOR``, pipes, files: ``wants_colour``)."""

    def __init__(self, colour: bool, unicode: bool = True) -> None:
        self.colour = colour
        self.unicode = unicode

    def card(self, card: Card) -> str:
        text = card.label if self.unicode else _ascii_label(card)
        return self._styled(text, **_RED) if card.is_joker or card.suit.is_red else text

    def cards(self, cards: Iterable[Card]) -> str:
        return " ".join(self.card(card) for card in cards)

    def suit(self, suit: Suit) -> str:
        text = f"{suit.symbol} {suit.title.lower()}" if self.unicode else suit.title.lower()
        return self._styled(text, **_RED) if suit.is_red else text

    def bold(self, text: str) -> str:
        return self._styled(text, **_BOLD)

    def dim(self, text: str) -> str:
        return self._styled(text, **_DIM)

    def _styled(self, text: str, **style: Any) -> str:
        return click.style(text, **style) if self.colour else text

    def escaped(self, text: str) -> str:
        """A line on its way to the terminal, ``escaped`` but for its new lines and, in
        colour, the codes this style writes.  (Text from a book written before names
        were checked could hold one of those: it would colour, never move the cursor
        or set a title.)"""
        if not self.colour:
            return escaped(text, newlines=True)
        return "".join(
            part if part in _OWN_CODES else escaped(part, newlines=True)
            for part in _OWN_CODE.split(text)
        )


_RED: dict[str, Any] = {"fg": "red"}
_BOLD: dict[str, Any] = {"bold": True}
_DIM: dict[str, Any] = {"dim": True}
# The codes click.style writes for those three, each around a text: before and after.
_OWN_CODES = frozenset(
    code for style in (_RED, _BOLD, _DIM) for code in click.style("\0", **style).split("\0")
)
_OWN_CODE = re.compile("(" + "|".join(map(re.escape, sorted(_OWN_CODES))) + ")")


def _ascii_label(card: Card) -> str:
    return "Joker" if card.is_joker else card.code  # R1's text notation: TS, not 10S


def needs_ascii(encoding: str | None) -> bool:
    """True when a stream with this encoding cannot show box-drawing and suit symbols."""
    try:
        return codecs.lookup(encoding or "ascii").name != "utf-8"
    except LookupError:
        return True


_ASCII_FORMS = str.maketrans(
    {"♣": "C", "♦": "D", "♥": "H", "♠": "S", "—": "--", "–": "-", "…": "..."}
)


_TEN_OF_A_SUIT = re.compile("10(?=[♣♦♥♠])")


def in_ascii(text: str) -> str:
    """``text`` for a terminal that shows only ASCII: cards in R1's text notation
    (``10♠`` is ``TS``), dashes doubled, anything else left over as ``?``."""
    text = _TEN_OF_A_SUIT.sub("T", text).translate(_ASCII_FORMS)
    return text.encode("ascii", "replace").decode("ascii")


COLOUR_CODE = re.compile(r"\x1b\[[0-9;]*m")
"""A colour or emphasis code as ``Style`` writes it (Click's SGR codes), which takes
no column of a terminal."""


def fit_to_width(text: str, width: int) -> str:
    """``text`` with each line longer than ``width`` columns broken between words, so
    a narrow terminal does not split a word (colour codes take no columns)."""
    rows: list[str] = []
    for line in text.split("\n"):
        if len(COLOUR_CODE.sub("", line)) <= width:
            rows.append(line)
            continue
        words = line.rstrip(" ").split(" ")
        rows.append(words[0])
        used = len(COLOUR_CODE.sub("", words[0]))
        for word in words[1:]:
            size = len(COLOUR_CODE.sub("", word))
            if word and used + 1 + size > width:
                rows[-1] = rows[-1].rstrip(" ")
                rows.append(word)
                used = size
            else:
                rows[-1] += f" {word}"
                used += 1 + size
    return "\n".join(rows)
