// The sheet's entries: the last hands under the board, every entry with the game's
// running totals behind History, and (with the code) an entry edited there.

import { getJSON, send, tableCode } from "./api.js";
import { openDialog } from "./dialogs.js";
import { $, el, onSubmit } from "./dom.js";
import { fillSides, sideNumber } from "./entry.js";
import { shownSheet } from "./sheet.js";

const LAST_SHOWN = 3; // entries under "Last hands"

let entries = []; // the sheet's history, as last fetched
let fetching = false;
let fetchAgain = false;

/** Fetch /api/history after a change; changes that come while it runs fetch once more. */
export async function refreshHistory() {
  if (fetching) {
    fetchAgain = true;
    return;
  }
  fetching = true;
  try {
    do {
      fetchAgain = false;
      try {
        entries = await getJSON("/api/history");
      } catch {
        // the server went away meanwhile: keep what is shown, the next sheet fetches again
      }
    } while (fetchAgain);
    drawHistory();
  } finally {
    fetching = false;
  }
}

/** Who scored what, as the terminal says it: "+2" when only the entry's own side
 *  scored, else each side by name. */
function gains(entry) {
  const points = Object.entries(entry.points).filter(([, value]) => value !== 0);
  const signed = (value) => `${value > 0 ? "+" : ""}${value}`;
  if (points.length === 1 && points[0][0] === entry.who) return signed(points[0][1]);
  return points.map(([side, value]) => `${side} ${signed(value)}`).join(", ");
}

/** "game 1 over", "the rubber over": what an entry ended, for the last hands. */
function ends(entry) {
  if (entry.rubber_end) return `game ${entry.game_end} and the rubber over`;
  return entry.game_end !== null ? `game ${entry.game_end} over` : "";
}

export function drawHistory() {
  const recent = entries.slice(-LAST_SHOWN).reverse();
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
  const sheet = shownSheet();
  const sides = sheet ? sheet.sides : [];
  const editable = tableCode() && sheet;
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
  for (const entry of entries) {
    const edit = editable && ["hand", "points", "renege"].includes(entry.kind)
      ? el("button", { type: "button", class: "small", "aria-label": `Edit #${entry.number}`, onclick: () => openEdit(entry) }, "Edit")
      : null;
    rows.push(
      el(
        "tr",
        {},
        el("td", { class: "entry-number" }, `${entry.number}`, edit),
        el("td", {}, entry.text),
        sides.map((side) => el("td", { class: "num" }, entry.totals[side])),
      ),
    );
    if (entry.game_end !== null) {
      rows.push(el("tr", { class: "mark" }, el("td", { colspan: span }, `End of game ${entry.game_end}`)));
    }
    if (entry.rubber_end) rows.push(el("tr", { class: "mark rubber" }, el("td", { colspan: span }, "End of the rubber")));
  }
  if (!rows.length) rows.push(el("tr", {}, el("td", { colspan: span }, "No entries yet.")));
  const key = sides.map((side, index) => `${index + 1} ${side}`).join(", ");
  $("#history-table").replaceChildren(el("caption", {}, `Running totals: ${key}`), head, el("tbody", {}, rows));
}

export function openHistory() {
  drawHistory();
  openDialog($("#history-dialog"));
}

function openEdit(entry) {
  const sheet = shownSheet();
  const form = $("#edit-template").content.firstElementChild.cloneNode(true);
  $("#edit-title").textContent = `Edit #${entry.number}`;
  for (const select of form.querySelectorAll("[data-sides]")) fillSides(select, sheet);
  const side = sideNumber(sheet, entry.who);
  form.kind.value = entry.kind;
  if (entry.kind === "hand") {
    form.makers.value = side;
    form.tricks.value = String(entry.tricks);
    form.alone.checked = entry.alone;
    form.defender_alone.value = entry.defender_alone === null ? "" : sideNumber(sheet, entry.defender_alone);
  } else if (entry.kind === "points") {
    form.who.value = side;
    form.points.value = String(entry.points[entry.who]);
    form.reason.value = entry.reason ?? "";
  } else {
    form.reneger.value = side;
    form.lone.checked = entry.alone;
  }
  const lone = sheet.lone_hands; // only the lone hands the ruleset has (R6)
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
  openDialog($("#edit-dialog"));
}
