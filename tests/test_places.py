"""Where the book and the settings live: the user's data and config folders
(platformdirs), ``$EUCHRE_HOME`` over both, and a book kept in the old place (Click's
app folder) moved once, in one line, or left where it is when it cannot be."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from euchre_cli.commands.euchre import main

TEAMS = ("--team", "Ann & Bob", "--team", "Cy & Di")


def run(*args: str) -> Result:
    return CliRunner().invoke(main, list(args))


@pytest.fixture
def folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, Path]:
    """A person's own HOME and XDG folders, in ``tmp_path``, with no $EUCHRE_HOME."""
    monkeypatch.delenv("EUCHRE_HOME")
    places = {name: tmp_path / name for name in ("home", "data", "config")}
    monkeypatch.setenv("HOME", str(places["home"]))
    monkeypatch.setenv("XDG_DATA_HOME", str(places["data"]))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(places["config"]))
    return places


def old_book(folders: dict[str, Path]) -> Path:
    """A book in the old place, ``click.get_app_dir("euchre")``, with one sheet."""
    old = folders["config"] / "euchre" / "scores.sqlite3"
    assert run("score", "new", "friday", *TEAMS, "--db", str(old)).exit_code == 0
    return old


def test_the_book_is_in_the_data_folder_and_the_settings_in_the_config_folder(
    folders: dict[str, Path], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    assert run("score", "new", *TEAMS).exit_code == 0
    assert run("config", "set", "level", "easy").exit_code == 0
    assert (folders["data"] / "euchre" / "scores.sqlite3").is_file()
    assert (folders["config"] / "euchre" / "settings.yaml").is_file()
    assert not (folders["config"] / "euchre" / "scores.sqlite3").exists()
    home = tmp_path / "euchre-home"
    monkeypatch.setenv("EUCHRE_HOME", str(home))  # over both
    assert run("score", "new", *TEAMS).exit_code == 0
    assert run("config", "set", "level", "medium").exit_code == 0
    assert sorted(path.name for path in home.iterdir()) == ["scores.sqlite3", "settings.yaml"]


def test_a_book_in_the_old_place_is_moved_once_and_says_so(folders: dict[str, Path]) -> None:
    old = old_book(folders)
    new = folders["data"] / "euchre" / "scores.sqlite3"
    first = run("score", "list")
    assert first.exit_code == 0 and "friday" in first.stdout
    assert first.stderr == (
        f"Moved the score book from {old} to {new}, where euchre keeps it now.\n"
    )
    assert new.is_file() and not old.exists()
    again = run("score", "list")
    assert again.stderr == "" and "friday" in again.stdout


def test_a_book_in_the_new_place_is_used_and_the_old_one_left_alone(
    folders: dict[str, Path],
) -> None:
    old = old_book(folders)
    before = old.read_bytes()
    new = folders["data"] / "euchre" / "scores.sqlite3"
    assert run("score", "new", "saturday", *TEAMS, "--db", str(new)).exit_code == 0
    listed = run("score", "list")
    assert listed.stderr == "" and "saturday" in listed.stdout and "friday" not in listed.stdout
    assert old.read_bytes() == before


def test_a_book_moved_across_file_systems_is_copied_whole_then_removed(
    folders: dict[str, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    old = old_book(folders)
    before = old.read_bytes()

    def across(source: str, target: str) -> None:
        raise OSError(errno.EXDEV, os.strerror(errno.EXDEV))

    monkeypatch.setattr(os, "rename", across)
    result = run("score", "list")
    assert result.exit_code == 0 and "friday" in result.stdout
    new = folders["data"] / "euchre" / "scores.sqlite3"
    assert new.read_bytes() == before and not old.exists()
    assert [path.name for path in new.parent.iterdir()] == ["scores.sqlite3"]


@pytest.mark.parametrize("why", ["a journal beside it", "no folder can be made"])
def test_a_book_that_cannot_be_moved_stays_and_is_used_there(
    folders: dict[str, Path], why: str
) -> None:
    old = old_book(folders)
    before = old.read_bytes()
    if why == "a journal beside it":  # another program's transaction, open
        Path(f"{old}-journal").write_bytes(b"")
        reason = f"another program is writing it ({old}-journal is beside it)"
    else:
        folders["data"].write_text("a file where the folder goes\n", encoding="utf-8")
        reason = f"cannot move it to {folders['data'] / 'euchre' / 'scores.sqlite3'}: "
    result = run("score", "list")
    assert result.exit_code == 0 and "friday" in result.stdout
    said = result.stderr
    assert said.startswith(f"The score book stays at {old} for now ({reason}")
    assert said.count("\n") == 1 and said.endswith(").\n")
    assert old.read_bytes() == before
