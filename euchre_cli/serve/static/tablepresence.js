// How long the table has waited, counted on the page between the server's events:
// since when each person's seat has been gone (from the seats' ``gone_seconds``, as
// of the game object that said it) and since when the seat to act has been deciding
// (since this page saw that decision come up: the server does not say).  Times are the
// page's own clock's (Date.now()), so that a line counts up each second by itself.

const SAME_ABSENCE_MS = 2000; // a gone time said again this close to the kept one: the same absence

const goneSince = new Map(); // seat → when its person was last here
let decision = null; // which decision is being waited for, as decisionKey says it
let decisionSince = 0;

/** The decision the table waits for in ``game``: who, and where in the deal (a seat's
 *  second decision in a row, picking up then discarding, is a new one). */
function decisionKey(game) {
  if (!game.started || game.over || game.between_hands || game.to_act === null || game.to_act === undefined) return null;
  const tricks = (game.tricks_won || []).reduce((sum, count) => sum + count, 0);
  return [game.game, game.hand_number, game.phase, game.to_act, (game.bids || []).length, (game.trick || []).length, tricks].join("|");
}

/** Take in a game object the server sent at ``now``: who is gone since when, and
 *  whether a new decision has come up. */
export function notePresence(game, now = Date.now()) {
  const gone = new Set();
  for (const seat of game.seats || []) {
    if (typeof seat.gone_seconds !== "number") continue;
    gone.add(seat.seat);
    // whole seconds as of the answer: the earliest reckoning is the nearest, and one
    // much later is a new absence (they were back in between)
    const since = now - seat.gone_seconds * 1000;
    const kept = goneSince.get(seat.seat);
    if (kept === undefined || since < kept || since > kept + SAME_ABSENCE_MS) goneSince.set(seat.seat, since);
  }
  for (const seat of [...goneSince.keys()]) if (!gone.has(seat)) goneSince.delete(seat);
  const key = decisionKey(game);
  if (key !== decision) {
    decision = key;
    decisionSince = now;
  }
}

function wholeSeconds(since, now) {
  return Math.max(0, Math.floor((now - since) / 1000));
}

/** The whole seconds ``seat``'s person has been gone at ``now`` (null: here, or no
 *  person's seat). */
export function goneSeconds(seat, now = Date.now()) {
  const since = goneSince.get(seat);
  return since === undefined ? null : wholeSeconds(since, now);
}

/** The whole seconds the decision waited for now has taken so far. */
export function decisionSeconds(now = Date.now()) {
  return wholeSeconds(decisionSince, now);
}
