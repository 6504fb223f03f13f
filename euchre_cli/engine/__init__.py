"""The game engine: cards, rulesets, one hand as a state machine, scoring, games.

No I/O and no randomness of its own (a shuffle is an input); nothing here imports
the terminal, SQLite or Click.
"""
