// Who this page is at the table: the table's code (from the invite link's #code=, or
// kept from it) and the seat it joined, whose secret key opens that seat.  Both are kept
// in localStorage, the seat under the code it was joined with (a table's own), so that a
// reload keeps the seat.  The requests a seat makes carry its key in X-Seat-Key; the
// code's writes go through api.js (X-Table-Code).

import { holdCode, tableCode, whenCodeRefused, write } from "./api.js";

const CODE_KEY = "euchre.host.code";
const SEATS_KEY = "euchre.host.seats"; // {code: {seat, key, name}}, the newest few
const KEPT_TABLES = 8;

let seat = null; // {seat, key, name} of this page, or null: watching
let codeLost = () => {};

function readSeats() {
  try {
    const kept = JSON.parse(localStorage.getItem(SEATS_KEY) || "{}");
    return kept && typeof kept === "object" ? kept : {};
  } catch {
    return {};
  }
}

function writeSeats(kept) {
  const codes = Object.keys(kept);
  for (const old of codes.slice(0, Math.max(0, codes.length - KEPT_TABLES))) delete kept[old];
  localStorage.setItem(SEATS_KEY, JSON.stringify(kept));
}

/** A code from the address (#code=...), taken out of the address bar at once (the
 *  code is the table's: a screenshot of the bar should not give it away). */
function codeFromAddress() {
  const match = /(?:^#|&)code=([^&]*)/.exec(location.hash);
  if (!match) return null;
  history.replaceState(null, "", location.pathname + location.search);
  try {
    return decodeURIComponent(match[1]).trim() || null;
  } catch {
    return null;
  }
}

/** Take the code from the address, else the kept one, and the seat kept for it;
 *  ``onCodeLost()`` when the server refuses the code. */
export function startSeat(onCodeLost) {
  codeLost = onCodeLost;
  const code = codeFromAddress() || localStorage.getItem(CODE_KEY);
  if (code) {
    holdCode(code);
    localStorage.setItem(CODE_KEY, code);
    const kept = readSeats()[code];
    if (kept && typeof kept.key === "string" && Number.isInteger(kept.seat)) seat = kept;
  }
  whenCodeRefused(forgetCode);
}

export function mySeat() {
  return seat;
}

export function hasCode() {
  return Boolean(tableCode());
}

/** Forget the seat (its key no longer opens it: a new table at this address). */
export function forgetSeat() {
  seat = null;
  const code = tableCode();
  if (!code) return;
  const kept = readSeats();
  delete kept[code];
  writeSeats(kept);
}

function forgetCode() {
  forgetSeat();
  localStorage.removeItem(CODE_KEY);
  holdCode(null);
  codeLost();
}

/** The headers of a seat's requests (none for a page that only watches). */
export function seatHeaders() {
  return seat ? { "X-Seat-Key": seat.key } : {};
}

/** Join ``number`` as ``name``: {ok, error}. */
export async function join(name, number) {
  const result = await write("POST", "/api/join", { name, seat: number });
  if (!result.ok) return { ok: false, status: result.status, error: refusedCode(result) };
  seat = { seat: result.body.seat, key: result.body.key, name };
  const kept = readSeats();
  kept[tableCode()] = seat;
  writeSeats(kept);
  return { ok: true };
}

/** A write of the code's (start, play again, a seat handed to the computer): {ok, error}. */
export async function codeWrite(path, payload = {}) {
  const result = await write("POST", path, payload);
  return result.ok ? { ok: true, body: result.body } : { ok: false, status: result.status, error: refusedCode(result) };
}

function refusedCode(result) {
  if (result.status === 403) return "The table no longer takes this page's code: open the invite link the host gave you.";
  return result.body.error;
}

/** A request with the seat's key: {ok, status, body}; a refusal's body is {error}. */
export async function seatRequest(method, path, payload) {
  const init = { method, headers: { ...seatHeaders() }, cache: "no-store" };
  if (payload !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(payload);
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch {
    return { ok: false, status: 0, body: { error: "The table cannot be reached: try again when it is back." } };
  }
  const body = await response.json().catch(() => null);
  if (!response.ok && !(body && body.error)) {
    return { ok: false, status: response.status, body: { error: `the table answered ${response.status}` } };
  }
  return { ok: response.ok, status: response.status, body };
}
