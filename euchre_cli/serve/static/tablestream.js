// Server-sent events read with fetch() and a ReadableStream, so that a request can
// carry headers (a seat's X-Seat-Key: EventSource cannot send one, and a key in the
// URL would end up in logs).  Reconnects with backoff; a stream that goes quiet past
// its heartbeats is taken for dead and opened again.  Knows nothing of the game: any
// page can follow any stream with it.

const FIRST_RETRY_MS = 500; // the first reconnect; the server's "retry:" replaces it
const MOST_RETRY_MS = 10_000; // the backoff doubles up to this
const QUIET_MS = 40_000; // no byte for this long (heartbeats come every 15 s): dead

/** One SSE event from the lines of its block: {event, data, retry}, or null for a
 *  block of comments only (a heartbeat). */
export function parseBlock(block) {
  let event = "message";
  const data = [];
  let retry = null;
  let fields = 0;
  for (const line of block.split(/\r\n|\r|\n/)) {
    if (line === "" || line.startsWith(":")) continue;
    const colon = line.indexOf(":");
    const name = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    fields += 1;
    if (name === "event") event = value;
    else if (name === "data") data.push(value);
    else if (name === "retry" && /^\d+$/.test(value)) retry = Number(value);
  }
  if (fields === 0) return null;
  return { event, data: data.length ? data.join("\n") : null, retry };
}

export class HeaderStream {
  /** ``url``; ``headers()``: the headers of each request (asked afresh each time);
   *  ``on``: {eventName: handler(data)}; ``onState(live)``: the stream is delivering,
   *  or lost; ``onRefused(status, line)``: the server answered the request with an
   *  error (a 4xx): the stream is not opened again until ``open()`` is called. */
  constructor({ url, headers = () => ({}), on = {}, onState = () => {}, onRefused = () => {} }) {
    Object.assign(this, { url, headers, on, onState, onRefused });
    this.controller = null;
    this.retryMs = FIRST_RETRY_MS;
    this.baseRetryMs = FIRST_RETRY_MS;
    this.timer = null;
    this.quietTimer = null;
    this.closed = true;
    this.live = false;
    this.run = 0; // which open() a read belongs to: an older one's news is dropped
  }

  /** Open the stream afresh (closing one open now). */
  open() {
    this.close();
    this.closed = false;
    this.run += 1;
    this.read(this.run);
  }

  /** Close the stream for good (until ``open``). */
  close() {
    this.closed = true;
    clearTimeout(this.timer);
    clearTimeout(this.quietTimer);
    if (this.controller) this.controller.abort();
    this.controller = null;
  }

  /** Open it again now if it is not delivering (a phone woken, the network back). */
  nudge() {
    if (!this.closed && !this.live) this.open();
  }

  setLive(live) {
    if (live !== this.live) {
      this.live = live;
      this.onState(live);
    }
  }

  /** Restart the quiet timer: a stream that says nothing for QUIET_MS is reopened. */
  heard(run) {
    clearTimeout(this.quietTimer);
    this.quietTimer = setTimeout(() => {
      if (run === this.run && !this.closed) this.lost(run);
    }, QUIET_MS);
  }

  lost(run) {
    if (run !== this.run || this.closed) return;
    if (this.controller) this.controller.abort();
    this.controller = null;
    this.setLive(false);
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      if (run === this.run && !this.closed) {
        this.run += 1;
        this.read(this.run);
      }
    }, this.retryMs);
    this.retryMs = Math.min(this.retryMs * 2, MOST_RETRY_MS);
  }

  async read(run) {
    const controller = new AbortController();
    this.controller = controller;
    let response;
    try {
      response = await fetch(this.url, {
        headers: { Accept: "text/event-stream", ...this.headers() },
        cache: "no-store",
        signal: controller.signal,
      });
    } catch {
      this.lost(run);
      return;
    }
    if (run !== this.run) return;
    if (!response.ok || !response.body) {
      const body = await response.json().catch(() => null);
      if (response.status >= 400 && response.status < 500 && response.status !== 429) {
        this.close();
        this.setLive(false);
        this.onRefused(response.status, (body && body.error) || `the server answered ${response.status}`);
      } else this.lost(run);
      return;
    }
    this.heard(run);
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = "";
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done || run !== this.run) break;
        this.heard(run);
        buffer += value;
        const blocks = buffer.split(/\r\n\r\n|\n\n|\r\r/);
        buffer = blocks.pop();
        for (const block of blocks) this.deliver(block, run);
        if (this.closed) break;
      }
    } catch {
      // aborted, or the connection dropped: reconnected below
    }
    if (run === this.run && !this.closed) this.lost(run);
  }

  deliver(block, run) {
    const event = parseBlock(block);
    if (event === null || run !== this.run) return;
    if (event.retry !== null) {
      this.baseRetryMs = Math.max(event.retry, 100);
      this.retryMs = this.baseRetryMs;
    }
    if (event.data === null) return;
    const handler = this.on[event.event];
    if (!handler) return;
    this.retryMs = this.baseRetryMs; // delivering: the next loss retries soon
    this.setLive(true);
    let value;
    try {
      value = JSON.parse(event.data);
    } catch {
      return; // not JSON: nothing a handler can show
    }
    handler(value);
  }
}
