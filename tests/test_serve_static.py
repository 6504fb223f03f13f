"""The score page's shipped files, read as text (no browser): nothing is fetched from
outside (tables often have no internet), every file the page names is shipped, and
the script never turns text into markup (a name from the book is only ever text)."""

from __future__ import annotations

import re
from pathlib import Path

import euchre_cli

STATIC = Path(euchre_cli.__file__).parent / "serve" / "static"
PAGE = (STATIC / "index.html").read_text(encoding="utf-8")
SCRIPT = (STATIC / "app.js").read_text(encoding="utf-8")


def test_the_page_names_only_its_own_files() -> None:
    named = re.findall(r'(?:src|href)="([^"]*)"', PAGE)
    assert "/static/app.js" in named and "/static/app.css" in named
    for address in named:
        assert not re.match(r"(?i)(https?:)?//", address), address  # no CDN, no internet
        if address.startswith("/static/"):
            assert (STATIC / address.removeprefix("/static/")).is_file(), address


def test_the_script_makes_no_markup_from_text() -> None:
    """Text reaches the page through ``el``'s text children and ``textContent`` only."""
    for sink in ("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval("):
        assert sink not in SCRIPT, sink
    assert "new Function" not in SCRIPT
