// The win-chance meter of a table: each seat's chance of winning, asked of the server after each step
// when the table allows advice and its game has an estimate. Where the game has none for a position
// (dice still to roll), the last chances stay up.

import { api, h } from "/static/common.js";
import { language, t } from "/static/i18n.js";

let table = null;
let askedAt = -1;
let shown = null;

/** The chances to show for `state` now (null: none yet); asks the server once per step, then calls `redraw`. */
export function winChances(state, redraw) {
  if (!state.win_chances || !state.started) return null;
  if (table !== state.id) {
    table = state.id;
    askedAt = -1;
    shown = null;
  }
  if (askedAt !== state.version) {
    askedAt = state.version;
    api(`/api/tables/${encodeURIComponent(state.id)}/chances`)
      .then((answer) => {
        if (table !== state.id || !answer.chances) return;
        shown = answer.chances;
        redraw();
      })
      .catch(() => {});
  }
  return shown;
}

/** One seat's meter: a bar and the percentage, read out as "Ann: 62% chance to win". */
export function chanceMeter(chance, name) {
  const percent = new Intl.NumberFormat(language(), { style: "percent", maximumFractionDigits: 0 }).format(chance);
  return h(
    "span",
    { class: "chance", title: t("{name}: {percent} chance to win", { name, percent }) },
    h("meter", { min: 0, max: 1, value: chance, "aria-label": t("{name}: {percent} chance to win", { name, percent }) }),
    h("span", { class: "chance-figure" }, percent),
  );
}
