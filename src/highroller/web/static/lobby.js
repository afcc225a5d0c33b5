// The lobby: a form built from each game's option specs, and the list of open tables.

import { api, h, saveName, saveSeat, savedName } from "/static/common.js";
import { language, languageSwitch, loadWords, t, translatePage } from "/static/i18n.js";

const form = document.getElementById("create");
const gameSelect = document.getElementById("game");
const optionsBox = document.getElementById("options");
const seatsBox = document.getElementById("seats");
const nameInput = document.getElementById("name");
const errorLine = document.getElementById("create-error");
let games = [];
const LAST_GAME = "highroller:game";

function current() {
  return games.find((g) => g.name === gameSelect.value);
}

function optionField(option) {
  const id = `opt-${option.name}`;
  const label = option.label;
  let input;
  if (option.kind === "bool") {
    input = h("select", { id, name: option.name }, h("option", { value: "" }, t("preset")), h("option", { value: "true" }, t("yes")), h("option", { value: "false" }, t("no")));
  } else if (option.kind === "choice") {
    input = h("select", { id, name: option.name }, h("option", { value: "" }, presetWords(option)), option.choices.map((c) => h("option", { value: c }, c)));
  } else if (option.seat) {
    // a seat option: 0-based for the API, numbered from 1 for people
    input = h("select", { id, name: option.name, "data-seat-option": "" }, h("option", { value: "" }, t("drawn by chance")),
      Array.from({ length: seatCount() }, (_, seat) => h("option", { value: seat }, t("Seat {n}", { n: seat + 1 }))));
  } else if (option.kind === "int") {
    input = h("input", { id, name: option.name, type: "number", inputmode: "numeric", step: 1, min: option.minimum, max: option.maximum, placeholder: option.preset ?? t("preset") });
  } else {
    input = h("select", { id, name: option.name }, h("option", { value: "" }, presetWords(option)), option.presets.map((p) => h("option", { value: p }, p)));
  }
  return h("label", { class: "option", title: option.help }, h("span", {}, label), input, h("small", { class: "hint" }, option.help));
}

function presetWords(option) {
  return option.preset !== null ? t("preset ({value})", { value: option.preset }) : t("preset");
}

function levelWords(level, bot) {
  const levels = { easy: t("easy"), medium: t("medium"), hard: t("hard") };
  return t("{level} bot ({bot})", { level: levels[level] ?? level, bot });
}

function seatCount() {
  const players = form.elements.namedItem("players");
  const value = players && players.value !== "" ? Number(players.value) : current().players;
  return Math.max(1, Math.min(12, value || 1));
}

function drawSeats() {
  const game = current();
  const old = [...seatsBox.querySelectorAll("select")].map((s) => s.value);
  seatsBox.replaceChildren(h("legend", {}, t("Seats")));
  for (let seat = 0; seat < seatCount(); seat += 1) {
    const fallback = seat === 0 ? "" : seat === 1 ? "" : game.default_bot;
    const choice = old[seat] ?? fallback;
    const select = h(
      "select",
      { name: `seat-${seat}`, "aria-label": t("Seat {n}", { n: seat + 1 }) },
      h("option", { value: "" }, t("a person")),
      Object.entries(game.levels).map(([level, bot]) => h("option", { value: level }, levelWords(level, bot))),
      game.bots.map((bot) => h("option", { value: bot }, t("{bot} bot", { bot }))),
    );
    select.value = choice;
    seatsBox.append(h("label", { class: "seat-choice" }, h("span", {}, t("Seat {n}", { n: seat + 1 })), select));
  }
}

function timers() {
  return [[null, t("none (a friends' table)")], [30, t("30 seconds")], [60, t("1 minute")], [120, t("2 minutes")], [300, t("5 minutes")]];
}

function drawTimer() {
  const game = current();
  const box = document.getElementById("timer-box");
  const oldTimer = box.querySelector("#timer")?.value ?? "";
  const oldStandIn = box.querySelector("#stand-in")?.value ?? game.stand_in;
  const timer = h("select", { id: "timer", name: "timer" }, timers().map(([seconds, label]) => h("option", { value: seconds ?? "" }, label)));
  timer.value = oldTimer;
  const standIn = h(
    "select",
    { id: "stand-in", name: "stand_in" },
    Object.entries(game.levels).map(([level, bot]) => h("option", { value: level }, levelWords(level, bot))),
  );
  standIn.value = Object.hasOwn(game.levels, oldStandIn) ? oldStandIn : game.stand_in;
  box.replaceChildren(
    h("legend", {}, t("Absent players")),
    h("label", { class: "option" }, h("span", {}, t("turn timer")), timer, h("small", { class: "hint" }, t("when it runs out, a bot plays that move and the player shows as away until they are back"))),
    h("label", { class: "option" }, h("span", {}, t("stand-in")), standIn, h("small", { class: "hint" }, t("the bot that plays for a player who is away or left the table"))),
  );
}

/** Seat options offer the seats there are. */
function redrawSeatOptions() {
  for (const old of optionsBox.querySelectorAll("[data-seat-option]")) {
    const option = current().options.find((o) => o.name === old.name);
    const fresh = optionField(option).querySelector("select");
    fresh.value = Number(old.value) < seatCount() ? old.value : "";
    old.replaceWith(fresh);
  }
}

function drawGame() {
  localStorage.setItem(LAST_GAME, gameSelect.value);
  const game = current();
  document.getElementById("summary").textContent = game.summary;
  optionsBox.replaceChildren(h("legend", {}, t("Rules")), ...game.options.map(optionField));
  const players = form.elements.namedItem("players");
  if (players) players.addEventListener("input", () => {
    drawSeats();
    redrawSeatOptions();
  });
  seatsBox.replaceChildren();
  drawSeats();
  redrawSeatOptions();
  drawTimer();
}

function chosenOptions() {
  const options = {};
  for (const option of current().options) {
    const raw = form.elements.namedItem(option.name).value.trim();
    if (raw === "") continue;
    options[option.name] = option.kind === "int" ? Number(raw) : option.kind === "bool" ? raw === "true" : raw;
  }
  return options;
}

async function create(event) {
  event.preventDefault();
  errorLine.textContent = "";
  const name = nameInput.value.trim();
  const bots = [...seatsBox.querySelectorAll("select")].map((s) => s.value || null);
  const timer = document.getElementById("timer").value;
  const body = {
    game: gameSelect.value,
    options: chosenOptions(),
    bots,
    timer: timer === "" ? null : Number(timer),
    stand_in: document.getElementById("stand-in").value,
    hints: document.getElementById("hints").checked,
    real_dice: document.getElementById("real-dice").checked,
  };
  const people = bots.filter((bot) => bot === null).length;
  if (document.getElementById("hot-seat").checked && people > 1) body.hot_seat = name.split(",").map((part) => part.trim());
  else body.name = people ? name : null;
  try {
    const table = await api(`/api/tables?lang=${language()}`, { method: "POST", body });
    saveName(name);
    if (table.token) saveSeat(table.id, { seat: table.seat, token: table.token, name: table.seats[table.seat].name });
    location.href = `/table/${table.id}`;
  } catch (error) {
    errorLine.textContent = error.message;
  }
}

async function listTables() {
  const list = document.getElementById("tables");
  try {
    const tables = await api(`/api/tables?lang=${language()}`);
    list.replaceChildren(
      ...(tables.length ? tables : [null]).map((table) =>
        table === null
          ? h("li", { class: "hint" }, t("No open tables yet: create one."))
          : h(
              "li",
              {},
              h("a", { href: `/table/${table.id}` }, t("{game} — {count} seats", { game: table.title, count: table.seats.length })),
              " ",
              h("span", { class: "hint" }, table.open_seats.length ? t("{count} open: join", { count: table.open_seats.length }) : table.started ? t("playing: watch") : ""),
              table.timer ? h("span", { class: "hint" }, " · ", t("{seconds} s a move", { seconds: table.timer.seconds })) : null,
              h("div", { class: "hint names" }, table.seats.map((seat, index) => [index ? ", " : "", h("bdi", {}, seat.name)])),
            ),
      ),
    );
  } catch (error) {
    list.replaceChildren(h("li", { class: "error" }, error.message));
  }
}

async function start() {
  await loadWords();
  translatePage();
  document.querySelector("header.top").append(languageSwitch(h));
  games = await api(`/api/games?lang=${language()}`);
  gameSelect.replaceChildren(...games.map((g) => h("option", { value: g.name }, g.title)));
  const last = localStorage.getItem(LAST_GAME);
  if (games.some((g) => g.name === last)) gameSelect.value = last;
  gameSelect.addEventListener("change", drawGame);
  nameInput.value = savedName();
  document.getElementById("timer-box").after(
    h("label", { class: "option" }, h("span", {}, t("hints and win chances")), h("input", { type: "checkbox", id: "hints", checked: true }),
      h("small", { class: "hint" }, t("players may ask on their turn what a bot would play, with the odds, and see each player's chance to win where the game has an estimate; untick for a table without help"))),
    h("fieldset", { id: "companion-box" },
      h("legend", {}, t("At a real table")),
      h("label", { class: "option" }, h("span", {}, t("real dice")), h("input", { type: "checkbox", id: "real-dice" }),
        h("small", { class: "hint" }, t("you roll the real dice, draw the real bills and cards and type what they show; the app keeps the score and settles the bets"))),
      h("label", { class: "option" }, h("span", {}, t("one device")), h("input", { type: "checkbox", id: "hot-seat" }),
        h("small", { class: "hint" }, t("everyone plays on this device: type every person's name in seat order, separated by commas")))),
  );
  drawGame();
  form.addEventListener("submit", create);
  listTables();
  setInterval(listTables, 5000);
}

start();
