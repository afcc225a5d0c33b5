// The legal choices as controls. Most are buttons; a run of choices that differ only in one whole
// number (bids of $100, $200 ... $4,000; wagers) becomes one amount field with − and + steps and a
// button naming the exact choice, instead of dozens of buttons. Nothing here knows a game: a group is
// any set of at least AMOUNT_GROUP legal actions that are JSON objects equal but for one integer
// field whose values are evenly spaced.

import { h } from "/static/common.js";
import { number, t } from "/static/i18n.js";

const AMOUNT_GROUP = 7;

function integerFields(action) {
  if (action === null || typeof action !== "object" || Array.isArray(action)) return [];
  return Object.keys(action).filter((key) => Number.isInteger(action[key]));
}

/** The choices in display order: {button: choice} or {amount: {field, choices (by value, ascending)}}. */
export function arrange(legal) {
  const groups = new Map();
  for (const choice of legal) {
    for (const field of integerFields(choice.action)) {
      const key = JSON.stringify({ ...choice.action, [field]: null }) + field;
      if (!groups.has(key)) groups.set(key, { field, choices: [] });
      groups.get(key).choices.push(choice);
    }
  }
  const grouped = new Map();
  for (const group of groups.values()) {
    const values = group.choices.map((choice) => choice.action[group.field]).sort((a, b) => a - b);
    const step = values[1] - values[0];
    const even = values.every((value, index) => index === 0 || value - values[index - 1] === step);
    if (group.choices.length >= AMOUNT_GROUP && even && step > 0 && !group.choices.some((choice) => grouped.has(choice))) {
      group.choices.sort((a, b) => a.action[group.field] - b.action[group.field]);
      group.step = step;
      for (const choice of group.choices) grouped.set(choice, group);
    }
  }
  const items = [];
  const placed = new Set();
  for (const choice of legal) {
    const group = grouped.get(choice);
    if (!group) items.push({ button: choice });
    else if (!placed.has(group)) {
      placed.add(group);
      items.push({ amount: group });
    }
  }
  return items;
}

/** An amount field for a group: number input (typed, arrow keys, − and +) and a button that plays the exact choice. */
export function amountControl(group, index, play, disabled) {
  const values = group.choices.map((choice) => choice.action[group.field]);
  const low = values[0];
  const high = values[values.length - 1];
  const id = `amount-${index}`;
  const input = h("input", { id, type: "number", inputmode: "numeric", min: low, max: high, step: group.step, value: low, disabled, class: "amount-input" });
  const go = h("button", { type: "button", class: "action amount-go", disabled });
  const chosen = () => {
    const raw = Number(input.value);
    const snapped = Number.isFinite(raw) ? Math.min(high, Math.max(low, low + Math.round((raw - low) / group.step) * group.step)) : low;
    return group.choices[(snapped - low) / group.step];
  };
  const show = () => {
    const choice = chosen();
    go.replaceChildren(choice.label);
    go.dataset.action = JSON.stringify(choice.action);
    if (choice.help) go.title = choice.help;
  };
  const nudge = (steps) => {
    input.value = String(Math.min(high, Math.max(low, Number(chosen().action[group.field]) + steps * group.step)));
    show();
  };
  input.addEventListener("input", show);
  input.addEventListener("keydown", (event) => {
    if (event.key === "Enter") {
      event.preventDefault();
      play(chosen().action);
    }
  });
  go.addEventListener("click", () => play(chosen().action));
  show();
  return h("div", { class: "amount", role: "group", "aria-label": t("Choose an amount") },
    h("button", { type: "button", class: "step", "aria-label": t("less"), disabled, onclick: () => nudge(-1) }, "−"),
    h("label", { class: "visually-hidden", for: id }, t("Amount")),
    input,
    h("button", { type: "button", class: "step", "aria-label": t("more"), disabled, onclick: () => nudge(1) }, "+"),
    go,
    h("span", { class: "hint" }, t("{low} to {high}", { low: number(low), high: number(high) })),
  );
}
