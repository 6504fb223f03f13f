// The table's score page: the sheet the server serves, live from /api/events, and for
// whoever holds the table's code the controls that write to it.  This module wires
// the page's parts; stream, cards, dialogs, code and api know nothing of a sheet, and
// serve any page of the table.

import { whenAnswered } from "./api.js";
import { startCode } from "./code.js";
import { wireCloseButtons } from "./dialogs.js";
import { $ } from "./dom.js";
import { buildEntry } from "./entry.js";
import { drawHistory, openHistory, refreshHistory } from "./history.js";
import { drawSheet, shownSheet } from "./sheet.js";
import { setUpSheets, showSheets } from "./sheets.js";
import { Stream } from "./stream.js";

const LARGE_KEY = "euchre.large";

const stream = new Stream({
  events: "/api/events",
  current: "/api/sheet",
  kind: "sheet",
  shown: shownSheet,
  show: showSheet,
  say: (line) => {
    $("#game-line").textContent = line;
  },
  banner: $("#connection"),
});

function showSheet(sheet) {
  const switched = drawSheet(sheet);
  buildEntry();
  refreshHistory();
  if (switched && $("#sheets-dialog").open) showSheets();
}

function setLarge(large) {
  document.body.classList.toggle("large", large);
  $("#toggle-large").setAttribute("aria-pressed", String(large));
  localStorage.setItem(LARGE_KEY, large ? "1" : "");
}

// A module script runs once the page is parsed: its elements are all there.
wireCloseButtons();
$("#open-history").addEventListener("click", openHistory);
setUpSheets(() => stream.listen()); // the stream follows the sheet being served
$("#toggle-large").addEventListener("click", () => setLarge(!document.body.classList.contains("large")));
setLarge(localStorage.getItem(LARGE_KEY) === "1");
// a write's answer is the sheet it changed: shown at once while the stream is down
whenAnswered((sheet) => {
  if (!stream.live) showSheet(sheet);
});
startCode(() => {
  buildEntry();
  drawHistory();
});
stream.start();
