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
