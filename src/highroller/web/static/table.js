// The table page: one WebSocket to the server, the game's own drawing, and the generic parts around it
// (seats with who is online, whose turn, legal choices as buttons with stable keys, the latest scoring
// kept in view, the score sheet, the log, the winner banner, rematch, reconnection). On a phone the
// header is one line that stays, the seats a strip under it, and on your turn the choices sit in a bar
// fixed at the bottom, bounded in height, with the game's note and the hint's answer inside it. At each
// decision, and when a dialog closes, the pieces of the board a person needs are brought back into view.

import { alertControls, turnAlert } from "/static/alerts.js";
import { duration, language, languageSwitch, loadWords, t, tn, tNodes, translatePage } from "/static/i18n.js";
import { amountControl, arrange } from "/static/choices.js";
import { chanceMeter, noteLine, tableAdvice } from "/static/advice.js";
import { hintControls } from "/static/hint.js";
import { latestScoring, sheetButton, sheetTable } from "/static/sheet.js";
import { choiceKeys } from "/static/keys.js";
import { anchors, fly } from "/static/motion.js";
import { rulesButton } from "/static/rules.js";
import { typingArea } from "/static/typing.js";
import { drawLog, takeLog } from "/static/log.js";
import { api, gameModule, h, money, saveSeat, savedName, savedSeat, tableIdFromPath, SEAT_COLOURS } from "/static/common.js";
import { chooseName, ensureProfile } from "/static/profile.js";
import { closeControl } from "/static/closing.js";
import { pushControl, registerServiceWorker } from "/static/push.js";
import { ratingOutcome } from "/static/rating_outcome.js";
import { chatPanel } from "/static/chat.js";

const tableId = tableIdFromPath();
const el = (id) => document.getElementById(id);
let mine = savedSeat(tableId);
let socket = null;
let latest = null;
let seenVersion = null;
let drawer = null;
let retry = 500;
let sent = false;
let receivedAt = 0;
let shownView = null;
let finishedShown = false;
/** The version of the last decision whose board was brought into view. */
let decisionShown = null;
const keys = choiceKeys();
const SCORED = `highroller:scored:${tableId}`;
/** The step of the last scoring this viewer has moved on from (acted after it, or closed its card). */
let scoredSeen = Number(sessionStorage.getItem(SCORED) ?? -1);
/** The messages handled so far, one after another: the first state waits for the game's board module,
and a later message must not be drawn before it (the older state would be drawn last). */
let inbox = Promise.resolve();
/** The table's chat (chat.js): its button in the header, told the socket's chat messages. */
let chat = null;
/** Whether the chat's last messages were read since the socket (re)connected. */
let chatRead = false;

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/ws/tables/${encodeURIComponent(tableId)}`);
  el("connection").textContent = t("connecting…");
  socket.addEventListener("open", () => {
    retry = 500;
    chatRead = false;
    el("connection").textContent = "";
    socket.send(JSON.stringify({ type: "hello", token: mine ? mine.token : null, lang: language() }));
    tellPresence();
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
  if (message.type === "chat") {
    chat.receive(message);
    return;
  }
  if (message.type === "error" && chat.refused(message)) return;
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
  if (!chatRead) {
    chatRead = true; // once the socket hears every new message: the last ones are read now
    chat.load();
  }
  if (!drawer) {
    drawer = await gameModule(message.game);
    if (!el("rules-button")) el("header-buttons").append(rulesButton(message.game, message.title, () => latest && latest.view.rules));
    if (!el("sheet-button") && message.sheet !== undefined && message.sheet !== null) el("header-buttons").append(sheetButton(() => latest));
  }
  const rolled = seenVersion !== null && message.last_chance !== null && message.last_chance >= seenVersion;
  takeLog(message);
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
  const board = drawer.render(state.view, { names: names(), seat: state.seat, colours: SEAT_COLOURS, money, previous: shownView, scoring: true });
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
  drawScoring();
  drawActions();
  drawLog(tableId, el("log"));
  drawResult();
  el("join").hidden = !(state.seat === null && state.open_seats.length > 0);
  if (state.legal.length && decisionShown !== state.version) {
    decisionShown = state.version;
    requestAnimationFrame(showTheBoard);
  }
}

/** The part of the window the page is seen through: under the header, above the bar of choices. */
function clearView() {
  const panel = el("actions-panel");
  const bar = panel.classList.contains("acting") ? panel.getBoundingClientRect().top : Infinity;
  return { top: document.querySelector(".table-top").getBoundingClientRect().bottom, bottom: Math.min(window.innerHeight, bar) };
}

/** Whether one of `pieces` is out of the clear view (scrolled away, under the header or under the bar). */
function hidden(pieces) {
  const view = clearView();
  return pieces.some((piece) => {
    const box = piece.getBoundingClientRect();
    return box.top < view.top - 1 || box.bottom > view.bottom + 1;
  });
}

/** At a decision, what a person needs in view: the pieces the game's board marks `data-needed`; with
them, as room allows, the latest scoring and the seats with their win-chance meters. When one is hidden
the page goes back to its top, then, if the board's pieces are still hidden, down as far as they need. */
function showTheBoard() {
  if (!latest || !latest.legal.length) return;
  const drawn = (node) => node && node.getClientRects().length > 0;
  const pieces = [...el("board").querySelectorAll("[data-needed]")].filter(drawn);
  const helps = [el("scoring").firstElementChild, el("seats").querySelector("meter") ? el("seats") : null].filter(drawn);
  if (!pieces.length || !hidden([...pieces, ...helps])) return;
  window.scrollTo({ top: 0 });
  if (!hidden(pieces)) return;
  const view = clearView();
  const boxes = pieces.map((piece) => piece.getBoundingClientRect());
  const below = Math.max(...boxes.map((box) => box.bottom)) - view.bottom;
  const above = Math.min(...boxes.map((box) => box.top)) - view.top;
  window.scrollBy({ top: Math.min(below, above) });
}

/** The latest scoring (a round, a card) as a card above the board, kept until this viewer acts after
it or closes it: bots moving on cannot sweep it away. */
function drawScoring() {
  const rows = latest.sheet ? latest.sheet.rows : [];
  const last = rows.length ? rows[rows.length - 1] : null;
  const box = el("scoring");
  if (!last || last.step <= scoredSeen || latest.finished) {
    box.replaceChildren();
    return;
  }
  if (box.firstElementChild && box.firstElementChild.dataset.step === String(last.step)) return; // kept, its details open or not
  box.replaceChildren(latestScoring(latest, () => movedOn(last.step)));
}

/** This viewer has seen the scoring at `step`: its card goes. */
function movedOn(step) {
  if (step <= scoredSeen) return;
  scoredSeen = step;
  sessionStorage.setItem(SCORED, String(step));
  if (latest) drawScoring();
}

/** Tell the server whether this page is in view (the seats show online, away or offline). */
function tellPresence() {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ type: "presence", visible: document.visibilityState === "visible" }));
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
  holder.classList.toggle("tappable", Boolean(holder.querySelector(".playable")));
}

/** The turn timer of the person on move, counting down between messages (not a live region: it would speak every second). */
function drawClock() {
  const clock = el("clock");
  if (!latest || latest.clock === null || latest.clock === undefined || latest.finished) {
    clock.textContent = "";
    return;
  }
  const left = Math.max(0, Math.ceil(latest.clock - (performance.now() - receivedAt) / 1000));
  clock.textContent = clockWords(left, latest.current_player === latest.seat, latest.seats[latest.current_player]);
  clock.classList.toggle("urgent", left <= 10);
}

/** The clock in words: the move's own time, and apart from it the time bank the clock runs into after it. */
function clockWords(left, yours, mover) {
  const bank = Math.min(left, Math.floor(mover.bank || 0));
  const vars = { time: duration(left - bank), bank: duration(bank), name: mover.name };
  if (!bank) return yours ? t("{time} left on your turn", vars) : t("{time} left on {name}'s turn", vars);
  if (left > bank) {
    return yours ? t("{time} left on your turn, then {bank} of time bank", vars) : t("{time} left on {name}'s turn, then {bank} of time bank", vars);
  }
  vars.time = vars.bank;
  return yours ? t("{time} of time bank left on your turn", vars) : t("{time} of time bank left on {name}'s turn", vars);
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
  if (state.legal.length && el("board").classList.contains("tappable")) {
    children.push(h("p", { class: "hint tap-cue" }, t("Tap or click a lit piece on the board, or choose below.")));
  }
  if (state.warming) children.push(h("p", { class: "hint", id: "warming", role: "status" }, t("The bots are warming up: until they are ready they play a quicker level, so nobody waits.")));
  if (mine && mine.away && !mine.left && !state.finished) {
    children.push(h("p", { class: "away" }, t("A bot is playing for you while you are away."), " ", h("button", { type: "button", id: "back", onclick: comeBack }, t("I'm back"))));
  }
  el("status").replaceChildren(...children);
  const leaving = mine && !mine.away && !mine.left && !state.finished;
  el("menu-leave").replaceChildren(leaving ? h("button", { type: "button", id: "leave", onclick: leave }, state.started ? t("Leave (a bot plays my seat)") : t("Leave this table")) : "");
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
  else if (line) el("advice-area").prepend(line);
}

const PRESENCE = { online: "online", away: "away", offline: "offline" };

/** Who is at the table: a dot and a word for a person's presence (none for a bot). */
function presenceMark(seat) {
  if (!seat.presence || seat.presence === "bot" || !(seat.presence in PRESENCE) || !seat.taken) return "";
  const words = { online: t("online"), away: t("away"), offline: t("offline") }[seat.presence];
  return h("span", { class: `presence ${seat.presence}`, title: words }, h("span", { class: "dot", "aria-hidden": "true" }), h("span", { class: "presence-word" }, words));
}

function drawSeats() {
  const { chances } = tableAdvice(latest, drawAdvice);
  const watching = latest.watchers || 0;
  el("watchers").textContent = watching ? tn(watching, "· {n} watching", "· {n} watching") : "";
  el("seats").replaceChildren(
    ...latest.seats.map((seat) =>
      h(
        "li",
        { class: seat.seat === latest.current_player ? "on-move" : "" },
        h("span", { class: "swatch", style: `background:${SEAT_COLOURS[seat.seat % SEAT_COLOURS.length]}` }),
        h("bdi", {}, seat.name),
        presenceMark(seat),
        seat.seat === latest.seat ? ` ${t("(you)")}` : "",
        seat.taken ? "" : h("em", { class: "hint" }, ` — ${t("open")}`),
        seat.left ? h("em", { class: "hint" }, ` — ${t("left: a bot plays")}`) : seat.away ? h("em", { class: "hint" }, ` — ${t("away: a bot plays")}`) : "",
        chances ? chanceMeter(chances[seat.seat], seat.name) : "",
      ),
    ),
  );
}

function drawActions() {
  const wasTyping = document.activeElement && document.activeElement.id === "typed";
  const box = el("actions");
  const legal = latest ? latest.legal : [];
  const items = arrange(legal);
  keys.follow(items.filter((item) => item.button).map((item) => item.button.action), latest ? latest.current_player : null);
  box.replaceChildren(
    ...items.map((item, index) => {
      if (item.amount) return amountControl(item.amount, index, play, sent);
      const choice = item.button;
      const key = keys.keyOf(choice.action);
      return h(
        "button",
        {
          type: "button",
          class: choice.confirm ? "action needs-confirm" : "action",
          "data-action": JSON.stringify(choice.action),
          "aria-keyshortcuts": key || null,
          title: choice.help || null,
          disabled: sent,
          onclick: () => play(choice.action),
        },
        key ? h("kbd", {}, key) : null,
        choice.label,
        choice.confirm ? h("span", { class: "once", "aria-hidden": "true" }, "⚠") : null,
      );
    }),
  );
  box.classList.toggle("many", items.length > 6);
  const typing = latest ? typingArea(latest, play, undoTyped) : null;
  el("actions-title").textContent = legal.length
    ? t("Your choices")
    : typing ? t("The real dice, bills and cards") : t("Choices appear here on your turn");
  if (typing) box.append(typing);
  if (typing && wasTyping && el("typed")) el("typed").focus();
  const hint = latest ? hintControls(latest, mine && mine.token) : null;
  el("hint-place").replaceChildren(hint ? hint.button : "");
  el("hint-answer").replaceChildren(hint ? hint.answer : "");
  const acting = Boolean(legal.length || typing);
  const panel = el("actions-panel");
  panel.classList.toggle("acting", acting);
  panel.classList.toggle("idle", !acting);
  panel.hidden = Boolean(latest && latest.finished && !typing);
  document.body.classList.toggle("has-bar", acting);
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
  const wanted = JSON.stringify(action);
  const choice = latest.legal.find((each) => JSON.stringify(each.action) === wanted);
  if (choice && choice.confirm && !confirm(choice.confirm)) return;
  const rows = latest.sheet ? latest.sheet.rows : [];
  if (rows.length) movedOn(rows[rows.length - 1].step);
  sent = true;
  drawActions();
  socket.send(JSON.stringify({ type: "action", version: latest.version, action }));
}

/** The end: a winner banner at the top of the page with the final ranking, the score sheet and Rematch. */
function drawResult() {
  const box = el("result");
  const state = latest;
  box.hidden = !state.finished;
  document.body.classList.toggle("finished", Boolean(state.finished));
  if (!state.finished) return;
  const winners = state.result.winners.map((seat) => state.seats[seat].name).join(t(" and "));
  const ranking = state.seats
    .map((seat) => ({ seat, score: state.result.returns[seat.seat] }))
    .sort((a, b) => b.score - a.score)
    .map(({ seat, score }) => h("li", { class: state.result.winners.includes(seat.seat) ? "winner" : "" },
      h("span", { class: "swatch", style: `background:${SEAT_COLOURS[seat.seat % SEAT_COLOURS.length]}` }),
      h("bdi", {}, seat.name), " ", h("strong", {}, state.result.unit === "money" ? money(score) : tn(score, "{n} point", "{n} points"))));
  const rematch = state.rematch
    ? h("a", { class: "button", href: `/table/${state.rematch}`, onclick: (event) => joinRematch(event, state.rematch) }, t("Go to the rematch"))
    : state.seat !== null
      ? h("button", { type: "button", onclick: askRematch }, t("Rematch"))
      : null;
  box.replaceChildren(
    h("h2", { class: "winner-line" }, h("span", { "aria-hidden": "true" }, "★ "), state.result.winners.length > 1 ? t("{names} win!", { names: winners }) : t("{name} wins!", { name: winners })),
    h("ol", { class: "ranking" }, ranking),
    state.rated ? ratingOutcome(state) : "",
    h("p", { class: "row" }, rematch, h("a", { class: "button", href: `/api/tables/${state.id}/record`, download: "" }, t("Download the record")), h("a", { class: "button", href: `/replay/${state.id}` }, t("Replay step by step"))),
    state.sheet && state.sheet.rows.length ? h("div", { class: "sheet-scroll final-sheet" }, sheetTable(state)) : "",
  );
  if (!finishedShown) {
    finishedShown = true;
    window.scrollTo({ top: 0 });
  }
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
    await chooseName(name);
    const joined = await api(`/api/tables/${tableId}/join`, { method: "POST", body: { name } });
    mine = { seat: joined.seat, token: joined.token, name };
    saveSeat(tableId, mine);
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

function pressed(event) {
  if (event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement || event.ctrlKey || event.metaKey || event.altKey) return;
  const action = keys.actionOf(event.key);
  if (action !== undefined && latest && latest.legal.length) {
    event.preventDefault();
    play(action);
  }
}

/** Keep the page's foot clear of the bar of choices fixed at the bottom of a phone's screen. */
function watchBar() {
  const panel = el("actions-panel");
  new ResizeObserver(() => document.body.style.setProperty("--bar-height", `${panel.offsetHeight}px`)).observe(panel);
}

async function start() {
  await loadWords();
  translatePage();
  el("join-form").addEventListener("submit", join);
  el("join-name").value = savedName();
  el("share").addEventListener("click", shareLink);
  document.addEventListener("keydown", pressed);
  document.addEventListener("visibilitychange", tellPresence);
  el("menu-items").append(alertControls(), h("label", { class: "toggle" }, t("Language"), " ", languageSwitch(h)));
  el("menu-items").insertBefore(h("a", { href: "/games", class: "button" }, t("Your games")), el("menu-leave"));
  el("menu-leave").after(closeControl(el("menu"), tableId, () => mine && mine.token));
  el("menu-items").append(pushControl());
  registerServiceWorker();
  watchBar();
  chat = chatPanel(tableId, { token: () => (mine ? mine.token : null), seat: () => (latest ? latest.seat : mine ? mine.seat : null), socket: () => socket });
  el("header-buttons").prepend(chat.button);
  document.addEventListener("close", () => requestAnimationFrame(showTheBoard), true); // a dialog closed: back to the board
  setInterval(drawClock, 1000);
  await seatOfProfile();
  connect();
}

/** On a device signed in to a profile that sits at this table, take its seat with the profile's token. */
async function seatOfProfile() {
  if (!(await ensureProfile()) || mine) return;
  try {
    const seats = await api(`/api/me/tables/${tableId}`);
    if (seats.length) {
      mine = { seat: seats[0].seat, token: seats[0].token, name: savedName() };
      saveSeat(tableId, mine);
    }
  } catch {
    // the table is gone or the server is away: the page says so when it connects
  }
}

start();
