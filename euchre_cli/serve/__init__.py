"""The table's scoreboard on the web (``euchre score serve``): the score sheet of the
same book, as a page for the phones at the table and a small JSON API.

``sheets.py`` reads and writes the book's sheets through the scorekeeper, each
request one transaction, refused in the terminal's words; ``code.py`` is the table code that
writes need; ``live.py`` watches the book and feeds the open event streams; ``app.py``
is the Starlette application over them; ``run.py`` serves it with uvicorn, and
``qr.py`` draws the address as a QR code for the terminal.  Only ``app.py``,
``live.py``'s streams and ``run.py`` need the ``[serve]`` extra.
"""
