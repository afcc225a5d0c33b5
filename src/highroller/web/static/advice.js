// The advice everyone at a table sees, asked of the server after each step when the table allows
// advice: each seat's chance of winning (a meter beside the seat; where the game has no estimate for a
// position, such as dice still to roll, the last chances stay up) and the game's note on the position
// (Last Chance: the card's exact odds), shown with the choices.

import { api, h } from "/static/common.js";
import { language, percent, t } from "/static/i18n.js";

let table = null;
let askedAt = -1;
let chances = null;
let note = null;

/** The advice to show for `state` now ({chances, note}, each null when none); asks the server once per step, then calls `redraw`. */
export function tableAdvice(state, redraw) {
  if (!state.advice || !state.started) return { chances: null, note: null };
  if (table !== state.id) {
    table = state.id;
    askedAt = -1;
    chances = null;
    note = null;
  }
  if (askedAt !== state.version) {
    askedAt = state.version;
    api(`/api/tables/${encodeURIComponent(state.id)}/advice?lang=${language()}`)
      .then((answer) => {
        if (table !== state.id || answer.version !== askedAt) return;
        if (answer.chances) chances = answer.chances;
        note = answer.note;
        redraw();
      })
      .catch(() => {});
  }
  return { chances, note };
}

/** One seat's meter: a bar and the percentage, read out as "Ann: 62% chance to win". */
export function chanceMeter(raw, name) {
  const chance = Math.min(1, Math.max(0, Number(raw) || 0));
  const written = percent(chance);
  return h(
    "span",
    { class: "chance", title: t("{name}: {percent} chance to win", { name, percent: written }) },
    h("meter", { min: 0, max: 1, value: chance, "aria-label": t("{name}: {percent} chance to win", { name, percent: written }) }),
    h("span", { class: "chance-figure" }, written),
  );
}

/** The game's note on the position, under the choices. */
export function noteLine(text) {
  return text ? h("p", { class: "table-note", id: "table-note" }, text) : null;
}
