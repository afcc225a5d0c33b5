// "Your games": every table this browser's profile sits at, those waiting for its move first, with
// whose move it is, the time left and the last move; the page's title and icon count the tables
// waiting for you (and an installed app's badge, where the system has one). Invitations to tables come
// first (invitations.js).

import { api, h, saveSeat, savedName, savedSeat } from "/static/common.js";
import { duration, language, languageSwitch, loadWords, t, translatePage } from "/static/i18n.js";
import { drawInvitations } from "/static/invitations.js";
import { ensureProfile } from "/static/profile.js";
import { pushControl, registerServiceWorker } from "/static/push.js";

const REFRESH = 30_000;
const SECTIONS = [
  ["your-move", () => t("Your move")],
  ["their-move", () => t("Their move")],
  ["waiting-for-players", () => t("Waiting for players")],
  ["finished", () => t("Finished")],
];

/** The favicon: a die with the number of tables waiting for you (none: a plain die). */
function icon(count) {
  const canvas = document.createElement("canvas");
  canvas.width = canvas.height = 64;
  const pen = canvas.getContext("2d");
  pen.fillStyle = "#1d6b3a";
  pen.beginPath();
  pen.roundRect(4, 4, 56, 56, 12);
  pen.fill();
  pen.fillStyle = "#fff";
  if (count) {
    pen.font = "bold 40px sans-serif";
    pen.textAlign = "center";
    pen.textBaseline = "middle";
    pen.fillText(count > 9 ? "9+" : String(count), 32, 35);
  } else {
    for (const [x, y] of [[20, 20], [32, 32], [44, 44]]) {
      pen.beginPath();
      pen.arc(x, y, 6, 0, 2 * Math.PI);
      pen.fill();
    }
  }
  document.getElementById("icon").href = canvas.toDataURL("image/png");
}

function showCount(count) {
  document.title = count ? `(${count}) ${t("Your games")} — highroller` : `${t("Your games")} — highroller`;
  icon(count);
  if (navigator.setAppBadge) (count ? navigator.setAppBadge(count) : navigator.clearAppBadge()).catch(() => {});
}

function whoseMove(game) {
  const left = game.time_left === null ? null : duration(game.time_left);
  if (game.state === "your-move") return left ? t("Your move · {time} left", { time: left }) : t("Your move");
  if (game.state === "their-move") {
    return left ? t("{name}'s move · {time} left", { name: game.mover, time: left }) : t("{name}'s move", { name: game.mover ?? "" });
  }
  if (game.state === "waiting-for-players") return t("Waiting for players: share the table's link");
  return t("The game is over.");
}

function row(game) {
  if (game.seats.length && !savedSeat(game.id)) {
    saveSeat(game.id, { seat: game.seats[0].seat, token: game.seats[0].token, name: savedName() });
  }
  const label = game.state === "your-move" ? t("Play") : t("Open");
  return h("li", { class: `game-row ${game.state}` },
    h("div", { class: "game-words" },
      h("strong", {}, game.title), game.turn_based ? null : h("span", { class: "hint" }, " · ", t("real-time")),
      h("div", { class: "game-players" }, game.players.map((name, index) => [index ? ", " : "", h("bdi", {}, name)])),
      h("div", { class: "whose" }, whoseMove(game)),
      game.last ? h("div", { class: "hint last" }, game.last) : null),
    h("a", { class: "button small", href: `/table/${game.id}` }, label));
}

async function draw() {
  await drawInvitations(document.getElementById("invitations"));
  const box = document.getElementById("games");
  let yours;
  try {
    yours = await api(`/api/me/games?lang=${language()}`);
  } catch (error) {
    box.replaceChildren(h("p", { class: "error" }, error.message));
    return;
  }
  showCount(yours.waiting);
  if (!yours.games.length) {
    box.replaceChildren(h("p", { class: "hint" }, t("No games yet. Create a table in the lobby — a turn-based one lets everyone play at their own pace."), " ",
      h("a", { href: "/" }, t("Lobby"))));
    return;
  }
  box.replaceChildren(...SECTIONS.flatMap(([state, title]) => {
    const games = yours.games.filter((game) => game.state === state);
    if (!games.length) return [];
    return [h("h2", {}, title(), " ", h("span", { class: "count" }, `(${games.length})`)), h("ul", { class: "games" }, games.map(row))];
  }));
}

async function start() {
  await loadWords();
  translatePage();
  document.querySelector("header.top").append(languageSwitch(h));
  registerServiceWorker();
  const profile = await ensureProfile();
  document.getElementById("notify").append(pushControl());
  document.getElementById("who").textContent = profile ? t("Signed in as {name}.", { name: profile.name }) : "";
  await draw();
  setInterval(draw, REFRESH);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") draw();
  });
}

start();
