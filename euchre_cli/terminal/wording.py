"""How a result and a count are said, in the words a terminal and a page both show.

No Click here, nor anything that imports it: the web scoreboard words its sheets with
these as the terminal does (``entry_words``), and ``serve/`` never loads Click.
"""

from __future__ import annotations

# Each row of the scoring table (``HandScore.row``, R8) as what the makers did;
# {defender} names the lone defender of the last two.
_ROW_WORDS = {
    "make": "made it",
    "march": "marched",
    "lone_make": "made it alone",
    "lone_march": "marched alone",
    "euchre": "got euchred",
    "lone_defender_euchre": "got euchred by {defender}",
    "lone_defender_march": "lost every trick to {defender}",
    "renege": "reneged",  # said of the side that reneged (R17)
    "renege_lone": "reneged against a lone hand",
}


def plural(count: int, word: str) -> str:
    """ "1 game", "2 games"."""
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def row_words(row: str, defender: str = "a lone defender") -> str:
    """What the makers did, in the words of a row of the scoring table: "marched
    alone", "got euchred by Cy alone"; for a renege, what the side that reneged did."""
    return _ROW_WORDS[row].format(defender=defender)


def names_the_lone_defender(row: str) -> bool:
    """Whether ``row_words`` for this row already says a lone defender beat the makers."""
    return "{defender}" in _ROW_WORDS[row]
