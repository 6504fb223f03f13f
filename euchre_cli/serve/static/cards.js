// Cards drawn in SVG, and the marker cards (R11): two low cards whose lie shows a
// side's points.  A face-down card shows the page's #card-back pattern (index.html).

import { el, plural } from "./dom.js";

const SVG = "http://www.w3.org/2000/svg";
const RED = new Set(["heart", "diamond"]);
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

function svg(tag, attributes = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, String(value));
  for (const child of children) node.append(child);
  return node;
}

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

/** Two marker cards lying as ``m`` says (the API's {top, top_face_up, bottom,
 *  bottom_face_up, pips_showing}), their pips of ``suit``: {cards, words}, the
 *  picture and what it shows in words. */
export function markerCards(m, suit) {
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

// --- Whole cards: a face from its code ("JH", "TC", "7S", "JK"), for a table's page ----

const SUITS = { C: "club", D: "diamond", H: "heart", S: "spade" };
const SYMBOLS = { C: "\u2663", D: "\u2666", H: "\u2665", S: "\u2660" };
const SUIT_NAMES = { C: "clubs", D: "diamonds", H: "hearts", S: "spades" };
const RANKS = { T: "10", J: "J", Q: "Q", K: "K", A: "A" };
const RANK_NAMES = { A: "ace", K: "king", Q: "queen", J: "jack", T: "ten", 9: "nine", 8: "eight", 7: "seven", 6: "six", 5: "five", 4: "four", 3: "three", 2: "two" };
export const JOKER = "JK";
const [L, C, R] = [17, 25, 33]; // the pips' columns on a whole card
const FACE_PIPS = {
  // pip centres on a whole card (50 x 70), by rank: the corners keep x < 11
  2: [[C, 16], [C, 54]],
  3: [[C, 16], [C, 35], [C, 54]],
  4: [[L, 16], [R, 16], [L, 54], [R, 54]],
  5: [[L, 16], [R, 16], [C, 35], [L, 54], [R, 54]],
  6: [[L, 16], [R, 16], [L, 35], [R, 35], [L, 54], [R, 54]],
  7: [[L, 16], [R, 16], [C, 25.5], [L, 35], [R, 35], [L, 54], [R, 54]],
  8: [[L, 16], [R, 16], [C, 25.5], [L, 35], [R, 35], [C, 44.5], [L, 54], [R, 54]],
  9: [[L, 16], [R, 16], [L, 28.7], [R, 28.7], [C, 35], [L, 41.3], [R, 41.3], [L, 54], [R, 54]],
  T: [[L, 16], [R, 16], [C, 22.3], [L, 28.7], [R, 28.7], [L, 41.3], [R, 41.3], [C, 47.7], [L, 54], [R, 54]],
};

/** The suit letter of a card's code (null for the joker). */
export function suitOf(code) {
  return code === JOKER ? null : code.slice(-1);
}

/** A suit by its letter: its symbol (♥) and its name (hearts). */
export function suitSymbol(letter) {
  return SYMBOLS[letter] || "";
}

export function suitName(letter) {
  return SUIT_NAMES[letter] || "";
}

/** Whether a suit letter is a red suit (hearts, diamonds). */
export function isRed(letter) {
  return letter === "H" || letter === "D";
}

/** A card as a person reads it: "J♥", "10♣", "Joker". */
export function cardLabel(code) {
  if (code === JOKER) return "Joker";
  const rank = code.slice(0, -1);
  return `${RANKS[rank] || rank}${suitSymbol(suitOf(code))}`;
}

/** A card in words, for a screen reader: "jack of hearts". */
export function cardWords(code) {
  if (code === JOKER) return "the joker";
  const rank = code.slice(0, -1);
  return `${RANK_NAMES[rank] || rank} of ${suitName(suitOf(code))}`;
}

function text(x, y, words, attributes = {}) {
  const node = svg("text", { x, y, ...attributes });
  node.textContent = words;
  return node;
}

function scaledPip(suit, x, y, scale, flip = false) {
  const node = pip(suit, 0, 0);
  node.setAttribute("transform", `translate(${x} ${y}) scale(${scale})${flip ? " rotate(180)" : ""}`);
  return node;
}

/** A corner's index: the rank, and the suit's pip under it. */
function corner(rank, suit, colour) {
  const group = svg("g", { class: "corner" });
  const narrow = rank.length > 1 ? { textLength: 10, lengthAdjust: "spacingAndGlyphs" } : {}; // "10"
  group.append(text(5.5, 11, rank, { class: `index ${colour}`, "text-anchor": "middle", ...narrow }));
  if (suit) group.append(scaledPip(suit, 5.5, 17.5, 0.55));
  return group;
}

/** The joker: a star and its name, the same on every pack here. */
function jokerFace(face) {
  const star = "M0-9 2.6-2.8 9.3-2.8 3.9 1.2 5.9 7.8 0 3.8-5.9 7.8-3.9 1.2-9.3-2.8-2.6-2.8Z";
  face.append(svg("path", { d: star, transform: "translate(25 30) scale(1.3)", class: "pip red" }));
  face.append(text(25, 56, "JOKER", { class: "joker-word", "text-anchor": "middle" }));
  for (const flip of [false, true]) {
    const index = svg("g", flip ? { transform: "rotate(180 25 35)" } : {});
    index.append(text(5.5, 11, "J", { class: "index black", "text-anchor": "middle" }));
    index.append(text(5.5, 20, "K", { class: "index black", "text-anchor": "middle" }));
    face.append(index);
  }
}

/** A whole card, face up, from its code: an <svg> with its corners and its pips (a
 *  court card shows its letter large, in a frame), sized by the page's CSS.  It has
 *  no label of its own: the element that holds it names the card (``cardWords``). */
export function cardFace(code) {
  const face = svg("svg", { viewBox: "-0.5 -0.5 51 71", class: "card-face", "aria-hidden": "true", focusable: "false" });
  face.append(svg("rect", { width: CARD.width, height: CARD.height, rx: 4, class: "card-edge" }));
  if (code === JOKER) {
    jokerFace(face);
    return face;
  }
  const letter = suitOf(code);
  const suit = SUITS[letter];
  const rank = code.slice(0, -1);
  const colour = isRed(letter) ? "red" : "black";
  face.append(corner(RANKS[rank] || rank, suit, colour));
  const lower = corner(RANKS[rank] || rank, suit, colour);
  lower.setAttribute("transform", "rotate(180 25 35)");
  face.append(lower);
  if (rank === "A") {
    face.append(scaledPip(suit, 25, 35, 2.1));
  } else if ("JQK".includes(rank)) {
    face.append(svg("rect", { x: 12, y: 9, width: 26, height: 52, rx: 2, class: `court ${colour}` }));
    face.append(text(25, 33, rank, { class: `court-letter ${colour}`, "text-anchor": "middle" }));
    face.append(scaledPip(suit, 25, 46, 1.2));
  } else {
    const scale = rank === "9" || rank === "T" ? 0.7 : 0.78; // the most pips, the smallest
    for (const [x, y] of FACE_PIPS[rank] || []) face.append(scaledPip(suit, x, y, scale, y > 35));
  }
  return face;
}

/** A card's back, whole (the page's #card-back pattern). */
export function cardBack() {
  const back = svg("svg", { viewBox: "-0.5 -0.5 51 71", class: "card-face back", "aria-hidden": "true", focusable: "false" });
  back.append(card(0, 0, "", false, "", 0));
  return back;
}
