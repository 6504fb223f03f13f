"""The web layer: the table's scoreboard (``euchre score serve``) and the table for
friends (``euchre host``), two Starlette apps on one floor.

``floor.py`` is what both stand on: the security headers and the Host check, errors
as ``{"error": line}``, a body read within its limit, the table code checked with
wrong codes slowed down (``code.py`` draws and compares it), the files shipped in
``static/``, and event streams that keep only the newest event.  The scoreboard:
``sheets.py`` reads and writes the book's sheets through the scorekeeper, each request
one transaction, refused in the terminal's words; ``live.py`` watches the book and
feeds the streams; ``scoreboard.py`` is its app.  The table: ``keeper.py`` is the
thread that owns the ``table.Table`` and the game's book, paces the computer and
publishes each seat's view; ``hosting.py`` is its app; ``own_seat.py`` the host's
own seat, played at the host's terminal over the keeper.  ``run.py`` serves either
with uvicorn, and ``qr.py`` draws the address as a QR code for the terminal.  Only
``code.py``, ``run.py`` (until it serves), ``qr.py`` and ``client.py`` (a seat over
HTTP, for ``euchre join``) load without the ``[serve]`` extra.
"""
