"""``euchre config``: the settings file's keys, listed, got, set and unset.

Each value is checked by the option it stands for, in the first command that takes
it (``cli/settings.py``); a file broken by hand is refused with its line, before ``set``
or ``unset`` would write over it."""

from __future__ import annotations

import os

import click

from ..cli.errors import ListingGroup
from ..cli.settings import (
    DEFAULTS_FOR,
    SETTINGS,
    SETTINGS_FILE,
    Entry,
    Setting,
    as_text,
    checked,
    default_text,
    read_settings,
    setting_named,
    settings_path,
    value_in_file,
    write_settings,
)
from ..terminal.settings_report import settings_table
from ..terminal.text import say
from .euchre import main as euchre

_KEYS = "\n".join(f"  {setting.key:<18}{setting.about}" for setting in SETTINGS.values())
_HELP = (
    f"{DEFAULTS_FOR[:1].upper()}{DEFAULTS_FOR[1:]}, kept in {SETTINGS_FILE} in your config"
    " folder, or in $EUCHRE_HOME when it is set ('euchre config list' names the file)."
    "  An option given on the command line wins over them."
)


@click.group(cls=ListingGroup, help=_HELP, epilog=f"The keys:\n\n\b\n{_KEYS}")
def config() -> None:
    """The settings file (its help, ``_HELP``, is built from ``SETTINGS``)."""


@config.command("list")
def list_settings() -> None:
    """Every key, the value in effect and where it comes from."""
    path = settings_path()
    entries = read_settings(path)
    rows = [(setting.key, *_in_effect(setting, entries, path)) for setting in SETTINGS.values()]
    say(settings_table(rows))
    say(f"The file: {path} (an option given on the command line wins)")


@config.command("get")
@click.argument("key")
def get_setting(key: str) -> None:
    """The value of KEY in effect: the file's, or else the default."""
    setting = setting_named(key)
    path = settings_path()
    value, _ = _in_effect(setting, read_settings(path), path)
    say(value)


@config.command("set", context_settings={"ignore_unknown_options": True})
@click.argument("key")
@click.argument("value")
def set_setting(key: str, value: str) -> None:
    """Set KEY to VALUE, checked as the command-line option checks it.  A ruleset
    file is kept as its full path."""
    setting = setting_named(key)
    path = settings_path()
    texts = {known: entry.text for known, entry in read_settings(path).items()}
    texts[key] = as_text(checked(setting, value, _command(setting), os.getcwd()))
    write_settings(path, texts)
    say(f"{key}: {texts[key]} (in {path})")


@config.command("unset")
@click.argument("key")
def unset_setting(key: str) -> None:
    """Take KEY out of the file: the option's default applies again."""
    setting = setting_named(key)
    path = settings_path()
    texts = {known: entry.text for known, entry in read_settings(path).items()}
    default = default_text(setting, _command(setting))
    if texts.pop(key, None) is None:
        say(f"{key} is not set: it is the default, {default}.")
        return
    write_settings(path, texts)
    say(f"{key} unset: the default, {default}, from now on.")


def _command(setting: Setting) -> click.Command:
    """The first command that takes the setting: its option checks the value."""
    context = click.get_current_context()
    command = euchre.get_command(context, setting.commands[0])
    assert command is not None, setting.commands[0]
    return command


def _in_effect(setting: Setting, entries: dict[str, Entry], path: str) -> tuple[str, str]:
    """The value a game would use, and where it comes from: a line of the file, or
    the default."""
    command = _command(setting)
    entry = entries.get(setting.key)
    if entry is None:
        return default_text(setting, command), "default"
    return as_text(value_in_file(setting, entry, command, path)), f"line {entry.line}"
