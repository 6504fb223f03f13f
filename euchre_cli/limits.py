"""The most the program takes from a user, in one place: the whole numbers the book
can hold, and the files it reads (a ruleset, the settings file, a game record).

Beyond these a value or a file is refused in one line, where it comes in, rather
than failing deeper down: SQLite cannot hold a larger whole number, a device such as
``/dev/zero`` never ends (read whole, it fills the memory), a FIFO waits for ever for
a writer, and JSON nested thousands deep exhausts Python's recursion.  The standard
library only: every floor reads through here.
"""

from __future__ import annotations

import errno
import os
import stat

LARGEST_WHOLE_NUMBER = 2**63 - 1
"""The largest whole number the book holds (SQLite's INTEGER, 64 bits signed): no
seed, game id, move number or count may be larger."""
SMALLEST_WHOLE_NUMBER = -(2**63)

MOST_DIGITS = len(str(LARGEST_WHOLE_NUMBER))
"""Digits a typed whole number may have at most (19): longer is refused as typed, before
Python reads it (thousands of digits take it seconds, and a 4,301st is an error)."""

MAX_FILE_BYTES = 2**20
"""A ruleset or the settings file at most, 1 MiB: house rules are a few hundred bytes."""

MAX_YAML_VALUES = 1000
"""Keys and values a YAML file (a ruleset, the settings file) holds at most, each list
item counted: a ruleset with every setting written out (``euchre rules show``) holds
about 100, and the settings file 20; more is refused as the file is read.  (Python
reads such a file about 3 s a MiB.)"""

MAX_JSON_NESTING = 32
"""Brackets inside brackets at most in JSON read from a file or the book: a game record
nests five deep."""

MOST_JSON_DIGITS = 4300
"""Digits a whole number in JSON may have at most: Python's own limit since 3.11 (whose
refusal names a function to call), kept on the Pythons 3.10 without it, which read a
longer one in a time that grows as its square."""


def whole_number(text: str, signed: bool = False) -> int | None:
    """The whole number a person typed, or None when ``text`` is not one: ASCII digits
    only (``int`` also reads other scripts' digits and "1_000", and ``isdigit`` passes a
    superscript two, which ``int`` then refuses), a leading + or - when ``signed``, and
    no more than the book holds.  Every number typed at the program is read here."""
    digits = text[1:] if signed and text[:1] in "+-" and len(text) > 1 else text
    if not (digits.isascii() and digits.isdigit() and len(digits) <= MOST_DIGITS):
        return None
    number = int(text)
    return number if SMALLEST_WHOLE_NUMBER <= number <= LARGEST_WHOLE_NUMBER else None


class UnreadableFile(Exception):
    """A file the program will not read, and why, in words that follow its path
    ("no such file", "is a device, not a file"); ``missing`` when there is none."""

    def __init__(self, reason: str, missing: bool = False) -> None:
        super().__init__(reason)
        self.missing = missing


def read_text_file(path: str | os.PathLike[str], limit: int = MAX_FILE_BYTES) -> str:
    """A user's file, read whole as UTF-8 text: only a regular file of at most ``limit``
    bytes.  Opened without blocking, so a FIFO is refused rather than waited on."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        descriptor = os.open(path, flags)
    except OSError as error:
        raise UnreadableFile(path_problem(error), missing=error.errno == errno.ENOENT) from None
    except ValueError:  # a NUL byte in the path (a file's value can hold one)
        raise UnreadableFile("is not a usable path: it holds a NUL byte") from None
    try:
        kind = file_kind(os.fstat(descriptor).st_mode)
        if kind:
            raise UnreadableFile(f"is {kind}, not a file")
        with open(descriptor, "rb", closefd=False) as file:
            data = file.read(limit + 1)
    except OSError as error:
        raise UnreadableFile(path_problem(error)) from None
    finally:
        os.close(descriptor)
    if len(data) > limit:
        raise UnreadableFile(f"is larger than {_size(limit)}, more than such a file ever holds")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise UnreadableFile("is not UTF-8 text") from None


def file_kind(mode: int) -> str | None:
    """What a path is, in words, when it is not a regular file (None when it is)."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "a directory"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISFIFO(mode):
        return "a FIFO (a named pipe)"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def path_problem(error: OSError) -> str:
    """Why a path cannot be used (``os.stat`` or ``open`` failed), in a few words."""
    if error.errno == errno.ENOENT:
        return "no such file"
    if error.errno == errno.ENAMETOOLONG:
        return "the path is too long for this system"
    if error.errno == errno.ENOTDIR:
        return "a part of the path is a file, not a directory"
    if error.errno in (errno.EACCES, errno.EPERM):
        return "permission denied"
    if error.errno == errno.EISDIR:
        return "is a directory, not a file"
    return (error.strerror or str(error)).lower()


def _size(limit: int) -> str:
    return f"{limit // 2**20} MiB" if limit >= 2**20 else f"{limit} bytes"


def decode_json(text: str) -> object:
    """JSON text as Python values, refused (``ValueError``, one line) when it is not
    JSON, holds a number longer than ``MOST_JSON_DIGITS``, nests deeper than
    ``MAX_JSON_NESTING`` (so that nothing that reads the values, a message that shows
    one, say, recurses without end), or holds a lone surrogate (``"\\ud800"``: half a
    character, which no text may be written with)."""
    import json

    try:
        value = json.loads(text, parse_int=_json_whole_number)
    except RecursionError:  # the decoder's own guard, at Python's recursion limit
        value = None
        deepest = MAX_JSON_NESTING + 1
    else:
        deepest = _nesting(value)
    if deepest > MAX_JSON_NESTING:
        raise ValueError(f"nested more than {MAX_JSON_NESTING} brackets deep")
    try:
        json.dumps(value, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError as problem:
        half = ascii(problem.object[problem.start])[1:-1]
        raise ValueError(f"{half} is half of a character (a lone surrogate), not text") from None
    return value


def _json_whole_number(digits: str) -> int:
    """A whole number as JSON writes it, read only up to ``MOST_JSON_DIGITS`` long."""
    length = len(digits.lstrip("-"))
    if length > MOST_JSON_DIGITS:
        raise ValueError(f"a number of {length} digits (at most {MOST_JSON_DIGITS})")
    return int(digits)


def _nesting(value: object) -> int:
    """How deep lists and objects nest in ``value`` (0 for a plain value), counted
    without recursion; the count stops once past the limit.  Only lists and objects
    wait their turn: a pair for each plain value too took a list of a million
    strings 160 MB more."""
    if not isinstance(value, (list, dict)):
        return 0
    deepest = 0
    pending = [(value, 1)]
    while pending and deepest <= MAX_JSON_NESTING:
        item, depth = pending.pop()
        deepest = max(deepest, depth)
        children = item.values() if isinstance(item, dict) else item
        pending.extend(
            (child, depth + 1) for child in children if isinstance(child, (list, dict))
        )
    return deepest
