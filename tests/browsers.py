"""What the browser tests share (the score page's and the table's): Playwright and
Debian's Chromium, or the module skipped saying why (failed under CI, which installs
both), and Chromium launched as they run it."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from contextlib import contextmanager

import pytest


def _missing(reason: str) -> None:
    """Skip the importing test module where the browser cannot run; CI installs both,
    so there a missing one fails the run instead of passing it untested."""
    if os.environ.get("CI"):
        pytest.fail(f"CI must run the browser tests: {reason}", pytrace=False)
    pytest.skip(reason, allow_module_level=True)


try:
    from playwright import sync_api
except ImportError:
    _missing("Playwright is not installed: pip install -e '.[test]'")
CHROMIUM = shutil.which("chromium")
if CHROMIUM is None:
    _missing(
        "no Chromium on PATH: the browser tests need Debian's chromium package"
        " (apt-get install chromium); Playwright's own browser download is not used"
    )
expect = sync_api.expect


@contextmanager
def chromium() -> Iterator[object]:
    """Debian's Chromium, headless, for one test module's pages."""
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(
            executable_path=CHROMIUM,
            args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
        )
        yield launched
        launched.close()
