// The entry controls, only while the page holds the table's code: a hand is the
// makers' tricks button (one tap; two with "Maker alone"; three where two sides defend
// and one went alone), beside undo, a thrown-in hand, points, a renege and the dealer.

import { send, tableCode } from "./api.js";
import { $, el, onSubmit, plural } from "./dom.js";
import { shownSheet } from "./sheet.js";

const TRICKS = [0, 1, 2, 3, 4, 5];

let armed = { alone: false, defender: false }; // the toggles pressed for the next hand
let builtFor = null; // the sides the entry controls were built for
let sending = false; // a hand on its way to the server

export function sideNumber(sheet, side) {
  return String(sheet.sides.indexOf(side) + 1); // WHO as a number: no name can be one
}

export function buildEntry() {
  const place = $("#entry");
  const sheet = shownSheet();
  if (!tableCode() || !sheet) {
    place.replaceChildren();
    builtFor = null;
    fillTricks();
    return;
  }
  const shape = JSON.stringify([sheet.sheet, sheet.sides, sheet.seating]);
  if (builtFor !== shape) {
    builtFor = shape;
    place.replaceChildren($("#entry-template").content.cloneNode(true));
    wireEntry(place);
  }
  for (const select of place.querySelectorAll("[data-sides]")) fillSides(select, sheet);
  for (const select of place.querySelectorAll("[data-players]")) fillPlayers(select, sheet);
  const dealerPick = $(".dealer-pick", place);
  const asksDealer = sheet.dealer === null && sheet.game !== null && sheet.entries === 0;
  dealerPick.hidden = !asksDealer;
  if (asksDealer) {
    $(".choices", dealerPick).replaceChildren(
      ...sheet.seating.map((name) =>
        el("button", { type: "button", onclick: () => send("POST", "/api/dealer", { dealer: name }, entryError()) }, name),
      ),
    );
  }
  for (const button of place.querySelectorAll("[data-toggle]")) {
    button.setAttribute("aria-pressed", String(armed[button.dataset.toggle]));
  }
  // a complete sheet takes no more hands: only undo (and editing, in the history)
  for (const part of place.querySelectorAll('[data-toggle], [data-action="thrown-in"], .more')) {
    part.hidden = sheet.game === null;
  }
  // only the lone hands the ruleset has (R6): classic has no lone defender
  const lone = sheet.lone_hands;
  for (const button of place.querySelectorAll("[data-toggle]")) {
    const offered = button.dataset.toggle === "alone" ? lone.maker : lone.defender;
    if (!offered) {
      button.hidden = true;
      armed[button.dataset.toggle] = false;
    }
  }
  fillTricks();
}

/** A select of the sides by number, but for side number ``left`` (the makers, for a
 *  lone defender's); the choice kept where it is still offered. */
export function fillSides(select, sheet, left = null) {
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
  select.replaceChildren(...sheet.seating.map((name) => el("option", { value: name }, name)));
  const wanted = chosen || sheet.dealer;
  if (wanted) select.value = wanted;
}

function entryError() {
  return $('[data-error="entry"]') || el("p");
}

/** The tricks buttons under each side: a hand in one tap, two with "alone" armed. */
function fillTricks() {
  const sheet = shownSheet();
  for (const place of document.querySelectorAll("[data-tricks]")) {
    if (!tableCode() || !sheet || !sheet.game) {
      place.replaceChildren();
      continue;
    }
    const side = sheet.sides[Number(place.dataset.tricks)];
    const alone = armed.alone ? " alone" : "";
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
      armed[which] = !armed[which];
      button.setAttribute("aria-pressed", String(armed[which]));
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

/** Makers and tricks are tapped; a lone defender is asked for only where two sides defend. */
async function enterHand(side, tricks) {
  const sheet = shownSheet();
  const hand = { makers: sideNumber(sheet, side), tricks, alone: armed.alone, defender_alone: null };
  if (armed.defender) {
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
  if (sending) return;
  sending = true;
  document.body.classList.add("sending");
  try {
    if (await send("POST", "/api/hands", hand, entryError())) {
      armed = { alone: false, defender: false };
      buildEntry();
    }
  } finally {
    sending = false;
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
            postHand({ ...hand, defender_alone: sideNumber(shownSheet(), side) });
          },
        },
        side,
      ),
    ),
  );
}
