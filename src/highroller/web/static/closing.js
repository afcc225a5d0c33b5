// Closing a table from its menu: the person who plays at it alone — by the seat this page holds, by
// the profile, or on the server's own machine, even after the seat's token was lost — closes it. A
// table not started is deleted (the page goes back to the lobby); in a game in progress the stand-in
// plays the person's seats to the end, and the record and replay are kept. The item shows only when
// the server says this page may close the table, asked each time the menu opens.

import { api, h } from "/static/common.js";
import { t } from "/static/i18n.js";

/** The menu item "Close this table" for `menu` (a <details>): `token()` is the seat token this page holds, if any. */
export function closeControl(menu, tableId, token) {
  const holder = h("span", { id: "menu-close" });
  const close = async (started) => {
    const question = started
      ? t("Close this table? Nobody else plays at it: a bot plays your seats to the end, and the record is kept.")
      : t("Close this table? It has not started: it is deleted.");
    if (!confirm(question)) return;
    try {
      const closed = await api(`/api/tables/${tableId}/close`, { method: "POST", token: token() });
      localStorage.removeItem(`highroller:seat:${tableId}`);
      if (closed.deleted) window.location.assign("/");
      else window.location.reload();
    } catch (error) {
      document.getElementById("action-error").textContent = error.message;
    }
  };
  menu.addEventListener("toggle", async () => {
    if (!menu.open) return;
    try {
      const answer = await api(`/api/tables/${tableId}/closable`, { token: token() });
      const item = h("button", { type: "button", id: "close-table", onclick: () => close(answer.started) }, t("Close this table"));
      holder.replaceChildren(answer.closable ? item : "");
    } catch {
      holder.replaceChildren();
    }
  });
  return holder;
}
