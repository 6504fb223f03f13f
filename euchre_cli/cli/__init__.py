"""What the commands share, one floor below them: the Click types and options
(``options.py``), errors on one line (``errors.py``), where the book and the settings
are (``places.py``), the book as a command opens it (``session.py``), and the settings
file (``settings.py``)."""
