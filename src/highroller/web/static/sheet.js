// The score sheet of a table, from the state message's `sheet` (docs/web.md): every scoring so far
// with what each seat gained there, as an accessible table; a "Score sheet" button opening it in a
// dialog; and the latest scoring as a compact panel to keep above the board.
//
//   sheetTable(state)                 a <table>: a column per seat, a row per scoring, the totals; in a
//                                     narrow box (a phone) each scoring lists a seat per line instead
//   sheetDialog(() => latest)         a dialog of the latest state's sheet, and `show()` to open it
//   sheetButton(() => latest)         a header button opening that dialog
//   latestScoring(state, dismiss)     the last row as a panel, a line per seat (its few words folded
//                                     away on a phone); its close button calls `dismiss()`

import { h, SEAT_COLOURS } from "/static/common.js";
import { money, number, t } from "/static/i18n.js";

const MINUS = "\u2212";

/** An amount in the sheet's unit: money or points, a loss with a minus sign, a gain with a plus
when `signed`. */
function amount(value, unit, signed = false) {
  const written = unit === "money" ? money(Math.abs(value)) : number(Math.abs(value));
  if (value < 0) return MINUS + written;
  return signed && value > 0 ? `+${written}` : written;
}

function swatch(seat) {
  return h("span", { class: "swatch", "aria-hidden": "true", style: `background:${SEAT_COLOURS[seat % SEAT_COLOURS.length]}` });
}

function seatName(state, seat) {
  const found = state.seats.find((each) => each.seat === seat);
  return found && found.name ? found.name : t("Seat {n}", { n: seat + 1 });
}

function trend(value) {
  return value > 0 ? "gain" : value < 0 ? "loss" : "even";
}

/** A row of the table: its label as the row's header, then a cell per seat. The roles are explicit: a
narrow box draws the table's parts as blocks, and they must still read as a table. */
function sheetRow(label, cells, attrs = {}) {
  return h("tr", { role: "row", ...attrs }, h("th", { scope: "row", role: "rowheader" }, label), cells);
}

/** A seat's cell: in a narrow box it starts with the seat's colour and name (its column's header, hidden
there), then the amount and its few words. */
function seatCell(state, seat, attrs, ...children) {
  return h("td", { role: "cell", ...attrs },
    h("span", { class: "sheet-seat", "aria-hidden": "true" }, swatch(seat), h("bdi", {}, seatName(state, seat))), children);
}

/** The seats with the highest total; none while everyone is level. */
function leaders(sheet) {
  const best = Math.max(...sheet.totals);
  const ahead = sheet.totals.flatMap((total, seat) => (total === best ? [seat] : []));
  return new Set(ahead.length < sheet.totals.length ? ahead : []);
}

/** The whole sheet as a table: a column per seat (its colour and name), the starting scores where
they are not nothing, a row per scoring (each seat's gain and its few words), the totals in bold with
the leader's marked. */
export function sheetTable(state) {
  const sheet = state.sheet;
  const seats = sheet.totals.map((_, seat) => seat);
  const unit = sheet.unit;
  const leading = leaders(sheet);
  const head = h("tr", { role: "row" }, h("th", { scope: "col", role: "columnheader" }, t("Scoring")),
    seats.map((seat) => h("th", { scope: "col", role: "columnheader" }, swatch(seat), h("bdi", {}, seatName(state, seat)))));
  const body = [];
  if (sheet.start.some((value) => value !== 0)) {
    const start = sheet.start.map((value, seat) => seatCell(state, seat, {}, h("span", { class: "sheet-amount" }, amount(value, unit))));
    body.push(sheetRow(t("Start"), start, { class: "sheet-start" }));
  }
  for (const row of sheet.rows) {
    body.push(sheetRow(row.label, row.scores.map((score, seat) => seatCell(state, seat, { class: trend(score) },
      h("span", { class: "sheet-amount" }, amount(score, unit, true)),
      row.detail && row.detail[seat] ? h("small", { class: "sheet-detail" }, row.detail[seat]) : null))));
  }
  if (!sheet.rows.length) {
    const empty = h("td", { role: "cell", colspan: String(seats.length + 1), class: "sheet-empty" }, t("Nothing has been scored yet."));
    body.push(h("tr", { role: "row" }, empty));
  }
  const mark = () => [" ", h("span", { class: "leader-mark", "aria-hidden": "true" }, "★"), h("span", { class: "visually-hidden" }, t("(leading)"))];
  const totals = sheetRow(t("Total"), sheet.totals.map((total, seat) => seatCell(state, seat, { class: leading.has(seat) ? "leader" : "" },
    h("span", { class: "sheet-amount" }, amount(total, unit), leading.has(seat) ? mark() : null))),
  { class: "sheet-totals" });
  return h("table", { class: "sheet", role: "table" }, h("caption", {}, t("Score sheet")),
    h("thead", { role: "rowgroup" }, head), h("tbody", { role: "rowgroup" }, body), h("tfoot", { role: "rowgroup" }, totals));
}

/** The dialog showing the sheet of `current()` (the latest state message), added to the page: `show()`
opens it, drawn then and again whenever a new sheet arrives while it is open. */
export function sheetDialog(current) {
  const body = h("div", { class: "sheet-scroll" });
  const close = h("button", { type: "button", class: "small", id: "sheet-close" }, t("Close"));
  const dialog = h("dialog", { id: "sheet", class: "rules-panel sheet-panel", "aria-labelledby": "sheet-title" },
    h("header", { class: "row" }, h("h2", { id: "sheet-title" }, t("Score sheet")), close), body);
  let shown = null;
  let watch = null;
  const draw = () => {
    const state = current();
    if (!state || !state.sheet || state.sheet === shown) return;
    shown = state.sheet;
    body.replaceChildren(sheetTable(state));
  };
  close.addEventListener("click", () => dialog.close());
  dialog.addEventListener("click", (event) => {
    if (event.target === dialog) dialog.close();
  });
  dialog.addEventListener("close", () => {
    clearInterval(watch);
    watch = null;
  });
  const show = () => {
    draw();
    dialog.showModal();
    watch = watch || setInterval(draw, 500);
  };
  document.body.append(dialog);
  return { dialog, show };
}

/** A "Score sheet" button for the header that opens the sheet of `current()` in a dialog. */
export function sheetButton(current) {
  const { show } = sheetDialog(current);
  const open = h("button", { type: "button", class: "small", id: "sheet-button", "aria-haspopup": "dialog" }, t("Score sheet"));
  open.addEventListener("click", show);
  return open;
}

/** The sheet's last scoring as a panel: its label, then a line per seat with its gain and few words
(on a phone the words wait behind a "Details" button); null before any scoring. With `dismiss`, a close
button calls it (the page then stops showing this scoring). */
export function latestScoring(state, dismiss) {
  const sheet = state.sheet;
  const row = sheet && sheet.rows.length ? sheet.rows[sheet.rows.length - 1] : null;
  if (!row) return null;
  const gains = row.scores.map((score, seat) => h("li", { class: trend(score) },
    h("span", { class: "scoring-who" }, swatch(seat), h("bdi", { class: "scoring-name" }, seatName(state, seat))), " ",
    h("strong", { class: "scoring-amount" }, amount(score, sheet.unit, true)),
    row.detail && row.detail[seat] ? h("small", { class: "sheet-detail" }, row.detail[seat]) : null));
  const more = row.detail
    ? h("button", { type: "button", class: "small scoring-more", "aria-expanded": "false", "aria-controls": "scoring-gains" }, t("Details"))
    : null;
  const close = typeof dismiss === "function"
    ? h("button", { type: "button", class: "small scoring-close", "aria-label": t("Close the latest scoring"), onclick: () => dismiss() }, "×")
    : null;
  const panel = h("section", { class: "latest-scoring", "aria-labelledby": "latest-scoring-title", "data-step": String(row.step) },
    h("header", {}, h("h2", { id: "latest-scoring-title" }, h("span", { class: "scoring-kicker" }, t("Latest scoring")), " ", row.label), more, close),
    h("ul", { class: "scoring-gains", id: "scoring-gains" }, gains));
  if (more) {
    more.addEventListener("click", () => more.setAttribute("aria-expanded", String(panel.classList.toggle("open"))));
  }
  return panel;
}
