// Following, blocking and invitations as every page asks for them: a profile is named by its public
// handle (never its id), and a follow button that says what it will do.

import { api, h } from "/static/common.js";
import { t } from "/static/i18n.js";

const named = (handle) => encodeURIComponent(handle);

export const follow = (handle) => api(`/api/me/follows/${named(handle)}`, { method: "PUT" });
export const unfollow = (handle) => api(`/api/me/follows/${named(handle)}`, { method: "DELETE" });
export const block = (handle) => api(`/api/me/blocks/${named(handle)}`, { method: "PUT" });
export const unblock = (handle) => api(`/api/me/blocks/${named(handle)}`, { method: "DELETE" });

/** A profile's shared link: its public page, where others follow it. */
export const personLink = (handle) => `${location.origin}/people/${named(handle)}`;

/** The handle a pasted link or handle names ("" for neither). */
export function handleOf(text) {
  const found = text.trim().match(/(?:\/people\/)?([A-Za-z0-9_-]{22})\/?$/);
  return found ? found[1] : "";
}

/** A button that follows `name` (`handle`) or, once followed, unfollows; `said(text, failed)` tells how it went. */
export function followButton(handle, name, following, said = () => {}) {
  const button = h("button", { type: "button", class: "small follow" });
  const show = () => {
    button.textContent = following ? t("Unfollow") : t("Follow");
    button.setAttribute("aria-label", following ? t("Unfollow {name}", { name }) : t("Follow {name}", { name }));
    button.setAttribute("aria-pressed", following ? "true" : "false");
  };
  button.addEventListener("click", async () => {
    button.disabled = true;
    try {
      await (following ? unfollow(handle) : follow(handle));
      following = !following;
      said(following ? t("You follow {name}.", { name }) : t("You no longer follow {name}.", { name }));
    } catch (error) {
      said(error.message, true);
    } finally {
      button.disabled = false;
      show();
    }
  });
  show();
  return button;
}
