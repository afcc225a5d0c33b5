// Your invitations, on "Your games": each table a friend invited you to (or the rematch of a game of
// yours), while it has a free seat, with Accept (a seat there, with your profile) and Decline.

import { api, h, saveSeat } from "/static/common.js";
import { language, t } from "/static/i18n.js";

function words(invitation) {
  return invitation.inviter
    ? t("{name} invites you to a table of {game}.", { name: invitation.inviter, game: invitation.title })
    : t("The rematch of your game of {game} waits for you.", { game: invitation.title });
}

async function accept(invitation, box) {
  try {
    const seat = await api(`/api/me/invitations/${encodeURIComponent(invitation.id)}/accept`, { method: "POST" });
    saveSeat(seat.table, { seat: seat.seat, token: seat.token });
    location.assign(`/table/${encodeURIComponent(seat.table)}`);
  } catch (error) {
    box.querySelector(".invitations-status").textContent = error.message;
    await drawInvitations(box);
  }
}

async function decline(invitation, box) {
  try {
    await api(`/api/me/invitations/${encodeURIComponent(invitation.id)}/decline`, { method: "POST" });
    box.querySelector(".invitations-status").textContent = t("Invitation declined.");
  } catch (error) {
    box.querySelector(".invitations-status").textContent = error.message;
  }
  await drawInvitations(box);
}

function row(invitation, box) {
  const said = words(invitation);
  return h("li", { class: "game-row invitation" },
    h("div", { class: "game-words" }, said),
    h("div", { class: "invitation-buttons" },
      h("button", { type: "button", class: "small", "aria-label": `${t("Accept")}: ${said}`, onclick: () => accept(invitation, box) }, t("Accept")),
      h("button", { type: "button", class: "small quiet", "aria-label": `${t("Decline")}: ${said}`, onclick: () => decline(invitation, box) }, t("Decline"))));
}

/** Draw your invitations into `box` (nothing when there is none). */
export async function drawInvitations(box) {
  let invitations;
  try {
    invitations = await api(`/api/me/invitations?lang=${language()}`);
  } catch {
    return; // no profile: no invitations
  }
  const status = box.querySelector(".invitations-status") || h("p", { class: "hint invitations-status", role: "status" });
  box.replaceChildren(...(invitations.length
    ? [h("h2", {}, t("Invitations"), " ", h("span", { class: "count" }, `(${invitations.length})`)),
      h("ul", { class: "games" }, invitations.map((invitation) => row(invitation, box)))]
    : []), status);
}
