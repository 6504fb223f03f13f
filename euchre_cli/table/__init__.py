"""The table for friends: seats that people join with a secret key and the computer
fills, and the game they sit at, moved on one decision at a time by whoever serves
it, each seat shown only what its player may see, the game kept in the book as it
goes.

No web, no Click, no asyncio: ``seats.py`` (who sits where), ``views.py`` (what one
seat may see, as JSON-ready values), ``table.py`` (the ``Table`` that owns the game).
``serve/`` answers HTTP with it; a terminal could sit at it too.
"""
