// What the table's page says: actions as buttons, bids as the table hears them, the
// question put to the seat to act, a hand's result.  The words follow the terminal's
// (euchre_cli/terminal/words.py), so that a game reads the same in both.

import { cardLabel, cardWords, suitName, suitSymbol } from "./cards.js";

/** The action kinds that take a card, and what tapping a card then does. */
export const CARD_ACTIONS = { play: "Play", discard: "Discard", give: "Pass" };

/** The verb of a card's action in ``phase`` ("Play", "Discard", "Swap", "Pass"). */
export function cardVerb(phase, kind) {
  return phase === "weak-exchange" && kind === "discard" ? "Swap" : CARD_ACTIONS[kind];
}

/** Split an action's text ("play:JH", "name:H", "pass") into its kind and argument. */
export function parseAction(text) {
  const colon = text.indexOf(":");
  return colon < 0 ? { kind: text, arg: null } : { kind: text.slice(0, colon), arg: text.slice(colon + 1) };
}

/** A seat's name, as the seats list has it ("seat 3" while it is empty). */
export function seatName(game, seat) {
  const found = (game.seats || []).find((s) => s.seat === seat);
  return (found && found.name) || `seat ${seat + 1}`;
}

/** Whether the game is played in partnerships (a side of two or more seats). */
export function partnerships(game) {
  return (game.sides || []).some((side) => side.seats.length > 1);
}

function partnerOf(game, seat) {
  const side = (game.sides || []).find((s) => s.seats.includes(seat));
  if (!side || side.seats.length < 2) return null;
  return side.seats.find((other) => other !== seat);
}

/** A button's words for a legal action that is no card, in ``game``'s phase:
 *  {text, label} (label: for a screen reader, when the text is a symbol). */
export function actionWords(game, text) {
  const { kind, arg } = parseAction(text);
  const phase = game.phase;
  const dealer = game.dealer === game.seat;
  if (kind === "name") {
    const words = phase === "dealer-names" ? `Name ${suitName(arg)} (the joker is up)` : `Name ${suitName(arg)} trump`;
    return { text: `Name ${suitSymbol(arg)}`, label: words };
  }
  if (kind === "order") {
    if (dealer) return { text: "Pick it up" };
    if (partnerships(game) && partnerOf(game, game.seat) === game.dealer) return { text: "Assist" };
    return { text: "Order it up" };
  }
  if (kind === "alone") return { text: phase === "defender-alone" ? "Defend alone" : "Go alone" };
  if (kind === "pickup") return { text: "Pick it up" };
  if (kind === "show") return { text: "Show your hand" };
  if (kind === "pass") {
    const words = {
      "maker-alone": "Not alone",
      "defender-alone": "Don't defend alone",
      pickup: "Leave it",
      "weak-hand": "Keep your hand",
    };
    return { text: words[phase] || "Pass" };
  }
  if (CARD_ACTIONS[kind]) {
    const verb = cardVerb(phase, kind);
    return { text: `${verb} ${cardLabel(arg)}`, label: `${verb} the ${cardWords(arg)}` };
  }
  return { text };
}

/** A bid as the table says it: "passes", "orders it up", "names ♥". */
export function bidWords(game, bid, index) {
  const { kind, arg } = parseAction(bid.action);
  if (kind === "pass") return "passes";
  if (kind === "name") {
    const joker = game.upcard === "JK" && index === 0 && bid.seat === game.dealer;
    return `${joker ? "turns up the joker and names" : "names"} ${suitSymbol(arg)}`;
  }
  if (kind === "order") {
    if (bid.seat === game.dealer) return "picks it up";
    if (partnerships(game) && partnerOf(game, bid.seat) === game.dealer) return "assists";
    return "orders it up";
  }
  return bid.action;
}

/** The question the seat to act is answering (the terminal's, without its [y/n]). */
export function question(game) {
  const upcard = game.upcard ? cardLabel(game.upcard) : "";
  const legal = game.legal || [];
  const cards = legal.filter((text) => CARD_ACTIONS[parseAction(text).kind]);
  switch (game.phase) {
    case "bid-upcard":
      if (game.dealer === game.seat) return `Pick up ${upcard}?`;
      if (legal.length === 1 && legal[0] === "pass") return `You hold no ${suitName(game.proposed_suit)}: pass`;
      if (partnerships(game) && partnerOf(game, game.seat) === game.dealer) return `Assist your partner with ${upcard}?`;
      return `Order up ${upcard}?`;
    case "name-trump":
      return legal.includes("pass") ? "Name trump, or pass" : "You are stuck: name trump";
    case "dealer-names":
      return "The joker is up: name trump";
    case "maker-alone":
      return "Go alone?";
    case "defender-alone":
      return "Defend alone?";
    case "pickup":
      return `Pick up ${upcard}?`;
    case "discard":
      return "Discard a card: tap it";
    case "call-for-best":
      return "Your partner goes alone: tap your best card to pass it";
    case "weak-hand":
      return "Your hand is weak: show it?";
    case "weak-exchange":
      return "Tap a card to swap it for the kitty's";
    case "play": {
      if (!game.trick || game.trick.length === 0) return "Your lead: tap a card";
      const all = (game.hand || []).length;
      return cards.length < all ? "Follow suit: tap a card" : "Your card: tap one";
    }
    default:
      return "Your turn";
  }
}

/** A seat's entry in the seats list ({} for none). */
export function seatInfo(game, seat) {
  return (game.seats || []).find((s) => s.seat === seat) || {};
}

/** A person's seat whose page or terminal is gone, and for how long: "gone 40 s". */
export function goneWords(seconds) {
  return `gone ${seconds} s`;
}

/** What a person's seat the computer plays for them says after their name. */
export const PLAYED_FOR_NOW = "the computer plays for now";

/** What the table is waiting for at ``seat``'s turn, as the others see it: a computer
 *  thinking; the computer playing a person's seat for them; a person ``gone`` seconds
 *  gone (null: here), or thinking for ``seconds`` (the terminal's words). */
export function waitingFor(game, seat, { gone, seconds }) {
  const who = seatName(game, seat);
  const info = seatInfo(game, seat);
  if (info.kind !== "person") return `${who} is thinking\u2026`;
  if (info.played_by_computer) return `${who} \u2014 ${PLAYED_FOR_NOW}`;
  if (gone !== null && gone !== undefined) return `Waiting for ${who} (${goneWords(gone)})`;
  return `Waiting for ${who}, ${seconds} s`;
}

function sideNamesOf(game, seats) {
  const names = (game.sides || []).filter((side) => side.seats.some((s) => seats.includes(s))).map((side) => side.name);
  return names.length ? names.join(", ") : seats.map((seat) => seatName(game, seat)).join(" & ");
}

/** The last scored hand in a line or two: who made what, the tricks, the points. */
export function handResult(game, last) {
  if (last.redeal) return ["Thrown in: a weak hand was shown; the same dealer deals again."];
  if (last.trump === null) return ["Thrown in: everybody passed."];
  const makers = sideNamesOf(game, last.makers);
  const alone = last.alone.length ? ` (${last.alone.map((seat) => seatName(game, seat)).join(", ")} alone)` : "";
  const tricks = last.makers.reduce((sum, seat) => sum + (last.tricks[seat] || 0), 0);
  const all = last.tricks.reduce((sum, count) => sum + count, 0);
  const makerSides = (game.sides || []).map((side) => side.seats.some((seat) => last.makers.includes(seat)));
  const euchred = last.points.some((points, index) => points > 0 && !makerSides[index]);
  const how = euchred ? " Euchred!" : tricks === all ? " A march!" : "";
  const lines = [`${makers} made ${suitSymbol(last.trump)} trump${alone}: ${tricks} ${tricks === 1 ? "trick" : "tricks"}.${how}`];
  const points = (game.sides || [])
    .map((side, index) => ({ name: side.name, points: last.points[index] || 0 }))
    .filter((side) => side.points !== 0)
    .map((side) => `${side.points > 0 ? "+" : ""}${side.points} to ${side.name}`);
  lines.push(points.length ? `${points.join(", ")}.` : "No points.");
  return lines;
}
