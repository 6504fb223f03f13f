"""The table's page (``euchre host``) in a real browser: Debian's Chromium driven by
Playwright against a real host in a subprocess, at ``--delay 0``.  Phones join by the
invite link and play by taps (a legal action's button, a playable card) whenever it is
their turn; a page with no code watches and sees no hand; a reload keeps the seat; the
page never scrolls sideways from 320 to 1920 px.  Nobody is lost: a closed page is said
gone, its seat handed to the computer and taken back; a page whose host was killed or
stopped picks the game up again when the host resumes it.

One browser for the module, a host per test.  Screenshots are taken only when
$EUCHRE_SHOTS names a folder (they cost time the suite does not have)."""

from __future__ import annotations

import os
import queue
import re
import signal
import subprocess
import sys
import termios
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from browsers import chromium, expect, sync_api
from click.testing import CliRunner

from euchre_cli.commands.euchre import main

CODE = "TABLE7KX"
INVITE = re.compile(r"(http://\S+/)#code=(\S+)")
HOSTILE = "<img src=x>Cy"  # a name that is markup shows as text (20 characters at most)
STOPPED = (
    "The host stopped the table; the game is kept on their machine."
    " This page will pick it up again if they resume it."
)
HOST = [sys.executable, "-m", "euchre_cli", "host"]
FIVE = """
    name: standard-to-five
    description: Standard four-handed Euchre, game to 5.
    extends: standard
    game:
      points_to_win: 5
"""
SMALL_BUTTONS = """[...document.querySelectorAll("button")]
    .filter((button) => button.offsetParent !== null)
    .filter((button) => { const box = button.getBoundingClientRect();
                          return box.width < 48 || box.height < 48; })
    .map((button) => button.textContent)"""
# How far the page reaches past the window's right edge: its scroll width, and any
# element drawn beyond it
SIDEWAYS = """Math.max(
    document.documentElement.scrollWidth - document.documentElement.clientWidth,
    ...[...document.querySelectorAll("body *")].map(
        (node) => node.getBoundingClientRect().right - document.documentElement.clientWidth))"""
# What a page may do now: the legal actions' buttons and the playable cards, and
# whether the game is over
CHOICES = """() => {
    const enabled = (selector) => [...document.querySelectorAll(selector)]
        .filter((node) => !node.disabled).map((node) => node.dataset.action);
    return {actions: enabled("#actions [data-action]"), cards: enabled("#hand [data-action]"),
            over: !document.querySelector("#end").hidden,
            scored: !document.querySelector("#result").hidden,
            sending: document.body.classList.contains("sending")};
}"""
# Everything a page says of cards: the cards drawn, and its text and labels
SAID = """() => ({
    cards: [...document.querySelectorAll("[data-card]")].map((node) => node.dataset.card),
    text: [document.body.innerText,
           ...[...document.querySelectorAll("[aria-label], [title]")].map(
               (node) => `${node.getAttribute("aria-label")} ${node.getAttribute("title")}`)]
          .join("\\n"),
})"""
RANK_WORDS = {"9": "nine", "T": "ten", "J": "jack", "Q": "queen", "K": "king", "A": "ace"}
SUIT_WORDS = {
    "C": ("♣", "clubs"),
    "D": ("♦", "diamonds"),
    "H": ("♥", "hearts"),
    "S": ("♠", "spades"),
}


class Host:
    """``euchre host RULES`` at ``--delay 0`` on a free port with the test's code,
    stopped with Ctrl-C (SIGINT); ``args`` in place of all that, where given (a table
    opened again with ``--resume``)."""

    def __init__(self, rules: str, *options: str, args: list[str] | None = None) -> None:
        if args is None:
            args = [rules, "--seed", "7", "--delay", "0", "--port", "0", "--code", CODE]
            args += ["--level", "easy", "--watch", *options]
        self.process = subprocess.Popen(
            [*HOST, *args],
            stdin=subprocess.PIPE,  # kept open: at its end the host stops the table
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
        self.lines: queue.Queue[str] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        self.url = self._address()
        self.invite = f"{self.url}#code={CODE}"

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
            if match := INVITE.search(line):
                return match.group(1)
        self.stop()
        raise AssertionError("the host printed no invite link:\n" + "".join(said))

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
def host() -> Iterator[Callable[..., Host]]:
    started: list[Host] = []

    def start(rules: str, *options: str, args: list[str] | None = None) -> Host:
        started.append(Host(rules, *options, args=args))
        return started[-1]

    yield start
    for server in started:
        server.stop()


@pytest.fixture
def open_page(browser) -> Iterator[Callable[..., object]]:
    """A fresh page (its own storage) at a phone's size unless told; a JS dialog on any
    page fails the test (a name run as markup would raise one), and so does an error
    the page's script did not catch."""
    contexts = []
    dialogs: list[str] = []
    errors: list[str] = []

    def open_at(url: str, width: int = 360, height: int = 740, context=None):
        """``context``: a page's context, to open another page with its storage (the
        same browser, the same kept seat)."""
        if context is None:
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


def shoot(page, name: str, sizes: tuple[tuple[int, int], ...] = ((360, 740), (1280, 800))) -> None:
    """Screenshots of ``page`` at each size into $EUCHRE_SHOTS, when it names a folder;
    the page is left at its first size."""
    shots = os.environ.get("EUCHRE_SHOTS")
    if not shots:
        return
    Path(shots).mkdir(parents=True, exist_ok=True)
    first = page.viewport_size
    for width, height in sizes:
        page.set_viewport_size({"width": width, "height": height})
        page.screenshot(path=str(Path(shots) / f"host-{name}-{width}x{height}.png"), full_page=True)
    page.set_viewport_size(first)


def join(page, name: str, seat: int) -> None:
    """Type a name in the page's first text field and tap the seat's button."""
    field = page.locator("input:visible").first
    expect(field).to_have_attribute("id", "join-name")
    field.fill(name)
    page.locator(f'[data-seat="{seat}"]').click()
    # seated: in the lobby, or at the game the last seat taken starts
    expect(page.locator(".lobby-seat.you, .plate.you")).to_contain_text(name)


def choose(actions: list[str], cards: list[str]) -> str:
    """The tap a test player makes: make trump when it can, never alone, else the
    first legal action or the first playable card."""
    for wanted in ("order", "pickup"):
        if wanted in actions:
            return wanted
    named = [action for action in actions if action.startswith("name:")]
    if named:
        return named[0]
    if "pass" in actions:
        return "pass"
    return (actions or cards)[0]


def play(pages: list, until: Callable[[dict], bool], look: Callable | None = None) -> list[str]:
    """Tap on every page whenever it is its turn (a page waiting for an answer is left
    alone), until ``until(state)`` for a page's state (``CHOICES``); ``look(page,
    state)`` first, where given.  Returns the taps made."""
    taps: list[str] = []
    deadline = time.monotonic() + 60
    while True:
        assert time.monotonic() < deadline, f"the game did not move on after {len(taps)} taps"
        tapped = False
        for page in pages:
            state = page.evaluate(CHOICES)
            if until(state):
                return taps
            if state["sending"] or not (state["actions"] or state["cards"]):
                continue
            if look is not None:
                look(page, state)
            choice = choose(state["actions"], state["cards"])
            try:  # a card the table played for the page (its only one) is gone,
                page.locator(f'#mine [data-action="{choice}"]').click(force=True, timeout=500)
            except sync_api.Error:  # or redrawn under the tap: looked at again
                continue
            taps.append(choice)
            tapped = True
        if not tapped:
            time.sleep(0.01)


def card_words(code: str) -> list[str]:
    """A card as a page may say it: "J♥", "jack of hearts" (and its code)."""
    if code == "JK":
        return ["JK", "joker"]
    rank, suit = code[:-1], code[-1]
    symbol, name = SUIT_WORDS[suit]
    shown = "10" if rank == "T" else rank
    return [code, f"{shown}{symbol}", f"{RANK_WORDS.get(rank, rank)} of {name}"]


def hand_of(page) -> list[str]:
    return page.locator("#hand [data-card]").evaluate_all(
        "(nodes) => nodes.map((n) => n.dataset.card)"
    )


PUBLIC = """() => fetch("/api/game").then((answer) => answer.json()).then((game) => [
    game.upcard, ...game.trick.map((play) => play.card),
    ...(game.last_trick ? game.last_trick.plays.map((play) => play.card) : []),
    ...(game.weak_hand ? game.weak_hand.cards : [])])"""


def assert_sees_no_hand(watcher, players: list) -> None:
    """The watching page draws no hand and no card but the public ones (the upcard,
    the trick, the last trick), and says no card the players hold."""
    assert watcher.locator("#hand [data-card], #mine [data-card]").count() == 0
    expect(watcher.locator("#mine")).to_be_hidden()
    deadline = time.monotonic() + 5
    while True:  # the watcher's stream may be a moment behind the players' pages
        said = watcher.evaluate(SAID)
        public = set(watcher.evaluate(PUBLIC))
        if set(said["cards"]) <= public or time.monotonic() > deadline:
            break
        time.sleep(0.05)
    assert set(said["cards"]) <= public, set(said["cards"]) - public
    held = {card for page in players for card in hand_of(page)} - public
    assert held, "the players hold cards"
    for card in held:
        for words in card_words(card):
            assert words not in said["text"], words


def no_sideways_scroll(page, widths: tuple[int, ...] = (320, 360, 1280, 1920)) -> None:
    first = page.viewport_size
    for width in widths:
        page.set_viewport_size({"width": width, "height": 800})
        assert page.evaluate(SIDEWAYS) <= 0, f"sideways scroll at {width} px"
    page.set_viewport_size(first)


def test_two_phones_play_a_whole_game_by_taps_and_a_watcher_sees_no_hand(
    host, open_page, write_yaml
) -> None:
    """Four-handed (standard, to 5 points to keep it short): two phones join seats 0
    and 1 by the invite link, one starts (the computer takes seats 2 and 3), and they
    play the seeded game to its end by taps; a page without the code watches it all
    and never sees a hand.  At the end, "Play again" deals a new game; Ctrl-C at the
    host is said on every page."""
    table = host(str(write_yaml("five.yaml", FIVE)))
    ann, bob = open_page(table.invite), open_page(table.invite)
    watcher = open_page(table.url)
    expect(ann.locator("[data-seat]")).to_have_count(4)
    assert "code" not in ann.url  # the code leaves the address bar at once
    shoot(ann, "lobby")
    join(ann, "Ann", 0)
    expect(bob.locator("[data-seat]")).to_have_count(3)  # Ann's seat is taken, and named
    expect(bob.locator(".lobby-seat.taken")).to_have_text(["Seat 1Ann"])
    join(bob, "Bob", 1)
    expect(watcher.locator(".lobby-seat.taken")).to_have_count(2)
    expect(watcher.locator("[data-seat], #join-form:visible, #start:visible")).to_have_count(0)
    assert ann.evaluate(SMALL_BUTTONS) == []
    no_sideways_scroll(ann)
    bob.get_by_role("button", name="Start: the computer takes the empty seats").click()

    expect(ann.locator("#hand [data-card]")).to_have_count(5)
    expect(bob.locator("#hand [data-card]")).to_have_count(5)
    assert_sees_no_hand(watcher, [ann, bob])
    seen = {"bidding": 0, "trick": 0, "result": 0, "checks": 0}

    def look(page, state: dict) -> None:
        """While Ann waits for her tap: what the pages show (and, once, shot)."""
        if page is not ann:
            return
        if seen["checks"] < 3:
            expect(ann.locator("#turn")).to_have_text("Your turn")
            expect(bob.locator("#turn")).to_have_text(re.compile(r"^Waiting for Ann, \d+ s$"))
        if state["actions"] and not seen["bidding"]:
            seen["bidding"] = 1
            shoot(ann, "bidding")
        if state["cards"] and ann.locator(".middle .played").count() >= 2 and not seen["trick"]:
            seen["trick"] = 1
            shoot(ann, "trick")
            no_sideways_scroll(ann)
            assert ann.evaluate(SMALL_BUTTONS) == []
        if state["scored"] and not seen["result"]:
            seen["result"] = 1  # the last hand's result, beside the next hand
            expect(ann.locator("#result-lines")).to_contain_text("trump")
            shoot(ann, "hand-result")
        if seen["checks"] < 3 and state["cards"]:
            seen["checks"] += 1
            assert_sees_no_hand(watcher, [ann, bob])

    taps = play([ann, bob], until=lambda state: state["over"], look=look)
    assert seen == {"bidding": 1, "trick": 1, "result": 1, "checks": 3}
    assert any(tap.startswith("play:") for tap in taps) and "order" in taps
    for page in (ann, bob, watcher):
        expect(page.locator("#end-title")).to_contain_text("won")
        expect(page.locator("#result")).to_be_visible()
    expect(ann.get_by_role("button", name="Play again")).to_be_visible()
    expect(watcher.get_by_role("button", name="Play again")).to_be_hidden()
    shoot(ann, "game-end")
    shoot(watcher, "watching-the-end")
    watcher.get_by_role("button", name="Last trick").click()  # on demand, even watching
    expect(watcher.locator("#last-trick-dialog")).to_be_visible()
    expect(watcher.locator("#last-trick-line")).to_contain_text("took it")
    assert watcher.locator("#last-trick-cards [data-card]").count() >= 3
    watcher.locator("#last-trick-dialog [data-close]").click()

    ann.get_by_role("button", name="Play again").click()
    expect(bob.locator("#end")).to_be_hidden()
    expect(bob.locator("#hand [data-card]").first).to_be_visible()
    table.stop()
    for page in (ann, bob, watcher):
        expect(page.locator("#stopped")).to_have_text(STOPPED)


def test_a_reload_keeps_the_seat_and_a_refusal_is_said_near_the_hand(host, open_page) -> None:
    """A reload in the lobby and in the game keeps the page's seat (its key is kept
    per table); an action the rules refuse shows the server's line by the hand."""
    table = host("standard", "--hints")
    ann = open_page(table.invite)
    join(ann, "Ann", 2)
    ann.reload()
    expect(ann.locator(".lobby-seat.you")).to_have_text("Seat 3Ann (you)")
    expect(ann.locator("#join-form")).to_be_hidden()
    ann.get_by_role("button", name="Start: the computer takes the empty seats").click()
    expect(ann.locator("#hand [data-card]")).to_have_count(5)
    before = hand_of(ann)
    ann.reload()
    expect(ann.locator("#hand [data-card]")).to_have_count(5)
    assert hand_of(ann) == before
    expect(ann.locator(".plate.you")).to_contain_text("Ann")
    hint = ann.get_by_role("button", name="Hint")  # the host allows hints (--hints)
    play([ann], until=lambda state: hint.is_visible())
    hint.click()
    expect(ann.locator("#hint-line")).to_contain_text(re.compile(r"^Hint: (?!Hint)"))
    expect(ann.locator("#mine .hinted")).to_have_count(1)

    def must_follow(state: dict) -> bool:
        """Ann's turn to follow, with a card she may not play: tap it."""
        unplayable = ann.locator("#hand .unplayable")
        # two legal cards at least: an only one is played by the table, at once
        plays = [card for card in state["cards"] if card.startswith("play:")]
        if len(plays) < 2 or not unplayable.count():
            return False
        card = unplayable.first.get_attribute("data-card")
        unplayable.first.evaluate("(node, card) => node.dataset.action = `play:${card}`", card)
        unplayable.first.click()
        return True

    play([ann], until=must_follow)
    expect(ann.locator("#refused")).to_contain_text("you must follow")
    expect(ann.locator("#hand .playable").first).to_be_visible()  # still her turn


def test_cutthroat_three_phones_play_a_hand_through_the_dummy(host, open_page) -> None:
    """Cutthroat: three phones take the three seats (the game starts when the last
    sits down); the maker takes the five-card dummy and discards five by taps, and
    the hand is played out and scored.  A name that is markup shows as text."""
    table = host("cutthroat")
    pages = [open_page(table.invite) for _ in range(3)]
    for seat, (page, name) in enumerate(zip(pages, ("Ann", "Bob", HOSTILE))):
        join(page, name, seat)
    for page in pages:
        expect(page.locator("#hand [data-card]")).to_have_count(5)
    most = {"held": 0, "laid": 0}

    def watch_the_dummy(page, state: dict) -> None:
        """The most cards a page held (the maker's and the dummy's), and laid away."""
        held = page.locator("#hand [data-card]").count()
        if held >= 10 and most["held"] < 10:
            shoot(page, "cutthroat-dummy")
        most["held"] = max(most["held"], held)
        laid = page.locator("#laid-away").text_content() or ""
        most["laid"] = max(most["laid"], len(laid.split(":")[-1].split()))

    taps = play(pages, until=lambda state: state["scored"], look=watch_the_dummy)
    assert most["held"] >= 10  # the maker's five and the dummy's
    assert most["laid"] >= 4  # the fifth discard's answer ends the maker's turn
    assert sum(tap.startswith("discard:") for tap in taps) >= 5
    expect(pages[1].locator("#result-lines")).to_contain_text("trump")
    expect(pages[0].locator(".side-score").nth(2)).to_contain_text(HOSTILE)  # as text
    assert pages[0].locator("main img").count() == 0
    no_sideways_scroll(pages[2], widths=(320, 1920))


# --- Nobody lost -----------------------------------------------------------------------

DECISION = """() => [...document.querySelectorAll("#mine [data-action]")]
    .filter((node) => !node.disabled).length"""


def test_a_closed_page_is_said_gone_its_seat_handed_to_the_computer_and_taken_back(
    host, open_page
) -> None:
    """Ann and Bob sit down (the computer at seats 2 and 3); while Bob decides, Ann's
    page counts how long; his page is closed, and hers says he is gone, counting up,
    by his seat and in the turn line.  Her button hands his seat to the computer (a
    refusal is said under the felt), which plays his decision; his page opened again
    in the same browser (his kept key) takes the seat back, and his next decision is
    his own."""
    table = host("standard")
    ann, bob = open_page(table.invite), open_page(table.invite)
    join(ann, "Ann", 0)
    join(bob, "Bob", 1)
    ann.get_by_role("button", name="Start: the computer takes the empty seats").click()
    play([ann], until=lambda state: bob.evaluate(DECISION) >= 2)  # Bob's decision, not a forced one
    turn, plate = ann.locator("#turn"), ann.locator('[data-seat-plate="1"]')
    expect(turn).to_have_text(re.compile(r"^Waiting for Bob, \d+ s$"))
    bob.close()
    expect(turn).to_have_text(re.compile(r"^Waiting for Bob \(gone \d+ s\)$"))
    expect(plate.locator(".badge.gone")).to_have_text(re.compile(r"^gone [1-9]\d* s$"))  # counts up
    expect(turn).to_have_text(re.compile(r"^Waiting for Bob \(gone [1-9]\d* s\)$"))
    hand_over = ann.get_by_role("button", name="Let the computer play for Bob")
    expect(hand_over).to_be_visible()
    assert ann.evaluate(SMALL_BUTTONS) == []
    no_sideways_scroll(ann, widths=(320, 360))
    shoot(ann, "gone-seat")
    hand_over.evaluate("(node) => { node.dataset.takeover = '2'; }")  # the computer's seat
    hand_over.click()
    refused = ann.locator("#takeover-refused")
    computers = re.compile(r"^The computer cannot play for .+: seat 2 is the computer's$")
    expect(refused).to_have_text(computers)
    shoot(ann, "takeover-refused", sizes=((360, 740),))
    hand_over.click()  # drawn again, for seat 1
    expect(refused).to_be_empty()
    expect(plate).to_contain_text("Bob — the computer plays for now")
    expect(hand_over).to_have_count(0)
    expect(turn).not_to_have_text(re.compile("Bob"))  # his decision made: the table moved on
    shoot(ann, "computer-plays-for-now", sizes=((360, 740),))

    bob = open_page(table.url, context=bob.context)  # his page again: his kept code and key
    expect(bob.locator(".plate.you")).to_contain_text("Bob")
    expect(plate).not_to_contain_text("the computer plays for now")
    expect(plate.locator(".badge.gone")).to_have_count(0)
    his: list[str] = []

    def bobs_decision(page, state: dict) -> None:
        if page is bob and len(state["actions"]) + len(state["cards"]) >= 2:
            expect(bob.locator("#turn")).to_have_text("Your turn")
            expect(plate).not_to_contain_text("the computer plays for now")
            his.append(choose(state["actions"], state["cards"]))

    play([ann, bob], until=lambda state: bool(his), look=bobs_decision)
    expect(bob.locator("body")).not_to_have_class("sending")
    expect(bob.locator("#refused")).to_be_empty()  # the table took his own decision
    expect(bob.locator(f'#mine [data-action="{his[0]}"]')).to_have_count(0)


def test_a_page_picks_the_game_up_again_when_the_host_is_resumed(host, open_page, tmp_path) -> None:
    """A seated page, and the host killed (kill -9) in the middle of a hand: the page
    says it lost the table, and once ``euchre host --resume`` opens it again (the same
    port, code and keys) it reconnects by itself with the same hand and plays on.  The
    host stopped with Ctrl-C: the page says the game is kept and that it will pick it
    up, and does when the host resumes it again."""
    book = str(tmp_path / "book.sqlite3")
    resume = ["--resume", "--delay", "0", "--db", book]
    table = host("standard", "--db", book)
    ann = open_page(table.invite)
    join(ann, "Ann", 0)
    ann.get_by_role("button", name="Start: the computer takes the empty seats").click()
    trick = ann.locator(".middle .played")
    play([ann], until=lambda state: len(state["cards"]) >= 2 and trick.count() >= 1)
    held = hand_of(ann)
    table.process.kill()  # kill -9: no word to the page
    table.process.wait()
    expect(ann.locator("#connection")).to_be_visible()
    again = host("", args=resume)
    assert again.url == table.url
    expect(ann.locator("#connection")).to_be_hidden(timeout=20_000)
    assert hand_of(ann) == held
    play([ann], until=lambda state: len(hand_of(ann)) < len(held))  # she plays on

    again.stop()  # Ctrl-C: said on the page, which keeps trying quietly
    expect(ann.locator("#stopped")).to_have_text(STOPPED)
    expect(ann.locator("#turn")).to_have_text("Waiting for the host to resume the table…")
    expect(ann.locator("#connection")).to_be_hidden()
    shoot(ann, "stopped", sizes=((360, 740),))
    held = hand_of(ann)
    host("", args=resume)
    expect(ann.locator("#resumed")).to_have_text(
        "The host resumed the table: the game goes on.", timeout=20_000
    )
    expect(ann.locator("#stopped")).to_be_hidden()
    assert hand_of(ann) == held
    play([ann], until=lambda state: len(hand_of(ann)) < len(held) or state["scored"])


def test_the_host_at_the_terminal_plays_a_whole_game_against_a_phone(
    open_page, tmp_path: Path, write_yaml
) -> None:
    """``euchre host`` on a pseudo-terminal sits the host at seat 0 with
    ``euchre play``'s screen; a phone joins seat 2 by the invite link; Enter starts, and
    the host's answers and the phone's taps play a seeded game to the end (5 points, to
    keep it short) against two computers, then quit stops the table with the game
    kept."""
    from test_console import plain_answers, read_ready
    from test_seat_terminal import at_a_terminal, read_until

    book = tmp_path / "book.sqlite3"
    five = str(write_yaml("five.yaml", FIVE))
    arguments = ["host", five, "--port", "0", "--delay", "0", "--level", "easy", "--seed", "11",
                 "--code", "TABLE234", "--name", "Dave", "--db", str(book)]  # fmt: skip
    process, controller, terminal = at_a_terminal(arguments, tmp_path)
    shown = bytearray()
    try:
        shown += read_until(controller, b"Press Enter to start")
        link = re.search(rb"Invite: (http://127\.0\.0\.1:\d+/#code=TABLE234)", shown)
        assert link is not None and b"You sit at seat 0 as Dave." in shown
        phone = open_page(link[1].decode())
        join(phone, "Bob", 2)
        shown += read_until(controller, b"Bob sits at seat 2.")
        os.write(controller, b"\r")
        answers, taps = plain_answers(), 0
        next(answers)
        deadline = time.monotonic() + 90
        while b"Enter deals a new game" not in shown[-300:]:
            assert time.monotonic() < deadline, shown[-400:]
            shown += read_ready(controller, 0.02)
            if shown.rstrip(b" ").endswith(b">"):  # the host's question: answered plainly
                last = shown.decode(errors="replace").rstrip().splitlines()[-1]
                os.write(controller, answers.send(last).encode() + b"\r")
                shown += b"\n"
            state = phone.evaluate(CHOICES)
            if not state["sending"] and (state["actions"] or state["cards"]):
                choice = choose(state["actions"], state["cards"])
                try:
                    phone.locator(f'#mine [data-action="{choice}"]').click(force=True, timeout=500)
                    taps += 1
                except sync_api.Error:  # played for the phone meanwhile, or redrawn
                    pass
        expect(phone.locator("#end")).to_be_visible()
        os.write(controller, b"quit\r")
        assert process.wait(30) == 0
        shown += read_ready(controller, 0.5)
        settings = termios.tcgetattr(terminal)[3]  # the terminal given back as it was
        assert settings & termios.ECHO and settings & termios.ICANON
    finally:
        os.close(controller)
        os.close(terminal)
        if process.poll() is None:
            process.kill()
    text = shown.decode(errors="replace")
    assert "Partners: Dave & Bob against" in text and "Your hand: " in text
    assert "Bob plays " in text and re.search(r"\w+ & \w+ win the game, [5-8] to [0-4]\.", text)
    assert taps > 5 and "Traceback" not in text
    assert "Stopped the table; the game is kept (game 1)." in text
    listed = CliRunner().invoke(main, ["games", "--db", str(book)])
    assert "Dave, Bob (people)" in listed.output, listed.output
