"""``euchre score serve``: the score sheet for every phone at the table, live.

Thin: the server is ``euchre_cli.serve`` (imported here only when it runs, with
Starlette and uvicorn, so that the other score commands start as quickly as before)."""

from __future__ import annotations

import click

from ..cli.options import ascii_wanted, with_db
from ..cli.places import book_path
from ..cli.serving import check_where, need_serving, say_how_to_join, server_options
from ..cli.session import session
from ..terminal.text import say


@click.command()
@click.argument("name", required=False)
@server_options("The table code [default: the one the sheet was last served with, else drawn].")
@click.option(
    "--new-code", "draw_new", is_flag=True, help="Draw a new table code (the phones ask again)."
)
@with_db
def serve(
    name: str | None,
    port: int,
    host: str | None,
    lan: bool,
    given_code: str | None,
    plain: bool,
    draw_new: bool,
    db: str | None,
) -> None:
    """Serve the score to the phones at the table.

    Sheet NAME (the current sheet without it), as a page that follows it live and a
    JSON API.  Only this machine can reach it unless --lan.  Anyone who reaches it can read the
    sheet; entering hands needs the table code printed at start (in the QR code's
    link), the one the sheet was last served with unless --new-code.  Ctrl-C stops it."""
    from ..serve.code import BadCode, checked_code, code_to_serve

    check_where(lan, host)
    if given_code is not None and draw_new:
        raise click.UsageError("give --code CODE or --new-code, not both")
    try:
        given = checked_code(given_code) if given_code is not None else None
    except BadCode as problem:
        raise click.BadParameter(str(problem), param_hint="'--code'") from None
    need_serving("the scoreboard")
    from ..serve import run as serving
    from ..serve.qr import qr_text
    from ..serve.scoreboard import make_app

    with session(db) as book:  # the code is kept with the sheet, for the next time
        sheet = book.sheet(name)
        code = code_to_serve(given, book.table_code(sheet), draw_new)
        book.keep_table_code(sheet, code)
    served = sheet.name
    try:
        listening = serving.listen(lan, host, port)
    except serving.ListenError as problem:
        raise click.ClickException(str(problem)) from None
    app = make_app(book_path(db), served, code, listening.hosts)
    say(f"Serving sheet {served} at {listening.url}")
    say(f"Table code: {code} (entering hands needs it; reading the sheet does not)")
    link = f"{listening.url}#code={code}"
    say_how_to_join(listening.reachable, lambda: qr_text(link, ascii_wanted(plain)), "serve")
    say("Ctrl-C stops the server.")
    serving.run_until_stopped(app, listening, app.state.hub.close)
    say(f"Stopped serving sheet {served}.")  # also where Ctrl-C was ignored, as in `cmd &`
