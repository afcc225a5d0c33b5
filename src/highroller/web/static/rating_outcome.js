// The end of a rated table: whether its game counted for the ratings and, if not, why (GET
// /api/tables/{id}/rating), asked again every few seconds until the server has recorded the result.

import { api, h } from "/static/common.js";
import { language, t } from "/static/i18n.js";

const EVERY = 3000;
const TRIES = 40;
let line = null;

/** The line saying whether the finished rated table `state` counted: made once, and kept across
redraws while it waits for the result to be recorded. */
export function ratingOutcome(state) {
  if (!line) {
    line = h("p", { id: "rating-outcome", class: "rating-outcome" }, t("The ratings are being updated…"));
    ask(state, 1);
  }
  return line;
}

async function ask(state, tries) {
  let outcome = null;
  try {
    outcome = await api(`/api/tables/${encodeURIComponent(state.id)}/rating?lang=${language()}`);
  } catch {
    // the server is away for a moment: ask again below
  }
  if (outcome && outcome.recorded) {
    const words = outcome.counted
      ? t("This game counted for the ratings.")
      : t("This game did not count for the ratings: {reason}.", { reason: outcome.reason });
    const board = h("a", { href: `/ratings/${encodeURIComponent(state.game)}?players=${state.seats.length}` }, t("See the leaderboard"));
    line.replaceChildren(words, " ", board);
  } else if (tries < TRIES) {
    setTimeout(() => ask(state, tries + 1), EVERY);
  }
}
