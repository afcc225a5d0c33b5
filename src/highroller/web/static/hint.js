// The Hint button of a table (shown on your turn when the table allows hints): asks the server for the
// game's advice on your choices in the page's language, draws each choice's value as a bar with the
// figure beside it, marks the suggested move there and among the choices, and lists the position's facts.
// The page puts the button beside the heading of its choices and the answer under them, inside the bar
// of choices: reading a hint never scrolls the board away.

import { api, h } from "/static/common.js";
import { labelled, language, money, number, percent, t } from "/static/i18n.js";

let shown = null;

/** The hint's controls on your turn: {button, answer} (the answer drawn again while it still applies),
or null when there is nothing to ask. */
export function hintControls(state, token) {
  if (!state.hints || !state.legal.length || !token) {
    shown = null;
    return null;
  }
  const lang = language();
  const answer = shown && shown.version === state.version && shown.lang === lang ? shown : null;
  const button = h("button", { type: "button", id: "hint-button", class: "small", disabled: Boolean(answer) }, t("Hint"));
  const out = h("div", { id: "hint", class: "hint-box", "aria-live": "polite" });
  if (answer) fill(out, answer);
  button.addEventListener("click", async () => {
    button.disabled = true;
    out.replaceChildren(h("p", { class: "hint" }, t("Thinking…")));
    try {
      const found = await askPatiently(`/api/tables/${encodeURIComponent(state.id)}/hint?lang=${lang}`, token);
      shown = { ...found, lang };
      fill(out, shown);
      out.scrollIntoView({ block: "nearest" }); // within the bar of choices
      mark(shown);
    } catch (error) {
      out.replaceChildren(h("p", { class: "error" }, error.message));
      button.disabled = false;
    }
  });
  if (answer) queueMicrotask(() => mark(answer));
  return { button, answer: out };
}

/** How often a hint is asked while every advice helper is busy (429), waiting as long as the server says between. */
const PATIENCE = 5;

/** The hint, asked again as a person would while the server's advice helpers are all busy. */
async function askPatiently(path, token) {
  for (let tries = 1; ; tries += 1) {
    try {
      return await api(path, { method: "POST", token });
    } catch (error) {
      if (error.status !== 429 || tries >= PATIENCE) throw error;
      await new Promise((resume) => setTimeout(resume, 1000 * (error.retryAfter || 2)));
    }
  }
}

/** A value as its measure reads: a chance as a percent, money in dollars, points with up to 2 decimals. */
function written(value, measure) {
  if (measure === "chance") return percent(value);
  if (measure === "money") return money(value);
  return number(Math.round(value * 100) / 100);
}

/** How full a value's bar is, from 0 to 1: a chance as it is, money and points beside the largest size shown. */
function share(value, measure, largest) {
  if (measure === "chance") return Math.min(1, Math.max(0, value));
  return largest > 0 ? Math.abs(value) / largest : 0;
}

function fill(out, answer) {
  const advice = answer.advice;
  out.replaceChildren(
    h("p", { class: "hint-suggested" }, t("Suggested: {choice}", { choice: answer.label })),
    advice ? drawing(advice, JSON.stringify(answer.action)) : "",
  );
}

/** The advice: its title, a row per choice (name, bar, figure; the suggested one marked), and its facts. */
function drawing(advice, suggested) {
  const largest = Math.max(0, ...advice.moves.map((move) => Math.abs(move.value)));
  const rows = advice.moves.map((move) => {
    const chosen = JSON.stringify(move.action) === suggested;
    const figure = written(move.value, advice.measure);
    return h(
      "li",
      { class: `hint-move${chosen ? " suggested" : ""}${move.value < 0 ? " loss" : ""}` },
      h("span", { class: "hint-label" }, chosen ? h("span", { class: "hint-check", "aria-hidden": "true" }, "✓ ") : null, move.label),
      h("meter", { class: "hint-bar", min: 0, max: 1, value: share(move.value, advice.measure, largest), "aria-label": labelled(move.label, figure) }),
      h("span", { class: "hint-figure" }, figure),
    );
  });
  const facts = advice.facts.flatMap((fact) => [h("dt", {}, fact.label), h("dd", {}, written(fact.value, fact.measure))]);
  return h(
    "figure",
    { class: "hint-advice" },
    h("figcaption", { class: "hint-title" }, advice.title),
    rows.length ? h("ul", { class: "hint-moves" }, rows) : null,
    facts.length ? h("dl", { class: "hint-facts" }, facts) : null,
  );
}

/** Mark the hinted choice among the controls (a button, or the choice an amount field can make). */
function mark(answer) {
  const wanted = JSON.stringify(answer.action);
  for (const node of document.querySelectorAll("#actions [data-action]")) {
    node.classList.toggle("hinted", node.dataset.action === wanted);
  }
}
