"""The one way a user's YAML file is read, a ruleset or the settings file alike: through
``limits.read_text_file`` (a regular file, 1 MiB at most), composed by PyYAML's
SafeLoader so that every node keeps its line, and with no alias (``*name``): a few
such lines can stand for millions of values, and neither file ever needs one.

What a file may hold is checked as it is read, so that a large file is refused at
its first mistake rather than read to its end: each key, by the caller's check
(``KeyCheck``), and how many keys and values there are (``MAX_YAML_VALUES``).  A
scalar's value (``scalar_value``) is read without ever handing a number of thousands
of digits to ``int()``.

Each problem is a ``YAMLFileError`` with its line where there is one; the caller
says it in its own one-line error, with the file's name.  PyYAML is imported only
while reading, so importing this module stays cheap.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING

from ..limits import MAX_YAML_VALUES, MOST_DIGITS, read_text_file

if TYPE_CHECKING:
    import yaml

KeyPath = tuple[str | int, ...]  # ("deck", "ranks", 2): the keys and list positions to a node
KeyCheck = Callable[[KeyPath, "yaml.Node", "yaml.MappingNode"], None]
"""Called with each mapping key as soon as it is read: the path of its mapping, the
key's node, and the mapping so far (the keys before it).  It raises the caller's own
error to refuse the key, which ends the read."""

_INT_TAG = "tag:yaml.org,2002:int"
_STR_TAG = "tag:yaml.org,2002:str"


class OutsizedNumber:
    """A whole number written with more digits than any setting needs: only how many
    it has is kept, never the number, so that reading it costs nothing and saying it
    cannot fail (``int()`` refuses a 4,301st digit, and takes seconds before that)."""

    __slots__ = ("digits",)  # a plain class: a dataclass costs every command's start-up

    def __init__(self, digits: int) -> None:
        self.digits = digits

    def __str__(self) -> str:
        return f"a number of {self.digits:,} digits"


class YAMLFileError(Exception):
    """YAML that cannot be read: ``problem``, what usually mends it (``advice``, or
    ""), and its ``line`` (None when PyYAML cannot tell)."""

    def __init__(self, problem: str, advice: str = "", line: int | None = None) -> None:
        super().__init__(problem)
        self.problem = problem
        self.advice = advice
        self.line = line


def read_yaml_file(
    path: str | os.PathLike[str], what: str, check_key: KeyCheck | None = None
) -> yaml.Node | None:
    """The node tree of the YAML file at ``path`` (None for a file of comments only);
    ``limits.UnreadableFile`` for a file it will not read, ``YAMLFileError`` for one
    that is not YAML it takes.  ``what`` the file is ("a ruleset") words the refusals;
    ``check_key`` is asked about each key as it is read."""
    return compose_yaml(read_text_file(path), what, check_key)


def compose_yaml(text: str, what: str, check_key: KeyCheck | None = None) -> yaml.Node | None:
    """``read_yaml_file`` for text already read (a ruleset shipped in the package)."""
    import yaml

    try:
        loader = _checking_loader()(text)
        loader.what, loader.check_key = what, check_key
        try:
            return loader.get_single_node()
        finally:
            loader.dispose()
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        problem = error.problem or ""
        if error.context and (not problem or problem.startswith("but ")):  # "..., but found"
            problem = f"{error.context}, {problem}" if problem else error.context
        line = mark.line + 1 if mark else None
        raise YAMLFileError(f"YAML syntax error: {problem}", _advice(problem), line) from None
    except yaml.YAMLError as error:
        raise YAMLFileError(f"YAML error: {' '.join(str(error).split())}") from None
    except RecursionError:  # brackets nested thousands deep
        raise YAMLFileError(f"the file is nested too deeply to be {what}") from None


@cache
def _checking_loader() -> type[yaml.SafeLoader]:
    """SafeLoader refusing an alias where it is written, before it is expanded, and
    more values than ``MAX_YAML_VALUES``; and asking ``check_key`` about each key."""
    import yaml

    class Loader(yaml.SafeLoader):
        what = "a file"
        check_key: KeyCheck | None = None
        values = 0
        path: list[str | int]

        def compose_node(self, parent: yaml.Node | None, index: object) -> yaml.Node | None:
            line = self.peek_event().start_mark.line + 1
            if self.check_event(yaml.AliasEvent):
                raise YAMLFileError(
                    f"YAML aliases (*name) are not allowed in {self.what}",
                    "write the value out where it is needed",
                    line,
                )
            self.values += 1
            if self.values > MAX_YAML_VALUES:
                raise YAMLFileError(
                    f"the file holds more than {MAX_YAML_VALUES:,} keys and values,"
                    f" far more than {self.what} needs",
                    "",
                    line,
                )
            if parent is None:
                self.path = []
                return super().compose_node(parent, index)
            if isinstance(parent, yaml.MappingNode) and index is None:  # a key
                key = super().compose_node(parent, index)
                if self.check_key is not None:
                    self.check_key(tuple(self.path), key, parent)
                return key
            self.path.append(index.value if isinstance(index, yaml.Node) else index)
            try:
                return super().compose_node(parent, index)
            finally:
                self.path.pop()

    return Loader


def scalar_value(node: yaml.ScalarNode) -> object:
    """A scalar's value as PyYAML's safe loader reads it, except that a whole number of
    more than ``MOST_DIGITS`` digits (``0x`` and ``0b`` numbers and 1:30-style ones
    too) is an ``OutsizedNumber``, and a tag written out (``!!int``) must fit the text
    as YAML would read it untagged, or as text: PyYAML hands ``!!int "abc"`` to
    ``int()`` and ``!!int "٤"`` reads as 4."""
    import yaml

    line = node.start_mark.line + 1
    if node.tag not in (_STR_TAG, _implicit_tag(node.value)):
        raise YAMLFileError(
            f"the tag {_shown(node.tag)} does not fit the value", "write it without the tag", line
        )
    if node.tag == _INT_TAG:
        digits = _digits(node.value)
        if digits > MOST_DIGITS:
            return OutsizedNumber(digits)
    try:
        return yaml.constructor.SafeConstructor().construct_object(node)
    except (yaml.YAMLError, ValueError):  # a date that does not exist, "0x_"
        raise YAMLFileError(
            f"the value reads as YAML's {_shown(node.tag)}, and is not a possible one",
            "quote it as text",
            line,
        ) from None


def _shown(tag: str) -> str:
    """A tag as it is written: ``!!int``."""
    return tag.replace("tag:yaml.org,2002:", "!!", 1)


def _implicit_tag(text: str) -> str:
    import yaml

    return yaml.resolver.Resolver().resolve(yaml.ScalarNode, text, (True, False))


def _digits(text: str) -> int:
    """The digits a YAML whole number is written with: not its sign, ``0x`` or ``0b``,
    underscores or colons."""
    written = text.lstrip("+-").replace("_", "").replace(":", "")
    return len(written) - 2 if written[:2] in ("0x", "0b") else len(written)


def _advice(problem: str) -> str:
    """What usually causes PyYAML's commonest complaints in a hand-written file."""
    if "'\\t'" in problem:
        return "indent with spaces, not tabs"
    if "expected <block end>" in problem:
        return (
            "an indented line needs its section name above it, like 'bidding:', and"
            " the lines of one section line up"
        )
    if "mapping values are not allowed" in problem:
        return "put a space after each colon, and quote text that holds ': '"
    return ""
