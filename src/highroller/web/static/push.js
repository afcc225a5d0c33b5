// Notifications on this device when it is my move, even with every page closed (Web Push), and the
// service worker that makes the site an installable web app that opens offline.
//
//   registerServiceWorker()   every page, on load (/sw.js: notifications, offline page)
//   pushState()               "on" (the server holds this device's subscription), "off", "denied"
//                             (blocked in the browser's settings) or "unsupported"
//   enablePush()              asks permission, subscribes with the server's key, sends the subscription
//   disablePush()             unsubscribes this device, here and on the server
//   pushControl()             a labelled switch for a page's menu, with a line saying why when it cannot be on
//
// The switch shows on only when the server confirms it sends to this device's subscription, so a
// reload shows the truth. A step that fails says why in the page's language: the browser's push
// service out of reach (or not answering within PATIENCE), a private window, permission refused, a
// browser without Web Push. An iPhone or iPad delivers pushes only to the site added to the Home
// Screen: there the switch is "unsupported" until it is, and says so.

import { api, h } from "/static/common.js";
import { t } from "/static/i18n.js";
import { ensureProfile, profileKey } from "/static/profile.js";

/** Milliseconds the browser's push service and the server have to answer a step of switching on. */
const PATIENCE = 10000;

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

/** "on", "off", "denied" or "unsupported": "on" only when the server holds this device's subscription. */
export async function pushState() {
  if (!pushSupported()) return "unsupported";
  if (Notification.permission === "denied") return "denied";
  if (Notification.permission !== "granted" || !profileKey()) return "off";
  const subscription = await currentSubscription();
  if (!subscription) return "off";
  try {
    return (await api("/api/me/push/status", { method: "POST", body: { endpoint: subscription.endpoint } })).subscribed ? "on" : "off";
  } catch {
    return "off";
  }
}

/** `promise`, or a failure named `name` once PATIENCE has passed without an answer. */
function within(promise, name) {
  let timer;
  const late = new Promise((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error(name), { name })), PATIENCE);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** Why switching on failed, in the page's language: the server's refusal as it worded it, else the browser's failure. */
function failureWords(error) {
  if (error.status) return error.message;
  if (error.name === "NotAllowedError") {
    return t("The browser does not allow notifications here: in a private window it never does; in a normal window, allow them for this site.");
  }
  if (error.name === "NotSupportedError") return t("This browser cannot show notifications from this site.");
  if (error.name === "ServerTimeout") return t("The server did not answer in time: notifications stay off. Try again in a moment.");
  return t("The browser's push service cannot be reached (it needs the internet, and some browsers have none): notifications stay off.");
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
  if (permission !== "granted") return permission === "denied" ? "denied" : "dismissed";
  if (!(await ensureProfile())) throw new Error(t("Notifications need a profile, and the server could not make one now."));
  await registerServiceWorker();
  const registration = await within(navigator.serviceWorker.ready, "NotSupportedError");
  const key = keyBytes((await within(api("/api/push/key"), "ServerTimeout")).key);
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  const subscribing = () => registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  subscription = subscription || (await within(subscribing(), "AbortError"));
  const { endpoint, keys } = subscription.toJSON();
  try {
    await within(api("/api/me/push", { method: "POST", body: { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } } }), "ServerTimeout");
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
  if (state === "denied") return t("Notifications are blocked for this site: in the browser's settings, or because this is a private window.");
  if (state === "dismissed") return t("Notifications stay off: the browser asked, and they were not allowed.");
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
    box.checked = !wanted;  // the switch moves once the server confirms, never before
    box.disabled = true;
    note.textContent = wanted ? t("Switching notifications on…") : "";
    try {
      show(wanted ? await enablePush() : await disablePush());
    } catch (error) {
      const refused = error.status ? error.message : t("Notifications could not be switched here: try again later.");
      show(await pushState(), wanted ? failureWords(error) : refused);  // never the browser's own words
    }
  });
  pushState().then((state) => show(state));
  return h("span", { class: "push-control" },
    h("label", { class: "toggle" }, box, " ", t("Notify me on this device when it is my turn")), " ", note);
}
