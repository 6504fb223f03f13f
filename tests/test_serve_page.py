"""The table's score page in a real browser: Debian's Chromium driven by
Playwright against a real ``euchre score serve`` in a subprocess.  A phone-sized page,
a whole game entered by taps with the marker cards (R11) changing, a terminal's
``score hand`` showing without a reload, undo, the deal moving (R3), a watch-only page
that has no entry controls and cannot write, a hostile name shown as text, and a lost
server caught up.

One browser for the module; each test gets its own book and server.  Screenshots go to
the test's folder, and copies to $EUCHRE_SHOTS when it names a folder."""

from __future__ import annotations

import os
import queue
import re
import shutil
import signal
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from browsers import chromium, expect
from click.testing import CliRunner

from euchre_cli.commands.euchre import main

CODE = "TABLE7KX"
AB, CD = "Ann & Bob", "Cy & Di"
HOSTILE_SHEET = "<img src=x onerror=alert(1)> & Bob"  # 34 characters: a sheet's name
HOSTILE_PLAYER = "<img src=x onerror=alert(1)>"  # a sheet's player holds 40 characters
ADDRESS = re.compile(r"Serving sheet .* at (http://\S+/)")
SMALL_BUTTONS = """[...document.querySelectorAll("button")]
    .filter((button) => button.offsetParent !== null)
    .filter((button) => { const box = button.getBoundingClientRect();
                          return box.width < 48 || box.height < 48; })
    .map((button) => button.textContent)"""


def score(*args: str) -> str:
    """``euchre score ARGS`` in this process (quicker, where the terminal is not the point)."""
    result = CliRunner().invoke(main, ["score", *args])
    assert result.exit_code == 0, result.output
    return result.output


def euchre(*args: str) -> subprocess.CompletedProcess[str]:
    """``euchre ARGS`` in a process of its own, as a terminal at the table runs it."""
    result = subprocess.run(
        [sys.executable, "-m", "euchre_cli", *args], capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stdout + result.stderr
    return result


class Server:
    """``euchre score serve`` on the test's book, stopped with Ctrl-C (SIGINT); with
    the code given, or with ``code_options`` (none: the sheet's own)."""

    def __init__(self, port: int = 0, code_options: tuple[str, ...] = ("--code", CODE)) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "euchre_cli", "score", "serve"]
            + ["--port", str(port), *code_options],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
        self.lines: queue.Queue[str] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        self.url = self._address()

    def _read(self) -> None:
        for line in self.process.stdout:  # drained to the end: the pipe never fills
            self.lines.put(line)
        self.lines.put("")

    def _address(self) -> str:
        said = []
        while True:
            try:
                line = self.lines.get(timeout=30)
            except queue.Empty:
                break
            said.append(line)
            if not line:
                break
            if match := ADDRESS.search(line):
                return match.group(1)
        self.stop()
        raise AssertionError("the server printed no address:\n" + "".join(said))

    @property
    def port(self) -> int:
        return int(self.url.rstrip("/").rsplit(":", 1)[1])

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    with chromium() as launched:
        yield launched


@pytest.fixture
def serve() -> Iterator[Callable[..., Server]]:
    """Start servers on the test's own book ($EUCHRE_HOME, from conftest); all stop after."""
    started: list[Server] = []

    def start(port: int = 0, code_options: tuple[str, ...] = ("--code", CODE)) -> Server:
        started.append(Server(port, code_options))
        return started[-1]

    yield start
    for server in started:
        server.stop()


@pytest.fixture
def open_page(browser, tmp_path: Path) -> Iterator[Callable[..., object]]:
    """A fresh page (its own storage) at a phone's size unless told; a JS dialog on any
    page fails the test (a name run as markup would raise one), and so does an error
    the page's script did not catch."""
    contexts = []
    dialogs: list[str] = []
    errors: list[str] = []

    def open_at(url: str, width: int = 360, height: int = 740):
        context = browser.new_context(viewport={"width": width, "height": height})
        contexts.append(context)
        page = context.new_page()
        page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(url)
        return page

    yield open_at
    for context in contexts:
        context.close()
    assert dialogs == [], f"a page opened a dialog: {dialogs}"
    assert errors == [], f"the page's script failed: {errors}"


def shoot(page, tmp_path: Path, name: str) -> Path:
    """A screenshot in the test's folder, copied to $EUCHRE_SHOTS when set."""
    path = tmp_path / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    if shots := os.environ.get("EUCHRE_SHOTS"):
        Path(shots).mkdir(parents=True, exist_ok=True)
        shutil.copy(path, Path(shots) / path.name)
    return path


def side(page, index: int):
    return page.locator(f'.side[data-side="{index}"]')


def marker_label(page, index: int) -> object:
    return side(page, index).locator("svg.marker-cards")


def pips_drawn(page, index: int) -> list[int]:
    """The pips drawn on a side's card underneath, then on its card on top."""
    cards = marker_label(page, index).locator("g.card")
    return [cards.nth(card).locator("path.pip").count() for card in (0, 1)]


def tap_hand(page, makers: str, tricks: int, alone: bool = False) -> None:
    """A hand in taps: "Maker alone" first when it applies, then the makers' tricks."""
    if alone:
        page.get_by_role("button", name="Maker alone").click()
    word = "trick" if tricks == 1 else "tricks"
    label = f"{makers} made trump{' alone' if alone else ''}, {tricks} {word}"
    page.get_by_role("button", name=label, exact=True).click()


def test_r11_a_whole_game_by_taps_moves_the_marker_cards(serve, open_page, tmp_path) -> None:
    """Classic (game to 5, the 3 and the 4): each hand tapped on a phone-sized page
    moves the score and the cards as R11 lays them; game 1 ends and is marked."""
    score("new", "evening", "--rules", "classic", "--team", AB, "--team", CD)
    server = serve()
    page = open_page(f"{server.url}#code={CODE}")
    expect(page.get_by_role("button", name="Undo")).to_be_visible()
    assert "code" not in page.url  # the fragment leaves the address bar at once
    assert page.evaluate("localStorage.getItem('euchre.tableCode')") == CODE
    assert page.evaluate("document.documentElement.scrollWidth") <= 360  # no sideways scroll
    assert page.evaluate(SMALL_BUTTONS) == []  # every tap target 48 px or more
    expect(side(page, 0).locator(".score")).to_have_text("0")
    expect(marker_label(page, 0)).to_have_attribute(
        "aria-label", "4 face down on top of the 3; 3 face down underneath"
    )

    tap_hand(page, AB, 3)
    expect(side(page, 0).locator(".score")).to_have_text("1")
    expect(marker_label(page, 0)).to_have_attribute(
        "aria-label", "4 face down on top of the 3; 3 face up, 1 pip showing"
    )
    assert pips_drawn(page, 0) == [1, 0]  # one pip of the three peeks out; the four's back
    tap_hand(page, CD, 5)
    expect(marker_label(page, 1)).to_have_attribute(
        "aria-label", "3 face down on top of the 4; 4 face up, 2 pips showing"
    )
    tap_hand(page, AB, 0)  # euchred: two to Cy & Di, at 4 against 1
    expect(side(page, 1).locator(".score")).to_have_text("4")
    expect(marker_label(page, 1)).to_have_attribute(
        "aria-label", "4 face up on top of the 3; 3 face down underneath"
    )
    assert pips_drawn(page, 1) == [0, 4]  # the three's back; the four's four pips
    expect(side(page, 1).locator(".badge.bridge")).to_have_text("at the bridge")
    expect(page.locator("#last-hands li")).to_have_count(3)
    shoot(page, tmp_path, "page-360x740")
    page.set_viewport_size({"width": 1280, "height": 800})
    shoot(page, tmp_path, "page-1280x800")
    page.set_viewport_size({"width": 360, "height": 740})

    tap_hand(page, AB, 5, alone=True)  # a lone march: four, and game 1 to Ann & Bob
    expect(page.locator("#game-line")).to_contain_text("Game 2")
    expect(side(page, 0).locator(".facts")).to_contain_text("Games won: 1")
    expect(side(page, 0).locator(".score")).to_have_text("0")
    expect(page.locator("#last-hands li").first).to_contain_text("game 1 over")
    page.get_by_role("button", name="History").click()
    expect(page.locator("#history-table tr.mark")).to_have_text(["End of game 1"])
    assert page.evaluate(SMALL_BUTTONS) == []
    expect(page.locator("#history-table tbody tr")).to_have_count(5)


def test_a_refusal_is_the_servers_line_inline_then_points_and_a_renege(
    serve, open_page
) -> None:
    """Classic has no lone defenders (R6): the page does not offer one.  Points of 0
    get the scorekeeper's refusal inline, and the score stays; points by hand (with
    why) and a renege are entered from the rarer entries."""
    score("new", "--rules", "classic", "--team", AB, "--team", CD)
    page = open_page(f"{serve().url}#code={CODE}")
    expect(page.get_by_role("button", name="Maker alone")).to_be_visible()
    expect(page.get_by_role("button", name="Defender alone")).to_be_hidden()

    page.get_by_text("More: points, renege, dealer").click()  # the rarer entries
    points = page.locator('form[data-form="points"]')
    points.locator('input[name="points"]').fill("0")
    points.get_by_role("button", name="Add points").click()
    expect(page.locator('[data-error="entry"]')).to_contain_text("not 0")
    expect(side(page, 0).locator(".score")).to_have_text("0")
    points.locator('select[name="who"]').select_option(label=CD)
    points.locator('input[name="points"]').fill("2")
    points.locator('input[name="reason"]').fill("house rule")
    points.get_by_role("button", name="Add points").click()
    expect(side(page, 1).locator(".score")).to_have_text("2")
    expect(page.locator("#last-hands li").first).to_contain_text("(house rule)")
    page.locator('form[data-form="renege"]').get_by_role("button", name="Renege").click()
    expect(page.locator("#last-hands li").first).to_contain_text("reneged")


def test_a_terminal_hand_shows_without_a_reload_then_edit_and_undo(serve, open_page) -> None:
    """``score hand`` in a terminal reaches an open page by its event stream (the
    page is not loaded again); the page edits it, and its Undo takes it back."""
    score("new", "--team", AB, "--team", CD)
    page = open_page(f"{serve().url}#code={CODE}")
    expect(side(page, 0).locator(".score")).to_have_text("0")
    page.evaluate("window.notReloaded = true")
    euchre("score", "hand", "--makers", "Ann", "--tricks", "5")
    expect(side(page, 0).locator(".score")).to_have_text("2")
    expect(page.locator("#last-hands li").first).to_contain_text("#1")
    assert page.evaluate("window.notReloaded") is True

    page.get_by_role("button", name="History").click()
    page.get_by_role("button", name="Edit #1").click()
    page.locator('#edit-place select[name="tricks"]').select_option("3")
    page.get_by_role("button", name="Replace the entry").click()
    expect(page.locator("#edit-dialog")).to_be_hidden()
    page.locator("#history-dialog [data-close]").click()
    expect(side(page, 0).locator(".score")).to_have_text("1")
    page.get_by_role("button", name="Undo").click()
    expect(side(page, 0).locator(".score")).to_have_text("0")
    expect(page.locator("#last-hands")).to_have_text("No hands yet.")


def test_r3_the_deal_moves_clockwise_thrown_in_hands_included(serve, open_page) -> None:
    """A sheet with no dealer asks on the page who deals; the deal then moves left
    (clockwise: Ann, Cy, Bob, Di) after a hand and after a hand thrown in, and undo
    moves it back."""
    score("new", "--team", AB, "--team", CD)
    page = open_page(f"{serve().url}#code={CODE}")
    expect(page.locator("#game-line")).to_have_text("Game 1 · dealer not set")
    page.locator(".dealer-pick").get_by_role("button", name="Cy", exact=True).click()
    expect(page.locator("#game-line")).to_have_text("Game 1 · Cy deals")
    expect(side(page, 1).locator(".badge.dealer")).to_have_text("Cy deals")
    expect(page.locator(".dealer-pick")).to_be_hidden()
    tap_hand(page, CD, 3)
    expect(page.locator("#game-line")).to_have_text("Game 1 · Bob deals")
    expect(side(page, 0).locator(".badge.dealer")).to_have_text("Bob deals")
    page.get_by_role("button", name="Thrown in").click()
    expect(page.locator("#game-line")).to_have_text("Game 1 · Di deals")
    expect(page.locator("#last-hands li").first).to_contain_text("Thrown in")
    expect(side(page, 1).locator(".score")).to_have_text("1")  # no points for it
    page.get_by_role("button", name="Undo").click()
    expect(page.locator("#game-line")).to_have_text("Game 1 · Bob deals")


def test_a_page_without_the_code_only_watches(serve, open_page) -> None:
    """No code: no entry controls at all, and a write from the page gets 403 with
    the book unchanged; a wrong code typed is refused, the right one (in any case)
    brings the controls."""
    score("new", "--team", AB, "--team", CD)
    page = open_page(serve().url)
    expect(side(page, 1).locator(".score")).to_have_text("0")
    assert page.locator("#entry").inner_html() == ""
    assert page.locator(".tricks button, [data-action], form[data-form]").count() == 0
    status = page.evaluate(
        """() => fetch("/api/hands", {method: "POST", headers: {"Content-Type":
        "application/json"}, body: JSON.stringify({makers: "1", tricks: 3, alone: false,
        defender_alone: null})}).then((response) => response.status)"""
    )
    assert status == 403
    assert '"entries": 0' in score("show", "--json")
    page.get_by_role("button", name="History").click()
    expect(page.locator("#history-table button")).to_have_count(0)
    page.locator("#history-dialog [data-close]").click()

    page.get_by_role("button", name="Code").click()  # typed once, a wrong one first
    page.get_by_role("textbox", name="Code").fill("WRONG234")
    page.get_by_role("button", name="Use this code").click()
    expect(page.locator("#code-error")).to_have_text(
        "That is not this table's code: type the code the server printed when it started."
    )
    assert page.locator("#entry").inner_html() == ""
    page.get_by_role("textbox", name="Code").fill(CODE.lower())
    page.get_by_role("button", name="Use this code").click()
    expect(page.get_by_role("button", name="Undo")).to_be_visible()


def test_a_hostile_name_shows_as_text(serve, open_page) -> None:
    """Names that are markup reach the page as text: no dialog, no element made."""
    team = f"{HOSTILE_PLAYER} & Bob"
    score("new", HOSTILE_SHEET, "--team", team, "--team", CD)
    page = open_page(f"{serve().url}#code={CODE}")
    expect(page.locator("#sheet-name")).to_have_text(HOSTILE_SHEET)
    expect(side(page, 0).locator(".side-name")).to_have_text(team)
    tap_hand(page, team, 3)
    expect(page.locator("#last-hands li").first).to_contain_text(team)
    page.get_by_role("button", name="Sheets").click()
    expect(page.locator("#sheet-list")).to_contain_text(HOSTILE_SHEET)
    assert page.locator("main img, main svg[onload], dialog img").count() == 0


def test_a_lost_server_is_said_and_caught_up(serve, open_page) -> None:
    """The server stops: the page says so; a hand entered meanwhile shows once the
    server is back on the same port."""
    score("new", "--team", AB, "--team", CD)
    server = serve()
    page = open_page(server.url)
    expect(side(page, 0).locator(".score")).to_have_text("0")
    server.stop()
    expect(page.locator("#connection")).to_be_visible()
    expect(page.locator("#connection")).to_contain_text("reconnecting")
    euchre("score", "hand", "--makers", "Cy", "--tricks", "3")
    serve(server.port)
    expect(page.locator("#connection")).to_be_hidden(timeout=15_000)
    expect(side(page, 1).locator(".score")).to_have_text("1")


def test_r6_the_edit_dialog_offers_only_the_lone_hands_the_ruleset_has(
    serve, open_page, tmp_path
) -> None:
    """Classic has no lone defender: editing a hand offers none.  Where there is one
    (standard), it is never the makers' own side, whichever side made trump."""
    score("new", "--rules", "classic", "--team", AB, "--team", CD)
    score("hand", "--makers", "AB", "--tricks", "3")
    page = open_page(f"{serve().url}#code={CODE}")
    page.get_by_role("button", name="History").click()
    page.get_by_role("button", name="Edit #1").click()
    edit = page.locator("#edit-place")
    expect(edit.get_by_text("The maker went alone")).to_be_visible()
    expect(edit.locator('select[name="defender_alone"]')).to_be_hidden()
    shoot(page, tmp_path, "edit-classic-360x740")

    score("new", "--team", AB, "--team", CD)
    score("hand", "--makers", "AB", "--tricks", "3")
    page = open_page(f"{serve().url}#code={CODE}")  # a server of the new sheet
    edit = page.locator("#edit-place")
    page.get_by_role("button", name="History").click()
    page.get_by_role("button", name="Edit #1").click()
    defender = edit.locator('select[name="defender_alone"]')
    expect(defender).to_be_visible()
    expect(defender.locator("option")).to_have_text(["nobody", CD])
    edit.locator('select[name="makers"]').select_option(label=CD)
    expect(defender.locator("option")).to_have_text(["nobody", AB])
    defender.select_option(label=AB)
    edit.get_by_role("button", name="Replace the entry").click()
    expect(page.locator("#edit-dialog")).to_be_hidden()
    assert '"defender_alone": "Ann & Bob"' in score("history", "--json")


def test_the_sheets_dialog_closes_once_a_sheet_is_shown(serve, open_page) -> None:
    score("new", "tuesday", "--team", "Ed & Flo", "--team", "Gus & Hal")
    score("new", "wednesday", "--team", AB, "--team", CD)
    page = open_page(f"{serve().url}#code={CODE}")
    expect(page.locator("#sheet-name")).to_have_text("wednesday")
    page.get_by_role("button", name="Sheets").click()
    page.locator("#sheet-list li", has_text="tuesday").get_by_role("button", name="Show").click()
    expect(page.locator("#sheets-dialog")).to_be_hidden()
    expect(page.locator("#sheet-name")).to_have_text("tuesday")
    expect(side(page, 0).locator(".side-name")).to_have_text("Ed & Flo")


def test_r10_a_finished_rubber_names_no_dealer(serve, open_page, tmp_path) -> None:
    """Classic: two games of three marches win the rubber; nobody deals after it."""
    score("new", "--rules", "classic", "--team", AB, "--team", CD, "--dealer", "Di")
    for _ in range(6):
        score("hand", "--makers", "AB", "--tricks", "5")
    page = open_page(f"{serve().url}#code={CODE}")
    expect(side(page, 0).locator(".badge.winner")).to_contain_text("won the rubber")
    expect(page.locator("#game-line")).to_contain_text("The rubber goes to Ann & Bob")
    expect(page.locator(".badge.dealer")).to_have_count(0)
    shoot(page, tmp_path, "rubber-over-360x740")


def test_a_server_started_again_keeps_its_code_and_a_new_code_is_asked_for(
    serve, open_page, tmp_path
) -> None:
    """Started again as it was, the server takes the code the phones hold; started
    with --new-code, a tap on a phone forgets the old one and asks for the code again,
    in a person's words."""
    score("new", "--team", AB, "--team", CD)
    server = serve()
    page = open_page(f"{server.url}#code={CODE}")
    tap_hand(page, AB, 3)
    expect(side(page, 0).locator(".score")).to_have_text("1")
    server.stop()
    expect(page.locator("#connection")).to_be_visible()
    server = serve(server.port, code_options=())  # the sheet's code, kept in the book
    expect(page.locator("#connection")).to_be_hidden(timeout=15_000)
    tap_hand(page, AB, 3)
    expect(side(page, 0).locator(".score")).to_have_text("2")

    server.stop()
    expect(page.locator("#connection")).to_be_visible()
    serve(server.port, code_options=("--new-code",))
    expect(page.locator("#connection")).to_be_hidden(timeout=15_000)
    tap_hand(page, AB, 3)
    expect(page.locator("#code-dialog")).to_be_visible()
    expect(page.locator("#code-error")).to_have_text(
        "The server no longer takes this page's code (it was started with a new one):"
        " type the code it printed."
    )
    expect(page.get_by_role("button", name="Undo")).to_have_count(0)
    assert page.evaluate("localStorage.getItem('euchre.tableCode')") is None
    shoot(page, tmp_path, "code-asked-again-360x740")
    expect(side(page, 0).locator(".score")).to_have_text("2")


def test_a_kept_code_the_server_refuses_is_asked_for_again(serve, open_page) -> None:
    score("new", "--team", AB, "--team", CD)
    page = open_page(serve().url)
    page.evaluate("localStorage.setItem('euchre.tableCode', 'WRONG234')")
    page.reload()
    expect(page.locator("#code-dialog")).to_be_visible()
    expect(page.locator("#code-error")).to_contain_text("no longer takes this page's code")
    assert "X-Table-Code" not in page.locator("#code-error").text_content()
    page.get_by_role("textbox", name="Code").fill(CODE)
    page.get_by_role("button", name="Use this code").click()
    expect(page.get_by_role("button", name="Undo")).to_be_visible()


def test_a_hand_whose_answer_was_lost_is_kept_once_when_tapped_again(serve, open_page) -> None:
    """The server makes the write but its answer never reaches the phone (killed,
    Wi-Fi gone): the page says to try again, and the same tap again sends the same
    Idempotency-Key, so the hand is kept once.  A new tap after that is a new hand."""
    score("new", "--team", AB, "--team", CD)
    page = open_page(f"{serve().url}#code={CODE}")
    keys: list[str] = []

    def answer_lost_once(route) -> None:
        keys.append(route.request.headers["idempotency-key"])
        if len(keys) == 1:
            route.fetch()  # made on the server ...
            route.abort()  # ... but the phone never hears of it
        else:
            route.continue_()

    page.route("**/api/hands", answer_lost_once)
    tap_hand(page, AB, 3)
    expect(page.locator('[data-error="entry"]')).to_contain_text("cannot be reached")
    with page.expect_response("**/api/hands") as answered:
        tap_hand(page, AB, 3)
    assert answered.value.status == 200 and keys[0] == keys[1]
    assert '"entries": 1' in score("show", "--json")
    with page.expect_response("**/api/hands"):
        tap_hand(page, AB, 3)
    assert keys[2] != keys[1] and '"entries": 2' in score("show", "--json")
    expect(side(page, 0).locator(".score")).to_have_text("2")
