// The table's score page: the sheet the server serves, live from /api/events, and for
// whoever holds the table's code the controls that write to it.  Every name from the
// book reaches the page as text (textContent), never as markup.
"use strict";

const CODE_KEY = "euchre.tableCode";
const LARGE_KEY = "euchre.large";
const LAST_SHOWN = 3; // entries under "Last hands"
const CHECK_SECONDS = 20; // how often the page makes sure its stream is alive
// A code refused, in a person's words (the server's 403 line is for scripts)
const CODE_TYPED_WRONG = "That is not this table's code: type the code the server printed when it started.";
const CODE_NO_LONGER_TAKEN =
  "The server no longer takes this page's code (it was started with a new one): type the code it printed.";
const TRICKS = [0, 1, 2, 3, 4, 5];
const SUITS = ["heart", "spade", "diamond", "club"]; // one per side, as the terminal draws
const RED = new Set(["heart", "diamond"]);
const SVG = "http://www.w3.org/2000/svg";

const state = {
  sheet: null,
  history: [],
  code: null,
  live: false,
  armed: { alone: false, defender: false },
  entryFor: null, // the sides the entry controls were built for
  sending: false, // a hand on its way to the server
};

const $ = (selector, root = document) => root.querySelector(selector);

/** An element with attributes and children; a string child is always a text node. */
function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === false || value === null || value === undefined) continue;
    if (name.startsWith("on")) node.addEventListener(name.slice(2), value);
    else node.setAttribute(name, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(typeof child === "string" || typeof child === "number" ? String(child) : child);
  }
  return node;
}

function svg(tag, attributes = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, String(value));
  for (const child of children) node.append(child);
  return node;
}

function plural(count, word) {
  return `${count} ${word}${count === 1 ? "" : "s"}`;
}

// --- The server ---------------------------------------------------------------------

/** A GET of the API: the JSON, or an Error carrying the server's one line. */
async function getJSON(path) {
  const response = await fetch(path, { cache: "no-store" });
  const body = await response.json().catch(() => null);
  if (!response.ok) throw new Error((body && body.error) || `the server answered ${response.status}`);
  return body;
}

let unanswered = null; // {request, key}: the last write that got no answer

/** The Idempotency-Key of a write: a new one for each write meant, but the same for a
 *  write sent again after it got no answer (the server may have made it and lost
 *  only the answer: it answers the key again rather than make the write twice). */
function writeKey(request) {
  if (unanswered && unanswered.request === request) return unanswered.key;
  const bytes = crypto.getRandomValues(new Uint8Array(16)); // randomUUID needs https
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** A write with the table's code: {ok, status, body}; a refusal's body is {"error"}. */
async function write(method, path, payload = {}) {
  const body = JSON.stringify(payload);
  const request = `${method} ${path} ${body}`;
  const key = writeKey(request);
  let response;
  try {
    response = await fetch(path, {
      method,
      headers: { "Content-Type": "application/json", "X-Table-Code": state.code || "", "Idempotency-Key": key },
      body,
    });
  } catch {
    unanswered = { request, key };
    return { ok: false, status: 0, body: { error: "the server cannot be reached: try again when it is back" } };
  }
  unanswered = null;
  const answer = response.status === 204 ? null : await response.json().catch(() => null);
  if (response.status === 403 && path !== "/api/code") {
    askForCode(CODE_NO_LONGER_TAKEN);
    return { ok: false, status: 403, body: { error: CODE_NO_LONGER_TAKEN } };
  }
  if (!response.ok && !(answer && answer.error)) {
    return { ok: false, status: response.status, body: { error: `the server answered ${response.status}` } };
  }
  return { ok: response.ok, status: response.status, body: answer };
}

/** Send a write and say its refusal in ``errorLine``; true when it was taken. */
async function send(method, path, payload, errorLine) {
  errorLine.textContent = "";
  const result = await write(method, path, payload);
  if (!result.ok) {
    errorLine.textContent = result.body.error;
    return false;
  }
  if (result.body && result.body.sides && !state.live) showSheet(result.body);
  return true;
}

let events = null;
let retryTimer = null;

/** Follow /api/events; a lost stream shows the banner until a sheet arrives again. */
function listen() {
  clearTimeout(retryTimer);
  if (events) events.close();
  events = new EventSource("/api/events");
  events.addEventListener("sheet", (event) => {
    state.live = true;
    $("#connection").hidden = true;
    showSheet(JSON.parse(event.data));
  });
  events.addEventListener("error", (event) => {
    if (event.data) {
      // the server's own "error" event: it is there, but cannot read the sheet now
      $("#connection").hidden = true;
      $("#game-line").textContent = JSON.parse(event.data).error;
      return;
    }
    state.live = false;
    $("#connection").hidden = false;
    if (events.readyState === EventSource.CLOSED) retryTimer = setTimeout(listen, 2000);
  });
}

/** Every CHECK_SECONDS, and when a phone wakes the page: the sheet asked for plainly.
 *  A stream that died without a word (a phone asleep, Wi-Fi gone) delivers nothing and
 *  raises no error, so a sheet that differs from the one shown, or no answer, means
 *  the stream is opened again. */
async function checkIn() {
  let sheet;
  try {
    sheet = await getJSON("/api/sheet");
  } catch (problem) {
    if (!(problem instanceof TypeError)) {
      $("#game-line").textContent = problem.message; // the server's line: it is there
      return;
    }
    state.live = false;
    $("#connection").hidden = false;
    listen();
    return;
  }
  if (JSON.stringify(sheet) !== JSON.stringify(state.sheet)) {
    showSheet(sheet);
    listen();
  }
}

// --- The board ----------------------------------------------------------------------

function showSheet(sheet) {
  const switched = !state.sheet || state.sheet.sheet !== sheet.sheet;
  state.sheet = sheet;
  $("#sheet-name").textContent = sheet.sheet;
  $("#sheet-rules").textContent = sheet.ruleset;
  document.title = `${sheet.sheet}: Euchre score`;
  $("#game-line").textContent = gameLine(sheet);
  drawBoard(sheet);
  buildEntry();
  refreshHistory();
  if (switched && $("#sheets-dialog").open) showSheets();
}

/** The scores standing now: the game in play, or the last game of a complete sheet. */
function standingScores(sheet) {
  if (sheet.game) return sheet.game.scores;
  const last = sheet.games[sheet.games.length - 1];
  return last ? last.scores : Object.fromEntries(sheet.sides.map((side) => [side, 0]));
}

function gameLine(sheet) {
  const parts = [];
  if (sheet.game) parts.push(`Game ${sheet.game.number}`);
  else if (sheet.rubber && sheet.rubber.winner !== null) {
    parts.push(`The rubber goes to ${sheet.rubber.winner}, margin ${sheet.rubber.margin}`);
  } else parts.push("This sheet is complete");
  if (sheet.game && sheet.dealer) parts.push(`${sheet.dealer} deals`);
  else if (sheet.game && "dealer" in sheet) parts.push("dealer not set");
  return parts.join(" · ");
}

function sideOf(sheet, player) {
  return sheet.sides.find((side) => (sheet.players[side] || []).includes(player));
}

function gamesWon(sheet, side) {
  if (sheet.rubber) return sheet.rubber.games_won[side];
  return sheet.games.filter((game) => game.winner === side).reduce((sum, game) => sum + game.counted, 0);
}

function drawBoard(sheet) {
  const board = $("#board");
  const scores = standingScores(sheet);
  const bridge = sheet.game && sheet.game.bridge;
  const dealerSide = sheet.game && sheet.dealer ? sideOf(sheet, sheet.dealer) : null; // none once complete
  // no side has a picture (the ruleset has no markers, or none for this target): the
  // note is said once, under the board, as the terminal says it once
  const pictured = "markers" in sheet && sheet.sides.some((side) => sheet.markers && sheet.markers[side]);
  const note = "markers" in sheet && !pictured ? sheet.marker_note : null;
  board.dataset.sides = String(sheet.sides.length);
  board.replaceChildren(
    ...sheet.sides.map((side, index) => {
      const badges = [];
      if (side === bridge) badges.push(el("span", { class: "badge bridge" }, "at the bridge"));
      if (side === dealerSide) badges.push(el("span", { class: "badge dealer" }, `${sheet.dealer} deals`));
      if (sheet.rubber && sheet.rubber.winner === side) {
        badges.push(el("span", { class: "badge winner" }, `won the rubber by ${sheet.rubber.margin}`));
      }
      const facts = [el("li", {}, `Games won: ${gamesWon(sheet, side)}`)];
      if (sheet.rubber) facts.push(el("li", {}, `Rubber points: ${sheet.rubber.rubber_points[side]}`));
      const picture = pictured ? markers(sheet, side, index) : { cards: null, words: null };
      return el(
        "article",
        { class: "side", "data-side": index, "aria-label": side },
        el("h2", { class: "side-name" }, side),
        el(
          "div",
          { class: "standing" },
          el("p", { class: "score", "aria-label": `${side}: ${plural(scores[side], "point")}` }, scores[side]),
          picture.cards,
        ),
        picture.words,
        el("div", { class: "badges" }, badges),
        el("ul", { class: "facts" }, facts),
        el("div", { class: "tricks", "data-tricks": index }),
      );
    }),
    note ? el("p", { class: "marker-note quiet" }, note) : "",
  );
  fillTricks();
}

// --- The marker cards (R11) -----------------------------------------------------------

const CARD = { width: 50, height: 70, dx: 9, dy: 24 }; // the top card lies lower and right
const PIPS = {
  // pip centres on a face-up card, for the ranks the marker sets use
  2: [[25, 18], [25, 52]],
  3: [[25, 17], [25, 35], [25, 53]],
  4: [[15, 19], [35, 19], [15, 51], [35, 51]],
  5: [[15, 18], [35, 18], [25, 35], [15, 52], [35, 52]],
  6: [[15, 17], [35, 17], [15, 35], [35, 35], [15, 53], [35, 53]],
};
const EDGE = { 1: [25], 2: [15, 35], 3: [10, 25, 40] }; // pips in the uncovered strip
const SUIT_PATHS = {
  heart: "M0 5.5C-7 0-6.5-6-3.2-6-1.6-6-.4-4.9 0-3.6.4-4.9 1.6-6 3.2-6 6.5-6 7 0 0 5.5Z",
  diamond: "M0-6.5 4.6 0 0 6.5-4.6 0Z",
  spade: "M0-6.5C-7-1-6.5 3.6-3.2 3.6-1.8 3.6-.9 2.9-.5 2.2L-1.8 6.5H1.8L.5 2.2C.9 2.9 1.8 3.6 3.2 3.6 6.5 3.6 7-1 0-6.5Z",
  club: "M0-6.6A2.9 2.9 0 0 1 2.4-2.1 2.9 2.9 0 1 1 .6 2.6L1.8 6.5H-1.8L-.6 2.6A2.9 2.9 0 1 1-2.4-2.1 2.9 2.9 0 0 1 0-6.6Z",
};

function pip(suit, x, y) {
  return svg("path", {
    d: SUIT_PATHS[suit],
    transform: `translate(${x} ${y})`,
    class: RED.has(suit) ? "pip red" : "pip black",
  });
}

/** One card at (x, y): its back, or its face with every pip and its rank in the corner;
 *  a face-up card underneath (``edge``: the pips showing) draws only the pips of the
 *  strip the card on top leaves uncovered, and its rank beside it. */
function card(x, y, rank, faceUp, suit, edge) {
  const group = svg("g", { transform: `translate(${x} ${y})`, class: faceUp ? "card face" : "card back" });
  group.append(svg("rect", { width: CARD.width, height: CARD.height, rx: 4, class: "card-edge" }));
  if (!faceUp) {
    group.append(svg("rect", { x: 3, y: 3, width: CARD.width - 6, height: CARD.height - 6, rx: 2, fill: "url(#card-back)" }));
    return group;
  }
  const centres = edge ? EDGE[edge].map((px) => [px, CARD.dy / 2 + 1]) : PIPS[rank] || [];
  for (const [px, py] of centres) group.append(pip(suit, px, py));
  const index = svg("text", { x: 3, y: edge ? CARD.dy + 11 : 10, class: RED.has(suit) ? "index red" : "index black" });
  index.textContent = String(rank);
  group.append(index);
  return group;
}

function markerWords(m) {
  const top = `${m.top} face ${m.top_face_up ? "up" : "down"} on top of the ${m.bottom}`;
  const under = m.bottom_face_up
    ? `${m.bottom} face up, ${plural(m.pips_showing, "pip")} showing`
    : `${m.bottom} face down underneath`;
  return [top, under];
}

/** A side's marker cards ({cards, words}: the picture, and what it shows in words);
 *  where the ruleset or target has no picture, the terminal's note instead. */
function markers(sheet, side, index) {
  const m = sheet.markers && sheet.markers[side];
  if (!m) return { cards: null, words: el("p", { class: "marker-words note" }, sheet.marker_note || "") };
  const suit = SUITS[index % SUITS.length];
  const words = markerWords(m);
  const width = CARD.width + CARD.dx + 2;
  const height = CARD.height + CARD.dy + 2;
  const picture = svg(
    "svg",
    { viewBox: `-1 -1 ${width + 1} ${height + 1}`, class: "marker-cards", role: "img", "aria-label": words.join("; ") },
    card(0, 0, m.bottom, m.bottom_face_up, suit, m.bottom_face_up ? m.pips_showing : 0),
    svg("rect", { x: CARD.dx + 1.5, y: CARD.dy + 2, width: CARD.width, height: CARD.height, rx: 4, class: "shadow" }),
    card(CARD.dx, CARD.dy, m.top, m.top_face_up, suit, 0),
  );
  return { cards: picture, words: el("p", { class: "marker-words", "aria-hidden": "true" }, el("span", {}, words[0]), el("span", {}, words[1])) };
}

// --- Entry (with the code) ----------------------------------------------------------

function sideNumber(sheet, side) {
  return String(sheet.sides.indexOf(side) + 1); // WHO as a number: no name can be one
}

function buildEntry() {
  const place = $("#entry");
  const sheet = state.sheet;
  if (!state.code || !sheet) {
    place.replaceChildren();
    state.entryFor = null;
    fillTricks();
    return;
  }
  const shape = JSON.stringify([sheet.sheet, sheet.sides, sheet.seating || null]);
  if (state.entryFor !== shape) {
    state.entryFor = shape;
    place.replaceChildren($("#entry-template").content.cloneNode(true));
    wireEntry(place);
  }
  for (const select of place.querySelectorAll("[data-sides]")) fillSides(select, sheet);
  for (const select of place.querySelectorAll("[data-players]")) fillPlayers(select, sheet);
  const dealerPick = $(".dealer-pick", place);
  const asksDealer = "dealer" in sheet && sheet.dealer === null && sheet.game !== null && sheet.entries === 0;
  dealerPick.hidden = !asksDealer;
  if (asksDealer) {
    $(".choices", dealerPick).replaceChildren(
      ...players(sheet).map((name) =>
        el("button", { type: "button", onclick: () => send("POST", "/api/dealer", { dealer: name }, entryError()) }, name),
      ),
    );
  }
  for (const button of place.querySelectorAll("[data-toggle]")) {
    button.setAttribute("aria-pressed", String(state.armed[button.dataset.toggle]));
  }
  // a complete sheet takes no more hands: only undo (and editing, in the history)
  for (const part of place.querySelectorAll('[data-toggle], [data-action="thrown-in"], .more')) {
    part.hidden = sheet.game === null;
  }
  const lone = loneHands(sheet);
  for (const button of place.querySelectorAll("[data-toggle]")) {
    const offered = button.dataset.toggle === "alone" ? lone.maker : lone.defender;
    if (!offered) {
      button.hidden = true;
      state.armed[button.dataset.toggle] = false;
    }
  }
  // a book that keeps no deal (no "dealer" in the sheet) has no thrown-in hand nor dealer
  if (!("dealer" in sheet)) {
    for (const part of place.querySelectorAll('[data-action="thrown-in"], [data-form="dealer"]')) part.hidden = true;
  }
  fillTricks();
}

/** The lone hands the ruleset has (R6): classic has no lone defender, and the page
 *  offers none, in the entry controls or the edit dialog. */
function loneHands(sheet) {
  return sheet.lone_hands || { maker: true, defender: true };
}

function players(sheet) {
  return sheet.seating || sheet.sides.flatMap((side) => sheet.players[side] || []);
}

/** A select of the sides by number, but for side number ``left`` (the makers, for a
 *  lone defender's); the choice kept where it is still offered. */
function fillSides(select, sheet, left = null) {
  const chosen = select.value;
  const options = sheet.sides
    .map((side, index) => el("option", { value: String(index + 1) }, side))
    .filter((option) => option.value !== left);
  if (select.dataset.none) options.unshift(el("option", { value: "" }, select.dataset.none));
  select.replaceChildren(...options);
  if (chosen) select.value = chosen;
  if (select.selectedIndex < 0) select.selectedIndex = 0;
}

function fillPlayers(select, sheet) {
  const chosen = select.value;
  select.replaceChildren(...players(sheet).map((name) => el("option", { value: name }, name)));
  const wanted = chosen || sheet.dealer;
  if (wanted) select.value = wanted;
}

function entryError() {
  return $('[data-error="entry"]') || el("p");
}

/** The tricks buttons under each side: a hand in one tap, two with "alone" armed. */
function fillTricks() {
  const sheet = state.sheet;
  for (const place of document.querySelectorAll("[data-tricks]")) {
    if (!state.code || !sheet || !sheet.game) {
      place.replaceChildren();
      continue;
    }
    const side = sheet.sides[Number(place.dataset.tricks)];
    const alone = state.armed.alone ? " alone" : "";
    place.replaceChildren(
      el("p", { class: "tricks-label" }, "Made trump: tricks"),
      el(
        "div",
        { class: "tricks-grid" },
        TRICKS.map((tricks) =>
          el(
            "button",
            {
              type: "button",
              class: "trick",
              "aria-label": `${side} made trump${alone}, ${plural(tricks, "trick")}`,
              onclick: () => enterHand(side, tricks),
            },
            tricks,
          ),
        ),
      ),
    );
  }
}

function wireEntry(place) {
  for (const button of place.querySelectorAll("[data-toggle]")) {
    button.addEventListener("click", () => {
      const which = button.dataset.toggle;
      state.armed[which] = !state.armed[which];
      button.setAttribute("aria-pressed", String(state.armed[which]));
      fillTricks();
    });
  }
  $('[data-action="undo"]', place).addEventListener("click", () => send("POST", "/api/undo", {}, entryError()));
  $('[data-action="thrown-in"]', place).addEventListener("click", () =>
    send("POST", "/api/thrown-in", {}, entryError()),
  );
  $('[data-action="cancel-defender"]', place).addEventListener("click", () => askDefender(null));
  onSubmit($('[data-form="points"]', place), (form) =>
    send("POST", "/api/points", { who: form.who.value, points: Number(form.points.value), reason: form.reason.value.trim() }, entryError()),
  );
  onSubmit($('[data-form="renege"]', place), (form) =>
    send("POST", "/api/renege", { who: form.who.value, alone: form.alone.checked }, entryError()),
  );
  onSubmit($('[data-form="dealer"]', place), (form) =>
    send("POST", "/api/dealer", { dealer: form.dealer.value }, entryError()),
  );
}

function onSubmit(form, handler) {
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const button = form.querySelector('[type="submit"]');
    button.disabled = true;
    try {
      await handler(form);
    } finally {
      button.disabled = false;
    }
  });
}

/** Makers and tricks are tapped; a lone defender is asked for only where two sides defend. */
async function enterHand(side, tricks) {
  const sheet = state.sheet;
  const hand = { makers: sideNumber(sheet, side), tricks, alone: state.armed.alone, defender_alone: null };
  if (state.armed.defender) {
    const defenders = sheet.sides.filter((other) => other !== side);
    if (defenders.length > 1) {
      askDefender(hand, defenders);
      return;
    }
    hand.defender_alone = sideNumber(sheet, defenders[0]);
  }
  await postHand(hand);
}

/** One hand at a time: a second tap while the first is on its way enters nothing. */
async function postHand(hand) {
  if (state.sending) return;
  state.sending = true;
  document.body.classList.add("sending");
  try {
    if (await send("POST", "/api/hands", hand, entryError())) {
      state.armed = { alone: false, defender: false };
      buildEntry();
    }
  } finally {
    state.sending = false;
    document.body.classList.remove("sending");
  }
}

function askDefender(hand, defenders = []) {
  const pick = $(".defender-pick");
  if (!pick) return;
  pick.hidden = hand === null;
  $(".choices", pick).replaceChildren(
    ...defenders.map((side) =>
      el(
        "button",
        {
          type: "button",
          onclick: () => {
            pick.hidden = true;
            postHand({ ...hand, defender_alone: sideNumber(state.sheet, side) });
          },
        },
        side,
      ),
    ),
  );
}

// --- History -------------------------------------------------------------------------

let historyBusy = false;
let historyAgain = false;

/** Fetch /api/history after a change; changes that come while it runs fetch once more. */
async function refreshHistory() {
  if (historyBusy) {
    historyAgain = true;
    return;
  }
  historyBusy = true;
  try {
    do {
      historyAgain = false;
      try {
        state.history = await getJSON("/api/history");
      } catch {
        // the server went away meanwhile: keep what is shown, the next sheet fetches again
      }
    } while (historyAgain);
    drawHistory();
  } finally {
    historyBusy = false;
  }
}

/** Who scored what, as the terminal says it: "+2" when only the entry's own side
 *  scored, else each side by name. */
function gains(entry) {
  const points = Object.entries(entry.points || {}).filter(([, value]) => value !== 0);
  const signed = (value) => `${value > 0 ? "+" : ""}${value}`;
  if (points.length === 1 && points[0][0] === entry.who) return signed(points[0][1]);
  return points.map(([side, value]) => `${side} ${signed(value)}`).join(", ");
}

/** "game 1 over", "the rubber over": what an entry ended, for the last hands. */
function ends(entry) {
  if (entry.rubber_end) return `game ${entry.game_end} and the rubber over`;
  return entry.game_end !== null && entry.game_end !== undefined ? `game ${entry.game_end} over` : "";
}

function drawHistory() {
  const recent = state.history.slice(-LAST_SHOWN).reverse();
  $("#last-hands").replaceChildren(
    ...(recent.length
      ? recent.map((entry) =>
          el(
            "li",
            {},
            el("span", { class: "number" }, `#${entry.number}`),
            " ",
            el("span", {}, entry.text),
            gains(entry) ? el("span", { class: "gains" }, ` ${gains(entry)}`) : null,
            ends(entry) ? el("span", { class: "badge end" }, ends(entry)) : null,
          ),
        )
      : [el("li", { class: "quiet" }, "No hands yet.")]),
  );
  const sides = state.sheet ? state.sheet.sides : [];
  const editable = state.code && state.sheet;
  const head = el(
    "thead",
    {},
    el("tr", {}, el("th", { scope: "col" }, "#"), el("th", { scope: "col" }, "Entry"),
      sides.map((side, index) =>
        el("th", { scope: "col", class: "num", "aria-label": side },
          el("span", { class: "long" }, side), el("span", { class: "short" }, `${index + 1}`)),
      )),
  );
  const rows = [];
  const span = sides.length + 2;
  for (const entry of state.history) {
    const edit = editable && ["hand", "points", "renege"].includes(entry.kind)
      ? el("button", { type: "button", class: "small", "aria-label": `Edit #${entry.number}`, onclick: () => openEdit(entry) }, "Edit")
      : null;
    rows.push(
      el(
        "tr",
        {},
        el("td", { class: "entry-number" }, `${entry.number}`, edit),
        el("td", {}, entry.text),
        sides.map((side) => el("td", { class: "num" }, entry.totals ? entry.totals[side] : "")),
      ),
    );
    if (entry.game_end !== null && entry.game_end !== undefined) {
      rows.push(el("tr", { class: "mark" }, el("td", { colspan: span }, `End of game ${entry.game_end}`)));
    }
    if (entry.rubber_end) rows.push(el("tr", { class: "mark rubber" }, el("td", { colspan: span }, "End of the rubber")));
  }
  if (!rows.length) rows.push(el("tr", {}, el("td", { colspan: span }, "No entries yet.")));
  const key = sides.map((side, index) => `${index + 1} ${side}`).join(", ");
  $("#history-table").replaceChildren(el("caption", {}, `Running totals: ${key}`), head, el("tbody", {}, rows));
}

function openEdit(entry) {
  const sheet = state.sheet;
  const form = $("#edit-template").content.firstElementChild.cloneNode(true);
  $("#edit-title").textContent = `Edit #${entry.number}`;
  for (const select of form.querySelectorAll("[data-sides]")) fillSides(select, sheet);
  const number = (who) => (sheet.sides.includes(who) ? sideNumber(sheet, who) : "");
  form.kind.value = entry.kind;
  if (entry.kind === "hand") {
    form.makers.value = number(entry.who) || "1";
    form.tricks.value = String(entry.tricks ?? 3);
    form.alone.checked = Boolean(entry.alone);
    form.defender_alone.value = number(entry.defender_alone);
  } else if (entry.kind === "points") {
    form.who.value = number(entry.who) || "1";
    form.points.value = String(entry.points[entry.who] ?? 1);
    form.reason.value = entry.reason || "";
  } else {
    form.reneger.value = number(entry.who) || "1";
    form.lone.checked = Boolean(entry.alone);
  }
  const lone = loneHands(sheet);
  form.alone.closest("label").hidden = !lone.maker;
  form.defender_alone.closest("label").hidden = !lone.defender;
  const showKind = () => {
    for (const part of form.querySelectorAll("[data-kind]")) part.hidden = part.dataset.kind !== form.kind.value;
    fillSides(form.defender_alone, sheet, form.makers.value); // never the makers' own side
  };
  form.addEventListener("change", showKind);
  showKind();
  onSubmit(form, async () => {
    const kind = form.kind.value;
    const body =
      kind === "hand"
        ? { kind, makers: form.makers.value, tricks: Number(form.tricks.value), alone: lone.maker && form.alone.checked,
            defender_alone: (lone.defender && form.defender_alone.value) || null }
        : kind === "points"
          ? { kind, who: form.who.value, points: Number(form.points.value), reason: form.reason.value.trim() }
          : { kind, who: form.reneger.value, alone: form.lone.checked };
    if (await send("PUT", `/api/entries/${entry.number}`, body, $('[data-error="edit"]', form))) {
      $("#edit-dialog").close();
    }
  });
  $("#edit-place").replaceChildren(form);
  $("#edit-dialog").showModal();
}

// --- Sheets ---------------------------------------------------------------------------

async function showSheets() {
  const list = $("#sheet-list");
  const error = $("#sheets-error");
  let answer;
  try {
    answer = await getJSON("/api/sheets");
  } catch (problem) {
    error.textContent = problem.message;
    return;
  }
  list.replaceChildren(
    ...answer.sheets.map((sheet) => {
      const current = sheet.name === answer.current;
      return el(
        "li",
        { class: current ? "current" : "" },
        el("span", { class: "sheet-title" }, sheet.name),
        el("span", { class: "quiet" }, ` ${sheet.ruleset}: ${sheet.sides.join(" v ")}`),
        current
          ? el("span", { class: "badge" }, "shown")
          : state.code
            ? el("button", { type: "button", onclick: () => useSheet(sheet.name) }, "Show")
            : null,
      );
    }),
  );
  const place = $("#new-sheet-place");
  if (!state.code) {
    place.replaceChildren();
    return;
  }
  if (!place.firstElementChild) {
    place.replaceChildren($("#new-sheet-template").content.cloneNode(true));
    wireNewSheet($('[data-form="new-sheet"]', place));
  }
  const select = $('select[name="ruleset"]', place);
  const chosen = select.value || "standard";
  const rulesets = answer.rulesets || [...new Set(["standard", ...answer.sheets.map((sheet) => sheet.ruleset)])];
  select.replaceChildren(...rulesets.map((name) => el("option", { value: name }, name)));
  select.value = rulesets.includes(chosen) ? chosen : rulesets[0];
}

async function useSheet(name) {
  if (await send("POST", "/api/use", { sheet: name }, $("#sheets-error"))) {
    listen(); // the stream follows the sheet being served
    $("#sheets-dialog").close(); // the sheet asked for is what the page shows now
  }
}

function wireNewSheet(form) {
  form.addEventListener("change", () => {
    const teams = form.seats.value === "teams";
    $('[data-part="teams"]', form).hidden = !teams;
    $('[data-part="players"]', form).hidden = teams;
  });
  onSubmit(form, async () => {
    const given = (...names) => names.map((name) => form[name].value.trim()).filter(Boolean);
    const body = { name: form.name.value.trim() || null, ruleset: form.ruleset.value };
    if (form.dealer.value.trim()) body.dealer = form.dealer.value.trim();
    if (form.seats.value === "teams") body.teams = [given("t1a", "t1b"), given("t2a", "t2b")];
    else body.players = given("p1", "p2", "p3");
    const error = $("#sheets-error");
    error.textContent = "";
    const result = await write("POST", "/api/sheets", body);
    if (!result.ok) {
      error.textContent = result.body.error;
      return;
    }
    form.reset();
    await useSheet(result.body.sheet);
  });
}

// --- The code -------------------------------------------------------------------------

/** Ask the server whether ``code`` is the table's; keep it when it is. */
async function tryCode(code, errorLine) {
  const previous = state.code;
  state.code = code;
  const result = await write("POST", "/api/code", {});
  if (result.ok) {
    localStorage.setItem(CODE_KEY, code);
    errorLine.textContent = "";
  } else {
    state.code = previous;
    errorLine.textContent = result.status === 403 ? CODE_TYPED_WRONG : result.body.error;
  }
  codeChanged();
  return result.ok;
}

function forgetCode() {
  localStorage.removeItem(CODE_KEY);
  state.code = null;
  codeChanged();
}

function codeChanged() {
  $("#open-code").textContent = state.code ? "Code \u2713" : "Code";
  if (state.code) $("#open-code").setAttribute("aria-label", "Code (this page keeps the score)");
  else $("#open-code").removeAttribute("aria-label");
  $("#open-code").classList.toggle("holding", Boolean(state.code));
  $("#code-form").hidden = Boolean(state.code);
  $("#code-known").hidden = !state.code;
  state.entryFor = null;
  buildEntry();
  drawHistory();
}

/** A kept code the server no longer takes (it was started with another) is dropped. */
async function checkKeptCode() {
  const result = await write("POST", "/api/code", {});
  if (result.status === 403) askForCode(CODE_NO_LONGER_TAKEN);
}

/** The page's code was refused: it is forgotten, and the code asked for again, saying why. */
function askForCode(why) {
  forgetCode();
  $("#code-error").textContent = why;
  if (!$("#code-dialog").open) $("#code-dialog").showModal();
}

/** A code from the address (#code=...), taken out of the address bar at once. */
function codeFromAddress() {
  const match = /(?:^#|&)code=([^&]*)/.exec(location.hash);
  if (!match) return null;
  history.replaceState(null, "", location.pathname + location.search);
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return null;
  }
}

// --- Start ----------------------------------------------------------------------------

function setLarge(large) {
  document.body.classList.toggle("large", large);
  $("#toggle-large").setAttribute("aria-pressed", String(large));
  localStorage.setItem(LARGE_KEY, large ? "1" : "");
}

function start() {
  for (const button of document.querySelectorAll("[data-close]")) {
    button.addEventListener("click", () => button.closest("dialog").close());
  }
  $("#open-history").addEventListener("click", () => {
    drawHistory();
    $("#history-dialog").showModal();
  });
  $("#open-sheets").addEventListener("click", () => {
    $("#sheets-error").textContent = "";
    showSheets();
    $("#sheets-dialog").showModal();
  });
  $("#open-code").addEventListener("click", () => $("#code-dialog").showModal());
  $("#toggle-large").addEventListener("click", () => setLarge(!document.body.classList.contains("large")));
  $("#code-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    if (await tryCode($("#code-input").value.trim(), $("#code-error"))) $("#code-dialog").close();
  });
  $("#forget-code").addEventListener("click", forgetCode);
  setLarge(localStorage.getItem(LARGE_KEY) === "1");

  const given = codeFromAddress();
  const kept = localStorage.getItem(CODE_KEY);
  if (given) {
    tryCode(given, $("#code-error")).then((ok) => {
      if (!ok) $("#code-dialog").showModal();
    });
  } else if (kept) {
    state.code = kept;
    codeChanged();
    checkKeptCode();
  } else codeChanged();
  listen();
  setInterval(checkIn, CHECK_SECONDS * 1000);
  document.addEventListener("visibilitychange", () => document.hidden || checkIn());
  window.addEventListener("online", checkIn);
}

document.addEventListener("DOMContentLoaded", start);
