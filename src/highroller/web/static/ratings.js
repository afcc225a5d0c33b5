// The leaderboard: a game's rated players at one player count with enough rated games to be listed,
// by conservative rating, your own line marked when this browser holds a profile (api() sends its key),
// and your place when it is further down, or your provisional rating while you are not listed yet; a
// Follow button by each other player, for a browser holding a profile.

import { api, h } from "/static/common.js";
import { language, languageSwitch, loadWords, number, t, tn, translatePage } from "/static/i18n.js";
import { profileKey } from "/static/profile.js";
import { followButton } from "/static/social.js";

const el = (id) => document.getElementById(id);
const LAST_GAME = "highroller:game";
const LINES = 100;
let games = [];
let following = null;

const oneDecimal = () => new Intl.NumberFormat(language(), { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** The game of /ratings/GAME, or null at /ratings. */
function gameFromPath() {
  const parts = location.pathname.split("/").filter(Boolean);
  return parts.length > 1 ? decodeURIComponent(parts[1]) : null;
}

/** The player counts a game is rated at: from two to its most. */
function playerCounts(game) {
  const option = game.options.find((o) => o.name === "players");
  const low = Math.max(2, option?.minimum ?? game.players);
  const high = option?.maximum ?? game.players;
  return Array.from({ length: Math.max(0, high - low + 1) }, (_, index) => low + index);
}

function drawPlayerChoices(game, rated) {
  el("players").replaceChildren(...playerCounts(game).map((n) => {
    const players = tn(n, "{n} player", "{n} players");
    return h("option", { value: n }, rated.includes(n) ? players : t("{players} (nobody listed yet)", { players }));
  }));
}

function lineRow(line) {
  const follows = line.handle && !line.you && profileKey() && following !== null;
  const name = [h("bdi", {}, line.name), line.you ? h("span", { class: "you-tag" }, t("you")) : null,
    follows ? followButton(line.handle, line.name, following.has(line.handle), said) : null];
  return h("tr", { class: line.you ? "mine" : null, "aria-current": line.you ? "true" : null },
    h("td", { class: "number" }, number(line.rank)),
    h("td", { class: "name" }, name),
    h("td", { class: "number" }, oneDecimal().format(line.rating)),
    h("td", { class: "number" }, number(line.games)));
}

function drawYours(board) {
  const shown = board.lines.some((line) => line.you);
  let words = "";
  if (board.you && board.you.provisional) {
    words = tn(board.you.games,
      "Your rating: {rating} after {n} rated game, provisional: not listed yet",
      "Your rating: {rating} after {n} rated games, provisional: not listed yet",
      { rating: oneDecimal().format(board.you.rating) });
  } else if (board.you && !shown) {
    words = tn(board.you.games, "Your place: {rank} of {total}, rating {rating} after {n} game", "Your place: {rank} of {total}, rating {rating} after {n} games", {
      rank: number(board.you.rank), total: number(board.total), rating: oneDecimal().format(board.you.rating),
    });
  } else if (!board.you && profileKey()) {
    words = t("You are not rated here yet: your rated games at this player count will place you.");
  }
  el("yours").textContent = words;
}

function draw(game, board) {
  drawPlayerChoices(game, board.player_counts);
  el("players").value = String(board.players);
  const players = tn(board.players, "{n} player", "{n} players");
  el("caption").textContent = t("{game}, {players}", { game: game.title, players });
  const listed = tn(board.total, "{n} player listed", "{n} players listed");
  const unlisted = tn(board.provisional, "{n} more player not listed yet", "{n} more players not listed yet");
  el("summary").textContent = board.provisional ? `${listed} · ${unlisted}` : listed;
  el("least").textContent = tn(board.least_games,
    "A player is listed after {n} rated game at this game and player count.",
    "A player is listed after {n} rated games at this game and player count.");
  el("lines").replaceChildren(...(board.lines.length
    ? board.lines.map(lineRow)
    : [h("tr", {}, h("td", { colspan: 4, class: "hint" }, t("Nobody is listed at this game and player count yet: play rated tables.")))]));
  drawYours(board);
  document.title = `${t("Leaderboard")} · ${game.title} · highroller`;
}

async function show(players) {
  const game = games.find((g) => g.name === el("game").value);
  localStorage.setItem(LAST_GAME, game.name);
  const count = players ? `&players=${players}` : "";
  try {
    const board = await api(`/api/ratings/${encodeURIComponent(game.name)}?lang=${language()}&limit=${LINES}${count}`);
    el("error").textContent = "";
    draw(game, board);
    history.replaceState(null, "", `/ratings/${encodeURIComponent(game.name)}?players=${board.players}`);
  } catch (error) {
    el("error").textContent = error.message;
  }
}

/** Tell how a follow went. */
function said(text, failed = false) {
  el("follow-status").textContent = text;
  el("follow-status").classList.toggle("error", failed);
}

async function start() {
  await loadWords();
  translatePage();
  document.querySelector("header.top").append(languageSwitch(h));
  try {
    games = await api(`/api/games?lang=${language()}`);
  } catch (error) {
    el("error").textContent = error.message;
    return;
  }
  if (profileKey()) {
    try {
      following = new Set((await api("/api/me/friends")).friends.map((friend) => friend.handle));
    } catch {
      following = null; // no profile after all: no follow buttons
    }
  }
  el("game").replaceChildren(...games.map((g) => h("option", { value: g.name }, g.title)));
  const wanted = [gameFromPath(), localStorage.getItem(LAST_GAME)].find((name) => games.some((g) => g.name === name));
  if (wanted) el("game").value = wanted;
  el("game").addEventListener("change", () => show(null));
  el("players").addEventListener("change", () => show(el("players").value));
  el("choose").addEventListener("submit", (event) => event.preventDefault());
  const players = Number(new URLSearchParams(location.search).get("players"));
  const game = games.find((g) => g.name === el("game").value);
  await show(wanted === gameFromPath() && playerCounts(game).includes(players) ? players : null);
}

start();
