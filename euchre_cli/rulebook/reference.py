"""The rules reference: ``docs/rules.md``, which every rule number cited in help
texts, templates and rulesets (R1 to R17) points at, shipped inside the package."""

from __future__ import annotations

import re

REFERENCE_FILE = "docs/rules.md"  # where it lives in the source tree


def reference_text() -> str:
    """The whole reference, from the installed package or the source tree (the
    package ``euchre_cli.docs`` exists only once setuptools maps ``docs/`` to it)."""
    from importlib import resources
    from pathlib import Path

    try:
        folder = resources.files("euchre_cli.docs")
    except ModuleNotFoundError:
        folder = Path(__file__).resolve().parents[2] / "docs"
    return (folder / "rules.md").read_text(encoding="utf-8")


def rule_sections(text: str) -> dict[str, str]:
    """Each rule's section by its number, ``"R8"``, heading included."""
    parts = re.split(r"^(?=## R\d+ )", text, flags=re.M)
    return {re.match(r"## (R\d+) ", part).group(1): part.strip() for part in parts[1:]}


def rule_number(asked: str) -> str:
    """``R8`` for ``R8``, ``r8`` or ``8``; ValueError for anything else."""
    found = re.fullmatch(r"\s*[Rr]?(\d{1,2})\s*", asked)
    if not found:
        raise ValueError(f"'{asked}' is not a rule number")
    return f"R{int(found.group(1))}"
