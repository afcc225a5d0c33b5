// Learn to play a game: its tutorial's chapters, one lesson at a time. The server works each stretch
// of a lesson out (POST /api/tutorials/GAME/CHAPTER) from the learner's moves, which this device keeps
// (so a lesson is taken up where it was left, and finished chapters are ticked). The page shows each
// frame in turn: an explanation waits for "Next" with what it points at lit on the board (the game's
// board module says where: `pointed(target)`), a step taken is told and drawn after a short pause, and
// the learner's turn offers every legal move, the script's one marked. Nothing here knows a game.

import { api, gameModule, h, money, savedName, saveSeat, SEAT_COLOURS } from "/static/common.js";
import { amountControl, arrange } from "/static/choices.js";
import { language, languageSwitch, loadWords, t, translatePage } from "/static/i18n.js";
import { anchors, fly } from "/static/motion.js";
import { chooseName } from "/static/profile.js";

const el = (id) => document.getElementById(id);
const STEP_PAUSE = 700;
/** Lines of "what happened" kept in view. */
const HAPPENED_KEPT = 4;

const game = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || "");
const MOVES = (chapter) => `highroller:lesson:${game}:${chapter}`;
const DONE = `highroller:learned:${game}`;

let tutorial = null;
let drawer = null;
let chapter = null;
let answer = null;
let shown = null;
let run = 0;

function savedMoves(id) {
  try {
    const moves = JSON.parse(localStorage.getItem(MOVES(id)) || "[]");
    return Array.isArray(moves) ? moves : [];
  } catch {
    return [];
  }
}

function finished() {
  try {
    const done = JSON.parse(localStorage.getItem(DONE) || "[]");
    return Array.isArray(done) ? done : [];
  } catch {
    return [];
  }
}

function markFinished(id) {
  const done = finished();
  if (!done.includes(id)) localStorage.setItem(DONE, JSON.stringify([...done, id]));
}

function pause(ms) {
  const quick = matchMedia("(prefers-reduced-motion: reduce)").matches ? ms / 3 : ms;
  return new Promise((resolve) => setTimeout(resolve, quick));
}

function drawChapters() {
  const done = finished();
  el("chapters").replaceChildren(
    h("ol", {}, tutorial.chapters.map((c, index) =>
      h("li", {},
        h("a", {
          href: `?chapter=${encodeURIComponent(c.id)}`,
          "aria-current": c.id === chapter ? "step" : null,
          onclick: (event) => {
            event.preventDefault();
            begin(c.id);
          },
        },
        h("span", { class: "chapter-number", "aria-hidden": "true" }, done.includes(c.id) ? "✓" : String(index + 1)),
        c.title,
        done.includes(c.id) ? h("span", { class: "visually-hidden" }, ` (${t("done")})`) : null),
      ))),
  );
}

/** Draw the learner's view, lighting the board targets `points`. */
function draw(view, points = []) {
  const holder = el("board");
  const before = anchors(holder);
  holder.replaceChildren(drawer.render(view, { names: answer.names, seat: answer.seat, colours: SEAT_COLOURS, money, previous: shown }));
  if (shown) fly(holder, before);
  shown = view;
  const lit = [];
  for (const point of points) {
    const selector = typeof drawer.pointed === "function" ? drawer.pointed(point) : null;
    if (selector) lit.push(...holder.querySelectorAll(selector));
  }
  for (const piece of lit) piece.classList.add("pointed");
  const reduced = matchMedia("(prefers-reduced-motion: reduce)").matches;
  if (lit.length) lit[0].scrollIntoView({ block: "nearest", behavior: reduced ? "auto" : "smooth" });
}

function happened(lines) {
  const list = el("happened");
  for (const line of lines) if (line) list.append(h("li", {}, line));
  while (list.children.length > HAPPENED_KEPT) list.firstElementChild.remove();
}

function say(text, otherwise = false) {
  const box = el("say");
  box.textContent = text;
  box.classList.toggle("otherwise", otherwise);
}

/** Wait for "Next" (button, Enter or Space). */
function next() {
  return new Promise((resolve) => {
    const button = h("button", { type: "button", id: "next", class: "primary" }, t("Next"));
    button.addEventListener("click", () => {
      el("coach-actions").replaceChildren();
      resolve();
    });
    el("coach-actions").replaceChildren(button);
    button.focus({ preventScroll: true });
  });
}

async function showFrames(frames, mine) {
  for (const [index, frame] of frames.entries()) {
    if (mine !== run) return false;
    if (frame.say) {
      draw(frame.view, frame.points);
      say(frame.say, frame.otherwise);
      if (index < frames.length - 1 || !answer.turn) await next(); // the words before a move stay with its choices
    } else {
      draw(frame.view);
      happened([frame.line, ...frame.events]);
      await pause(STEP_PAUSE);
    }
  }
  return mine === run;
}

async function ask(body) {
  const mine = ++run;
  el("learn-error").textContent = "";
  for (const control of el("coach-actions").querySelectorAll("button, input")) control.disabled = true;
  let got;
  try {
    got = await api(`/api/tutorials/${encodeURIComponent(game)}/${encodeURIComponent(chapter)}?lang=${language()}`, { method: "POST", body });
  } catch (error) {
    if (mine !== run) return;
    if (error.code === "bad-lesson") {
      localStorage.removeItem(MOVES(chapter));
      begin(chapter);
      return;
    }
    el("learn-error").textContent = error.message;
    for (const control of el("coach-actions").querySelectorAll("button, input")) control.disabled = false;
    return;
  }
  if (mine !== run) return;
  answer = got;
  localStorage.setItem(MOVES(chapter), JSON.stringify(answer.moves));
  if (!(await showFrames(answer.frames, mine))) return;
  const last = answer.frames[answer.frames.length - 1];
  const points = answer.turn ? (answer.turn.points.length || !last?.say ? answer.turn.points : last.points) : [];
  draw(answer.view, points);
  if (answer.turn) offer(answer.turn);
  else end(answer.end);
}

function play(action) {
  ask({ moves: answer.moves, action });
}

function offer(turn) {
  const suggested = JSON.stringify(turn.suggestion);
  const items = arrange(turn.legal);
  const controls = items.map((item, index) => {
    if (item.amount) {
      const control = amountControl(item.amount, index, play, false);
      const wanted = item.amount.choices.find((choice) => JSON.stringify(choice.action) === suggested);
      if (wanted) {
        const input = control.querySelector("input");
        input.value = String(wanted.action[item.amount.field]);
        input.dispatchEvent(new Event("input"));
        control.classList.add("suggested");
      }
      return control;
    }
    const choice = item.button;
    const mine = JSON.stringify(choice.action) === suggested;
    return h("button", {
      type: "button",
      class: mine ? "action suggested" : "action",
      "data-action": JSON.stringify(choice.action),
      title: choice.help || null,
      onclick: () => play(choice.action),
    }, choice.label, mine ? h("span", { class: "suggestion-mark" }, ` · ${t("suggested")}`) : null);
  });
  el("coach-actions").replaceChildren(
    h("h2", { class: "your-move" }, t("Your move")),
    h("div", { class: `actions${items.length > 6 ? " many" : ""}` }, controls),
  );
  const first = el("coach-actions").querySelector(".suggested button.amount-go, button.suggested") || el("coach-actions").querySelector("button");
  if (first) first.focus({ preventScroll: true });
}

/** The board's own buttons (a casino, a card) play their move when it is legal. */
function boardClick(event) {
  const target = event.target.closest("[data-action]");
  if (!target || !answer || !answer.turn) return;
  const action = target.dataset.action;
  const choice = answer.turn.legal.find((c) => JSON.stringify(c.action) === action);
  if (choice) play(choice.action);
}

function end(closing) {
  markFinished(chapter);
  drawChapters();
  say(closing.say);
  const index = tutorial.chapters.findIndex((c) => c.id === chapter);
  const following = tutorial.chapters[index + 1];
  const name = h("input", { id: "real-name", type: "text", maxlength: 40, value: savedName(), autocomplete: "nickname", required: true });
  const go = h("button", { type: "submit", class: "primary", id: "real-game" }, closing.level === "easy" ? t("Play a real game against easy bots") : t("Play a real game"));
  const form = h("form", { class: "real-game" },
    h("label", { for: "real-name" }, t("Your name")), name, go);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    realGame(closing, name.value.trim());
  });
  const onward = following
    ? [h("button", { type: "button", class: "secondary", id: "next-chapter", onclick: () => begin(following.id, true) }, t("Next: {chapter}", { chapter: following.title }))]
    : [];
  el("coach-actions").replaceChildren(form, ...onward);
  go.focus({ preventScroll: true });
}

async function realGame(closing, name) {
  el("learn-error").textContent = "";
  if (!name) {
    el("learn-error").textContent = t("Type the name the table shows for you.");
    return;
  }
  const bots = Array.from({ length: closing.players }, (_, seat) => (seat === 0 ? null : closing.level));
  try {
    await chooseName(name);
    const table = await api(`/api/tables?lang=${language()}`, { method: "POST", body: { game, options: closing.options, bots, name } });
    if (table.token) saveSeat(table.id, { seat: table.seat, token: table.token, name: table.seats[table.seat].name });
    location.href = `/table/${table.id}`;
  } catch (error) {
    el("learn-error").textContent = error.message;
  }
}

function begin(id, fresh = false) {
  run += 1;
  chapter = id;
  if (fresh) localStorage.removeItem(MOVES(id));
  history.replaceState(null, "", `?chapter=${encodeURIComponent(id)}`);
  const title = tutorial.chapters.find((c) => c.id === id).title;
  el("coach-title").textContent = title;
  document.title = `${t("Learn to play {game}", { game: tutorial.title })} — ${title}`;
  el("happened").replaceChildren();
  say("");
  el("coach-actions").replaceChildren();
  shown = null;
  drawChapters();
  ask({ moves: savedMoves(id), action: null });
}

async function start() {
  await loadWords();
  translatePage();
  document.querySelector("header.top").append(languageSwitch(h));
  let listed;
  try {
    listed = await api(`/api/tutorials?lang=${language()}`);
  } catch (error) {
    el("learn-error").textContent = error.message;
    return;
  }
  tutorial = listed.find((entry) => entry.game === game);
  if (!tutorial) {
    el("learn-error").replaceChildren(t("This game has no tutorial."), " ", h("a", { href: "/" }, t("Lobby")));
    return;
  }
  el("title").textContent = t("Learn to play {game}", { game: tutorial.title });
  drawer = await gameModule(game);
  el("board").addEventListener("click", boardClick);
  el("restart").addEventListener("click", () => begin(chapter, true));
  const asked = new URLSearchParams(location.search).get("chapter");
  const done = finished();
  const first = tutorial.chapters.find((c) => c.id === asked) || tutorial.chapters.find((c) => !done.includes(c.id)) || tutorial.chapters[0];
  begin(first.id);
}

start();
