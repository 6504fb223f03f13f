// The server's JSON API as a page uses it: reads, and writes that carry the table's
// code and an Idempotency-Key.  Whatever the page does with an answer, or with a code
// refused, it says once (``whenAnswered``, ``whenCodeRefused``).

/** A write refused for the page's code, in a person's words (the server's 403 line is
 *  for scripts). */
export const CODE_NO_LONGER_TAKEN =
  "The server no longer takes this page's code (it was started with a new one): type the code it printed.";
const CODE_CHECK = "/api/code"; // asks only whether the code is right: its 403 is the answer

let code = null; // the table's code this page holds, sent with every write
let unanswered = null; // {request, key}: the last write that got no answer
let answered = () => {};
let codeRefused = () => {};

export function tableCode() {
  return code;
}

export function holdCode(given) {
  code = given;
}

/** ``handler(body)`` with the answer to each write ``send`` made: what it changed. */
export function whenAnswered(handler) {
  answered = handler;
}

/** ``handler()`` when the server refuses the code the page holds. */
export function whenCodeRefused(handler) {
  codeRefused = handler;
}

/** A GET of the API: the JSON, or an Error carrying the server's one line. */
export async function getJSON(path) {
  const response = await fetch(path, { cache: "no-store" });
  const body = await response.json().catch(() => null);
  if (!response.ok) throw new Error((body && body.error) || `the server answered ${response.status}`);
  return body;
}

/** The Idempotency-Key of a write: a new one for each write meant, but the same for a
 *  write sent again after it got no answer (the server may have made it and lost
 *  only the answer: it answers the key again rather than make the write twice). */
function writeKey(request) {
  if (unanswered && unanswered.request === request) return unanswered.key;
  const bytes = crypto.getRandomValues(new Uint8Array(16)); // randomUUID needs https
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** A write with the table's code: {ok, status, body}; a refusal's body is {"error"}. */
export async function write(method, path, payload = {}) {
  const body = JSON.stringify(payload);
  const request = `${method} ${path} ${body}`;
  const key = writeKey(request);
  let response;
  try {
    response = await fetch(path, {
      method,
      headers: { "Content-Type": "application/json", "X-Table-Code": code || "", "Idempotency-Key": key },
      body,
    });
  } catch {
    unanswered = { request, key };
    return { ok: false, status: 0, body: { error: "the server cannot be reached: try again when it is back" } };
  }
  unanswered = null;
  const answer = response.status === 204 ? null : await response.json().catch(() => null);
  if (response.status === 403 && path !== CODE_CHECK) {
    codeRefused();
    return { ok: false, status: 403, body: { error: CODE_NO_LONGER_TAKEN } };
  }
  if (!response.ok && !(answer && answer.error)) {
    return { ok: false, status: response.status, body: { error: `the server answered ${response.status}` } };
  }
  return { ok: response.ok, status: response.status, body: answer };
}

/** Send a write and say its refusal in ``errorLine``; true when it was taken. */
export async function send(method, path, payload, errorLine) {
  errorLine.textContent = "";
  const result = await write(method, path, payload);
  if (!result.ok) {
    errorLine.textContent = result.body.error;
    return false;
  }
  answered(result.body);
  return true;
}

/** Whether the server takes the code the page holds: {ok, status, body}. */
export function checkCode() {
  return write("POST", CODE_CHECK, {});
}
