"""euchre: Euchre in the terminal, a scorekeeper for real tables, and house rules in YAML."""

__version__ = "0.1.0"
