"""The terminal: the table screen, a person's prompts, the keyboard and line editing,
and text for people (marker pictures, the scorekeeper's reports).  No game logic:
what it shows comes from the engine and the scorekeeper."""
