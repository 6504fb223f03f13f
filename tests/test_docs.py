"""The README and the pages of docs/: every ``euchre`` command they show names a real
command with options it takes, and every page they link to is there.  The commands are
parsed, not run."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import click
import pytest

from euchre_cli.commands.euchre import main

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", ROOT / "CONTRIBUTING.md", *sorted((ROOT / "docs").glob("*.md"))]


def shown_commands() -> list[tuple[str, str]]:
    """(page, command line) for each line of a code block that runs ``euchre``: a
    shell block's lines, and an example's ``$ euchre ...`` line."""
    shown = []
    for page in PAGES:
        for language, block in re.findall(r"```(\w*)\n(.*?)```", page.read_text("utf-8"), re.S):
            for line in block.splitlines():
                prompted = line.startswith("$ euchre ")
                if prompted or (language == "sh" and line.startswith("euchre ")):
                    shown.append((page.name, line.removeprefix("$ ")))
    return shown


def parsed(line: str) -> tuple[click.Command, list[str]]:
    """The command a line runs, and the words it leaves over: its options are read as
    Click reads them (an unknown one raises) but not converted, so that nothing is
    opened or checked against this machine."""
    command: click.Command = main
    args = shlex.split(line, comments=True)[1:]
    context = None
    while True:
        context = command.context_class(
            command, info_name=command.name, parent=context, **command.context_settings
        )
        _, rest, _ = command.make_parser(context).parse_args(args=args)
        if not isinstance(command, click.Group) or not rest:
            return command, rest
        _, command, args = command.resolve_command(context, rest)


COMMANDS = shown_commands()


def test_the_pages_show_commands() -> None:
    """The pages' commands are found: the README's sections show at least thirty."""
    assert sum(page == "README.md" for page, _ in COMMANDS) >= 30


@pytest.mark.parametrize(
    ("page", "line"),
    COMMANDS,
    ids=[f"{page}: {shlex.join(shlex.split(line, comments=True))}" for page, line in COMMANDS],
)
def test_a_command_shown_is_a_command_with_those_options(page: str, line: str) -> None:
    command, left_over = parsed(line)
    assert left_over == []
    assert not isinstance(command, click.Group) or command.invoke_without_command


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.name)
def test_every_page_linked_is_there(page: Path) -> None:
    text = page.read_text("utf-8")
    links = re.findall(r"\]\(([^)#:]+)(?:#[^)]*)?\)", text)
    assert [link for link in links if not (page.parent / link).exists()] == []


def test_the_readme_says_what_the_browser_tests_need_and_that_they_skip() -> None:
    """What tests/browsers.py skips the browser tests without, in its own words."""
    page_tests = (ROOT / "tests" / "browsers.py").read_text("utf-8")
    needs = re.search(r"\((apt-get install \w+)\)", page_tests)
    assert needs is not None
    readme = " ".join((ROOT / "README.md").read_text("utf-8").split())
    assert f"`{needs.group(1)}`" in readme
    assert re.search(r"browser tests[^.]*skip", readme)
