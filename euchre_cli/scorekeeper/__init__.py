"""The scorekeeper for games played with real cards: score sheets (``sheet.py``), their
entries (``entries.py``) and what they add up to (``tally.py``), all pure, and the
SQLite book that keeps them (``store.py``)."""
