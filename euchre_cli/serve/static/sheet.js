// The sheet on the board: its name and ruleset, the game line, and each side's score
// with its marker cards, badges (at the bridge, who deals, the rubber) and facts.

import { markerCards } from "./cards.js";
import { $, el, plural } from "./dom.js";

const SUITS = ["heart", "spade", "diamond", "club"]; // one per side, as the terminal draws

let shown = null; // the sheet on the page

export function shownSheet() {
  return shown;
}

/** Show ``sheet`` on the board; true when it is another sheet than the one shown. */
export function drawSheet(sheet) {
  const switched = !shown || shown.sheet !== sheet.sheet;
  shown = sheet;
  $("#sheet-name").textContent = sheet.sheet;
  $("#sheet-rules").textContent = sheet.ruleset;
  document.title = `${sheet.sheet}: Euchre score`;
  $("#game-line").textContent = gameLine(sheet);
  drawBoard(sheet);
  return switched;
}

/** The scores standing now: the game in play, or the last game of a complete sheet. */
function standingScores(sheet) {
  return (sheet.game || sheet.games[sheet.games.length - 1]).scores;
}

/** "Game 2 · Cy deals"; a sheet with no game in play is complete, its rubber won. */
function gameLine(sheet) {
  if (!sheet.game) return `The rubber goes to ${sheet.rubber.winner}, margin ${sheet.rubber.margin}`;
  return `Game ${sheet.game.number} · ${sheet.dealer ? `${sheet.dealer} deals` : "dealer not set"}`;
}

function sideOf(sheet, player) {
  return sheet.sides.find((side) => sheet.players[side].includes(player));
}

function gamesWon(sheet, side) {
  if (sheet.rubber) return sheet.rubber.games_won[side];
  return sheet.games.filter((game) => game.winner === side).reduce((sum, game) => sum + game.counted, 0);
}

/** Each side's score; under it, empty, the place of its tricks buttons (the entry's). */
function drawBoard(sheet) {
  const board = $("#board");
  const scores = standingScores(sheet);
  const bridge = sheet.game && sheet.game.bridge;
  const dealerSide = sheet.game && sheet.dealer ? sideOf(sheet, sheet.dealer) : null; // none once complete
  // no side has a picture (the ruleset has no markers, or none for this target): the
  // note is said once, under the board, as the terminal says it once
  const pictured = sheet.markers !== null && sheet.sides.some((side) => sheet.markers[side] !== null);
  const note = pictured ? null : sheet.marker_note;
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
}

/** A side's marker cards ({cards, words}: the picture, and what it shows in words);
 *  where its score has no picture, the terminal's note instead. */
function markers(sheet, side, index) {
  const m = sheet.markers[side];
  if (m === null) return { cards: null, words: el("p", { class: "marker-words note" }, sheet.marker_note) };
  return markerCards(m, SUITS[index % SUITS.length]);
}
