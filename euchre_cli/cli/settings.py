"""The settings file: the defaults a person would otherwise type at every game
(``level: medium``, ``delay: 0.3``), kept in ``settings.yaml`` in the user's config
folder, or in ``$EUCHRE_HOME`` (``places.config_folder``).

Each key gives its default to one option of some game commands, and an option given
on the command line wins.  A value is kept as text and read as the command line
reads it: the option's own Click type and callback check it (a ruleset must load,
and computer players must be able to play it), whether ``euchre config set`` writes
it or a game command reads it, so the file accepts exactly what the options do.
Only the game commands and ``config`` import this module, and it imports YAML only
to read or write the file: the scorekeeper's commands start without either.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, partial, wraps
from typing import TYPE_CHECKING, Any, NamedTuple

import click
from click.core import ParameterSource

from ..book import write_whole
from ..engine.names import did_you_mean
from ..limits import UnreadableFile
from ..terminal.pace import PLAYING_PAUSE, WATCHING_PAUSE
from .options import rules_to_play
from .places import config_folder

if TYPE_CHECKING:
    import yaml

    from ..rulebook.yamlfile import KeyPath

SETTINGS_FILE = "settings.yaml"
_GAMES = ("play", "cutthroat", "two-handed")
_NULL_TAG = "tag:yaml.org,2002:null"
_STRING_TAG = "tag:yaml.org,2002:str"


@dataclass(frozen=True)
class Setting:
    """A key of the settings file: the option it gives a default to, in which
    commands (the first one's option checks the value)."""

    key: str
    option: str  # the parameter's name: "level" for --level
    commands: tuple[str, ...]
    about: str
    default_words: str = ""  # the default, where the option decides it only in a game
    ruleset: bool = False  # names a ruleset, which must load and be playable
    own_players: bool = False  # ... with the command's own number of players


SETTINGS: dict[str, Setting] = {
    setting.key: setting
    for setting in (
        Setting("name", "name", (*_GAMES, "host", "join"), "your name at the table"),
        Setting("level", "level", _GAMES, "how well the computer plays"),
        Setting(
            "delay",
            "delay",
            (*_GAMES, "resume"),
            "seconds between computer turns on a terminal",
            default_words=f"{PLAYING_PAUSE:g} on a terminal, {WATCHING_PAUSE:g} watching",
        ),
        Setting("hints", "hints", (*_GAMES, "resume"), "the hard player's advice at each decision"),
        Setting("rules", "rules", ("play",), "euchre play's ruleset", ruleset=True),
        Setting(
            "cutthroat.rules",
            "rules",
            ("cutthroat",),
            "euchre cutthroat's ruleset (three players)",
            ruleset=True,
            own_players=True,
        ),
        Setting(
            "two-handed.rules",
            "rules",
            ("two-handed",),
            "euchre two-handed's ruleset (two players)",
            ruleset=True,
            own_players=True,
        ),
        Setting(
            "hand-order",
            "hand_order",
            (*_GAMES, "resume"),
            "how your hand is shown and numbered (sorted, dealt, suit)",
        ),
        Setting(
            "auto-play", "auto_play", (*_GAMES, "resume"), "your only legal card played for you"
        ),
        Setting(
            "ask-defend-alone",
            "ask_defend_alone",
            (*_GAMES, "resume"),
            "whether to defend alone asked, when your hand has a hope",
        ),
    )
}

# The commands that take a default from the file, in the order the keys name them
_READERS = list(dict.fromkeys(name for setting in SETTINGS.values() for name in setting.commands))
DEFAULTS_FOR = f"defaults for euchre {', '.join(_READERS[:-1])} and {_READERS[-1]}"
"""What the file holds, in words: "defaults for euchre play, ... and resume"."""
_HEADER = (
    f"# euchre settings: {DEFAULTS_FOR};\n"
    "# an option given on the command line wins.  `euchre config list` shows them all.\n"
)


class SettingsError(click.ClickException):
    """A settings file or value that cannot be used: one line, with the file and line
    where there is one, and exit status 2, as for a bad option."""

    exit_code = 2


class Entry(NamedTuple):
    """A key's value as written in the file (quotes aside), and its line."""

    text: str
    line: int


def settings_path() -> str:
    return os.path.join(config_folder(), SETTINGS_FILE)


def setting_named(key: str) -> Setting:
    """The setting ``key`` names; an unknown key is refused with the closest one."""
    if key in SETTINGS:
        return SETTINGS[key]
    raise SettingsError(_unknown_key(key))


def _unknown_key(key: str) -> str:
    hint = did_you_mean(key, list(SETTINGS)) or f"the keys: {', '.join(SETTINGS)}"
    return f"unknown key {key!r} ({hint})"


def read_settings(path: str) -> dict[str, Entry]:
    """The file's keys and their values as written, or none when there is no file.
    A file that is not YAML, not ``key: value`` lines, or that holds an unknown key,
    is refused, with its line."""
    from ..rulebook.yamlfile import YAMLFileError, read_yaml_file  # only here, with YAML

    try:
        root = read_yaml_file(path, "a settings file", partial(_check_key, path))
    except UnreadableFile as error:
        if error.missing:
            return {}
        raise SettingsError(f"{path}: {error}") from None
    except YAMLFileError as error:
        where = f"{path}:{error.line}" if error.line else path
        advice = error.advice or "write 'key: value' lines"
        raise SettingsError(f"{where}: {error.problem} ({advice})") from None
    import yaml  # only here: the scorekeeper's commands never read this file

    if root is None or (root.tag == _NULL_TAG and not root.value):  # empty, or comments
        return {}
    if not isinstance(root, yaml.MappingNode):
        raise SettingsError(
            f"{path}:{root.start_mark.line + 1}: not 'key: value' lines"
            f" (the keys: {', '.join(SETTINGS)})"
        )
    entries: dict[str, Entry] = {}
    for key_node, value_node in root.value:
        line = key_node.start_mark.line + 1
        key = key_node.value  # a setting's, set once (``_check_key``)
        if not isinstance(value_node, yaml.ScalarNode) or value_node.tag == _NULL_TAG:
            raise SettingsError(
                f"{path}:{line}: {key} needs one value after the colon (or remove the line)"
            )
        entries[key] = Entry(value_node.value, line)
    return entries


def _check_key(
    path: str, within: KeyPath, key_node: yaml.Node, mapping: yaml.MappingNode
) -> None:
    """Refuses an unknown key, or one set twice, as soon as it is read: a file of a
    hundred thousand keys ends at its first mistake, not after it has been read."""
    if within:  # a value that is a mapping: refused as a value, once read
        return
    line = key_node.start_mark.line + 1
    key = key_node.value if isinstance(key_node.value, str) else "..."
    if key not in SETTINGS:
        raise SettingsError(f"{path}:{line}: {_unknown_key(key)}")
    for earlier, _ in mapping.value:  # settings only, so a handful
        if earlier.value == key:
            first = earlier.start_mark.line + 1
            raise SettingsError(f"{path}:{line}: {key} is set twice (first on line {first})")


def checked(setting: Setting, text: str, command: click.Command, folder: str) -> Any:
    """``text`` as ``command``'s option takes it on the command line; a ruleset's file
    is found from ``folder``, and kept as its full path.  Refused in one line, naming
    the key and what is allowed."""
    option = _option(command, setting.option)
    context = click.Context(command, info_name=command.name)
    try:
        value = option.type_cast_value(context, text)
        if option.callback is not None:
            value = option.callback(context, option, value)
    except click.BadParameter as error:
        raise SettingsError(f"{setting.key}: {_refusal(error, option.type, text)}") from None
    if setting.ruleset:
        value = _playable_ruleset(setting, value, command, folder)
    return value


def _option(command: click.Command, name: str) -> click.Parameter:
    return next(param for param in command.params if param.name == name)


def _refusal(error: click.BadParameter, kind: click.ParamType, text: str) -> str:
    """Click's reason, with what it leaves out: the range of a number (a choice's
    reason lists the choices).  A yes or no gets words of its own: Click's list of
    the words it takes starts with an empty one."""
    if isinstance(kind, click.types.BoolParamType):
        return f"{text!r} is not true or false (nor yes, no, on, off, 1 or 0)"
    reason = error.message.rstrip(".")
    if isinstance(kind, click.FloatRange) and kind.min is not None and kind.max is not None:
        reason += f" (allowed: a number from {kind.min:g} to {kind.max:g})"
    return reason


def _playable_ruleset(setting: Setting, reference: str, command: click.Command, folder: str) -> str:
    """A built-in name as it is, or a file's full path; either must load and be
    playable by computer players, with the command's own number of players for
    ``cutthroat`` and ``two-handed`` (as their ``--rules`` checks)."""
    from ..rulebook import builtin_names, load_ruleset

    reference = os.path.expanduser(reference)
    looks_like_path = (
        os.sep in reference or "/" in reference or reference.endswith((".yaml", ".yml"))
    )
    found = looks_like_path or (reference and os.path.exists(os.path.join(folder, reference)))
    if reference not in builtin_names() and found:  # as load_ruleset tells a file from a name
        reference = os.path.normpath(os.path.join(folder, reference))
    ruleset = rules_to_play(reference, given_as=f"{setting.key}:")
    if setting.own_players:
        own = load_ruleset(_option(command, setting.option).get_default(click.Context(command)))
        if ruleset.players != own.players:
            raise SettingsError(
                f"{setting.key}: {reference} is a {ruleset.players}-player ruleset, and"
                f" `euchre {command.name}` plays {own.players} (`euchre play` plays any:"
                " its key is rules)"
            )
    return reference


def value_in_file(setting: Setting, entry: Entry, command: click.Command, path: str) -> Any:
    """The file's value for ``setting``, checked; refused with the file and line."""
    try:
        return checked(setting, entry.text, command, os.path.dirname(path))
    except click.ClickException as error:  # ours, or BadRules from the ruleset
        raise SettingsError(f"{path}:{entry.line}: {error.message}") from None


def default_text(setting: Setting, command: click.Command) -> str:
    """The value a key has when the file does not set it: the option's default."""
    if setting.default_words:
        return setting.default_words
    return as_text(_option(command, setting.option).get_default(click.Context(command)))


def as_text(value: Any) -> str:
    """A value as the command line and the file write it: ``true``, ``0.3``, ``Pat``."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def with_settings(callback: Callable[..., None]) -> Callable[..., None]:
    """A game command's callback, given the settings file's value for each option
    that the command line left at its default."""

    @wraps(callback)
    def given_settings(**params: Any) -> None:
        callback(**{**params, **settings_for(click.get_current_context())})

    return given_settings


def settings_for(context: click.Context) -> dict[str, Any]:
    """The file's values for the command running in ``context``, by parameter name,
    for the options not given on the command line.  The file's form and every value
    the command uses are checked; a problem stops it, with the file and line."""
    path = settings_path()
    values = {}
    for key, entry in read_settings(path).items():
        setting = SETTINGS[key]
        if context.command.name not in setting.commands:
            continue
        if context.get_parameter_source(setting.option) is not ParameterSource.DEFAULT:
            continue  # the command line wins
        values[setting.option] = value_in_file(setting, entry, context.command, path)
    return values


def write_settings(path: str, texts: dict[str, str]) -> None:
    """The file with each key of ``texts`` set to its text, in the order of
    ``SETTINGS``: written to a temporary file beside it, then moved over it, so that
    a crash or a full disk leaves the old file or the new one, never half of one."""
    import yaml

    values = {key: texts[key] for key in SETTINGS if key in texts}
    body = (
        yaml.dump(values, Dumper=_text_dumper(), sort_keys=False, allow_unicode=True)
        if values
        else ""
    )
    folder = os.path.dirname(path)
    try:
        os.makedirs(folder, exist_ok=True)
        write_whole(path, lambda file: file.write((_HEADER + body).encode()), ".settings-")
    except OSError as error:
        raise click.ClickException(f"cannot write {path}: {error.strerror or error}") from None


@cache
def _text_dumper() -> type:
    """A YAML dumper that writes each value plain where YAML allows (``delay: 0.3``,
    not ``'0.3'``): the file is read as text, whatever type YAML would give it.  Only
    a value YAML would read as null (``~``) is quoted, since null means no value."""
    import yaml

    class TextDumper(yaml.SafeDumper):
        pass

    def plain(dumper: yaml.SafeDumper, text: str) -> yaml.ScalarNode:
        tag = dumper.resolve(yaml.ScalarNode, text, (True, False))
        return dumper.represent_scalar(_STRING_TAG if tag == _NULL_TAG else tag, text)

    TextDumper.add_representer(str, plain)
    return TextDumper
