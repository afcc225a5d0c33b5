// Last Chance on the felt: the card with its five dice (matched ones filled, jokers gold, a locked
// joker face shown), the auction or the attempt with its last roll, the side bets, and every player.

import { h } from "/static/common.js";
import { die } from "/static/dice.js";
import { t, tn } from "/static/i18n.js";

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
  if (!card) return h("div", { class: "card" }, t("No card on the table."));
  const dice = cardDice(card).map((d) => {
    if (d.face !== null) return die(d.face, { size: 44, fill: d.matched ? MATCHED : "#fff", title: d.matched ? t("{face} (matched)", { face: d.face }) : t("{face} (open)", { face: d.face }), className: d.matched ? "" : "open" });
    if (d.matched) return die(d.shown, { size: 44, fill: JOKER, title: t("joker matched as {face}", { face: d.shown }) });
    if (card.locked) return die(card.locked, { size: 44, fill: JOKER, title: t("joker locked to {face}", { face: card.locked }), className: "open" });
    return die(0, { size: 44, fill: JOKER, label: "J", title: t("joker: any face not pictured") });
  });
  return h(
    "div",
    { class: "card lastchance-card", "aria-label": t("Card {id}", { id: card.id }) },
    h("div", {}, h("strong", {}, t("Card {id}", { id: card.id })), h("span", { class: "points" }, t("pays {money}", { money: ctx.money(card.payout) }))),
    h("div", { class: "chips" }, dice),
    h("div", { class: "hint" }, [
      tn(card.rolls, "{n} roll", "{n} rolls"),
      t("matched: {dice}", { dice: card.matched.length ? card.matched.join(" ") : t("nothing yet") }),
      card.locked ? t("jokers locked to {face}s", { face: card.locked }) : null,
    ].filter(Boolean).join(" · ")),
  );
}

function attempt(view, ctx) {
  if (view.phase === "auction") {
    const a = view.auction;
    return h("p", {}, a.high_bidder < 0
      ? t("Auction: no bid yet ({name} opened).", { name: ctx.names[view.opener] })
      : t("Auction: high bid {money} by {name}.", { money: ctx.money(a.high_bid), name: ctx.names[a.high_bidder] }));
  }
  if (view.roller < 0) return null;
  const fill = ctx.colours[view.roller % ctx.colours.length];
  const how = view.last_chance ? t("Last Chance!") : ctx.money(view.bid);
  return h(
    "div",
    {},
    h("p", {}, t("{name} rolls for {how} — roll {used} of {rolls}.", { name: ctx.names[view.roller], how, used: view.rolls_used, rolls: view.card ? view.card.rolls : "?" })),
    view.roll
      ? h("div", { class: "roll" }, h("strong", {}, t("Last roll:")), " ", view.roll.map((f) => die(f, { size: 40, fill: view.unplaced.includes(f) ? fill : "#fff", title: String(f) })))
      : null,
    view.unplaced.length ? h("p", { class: "hint-light" }, t("Not placed yet: {dice}", { dice: view.unplaced.join(" ") })) : null,
  );
}

function bets(view, ctx) {
  const entries = Object.entries(view.bets || {});
  if (!entries.length) return null;
  const words = ([seat, bet]) => {
    const name = ctx.names[Number(seat)];
    if (typeof bet === "string") return t("{name}: no bet", { name });
    return bet.bet === "yes" ? t("{name}: yes, {money}", { name, money: ctx.money(bet.wager) }) : t("{name}: no, {money}", { name, money: ctx.money(bet.wager) });
  };
  return h("p", {}, t("Bets:"), " ", entries.map(words).join(" · "));
}

function player(p, view, ctx) {
  return h(
    "div",
    { class: `player${view.current_player === p.seat ? " on-move" : ""}${p.active ? "" : " out"}`, style: `border-color:${ctx.colours[p.seat % ctx.colours.length]}` },
    h("strong", {}, ctx.names[p.seat]),
    h("div", {}, `${ctx.money(p.money)} · ${tn(p.cards.length, "{n} card", "{n} cards")}`),
    h("div", { class: "hint-light" }, p.last_chance_used ? t("Last Chance used") : t("Last Chance in hand")),
  );
}

export function render(view, ctx) {
  const stage = view.phase === "over" ? t("game over") : t("card {number} of {cards}", { number: view.card_number, cards: view.rules.cards });
  return h(
    "div",
    { class: "lastchance" },
    h("div", { class: "hint-light" }, t("Last Chance — {stage}", { stage })),
    drawCard(view, ctx),
    attempt(view, ctx),
    bets(view, ctx),
    h("div", { class: "players" }, view.players.map((p) => player(p, view, ctx))),
  );
}
