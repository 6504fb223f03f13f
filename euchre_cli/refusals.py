"""What the library refuses a user, in one line, and what to type next.

Every front end (a command at the terminal, the web scoreboard, a script using the
library) says a refusal the same way: its message, then its ``next_step`` where it
has one.  Each kind of refusal carries its own next step, so that a front end needs
to know none of the kinds, and a command that only reads the games kept loads
nothing of the scorekeeper to say a refusal.  The lowest floor: the standard library
only, so that the engine, the book and every store can refuse through it.
"""

from __future__ import annotations


class Refusal(Exception):
    """Something the library will not do for the user: a name it will not take, a
    ruleset or book it cannot use, a sheet or game it does not hold.  ``str()`` is
    one line; ``next_step`` follows it (": start one with 'euchre score new'")."""

    next_step = ""


def refusal_line(error: Refusal) -> str:
    """The refusal as every front end says it: its line, then what to do next."""
    return f"{error}{error.next_step}"
