"""Shared pytest fixtures."""

from __future__ import annotations

import os
import textwrap
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from euchre_cli.book import NO_SYNC


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """``-n auto`` (pyproject.toml): a worker per core and one more, since many tests
    spend much of their time waiting on a ``euchre`` process or a browser (on two
    cores three workers ran the waiting files in 93% of two's time)."""
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        cores = os.cpu_count() or 1
    return cores + 1


@pytest.fixture
def write_yaml(tmp_path: Path) -> Callable[[str, str], Path]:
    """Writes dedented text to a file under ``tmp_path`` (line 1 is the first line of
    text, so tests can name exact line numbers) and returns its path."""

    def write(relative: str, text: str) -> Path:
        path = tmp_path / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
        return path

    return write


@pytest.fixture(scope="session", autouse=True)
def throwaway_books() -> Iterator[None]:
    """Every book a test writes is thrown away after: its commits (one a move) are not
    waited for on the disk, in the test's process and the ``euchre`` it starts (a
    killed one still loses none).  For the whole session, so that a module's fixture
    that plays its games before any test's own fixtures has it too."""
    with pytest.MonkeyPatch.context() as session:
        session.setenv(NO_SYNC, "1")
        yield


@pytest.fixture(autouse=True)
def own_book(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every test keeps its games and sheets in a book of its own, never the user's."""
    monkeypatch.setenv("EUCHRE_HOME", str(tmp_path / "euchre-home"))
