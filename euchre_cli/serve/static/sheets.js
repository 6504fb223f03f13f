// The Sheets dialog: the book's sheets, and (with the code) one of them served at a
// tap, or a new one started and served.

import { getJSON, send, tableCode, write } from "./api.js";
import { openDialog } from "./dialogs.js";
import { $, el, onSubmit } from "./dom.js";

let served = () => {}; // what the page does once another sheet is served

/** Wire the Sheets button; ``onServed()`` once the page has another sheet served. */
export function setUpSheets(onServed) {
  served = onServed;
  $("#open-sheets").addEventListener("click", () => {
    $("#sheets-error").textContent = "";
    showSheets();
    openDialog($("#sheets-dialog"));
  });
}

export async function showSheets() {
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
          : tableCode()
            ? el("button", { type: "button", onclick: () => useSheet(sheet.name) }, "Show")
            : null,
      );
    }),
  );
  const place = $("#new-sheet-place");
  if (!tableCode()) {
    place.replaceChildren();
    return;
  }
  if (!place.firstElementChild) {
    place.replaceChildren($("#new-sheet-template").content.cloneNode(true));
    wireNewSheet($('[data-form="new-sheet"]', place));
  }
  const select = $('select[name="ruleset"]', place);
  const chosen = select.value || "standard";
  const rulesets = answer.rulesets;
  select.replaceChildren(...rulesets.map((name) => el("option", { value: name }, name)));
  select.value = rulesets.includes(chosen) ? chosen : rulesets[0];
}

async function useSheet(name) {
  if (await send("POST", "/api/use", { sheet: name }, $("#sheets-error"))) {
    served();
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
