// This browser's profile: made on the first visit, its key kept here and sent with every API call
// (common.js adds the X-Profile header). A name typed at a table renames a profile still under the
// name it was made with.

import { api, PROFILE_KEY, savedName, saveName } from "/static/common.js";
import { language, t } from "/static/i18n.js";

const MADE_NAME = "highroller:profile-made-name";

/** This browser's profile key, or null. */
export function profileKey() {
  return localStorage.getItem(PROFILE_KEY);
}

/** Keep a key this device was given (a new profile, or a sign-in). */
export function keepProfileKey(key) {
  localStorage.setItem(PROFILE_KEY, key);
}

/** Forget this browser's profile (signed out, or deleted). */
export function forgetProfile() {
  localStorage.removeItem(PROFILE_KEY);
  localStorage.removeItem(MADE_NAME);
}

function madeUpName() {
  return t("Player {n}", { n: 1000 + Math.floor(Math.random() * 9000) });
}

/** This browser's profile ({id, name, languages}), made now if there is none (or its key stopped
working); null if the server refuses to make one (the page goes on without). */
export async function ensureProfile() {
  if (profileKey()) {
    try {
      return await api("/api/me");
    } catch (error) {
      if (error.status !== 401) return null;
      forgetProfile();
    }
  }
  const name = savedName() || madeUpName();
  try {
    const made = await api("/api/profiles", { method: "POST", body: { name, languages: [language()] } });
    keepProfileKey(made.key);
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
