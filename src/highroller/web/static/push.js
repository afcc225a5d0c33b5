// Notifications on this device when it is my move, even with every page closed (Web Push), and the
// service worker that makes the site an installable web app that opens offline.
//
//   registerServiceWorker()   every page, on load (/sw.js: notifications, offline page)
//   pushState()               "on", "off", "denied" (blocked in the browser's settings) or "unsupported"
//   enablePush()              asks permission, subscribes with the server's key, sends the subscription
//   disablePush()             unsubscribes this device, here and on the server
//   pushControl()             a labelled switch for a page's menu, with a line saying why when it cannot be on
//
// An iPhone or iPad delivers pushes only to the site added to the Home Screen: there the switch is
// "unsupported" until it is, and says so.

import { api, h } from "/static/common.js";
import { t } from "/static/i18n.js";
import { ensureProfile } from "/static/profile.js";

/** Whether this browser can receive pushes at all. */
export function pushSupported() {
  return "serviceWorker" in navigator && "PushManager" in window && "Notification" in window && window.isSecureContext;
}

function appleMobile() {
  return /iPhone|iPad|iPod/.test(navigator.userAgent) || (navigator.platform === "MacIntel" && navigator.maxTouchPoints > 1);
}

function installed() {
  return window.matchMedia("(display-mode: standalone)").matches || navigator.standalone === true;
}

/** Register the service worker (scope "/"); its registration, or null where there is none. */
export async function registerServiceWorker() {
  if (!("serviceWorker" in navigator)) return null;
  try {
    return await navigator.serviceWorker.register("/sw.js", { scope: "/" });
  } catch {
    return null;
  }
}

async function currentSubscription() {
  const registration = await navigator.serviceWorker.getRegistration("/");
  return registration ? registration.pushManager.getSubscription() : null;
}

/** "on", "off", "denied" or "unsupported". */
export async function pushState() {
  if (!pushSupported()) return "unsupported";
  if (Notification.permission === "denied") return "denied";
  if (Notification.permission !== "granted") return "off";
  return (await currentSubscription()) ? "on" : "off";
}

function keyBytes(text) {
  const base64 = text.replace(/-/g, "+").replace(/_/g, "/").padEnd(Math.ceil(text.length / 4) * 4, "=");
  return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
}

function sameKey(buffer, bytes) {
  if (!buffer) return false;
  const held = new Uint8Array(buffer);
  return held.length === bytes.length && held.every((byte, index) => byte === bytes[index]);
}

/** Ask permission, subscribe this device with the server's key and give the server the subscription;
the state afterwards. Throws the server's refusal (the subscription is then undone here too). */
export async function enablePush() {
  if (!pushSupported()) return "unsupported";
  const permission = await Notification.requestPermission();
  if (permission !== "granted") return permission === "denied" ? "denied" : "off";
  if (!(await ensureProfile())) throw new Error(t("Notifications need a profile, and the server could not make one now."));
  await registerServiceWorker();
  const registration = await navigator.serviceWorker.ready;
  const key = keyBytes((await api("/api/push/key")).key);
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription = subscription || (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }));
  const { endpoint, keys } = subscription.toJSON();
  try {
    await api("/api/me/push", { method: "POST", body: { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } } });
  } catch (error) {
    await subscription.unsubscribe();
    throw error;
  }
  return "on";
}

/** Unsubscribe this device, on the server and in the browser; the state afterwards. */
export async function disablePush() {
  if (!pushSupported()) return "unsupported";
  const subscription = await currentSubscription();
  if (subscription) {
    try {
      await api("/api/me/push", { method: "DELETE", body: { endpoint: subscription.endpoint } });
    } catch (error) {
      if (error.status !== 404 && error.status !== 401) throw error;
    }
    await subscription.unsubscribe();
  }
  return pushState();
}

function stateWords(state) {
  if (state === "denied") return t("Notifications are blocked for this site in the browser's settings.");
  if (state === "unsupported" && appleMobile() && !installed()) {
    return t("On an iPhone or iPad, add this site to the Home Screen (Share, then Add to Home Screen) and switch this on there.");
  }
  if (state === "unsupported") return t("This browser cannot show notifications from this site.");
  return "";
}

/** The switch "Notify me on this device when it is my turn", for a page's menu. */
export function pushControl() {
  const note = h("span", { class: "hint", role: "status" });
  const box = h("input", { type: "checkbox", role: "switch", disabled: true });
  const show = (state, problem = "") => {
    box.checked = state === "on";
    box.disabled = state === "denied" || state === "unsupported";
    note.textContent = problem || stateWords(state);
  };
  box.addEventListener("change", async () => {
    const wanted = box.checked;
    box.disabled = true;
    try {
      show(wanted ? await enablePush() : await disablePush());
    } catch (error) {
      show(await pushState(), error.status ? error.message : t("Notifications could not be switched here: try again later."));
    }
  });
  pushState().then((state) => show(state));
  return h("span", { class: "push-control" },
    h("label", { class: "toggle" }, box, " ", t("Notify me on this device when it is my turn")), " ", note);
}
