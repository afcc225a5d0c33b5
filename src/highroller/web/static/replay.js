// Step through a finished game: the spectator's view after each step, with the log up to it.

import { api, gameModule, h, money, s, tableIdFromPath, SEAT_COLOURS } from "/static/common.js";
import { language, languageSwitch, loadWords, t, translatePage } from "/static/i18n.js";
import { anchors, fly } from "/static/motion.js";

const el = (id) => document.getElementById(id);
let data = null;
let drawer = null;
let log = [];
let seats = [];
let at = 0;

/** The step buttons' symbols, drawn (the media symbols are missing from many installed fonts). */
const ICONS = { first: "M4 3h2v10H4zM14 3v10L7 8z", back: "M12 3v10L5 8z", next: "M4 3v10l7-5z", last: "M2 3v10l7-5zM10 3h2v10h-2z" };

function drawIcons() {
  for (const [id, path] of Object.entries(ICONS)) {
    const button = el(id);
    button.replaceChildren(s("svg", { viewBox: "0 0 16 16", width: 16, height: 16, "aria-hidden": "true", focusable: "false" }, s("path", { d: path, fill: "currentColor" })));
  }
}

function show(index) {
  const from = at;
  at = Math.max(0, Math.min(data.frames.length - 1, index));
  const frame = data.frames[at];
  const names = seats.map((seat) => seat.name);
  const holder = el("board");
  const before = anchors(holder);
  const previous = at === from + 1 ? data.frames[from].view : null;
  holder.replaceChildren(drawer.render(frame.view, { names, seat: null, colours: SEAT_COLOURS, money, previous }));
  if (previous) fly(holder, before);
  holder.classList.toggle("rolling", frame.chance);
  el("slider").value = String(at);
  el("where").textContent = t("step {at} of {count}", { at, count: data.frames.length - 1 });
  el("log").replaceChildren(...log.slice(0, frame.log_end).map((line) => h("li", {}, line.text)));
  el("log").scrollTop = el("log").scrollHeight;
}

async function start() {
  await loadWords();
  translatePage();
  document.querySelector("header.top").append(languageSwitch(h));
  drawIcons();
  const id = tableIdFromPath();
  try {
    data = await api(`/api/tables/${encodeURIComponent(id)}/replay?lang=${language()}`);
    log = data.log;
    seats = data.seats; // named in the page's language
  } catch (error) {
    el("replay-error").textContent = error.message;
    return;
  }
  drawer = await gameModule(data.game);
  el("title").textContent = t("{game} · replay of table {id}", { game: data.title, id: data.id });
  el("slider").max = String(data.frames.length - 1);
  el("slider").addEventListener("input", () => show(Number(el("slider").value)));
  el("first").addEventListener("click", () => show(0));
  el("back").addEventListener("click", () => show(at - 1));
  el("next").addEventListener("click", () => show(at + 1));
  el("last").addEventListener("click", () => show(data.frames.length - 1));
  document.addEventListener("keydown", (event) => {
    const moves = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: data.frames.length - 1 };
    if (event.key in moves && event.target !== el("slider")) {
      event.preventDefault();
      show(moves[event.key]);
    }
  });
  show(0);
}

start();
