// The Hint button of a table (shown on your turn when the table allows hints): asks the server what
// the table's stand-in bot would play for you, marks that choice and shows the game's advice.

import { api, h } from "/static/common.js";
import { t } from "/static/i18n.js";

let shown = null;

/** The hint area under the choices: a button on your turn, and the last answer while it still applies. */
export function hintArea(state, token) {
  if (!state.hints || !state.legal.length || !token) {
    shown = null;
    return null;
  }
  const answer = shown && shown.version === state.version ? shown : null;
  const button = h("button", { type: "button", id: "hint-button", class: "small", disabled: Boolean(answer) }, t("Hint"));
  const out = h("div", { id: "hint", class: "hint-box", "aria-live": "polite" });
  if (answer) fill(out, answer);
  button.addEventListener("click", async () => {
    button.disabled = true;
    out.replaceChildren(h("p", { class: "hint" }, t("Thinking…")));
    try {
      shown = await api(`/api/tables/${encodeURIComponent(state.id)}/hint`, { method: "POST", token });
      fill(out, shown);
      mark(shown);
    } catch (error) {
      out.replaceChildren(h("p", { class: "error" }, error.message));
      button.disabled = false;
    }
  });
  if (answer) queueMicrotask(() => mark(answer));
  return h("div", { class: "hint-area" }, button, out);
}

function fill(out, answer) {
  out.replaceChildren(
    h("p", {}, t("The {bot} bot would play: {choice}", { bot: answer.bot, choice: answer.label })),
    answer.advice ? h("pre", { class: "advice" }, answer.advice) : null,
  );
}

/** Mark the hinted choice among the controls (a button, or the choice an amount field can make). */
function mark(answer) {
  const wanted = JSON.stringify(answer.action);
  for (const node of document.querySelectorAll("#actions [data-action]")) {
    node.classList.toggle("hinted", node.dataset.action === wanted);
  }
}
