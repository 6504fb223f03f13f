"""The settings file and ``euchre config``: values checked as their options check
them, the command line winning over the file, a broken file refused in one line with
its line number, and commands other than the games never reading it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from euchre_cli.cli.settings import SETTINGS, read_settings, write_settings
from euchre_cli.commands import play as cli_play
from euchre_cli.commands.euchre import main


def run(*args: str, input: str | None = None) -> Result:
    return CliRunner().invoke(main, list(args), input=input)


@pytest.fixture
def settings_file() -> Path:
    """The file in this test's own $EUCHRE_HOME (conftest.py), not written yet."""
    return Path(os.environ["EUCHRE_HOME"]) / "settings.yaml"


def one_line_error(result: Result, status: int = 2) -> str:
    """The message of a refusal that is one line and no traceback."""
    assert result.exit_code == status, result.output
    assert isinstance(result.exception, SystemExit)  # not a traceback
    assert result.output.startswith("Error: ") and result.output.count("\n") == 1, result.output
    return result.output


# The file as written and read ------------------------------------------------------


@pytest.mark.parametrize(
    "text", ["Pat", "No", "null", "~", "0.3", "true", "Pat O'Neil", "a: b", "#1", "Zoë", "[x]"]
)
def test_a_value_written_is_read_back_as_the_same_text(settings_file: Path, text: str) -> None:
    """The file is read as text, as the command line gives it: "No" stays a name (YAML
    would read a bool), "null" is not taken for no value."""
    write_settings(str(settings_file), {"name": text, "delay": "0.3"})
    entries = read_settings(str(settings_file))
    assert entries["name"].text == text and entries["delay"].text == "0.3"
    assert entries["name"].line == 3  # under the two lines of comment at the top


def test_numbers_and_yes_or_no_are_written_plain(settings_file: Path) -> None:
    write_settings(str(settings_file), {"hints": "true", "delay": "0.3", "level": "easy"})
    lines = settings_file.read_text(encoding="utf-8").splitlines()
    assert [line for line in lines if not line.startswith("#")] == [
        "level: easy",
        "delay: 0.3",
        "hints: true",
    ]


def test_no_file_and_a_file_of_comments_set_nothing(settings_file: Path) -> None:
    assert read_settings(str(settings_file)) == {}
    settings_file.parent.mkdir(parents=True)
    settings_file.write_text("# nothing yet\n", encoding="utf-8")
    assert read_settings(str(settings_file)) == {}


# euchre config ------------------------------------------------------------------------


def test_set_get_list_and_unset(settings_file: Path) -> None:
    assert run("config", "get", "level").output == "hard\n"  # the option's default
    result = run("config", "set", "level", "medium")
    assert result.exit_code == 0 and result.output == f"level: medium (in {settings_file})\n"
    assert run("config", "set", "name", "  Pat  ").exit_code == 0  # as --name: stripped
    assert run("config", "get", "level").output == "medium\n"
    assert run("config", "get", "name").output == "Pat\n"
    listed = run("config", "list")
    assert listed.exit_code == 0
    rows = {line.split()[0]: line.split()[1:] for line in listed.output.splitlines()[2:-1]}
    assert list(rows) == list(SETTINGS)
    assert rows["level"] == ["medium", "line", "4"] and rows["name"] == ["Pat", "line", "3"]
    assert rows["hints"] == ["false", "default"] and rows["rules"] == ["standard", "default"]
    assert rows["cutthroat.rules"] == ["cutthroat", "default"]
    assert str(settings_file) in listed.output.splitlines()[-1]
    assert (
        run("config", "unset", "level").output == "level unset: the default, hard, from now on.\n"
    )
    assert run("config", "get", "level").output == "hard\n"
    again = run("config", "unset", "level")
    assert again.exit_code == 0 and "not set" in again.output
    assert set(read_settings(str(settings_file))) == {"name"}


@pytest.mark.parametrize(
    ("key", "value", "says"),
    [
        ("level", "expert", "level: 'expert' is not one of 'easy', 'medium', 'hard'"),
        ("delay", "11", "delay: 11.0 is not in the range"),
        ("delay", "-1", "(allowed: a number from 0 to 10)"),
        ("delay", "nan", "delay: 'nan' is not a number of seconds"),
        ("delay", "soon", "(allowed: a number from 0 to 10)"),
        ("hints", "maybe", "hints: 'maybe' is not true or false"),
        ("hand-order", "random", "hand-order: 'random' is not one of 'sorted', 'dealt', 'suit'"),
        ("auto-play", "sometimes", "auto-play: 'sometimes' is not true or false"),
        ("name", "Ann & Bob", "name: 'Ann & Bob' holds '&'"),
        ("name", "x" * 21, "name: give a name of 1 to 20 characters"),
        ("rules", "clasic", "rules: unknown ruleset 'clasic' (did you mean 'classic'?"),
        ("rules", "missing.yaml", "missing.yaml: no such file"),
        ("cutthroat.rules", "classic", "cutthroat.rules: classic is a 4-player ruleset"),
        ("two-handed.rules", "cutthroat", "`euchre two-handed` plays 2"),
        ("levl", "easy", "unknown key 'levl' (did you mean 'level'?)"),
        ("colour", "red", "unknown key 'colour' (the keys: name, level, delay, hints, rules,"),
    ],
)
def test_set_refuses_what_the_option_refuses_in_one_line(
    settings_file: Path, key: str, value: str, says: str
) -> None:
    assert says in one_line_error(run("config", "set", key, value))
    assert not settings_file.exists()


def test_set_keeps_a_ruleset_file_by_its_full_path(
    tmp_path: Path, settings_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A relative path means the folder `set` was typed in, not the one a game is
    started from later."""
    (tmp_path / "tables").mkdir()
    house = tmp_path / "tables" / "house.yaml"
    house.write_text("extends: standard\ngame: {points_to_win: 7}\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path / "tables")
    assert run("config", "set", "rules", "house.yaml").exit_code == 0
    assert run("config", "set", "two-handed.rules", "two-handed-dummy").exit_code == 0
    assert read_settings(str(settings_file))["rules"].text == str(house)
    assert read_settings(str(settings_file))["two-handed.rules"].text == "two-handed-dummy"
    monkeypatch.chdir(tmp_path)
    assert games_started("play")[0]["rules"] == str(house)


def test_a_relative_ruleset_written_by_hand_is_found_beside_the_settings(
    settings_file: Path,
) -> None:
    settings_file.parent.mkdir(parents=True)
    (settings_file.parent / "house.yaml").write_text("extends: classic\n", encoding="utf-8")
    settings_file.write_text("rules: house.yaml\n", encoding="utf-8")
    assert run("config", "get", "rules").output == f"{settings_file.parent / 'house.yaml'}\n"


def test_set_refuses_a_broken_file_and_leaves_it_as_it_was(settings_file: Path) -> None:
    settings_file.parent.mkdir(parents=True)
    broken = "# mine\nname: Pat\nlevl: easy\n"
    settings_file.write_text(broken, encoding="utf-8")
    said = one_line_error(run("config", "set", "delay", "0.2"))
    assert f"{settings_file}:3: unknown key 'levl'" in said
    assert settings_file.read_text(encoding="utf-8") == broken


def test_a_value_broken_by_hand_is_still_unset(settings_file: Path) -> None:
    """Only the file's form must be sound to change it: a bad value can be taken out."""
    settings_file.parent.mkdir(parents=True)
    settings_file.write_text("level: expert\nname: Pat\n", encoding="utf-8")
    assert f"{settings_file}:1: level:" in one_line_error(run("config", "list"))
    assert run("config", "unset", "level").exit_code == 0
    assert run("config", "list").exit_code == 0


def test_a_write_that_fails_leaves_the_old_file_and_no_other(
    settings_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert run("config", "set", "level", "easy").exit_code == 0
    before = settings_file.read_text(encoding="utf-8")

    def full_disk(source: str, target: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", full_disk)
    said = one_line_error(run("config", "set", "level", "medium"), status=1)
    assert f"cannot write {settings_file}: No space left on device" in said
    assert settings_file.read_text(encoding="utf-8") == before
    assert os.listdir(settings_file.parent) == ["settings.yaml"]  # the temporary file gone


# The game commands --------------------------------------------------------------------


def games_started(*args: str) -> list[dict]:
    """What each game command would start with: its options, after the settings."""
    started: list[dict[str, Any]] = []

    def run_game(setup, as_json, delay, db=None, save=False, resumed=None, seat=None):
        started.append(
            {
                "name": setup.names[setup.person] if setup.person is not None else None,
                "level": setup.level,
                "rules": setup.ruleset.source,
                "delay": delay,
                "hints": seat.hints,
                "hand-order": seat.order,
                "auto-play": seat.auto_play,
                "ask-defend-alone": seat.ask_defend_alone,
            }
        )

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(cli_play, "run_game", run_game)
        result = run(*args)
    assert result.exit_code == 0, result.output
    return started


def test_the_game_commands_take_their_defaults_from_the_file(settings_file: Path) -> None:
    for key, value in [
        ("name", "Pat"),
        ("level", "easy"),
        ("delay", "0.2"),
        ("hints", "yes"),
        ("cutthroat.rules", "cutthroat"),
        ("two-handed.rules", "two-handed-dummy"),
        ("rules", "classic"),
        ("hand-order", "dealt"),
        ("auto-play", "no"),
        ("ask-defend-alone", "false"),
    ]:
        assert run("config", "set", key, value).exit_code == 0
    file = {"name": "Pat", "level": "easy", "delay": 0.2, "hints": True}
    file |= {"hand-order": "dealt", "auto-play": False, "ask-defend-alone": False}
    assert games_started("play") == [{**file, "rules": "classic"}]
    assert games_started("cutthroat") == [{**file, "rules": "cutthroat"}]
    assert games_started("two-handed") == [{**file, "rules": "two-handed-dummy"}]


@pytest.mark.parametrize(
    ("option", "key", "given"),
    [
        (["--name", "Lee"], "name", "Lee"),
        (["--level", "hard"], "level", "hard"),
        (["--delay", "0"], "delay", 0.0),
        (["--no-hints"], "hints", False),
        (["--rules", "standard"], "rules", "standard"),
        (["--hand-order", "sorted"], "hand-order", "sorted"),
        (["--auto-play"], "auto-play", True),
        (["--ask-defend-alone"], "ask-defend-alone", True),
    ],
)
def test_an_option_on_the_command_line_wins_over_the_file(
    settings_file: Path, option: list[str], key: str, given: object
) -> None:
    settings_file.parent.mkdir(parents=True)
    settings = "name: Pat\nlevel: easy\ndelay: 0.2\nhints: true\nrules: classic\n"
    settings += "hand-order: suit\nauto-play: false\nask-defend-alone: no\n"
    settings_file.write_text(settings, encoding="utf-8")
    assert games_started("play", *option)[0][key] == given
    assert games_started("play")[0][key] != given  # the file's, without the option


def test_the_command_line_wins_even_over_a_value_it_would_refuse(settings_file: Path) -> None:
    """The file's value is not used, so not checked: a table whose house rules file
    went missing still plays with --rules given."""
    settings_file.parent.mkdir(parents=True)
    settings_file.write_text("rules: /nowhere/house.yaml\n", encoding="utf-8")
    assert games_started("play", "--rules", "standard")[0]["rules"] == "standard"
    assert "rules: /nowhere/house.yaml: no such file" in one_line_error(run("play"))


def test_resume_takes_delay_hints_and_the_hand_from_the_file(
    settings_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings_file.parent.mkdir(parents=True)
    settings = "delay: 0.3\nhints: on\nlevel: easy\nhand-order: suit\nauto-play: no\n"
    settings += "ask-defend-alone: off\n"
    settings_file.write_text(settings, encoding="utf-8")
    result = run("play", "--seed", "3", "--level", "easy", input="quit\n")
    assert result.exit_code == 1 and "euchre resume 1" in result.output
    resumed: list[tuple] = []
    monkeypatch.setattr(
        cli_play,
        "run_game",
        lambda setup, as_json, delay, *rest, seat, **named: resumed.append((delay, *seat)),
    )
    assert run("resume").exit_code == 0 and run("resume", "--delay", "0").exit_code == 0
    assert resumed == [(0.3, "suit", False, False, True), (0.0, "suit", False, False, True)]


BROKEN = [
    ("name: Pat\nlevl: easy\n", 2, "unknown key 'levl' (did you mean 'level'?)"),
    ("name: Pat\n\nlevel: expert\n", 3, "level: 'expert' is not one of"),
    ("delay: 0.2\nhints: maybe\n", 2, "hints: 'maybe' is not true or false"),
    ("name: Pat\nlevel: [easy\n", 3, "YAML syntax error: expected ',' or ']'"),
    ("name: Pat\n\tlevel: easy\n", 2, "found character '\\t' that cannot start any token (indent"),
    ("name: &me Pat\nhints: *me\n", 2, "YAML aliases (*name) are not allowed in a settings file"),
    ("- name\n- Pat\n", 1, "not 'key: value' lines"),
    ("name: Pat\nname: Lee\n", 2, "name is set twice (first on line 1)"),
    ("name:\n", 1, "name needs one value"),
    ("name: Pat\nrules: missing.yaml\n", 2, "missing.yaml: no such file"),
    ('name: Pat\nrules: "a\\0b.yaml"\n', 2, "a\\x00b.yaml: is not a usable path: it holds a NUL"),
    # the read ends at the first unknown key: what follows it is never read
    ("name: Pat\nlevl: easy\n" + "name: Lee\n" * 5000 + "level: [\n", 2, "unknown key 'levl'"),
    ("hints: true\n" * 2 + "level: [\n", 2, "hints is set twice (first on line 1)"),
    ("name: [" + "Pat, " * 2000 + "Pat]\n", 1, "more than 1,000 keys and values, far more than a"),
]


@pytest.mark.parametrize(("text", "line", "says"), BROKEN)
def test_a_broken_file_stops_a_game_in_one_line_with_its_line(
    settings_file: Path, text: str, line: int, says: str
) -> None:
    settings_file.parent.mkdir(parents=True)
    settings_file.write_text(text, encoding="utf-8")
    said = one_line_error(run("play", "--seed", "3", "--no-save"))
    assert said.startswith(f"Error: {settings_file}:{line}: ") and says in said


@pytest.mark.parametrize(
    ("command", "text", "says"),
    [
        ("cutthroat", "cutthroat.rules: classic\n", "is a 4-player ruleset"),
        ("two-handed", "name: Pat\ndelay: 20\n", "delay: 20.0 is not in the range"),
        ("resume", "name: Pat\nhints: maybe\n", "hints: 'maybe' is not true or false"),
        ("resume", "name: Pat\nlevl: easy\n", "unknown key 'levl'"),
    ],
)
def test_each_game_command_checks_the_values_it_uses(
    settings_file: Path, command: str, text: str, says: str
) -> None:
    settings_file.parent.mkdir(parents=True)
    settings_file.write_text(text, encoding="utf-8")
    said = one_line_error(run(command))
    assert said.startswith(f"Error: {settings_file}:") and says in said


def test_resume_does_not_check_the_values_only_new_games_use(settings_file: Path) -> None:
    settings_file.parent.mkdir(parents=True)
    settings_file.write_text("level: expert\nrules: missing.yaml\n", encoding="utf-8")
    result = run("resume")  # no game to resume: the book's own refusal
    assert result.exit_code == 1 and "no games kept yet" in result.output


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["score", "list"], "No score sheets yet"),
        (["rules", "show", "classic"], "name: classic"),
        (["games"], "no games kept yet"),  # no book: the refusal is the book's
        (["simulate", "--deals", "4", "--players", "easy,easy", "--workers", "1"], "4 deals"),
    ],
)
def test_other_commands_never_read_the_file(
    settings_file: Path, args: list[str], says: str
) -> None:
    settings_file.parent.mkdir(parents=True)
    settings_file.write_text("levl: [\n", encoding="utf-8")
    result = run(*args)
    assert says in result.output and "settings.yaml" not in result.output


def test_the_scorekeeper_starts_without_the_settings_or_yaml(tmp_path: Path) -> None:
    """A score command, typed between hands, starts quickly (bench/startup.py): the
    settings and the game records are the games', and YAML would cost it."""
    code = (
        "import sys\n"
        "from euchre_cli.commands.euchre import main\n"
        "try:\n"
        "    main(['score', 'list'])\n"
        "except SystemExit:\n"
        "    pass\n"
        "loaded = [m for m in sys.modules if m == 'yaml' or m.endswith('.settings')\n"
        "          or m.startswith('euchre_cli.records')]\n"
        "print(loaded, file=sys.stderr)\n"
    )
    env = {**os.environ, "EUCHRE_HOME": str(tmp_path)}
    result = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    assert result.stderr.strip() == "[]"
    assert "No score sheets yet" in result.stdout  # it ran the command


def test_a_rubber_from_the_file_refuses_games_naming_the_file(settings_file: Path) -> None:
    """R10: a ruleset with rubbers takes no --games; when the file chose it, the refusal
    says so rather than quote a --rules that was never typed."""
    assert run("config", "set", "rules", "classic").exit_code == 0
    result = run("play", "--games", "3")
    assert result.exit_code == 2
    assert "--games: the rules classic (from the settings file) plays a rubber" in result.output
    typed = run("play", "--games", "3", "--rules", "classic")
    assert "--games: --rules classic plays a rubber" in typed.output


def test_help_says_where_the_settings_are_and_which_commands_read_them() -> None:
    """In the user's config folder, or $EUCHRE_HOME: not beside the book, which is in
    the data folder."""
    shown = " ".join(run("config", "--help").output.split())
    assert "beside the book" not in shown
    assert "settings.yaml in your config folder" in shown and "$EUCHRE_HOME" in shown
    commands = {command for setting in SETTINGS.values() for command in setting.commands}
    assert all(f"{command}," in shown or f"{command} " in shown for command in commands)
