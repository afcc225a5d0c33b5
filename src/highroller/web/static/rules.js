// The Rules panel of a table: the game's rules in short (GET /api/games/GAME/rules, in the page's
// language), a link to the game's tutorial where it has one, and the rule options in play at this
// table, in a dialog opened from the header.

import { api, h } from "/static/common.js";
import { language, number, t } from "/static/i18n.js";

/** An option's value in the page's language: yes/no, a choice or preset through the game's catalog, a number as the language writes it. */
function optionWords(value) {
  if (value === true) return t("yes");
  if (value === false) return t("no");
  if (typeof value === "number") return number(value);
  return value === null ? t("none") : t(String(value));
}

/** The options in play, from the view's `rules` (its plain values; tables such as dice faces are left to the board). */
function inPlay(rules) {
  const entries = Object.entries(rules || {}).filter(([, value]) => value === null || typeof value !== "object");
  if (!entries.length) return null;
  return h("section", { class: "in-play" }, h("h3", {}, t("At this table")),
    h("dl", {}, entries.map(([name, value]) => [h("dt", {}, t(name.replaceAll("_", " "))), h("dd", {}, optionWords(value))])));
}

/** A "Rules" button for the header that opens the panel; `rules()` gives the view's current `rules`. */
export function rulesButton(game, title, rules) {
  const body = h("div", { class: "guide" }, h("p", { class: "hint" }, t("Loading…")));
  const close = h("button", { type: "button", class: "small", id: "rules-close" }, t("Close"));
  const dialog = h("dialog", { id: "rules", class: "rules-panel", "aria-labelledby": "rules-title" },
    h("header", { class: "row" }, h("h2", { id: "rules-title" }, t("Rules of {game}", { game: title })), close), body);
  close.addEventListener("click", () => dialog.close());
  dialog.addEventListener("click", (event) => {
    if (event.target === dialog) dialog.close();
  });
  document.body.append(dialog);
  let loaded = false;
  const open = h("button", { type: "button", class: "small", id: "rules-button", "aria-haspopup": "dialog" }, t("Rules"));
  open.addEventListener("click", async () => {
    dialog.showModal();
    if (!loaded) {
      try {
        const guide = await api(`/api/games/${encodeURIComponent(game)}/rules?lang=${language()}`);
        const text = h("div", {});
        text.innerHTML = guide.html; // the server's own rendering of the game's guide file (no raw HTML passes)
        const learn = guide.tutorial
          ? h("p", { class: "learn-link" }, h("a", { href: `/learn/${encodeURIComponent(game)}`, target: "_blank", rel: "noopener" }, t("Learn to play {game}", { game: title })))
          : null;
        body.replaceChildren(...[learn, text].filter(Boolean));
        loaded = true;
      } catch (error) {
        body.replaceChildren(h("p", { class: "error" }, error.message));
      }
    }
    body.querySelector(".in-play")?.remove();
    const options = inPlay(rules());
    if (options) body.append(options);
  });
  return open;
}
