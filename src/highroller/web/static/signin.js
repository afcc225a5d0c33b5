// The sign-in page (/signin): opened with a one-time link's code (/signin#CODE) it shows whose profile
// the link signs in to and asks before it does; else it offers to sign in with a passkey, and asks
// before it switches a device that holds another profile. Nothing changes on the device or the server
// before the person's yes (a declined link stays unused; a declined passkey's code expires). A device
// signed in keeps the key it is given, and the profiles it held before (profile.js).

import { api, h } from "/static/common.js";
import { languageSwitch, loadWords, t, translatePage } from "/static/i18n.js";
import { dropHeld, heldProfiles, keepProfileKey, profileKey } from "/static/profile.js";
import { assertionJSON, passkeysHere, requestOptions } from "/static/webauthn.js";

const el = (id) => document.getElementById(id);

function say(status, refusal = "") {
  el("signin-status").textContent = status;
  el("signin-error").textContent = refusal;
}

/** The profile this device uses now ({id, name}), or null; a key that stopped working is forgotten. */
async function profileHere() {
  const key = profileKey();
  if (!key) return null;
  try {
    return await api("/api/me");
  } catch (error) {
    if (error.status === 401) dropHeld(key);
    return null;
  }
}

function gamesLink() {
  return h("a", { href: "/games" }, t("Your games"));
}

function signedIn(answer) {
  keepProfileKey(answer.key, answer.profile);
  say(t("Signed in as {name}.", { name: answer.profile.name }));
  location.assign("/games");
}

async function redeem(code) {
  say(t("Signing in…"));
  try {
    signedIn(await api("/api/signin/link", { method: "POST", body: { code } }));
  } catch (error) {
    say("", error.message);
  }
}

/** Ask the question in the box; the answer (true: yes) once a button is pressed. */
function ask({ words, note, yes, no }) {
  el("ask-words").textContent = words;
  el("ask-note").textContent = note;
  el("ask-yes").textContent = yes;
  el("ask-no").textContent = no;
  el("ask").hidden = false;
  el("ask-yes").focus();
  return new Promise((answer) => {
    const done = (agreed) => {
      el("ask").hidden = true;
      el("ask-yes").onclick = null;
      el("ask-no").onclick = null;
      answer(agreed);
    };
    el("ask-yes").onclick = () => done(true);
    el("ask-no").onclick = () => done(false);
  });
}

function declined(here) {
  say(here ? t("Nothing changed: this device is still signed in as {name}.", { name: here.name }) : t("Nothing changed: this device is not signed in."));
}

/** Offer to sign in to `profile` ({id, name}) with a code (`redeem` on yes): told at once if this
device uses that profile, switched without the code if it holds it already, asked otherwise. `link`:
the code is a link someone sent, so the person is warned (a passkey is their own). */
async function offer(profile, code, link) {
  const here = await profileHere();
  if (here && here.id === profile.id) {
    say(t("This device is signed in as {name} already: nothing changed.", { name: profile.name }));
    el("signin-status").append(" ", gamesLink());
    return;
  }
  const held = heldProfiles().find((other) => other.id === profile.id);
  if (!here && !held && !link) return redeem(code);
  const warning = link ? t("Only use a link you made yourself: whoever made it sees the games you play with it.") : "";
  const stays = here ? t("{name}'s profile stays on this device: switch back to it on your profile page.", { name: here.name }) : "";
  const agreed = await ask({
    words: held
      ? t("This device holds {name}'s profile already: switch to it?", { name: profile.name })
      : here
        ? t("Switch this device from {here} to {name}'s profile?", { here: here.name, name: profile.name })
        : t("Sign this device in to {name}'s profile?", { name: profile.name }),
    note: [held ? "" : warning, stays].filter(Boolean).join(" "),
    yes: here ? t("Switch to {name}", { name: profile.name }) : t("Sign in as {name}", { name: profile.name }),
    no: here ? t("Keep {name}", { name: here.name }) : t("Cancel"),
  });
  if (!agreed) return declined(here);
  if (held) {
    keepProfileKey(held.key, profile);
    location.assign("/games");
    return;
  }
  await redeem(code);
}

async function withLink(code) {
  history.replaceState(null, "", location.pathname); // the code leaves the address bar and the history
  say(t("Looking at the link…"));
  try {
    const looked = await api("/api/signin/link/look", { method: "POST", body: { code } });
    say("");
    await offer(looked.profile, code, true);
  } catch (error) {
    say("", error.message);
  }
}

function passkeyRefusal(error) {
  if (error.status) return error.message; // the server's own words
  if (error.name === "NotAllowedError") return t("No passkey was used: it was cancelled, took too long, or this device has none for this site.");
  return t("The passkey could not be used in this browser.");
}

async function withPasskey() {
  const button = el("passkey-signin");
  button.disabled = true;
  say(t("Signing in…"));
  try {
    const begun = await api("/api/signin/passkey/options", { method: "POST" });
    const credential = await navigator.credentials.get({ publicKey: requestOptions(begun.options) });
    const verified = await api("/api/signin/passkey", { method: "POST", body: { challenge_id: begun.challenge_id, credential: assertionJSON(credential) } });
    say("");
    await offer(verified.profile, verified.code, false);
  } catch (error) {
    say("", passkeyRefusal(error));
  } finally {
    button.disabled = false;
  }
}

/** A device that holds a profile already is told that signing in switches it to another. */
async function sayWhoIsHere() {
  const here = await profileHere();
  if (here) say(t("This device is signed in as {name}: signing in with another profile asks before it switches.", { name: here.name }));
}

/** Offer passkeys where they work: on a secure page at the site's own address, else say where. */
async function offerPasskeys() {
  const where = await passkeysHere("/signin");
  if (where.works) return;
  el("passkey-box").hidden = true;
  if (where.elsewhere) el("passkeys-elsewhere").replaceChildren(...where.elsewhere);
  el(where.elsewhere ? "passkeys-elsewhere" : "no-passkeys").hidden = false;
}

async function start() {
  await loadWords();
  translatePage();
  document.title = `${t("Sign in")} — highroller`;
  document.querySelector("header.top").append(languageSwitch(h));
  el("passkey-signin").addEventListener("click", withPasskey);
  await offerPasskeys();
  const code = location.hash.slice(1);
  if (code) await withLink(code);
  else await sayWhoIsHere();
}

start();
