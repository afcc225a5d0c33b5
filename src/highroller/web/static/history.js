// Your history (/me/history): your statistics (per game and player count, your rating over time as a
// small chart with its words beside it, head to head against your friends, then the people you played
// most), your finished games a page at a time (each with its replay and record), and the two exports (results as CSV, records
// as a zip), which need this device's profile key and so are fetched, then saved.

import { api, h, s } from "/static/common.js";
import { language, languageSwitch, loadWords, number, t, tn, translatePage } from "/static/i18n.js";
import { ensureProfile, profileKey } from "/static/profile.js";

const el = (id) => document.getElementById(id);
const CHART = { width: 320, height: 120, pad: 8 };
let next = null;

function dateWords(seconds) {
  return new Intl.DateTimeFormat(language(), { dateStyle: "medium", timeStyle: "short" }).format(new Date(seconds * 1000));
}

function lang() {
  return `lang=${language()}`;
}

function statsTable(games) {
  if (!games.length) return h("p", { class: "hint" }, t("No finished game yet: your statistics start with your first."));
  const head = [t("Game"), t("Played"), t("Wins"), t("Average place")];
  const caption = t("Your games per game and player count");
  return h("div", { class: "board-box", tabindex: 0, role: "region", "aria-label": caption }, h("table", { class: "leaderboard stats" },
    h("caption", { class: "visually-hidden" }, caption),
    h("thead", {}, h("tr", {}, head.map((text, n) => h("th", { scope: "col", class: n ? "number" : null }, text)))),
    h("tbody", {}, games.map((row) => {
      const players = tn(row.players, "{n} player", "{n} players");
      return h("tr", {},
        h("th", { scope: "row", class: "name" }, row.title, h("span", { class: "count" }, players)),
        h("td", { class: "number" }, number(row.played)),
        h("td", { class: "number" }, number(row.wins)),
        h("td", { class: "number" }, number(row.average_place)));
    }))));
}

/** A rating series as a line over time; the words beside it say what it shows. */
function chart(series, id) {
  const values = series.points.map((point) => point.rating);
  const low = Math.min(...values);
  const high = Math.max(...values);
  const span = high - low || 1;
  const { width, height, pad } = CHART;
  const x = (n) => (values.length === 1 ? width / 2 : pad + (n * (width - 2 * pad)) / (values.length - 1));
  const y = (value) => height - pad - ((value - low) * (height - 2 * pad)) / span;
  const points = values.map((value, n) => `${x(n).toFixed(1)},${y(value).toFixed(1)}`).join(" ");
  return s("svg", { viewBox: `0 0 ${width} ${height}`, class: "rating-chart", role: "img", "aria-labelledby": id },
    s("line", { x1: pad, x2: width - pad, y1: y(low), y2: y(low), class: "axis" }),
    s("polyline", { points, class: "series" }),
    s("circle", { cx: x(values.length - 1), cy: y(values[values.length - 1]), r: 4, class: "now" }));
}

function ratingFigures(ratings) {
  if (!ratings.length) return [h("p", { class: "hint" }, t("Play at a rated table: your rating after each rated game shows here."))];
  return ratings.map((series, n) => {
    const values = series.points.map((point) => point.rating);
    const id = `rating-words-${n}`;
    const games = tn(series.games, "{n} rated game", "{n} rated games");
    const words = t("{game}, {players} players: from {first} to {last} over {games}; highest {high}, lowest {low}.", {
      game: series.title, players: number(series.players), first: number(values[0]), last: number(values[values.length - 1]),
      games, high: number(Math.max(...values)), low: number(Math.min(...values)),
    });
    return h("figure", { class: "rating-figure" }, chart(series, id), h("figcaption", { id }, words));
  });
}

function opponentItems(opponents) {
  if (!opponents.length) return [h("li", { class: "hint" }, t("Nobody with a profile has played with you yet."))];
  return opponents.map((other) => {
    const games = tn(other.games, "{n} game", "{n} games");
    return h("li", {},
      h("bdi", { class: "opponent" }, other.name),
      other.friend ? h("span", { class: "friend-mark" }, t("(you follow them)")) : null,
      h("span", {}, t("{games}: {ahead} ahead, {behind} behind, {tied} tied", {
        games, ahead: number(other.ahead), behind: number(other.behind), tied: number(other.tied),
      })));
  });
}

async function loadStats() {
  try {
    const stats = await api(`/api/me/stats?${lang()}`);
    el("stats").replaceChildren(statsTable(stats.games));
    el("ratings").replaceChildren(...ratingFigures(stats.ratings));
    el("opponents").replaceChildren(...opponentItems(stats.opponents));
  } catch (error) {
    el("stats").replaceChildren(h("p", { class: "error" }, error.message));
  }
}

function gameItem(game) {
  const players = game.players.map((player, n) => [n ? ", " : "", h("bdi", { class: player.you ? "yours" : null }, player.name)]);
  return h("li", { class: "finished-game" },
    h("div", { class: "game-head" }, h("strong", {}, game.title), h("time", { datetime: new Date(game.finished_at * 1000).toISOString() }, dateWords(game.finished_at))),
    h("p", {}, t("Place {place} of {players}, score {score}", { place: number(game.place), players: number(game.players.length), score: number(game.score) }),
      game.rated ? h("span", { class: "badge" }, t("rated")) : null),
    h("p", { class: "hint" }, t("Players:"), " ", players),
    game.kept
      ? h("p", { class: "links" }, h("a", { href: game.replay }, t("Watch the replay")), h("a", { href: game.record, download: "" }, t("Download the record")))
      : h("p", { class: "hint" }, t("This game's record is no longer kept.")));
}

async function loadHistory() {
  el("more").disabled = true;
  try {
    const page = await api(`/api/me/history?${lang()}${next ? `&before=${encodeURIComponent(next)}` : ""}`);
    el("history").append(...page.games.map(gameItem));
    next = page.next;
    el("more").hidden = !next;
    if (!el("history").children.length) el("history-status").textContent = t("No finished game yet.");
  } catch (error) {
    el("history-status").textContent = error.message;
  }
  el("more").disabled = false;
}

async function download(path, name) {
  const status = el("export-status");
  status.textContent = t("Preparing your download…");
  try {
    const response = await fetch(path, { headers: { "X-Profile": profileKey(), "Accept-Language": language() } });
    if (!response.ok) {
      const data = await response.json().catch(() => ({}));
      throw new Error(data.error || t("The server could not answer (error {status}): try again in a moment.", { status: response.status }));
    }
    const link = h("a", { href: URL.createObjectURL(await response.blob()), download: name, hidden: true });
    document.body.append(link);
    link.click();
    link.remove();
    status.textContent = t("Downloaded: {name}", { name });
  } catch (error) {
    status.textContent = error.message;
  }
}

async function start() {
  await loadWords();
  translatePage();
  document.title = `${t("Your history")} — highroller`;
  document.querySelector("header.top").append(languageSwitch(h));
  const profile = await ensureProfile();
  if (!profile) {
    for (const section of document.querySelectorAll("main > section")) section.hidden = true;
    el("history-error").hidden = false;
    el("history-error").textContent = t("Your profile could not be loaded or made: try again in a minute.");
    return;
  }
  el("more").addEventListener("click", loadHistory);
  el("export-csv").addEventListener("click", () => download(`/api/me/export.csv?${lang()}`, "highroller-games.csv"));
  el("export-zip").addEventListener("click", () => download("/api/me/export.zip", "highroller-records.zip"));
  await Promise.all([loadStats(), loadHistory()]);
}

start();
