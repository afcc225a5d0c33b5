// The service worker (served at /sw.js, scope "/"): shows the notifications the server pushes ("your
// move" at a table), opens or focuses the table's page when one is tapped, and keeps the offline page
// and the icons, answering a page that cannot be loaded with the offline page. A notification replaces
// the one shown with the same tag (a table's); it alerts again for a new event, not for a repeat of
// the event shown (the server may push an event twice when a push service's answer was lost).

const CACHE = "highroller-offline-1";
const OFFLINE = "/offline.html";
const ICON = "/static/icons/icon-192.png";
const KEPT = [OFFLINE, "/static/style.css", ICON, "/static/icons/icon-512.png"];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(KEPT)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(names.filter((name) => name !== CACHE).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  if (request.mode === "navigate") {
    event.respondWith(fetch(request).catch(() => caches.match(OFFLINE).then((page) => page || Response.error())));
    return;
  }
  const url = new URL(request.url);
  if (url.origin === self.location.origin && KEPT.includes(url.pathname)) {
    event.respondWith(fetch(request).catch(() => caches.match(url.pathname).then((kept) => kept || Response.error())));
  }
});

/** A page of this site to open: the one named if it is on this origin, else the start page. */
function ownPage(address) {
  try {
    const url = new URL(String(address), self.location.origin);
    if (url.origin === self.location.origin) return url.href;
  } catch {
    // not an address: open the start page
  }
  return new URL("/", self.location.origin).href;
}

self.addEventListener("push", (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = {};
  }
  const text = (value, fallback) => (typeof value === "string" && value ? value : fallback);
  const tag = text(data.tag, "highroller");
  const told = text(data.event, "");
  event.waitUntil((async () => {
    const shown = await self.registration.getNotifications({ tag });
    const repeat = told !== "" && shown.some((notification) => notification.data && notification.data.event === told);
    await self.registration.showNotification(text(data.title, "highroller"), {
      body: text(data.body, ""),
      tag,
      renotify: !repeat,
      silent: repeat,
      icon: ICON,
      data: { url: ownPage(data.url || "/"), event: told },
    });
  })());
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const target = ownPage(event.notification.data && event.notification.data.url);
  event.waitUntil((async () => {
    const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
    const open = windows.find((client) => client.url === target);
    if (open) return open.focus();
    return self.clients.openWindow(target);
  })());
});
