// A page kept live by the server's event stream: each value shown as it comes, a
// banner while the server is lost, and the value asked for plainly now and then, since
// a stream can die without a word.  The score page follows its sheet; another page
// can follow its own thing the same way.

import { getJSON } from "./api.js";

const CHECK_SECONDS = 20; // how often the page makes sure its stream is alive
const RETRY_MILLISECONDS = 2000; // a stream the browser gave up on is opened again

export class Stream {
  /** ``events``: the stream's path, whose events named ``kind`` carry the value;
   *  ``current``: the path that answers the value plainly; ``shown()``: the value the
   *  page shows now; ``show(value)``; ``say(line)``: the server's own line when it is
   *  there but cannot give the value; ``banner``: shown while the server is lost. */
  constructor({ events, current, kind, shown, show, say, banner }) {
    Object.assign(this, { events, current, kind, shown, show, say, banner });
    this.live = false; // values are arriving by the stream
    this.source = null;
    this.retryTimer = null;
  }

  /** Follow the stream, afresh; a lost stream shows the banner until a value arrives. */
  listen() {
    clearTimeout(this.retryTimer);
    if (this.source) this.source.close();
    const source = new EventSource(this.events);
    this.source = source;
    source.addEventListener(this.kind, (event) => {
      this.live = true;
      this.banner.hidden = true;
      this.show(JSON.parse(event.data));
    });
    source.addEventListener("error", (event) => {
      if (event.data) {
        // the server's own "error" event: it is there, but cannot give the value now
        this.banner.hidden = true;
        this.say(JSON.parse(event.data).error);
        return;
      }
      this.live = false;
      this.banner.hidden = false;
      if (source.readyState === EventSource.CLOSED) {
        this.retryTimer = setTimeout(() => this.listen(), RETRY_MILLISECONDS);
      }
    });
  }

  /** The value asked for plainly.  A stream that died without a word (a phone asleep,
   *  Wi-Fi gone) delivers nothing and raises no error, so a value that differs from
   *  the one shown, or no answer, means the stream is opened again. */
  async checkIn() {
    let value;
    try {
      value = await getJSON(this.current);
    } catch (problem) {
      if (!(problem instanceof TypeError)) {
        this.say(problem.message); // the server's line: it is there
        return;
      }
      this.live = false;
      this.banner.hidden = false;
      this.listen();
      return;
    }
    if (JSON.stringify(value) !== JSON.stringify(this.shown())) {
      this.show(value);
      this.listen();
    }
  }

  /** Listen, and check in every CHECK_SECONDS and whenever a phone wakes the page. */
  start() {
    this.listen();
    setInterval(() => this.checkIn(), CHECK_SECONDS * 1000);
    document.addEventListener("visibilitychange", () => document.hidden || this.checkIn());
    window.addEventListener("online", () => this.checkIn());
  }
}
