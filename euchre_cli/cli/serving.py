"""The options of the commands that serve a page to the phones (``score serve``,
``host``): where to listen (``--port``, ``--host``, ``--lan``), the table code
(``--code``), the QR code in ASCII (``--ascii``); the one line said when the
``[serve]`` extra is missing, and the lines that say how a phone reaches the page.

The server itself (``serve/``) stands beside ``cli/`` and is imported by the command
only when it runs."""

from __future__ import annotations

import importlib.util
from collections.abc import Callable

import click

from ..terminal.text import say
from .options import Command, WholeNumber, stacked

DEFAULT_PORT = 8000
EXTRA = "pip install 'euchre-suite[serve]'"
SERVED_WITH = ("starlette", "uvicorn", "segno")


def server_options(code_help: str) -> Callable[[Command], Command]:
    """``--port``, ``--host``, ``--lan``, ``--code`` (``given_code``, said by
    ``code_help``) and ``--ascii`` (``plain``)."""
    return stacked(
        click.option(
            "--port",
            type=WholeNumber(0, 65535),
            default=DEFAULT_PORT,
            show_default=True,
            help="The port to listen on; 0 takes a free one.",
        ),
        click.option(
            "--host",
            metavar="ADDR",
            callback=_an_address,
            help="The address to listen on [default: 127.0.0.1].",
        ),
        click.option("--lan", is_flag=True, help="Listen on the local network, for the phones."),
        click.option("--code", "given_code", metavar="CODE", help=code_help),
        click.option("--ascii", "plain", is_flag=True, help="Draw the QR code in plain ASCII."),
    )


def _an_address(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    if value is not None and not value.strip():  # "" would listen on every address
        raise click.BadParameter("needs an address, as 192.168.1.20", ctx, param)
    return value


def check_where(lan: bool, host: str | None) -> None:
    if lan and host is not None:
        raise click.UsageError("give --lan or --host ADDR, not both")


def need_serving(what: str) -> None:
    """Refuse in one line when the ``[serve]`` extra is not installed: ``what`` (the
    scoreboard, the table) needs it."""
    missing = [name for name in SERVED_WITH if not _installed(name)]
    if missing:
        raise click.ClickException(
            f"{what} needs Starlette, uvicorn and segno ({', '.join(missing)} missing): {EXTRA}"
        )


def _installed(module: str) -> bool:
    """Whether ``module`` can be imported (found, not imported: that is for later)."""
    try:
        return importlib.util.find_spec(module) is not None
    except ValueError:  # in sys.modules as None: taken away on purpose
        return False


def say_how_to_join(reachable: bool, drawn: Callable[[], str], command: str) -> None:
    """The QR code of the link (``drawn()``) where a phone can reach the address, else
    how to let it (``command`` is the command to run again, with --lan)."""
    if reachable:
        say(drawn())
        say("Scan it to join with the code.")
    else:  # a QR code of it would take a phone nowhere
        say(f"Only this machine can reach it: to let the phones join, {command} with --lan.")
