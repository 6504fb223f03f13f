"""Low-card marker pictures (R11): each side's two marker cards for a score, drawn
with box-drawing characters and suit symbols, or in plain ASCII.  Where the cards lie
for each score is ``scoring.marker_position``'s; this only draws it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from ..engine.rules import Ruleset
from ..engine.scoring import marker_position


class _Glyphs(NamedTuple):
    top_left: str
    top_right: str
    bottom_left: str
    bottom_right: str
    join_left: str  # where the top card's edge crosses the card underneath
    join_right: str
    horizontal: str
    vertical: str
    back: str  # the pattern on a face-down card
    suits: str  # the pip drawn for each side in turn


_BOX = _Glyphs("┌", "┐", "└", "┘", "├", "┤", "─", "│", "░", "♥♠♦♣")
_ASCII = _Glyphs("+", "+", "+", "+", "+", "+", "-", "|", "#", "HSDC")

_CARD_WIDTH = 7  # inside the frame
# Where the pips of a face-up card on top sit, row by row ("x" marks a pip), for the
# ranks the marker schemes use.
_CARD_FACES = {
    3: ("   x   ", "   x   ", "   x   "),
    4: (" x   x ", "       ", " x   x "),
    6: (" x   x ", " x   x ", " x   x "),
}
# The uncovered edge of a face-up card underneath, by the number of pips showing.
_EDGES = {1: "   x   ", 2: " x   x ", 3: " x x x "}


def marker_picture(ruleset: Ruleset, score: int, ascii: bool = False, side: int = 0) -> str:
    """A side's two marker cards for ``score``: the card underneath peeks out above
    the card on top, and two lines say in words which card is on top, which way each
    faces and how many pips show.  ``side`` picks the suit drawn."""
    if ruleset.markers is None:
        return "no marker cards in this ruleset"
    position = marker_position(ruleset.markers.cards, ruleset.game.points_to_win, score)
    if position is None:
        return no_scheme_note(ruleset) or f"markers not available for a score of {score}"
    glyphs = _ASCII if ascii else _BOX
    pip = glyphs.suits[side % len(glyphs.suits)]

    def row(inside: str) -> str:
        return glyphs.vertical + inside.replace("x", pip) + glyphs.vertical

    def edge(left: str, right: str) -> str:
        return left + glyphs.horizontal * _CARD_WIDTH + right

    back = glyphs.back * _CARD_WIDTH
    peeking = _EDGES[position.pips_showing] if position.bottom_face_up else back
    body = _CARD_FACES[position.top] if position.top_face_up else (back,) * 3
    if position.bottom_face_up:
        plural = "" if position.pips_showing == 1 else "s"
        under = f"{position.bottom} face up, {position.pips_showing} pip{plural} showing"
    else:
        under = f"{position.bottom} face down underneath"
    return "\n".join(
        [
            edge(glyphs.top_left, glyphs.top_right),
            row(peeking),
            edge(glyphs.join_left, glyphs.join_right),
            *(row(line) for line in body),
            edge(glyphs.bottom_left, glyphs.bottom_right),
            f"{position.top} face {'up' if position.top_face_up else 'down'}"
            f" on top of the {position.bottom}",
            under,
        ]
    )


def no_scheme_note(ruleset: Ruleset) -> str | None:
    """What is said instead of every picture where the ruleset's marker cards have no
    scheme for its target ("markers not available for the 4 and 6 in a game to 7"),
    or None (where they have one, or the ruleset has no marker cards)."""
    if ruleset.markers is None:
        return None
    target = ruleset.game.points_to_win
    if marker_position(ruleset.markers.cards, target, 0) is not None:
        return None
    low, high = sorted(ruleset.markers.cards)
    return f"markers not available for the {low} and {high} in a game to {target}"


def marker_width(ruleset: Ruleset) -> int:
    """The widest line of any marker picture in a game under ``ruleset``, so that
    pictures laid side by side keep their columns from one score to the next (0 when
    the ruleset has no marker scheme: then each score's picture is one line)."""
    if ruleset.markers is None or no_scheme_note(ruleset) is not None:
        return 0
    pictures = (marker_picture(ruleset, score) for score in range(ruleset.game.points_to_win))
    return max(len(line) for picture in pictures for line in picture.splitlines())


def side_by_side(
    blocks: Sequence[str], gap: int = 4, width: int = 0, fit: int | None = None
) -> str:
    """Lay multi-line blocks of text next to each other, each at least ``width``
    wide; where that is wider than ``fit`` columns, one above the other instead."""
    columns = [block.splitlines() for block in blocks]
    widths = [max([width, *(len(line) for line in lines)]) for lines in columns]
    height = max(len(lines) for lines in columns)
    rows = []
    for index in range(height):
        cells = [
            (lines[index] if index < len(lines) else "").ljust(width)
            for lines, width in zip(columns, widths)
        ]
        rows.append((" " * gap).join(cells).rstrip())
    if fit is not None and max(map(len, rows)) > fit:
        return "\n".join(blocks)
    return "\n".join(rows)
