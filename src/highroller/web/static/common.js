// Shared helpers of the pages: element builders, the JSON API, seat tokens kept in this browser.

import { language, t } from "/static/i18n.js";

const SVG_NS = "http://www.w3.org/2000/svg";

function fill(node, attrs, children) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") node.addEventListener(key.slice(2), value);
    // Through the CSSOM: the Content Security Policy (style-src 'self') blocks style attributes set as markup.
    else if (key === "style") node.style.cssText = String(value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** An HTML element: h("div", {class: "x"}, "text", otherNode). */
export function h(tag, attrs = {}, ...children) {
  return fill(document.createElement(tag), attrs, children);
}

/** An SVG element, same calling convention as h. */
export function s(tag, attrs = {}, ...children) {
  return fill(document.createElementNS(SVG_NS, tag), attrs, children);
}

export { money } from "/static/i18n.js";

/** Call the JSON API; throws an Error carrying the server's message (in the page's language) on refusal,
with the answer's `status` and, where the server sent one, `retryAfter` in seconds; when the server
cannot be reached, one saying so in the page's language (not the browser's own words). It acts as this
browser's profile, or as the profile whose key is `profile`. */
export async function api(path, { method = "GET", body, token, profile = localStorage.getItem(PROFILE_KEY) } = {}) {
  const headers = { "Content-Type": "application/json", "Accept-Language": language() };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (profile) headers["X-Profile"] = profile;
  let response;
  try {
    response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch {
    throw new Error(t("The server cannot be reached: check the connection and try again."));
  }
  const data = await response.json().catch(() => ({}));
  if (!response.ok) {
    const error = new Error(data.error || t("The server could not answer (error {status}): try again in a moment.", { status: response.status }));
    error.status = response.status;
    error.code = data.code || null;
    error.retryAfter = Number(response.headers.get("Retry-After")) || null;
    throw error;
  }
  return data;
}

const KEY = (table) => `highroller:seat:${table}`;

/** Where this browser keeps its profile's key (see profile.js). */
export const PROFILE_KEY = "highroller:profile";

/** The seat this browser holds at a table: {seat, token, name} or null. */
export function savedSeat(table) {
  try {
    return JSON.parse(localStorage.getItem(KEY(table)) || "null");
  } catch {
    return null;
  }
}

export function saveSeat(table, seat) {
  localStorage.setItem(KEY(table), JSON.stringify(seat));
}

export function savedName() {
  return localStorage.getItem("highroller:name") || "";
}

export function saveName(name) {
  localStorage.setItem("highroller:name", name);
}

/** The last path segment: the table id of /table/ID and /replay/ID. */
export function tableIdFromPath() {
  return decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || "");
}

/** A game's board module (from its folder, served at /boards/GAME.js, its styles at /boards/GAME.css),
or a plain fallback that shows the view as JSON. */
export async function gameModule(game) {
  if (!document.querySelector("link[data-board-styles]")) {
    document.head.append(h("link", { rel: "stylesheet", href: `/boards/${encodeURIComponent(game)}.css`, "data-board-styles": "" }));
  }
  try {
    return await import(`/boards/${encodeURIComponent(game)}.js`);
  } catch {
    return { render: (view) => h("pre", { class: "raw-view" }, JSON.stringify(view, null, 2)) };
  }
}

/** Seat colours, shared by every game's drawing. */
export const SEAT_COLOURS = ["#d7263d", "#1b76d1", "#2e9e44", "#f29e1f", "#8e44ad", "#16a5a5"];
