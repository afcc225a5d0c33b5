// The table's log panel: the lines the server sends with each state (each message the lines from
// `log_from` on, a place in the whole log; a new reader is sent the last ones), and the earlier lines
// on request ("Earlier lines", GET /api/tables/{id}/log).

import { api, h } from "/static/common.js";
import { language, t } from "/static/i18n.js";

const KEPT = 2000;
/** Lines kept in the page: past twice as many, the oldest go. */

let lines = [];
let start = 0;
let asking = false;

/** Take the log lines of a state message. */
export function takeLog(message) {
  const from = message.log_from;
  if (from < start || from > start + lines.length) {
    lines = message.log;
    start = from;
  } else {
    lines = lines.slice(0, from - start).concat(message.log);
  }
  if (lines.length > 2 * KEPT) {
    start += lines.length - KEPT;
    lines = lines.slice(-KEPT);
  }
}

async function earlier(tableId, box) {
  if (asking) return;
  asking = true;
  try {
    const page = await api(`/api/tables/${encodeURIComponent(tableId)}/log?before=${start}&lang=${language()}`);
    if (page.log_from < start) {
      lines = page.log.slice(0, start - page.log_from).concat(lines);
      start = page.log_from;
    }
    drawLog(tableId, box, false);
  } catch (error) {
    box.before(h("p", { class: "error", role: "alert" }, error.message));
  } finally {
    asking = false;
  }
}

/** Draw the lines kept in `box` (the log's list), with "Earlier lines" above them while there are
some; `follow`: scroll to the newest line. */
export function drawLog(tableId, box, follow = true) {
  const items = lines.map((line, index) => h("li", index ? {} : { value: String(start + 1) }, line.text));
  if (start > 0) {
    const more = h("button", { type: "button", class: "earlier" }, t("Earlier lines"));
    more.addEventListener("click", () => earlier(tableId, box));
    items.unshift(h("li", { class: "earlier-lines" }, more));
  }
  box.replaceChildren(...items);
  if (follow) box.scrollTop = box.scrollHeight;
}
