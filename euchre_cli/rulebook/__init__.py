"""Rulesets from YAML: the built-in ones, a table's house rules with ``extends``, and
the one-line ``file:line`` errors that point at a mistake (``load.py``,
``validate.py``), read by the one YAML reader, which the settings file uses too
(``yamlfile.py``).  The ruleset itself is the engine's ``Ruleset`` value."""

from .load import builtin_names, builtin_rulesets, load_ruleset
from .validate import (
    RulesetError,
    ruleset_from_dict,
    ruleset_to_dict,
    setting_help,
    setting_range,
)

__all__ = [
    "RulesetError",
    "builtin_names",
    "builtin_rulesets",
    "load_ruleset",
    "ruleset_from_dict",
    "ruleset_to_dict",
    "setting_help",
    "setting_range",
]
