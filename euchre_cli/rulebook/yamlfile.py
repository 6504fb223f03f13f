"""The one way a user's YAML file is read, a ruleset or the settings file alike: through
``limits.read_text_file`` (a regular file, 1 MiB at most), composed by PyYAML's
SafeLoader so that every node keeps its line, and with no alias (``*name``): a few
such lines can stand for millions of values, and neither file ever needs one.

Each problem is a ``YAMLFileError`` with its line where there is one; the caller
says it in its own one-line error, with the file's name.  PyYAML is imported only
while reading, so importing this module stays cheap.
"""

from __future__ import annotations

import os
from functools import cache
from typing import TYPE_CHECKING

from ..limits import read_text_file

if TYPE_CHECKING:
    import yaml


class YAMLFileError(Exception):
    """YAML that cannot be read: ``problem``, what usually mends it (``advice``, or
    ""), and its ``line`` (None when PyYAML cannot tell)."""

    def __init__(self, problem: str, advice: str = "", line: int | None = None) -> None:
        super().__init__(problem)
        self.problem = problem
        self.advice = advice
        self.line = line


def read_yaml_file(path: str | os.PathLike[str], what: str) -> yaml.Node | None:
    """The node tree of the YAML file at ``path`` (None for a file of comments only);
    ``limits.UnreadableFile`` for a file it will not read, ``YAMLFileError`` for one
    that is not YAML it takes.  ``what`` the file is ("a ruleset") words the refusals."""
    return compose_yaml(read_text_file(path), what)


def compose_yaml(text: str, what: str) -> yaml.Node | None:
    """``read_yaml_file`` for text already read (a ruleset shipped in the package)."""
    import yaml

    try:
        loader = _loader_without_aliases()(text)
        loader.refused = f"YAML aliases (*name) are not allowed in {what}"
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
def _loader_without_aliases() -> type[yaml.SafeLoader]:
    """SafeLoader refusing an alias where it is written, before it is expanded."""
    import yaml

    class Loader(yaml.SafeLoader):
        refused = "YAML aliases (*name) are not allowed"

        def compose_node(self, parent: yaml.Node | None, index: object) -> yaml.Node | None:
            if self.check_event(yaml.AliasEvent):
                raise YAMLFileError(
                    self.refused,
                    "write the value out where it is needed",
                    self.peek_event().start_mark.line + 1,
                )
            return super().compose_node(parent, index)

    return Loader


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
