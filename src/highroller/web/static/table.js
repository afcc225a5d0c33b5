// The table page: one WebSocket to the server, the game's own drawing, and the generic parts around it
// (seats, whose turn, legal choices as buttons, the log, results, rematch, reconnection).

import { alertControls, turnAlert } from "/static/alerts.js";
import { language, languageSwitch, loadWords, t, tn, tNodes, translatePage } from "/static/i18n.js";
import { amountControl, arrange } from "/static/choices.js";
import { chanceMeter, noteLine, tableAdvice } from "/static/advice.js";
import { hintArea } from "/static/hint.js";
import { anchors, fly } from "/static/motion.js";
import { rulesButton } from "/static/rules.js";
import { typingArea } from "/static/typing.js";
import { api, gameModule, h, money, saveName, saveSeat, savedName, savedSeat, tableIdFromPath, SEAT_COLOURS } from "/static/common.js";

const tableId = tableIdFromPath();
const el = (id) => document.getElementById(id);
let mine = savedSeat(tableId);
let socket = null;
let latest = null;
let seenVersion = null;
let log = [];
let drawer = null;
let retry = 500;
let sent = false;
let receivedAt = 0;
let shownView = null;
/** The messages handled so far, one after another: the first state waits for the game's board module,
and a later message must not be drawn before it (the older state would be drawn last). */
let inbox = Promise.resolve();

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/ws/tables/${encodeURIComponent(tableId)}`);
  el("connection").textContent = t("connecting…");
  socket.addEventListener("open", () => {
    retry = 500;
    el("connection").textContent = "";
    socket.send(JSON.stringify({ type: "hello", token: mine ? mine.token : null, lang: language() }));
  });
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(event.data);
    inbox = inbox.then(() => receive(message)).catch(reportError);
  });
  socket.addEventListener("close", (event) => {
    if (event.code === 4404) {
      el("status").textContent = t("There is no such table.");
      return;
    }
    el("connection").textContent = t("reconnecting…");
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 5000);
  });
}

async function receive(message) {
  if (message.type === "error") {
    if (message.code === "no-table") {
      el("status").textContent = t("This table no longer exists.");
      return;
    }
    if (message.code === "bad-token") {
      mine = null;
      localStorage.removeItem(`highroller:seat:${tableId}`);
      socket.close();
      return;
    }
    el("action-error").textContent = message.error;
    sent = false;
    drawActions();
    return;
  }
  if (message.type !== "state") return;
  if (!drawer) {
    drawer = await gameModule(message.game);
    if (!el("rules-button")) el("share").before(rulesButton(message.game, message.title, () => latest && latest.view.rules));
  }
  const rolled = seenVersion !== null && message.last_chance !== null && message.last_chance >= seenVersion;
  log = log.slice(0, message.log_from).concat(message.log);
  latest = message;
  receivedAt = performance.now();
  seenVersion = message.version;
  sent = false;
  el("action-error").textContent = "";
  draw(rolled);
}

function names() {
  return latest.seats.map((seat) => seat.name);
}

function draw(rolled) {
  const state = latest;
  const seatHere = state.seat === null ? null : state.seats[state.seat];
  turnAlert(state.started && !state.finished && state.current_player === state.seat && !seatHere.away, `${state.title} — highroller`);
  el("title").textContent = t("{game} · table {id}", { game: state.title, id: state.id });
  const holder = el("board");
  const before = anchors(holder);
  const board = drawer.render(state.view, { names: names(), seat: state.seat, colours: SEAT_COLOURS, money, previous: shownView });
  holder.replaceChildren(board);
  if (shownView !== state.view) fly(holder, before);
  shownView = state.view;
  holder.dataset.version = String(state.version);
  holder.classList.toggle("rolling", rolled);
  if (rolled) setTimeout(() => holder.classList.remove("rolling"), 700);
  wireBoard(holder);
  drawStatus();
  drawClock();
  drawSeats();
  drawActions();
  drawLog();
  drawResult();
  el("join").hidden = !(state.seat === null && state.open_seats.length > 0);
}

/** Board pieces a game marks with `data-action` play that action when it is legal (click, tap, Enter). */
function wireBoard(holder) {
  const legal = new Map(latest.legal.map((choice) => [JSON.stringify(choice.action), choice]));
  for (const piece of holder.querySelectorAll("[data-action]")) {
    const choice = legal.get(piece.dataset.action);
    if (!choice) continue;
    piece.classList.add("playable");
    piece.tabIndex = 0;
    piece.setAttribute("role", "button");
    piece.setAttribute("aria-label", choice.label);
    piece.addEventListener("click", () => play(choice.action));
    piece.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        play(choice.action);
      }
    });
  }
}

/** The turn timer of the person on move, counting down between messages (not a live region: it would speak every second). */
function drawClock() {
  const clock = el("clock");
  if (!latest || latest.clock === null || latest.clock === undefined || latest.finished) {
    clock.textContent = "";
    return;
  }
  const left = Math.max(0, Math.ceil(latest.clock - (performance.now() - receivedAt) / 1000));
  const time = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
  clock.textContent = latest.current_player === latest.seat
    ? t("{time} left on your turn", { time })
    : t("{time} left on {name}'s turn", { time, name: latest.seats[latest.current_player].name });
  clock.classList.toggle("urgent", left <= 10);
}

function drawStatus() {
  const state = latest;
  const mine = state.seat === null ? null : state.seats[state.seat];
  let text;
  if (state.finished) text = t("The game is over.");
  else if (!state.started) text = tn(state.open_seats.length, "Waiting for players: {n} seat open. Share the link!", "Waiting for players: {n} seats open. Share the link!");
  else if (state.current_player === state.seat && !mine.away) text = t("Your turn!");
  else if (state.current_player >= 0) text = t("{name} is on move…", { name: state.seats[state.current_player].name });
  else if (state.typing) text = t("Your real dice: type what the table shows.");
  else text = "…";
  const you = mine === null ? t("You are watching.") : tNodes("You are {name} (seat {n}).", { n: state.seat + 1 }, { name: h("bdi", {}, state.seats[state.seat] ? state.seats[state.seat].name : mine.name) });
  const children = [h("strong", { class: state.current_player === state.seat && !mine?.away ? "your-turn" : "" }, text), " ", h("span", { class: "hint" }, you)];
  if (state.warming) children.push(h("p", { class: "hint", id: "warming", role: "status" }, t("The bots are warming up: until they are ready they play a quicker level, so nobody waits.")));
  if (mine && mine.away && !mine.left && !state.finished) {
    children.push(h("p", { class: "away" }, t("A bot is playing for you while you are away."), " ", h("button", { type: "button", id: "back", onclick: comeBack }, t("I'm back"))));
  } else if (mine && !mine.left && !state.finished) {
    children.push(" ", h("button", { type: "button", id: "leave", class: "small", onclick: leave }, state.started ? t("Leave (a bot plays my seat)") : t("Leave this table")));
  }
  el("status").replaceChildren(...children);
}

async function comeBack() {
  try {
    await api(`/api/tables/${tableId}/back?lang=${language()}`, { method: "POST", token: mine && mine.token });
  } catch (error) {
    el("action-error").textContent = error.message;
  }
}

async function leave() {
  const started = latest.started;
  if (started && !confirm(t("Leave this game? A bot plays your seat to the end, and you cannot take it back."))) return;
  try {
    await api(`/api/tables/${tableId}/leave`, { method: "POST", token: mine && mine.token });
    if (!started) {
      localStorage.removeItem(`highroller:seat:${tableId}`);
      mine = null;
      socket.close();
    }
  } catch (error) {
    el("action-error").textContent = error.message;
  }
}

/** Draw what depends on the table's advice: the seats' meters and the note with the choices (in
place, so an amount being typed is kept). */
function drawAdvice() {
  drawSeats();
  drawNote();
}

function drawNote() {
  const line = noteLine(tableAdvice(latest, drawAdvice).note);
  const old = el("table-note");
  if (old) old.replaceWith(line || "");
  else if (line) el("actions").append(line);
}

function drawSeats() {
  const { chances } = tableAdvice(latest, drawAdvice);
  el("seats").replaceChildren(
    ...latest.seats.map((seat) =>
      h(
        "li",
        { class: seat.seat === latest.current_player ? "on-move" : "" },
        h("span", { class: "swatch", style: `background:${SEAT_COLOURS[seat.seat % SEAT_COLOURS.length]}` }),
        h("bdi", {}, seat.name),
        seat.seat === latest.seat ? ` ${t("(you)")}` : "",
        seat.taken ? "" : h("em", { class: "hint" }, ` — ${t("open")}`),
        seat.left ? h("em", { class: "hint" }, ` — ${t("left: a bot plays")}`) : seat.away ? h("em", { class: "hint" }, ` — ${t("away: a bot plays")}`) : "",
        chances ? chanceMeter(chances[seat.seat], seat.name) : "",
      ),
    ),
  );
}

let shortcuts = [];

function drawActions() {
  const wasTyping = document.activeElement && document.activeElement.id === "typed";
  const box = el("actions");
  const legal = latest ? latest.legal : [];
  shortcuts = [];
  box.replaceChildren(
    ...arrange(legal).map((item, index) => {
      if (item.amount) return amountControl(item.amount, index, play, sent);
      const choice = item.button;
      shortcuts.push(choice);
      const number = shortcuts.length;
      return h(
        "button",
        {
          type: "button",
          class: "action",
          "data-action": JSON.stringify(choice.action),
          title: choice.help || null,
          disabled: sent,
          onclick: () => play(choice.action),
        },
        number <= 9 ? h("kbd", {}, String(number)) : null,
        choice.label,
      );
    }),
  );
  el("actions-title").textContent = legal.length
    ? t("Your choices")
    : latest && latest.typing ? t("The real dice, bills and cards") : t("Choices appear here on your turn");
  const typing = latest ? typingArea(latest, play, undoTyped) : null;
  if (typing) box.append(typing);
  if (typing && wasTyping && el("typed")) el("typed").focus();
  const hint = latest ? hintArea(latest, mine && mine.token) : null;
  if (hint) box.append(hint);
  if (latest) drawNote();
}

async function undoTyped() {
  try {
    await api(`/api/tables/${encodeURIComponent(tableId)}/undo`, { method: "POST", token: mine && mine.token });
    el("action-error").textContent = "";
  } catch (error) {
    el("action-error").textContent = error.message;
  }
}

function play(action) {
  if (sent || !socket || socket.readyState !== WebSocket.OPEN) return;
  sent = true;
  drawActions();
  socket.send(JSON.stringify({ type: "action", version: latest.version, action }));
}

function drawLog() {
  const box = el("log");
  box.replaceChildren(...log.map((line) => h("li", {}, line.text)));
  box.scrollTop = box.scrollHeight;
}

function drawResult() {
  const box = el("result");
  const state = latest;
  box.hidden = !state.finished;
  if (!state.finished) return;
  const winners = state.result.winners.map((seat) => state.seats[seat].name).join(t(" and "));
  const ranking = state.seats
    .map((seat) => ({ seat, score: state.result.returns[seat.seat] }))
    .sort((a, b) => b.score - a.score)
    .map(({ seat, score }) => h("li", {}, h("bdi", {}, seat.name), ": ", state.result.unit === "money" ? money(score) : tn(score, "{n} point", "{n} points")));
  const rematch = state.rematch
    ? h("a", { class: "button", href: `/table/${state.rematch}`, onclick: (event) => joinRematch(event, state.rematch) }, t("Go to the rematch"))
    : state.seat !== null
      ? h("button", { type: "button", onclick: askRematch }, t("Rematch"))
      : null;
  box.replaceChildren(
    h("h2", {}, state.result.winners.length > 1 ? t("{names} win!", { names: winners }) : t("{name} wins!", { name: winners })),
    h("ol", {}, ranking),
    h("p", { class: "row" }, rematch, h("a", { class: "button", href: `/api/tables/${state.id}/record`, download: "" }, t("Download the record")), h("a", { class: "button", href: `/replay/${state.id}` }, t("Replay step by step"))),
  );
}

async function askRematch() {
  try {
    await api(`/api/tables/${tableId}/rematch`, { method: "POST", token: mine && mine.token });
  } catch (error) {
    el("action-error").textContent = error.message;
  }
}

async function joinRematch(event, rematchId) {
  event.preventDefault();
  if (mine && !savedSeat(rematchId)) {
    try {
      const joined = await api(`/api/tables/${rematchId}/join`, { method: "POST", body: { name: mine.name, seat: mine.seat } });
      saveSeat(rematchId, { seat: joined.seat, token: joined.token, name: mine.name });
    } catch {
      // the seat went to someone else: arrive as a spectator, free to join another seat
    }
  }
  location.href = `/table/${rematchId}`;
}

async function join(event) {
  event.preventDefault();
  const name = el("join-name").value.trim();
  try {
    const joined = await api(`/api/tables/${tableId}/join`, { method: "POST", body: { name } });
    mine = { seat: joined.seat, token: joined.token, name };
    saveSeat(tableId, mine);
    saveName(name);
    el("join-error").textContent = "";
    socket.close();
  } catch (error) {
    el("join-error").textContent = error.message;
  }
}

/** Copy the table's link; where the clipboard is not available (a plain-http address on a LAN), show
the link in a selected field to copy by hand. */
async function shareLink() {
  try {
    if (!navigator.clipboard || !window.isSecureContext) throw new Error("no clipboard");
    await navigator.clipboard.writeText(location.href);
    el("share").textContent = t("Link copied");
  } catch {
    const field = h("input", { id: "share-link", class: "share-link", readonly: true, value: location.href, "aria-label": t("This table's link: copy it") });
    el("share").replaceWith(field);
    field.focus();
    field.select();
  }
}

function keys(event) {
  if (event.target instanceof HTMLInputElement || event.ctrlKey || event.metaKey || event.altKey) return;
  const index = Number(event.key) - 1;
  if (Number.isInteger(index) && index >= 0 && index < 9 && shortcuts[index]) {
    event.preventDefault();
    play(shortcuts[index].action);
  }
}

async function start() {
  await loadWords();
  translatePage();
  el("join-form").addEventListener("submit", join);
  el("join-name").value = savedName();
  el("share").addEventListener("click", shareLink);
  document.addEventListener("keydown", keys);
  el("connection").before(alertControls());
  el("connection").after(languageSwitch(h));
  setInterval(drawClock, 1000);
  connect();
}

start();
