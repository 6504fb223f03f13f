"""The scorekeeper for games played with real cards: score sheets (``sheet.py``, pure)
and the SQLite book that keeps them (``store.py``)."""
