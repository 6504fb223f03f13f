"""``euchre score serve``: the score sheet for every phone at the table, live.

Thin: the server is ``euchre_cli.serve`` (imported here only when it runs, with
Starlette and uvicorn, so that the other score commands start as quickly as before)."""

from __future__ import annotations

import click

from ..cli.options import WholeNumber, ascii_wanted, with_db
from ..cli.places import book_path
from ..cli.session import session
from ..terminal.text import say

DEFAULT_PORT = 8000
EXTRA = "pip install 'euchre-suite[serve]'"


@click.command()
@click.argument("name", required=False)
@click.option(
    "--port",
    type=WholeNumber(0, 65535),
    default=DEFAULT_PORT,
    show_default=True,
    help="The port to listen on; 0 takes a free one.",
)
@click.option("--host", metavar="ADDR", help="The address to listen on [default: 127.0.0.1].")
@click.option("--lan", is_flag=True, help="Listen on the local network, for the phones.")
@click.option(
    "--code",
    "given_code",
    metavar="CODE",
    help="The table code [default: the one the sheet was last served with, else drawn].",
)
@click.option(
    "--new-code", "draw_new", is_flag=True, help="Draw a new table code (the phones ask again)."
)
@click.option("--ascii", "plain", is_flag=True, help="Draw the QR code in plain ASCII.")
@with_db
def serve(
    name: str | None,
    port: int,
    host: str | None,
    lan: bool,
    given_code: str | None,
    draw_new: bool,
    plain: bool,
    db: str | None,
) -> None:
    """Serve the score to the phones at the table.

    Sheet NAME (the current sheet without it), as a page that follows it live and a
    JSON API.  Only this machine can reach it unless --lan.  Anyone who reaches it can read the
    sheet; entering hands needs the table code printed at start (in the QR code's
    link), the one the sheet was last served with unless --new-code.  Ctrl-C stops it."""
    from ..serve.code import BadCode, checked_code, code_to_serve

    if lan and host is not None:
        raise click.UsageError("give --lan or --host ADDR, not both")
    if host is not None and not host.strip():  # "" would listen on every address
        raise click.BadParameter("needs an address, as 192.168.1.20", param_hint="'--host'")
    if given_code is not None and draw_new:
        raise click.UsageError("give --code CODE or --new-code, not both")
    try:
        given = checked_code(given_code) if given_code is not None else None
    except BadCode as problem:
        raise click.BadParameter(str(problem), param_hint="'--code'") from None
    missing = [name for name in ("starlette", "uvicorn", "segno") if not _installed(name)]
    if missing:
        raise click.ClickException(
            f"the scoreboard needs Starlette, uvicorn and segno ({', '.join(missing)}"
            f" missing): {EXTRA}"
        )
    from ..serve import run as serving
    from ..serve.scoreboard import make_app
    from ..serve.qr import qr_text

    with session(db) as book:  # the code is kept with the sheet, for the next time
        sheet = book.sheet(name)
        code = code_to_serve(given, book.table_code(sheet), draw_new)
        book.keep_table_code(sheet, code)
    served = sheet.name
    listen_on = "0.0.0.0" if lan else host or serving.LOOPBACK
    try:
        shown = serving.lan_address() if listen_on in serving.ANY_ADDRESS else listen_on
        listener = serving.listening_socket(listen_on, port)
    except serving.ListenError as problem:
        raise click.ClickException(str(problem)) from None
    app = make_app(book_path(db), served, code, serving.host_names(listen_on, shown))
    url = serving.address_url(listener, shown)
    say(f"Serving sheet {served} at {url}")
    say(f"Table code: {code} (entering hands needs it; reading the sheet does not)")
    if serving.is_loopback(shown):  # a QR code of it would take a phone nowhere
        say("Only this machine can reach it: to let the phones join, serve with --lan.")
    else:
        say(qr_text(f"{url}#code={code}", ascii_wanted(plain)))
        say("Scan it to join with the code.")
    say("Ctrl-C stops the server.")
    try:
        serving.serve_forever(app, listener, app.state.hub.close)
    except KeyboardInterrupt:  # uvicorn raises the signal again once it has stopped
        pass
    finally:
        listener.close()
    say(f"Stopped serving sheet {served}.")  # also where Ctrl-C was ignored, as in `cmd &`


def _installed(module: str) -> bool:
    """Whether ``module`` can be imported (found, not imported: that is for later)."""
    import importlib.util

    try:
        return importlib.util.find_spec(module) is not None
    except ValueError:  # in sys.modules as None: taken away on purpose
        return False
