// The table's page (`euchre host`): the lobby where a person with the invite link takes
// a seat, then the game as that seat sees it, live from the seat's event stream; a page
// with no seat watches.  Nobody is lost: a person gone is said by their seat, and a
// page with the code may hand their seat to the computer; a page whose host stopped
// keeps trying, and picks the game up again when the host resumes it.  This module
// wires the parts: tableseat (the code and the seat's key), tablestream (the events),
// tablepresence (who is gone, how long a turn takes), tableview (the drawing) and
// tablewords (the words).

import { openDialog, wireCloseButtons } from "./dialogs.js";
import { $, el } from "./dom.js";
import { notePresence } from "./tablepresence.js";
import { codeWrite, forgetSeat, hasCode, join, mySeat, seatHeaders, seatRequest, startSeat } from "./tableseat.js";
import { HeaderStream } from "./tablestream.js";
import { drawLastTrick, drawTable, isGone, mayTakeOver, tickClocks, turnLine } from "./tableview.js";
import { goneWords, seatName } from "./tablewords.js";

const STOPPED = "The host stopped the table; the game is kept on their machine.";
const PICKED_UP_AGAIN = "This page will pick it up again if they resume it.";
const STOPPED_TURN = "Waiting for the host to resume the table\u2026";
const RESUMED = "The host resumed the table: the game goes on.";
const RESUMED_SHOWN_MS = 8000; // how long the page says so
const TICK_MS = 250; // the counts on the page go up on time, within a quarter second

const CHECK_SECONDS = 20; // how often the page makes sure its stream is not stuck

let game = null; // the newest game object shown
let shownJSON = ""; // ... as the server wrote it, to compare
let sending = false; // an action is on its way: the page's buttons wait for its answer
let heard = 0; // game objects the stream has brought
let stopped = false;
let hinted = null; // the action a hint named, for the game it was asked in
let spoken = ""; // the turn line as #turn-said last said it, its counts left out
const takingOver = new Set(); // the seats this page asked the computer to play, unanswered
let resumedTimer = null;
let refusedLine = null; // the server's line when it refused the stream: the turn line until it answers

const stream = new HeaderStream({
  url: "/api/events",
  headers: seatHeaders,
  on: { game: fromStream, stopped: (body) => stop(body && body.error) },
  // after "stopped" the stream is tried again, further apart each time (at most 10 s):
  // the table the host resumes answers with the same code and keys
  onState: (live) => {
    $("#connection").hidden = live || stopped;
  },
  onRefused: (status, line) => {
    if (status === 403 && mySeat()) {
      // the kept key opens no seat here (a new table at this address): watch instead
      forgetSeat();
      if (stopped) goOn(); // not the table the host stopped: nothing to pick up
      $("#lobby-error").textContent = "This page's seat is not at this table any more.";
      stream.open();
      return;
    }
    refusedLine = line;
    say(line);
  },
});

/** The turn line; a screen reader hears it when it says something new, not each time
 *  a count in it goes up. */
function say(line) {
  const turn = $("#turn");
  if (turn.textContent !== line) turn.textContent = line;
  const words = line.replace(/\d+ s\b/g, "");
  if (words !== spoken) {
    spoken = words;
    $("#turn-said").textContent = line;
  }
}

/** A game object from the stream: the newest there is. */
function fromStream(value) {
  heard += 1;
  refusedLine = null;
  if (stopped) resumed();
  show(value);
}

function show(value) {
  if (value !== game) notePresence(value);
  game = value;
  shownJSON = JSON.stringify(value);
  if (game.stopped) stop(STOPPED);
  $("#table-rules").textContent = game.ruleset ? `Rules: ${game.ruleset}` : "";
  const started = Boolean(game.started);
  $("#lobby").hidden = started;
  $("#table").hidden = !started;
  $("#open-last-trick").hidden = !started;
  if (!started) {
    drawLobby();
    return;
  }
  if (hinted && hinted.to_act !== game.to_act) hinted = null;
  if (game.to_act !== game.seat || game.over) $("#refused").textContent = ""; // the turn has passed
  document.body.classList.toggle("table-stopped", stopped);
  say(stopped ? STOPPED_TURN : turnLine(game));
  drawTable(game, { holdsCode: hasCode(), sending: sending || stopped, stopped, takingOver });
  if (!(game.seats || []).some((info) => mayTakeOver(game, info))) $("#takeover-refused").textContent = "";
  markHint();
  $("#open-last-trick").disabled = !game.last_trick;
  const myTurn = game.seat !== null && game.to_act === game.seat && (game.legal || []).length > 0;
  $("#ask-hint").hidden = !(game.hints && myTurn) || stopped;
  if (!myTurn) $("#hint-line").hidden = true;
  if ($("#last-trick-dialog").open) drawLastTrick(game);
}

// --- The lobby ------------------------------------------------------------------------

function drawLobby() {
  const seated = mySeat();
  const canJoin = hasCode() && !seated && !stopped;
  $("#join-form").hidden = !canJoin;
  $("#start").hidden = !hasCode() || stopped;
  const seats = game.seats || [];
  $("#lobby-seats").replaceChildren(
    ...seats.map((seat) => {
      const label = `Seat ${seat.seat + 1}`;
      if (seat.name !== null) {
        const you = seated && seated.seat === seat.seat;
        const gone = !you && isGone(game, seat) && typeof seat.gone_seconds === "number";
        return el(
          "li",
          { class: `lobby-seat taken${you ? " you" : ""}` },
          el("span", { class: "seat-number" }, label),
          el("span", { class: "seat-name" }, seat.name, you ? " (you)" : ""),
          gone ? el("span", { class: "seat-gone quiet", "data-gone-seat": seat.seat }, goneWords(seat.gone_seconds)) : "",
        );
      }
      if (canJoin) {
        return el(
          "li",
          { class: "lobby-seat" },
          el("button", { type: "button", "data-seat": seat.seat, onclick: () => takeSeat(seat.seat) }, `${label}: sit here`),
        );
      }
      return el("li", { class: "lobby-seat empty" }, el("span", { class: "seat-number" }, label), el("span", { class: "seat-name quiet" }, "empty"));
    }),
  );
  let note;
  if (seated) note = `You sit at seat ${seated.seat + 1} as ${seated.name}. The game starts when every seat is taken, or when someone starts it.`;
  else if (hasCode()) note = "Type your name, then tap a free seat. Or watch: the game starts when someone starts it.";
  else note = "You are watching. To sit down, open the invite link the host gave you.";
  $("#lobby-note").textContent = note;
  say(seated ? "Waiting for the start\u2026" : "Waiting for the players\u2026");
}

async function takeSeat(number) {
  const error = $("#lobby-error");
  const name = $("#join-name").value.trim();
  error.textContent = "";
  if (!name) {
    error.textContent = "Type your name first, then tap a seat.";
    $("#join-name").focus();
    return;
  }
  for (const button of document.querySelectorAll("[data-seat]")) button.disabled = true;
  const result = await join(name, number);
  if (!result.ok) {
    error.textContent = result.error;
    if (game) drawLobby();
    return;
  }
  stream.open(); // the seat's own stream: its hand, its choices
}

async function start() {
  const button = $("#start");
  button.disabled = true;
  const result = await codeWrite("/api/start");
  button.disabled = false;
  $("#lobby-error").textContent = result.ok ? "" : result.error;
}

async function again() {
  const button = $("#again");
  button.disabled = true;
  const result = await codeWrite("/api/again");
  button.disabled = false;
  $("#end-error").textContent = result.ok ? "" : result.error;
}

// --- Acting -------------------------------------------------------------------------

/** Send the action a button or a card carries; a refusal is said near the hand. */
async function act(text) {
  if (sending || stopped || !mySeat()) return;
  sending = true;
  document.body.classList.add("sending");
  if (game) drawTable(game, { holdsCode: hasCode(), sending: true, takingOver });
  const before = heard;
  const forced = game && (game.legal || []).length === 1;
  const result = await seatRequest("POST", "/api/actions", { action: text });
  // a forced action the table made first is no refusal worth saying
  const said = result.ok || (forced && result.status === 409) ? "" : result.body.error;
  $("#refused").textContent = said;
  // The answer is the game just after this action.  Once the stream has brought a game
  // since it was sent, the answer may be older than what is shown (the computer's
  // turns that followed it), and the stream brings every later change: it is dropped.
  done(result.ok && heard === before ? result.body : game);
}

function done(body) {
  sending = false;
  document.body.classList.remove("sending");
  if (body) show(body);
}

/** Hand the gone person's ``seat`` to the computer until they are back; the stream
 *  brings the change, and a refusal is said under the felt. */
async function takeOver(seat) {
  if (takingOver.has(seat) || stopped || !game) return;
  const name = seatName(game, seat);
  takingOver.add(seat);
  $("#takeover-refused").textContent = "";
  if (game.started) drawTable(game, { holdsCode: hasCode(), sending, takingOver });
  const result = await codeWrite("/api/takeover", { seat });
  takingOver.delete(seat);
  $("#takeover-refused").textContent = result.ok ? "" : `The computer cannot play for ${name}: ${result.error}`;
  if (game && game.started) drawTable(game, { holdsCode: hasCode(), sending, stopped, takingOver });
}

/** The game asked for plainly: a stream can be stuck without a word (a phone asleep, a
 *  lost network), so an answer that differs from what is shown opens it afresh (its
 *  first event is the newest game). */
async function checkIn() {
  if (stopped || document.hidden) return;
  const result = await seatRequest("GET", "/api/game");
  if (result.ok && JSON.stringify(result.body) !== shownJSON) stream.open();
}

async function askHint() {
  const line = $("#hint-line");
  const result = await seatRequest("GET", "/api/hint");
  line.hidden = false;
  if (!result.ok) {
    line.textContent = result.body.error;
    return;
  }
  hinted = { action: result.body.action, to_act: game && game.to_act };
  const words = String(result.body.words || result.body.action);
  line.textContent = /^hint\b/i.test(words) ? words : `Hint: ${words}`;
  markHint();
}

/** The button or card a hint named, marked. */
function markHint() {
  for (const node of document.querySelectorAll(".hinted")) node.classList.remove("hinted");
  if (!hinted) return;
  for (const node of document.querySelectorAll("#mine [data-action]")) {
    if (node.dataset.action === hinted.action) node.classList.add("hinted");
  }
}

/** The host stopped the table: said, and nothing can be sent, while the stream is
 *  tried again (quietly: no "reconnecting" banner) until the host resumes it. */
function stop(line) {
  stopped = true;
  clearTimeout(resumedTimer);
  $("#resumed").hidden = true;
  const banner = $("#stopped");
  banner.textContent = `${line || STOPPED} ${PICKED_UP_AGAIN}`;
  banner.hidden = false;
  $("#connection").hidden = true;
  say(STOPPED_TURN);
  for (const button of document.querySelectorAll("main button")) button.disabled = true;
  document.body.classList.add("table-stopped");
  $("#prompt").textContent = "";
}

/** The page is no longer stopped: its buttons work again. */
function goOn() {
  stopped = false;
  document.body.classList.remove("table-stopped");
  $("#stopped").hidden = true;
  for (const id of ["#start", "#again", "#take-back"]) $(id).disabled = false;
}

/** The stream answers again after "stopped": the host resumed the table, with the
 *  same code and keys, and the game goes on from where it stopped. */
function resumed() {
  goOn();
  const banner = $("#resumed");
  banner.textContent = RESUMED;
  banner.hidden = false;
  clearTimeout(resumedTimer);
  resumedTimer = setTimeout(() => {
    banner.hidden = true;
  }, RESUMED_SHOWN_MS);
}

/** Each count on the page brought up to now. */
function tick() {
  if (!game || stopped) return;
  const now = Date.now();
  tickClocks(now);
  if (game.started && refusedLine === null) say(turnLine(game, now));
}

// A module script runs once the page is parsed: its elements are all there.
wireCloseButtons();
startSeat(() => {
  $("#lobby-error").textContent = "The table no longer takes this page's code: open the invite link the host gave you.";
  if (game && !game.started) drawLobby();
});
$("#join-form").addEventListener("submit", (event) => event.preventDefault());
$("#start").addEventListener("click", start);
$("#again").addEventListener("click", again);
$("#ask-hint").addEventListener("click", askHint);
$("#open-last-trick").addEventListener("click", () => {
  if (!game) return;
  drawLastTrick(game);
  openDialog($("#last-trick-dialog"));
});
// one listener for every action: the buttons and cards are drawn afresh with each change
$("#mine").addEventListener("click", (event) => {
  const target = event.target.closest("[data-action]");
  if (target && !target.disabled) act(target.dataset.action);
});
$("#felt").addEventListener("click", (event) => {
  const target = event.target.closest("[data-takeover]");
  if (target && !target.disabled) takeOver(Number(target.dataset.takeover));
});
// a stream opened again with the seat's key makes the seat its person's again
$("#take-back").addEventListener("click", () => stream.open());
setInterval(tick, TICK_MS);
document.addEventListener("visibilitychange", () => document.hidden || (stream.nudge(), checkIn()));
window.addEventListener("online", () => stream.nudge());
setInterval(checkIn, CHECK_SECONDS * 1000);
stream.open();
