// The sign-in page (/signin): opened with a one-time link's code (/signin#CODE) it signs this device in
// at once; else it offers to sign in with a passkey. Either way this device keeps the key it is given
// (profile.js) and goes on to the person's games.

import { api, h } from "/static/common.js";
import { languageSwitch, loadWords, t, translatePage } from "/static/i18n.js";
import { keepProfileKey, profileKey } from "/static/profile.js";
import { assertionJSON, passkeysWork, requestOptions } from "/static/webauthn.js";

const el = (id) => document.getElementById(id);

function say(status, refusal = "") {
  el("signin-status").textContent = status;
  el("signin-error").textContent = refusal;
}

function signedIn(answer) {
  keepProfileKey(answer.key);
  say(t("Signed in as {name}.", { name: answer.profile.name }));
  location.assign("/games");
}

async function withLink(code) {
  history.replaceState(null, "", location.pathname); // the code leaves the address bar and the history
  say(t("Signing in…"));
  try {
    signedIn(await api("/api/signin/link", { method: "POST", body: { code } }));
  } catch (error) {
    say("", error.message);
  }
}

function passkeyRefusal(error) {
  if (error.status) return error.message; // the server's own words
  if (error.name === "NotAllowedError") return t("No passkey was used: it was cancelled, took too long, or this device has none for this site.");
  return t("The passkey could not be used: {reason}", { reason: error.message });
}

async function withPasskey() {
  const button = el("passkey-signin");
  button.disabled = true;
  say(t("Signing in…"));
  try {
    const begun = await api("/api/signin/passkey/options", { method: "POST" });
    const credential = await navigator.credentials.get({ publicKey: requestOptions(begun.options) });
    signedIn(await api("/api/signin/passkey", { method: "POST", body: { challenge_id: begun.challenge_id, credential: assertionJSON(credential) } }));
  } catch (error) {
    say("", passkeyRefusal(error));
  } finally {
    button.disabled = false;
  }
}

/** A device that holds a profile already is told that signing in switches it to the other one. */
async function sayWhoIsHere() {
  if (!profileKey()) return;
  try {
    const here = await api("/api/me");
    say(t("This device is signed in as {name}: signing in switches it to your other profile.", { name: here.name }));
  } catch {
    // the key stopped working: nothing to switch from
  }
}

async function start() {
  await loadWords();
  translatePage();
  document.title = `${t("Sign in")} — highroller`;
  document.querySelector("header.top").append(languageSwitch(h));
  if (!passkeysWork()) {
    el("passkey-box").hidden = true;
    el("no-passkeys").hidden = false;
  }
  el("passkey-signin").addEventListener("click", withPasskey);
  const code = location.hash.slice(1);
  if (code) await withLink(code);
  else await sayWhoIsHere();
}

start();
