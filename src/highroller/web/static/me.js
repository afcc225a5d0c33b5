// The profile page (/me): the profile's name and languages (their order: notifications use the first),
// a one-time link with its QR code that signs another device in, the profile's passkeys (add one,
// delete one), and deleting the profile. A first visit makes a profile (profile.js).

import { api, h } from "/static/common.js";
import { LANGUAGES, language, languageSwitch, loadWords, t, translatePage } from "/static/i18n.js";
import { ensureProfile, forgetProfile } from "/static/profile.js";
import { creationOptions, passkeysWork, registrationJSON } from "/static/webauthn.js";

const el = (id) => document.getElementById(id);
let profile = null;
let linkTimer = null;

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

async function makeLink() {
  say("link-error", "");
  el("make-link").disabled = true;
  try {
    const made = await api("/api/me/links", { method: "POST" });
    const until = Date.now() + made.seconds * 1000; // this device's clock, whatever the server's says
    el("link").value = made.link;
    el("qr").src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(made.qr)}`;
    el("qr").alt = t("QR code of the sign-in link");
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
    const passkeys = await api("/api/me/passkeys");
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
    say("passkey-status", t("Passkey deleted: it signs nobody in any more. Your device may still offer it; remove it there too."));
  } catch (error) {
    say("passkey-error", error.message, true);
  }
  await listPasskeys();
}

function passkeyRefusal(error) {
  if (error.status) return error.message; // the server's own words
  if (error.name === "NotAllowedError") return t("No passkey was made: it was cancelled or took too long.");
  if (error.name === "InvalidStateError") return t("This device keeps a passkey of your profile already.");
  return t("No passkey was made: {reason}", { reason: error.message });
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
  el("copy-link").addEventListener("click", copyLink);
  if (passkeysWork()) {
    el("add-passkey").addEventListener("click", addPasskey);
  } else {
    el("add-passkey").hidden = true;
    say("passkey-status", t("This browser cannot make passkeys on this page: they need a secure (https) address."));
  }
  el("delete-profile").addEventListener("click", () => askToDelete(true));
  el("confirm-delete-no").addEventListener("click", () => askToDelete(false));
  el("confirm-delete-yes").addEventListener("click", deleteProfile);
  await listPasskeys();
}

start();
