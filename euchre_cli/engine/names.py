"""What a name or a line of text may hold, wherever it comes from: a player's name
(``--name``, a score sheet's teams, an imported record), a sheet's name, a
ruleset's name and description, a reason for points given by hand.

One rule for all of them, checked on the way in: printable text only (no control
character such as a new line, a tab or an escape code, no formatting character
such as a bidi override, no byte that was not UTF-8, which Python reads as a lone
surrogate), at most so many characters, spaces tidied.  A name, besides, holds no
character that shows nothing (``SHOWS_NOTHING``), so that no name looks blank, and
no two names look alike that are not.  Text already kept (a book written before the
rule) is shown escaped on the way out (``terminal.text.escaped``).

And one way to answer a name that is not known (a command, a ruleset, a key of a
ruleset or of the settings file): ``did_you_mean`` the closest known one.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..refusals import Refusal

PLAYER_NAME_LONGEST = 20
"""Characters in a player's name at most: it fits a column of a table."""
NAME_LONGEST = 40
"""Characters in the name of a thing (a score sheet, a ruleset) at most."""
LINE_LONGEST = 200
"""Characters in a line of text (a ruleset's description, a reason) at most."""
_QUOTED = 40  # characters of a refused text a message quotes at most

SHOWS_NOTHING = (
    (0x034F, 0x034F),  # combining grapheme joiner
    (0x115F, 0x1160),  # Hangul choseong and jungseong fillers
    (0x17B4, 0x17B5),  # Khmer inherent vowels
    (0x180B, 0x180F),  # Mongolian free variation selectors, vowel separator
    (0x200B, 0x200D),  # zero-width space, non-joiner, joiner
    (0x2060, 0x2060),  # word joiner
    (0x2800, 0x2800),  # braille pattern blank
    (0x3164, 0x3164),  # Hangul filler
    (0xFE00, 0xFE0F),  # variation selectors
    (0xFEFF, 0xFEFF),  # zero-width no-break space (a byte order mark)
    (0xFFA0, 0xFFA0),  # halfwidth Hangul filler
    (0xE0100, 0xE01EF),  # variation selectors supplement
)
"""The code points, first to last, that show nothing and yet pass ``isprintable``
(or would, but for being formatting characters): "Ann" and "Ann" with a Hangul
filler look alike, and a braille blank looks like no name.  No name may hold one."""


class TextError(Refusal, ValueError):
    """Text refused by the rule above; ``str()`` is one line saying what is allowed."""


def check_text(text: str, what: str, longest: int = LINE_LONGEST) -> str:
    """``text`` with no spaces at its ends and one between words; ``TextError`` when
    it holds a character that is not printable text or is longer than ``longest``.
    ``what`` names it in the message ("description")."""
    return _checked(text, what, 0, longest)


def check_name(name: str, what: str = "name", longest: int = NAME_LONGEST) -> str:
    """``check_text``, and not empty, and no character that shows nothing: a name of 1
    to ``longest`` characters, all of them seen."""
    unseen = next((char for char in name if _shows_nothing(char)), None)
    if unseen is not None:
        import unicodedata  # only on an error: keeps importing this module cheap

        called = unicodedata.name(unseen, "a character with no name")
        raise TextError(
            f"the {what} {_quoted(name)} holds U+{ord(unseen):04X} ({called}), which shows"
            " nothing: give a name of characters that can be seen"
        )
    return _checked(name, what, 1, longest)


def check_player_name(name: str, what: str = "name") -> str:
    """``check_name`` for a player, whose name must not hold the '&' that joins
    partners' names (``engine.rules.side_name``): one name must not look like two."""
    text = check_name(name, what, PLAYER_NAME_LONGEST)
    if "&" in text:
        raise TextError(f"{text!r} holds '&', which joins partners' names: give one name")
    return text


def _shows_nothing(char: str) -> bool:
    return any(first <= ord(char) <= last for first, last in SHOWS_NOTHING)


def _quoted(text: str) -> str:
    """``text`` as a message quotes it: escaped, and cut short when long."""
    return repr(text if len(text) <= _QUOTED else text[: _QUOTED - 3] + "...")


def _checked(text: str, what: str, shortest: int, longest: int) -> str:
    stripped = text.strip()  # a YAML block's last new line, a pasted name's tab
    if not stripped.isprintable():
        raise TextError(
            f"the {what} {_quoted(stripped)} holds control characters or bytes that are not"
            " UTF-8 text: give printable text, with no new line, tab or escape code"
        )
    if not shortest <= len(stripped) <= longest:
        size = f"{shortest} to {longest}" if shortest else f"at most {longest}"
        raise TextError(f"give a {what} of {size} characters")
    return " ".join(stripped.split())


def did_you_mean(word: str, known: Sequence[str]) -> str:
    """ "did you mean 'standard'?" for a misspelt ``word``, naming the one known name
    it starts (``hist`` for ``history``, not the closer ``list``) or else the closest
    known name; "" when none is close.  Every refusal of an unknown name says it so."""
    found = [name for name in known if word and name.startswith(word.lower())]
    if len(found) != 1:
        import difflib  # only on an error: keeps importing this module cheap

        found = difflib.get_close_matches(word, known, n=1)
    return f"did you mean {found[0]!r}?" if found else ""
