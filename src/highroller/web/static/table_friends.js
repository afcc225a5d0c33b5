// The table page's people panel: a Follow button by each seat taken with a profile (not yours), and,
// for a person seated here with their profile while the table still has free seats, "Invite a friend":
// one of the profiles they follow, told on their devices and in their games.

import { api, h, tableIdFromPath } from "/static/common.js";
import { loadWords, t } from "/static/i18n.js";
import { profileKey } from "/static/profile.js";
import { followButton } from "/static/social.js";

const REFRESH = 20_000;
const tableId = tableIdFromPath();
let panel = null;
let following = new Set();
let friends = [];

function say(text, failed = false) {
  const status = panel.querySelector(".people-status");
  status.textContent = text;
  status.classList.toggle("error", failed);
}

async function invite(form) {
  const handle = form.querySelector("select").value;
  const friend = friends.find((one) => one.handle === handle);
  try {
    await api("/api/me/invitations", { method: "POST", body: { table: tableId, handle } });
    say(t("Invitation sent to {name}.", { name: friend ? friend.name : handle }));
  } catch (error) {
    say(error.message, true);
  }
}

function inviteForm(here) {
  const seated = new Set(here.people.map((person) => person.handle));
  const invitable = friends.filter((friend) => !seated.has(friend.handle));
  if (friends.length && !invitable.length) return null; // every friend sits here already
  if (!friends.length) return h("p", { class: "hint" }, t("Follow people to invite them: from a table, the ratings or their link."));
  const form = h("form", { class: "invite-form" },
    h("label", { for: "invite-friend" }, t("Invite a friend")),
    h("select", { id: "invite-friend" }, invitable.map((friend) => h("option", { value: friend.handle }, friend.name))),
    h("button", { type: "submit", class: "small" }, t("Invite")));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    invite(form);
  });
  return form;
}

async function draw() {
  let here;
  let mine = [];
  try {
    here = await api(`/api/tables/${encodeURIComponent(tableId)}/people`);
    mine = await api(`/api/me/tables/${encodeURIComponent(tableId)}`);
    const answer = await api("/api/me/friends");
    friends = answer.friends;
    following = new Set(friends.map((friend) => friend.handle));
  } catch {
    return; // a table gone, or no profile: nothing to show
  }
  const seats = new Set(mine.map((seat) => seat.seat));
  const others = here.people.filter((person) => !seats.has(person.seat));
  const invites = seats.size > 0 && here.open_seats > 0;
  panel.hidden = !others.length && !invites;
  panel.querySelector(".people").replaceChildren(...others.map((person) => h("li", {},
    h("bdi", { class: "person-name" }, person.name),
    followButton(person.handle, person.name, following.has(person.handle), say))));
  const place = panel.querySelector(".invite-place");
  if (!invites) place.replaceChildren();
  else if (!place.querySelector("select:focus")) place.replaceChildren(...[inviteForm(here)].filter(Boolean));
}

async function start() {
  if (!tableId || !profileKey()) return;
  await loadWords();
  panel = h("section", { class: "panel people-panel", hidden: true, "aria-labelledby": "people-title" },
    h("h2", { id: "people-title" }, t("People here")),
    h("ul", { class: "people" }),
    h("div", { class: "invite-place" }),
    h("p", { class: "hint people-status", role: "status" }));
  document.querySelector(".side-column").append(panel);
  await draw();
  setInterval(draw, REFRESH);
}

start();
