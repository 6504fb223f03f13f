// The table's code: from the address (#code=..., the QR code's) or typed once in the
// Code dialog, kept by the page, and asked for again, saying why, when the server no
// longer takes it.  Without it a page only watches.

import { CODE_NO_LONGER_TAKEN, checkCode, holdCode, tableCode, whenCodeRefused } from "./api.js";
import { openDialog } from "./dialogs.js";
import { $ } from "./dom.js";

const CODE_KEY = "euchre.tableCode";
// A code typed wrong, in a person's words (the server's 403 line is for scripts)
const CODE_TYPED_WRONG = "That is not this table's code: type the code the server printed when it started.";

let changed = () => {}; // what the page does when it gains or loses the code

/** Wire the Code dialog and take the code from the address, else the one kept;
 *  ``onChange()`` now and each time the page gains or loses the code. */
export function startCode(onChange) {
  changed = onChange;
  whenCodeRefused(() => askForCode(CODE_NO_LONGER_TAKEN));
  $("#open-code").addEventListener("click", () => openDialog($("#code-dialog")));
  $("#code-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    if (await tryCode($("#code-input").value.trim(), $("#code-error"))) $("#code-dialog").close();
  });
  $("#forget-code").addEventListener("click", forgetCode);

  const given = codeFromAddress();
  const kept = localStorage.getItem(CODE_KEY);
  if (given) {
    tryCode(given, $("#code-error")).then((ok) => {
      if (!ok) openDialog($("#code-dialog"));
    });
  } else if (kept) {
    holdCode(kept);
    codeChanged();
    checkKeptCode();
  } else codeChanged();
}

/** Ask the server whether ``code`` is the table's; keep it when it is. */
async function tryCode(code, errorLine) {
  const previous = tableCode();
  holdCode(code);
  const result = await checkCode();
  if (result.ok) {
    localStorage.setItem(CODE_KEY, code);
    errorLine.textContent = "";
  } else {
    holdCode(previous);
    errorLine.textContent = result.status === 403 ? CODE_TYPED_WRONG : result.body.error;
  }
  codeChanged();
  return result.ok;
}

function forgetCode() {
  localStorage.removeItem(CODE_KEY);
  holdCode(null);
  codeChanged();
}

function codeChanged() {
  const held = Boolean(tableCode());
  const button = $("#open-code");
  button.textContent = held ? "Code \u2713" : "Code";
  if (held) button.setAttribute("aria-label", "Code (this page keeps the score)");
  else button.removeAttribute("aria-label");
  button.classList.toggle("holding", held);
  $("#code-form").hidden = held;
  $("#code-known").hidden = !held;
  changed();
}

/** A kept code the server no longer takes (it was started with another) is dropped. */
async function checkKeptCode() {
  const result = await checkCode();
  if (result.status === 403) askForCode(CODE_NO_LONGER_TAKEN);
}

/** The page's code was refused: it is forgotten, and the code asked for again, saying why. */
function askForCode(why) {
  forgetCode();
  $("#code-error").textContent = why;
  openDialog($("#code-dialog"));
}

/** A code from the address (#code=...), taken out of the address bar at once. */
function codeFromAddress() {
  const match = /(?:^#|&)code=([^&]*)/.exec(location.hash);
  if (!match) return null;
  history.replaceState(null, "", location.pathname + location.search);
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return null;
  }
}
