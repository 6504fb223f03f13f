"""The score page's shipped files, read as text (no browser): nothing is fetched from
outside (tables often have no internet), every file the page names is shipped, the
scripts never turn text into markup (a name from the book is only ever text), and
ESLint passes them."""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

import pytest

import euchre_cli

ROOT = Path(__file__).resolve().parent.parent
ESLINT = ROOT / "node_modules" / ".bin" / "eslint"  # package.json's, after `npm ci`
STATIC = Path(euchre_cli.__file__).parent / "serve" / "static"
PAGE = (STATIC / "index.html").read_text(encoding="utf-8")
# Each page the servers serve, and the module it starts: the scoreboard's, the table's
PAGES = {"index.html": "main.js", "table.html": "table.js"}
SCRIPTS = {path.name: path.read_text(encoding="utf-8") for path in STATIC.glob("*.js")}
IMPORTED = re.compile(r'^(?:import|export)\b[^;]*?\bfrom\s+"([^"]*)"', re.M)


@pytest.mark.parametrize("page", PAGES)
def test_the_page_names_only_its_own_files(page: str) -> None:
    text = (STATIC / page).read_text(encoding="utf-8")
    named = re.findall(r'(?:src|href)="([^"]*)"', text)
    assert f"/static/{PAGES[page]}" in named and "/static/app.css" in named
    assert f'<script type="module" src="/static/{PAGES[page]}"></script>' in text
    for address in named:
        assert not re.match(r"(?i)(https?:)?//", address), address  # no CDN, no internet
        if address.startswith("/static/"):
            assert (STATIC / address.removeprefix("/static/")).is_file(), address


def test_the_modules_import_only_shipped_modules_and_each_is_used() -> None:
    """Each import names a module beside it ("./stream.js": no CDN, no bare name a
    browser cannot find), and every module is reached from a page's own module,
    main.js or table.js (none left over)."""
    reached, waiting = set(), list(PAGES.values())
    while waiting:
        name = waiting.pop()
        reached.add(name)
        for imported in IMPORTED.findall(SCRIPTS[name]):
            assert re.fullmatch(r"\./[a-z]+\.js", imported), f"{name}: {imported}"
            assert imported[2:] in SCRIPTS, f"{name}: {imported} is not shipped"
            if imported[2:] not in reached:
                waiting.append(imported[2:])
    assert reached == set(SCRIPTS)


def test_the_shared_modules_know_nothing_of_the_sheet() -> None:
    """A second page (a table's game) takes the stream, the cards, the dialogs, the
    code and the API without the scoreboard's own modules."""
    shared = {"api.js", "cards.js", "code.js", "dialogs.js", "dom.js", "stream.js"}
    for name in shared:
        assert {imported[2:] for imported in IMPORTED.findall(SCRIPTS[name])} <= shared, name


def test_the_scripts_make_no_markup_from_text() -> None:
    """Text reaches the page through ``el``'s text children and ``textContent`` only."""
    for name, script in SCRIPTS.items():
        for sink in ("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval("):
            assert sink not in script, f"{name}: {sink}"
        assert "new Function" not in script, name


def test_eslint_finds_nothing_in_the_scripts() -> None:
    """eslint.config.js's rules (recommended, strict equality, const, no markup sinks)
    over every module.  ESLint comes from npm: without `npm ci` the test skips, saying
    so; under CI, which runs `npm ci`, it fails instead."""
    if not ESLINT.exists():
        reason = "ESLint is not installed: `npm ci` installs it (package.json) to check the page"
        if os.environ.get("CI"):
            pytest.fail(f"CI must run ESLint: {reason}", pytrace=False)
        pytest.skip(reason)
    static = "euchre_cli/serve/static"
    linted = subprocess.run(
        [str(ESLINT), static], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert linted.returncode == 0, linted.stdout + linted.stderr
