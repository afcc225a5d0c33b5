// Telling a person it is their turn when they are not looking: the tab's title and icon change, an
// optional short sound (off until switched on; the choice is remembered in this browser) and, while the
// page is hidden, a browser notification (permission is asked only when the person clicks for it).

import { h } from "/static/common.js";
import { t } from "/static/i18n.js";

const SOUND_KEY = "highroller:sound";
const ICON_QUIET = "data:image/svg+xml," + encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect x="3" y="3" width="26" height="26" rx="6" fill="#0d5c36"/>'
  + '<circle cx="11" cy="11" r="3" fill="#fff"/><circle cx="21" cy="21" r="3" fill="#fff"/></svg>');
const ICON_TURN = "data:image/svg+xml," + encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect x="3" y="3" width="26" height="26" rx="6" fill="#0d5c36"/>'
  + '<circle cx="11" cy="11" r="3" fill="#fff"/><circle cx="21" cy="21" r="3" fill="#fff"/><circle cx="25" cy="7" r="7" fill="#e8112d"/></svg>');
const TURN_MARK = "● ";

let wasMyTurn = false;

function soundOn() {
  return localStorage.getItem(SOUND_KEY) === "on";
}

function setIcon(href) {
  let link = document.querySelector("link[rel~='icon']");
  if (!link) {
    link = h("link", { rel: "icon" });
    document.head.append(link);
  }
  link.setAttribute("href", href);
}

/** Two short notes (Web Audio: no sound file). */
function chime() {
  const Context = window.AudioContext || window.webkitAudioContext;
  if (!Context) return;
  const context = new Context();
  [660, 880].forEach((frequency, index) => {
    const tone = context.createOscillator();
    const volume = context.createGain();
    tone.frequency.value = frequency;
    volume.gain.setValueAtTime(0.0001, context.currentTime + index * 0.16);
    volume.gain.exponentialRampToValueAtTime(0.2, context.currentTime + index * 0.16 + 0.02);
    volume.gain.exponentialRampToValueAtTime(0.0001, context.currentTime + index * 0.16 + 0.15);
    tone.connect(volume).connect(context.destination);
    tone.start(context.currentTime + index * 0.16);
    tone.stop(context.currentTime + index * 0.16 + 0.16);
  });
  setTimeout(() => context.close(), 800);
}

/** Call after each drawing: `myTurn` whether this browser's seat is to act, `title` the page's plain title. */
export function turnAlert(myTurn, title) {
  document.title = myTurn ? `${TURN_MARK}${t("Your turn")} — ${title}` : title;
  setIcon(myTurn ? ICON_TURN : ICON_QUIET);
  if (myTurn && !wasMyTurn) {
    if (soundOn()) chime();
    if (document.hidden && "Notification" in window && Notification.permission === "granted") {
      const note = new Notification(t("Your turn"), { body: title, tag: "highroller-turn", icon: ICON_TURN });
      note.onclick = () => window.focus();
    }
  }
  wasMyTurn = myTurn;
}

/** The header's controls: the sound switch and the notification button (shown while permission can be asked). */
export function alertControls() {
  const sound = h("input", { type: "checkbox", id: "sound", checked: soundOn(), onchange: (event) => {
    localStorage.setItem(SOUND_KEY, event.target.checked ? "on" : "off");
    if (event.target.checked) chime();
  } });
  const parts = [h("label", { class: "toggle", title: t("A short sound when it becomes your turn") }, sound, " ", t("Sound"))];
  if ("Notification" in window && Notification.permission === "default") {
    const ask = h("button", { type: "button", class: "small", id: "notify", title: t("A notification when it is your turn and this tab is hidden") }, t("Notify me"));
    ask.addEventListener("click", async () => {
      const answer = await Notification.requestPermission();
      ask.replaceWith(h("span", { class: "hint" }, answer === "granted" ? t("Notifications on") : t("Notifications blocked")));
    });
    parts.push(ask);
  }
  return h("span", { class: "alerts" }, parts);
}
