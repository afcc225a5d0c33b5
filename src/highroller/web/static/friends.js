// The profile page's Friends section: your link to share (others follow you with it), following a
// profile by its link, your friends with a dot for those online, the tables they sit at or made (join
// one with a free seat, watch one in play), unfollowing and blocking, and the profiles you blocked.

import { api, h } from "/static/common.js";
import { language, t, tn } from "/static/i18n.js";
import { block, follow, handleOf, personLink, unblock, unfollow } from "/static/social.js";

const el = (id) => document.getElementById(id);

function say(text, failed = false) {
  el("friends-status").textContent = text;
  el("friends-status").classList.toggle("error", failed);
}

async function act(work, done) {
  try {
    await work();
    say(done);
  } catch (error) {
    say(error.message, true);
  }
  await drawFriends();
}

function friendRow(friend) {
  const state = friend.online ? t("online") : t("offline");
  return h("li", {},
    h("span", { class: `dot ${friend.online ? "online" : ""}`, role: "img", "aria-label": state, title: state }),
    h("a", { class: "friend-name", href: `/people/${encodeURIComponent(friend.handle)}` }, h("bdi", {}, friend.name)),
    h("button", { type: "button", class: "quiet small", "aria-label": t("Unfollow {name}", { name: friend.name }),
      onclick: () => act(() => unfollow(friend.handle), t("You no longer follow {name}.", { name: friend.name })) }, t("Unfollow")),
    h("button", { type: "button", class: "quiet small", "aria-label": t("Block {name}", { name: friend.name }),
      onclick: () => act(() => block(friend.handle), t("You blocked {name}.", { name: friend.name })) }, t("Block")));
}

function tableRow(table, names) {
  const there = table.friends.map((handle) => names[handle]).filter(Boolean).join(", ");
  const label = table.open_seats ? t("Join") : t("Watch");
  return h("li", {},
    h("div", { class: "friend-table" },
      h("strong", {}, table.title),
      h("div", { class: "hint" }, table.open_seats
        ? tn(table.open_seats, "{names} · {n} free seat", "{names} · {n} free seats", { names: there })
        : t("{names} · in play", { names: there }))),
    h("a", { class: "button small", href: `/table/${encodeURIComponent(table.id)}`,
      "aria-label": `${label}: ${table.title} (${there})` }, label));
}

async function drawFriends() {
  let answer;
  try {
    answer = await api(`/api/me/friends?lang=${language()}`);
  } catch (error) {
    say(error.message, true);
    return;
  }
  el("my-link").value = personLink(answer.handle);
  const names = Object.fromEntries(answer.friends.map((friend) => [friend.handle, friend.name]));
  el("friend-list").replaceChildren(...(answer.friends.length ? answer.friends.map(friendRow)
    : [h("li", { class: "hint" }, t("You follow nobody yet: follow people from a table, the ratings or their link."))]));
  el("friend-tables").replaceChildren(...(answer.tables.length ? answer.tables.map((table) => tableRow(table, names))
    : [h("li", { class: "hint" }, t("None of your friends is at a table now."))]));
  el("blocked-list").replaceChildren(...(answer.blocked.length ? answer.blocked.map((person) => h("li", {},
    h("bdi", { class: "friend-name" }, person.name),
    h("button", { type: "button", class: "quiet small", "aria-label": t("Unblock {name}", { name: person.name }),
      onclick: () => act(() => unblock(person.handle), t("You unblocked {name}.", { name: person.name })) }, t("Unblock"))))
    : [h("li", { class: "hint" }, t("You blocked nobody."))]));
}

async function followByLink(event) {
  event.preventDefault();
  const handle = handleOf(el("follow-link").value);
  if (!handle) {
    say(t("Paste a profile's link: it ends with /people/ and 22 letters, digits, - or _."), true);
    return;
  }
  try {
    const followed = await follow(handle);
    el("follow-link").value = "";
    say(t("You follow {name}.", { name: followed.name }));
  } catch (error) {
    say(error.message, true);
  }
  await drawFriends();
}

async function copyMine() {
  try {
    await navigator.clipboard.writeText(el("my-link").value);
  } catch {
    el("my-link").select();
    document.execCommand("copy");
  }
  say(t("Copied."));
}

/** Fill the Friends section (the profile is loaded). */
export async function friendsSection() {
  el("follow-form").addEventListener("submit", followByLink);
  el("copy-my-link").addEventListener("click", copyMine);
  await drawFriends();
}
