"""Games kept as records: setup and moves (``game.py``), in the book (``store.py``)."""
