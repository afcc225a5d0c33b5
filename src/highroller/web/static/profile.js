// This browser's profile: made on the first visit, its key kept here and sent with every API call
// (common.js adds the X-Profile header). A name typed at a table renames a profile still under the
// name it was made with. The browser also keeps every profile it has held ({id, name, key}), so the
// profile page switches back to one without a sign-in link.

import { api, PROFILE_KEY, savedName, saveName } from "/static/common.js";
import { language, t } from "/static/i18n.js";

const MADE_NAME = "highroller:profile-made-name";
const HELD = "highroller:profiles";

/** This browser's profile key, or null. */
export function profileKey() {
  return localStorage.getItem(PROFILE_KEY);
}

/** The profiles this browser holds, the one in use among them: [{id, name, key}], the latest held first. */
export function heldProfiles() {
  try {
    const held = JSON.parse(localStorage.getItem(HELD) || "[]");
    return Array.isArray(held) ? held.filter((profile) => profile && typeof profile.key === "string" && typeof profile.id === "string") : [];
  } catch {
    return [];
  }
}

/** Note that this browser holds `profile` ({id, name}) with `key`, under its name as it is now: in its
place among the others, or first (`first`, or not held yet). */
export function holdProfile(profile, key, first = false) {
  const held = heldProfiles();
  const place = held.findIndex((other) => other.id === profile.id || other.key === key);
  const entry = { id: profile.id, name: profile.name, key };
  if (place >= 0 && !first) {
    held[place] = entry;
  } else {
    if (place >= 0) held.splice(place, 1);
    held.unshift(entry);
  }
  localStorage.setItem(HELD, JSON.stringify(held));
}

/** Forget a held profile whose key stopped working (signed out, or deleted). */
export function dropHeld(key) {
  localStorage.setItem(HELD, JSON.stringify(heldProfiles().filter((held) => held.key !== key)));
}

/** Use the key this device was given (a new profile, a sign-in, or a profile held here) from now on;
the profile it used before stays held. */
export function keepProfileKey(key, profile) {
  localStorage.setItem(PROFILE_KEY, key);
  localStorage.removeItem(MADE_NAME);
  if (profile) holdProfile(profile, key, true);
}

/** Forget this browser's profile (signed out, or deleted). */
export function forgetProfile() {
  const key = profileKey();
  if (key) dropHeld(key);
  localStorage.removeItem(PROFILE_KEY);
  localStorage.removeItem(MADE_NAME);
}

function madeUpName() {
  return t("Player {n}", { n: 1000 + Math.floor(Math.random() * 9000) });
}

/** The first profile this browser holds whose key still works, now in use ({id, name, languages}); null
if none does (those that stopped working are forgotten). */
async function heldInUse() {
  for (const held of heldProfiles()) {
    try {
      const profile = await api("/api/me", { profile: held.key });
      keepProfileKey(held.key, profile);
      return profile;
    } catch (error) {
      if (error.status === 401) dropHeld(held.key);
    }
  }
  return null;
}

/** This browser's profile ({id, name, languages}): another it holds if its key stopped working, made
now if it holds none; null if the server refuses to make one (the page goes on without). */
export async function ensureProfile() {
  if (profileKey()) {
    try {
      const profile = await api("/api/me");
      holdProfile(profile, profileKey());
      return profile;
    } catch (error) {
      if (error.status !== 401) return null;
      forgetProfile();
    }
  }
  const held = await heldInUse();
  if (held) return held;
  const name = savedName() || madeUpName();
  try {
    const made = await api("/api/profiles", { method: "POST", body: { name, languages: [language()] } });
    keepProfileKey(made.key, made);
    if (!savedName()) localStorage.setItem(MADE_NAME, made.name);
    return { id: made.id, name: made.name, languages: made.languages };
  } catch {
    return null;
  }
}

/** A name the person typed (to sit down): kept, and given to the profile if it still has the name it
was made with. */
export async function chooseName(name) {
  saveName(name);
  if (profileKey() && localStorage.getItem(MADE_NAME)) {
    try {
      await api("/api/me", { method: "PATCH", body: { name } });
      localStorage.removeItem(MADE_NAME);
    } catch {
      // the name is refused for the profile (the table will say why) or the server is away: keep the old one
    }
  }
}
