// Drawing the game from a seat's game object (GET /api/game, or an event of the
// stream): the score with the marker cards, the deal's facts, the seats around the
// felt with the trick, the result of the last hand, the end, and this seat's hand and
// choices.  Everything the server sent reaches the page as text (dom.js's el).

import { cardFace, cardLabel, cardWords, isRed, markerCards, suitName, suitSymbol } from "./cards.js";
import { $, el, plural } from "./dom.js";
import { decisionSeconds, goneSeconds } from "./tablepresence.js";
import {
  CARD_ACTIONS,
  PLAYED_FOR_NOW,
  actionWords,
  bidWords,
  cardVerb,
  goneWords,
  handResult,
  parseAction,
  question,
  seatInfo,
  seatName,
  waitingFor,
} from "./tablewords.js";

const MARKER_SUITS = ["heart", "spade", "diamond", "club"];
// Where each seat sits on the felt, by how far it is to the left of the bottom seat
const PLACES = { 2: ["bottom", "top"], 3: ["bottom", "left", "right"], 4: ["bottom", "left", "top", "right"] };
const BIDDING = new Set(["bid-upcard", "name-trump", "dealer-names"]);
const MOST_PER_ROW = 6; // cards in a row of the hand: more go to a second row

/** A card drawn whole: a <span> naming it (role img), or with ``attributes`` of a
 *  button, a <button>. */
export function drawnCard(code, attributes = null, extraClass = "") {
  if (attributes) {
    return el("button", { type: "button", class: `card ${extraClass}`.trim(), "data-card": code, ...attributes }, cardFace(code));
  }
  return el("span", { class: `card ${extraClass}`.trim(), "data-card": code, role: "img", "aria-label": cardWords(code), title: cardLabel(code) }, cardFace(code));
}

/** A suit's symbol in its colour, for a line of text. */
export function suitSpan(letter) {
  return el("span", { class: isRed(letter) ? "suit red" : "suit black", title: suitName(letter) }, suitSymbol(letter));
}

/** The seat at the bottom of the felt: this page's, or seat 0 for a page that watches. */
function bottomSeat(game) {
  return game.seat === null || game.seat === undefined ? 0 : game.seat;
}

function placeOf(game, seat, count) {
  const places = PLACES[count] || PLACES[4];
  return places[(seat - bottomSeat(game) + count) % count] || "top";
}

/** The line under the bar at ``now``: whose turn it is, in words, and how long the
 *  table has waited for a person. */
export function turnLine(game, now = Date.now()) {
  if (game.over) return game.winner ? `${game.winner} won. Game over.` : "Game over.";
  if (game.between_hands) return "The hand is over: the next is being dealt\u2026";
  if (game.to_act === null || game.to_act === undefined) return "\u2026";
  if (game.to_act === game.seat) {
    if (seatInfo(game, game.seat).played_by_computer) return `Your turn \u2014 ${PLAYED_FOR_NOW}`;
    return game.legal && game.legal.length ? "Your turn" : "Your only card is played for you\u2026";
  }
  return waitingFor(game, game.to_act, { gone: goneSeconds(game.to_act, now), seconds: decisionSeconds(now) });
}

/** The counts that go up by themselves (a gone seat's, on its plate or in the lobby)
 *  brought up to ``now``. */
export function tickClocks(now = Date.now()) {
  for (const node of document.querySelectorAll("[data-gone-seat]")) {
    const seconds = goneSeconds(Number(node.dataset.goneSeat), now);
    const words = seconds === null ? "" : goneWords(seconds);
    if (node.textContent !== words) node.textContent = words;
  }
}

/** A person's seat nobody follows now (their page or terminal is gone), seen from
 *  another seat. */
export function isGone(game, info) {
  return info.kind === "person" && !info.connected && info.seat !== game.seat;
}

/** Whether a page with the code may hand ``info``'s seat to the computer now. */
export function mayTakeOver(game, info) {
  return Boolean(game.started && !game.over && isGone(game, info) && !info.played_by_computer);
}

/** How a side's marker cards lie ({top, top_face_up, bottom, bottom_face_up,
 *  pips_showing}, as the scoreboard's API gives them), where the game object says. */
function markerOf(game, side, index) {
  if (side.markers) return side.markers;
  const markers = game.markers;
  if (!markers) return null;
  return (Array.isArray(markers) ? markers[index] : markers[side.name]) || null;
}

/** The score: each side's name, points (and marker cards, where the ruleset keeps
 *  score with them), games won in a match. */
function drawScores(game) {
  const sides = game.sides || [];
  const makers = new Set(game.makers || []);
  const boxes = sides.map((side, index) => {
    const mine = side.seats.includes(game.seat);
    const making = side.seats.some((seat) => makers.has(seat)) && game.trump;
    const marker = markerOf(game, side, index);
    const picture = marker ? markerCards(marker, MARKER_SUITS[index % MARKER_SUITS.length]) : null;
    return el(
      "div",
      { class: `side-score${mine ? " mine" : ""}`, "data-side": index },
      el("p", { class: "side-name" }, side.name, mine ? el("span", { class: "you" }, " (you)") : ""),
      el(
        "div",
        { class: "side-standing" },
        el("p", { class: "points", "aria-label": `${plural(side.score, "point")}` }, String(side.score)),
        picture ? picture.cards : "",
      ),
      el(
        "p",
        { class: "side-facts" },
        making ? el("span", { class: "badge" }, "makers") : "",
        side.games_won ? el("span", { class: "badge" }, `${plural(side.games_won, "game")} won`) : "",
        `${plural(game.tricks_won ? side.seats.reduce((sum, seat) => sum + (game.tricks_won[seat] || 0), 0) : 0, "trick")}`,
      ),
    );
  });
  $("#scores").replaceChildren(
    el("p", { class: "game-of" }, `Game ${game.game || 1} \u00b7 hand ${game.hand_number || 1} \u00b7 ${game.points_to_win} to win`),
    el("div", { class: "side-scores", "data-sides": sides.length }, boxes),
  );
}

/** The deal's facts: the dealer, the upcard, trump and who made it, lone hands, the
 *  bids as they are made, a weak hand shown. */
function drawFacts(game) {
  const items = [el("li", {}, "Dealer: ", el("strong", {}, seatName(game, game.dealer)))];
  if (game.upcard) {
    const how = game.upcard_taken === true ? " (picked up)" : game.trump && game.trump !== game.proposed_suit ? " (turned down)" : "";
    items.push(el("li", {}, "Upcard: ", el("strong", {}, cardLabel(game.upcard)), how));
  }
  if (game.trump) {
    const makers = (game.makers || []).map((seat) => seatName(game, seat)).join(" & ");
    items.push(el("li", { class: "trump" }, "Trump: ", suitSpan(game.trump), ` ${suitName(game.trump)}, made by `, el("strong", {}, makers || seatName(game, game.maker))));
  }
  for (const seat of game.alone || []) items.push(el("li", { class: "alone" }, el("strong", {}, seatName(game, seat)), " goes alone"));
  for (const seat of game.sitting_out || []) items.push(el("li", {}, `${seatName(game, seat)} sits out`));
  const bids = game.bids || [];
  if (bids.length) {
    const said = bids.map((bid, index) => `${seatName(game, bid.seat)} ${bidWords(game, bid, index)}`);
    items.push(el("li", { class: "bids" }, "Bids: ", said.join(", ")));
  }
  if (game.weak_hand) {
    items.push(
      el(
        "li",
        { class: "weak" },
        `${seatName(game, game.weak_hand.seat)} shows a weak hand: `,
        el("span", { class: "small-cards" }, game.weak_hand.cards.map((code) => drawnCard(code))),
      ),
    );
  }
  $("#facts").replaceChildren(...items);
}

/** One seat's plate on the felt: its name, what it is (dealer, maker, alone), its
 *  last bid, its tricks, and whether it is its turn; a person gone, how long, and for
 *  a page with the code (``takeover``) the button that hands the seat to the computer. */
function seatPlate(game, seat, place, takeover) {
  const info = seatInfo(game, seat);
  const badges = [];
  if (seat === game.dealer) badges.push("dealer");
  if (seat === game.maker) badges.push("maker");
  if ((game.alone || []).includes(seat)) badges.push("alone");
  if ((game.sitting_out || []).includes(seat)) badges.push("sits out");
  if (info.kind === "computer") badges.push("computer");
  const bids = (game.bids || []).map((bid, index) => ({ bid, index })).filter(({ bid }) => bid.seat === seat);
  const last = bids.length && BIDDING.has(game.phase) ? bids[bids.length - 1] : null;
  const turn = seat === game.to_act && !game.between_hands && !game.over;
  const you = seat === game.seat;
  const forNow = info.kind === "person" && info.played_by_computer;
  const gone = isGone(game, info) && !forNow && goneSeconds(seat) !== null;
  const handOver = takeover && mayTakeOver(game, info);
  return el(
    "div",
    { class: `plate plate-${place}${turn ? " to-act" : ""}${you ? " you" : ""}${gone ? " gone" : ""}`, "data-seat-plate": seat },
    el(
      "p",
      { class: "plate-name" },
      seatName(game, seat),
      you ? el("span", { class: "you" }, " (you)") : "",
      forNow ? el("span", { class: "plate-note" }, ` \u2014 ${PLAYED_FOR_NOW}`) : "",
    ),
    el(
      "p",
      { class: "plate-facts" },
      gone ? el("span", { class: "badge gone", "data-gone-seat": seat }, goneWords(goneSeconds(seat))) : "",
      badges.map((badge) => el("span", { class: `badge${badge === "dealer" ? " dealer" : ""}` }, badge)),
      el("span", { class: "tricks-taken" }, plural((game.tricks_won || [])[seat] || 0, "trick")),
    ),
    last ? el("p", { class: "bid-said" }, bidWords(game, last.bid, last.index)) : "",
    handOver
      ? el(
          "button",
          { type: "button", class: "takeover", "data-takeover": seat, disabled: takeover.busy.has(seat) },
          `Let the computer play for ${seatName(game, seat)}`,
        )
      : "",
  );
}

/** The middle of the felt: the trick as it is played (each card before the seat that
 *  played it), the trick just taken while the next is not led, else the upcard. */
function drawMiddle(game, count) {
  const middle = el("div", { class: "middle" });
  let plays = game.trick || [];
  let caption = "";
  let done = false;
  if (plays.length === 0 && game.last_trick && (game.phase === "play" || game.phase === "over" || game.between_hands || game.over)) {
    plays = game.last_trick.plays;
    done = true;
    caption = `${seatName(game, game.last_trick.winner)} took the trick`;
  }
  if (plays.length || game.phase === "play") {
    for (const play of plays) {
      const won = done && play.seat === game.last_trick.winner;
      const played = drawnCard(play.card, null, `played at-${placeOf(game, play.seat, count)}${won ? " won" : ""}`);
      played.setAttribute("aria-label", `${seatName(game, play.seat)}: ${cardWords(play.card)}`);
      middle.append(played);
    }
    if (done) middle.classList.add("done");
  } else if (game.upcard) {
    const turned = game.phase === "name-trump" || (game.trump && game.upcard_taken === false);
    const upcard = drawnCard(game.upcard, null, `upcard${turned ? " turned" : ""}`);
    upcard.setAttribute("aria-label", `Upcard: ${cardWords(game.upcard)}${turned ? ", turned down" : ""}`);
    middle.append(upcard);
    middle.classList.add("upcard-shown");
    caption = turned ? "Turned down" : game.upcard_taken ? `${seatName(game, game.dealer)} picked it up` : "Upcard";
  }
  if (caption) middle.append(el("p", { class: "middle-caption" }, caption));

  return middle;
}

function drawFelt(game, takeover) {
  const count = (game.seats || []).length || 4;
  const plates = (game.seats || []).map((s) => seatPlate(game, s.seat, placeOf(game, s.seat, count), takeover));
  const felt = $("#felt");
  felt.dataset.seats = String(count);
  const trump = game.trump
    ? el("p", { class: "felt-trump", title: `Trump: ${suitName(game.trump)}` }, el("span", { class: "trump-word" }, "Trump"), suitSpan(game.trump))
    : "";
  felt.replaceChildren(...plates, drawMiddle(game, count), trump);
}

/** The last scored hand's result; when the game or match is won, that too. */
function drawResult(game) {
  const box = $("#result");
  const last = game.last_hand;
  box.hidden = !last;
  box.classList.toggle("fresh", Boolean(game.between_hands || game.over));
  if (!last) return;
  const lines = handResult(game, last).map((line) => el("p", {}, line));
  if (game.game_winner && !game.over) lines.push(el("p", { class: "won" }, `${game.game_winner} won game ${game.game}.`));
  $("#result-title").textContent = game.between_hands ? "The hand is over" : "Last hand";
  $("#result-lines").replaceChildren(...lines);
}

/** The end: who won, and "Play again" for a page with the table's code. */
function drawEnd(game, holdsCode) {
  const end = $("#end");
  end.hidden = !game.over;
  if (!game.over) return;
  const scores = (game.sides || []).map((side) => `${side.name} ${side.score}`).join(", ");
  $("#end-title").textContent = game.winner ? `${game.winner} won` : "Game over";
  $("#end-line").textContent = `Final score: ${scores}.`;
  $("#again").hidden = !holdsCode;
}

/** This seat's hand, drawn as cards: the cards a legal action takes are buttons
 *  (data-action), the others plain; and a button for every other legal action. */
function drawMine(game, sending, stopped) {
  const mine = $("#mine");
  mine.hidden = game.seat === null || game.seat === undefined;
  if (mine.hidden) {
    $("#hand").replaceChildren();
    return;
  }
  const legal = game.legal || [];
  const byCard = new Map();
  const others = [];
  for (const text of legal) {
    const { kind, arg } = parseAction(text);
    if (CARD_ACTIONS[kind] && arg) byCard.set(arg, { text, verb: cardVerb(game.phase, kind) });
    else others.push(text);
  }
  const hand = game.hand || [];
  const choosing = byCard.size > 0;
  $("#hand").style.setProperty("--per-row", String(Math.max(1, Math.min(hand.length, MOST_PER_ROW))));
  $("#hand").replaceChildren(
    ...hand.map((code) => {
      const action = byCard.get(code);
      const drawn = action
        ? drawnCard(code, { "data-action": action.text, "aria-label": `${action.verb} the ${cardWords(code)}`, disabled: sending }, "playable")
        : drawnCard(code, null, choosing ? "unplayable" : "");
      return el("li", {}, drawn);
    }),
  );
  $("#actions").replaceChildren(
    ...others.map((text) => {
      const words = actionWords(game, text);
      const { kind, arg } = parseAction(text);
      const label = kind === "name" ? ["Name ", suitSpan(arg)] : [words.text];
      return el("button", { type: "button", class: kind === "pass" ? "action" : "action primary", "data-action": text, "aria-label": words.label || null, disabled: sending }, label);
    }),
  );
  const myTurn = game.to_act === game.seat && legal.length > 0;
  // handed to the computer while this page was open (by the host's terminal): a tap,
  // or the button that opens the seat's stream again, makes it the person's again
  const forNow = Boolean(seatInfo(game, game.seat).played_by_computer);
  $("#take-back").hidden = !forNow;
  // a person's only legal action is made for them after the host's pause (as at the
  // terminal); a tap meanwhile makes it at once
  const forced = legal.length === 1 ? (byCard.size ? "Your only card: it is played for you" : "Your only choice: it is made for you") : "";
  if (forNow) $("#prompt").textContent = "The computer plays your seat for now.";
  else $("#prompt").textContent = myTurn && !stopped ? forced || question(game) : "";
  const laid = [...(game.discards || []), ...(game.given || [])];
  $("#laid-away").hidden = laid.length === 0;
  $("#laid-away").textContent = laid.length ? `Laid away face down: ${laid.map(cardLabel).join(" ")}` : "";
}

/** The whole table from ``game``; ``holdsCode``: the page may start the next game, and
 *  hand a gone person's seat to the computer (``takingOver``: the seats it has asked
 *  for, their buttons waiting for the answer); ``stopped``: the host stopped the table. */
export function drawTable(game, { holdsCode, sending, stopped = false, takingOver = new Set() }) {
  drawScores(game);
  drawFacts(game);
  drawFelt(game, holdsCode && !stopped ? { busy: takingOver } : null);
  drawResult(game);
  drawEnd(game, holdsCode);
  drawMine(game, sending, stopped);
}

/** The last trick, in the dialog: each seat's card, and who took it. */
export function drawLastTrick(game) {
  const trick = game.last_trick;
  if (!trick) return;
  $("#last-trick-line").textContent = `${seatName(game, trick.winner)} took it; ${seatName(game, trick.leader)} led.`;
  $("#last-trick-cards").replaceChildren(
    ...trick.plays.map((play) =>
      el("li", { class: play.seat === trick.winner ? "won" : "" }, drawnCard(play.card), el("span", {}, seatName(game, play.seat))),
    ),
  );
}
