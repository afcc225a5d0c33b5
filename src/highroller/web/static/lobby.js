// The lobby: a first screen to start a table quickly (game, named rules, players, who sits where, your
// name), every other rule and setting folded away, and the list of tables to join or watch.

import { api, h, saveSeat, savedName } from "/static/common.js";
import { duration, language, languageSwitch, loadWords, t, tn, translatePage } from "/static/i18n.js";
import { chooseName, ensureProfile } from "/static/profile.js";
import { registerServiceWorker } from "/static/push.js";

const HOUR = 3600;
const DAY = 24 * HOUR;

const form = document.getElementById("create");
const gameSelect = document.getElementById("game");
const presetSelect = document.getElementById("preset");
const playersInput = document.getElementById("opt-players");
const fillSelect = document.getElementById("fill");
const optionsBox = document.getElementById("options");
const seatsBox = document.getElementById("seats");
const nameInput = document.getElementById("name");
const errorLine = document.getElementById("create-error");
let games = [];
const LAST_GAME = "highroller:game";
const OWN_RULES = "";

function current() {
  return games.find((g) => g.name === gameSelect.value);
}

function playersOption() {
  return current().options.find((o) => o.name === "players");
}

function currentPreset() {
  return current().presets.find((p) => p.id === presetSelect.value);
}

/** A bot level in words: "Easy bot", "Medium bot", "Hard bot". */
function levelWords(level) {
  const words = { easy: t("Easy bot"), medium: t("Medium bot"), hard: t("Hard bot") };
  return words[level] ?? t("{bot} bot", { bot: level });
}

/** The same levels for a whole table: "Easy bots", … */
function levelsWords(level) {
  const words = { easy: t("Easy bots"), medium: t("Medium bots"), hard: t("Hard bots") };
  return words[level] ?? t("{bot} bot", { bot: level });
}

/** Every bot a seat may hold, once each: the levels first, then the bots no level plays. */
function botChoices(game) {
  const levelBots = Object.values(game.levels);
  return [
    ...Object.keys(game.levels).map((level) => [level, levelWords(level)]),
    ...game.bots.filter((bot) => !levelBots.includes(bot)).map((bot) => [bot, t("{bot} bot", { bot: t(bot) })]),
  ];
}

function defaultWords(option) {
  if (option.preset === null) return t("default");
  const value = option.kind === "bool" ? (option.preset ? t("yes") : t("no")) : option.kind === "int" ? option.preset : t(String(option.preset));
  return t("default ({value})", { value });
}

function optionField(option) {
  const id = `opt-${option.name}`;
  let input;
  if (option.kind === "bool") {
    input = h("select", { id, name: option.name }, h("option", { value: "" }, defaultWords(option)), h("option", { value: "true" }, t("yes")), h("option", { value: "false" }, t("no")));
  } else if (option.kind === "choice") {
    input = h("select", { id, name: option.name }, h("option", { value: "" }, defaultWords(option)), option.choices.map((c) => h("option", { value: c }, t(c))));
  } else if (option.seat) {
    // a seat option: 0-based for the API, numbered from 1 for people
    input = h("select", { id, name: option.name, "data-seat-option": "" }, h("option", { value: "" }, t("drawn by chance")),
      Array.from({ length: seatCount() }, (_, seat) => h("option", { value: seat }, t("Seat {n}", { n: seat + 1 }))));
  } else if (option.kind === "int") {
    input = h("input", { id, name: option.name, type: "number", inputmode: "numeric", step: 1, min: option.minimum, max: option.maximum, placeholder: option.preset ?? t("default") });
  } else {
    input = h("select", { id, name: option.name }, h("option", { value: "" }, defaultWords(option)), option.presets.map((p) => h("option", { value: p }, t(p))));
  }
  input.addEventListener("change", showMatchingPreset);
  return h("label", { class: "option" }, h("span", {}, option.label), input, h("small", { class: "hint" }, option.help));
}

function seatCount() {
  const value = playersInput.value !== "" ? Number(playersInput.value) : current().players;
  return Math.max(1, Math.min(12, value || 1));
}

function drawSeats() {
  const game = current();
  const old = [...seatsBox.querySelectorAll("select")].map((s) => s.value);
  seatsBox.replaceChildren(h("legend", {}, t("Seats")));
  for (let seat = 0; seat < seatCount(); seat += 1) {
    const select = h(
      "select",
      { name: `seat-${seat}`, "aria-label": t("Seat {n}", { n: seat + 1 }) },
      h("option", { value: "" }, t("a person")),
      botChoices(game).map(([value, words]) => h("option", { value }, words)),
    );
    select.value = old[seat] ?? (seat === 0 ? "" : fillSelect.value);
    seatsBox.append(h("label", { class: "seat-choice" }, h("span", { "aria-hidden": "true" }, seat + 1), select));
  }
}

/** "Other seats": people, or bots of one level, in every seat but the first. */
function drawFill() {
  const game = current();
  fillSelect.replaceChildren(
    h("option", { value: "" }, t("people (share the link)")),
    ...Object.keys(game.levels).map((level) => h("option", { value: level }, levelsWords(level))),
  );
}

function fillSeats() {
  for (const select of seatsBox.querySelectorAll("select:not([name=seat-0])")) select.value = fillSelect.value;
}

/** Seconds between two bot moves, in words; "" is the server's own pace. */
function botSpeeds() {
  return [["1.5", t("relaxed")], ["", t("normal")], ["0.3", t("fast")]];
}

/** The time a move may take: real-time tables (seconds, or untimed) and turn-based ones (hours or days). */
function drawTimerChoices() {
  const timer = document.getElementById("timer");
  const real = [[null, t("untimed (a friends' table)")], [30, t("30 seconds")], [60, t("1 minute")], [120, t("2 minutes")], [300, t("5 minutes")]];
  const turns = [[HOUR, t("1 hour")], [12 * HOUR, t("12 hours")], [DAY, t("24 hours")], [3 * DAY, t("3 days")]];
  const option = ([seconds, label]) => h("option", { value: seconds ?? "" }, label);
  timer.replaceChildren(
    h("optgroup", { label: t("Real-time") }, real.map(option)),
    h("optgroup", { label: t("Turn-based: play over days") }, turns.map(option)),
  );
  timer.addEventListener("change", drawTimer);
}

function turnBased() {
  return Number(document.getElementById("timer").value || 0) >= HOUR;
}

function drawTimer() {
  const game = current();
  const box = document.getElementById("timer-box");
  const oldStandIn = box.querySelector("#stand-in")?.value ?? game.stand_in;
  const oldBank = box.querySelector("#bank")?.value ?? String(DAY);
  const standIn = h("select", { id: "stand-in", name: "stand_in" }, botChoices(game).map(([value, words]) => h("option", { value }, words)));
  standIn.value = Object.hasOwn(game.levels, oldStandIn) ? oldStandIn : game.stand_in;
  const bank = h("select", { id: "bank", name: "bank" },
    [["", t("none")], [String(DAY), t("1 day")], [String(3 * DAY), t("3 days")], [String(7 * DAY), t("7 days")]].map(([seconds, label]) => h("option", { value: seconds }, label)));
  bank.value = oldBank;
  const when = turnBased()
    ? t("when a move's time (and time bank) runs out, a bot makes that move; the next move is the player's again")
    : t("when it runs out, a bot plays that move and the player shows as away until they are back");
  box.replaceChildren(
    h("legend", {}, t("Absent players")),
    h("p", { class: "hint" }, when),
    turnBased()
      ? h("label", { class: "option" }, h("span", {}, t("time bank")), bank,
        h("small", { class: "hint" }, t("extra time each player may use in the whole game when a move takes longer than its time")))
      : "",
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

function drawPresets() {
  const game = current();
  document.getElementById("preset-choice").hidden = game.presets.length === 0;
  presetSelect.replaceChildren(
    ...game.presets.map((p) => h("option", { value: p.id }, p.name)),
    h("option", { value: OWN_RULES }, t("your own rules")),
  );
}

function describePreset() {
  const preset = currentPreset();
  const line = document.getElementById("preset-line");
  if (!preset) {
    line.textContent = current().summary;
    return;
  }
  const counts = preset.players;
  const players = counts.length === 1
    ? tn(counts[0], "For {n} player.", "For {n} players.")
    : t("For {low} to {high} players.", { low: counts[0], high: counts[counts.length - 1] });
  line.textContent = `${preset.description} ${players}`;
}

/** The chosen preset's rules in the fields (the others at the game's defaults), and a player count it suits. */
function applyPreset() {
  const preset = currentPreset();
  if (!preset) {
    describePreset();
    return;
  }
  for (const option of current().options) {
    const field = form.elements.namedItem(option.name);
    if (option.name === "players" || !field) continue;
    field.value = option.name in preset.options ? String(preset.options[option.name]) : "";
  }
  const count = seatCount();
  if (playersOption() && !preset.players.includes(count)) {
    const nearest = preset.players.reduce((best, n) => (Math.abs(n - count) < Math.abs(best - count) ? n : best));
    playersInput.value = nearest;
    seatsChanged();
  }
  describePreset();
}

/** The preset whose rules the fields hold, or "your own rules". */
function showMatchingPreset() {
  const options = chosenOptions();
  for (const option of current().options) if (option.name === "players" || option.seat) delete options[option.name];
  const same = (preset) => {
    const names = new Set([...Object.keys(options), ...Object.keys(preset.options)]);
    return [...names].every((name) => options[name] === preset.options[name]);
  };
  const matching = current().presets.find((p) => p.id === presetSelect.value && same(p)) ?? current().presets.find(same);
  presetSelect.value = matching ? matching.id : OWN_RULES;
  describePreset();
}

function seatsChanged() {
  drawSeats();
  redrawSeatOptions();
}

/** "Learn to play" beside the game chosen, for a game with a tutorial. */
function drawLearning() {
  const learn = document.getElementById("learn");
  learn.hidden = !current().tutorial;
  learn.href = `/learn/${encodeURIComponent(current().name)}`;
  learn.textContent = t("Learn to play {game}", { game: current().title });
}

function drawGame() {
  localStorage.setItem(LAST_GAME, gameSelect.value);
  const game = current();
  drawLearning();
  const players = playersOption();
  playersInput.closest("label").hidden = !players;
  playersInput.min = players?.minimum ?? 1;
  playersInput.max = players?.maximum ?? 12;
  playersInput.value = game.players;
  optionsBox.replaceChildren(h("legend", {}, t("Rules")), ...game.options.filter((o) => o.name !== "players").map(optionField));
  drawFill();
  seatsBox.replaceChildren();
  drawSeats();
  drawPresets();
  applyPreset();
  redrawSeatOptions();
  drawTimer();
}

function chosenOptions() {
  const options = {};
  for (const option of current().options) {
    const field = form.elements.namedItem(option.name);
    const raw = field ? field.value.trim() : "";
    if (raw === "") continue;
    options[option.name] = option.kind === "int" ? Number(raw) : option.kind === "bool" ? raw === "true" : raw;
  }
  return options;
}

function hotSeat() {
  return document.getElementById("hot-seat").checked;
}

function nameWords() {
  document.getElementById("name-words").textContent = hotSeat() ? t("Everyone's names, in seat order") : t("Your name");
  nameInput.placeholder = hotSeat() ? t("Ann, Bob, Cleo") : t("Display name");
}

async function create(event) {
  event.preventDefault();
  errorLine.textContent = "";
  const name = nameInput.value.trim();
  const bots = [...seatsBox.querySelectorAll("select")].map((s) => s.value || null);
  const timer = document.getElementById("timer").value;
  const speed = document.getElementById("bot-speed").value;
  const bank = document.getElementById("bank")?.value;
  const rated = document.getElementById("rated").value;
  const body = {
    game: gameSelect.value,
    options: chosenOptions(),
    bots,
    timer: timer === "" ? null : Number(timer),
    stand_in: document.getElementById("stand-in").value,
    hints: document.getElementById("hints").checked,
    real_dice: document.getElementById("real-dice").checked,
    chat: document.getElementById("chat-rule").value,
  };
  if (speed !== "") body.bot_delay = Number(speed);
  if (turnBased() && bank) body.bank = Number(bank);
  if (rated) body.rated = rated;
  const people = bots.filter((bot) => bot === null).length;
  if (hotSeat() && people > 1) body.hot_seat = name.split(",").map((part) => part.trim());
  else body.name = people ? name : null;
  try {
    if (!hotSeat()) await chooseName(name);
    const table = await api(`/api/tables?lang=${language()}`, { method: "POST", body });
    if (table.token) saveSeat(table.id, { seat: table.seat, token: table.token, name: table.seats[table.seat].name });
    location.href = `/table/${table.id}`;
  } catch (error) {
    errorLine.textContent = error.message;
  }
}

/** "2 people, 1 bot, 1 open seat" */
function seatWords(seats) {
  const open = seats.filter((s) => !s.taken).length;
  const bots = seats.filter((s) => s.bot !== null).length;
  const people = seats.length - open - bots;
  return [
    people ? tn(people, "{n} person", "{n} people") : null,
    bots ? tn(bots, "{n} bot", "{n} bots") : null,
    open ? tn(open, "{n} open seat", "{n} open seats") : null,
  ].filter(Boolean).join(", ");
}

function tableRow(table) {
  const game = games.find((g) => g.name === table.game);
  const preset = game?.presets.find((p) => p.id === table.preset);
  const open = table.open_seats.length;
  return h(
    "li",
    { class: "table-row" },
    h("div", { class: "table-words" },
      h("strong", {}, game ? game.title : table.title), " · ", preset ? preset.name : t("own rules"),
      h("div", { class: "hint" },
        seatWords(table.seats), " · ",
        open ? tn(open, "waiting for {n} player", "waiting for {n} players") : t("playing"),
        table.timer ? [" · ", t("{time} a move", { time: duration(table.timer.seconds) })] : null,
        table.rated ? [" · ", t("rated")] : null),
      h("div", { class: "hint names" }, table.seats.map((seat, index) => [index ? ", " : "", h("bdi", {}, seat.name)]))),
    h("a", { class: "button small", href: `/table/${table.id}` }, open ? t("Join") : t("Watch")),
  );
}

async function listTables() {
  const list = document.getElementById("tables");
  try {
    const tables = await api(`/api/tables?lang=${language()}`);
    const turns = tables.filter((table) => table.timer?.turn_based);
    const real = tables.filter((table) => !table.timer?.turn_based);
    const none = () => [h("li", { class: "hint" }, t("No open tables yet: create one."))];
    list.replaceChildren(...(real.length ? real.map(tableRow) : none()));
    document.getElementById("turn-tables").replaceChildren(...(turns.length ? turns.map(tableRow) : none()));
  } catch (error) {
    list.replaceChildren(h("li", { class: "error" }, error.message));
  }
}

function drawSettings() {
  const speed = h("select", { id: "bot-speed", name: "bot_speed" }, botSpeeds().map(([seconds, words]) => h("option", { value: seconds }, words)));
  speed.value = "";
  const rated = h("select", { id: "rated", name: "rated" },
    [["", t("not rated")], ["people", t("rated: the people")], ["all", t("rated: people and bots")]].map(([value, label]) => h("option", { value }, label)));
  document.getElementById("table-box").append(
    h("label", { class: "option" }, h("span", {}, t("rating")), rated,
      h("small", { class: "hint" }, t("a rated game changes each player's rating for this game and number of players (see Ratings); every player needs a profile, which this browser keeps for you"))),
    h("label", { class: "option" }, h("span", {}, t("bot speed")), speed,
      h("small", { class: "hint" }, t("how long the bots pause before each move: relaxed 1.5 s, fast 0.3 s"))),
    h("label", { class: "option" }, h("span", {}, t("hints and win chances")), h("input", { type: "checkbox", id: "hints", checked: true }),
      h("small", { class: "hint" }, t("players may ask on their turn what a bot would play, with the odds, and see each player's chance to win where the game has an estimate; untick for a table without help"))),
    h("label", { class: "option" }, h("span", {}, t("chat")),
      h("select", { id: "chat-rule", name: "chat" },
        [["players", t("the players chat")], ["everyone", t("players and spectators chat")], ["off", t("no chat")]].map(([value, label]) => h("option", { value }, label))),
      h("small", { class: "hint" }, t("who may write in the table's chat; everyone may read it"))),
  );
  const oneDevice = h("input", { type: "checkbox", id: "hot-seat" });
  oneDevice.addEventListener("change", nameWords);
  document.getElementById("companion-box").append(
    h("label", { class: "option" }, h("span", {}, t("real dice")), h("input", { type: "checkbox", id: "real-dice" }),
      h("small", { class: "hint" }, t("you roll the real dice, draw the real bills and cards and type what they show; the app keeps the score and settles the bets"))),
    h("label", { class: "option" }, h("span", {}, t("one device")), oneDevice,
      h("small", { class: "hint" }, t("everyone's seat is on this device, which you pass from person to person: it always shows the one whose turn it is; type everyone's name below"))),
  );
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
  presetSelect.addEventListener("change", () => {
    applyPreset();
    if (presetSelect.value === OWN_RULES) document.getElementById("more").open = true;
  });
  playersInput.addEventListener("input", seatsChanged);
  fillSelect.addEventListener("change", fillSeats);
  nameInput.value = savedName();
  drawTimerChoices();
  drawSettings();
  drawGame();
  form.addEventListener("submit", create);
  registerServiceWorker();
  await ensureProfile();
  listTables();
  setInterval(listTables, 5000);
  countYourGames();
  setInterval(countYourGames, 30_000);
}

/** "Your games (2)": the tables waiting for this profile's move. */
async function countYourGames() {
  try {
    const yours = await api(`/api/me/games?lang=${language()}`);
    document.getElementById("your-games").textContent = yours.waiting ? t("Your games ({n})", { n: yours.waiting }) : t("Your games");
  } catch {
    // no profile (the server refused to make one): the link still leads to the page, which says why
  }
}

start();
