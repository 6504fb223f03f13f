"""Ruleset files: the built-in ones and a table's own YAML, with ``extends``.

- ``extends`` names a built-in ruleset or a path relative to the extending file.
  Nested mappings merge key by key and lists are replaced whole.  A file without
  ``extends`` starts from the defaults, which are ``standard``.
- ``name`` is never inherited: a file without one is named after its file stem.
  ``description`` is not inherited either (the parent's would describe the wrong
  game): a file without one reads "Based on <parent name>."
- ``rubber`` and ``markers``: ``null`` or ``false`` turn them off; a mapping turns
  them on, its missing keys taking the defaults; ``true`` means all defaults.
- Every node keeps its line (``yamlfile.py`` composes the tree), so ``validate.py``
  can name the file and line of a problem.  Each key is checked as it is read
  (``_key_check``): a file ends at its first unknown or repeated key.
- PyYAML is imported only while loading, so importing this module stays cheap.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Iterator
from dataclasses import replace
from typing import TYPE_CHECKING, NamedTuple

from ..engine.names import did_you_mean
from ..engine.rules import Ruleset
from ..limits import UnreadableFile
from .validate import (
    Checker,
    KeyPath,
    Location,
    RulesetError,
    Where,
    as_written,
    build_ruleset,
    dotted,
    key_refusal,
    section_at,
)
from .yamlfile import KeyCheck, YAMLFileError, compose_yaml, read_yaml_file, scalar_value

if TYPE_CHECKING:
    from importlib.abc import Traversable
    from pathlib import Path

    import yaml


def builtin_names() -> list[str]:
    """The names of the rulesets shipped in ``rulesets/``."""
    return sorted(entry.name[: -len(".yaml")] for entry in _builtin_files())


def builtin_rulesets() -> list[Ruleset]:
    return [load_ruleset(name) for name in builtin_names()]


def load_ruleset(ref: str) -> Ruleset:
    """A built-in ruleset by name (``standard``) or a YAML file by path, fully resolved."""
    file = _find(ref, None, None)
    data, where, extends = _resolve(file, (), None)
    ruleset = build_ruleset(data, Checker(where, file.shown))
    return replace(ruleset, source=ref, extends=extends)


def default_description(parent: str) -> str:
    """The description of a file that gives none, after the ruleset it extends."""
    return f"Based on {parent}."


class _RulesetFile(NamedTuple):
    shown: str  # how messages name it: the path as the user would write it
    path: Path | Traversable
    stem: str
    identity: str  # the same file reached by two paths has one identity (cycles)
    builtin: bool = False  # shipped in the package: read as package data, not a user's file


def _builtin_directory() -> Path | Traversable:
    """Package data when installed; the ``rulesets/`` folder beside the package in a
    source tree (``euchre_cli.rulesets`` exists only once setuptools maps it)."""
    from importlib import resources
    from pathlib import Path  # only when loading: the scorekeeper starts without it

    try:
        return resources.files("euchre_cli.rulesets")
    except ModuleNotFoundError:
        return Path(__file__).resolve().parents[2] / "rulesets"


def _builtin_files() -> Iterator[Path | Traversable]:
    return (entry for entry in _builtin_directory().iterdir() if entry.name.endswith(".yaml"))


def _find(ref: str, extended_by: _RulesetFile | None, asked_at: Location | None) -> _RulesetFile:
    """The file a reference names: a built-in name, else a path (relative to the file
    that extends it, if any)."""
    from pathlib import Path

    if not ref.strip():
        problem = "extends an empty name" if asked_at else "is empty: it names no ruleset"
        allowed = f"built-in: {', '.join(builtin_names())}; or a .yaml file path"
        raise RulesetError(problem, allowed, *(asked_at[:2] if asked_at else ()))
    if ref in builtin_names():
        path = _builtin_directory() / f"{ref}.yaml"
        return _RulesetFile(str(path), path, ref, f"built-in {ref}", builtin=True)
    base = Path(extended_by.path).parent if extended_by else Path()
    looks_like_path = os.sep in ref or "/" in ref or ref.endswith((".yaml", ".yml"))
    if looks_like_path or os.path.exists(base / ref):  # False for a path too long, too
        shown = (
            os.path.normpath(os.path.join(os.path.dirname(extended_by.shown), ref))
            if extended_by
            else ref
        )
        path = base / ref
        # a path with a NUL byte cannot be resolved: it is its own, and reading it refuses it
        identity = str(path) if "\0" in ref else str(path.resolve())
        return _RulesetFile(shown, path, Path(ref).stem, identity)
    names = builtin_names()
    suggestion = did_you_mean(ref, names)
    allowed = f"built-in: {', '.join(names)}; or a .yaml file path"
    if suggestion:
        allowed = f"{suggestion} {allowed}"
    problem = f"extends unknown ruleset {ref!r}" if asked_at else f"unknown ruleset {ref!r}"
    raise RulesetError(problem, allowed, *(asked_at[:2] if asked_at else ()))


def _resolve(
    file: _RulesetFile, extending: tuple[_RulesetFile, ...], asked_at: Location | None
) -> tuple[dict, Where, str]:
    """A file's settings merged over those of the files it extends, with where each was
    written, and its own ``extends`` as written ('' when it has none)."""
    depth = len(extending)
    data, where = _read(file, depth, asked_at)
    extends = data.pop("extends", None)
    parent_name = Ruleset.name
    if extends is not None:
        extends_at = where[("extends",)]
        if not isinstance(extends, str) or not extends:
            raise RulesetError(
                f"extends cannot be {as_written(extends)}",
                "allowed: a built-in name or the path of a .yaml file",
                *extends_at[:2],
            )
        parent = _find(extends, file, extends_at)
        chain = (*extending, file)
        if len(chain) > _MAX_CHAIN:
            raise RulesetError(
                f"extends more than {_MAX_CHAIN} files deep",
                f"allowed: a chain of at most {_MAX_CHAIN} files extending each other",
                *extends_at[:2],
            )
        if parent.identity in (link.identity for link in chain):
            cycle = " -> ".join(link.shown for link in (*chain, parent))
            raise RulesetError(
                f"extends cycle: {cycle}", "a ruleset cannot extend itself", *extends_at[:2]
            )
        base, base_where, _ = _resolve(parent, chain, extends_at)
        parent_name = str(base.pop("name"))
        base.pop("description")
        for own in ("name", "description"):  # never inherited: nor are their places
            base_where.pop((own,), None)
        _overlay(base, base_where, data, where)
        base_where[()] = where[()]
        data, where = base, base_where
    data.setdefault("name", file.stem)
    data.setdefault("description", default_description(parent_name))
    return data, where, extends or ""


def _overlay(base: dict, base_where: Where, top: dict, top_where: Where, path: KeyPath = ()):
    """Writes ``top`` over ``base``: mappings merge key by key, anything else replaces,
    and ``base_where`` follows so that each value keeps the place it was written.  The
    work is the size of the two, whatever either holds."""
    for key, value in top.items():
        key_path = (*path, key)
        if isinstance(value, dict) and isinstance(base.get(key), dict):
            _overlay(base[key], base_where, value, top_where, key_path)
        else:
            for old in _places(base.get(key), key_path):
                del base_where[old]
            base[key] = value
            base_where.update((new, top_where[new]) for new in _places(value, key_path))
        base_where[key_path] = top_where[key_path]


def _places(value: object, path: KeyPath) -> Iterator[KeyPath]:
    """The key path of every key and list item inside ``value``, which is at ``path``:
    those that a ``Where`` holds a place for."""
    if isinstance(value, dict):
        inside: Iterable[tuple[str | int, object]] = value.items()
    elif isinstance(value, list):
        inside = enumerate(value)
    else:
        return
    for key, item in inside:
        yield (*path, key)
        yield from _places(item, (*path, key))


def _read(file: _RulesetFile, depth: int, asked_at: Location | None) -> tuple[dict, Where]:
    """One file's own settings as plain data, with the line of every key and list item."""
    check_key = _key_check(file.shown, depth)
    try:
        root = (
            compose_yaml(file.path.read_text(encoding="utf-8"), _WHAT, check_key)
            if file.builtin
            else read_yaml_file(file.path, _WHAT, check_key)
        )
    except UnreadableFile as error:
        allowed = "give a built-in name or the path of a ruleset .yaml file"
        if asked_at:
            raise RulesetError(f"extends {file.shown!r}: {error}", allowed, *asked_at[:2]) from None
        raise RulesetError(str(error), allowed, file.shown) from None
    except YAMLFileError as error:
        raise RulesetError(error.problem, error.advice, file.shown, error.line) from None
    if root is None or (root.tag.endswith(":null") and not root.value):
        raise RulesetError(
            "the file is empty", "a ruleset is a mapping such as 'extends: standard'", file.shown, 1
        )
    where: Where = {(): Location(file.shown, root.start_mark.line + 1, depth)}
    data = _plain(root, (), where, file.shown, depth)
    if not isinstance(data, dict):
        raise RulesetError(
            f"the file holds {as_written(data)}, not a mapping of settings",
            "write 'key: value' lines such as 'extends: standard'",
            file.shown,
            root.start_mark.line + 1,
        )
    return data, where


_WHAT = "a ruleset"  # what the file is, in the YAML reader's refusals
_MAX_NESTING = 4  # rulesets nest three levels at most: markers.cards.0
_MAX_CHAIN = 20  # files extending files: far more than any table needs


def _key_check(file: str, depth: int) -> KeyCheck:
    """Refuses a key as soon as it is read, with its line: one that is not a setting
    of the mapping it is in, or one written twice.  A file of a hundred thousand keys
    ends at its first mistake, not after it has been read whole."""

    def check(path: KeyPath, key_node: yaml.Node, mapping: yaml.MappingNode) -> None:
        section = section_at(path)
        if section is None:  # a mapping where a value belongs: refused as that value
            return
        line = key_node.start_mark.line + 1
        key = _key(key_node, path, file, depth)
        refusal = key_refusal(section, path, key)
        if refusal:
            raise RulesetError(*refusal, file, line)
        for earlier, _ in mapping.value:  # settings only, so a handful
            if earlier.value == key:
                inside = f" in {dotted(path)}" if path else ""
                first = f"first on line {earlier.start_mark.line + 1}"
                raise RulesetError(f"key {key!r} appears twice{inside}", first, file, line)

    return check


def _key(node: yaml.Node, path: KeyPath, file: str, depth: int) -> str:
    key = _plain(node, path, {}, file, depth)
    if not isinstance(key, str):
        line = node.start_mark.line + 1
        raise RulesetError(f"key {as_written(key)} is not a setting name", "", file, line)
    return key


def _plain(node: yaml.Node, path: KeyPath, where: Where, file: str, depth: int) -> object:
    """A node as plain Python data; records the line of each key and list item.  Keys
    of settings were checked as they were read (``_key_check``)."""
    import yaml

    line = node.start_mark.line + 1
    if len(path) > _MAX_NESTING:
        raise RulesetError(f"{dotted(path)} is nested too deeply", "", file, line)
    if isinstance(node, yaml.MappingNode):
        mapping: dict = {}
        for key_node, value_node in node.value:
            key = _key(key_node, path, file, depth)
            where[(*path, key)] = Location(file, key_node.start_mark.line + 1, depth)
            mapping[key] = _plain(value_node, (*path, key), where, file, depth)
        return mapping
    if isinstance(node, yaml.SequenceNode):
        items = []
        for position, item in enumerate(node.value):
            where[(*path, position)] = Location(file, item.start_mark.line + 1, depth)
            items.append(_plain(item, (*path, position), where, file, depth))
        return items
    try:
        value = scalar_value(node)
    except YAMLFileError as error:
        raise RulesetError(f"{dotted(path)}: {error.problem}", error.advice, file, line) from None
    if isinstance(value, int) and re.fullmatch(r"[-+]?0[0-9_]+", node.value):
        raise RulesetError(
            f"{dotted(path)} is written {node.value}, which YAML reads as an octal number",
            f"write it without the leading zero: {int(node.value.replace('_', ''), 10)}",
            file,
            line,
        )
    return value
