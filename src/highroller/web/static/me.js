// The profile page (/me): the profile's name and languages (their order: notifications use the first),
// its friends (friends.js),
// the profiles this device holds (switch to another without a link), a one-time link with its QR code
// that signs another device in, the profile's passkeys (add one, delete one), its devices (sign out
// this one or another), and deleting the profile. A first visit makes a profile (profile.js).

import { api, h } from "/static/common.js";
import { friendsSection } from "/static/friends.js";
import { LANGUAGES, language, languageSwitch, loadWords, t, tNodes, translatePage } from "/static/i18n.js";
import { dropHeld, ensureProfile, forgetProfile, heldProfiles, holdProfile, keepProfileKey, profileKey } from "/static/profile.js";
import { creationOptions, passkeysHere, registrationJSON } from "/static/webauthn.js";

const el = (id) => document.getElementById(id);
let profile = null;
let linkTimer = null;
let passkeys = [];
let thisDevice = null;

function dateWords(milliseconds) {
  return new Intl.DateTimeFormat(language(), { dateStyle: "medium", timeStyle: "short" }).format(new Date(milliseconds));
}

function timeWords(milliseconds) {
  return new Intl.DateTimeFormat(language(), { timeStyle: "short" }).format(new Date(milliseconds));
}

/** Show `text` in a status line, as news or (`failed`) as a refusal. */
function say(id, text, failed = false) {
  el(id).textContent = text;
  el(id).classList.toggle("error", failed);
}

async function rename(event) {
  event.preventDefault();
  try {
    profile = await api("/api/me", { method: "PATCH", body: { name: el("name").value } });
    holdProfile(profile, profileKey());
    el("name").value = profile.name;
    say("name-status", t("Saved: you are {name}.", { name: profile.name }));
  } catch (error) {
    say("name-status", error.message, true);
  }
}

function moved(list, place, by) {
  const copy = [...list];
  [copy[place], copy[place + by]] = [copy[place + by], copy[place]];
  return copy;
}

async function saveLanguages(languages) {
  try {
    profile = await api("/api/me", { method: "PATCH", body: { languages } });
    say("languages-status", t("Saved: notifications are written in {language}.", { language: LANGUAGES[profile.languages[0]] }));
  } catch (error) {
    say("languages-status", error.message, true);
  }
  drawLanguages();
}

function languageButton(text, label, disabled, onclick) {
  return h("button", { type: "button", class: "quiet icon", "aria-label": label, title: label, disabled, onclick }, text);
}

function drawLanguages() {
  const chosen = profile.languages;
  el("languages").replaceChildren(...chosen.map((code, place) => {
    const name = LANGUAGES[code] || code;
    return h("li", {},
      h("span", { class: "language-name", lang: code }, name),
      place === 0 ? h("span", { class: "badge" }, t("notifications")) : null,
      languageButton("↑", t("Move {language} up", { language: name }), place === 0, () => saveLanguages(moved(chosen, place, -1))),
      languageButton("↓", t("Move {language} down", { language: name }), place === chosen.length - 1, () => saveLanguages(moved(chosen, place, 1))),
      languageButton("✕", t("Remove {language}", { language: name }), chosen.length === 1, () => saveLanguages(chosen.filter((other) => other !== code))));
  }));
  const others = Object.keys(LANGUAGES).filter((code) => !chosen.includes(code));
  el("add-language").replaceChildren(...others.map((code) => h("option", { value: code, lang: code }, LANGUAGES[code])));
  el("add-language-form").hidden = others.length === 0;
}

/** Whether a link leads to the machine that opens it (localhost, a loopback address): no other device reaches it. */
function onThisMachine(link) {
  const host = new URL(link).hostname;
  return host === "localhost" || host.endsWith(".localhost") || host === "[::1]" || /^127\./.test(host);
}

async function makeLink() {
  say("link-error", "");
  el("make-link").disabled = true;
  try {
    const made = await api("/api/me/links", { method: "POST" });
    const until = Date.now() + made.seconds * 1000; // this device's clock, whatever the server's says
    el("link").value = made.link;
    el("qr").src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(made.qr)}`;
    el("qr").alt = t("QR code of the sign-in link");
    el("qr-reach").hidden = !onThisMachine(made.link);
    const flags = { host: h("code", {}, "--host 0.0.0.0"), origin: h("code", {}, "--public-origin") };
    const unreachable = tNodes(
      "A phone cannot open this code: it leads to localhost, this computer. Start the server with {host} or {origin}.", {}, flags);
    el("qr-reach").replaceChildren(...(el("qr-reach").hidden ? [] : unreachable));
    say("link-expiry", t("It works once, until {time}.", { time: timeWords(until) }));
    say("copy-status", "");
    el("link-box").hidden = false;
    clearTimeout(linkTimer);
    linkTimer = setTimeout(() => {
      el("link-box").hidden = true;
      say("link-error", t("The sign-in link has expired: make a new one."));
    }, made.seconds * 1000);
  } catch (error) {
    say("link-error", error.message, true);
  } finally {
    el("make-link").disabled = false;
  }
}

async function copyLink() {
  const input = el("link");
  try {
    await navigator.clipboard.writeText(input.value);
  } catch {
    input.select(); // no clipboard API (an http address): the old way
    document.execCommand("copy");
  }
  say("copy-status", t("Copied."));
}

async function listPasskeys() {
  try {
    passkeys = await api("/api/me/passkeys");
    el("passkeys").replaceChildren(...passkeys.map((passkey) => {
      const added = dateWords(passkey.created * 1000);
      return h("li", {},
        h("span", {}, t("Passkey added {date}", { date: added })),
        h("button", { type: "button", class: "quiet", "aria-label": t("Delete the passkey added {date}", { date: added }), onclick: () => deletePasskey(passkey.id) }, t("Delete")));
    }));
    if (!passkeys.length) el("passkeys").replaceChildren(h("li", { class: "hint" }, t("No passkey yet.")));
  } catch (error) {
    say("passkey-error", error.message, true);
  }
}

async function deletePasskey(id) {
  say("passkey-error", "");
  try {
    await api(`/api/me/passkeys/${encodeURIComponent(id)}`, { method: "DELETE" });
    say("passkey-status", t("Passkey deleted: it signs nobody in any more, and the devices it signed in are signed out. Your device may still offer it; remove it there too."));
  } catch (error) {
    say("passkey-error", error.message, true);
  }
  await listPasskeys();
  await listDevices();
}

function passkeyRefusal(error) {
  if (error.status) return error.message; // the server's own words
  if (error.name === "NotAllowedError") return t("No passkey was made: it was cancelled or took too long.");
  if (error.name === "InvalidStateError") return t("This device keeps a passkey of your profile already.");
  return t("No passkey was made: this browser could not make one here.");
}

async function addPasskey() {
  const button = el("add-passkey");
  say("passkey-error", "");
  say("passkey-status", "");
  button.disabled = true;
  try {
    const begun = await api("/api/me/passkeys/options", { method: "POST" });
    const credential = await navigator.credentials.create({ publicKey: creationOptions(begun.options) });
    await api("/api/me/passkeys", { method: "POST", body: { challenge_id: begun.challenge_id, credential: registrationJSON(credential) } });
    say("passkey-status", t("Passkey added: on another device that has it, open {address} and sign in with it.", { address: `${location.origin}/signin` }));
  } catch (error) {
    say("passkey-error", passkeyRefusal(error), true);
  } finally {
    button.disabled = false;
  }
  await listPasskeys();
}

/** The profiles this device holds: the one in use, and the others to switch to. Each other one's key is
tried: a profile signed out here from another device, or deleted, leaves the list with a word. */
async function listHeld() {
  const gone = [];
  for (const held of heldProfiles().filter((other) => other.key !== profileKey())) {
    try {
      holdProfile(await api("/api/me", { profile: held.key }), held.key);
    } catch (error) {
      if (error.status !== 401) continue;
      dropHeld(held.key);
      gone.push(held.name);
    }
  }
  el("held").replaceChildren(...heldProfiles().map((held) => held.key === profileKey()
    ? h("li", {}, h("span", {}, profile.name), h("span", { class: "badge" }, t("in use")))
    : h("li", {}, h("span", {}, held.name),
      h("button", { type: "button", class: "quiet", "aria-label": t("Switch to {name}", { name: held.name }), onclick: () => switchTo(held) }, t("Switch")))));
  say("held-status", gone.map((name) => t("{name}'s profile is no longer on this device: it was signed out or deleted.", { name })).join(" "));
}

function switchTo(held) {
  keepProfileKey(held.key, held);
  location.reload();
}

function howSignedIn(device) {
  const date = dateWords(device.created * 1000);
  if (device.how === "made") return t("Made this profile {date}", { date });
  if (device.how === "link") return t("Signed in {date} with a one-time link", { date });
  if (device.how !== "passkey") return t("Signed in before {date}", { date });
  const passkey = passkeys.find((known) => known.id === device.passkey);
  return passkey ? t("Signed in {date} with the passkey added {added}", { date, added: dateWords(passkey.created * 1000) }) : t("Signed in {date} with a passkey", { date });
}

async function listDevices() {
  try {
    const devices = await api("/api/me/devices");
    thisDevice = devices.find((device) => device.this) || null;
    el("devices").replaceChildren(...devices.map((device) => {
      const seen = dateWords(device.seen * 1000);
      const label = device.this ? t("Sign out this device") : t("Sign out {device}, last seen {date}", { device: device.label, date: seen });
      return h("li", {},
        h("div", {},
          h("p", { class: "device-name" }, device.label, device.this ? h("span", { class: "badge" }, t("this device")) : null),
          h("p", { class: "hint" }, howSignedIn(device)),
          h("p", { class: "hint" }, t("Last seen {date}", { date: seen }))),
        h("button", { type: "button", class: "quiet", "aria-label": label, onclick: () => (device.this ? askToSignOut(true) : signOut(device)) }, t("Sign out")));
    }));
  } catch (error) {
    if (error.status === 401) signedOutHere();
    else say("devices-error", error.message, true);
  }
}

async function signOut(device) {
  say("devices-error", "");
  try {
    await api(`/api/me/devices/${encodeURIComponent(device.id)}`, { method: "DELETE" });
    say("devices-status", t("Signed out: {device} no longer holds your profile.", { device: device.label }));
  } catch (error) {
    say("devices-error", error.message, true);
  }
  await listDevices();
}

function askToSignOut(asking) {
  el("confirm-signout").hidden = !asking;
  if (asking) el("confirm-signout-no").focus();
}

async function signOutHere() {
  try {
    if (thisDevice) await api(`/api/me/devices/${encodeURIComponent(thisDevice.id)}`, { method: "DELETE" });
  } catch (error) {
    say("devices-error", error.message, true);
    return;
  }
  signedOutHere();
}

/** This device no longer holds the profile (signed out here, from another device, or deleted). */
function signedOutHere() {
  forgetProfile();
  document.querySelector("main").replaceChildren(h("section", { class: "panel" },
    h("h1", {}, t("This device is signed out")),
    h("p", {}, t("{name}'s profile is no longer on this device; its other devices keep it.", { name: profile.name })),
    h("p", {}, h("a", { href: "/signin" }, t("Sign this device in to a profile you already have"))),
    h("p", {}, h("a", { href: "/" }, t("Back to the lobby")))));
}

function askToDelete(asking) {
  el("confirm-delete").hidden = !asking;
  el("delete-profile").hidden = asking;
  el(asking ? "confirm-delete-no" : "delete-profile").focus();
}

async function deleteProfile() {
  try {
    await api("/api/me", { method: "DELETE" });
  } catch (error) {
    say("delete-error", error.message, true);
    return;
  }
  forgetProfile();
  document.querySelector("main").replaceChildren(h("section", { class: "panel" },
    h("h1", {}, t("Your profile is deleted")),
    h("p", {}, t("Your games stay, your seats in them unnamed. This device holds no profile any more.")),
    h("p", {}, h("a", { href: "/" }, t("Back to the lobby")))));
}

async function start() {
  await loadWords();
  translatePage();
  document.title = `${t("Your profile")} — highroller`;
  document.querySelector("header.top").append(languageSwitch(h));
  profile = await ensureProfile();
  if (!profile) {
    for (const section of document.querySelectorAll("main > section")) section.hidden = true;
    el("profile-error").hidden = false;
    el("profile-error").textContent = t("Your profile could not be loaded or made: try again in a minute.");
    return;
  }
  el("name").value = profile.name;
  el("name-form").addEventListener("submit", rename);
  drawLanguages();
  el("add-language-form").addEventListener("submit", (event) => {
    event.preventDefault();
    saveLanguages([...profile.languages, el("add-language").value]);
  });
  el("make-link").addEventListener("click", makeLink);
  el("make-link").disabled = false; // off until here: a tap before the page is ready would do nothing
  el("copy-link").addEventListener("click", copyLink);
  const where = await passkeysHere("/me");
  if (where.works) {
    el("add-passkey").addEventListener("click", addPasskey);
  } else if (where.elsewhere) {
    el("add-passkey").hidden = true;
    el("passkeys-elsewhere").replaceChildren(...where.elsewhere);
    el("passkeys-elsewhere").hidden = false;
  } else {
    el("add-passkey").hidden = true;
    say("passkey-status", t("This browser cannot make passkeys on this page: they need a secure (https) address."));
  }
  el("delete-profile").addEventListener("click", () => askToDelete(true));
  el("confirm-delete-no").addEventListener("click", () => askToDelete(false));
  el("confirm-delete-yes").addEventListener("click", deleteProfile);
  el("confirm-signout-no").addEventListener("click", () => askToSignOut(false));
  el("confirm-signout-yes").addEventListener("click", signOutHere);
  await friendsSection();
  await listHeld();
  await listPasskeys();
  await listDevices();
}

start();
