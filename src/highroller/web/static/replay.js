// Step through a finished game: the spectator's view after each step, with the log up to it.

import { api, gameModule, h, money, tableIdFromPath, SEAT_COLOURS } from "/static/common.js";

const el = (id) => document.getElementById(id);
let data = null;
let drawer = null;
let log = [];
let at = 0;

function show(index) {
  at = Math.max(0, Math.min(data.frames.length - 1, index));
  const frame = data.frames[at];
  const names = data.seats.map((seat) => seat.name);
  const holder = el("board");
  holder.replaceChildren(drawer.render(frame.view, { names, seat: null, colours: SEAT_COLOURS, money }));
  holder.classList.toggle("rolling", frame.chance);
  el("slider").value = String(at);
  el("where").textContent = `step ${at} of ${data.frames.length - 1}`;
  el("log").replaceChildren(...log.slice(0, frame.log_end).map((line) => h("li", {}, line.text)));
  el("log").scrollTop = el("log").scrollHeight;
}

async function start() {
  const id = tableIdFromPath();
  try {
    data = await api(`/api/tables/${encodeURIComponent(id)}/replay`);
    const state = await api(`/api/tables/${encodeURIComponent(id)}`);
    log = state.log;
  } catch (error) {
    el("replay-error").textContent = error.message;
    return;
  }
  drawer = await gameModule(data.game);
  el("title").textContent = `${data.title} · replay of table ${data.id}`;
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
