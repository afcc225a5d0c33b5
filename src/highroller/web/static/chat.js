// A table's chat: a header button with the count of unread messages that opens a drawer (at the bottom
// of a phone, at the side of a desktop) holding the messages, the quick phrases in a row, a text field
// and Send. Messages come over the table's WebSocket ({type: "chat"}) and are sent on it while it is
// open, else with POST /api/tables/ID/chat. Text is shown as text, never HTML. Each reader may mute a
// person (kept in this browser, for this table) and report a message to the host.

import { api, h, PROFILE_KEY } from "/static/common.js";
import { t, tn } from "/static/i18n.js";

/** The quick phrases: each code's words in the page's language (the server keeps the same list). */
const PHRASES = {
  "good-luck": () => t("Good luck"),
  "well-played": () => t("Well played"),
  thinking: () => t("Thinking…"),
  "nice-roll": () => t("Nice roll!"),
  oops: () => t("Oops"),
  thanks: () => t("Thanks"),
  "your-turn": () => t("Your turn"),
  "thumbs-up": () => "👍",
  smile: () => "😄",
  wow: () => "😮",
  dice: () => "🎲",
  clover: () => "🍀",
  phew: () => "😅",
};

const REASONS = { abuse: () => t("Abuse"), spam: () => t("Spam"), cheating: () => t("Cheating"), other: () => t("Other") };

/** The codes of the server's refusals that answer a chat message. */
const CHAT_CODES = new Set(["chat-off", "spectators-may-not-chat", "too-long", "bad-text", "empty-message", "unknown-phrase", "bad-chat", "name-needed", "bad-name"]);

const MAX_TEXT = 300;

/** What a message says in the page's language: a phrase's words, or the text as typed. */
export function said(message) {
  const phrase = PHRASES[message.phrase];
  return phrase ? phrase() : message.text || "";
}

function stored(key, fallback) {
  try {
    return JSON.parse(localStorage.getItem(key)) ?? fallback;
  } catch {
    return fallback;
  }
}

/** Who wrote a message, as a mute remembers them: a seat, or a spectator's name. */
function authorKey(message) {
  return message.seat === null ? `watching:${message.author}` : `seat:${message.seat}`;
}

/**
 * The chat of table `tableId`: `token()` is this browser's seat token (null: watching), `seat()` the seat
 * it sees as, `socket()` the table's WebSocket. Returns the header button and what table.js tells it.
 */
export function chatPanel(tableId, { token, seat, socket }) {
  const MUTED = `highroller:chat-muted:${tableId}`;
  const READ = `highroller:chat-read:${tableId}`;
  let messages = [];
  let rule = "players";
  let record = null;
  let waiting = false;
  const muted = new Set(stored(MUTED, []));
  let lastRead = Number(stored(READ, 0));

  const badge = h("span", { class: "chat-badge", hidden: true });
  const button = h("button", { type: "button", class: "small chat-button", id: "chat-button", "aria-expanded": "false", "aria-controls": "chat-panel" }, t("Chat"), badge);
  const list = h("ol", { class: "chat-log", id: "chat-log", "aria-live": "polite", tabindex: "0", "aria-label": t("Messages") });
  const note = h("p", { class: "hint chat-note", id: "chat-note" });
  const error = h("p", { class: "error", role: "alert", id: "chat-error" });
  const phrases = h("div", { class: "chat-phrases", role: "group", "aria-label": t("Quick phrases") },
    Object.entries(PHRASES).map(([code, words]) => {
      const phrase = h("button", { type: "button", class: "small chat-phrase", "data-phrase": code }, words());
      phrase.addEventListener("click", () => send({ phrase: code }));
      return phrase;
    }));
  const name = h("input", { id: "chat-name", maxlength: "40", autocomplete: "nickname", "aria-label": t("Your name") });
  const nameRow = h("label", { class: "chat-name-row", hidden: true }, h("span", {}, t("Your name")), " ", name);
  const text = h("input", { id: "chat-text", maxlength: String(MAX_TEXT), autocomplete: "off", "aria-label": t("Message") , placeholder: t("Message") });
  const form = h("form", { class: "chat-form", autocomplete: "off" }, text, h("button", { type: "submit", id: "chat-send" }, t("Send")));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    if (text.value.trim()) send({ text: text.value });
  });
  const recordBox = h("input", { type: "checkbox", id: "chat-record" });
  const recordRow = h("label", { class: "toggle chat-switch", hidden: true }, recordBox, " ", t("Include the chat in the game's record (only if every player says yes)"));
  recordBox.addEventListener("change", async () => {
    try {
      await api(`/api/tables/${encodeURIComponent(tableId)}/chat/record`, { method: "PUT", body: { include: recordBox.checked }, token: token() });
      error.textContent = "";
    } catch (failure) {
      error.textContent = failure.message;
    }
  });
  const noticeBox = h("input", { type: "checkbox", id: "chat-notify" });
  const noticeRow = h("label", { class: "toggle chat-switch", hidden: true }, noticeBox, " ", t("Notify me of chat messages while I am away"));
  noticeBox.addEventListener("change", async () => {
    try {
      await api("/api/me/chat-notifications", { method: "PUT", body: { notify: noticeBox.checked } });
    } catch (failure) {
      error.textContent = failure.message;
    }
  });
  const close = h("button", { type: "button", class: "small", id: "chat-close" }, t("Close"));
  const settings = h("details", { class: "chat-settings" }, h("summary", {}, t("Chat settings")), h("div", { class: "chat-settings-box" }, recordRow, noticeRow));
  const panel = h("section", { class: "chat-panel", id: "chat-panel", hidden: true, "aria-labelledby": "chat-title" },
    h("header", { class: "row" }, h("h2", { id: "chat-title" }, t("Chat")), settings, close),
    list, note, error, phrases, nameRow, form);
  document.body.append(panel);

  function open(shown) {
    panel.hidden = !shown;
    button.setAttribute("aria-expanded", String(shown));
    document.body.classList.toggle("chat-open", shown);
    if (shown) {
      markRead();
      list.scrollTop = list.scrollHeight;
      if (localStorage.getItem(PROFILE_KEY)) loadNoticeSwitch();
    }
  }
  button.addEventListener("click", () => open(panel.hidden));
  close.addEventListener("click", () => {
    open(false);
    button.focus();
  });

  async function loadNoticeSwitch() {
    try {
      noticeBox.checked = (await api("/api/me/chat-notifications")).notify;
      noticeRow.hidden = false;
    } catch {
      noticeRow.hidden = true;
    }
    drawRule();
  }

  function visible() {
    return messages.filter((message) => !muted.has(authorKey(message)));
  }

  function mine(message) {
    return message.seat !== null && message.seat === seat();
  }

  function markRead() {
    const last = messages.length ? messages[messages.length - 1].id : 0;
    lastRead = Math.max(lastRead, last);
    localStorage.setItem(READ, JSON.stringify(lastRead));
    drawBadge();
  }

  function drawBadge() {
    const unread = visible().filter((message) => message.id > lastRead && !mine(message)).length;
    badge.hidden = unread === 0;
    badge.textContent = unread ? String(unread) : "";
    button.setAttribute("aria-label", unread ? tn(unread, "Chat: {n} unread message", "Chat: {n} unread messages") : t("Chat"));
  }

  function toggleMute(message) {
    const key = authorKey(message);
    if (muted.has(key)) muted.delete(key);
    else muted.add(key);
    localStorage.setItem(MUTED, JSON.stringify([...muted]));
    draw();
  }

  function reportForm(message, item) {
    const reason = h("select", { "aria-label": t("Why do you report it?") }, Object.entries(REASONS).map(([code, words]) => h("option", { value: code }, words())));
    const confirm = h("button", { type: "button", class: "small" }, t("Send the report"));
    const row = h("div", { class: "chat-report" }, reason, confirm);
    confirm.addEventListener("click", async () => {
      try {
        await api(`/api/tables/${encodeURIComponent(tableId)}/chat/${message.id}/report`, { method: "POST", body: { reason: reason.value }, token: token() });
        row.replaceChildren(h("span", { class: "hint" }, t("Reported to the host. Thank you.")));
      } catch (failure) {
        row.replaceChildren(h("span", { class: "error" }, failure.message));
      }
    });
    item.append(row);
    reason.focus();
  }

  function line(message) {
    const item = h("li", { class: "chat-message", "data-id": String(message.id) },
      h("span", { class: "chat-words" },
        h("span", { class: "chat-author" }, message.author),
        message.watching ? h("span", { class: "chat-watching" }, ` (${t("watching")})`) : null,
        ": ",
        h("span", { class: message.phrase ? "chat-said chat-phrase-said" : "chat-said" }, said(message))));
    if (!mine(message)) {
      const mute = h("button", { type: "button", class: "small chat-mute", "aria-pressed": "false" }, t("Mute"));
      mute.addEventListener("click", () => toggleMute(message));
      const report = h("button", { type: "button", class: "small chat-report-button" }, t("Report"));
      report.addEventListener("click", () => {
        report.disabled = true;
        reportForm(message, item);
      });
      item.append(h("span", { class: "chat-tools" }, mute, report));
    }
    return item;
  }

  function draw() {
    const atEnd = list.scrollHeight - list.scrollTop - list.clientHeight < 40;
    const shown = visible();
    list.replaceChildren(...shown.map(line));
    const hiddenCount = messages.length - shown.length;
    const mutedNames = [...new Set(messages.filter((m) => muted.has(authorKey(m))).map((m) => m.author))];
    const unmute = mutedNames.map((author) => {
      const undo = h("button", { type: "button", class: "small chat-unmute", "aria-pressed": "true" }, t("Unmute {name}", { name: author }));
      undo.addEventListener("click", () => toggleMute(messages.find((m) => m.author === author)));
      return undo;
    });
    if (hiddenCount) list.append(h("li", { class: "hint chat-muted" }, tn(hiddenCount, "{n} message of people you muted is hidden", "{n} messages of people you muted are hidden"), " ", unmute));
    if (atEnd) list.scrollTop = list.scrollHeight;
    drawRule();
    if (!panel.hidden) markRead();
    else drawBadge();
  }

  function drawRule() {
    const watching = token() === null;
    const mayChat = rule !== "off" && (!watching || rule === "everyone");
    note.textContent = rule === "off" ? t("The chat is off at this table.") : mayChat ? "" : t("Only the players may chat at this table.");
    for (const control of [...phrases.children, text, form.querySelector("button")]) control.disabled = !mayChat || waiting;
    nameRow.hidden = !(mayChat && watching);
    recordRow.hidden = record === null;
    settings.hidden = recordRow.hidden && noticeRow.hidden;
    recordBox.checked = Boolean(record);
    button.hidden = rule === "off" && messages.length === 0;
  }

  function send(content) {
    const body = token() === null ? { ...content, name: name.value } : content;
    error.textContent = "";
    const ws = socket();
    if (ws && ws.readyState === WebSocket.OPEN) {
      ws.send(JSON.stringify({ type: "chat", ...body }));
      waiting = true;
      drawRule();
      setTimeout(() => {
        waiting = false;
        drawRule();
      }, 1500);
    } else {
      api(`/api/tables/${encodeURIComponent(tableId)}/chat`, { method: "POST", body, token: token() })
        .then((answer) => receive({ type: "chat", messages: [answer.message] }))
        .catch((failure) => {
          error.textContent = failure.message;
        });
    }
    if (content.text !== undefined) text.value = "";
  }

  /** Read the last messages, who may chat and this seat's switch (on load and on every reconnection). */
  async function load() {
    try {
      const read = await api(`/api/tables/${encodeURIComponent(tableId)}/chat`, { token: token() });
      receive({ type: "chat", ...read });
    } catch (failure) {
      error.textContent = failure.message;
    }
  }

  /** Chat messages: the last ones read (with `rule`), or a new one the socket told. */
  function receive(message) {
    if (message.rule !== undefined) {
      rule = message.rule;
      record = message.record;
      const read = new Set(message.messages.map((m) => m.id));
      messages = messages.filter((m) => m.id > Math.max(0, ...read)); // told while they were read
    }
    const known = new Set(messages.map((m) => m.id));
    for (const item of message.messages) if (!known.has(item.id)) messages.push(item);
    if (message.hidden) messages = messages.filter((m) => !message.hidden.includes(m.id));
    messages.sort((a, b) => a.id - b.id);
    if (message.messages.some(mine)) {
      waiting = false;
    }
    draw();
  }

  /** An error of the socket: the chat's own are shown in the panel (true), the others are table.js's. */
  function refused(message) {
    if (!CHAT_CODES.has(message.code) && !(message.code === "too-fast" && message.retry_after !== undefined)) return false;
    waiting = false;
    error.textContent = message.error;
    drawRule();
    if (panel.hidden) open(true);
    return true;
  }

  return { button, load, receive, refused };
}
