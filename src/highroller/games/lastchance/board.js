// Last Chance on the felt: the card with its five dice (matched ones filled, jokers gold, a locked
// joker face shown), the auction or the attempt with its last roll, the side bets, and every player.

import { h } from "/static/common.js";
import { die } from "/static/dice.js";

const JOKER = "#f2c14e";
const MATCHED = "#9be29b";

/** Card dice with which of them are matched: matched faces take a pictured die first, else a joker. */
function cardDice(card) {
  const dice = card.dice.split(/\s+/).map((d) => ({ face: d === "J" ? null : Number(d), matched: false }));
  for (const face of card.matched) {
    const slot = dice.find((d) => !d.matched && d.face === face) || dice.find((d) => !d.matched && d.face === null);
    if (slot) {
      slot.matched = true;
      if (slot.face === null) slot.shown = face;
    }
  }
  return dice;
}

function drawCard(view, ctx) {
  const card = view.card;
  if (!card) return h("div", { class: "card" }, "No card on the table.");
  const dice = cardDice(card).map((d) => {
    if (d.face !== null) return die(d.face, { size: 44, fill: d.matched ? MATCHED : "#fff", title: `${d.face}${d.matched ? " (matched)" : ""}`, className: d.matched ? "" : "open" });
    if (d.matched) return die(d.shown, { size: 44, fill: JOKER, title: `joker matched as ${d.shown}` });
    if (card.locked) return die(card.locked, { size: 44, fill: JOKER, title: `joker locked to ${card.locked}`, className: "open" });
    return die(0, { size: 44, fill: JOKER, label: "J", title: "joker: any face not pictured" });
  });
  return h(
    "div",
    { class: "card lastchance-card", "aria-label": `Card ${card.id}` },
    h("div", {}, h("strong", {}, `Card ${card.id}`), h("span", { class: "points" }, `pays ${ctx.money(card.payout)}`)),
    h("div", { class: "chips" }, dice),
    h("div", { class: "hint" }, `${card.rolls} roll${card.rolls === 1 ? "" : "s"} · matched: ${card.matched.length ? card.matched.join(" ") : "nothing yet"}${card.locked ? ` · jokers locked to ${card.locked}s` : ""}`),
  );
}

function attempt(view, ctx) {
  if (view.phase === "auction") {
    const a = view.auction;
    return h("p", {}, a.high_bidder < 0 ? `Auction: no bid yet (${ctx.names[view.opener]} opened).` : `Auction: high bid ${ctx.money(a.high_bid)} by ${ctx.names[a.high_bidder]}.`);
  }
  if (view.roller < 0) return null;
  const fill = ctx.colours[view.roller % ctx.colours.length];
  const how = view.last_chance ? "Last Chance!" : ctx.money(view.bid);
  return h(
    "div",
    {},
    h("p", {}, `${ctx.names[view.roller]} rolls for ${how} — roll ${view.rolls_used} of ${view.card ? view.card.rolls : "?"}.`),
    view.roll
      ? h("div", { class: "roll" }, h("strong", {}, "Last roll: "), view.roll.map((f) => die(f, { size: 40, fill: view.unplaced.includes(f) ? fill : "#fff", title: String(f) })))
      : null,
    view.unplaced.length ? h("p", { class: "hint-light" }, `Not placed yet: ${view.unplaced.join(" ")}`) : null,
  );
}

function bets(view, ctx) {
  const entries = Object.entries(view.bets || {});
  if (!entries.length) return null;
  return h("p", {}, "Bets: ", entries.map(([seat, bet]) => `${ctx.names[Number(seat)]} ${bet.bet} ${ctx.money(bet.wager)}`).join(" · "));
}

function player(p, view, ctx) {
  return h(
    "div",
    { class: `player${view.current_player === p.seat ? " on-move" : ""}${p.active ? "" : " out"}`, style: `border-color:${ctx.colours[p.seat % ctx.colours.length]}` },
    h("strong", {}, ctx.names[p.seat]),
    h("div", {}, `${ctx.money(p.money)} · ${p.cards.length} card${p.cards.length === 1 ? "" : "s"}`),
    h("div", { class: "hint-light" }, p.last_chance_used ? "Last Chance used" : "Last Chance in hand"),
  );
}

export function render(view, ctx) {
  const stage = view.phase === "over" ? "game over" : `card ${view.card_number} of ${view.rules.cards}`;
  return h(
    "div",
    { class: "lastchance" },
    h("div", { class: "hint-light" }, `Last Chance — ${stage}`),
    drawCard(view, ctx),
    attempt(view, ctx),
    bets(view, ctx),
    h("div", { class: "players" }, view.players.map((p) => player(p, view, ctx))),
  );
}
