"""The short lines ``euchre score keep`` takes at the table, read into entries: "1 4"
(side 1 took 4 tricks), "1 a 5" (alone, all five), "2 d 1" (a defender went alone),
``add WHO POINTS [REASON]``, ``renege WHO [a]``, ``dealer WHO``, and the answers to keep's follow-up
questions; and the examples of them keep shows, each one the sheet's ruleset takes.

Pure: words in, a value or a ``SheetError`` out (its message one line for the user);
asking what a line leaves out is the terminal's work (``terminal/scorekeeping.py``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from ..engine.rules import Ruleset
from ..engine.scoring import TRICKS_IN_HAND
from ..limits import whole_number
from .entries import ENTRY_KINDS, Entry, refuse_lone_hands
from .sheet import Sheet, SheetError

# Answers to "Alone?", and the last words of a hand's line: (the maker went alone, a
# defender went alone)
ALONE_ANSWERS = {
    "": (False, False),
    "n": (False, False),
    "no": (False, False),
    "a": (True, False),
    "alone": (True, False),
    "y": (True, False),
    "yes": (True, False),
    "d": (False, True),
    "ad": (True, True),
    "da": (True, True),
}
# The words for lone hands that keep offers, and whom each sends alone
LONE_WORDS = {"a": "the maker", "d": "a defender", "ad": "both"}


class HandLine(NamedTuple):
    """A hand as typed on one line: the makers' side, and what the line gave of the
    rest (None: not given, to be asked)."""

    makers: int
    tricks: int | None
    alone: bool | None  # the maker went alone
    defender: bool  # a defender went alone


def hand_line(sheet: Sheet, words: Sequence[str]) -> HandLine:
    """The hand a line means ("1 a 5", "Cy & Di 2", "AB"): tricks and alone flags are
    peeled off its end, and what is left names the makers.  A lone hand the ruleset
    has not is refused at once (R6), before any question is asked about it."""
    words = list(words)
    tricks, alone, defender = None, None, False
    while len(words) > 1:
        last = words[-1].casefold()
        if last.lstrip("+-").isdigit() and tricks is None:
            tricks = tricks_answer(last)
        elif last and last in ALONE_ANSWERS:
            alone, defender = ALONE_ANSWERS[last]
        else:
            break
        words.pop()
    makers = _makers(sheet, words)
    refuse_lone_hands(sheet.ruleset, bool(alone), defender)
    return HandLine(makers, tricks, alone, defender)


def hand_examples(rules: Ruleset) -> list[tuple[str, str]]:
    """Hand lines for keep's help, each with what it means: a lone hand only where
    the ruleset has one (R6), so that every example is a line the sheet takes."""
    examples = [("1 4", "side 1 took 4 tricks")]
    if rules.alone.maker:
        examples.append(("1 a 5", "alone, all five tricks"))
    if rules.alone.defender:
        examples.append(("2 d 1", "a defender went alone; 1 trick to the makers"))
    return examples


def _makers(sheet: Sheet, words: Sequence[str]) -> int:
    """The side named by a hand's first words; where the first few name one and short
    words follow (a mistyped shortcut, "2 x 4"), the refusal points at them."""
    try:
        return sheet.resolve(" ".join(words))
    except SheetError as error:
        for end in range(len(words) - 1, 0, -1):
            if any(len(word) > 2 or word == "&" for word in words[end:]):
                break  # a longer name, mistyped ("Cy & Dx"): said as such below
            if _names_a_side(sheet, words[:end]):
                offers = alone_offers(sheet.ruleset)
                lone_said = f", and for lone hands {offers}" if offers else ""
                raise SheetError(
                    f"'{words[end]}' is not understood after '{' '.join(words[:end])}':"
                    f" give the tricks once (0-{TRICKS_IN_HAND}){lone_said}"
                ) from None
        raise error from None


def _names_a_side(sheet: Sheet, words: Sequence[str]) -> bool:
    try:
        sheet.resolve(" ".join(words))
    except SheetError:
        return False
    return True


def tricks_answer(text: str) -> int:
    """The makers' tricks, as typed: 0 to 5."""
    tricks = whole_number(text)
    if tricks is None or not 0 <= tricks <= TRICKS_IN_HAND:
        raise SheetError(f"'{text}' is not a number of tricks: 0 to {TRICKS_IN_HAND}")
    return tricks


def _has_lone(rules: Ruleset, maker: bool, defender: bool) -> bool:
    """Whether the ruleset has the lone hands ``maker`` and ``defender`` say (R6)."""
    return (rules.alone.maker or not maker) and (rules.alone.defender or not defender)


def lone_words(rules: Ruleset) -> list[str]:
    """``LONE_WORDS`` for the lone hands the ruleset has (R6): none without any."""
    return [word for word in LONE_WORDS if _has_lone(rules, *ALONE_ANSWERS[word])]


def alone_offers(rules: Ruleset) -> str:
    """The answers to "Alone?" that the ruleset's lone hands allow (R6)."""
    return ", ".join(f"{word} = {LONE_WORDS[word]}" for word in lone_words(rules))


def alone_answer(rules: Ruleset, text: str) -> tuple[bool, bool]:
    """(the maker went alone, a defender went alone), from an answer to "Alone?";
    one the ruleset has not is refused (R6)."""
    answer = ALONE_ANSWERS.get(text.casefold())
    if answer is None or not _has_lone(rules, *answer):
        raise SheetError(f"'{text}' is not an answer here: {alone_offers(rules)}, or Enter for no")
    return answer


def defender_choices(sheet: Sheet, defenders: Sequence[int]) -> str:
    """The defending sides as they may be named: "1 Ann, 3 Cy"."""
    return ", ".join(f"{side + 1} {sheet.side_names[side]}" for side in defenders)


def defender_answer(sheet: Sheet, defenders: Sequence[int], text: str) -> int:
    """The side of the lone defender, one of ``defenders``: the makers are refused."""
    side = sheet.resolve(text)
    if side not in defenders:
        raise SheetError(
            f"{sheet.side_names[side]} made trump; a defender is"
            f" {defender_choices(sheet, defenders)}"
        )
    return side


def points_line(sheet: Sheet, words: Sequence[str]) -> Entry:
    """``add WHO POINTS [REASON]``'s words after ``add``: WHO may be a team of several
    words, POINTS is the first whole number after it."""
    at = next((i for i, w in enumerate(words) if i and w.lstrip("+-").isdigit()), None)
    if at is None:
        raise SheetError(
            "add WHO POINTS [REASON], with POINTS a whole number: e.g. add 2 -2 renege"
        )
    who = " ".join(words[:at]).strip("\"'")
    points = whole_number(words[at], signed=True)
    if points is None:
        raise SheetError(f"'{words[at]}' is not a number of points: e.g. add 2 -2 renege")
    reason = " ".join(words[at + 1 :])
    return ENTRY_KINDS["points"].build(sheet, who=who, points=points, reason=reason)


def renege_usage(rules: Ruleset) -> str:
    """How a renege is typed, and what it means: the "a" (against a lone hand) only
    where the ruleset has lone hands (R17)."""
    if lone_words(rules):
        return "renege WHO [a] (WHO reneged; a: against a lone hand)"
    return "renege WHO (WHO reneged)"


def renege_line(sheet: Sheet, words: Sequence[str]) -> Entry:
    """``renege WHO [a]``'s words after ``renege``: WHO may be a team of several words;
    a last word "a" (or "alone") says it was against a lone hand (R17)."""
    alone = len(words) > 1 and words[-1].casefold() in ("a", "alone")
    who = " ".join(words[:-1] if alone else words).strip("\"'")
    if not who and lone_words(sheet.ruleset):
        raise SheetError(
            "renege WHO [a]: the side that reneged, and a when it was against a lone"
            " hand: e.g. renege 2 a"
        )
    if not who:
        raise SheetError("renege WHO: the side that reneged: e.g. renege 2")
    return ENTRY_KINDS["renege"].build(sheet, who=who, alone=alone)


def dealer_line(sheet: Sheet, words: Sequence[str]) -> Entry:
    """``dealer WHO``'s words after ``dealer``: the player who deals the next hand."""
    if not words:
        raise SheetError(
            f"dealer WHO: the player who deals the next hand, e.g. dealer {sheet.seating[0]}"
        )
    return ENTRY_KINDS["dealer"].build(sheet, dealer=" ".join(words).strip("\"'"))
