// A profile's public page (/people/HANDLE), the link its owner shares: the profile's name and a button
// to follow it (or unfollow it); your own page says it is yours. A first visit makes a profile (profile.js).

import { api, h } from "/static/common.js";
import { languageSwitch, loadWords, t, translatePage } from "/static/i18n.js";
import { ensureProfile } from "/static/profile.js";
import { followButton } from "/static/social.js";

const el = (id) => document.getElementById(id);

function say(text, failed = false) {
  el("person-status").textContent = text;
  el("person-status").classList.toggle("error", failed);
}

async function start() {
  await loadWords();
  translatePage();
  document.querySelector("header.top").append(languageSwitch(h));
  const handle = location.pathname.split("/").filter(Boolean)[1] || ""; // sent as it is: the server reads it
  const me = await ensureProfile();
  let person;
  try {
    person = await api(`/api/people/${handle}`);
  } catch (error) {
    el("person-name").textContent = t("No such player");
    say(error.message, true);
    return;
  }
  el("person-name").replaceChildren(h("bdi", {}, person.name));
  document.title = `${person.name} — highroller`;
  if (person.you) {
    el("person-words").textContent = t("This is your own page: share its link, and whoever opens it can follow you.");
  } else if (!me) {
    el("person-words").textContent = t("Following needs a profile, and this browser could not make one: try again in a minute.");
  } else if (person.blocked) {
    el("person-words").textContent = t("You blocked {name}: unblock them on your profile page to follow them.", { name: person.name });
  } else {
    el("person-words").textContent = t("Follow {name} to see when they are online and at which tables, and to invite them to yours.", { name: person.name });
    el("person-buttons").append(followButton(person.handle, person.name, person.following, say));
  }
}

start();
