// A companion table's chance steps: what the real dice, bills or card show, typed by the people at the
// table as the terminal's manual dice take them ("1 1 3 5", "20k 30k", "card 12"), with an Undo for a
// mistake: it takes back the last step a person made (typed, or a move) and the bots' moves after it.
// The server refuses anything that cannot occur and says why.

import { h } from "/static/common.js";
import { t } from "/static/i18n.js";

/** The typing area under the choices: a field while the table waits for the real dice, and Undo. */
export function typingArea(state, send, undo) {
  if (state.seat === null || state.finished) return null;
  const parts = [];
  if (state.typing) {
    const input = h("input", { id: "typed", type: "text", autocomplete: "off", spellcheck: "false", "aria-describedby": "typing-help", maxlength: 500 });
    const submit = (event) => {
      event.preventDefault();
      if (input.value.trim()) send({ typed: input.value.trim() });
    };
    parts.push(
      h("form", { class: "typing", onsubmit: submit },
        h("label", { for: "typed" }, t("What the real table shows:")),
        input,
        h("button", { type: "submit", class: "action" }, t("Enter")),
        h("small", { class: "hint", id: "typing-help" }, state.typing)),
    );
  }
  if (state.undo) parts.push(h("button", { type: "button", id: "undo-button", class: "small", onclick: undo }, t("Undo the last step")));
  return parts.length ? h("div", { class: "typing-area" }, parts) : null;
}
