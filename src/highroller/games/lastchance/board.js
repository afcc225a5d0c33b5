// Last Chance on the felt: the card with its five dice (matched ones filled, jokers gold, a locked
// joker face shown), the auction or the attempt with its last roll, the bidding bin and each side bet
// as chips on the table, and every player; money a player wins glides to them from the table. The card,
// the attempt and the table's chips are what a player needs at a decision (`data-needed`).

import { h, s } from "/static/common.js";
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

/** Said where no die of the card is matched yet (a call of its own: a t() among another t()'s values is not extracted). */
function nothingYet() {
  return t("nothing yet");
}

/** One die of the card: a pictured face (matched or open) or a joker (matched, locked or open). */
function cardDie(d, card) {
  if (d.face !== null) return die(d.face, { size: 44, fill: d.matched ? MATCHED : "#fff", title: d.matched ? t("{face} (matched)", { face: d.face }) : t("{face} (open)", { face: d.face }), className: d.matched ? "" : "open" });
  if (d.matched) return die(d.shown, { size: 44, fill: JOKER, title: t("joker matched as {face}", { face: d.shown }) });
  if (card.locked) return die(card.locked, { size: 44, fill: JOKER, title: t("joker locked to {face}", { face: card.locked }), className: "open" });
  return die(0, { size: 44, fill: JOKER, label: "J", title: t("joker: any face not pictured") });
}

/** An element marked as a tutorial's board target (`pointed` names it). */
function pointAt(element, point) {
  element.setAttribute("data-point", point);
  return element;
}

/** The CSS selector of a tutorial's board target (tutorial_claims.py declares the kinds); null for a kind not drawn. */
export function pointed(point) {
  switch (point.kind) {
    case "card": return '[data-point~="card"]';
    case "slot": return `[data-point~="slot-${point.index}"]`;
    case "jokers": return '[data-point~="jokers"]';
    case "roll": return '[data-point~="roll"]';
    case "auction": return '[data-point~="auction"]';
    case "bin": return '[data-point~="bin"]';
    case "bet": return `[data-point~="bet-${point.seat}"]`;
    case "player": return `[data-point~="player-${point.seat}"]`;
    default: return null;
  }
}

function drawCard(view, ctx) {
  const card = view.card;
  if (!card) return h("div", { class: "card", "data-needed": "" }, t("No card on the table."));
  const dice = cardDice(card).map((d, index) => pointAt(cardDie(d, card), `slot-${index + 1}${d.face === null ? " jokers" : ""}`));
  return h(
    "div",
    { class: "card lastchance-card", "aria-label": t("Card {id}", { id: card.id }), "data-needed": "", "data-point": "card" },
    h("div", {}, h("strong", {}, t("Card {id}", { id: card.id })), h("span", { class: "points" }, t("pays {money}", { money: ctx.money(card.payout) }))),
    h("div", { class: "chips" }, dice),
    h("div", { class: "hint" }, [
      tn(card.rolls, "{n} roll", "{n} rolls"),
      t("matched: {dice}", { dice: card.matched.length ? card.matched.join(" ") : nothingYet() }),
      card.locked ? t("jokers locked to {face}s", { face: card.locked }) : null,
    ].filter(Boolean).join(" · ")),
  );
}

function attempt(view, ctx) {
  if (view.phase === "auction") {
    const a = view.auction;
    return h("p", { "data-needed": "", "data-point": "auction" }, a.high_bidder < 0
      ? t("Auction: no bid yet ({name} opened).", { name: ctx.names[view.opener] })
      : t("Auction: high bid {money} by {name}.", { money: ctx.money(a.high_bid), name: ctx.names[a.high_bidder] }));
  }
  if (view.roller < 0) return null;
  const fill = ctx.colours[view.roller % ctx.colours.length];
  const how = view.last_chance ? t("Last Chance!") : ctx.money(view.bid);
  return h(
    "div",
    { class: "lc-attempt", "data-needed": "" },
    h("p", {}, t("{name} rolls for {how} — roll {used} of {rolls}.", { name: ctx.names[view.roller], how, used: view.rolls_used, rolls: view.card ? view.card.rolls : "?" })),
    view.roll
      ? h("div", { class: "roll", "data-point": "roll" }, h("strong", {}, t("Last roll:")), " ", view.roll.map((f) => die(f, { size: 40, fill: view.unplaced.includes(f) ? fill : "#fff", title: String(f) })))
      : null,
    view.unplaced.length ? h("p", { class: "hint-light" }, t("Not placed yet: {dice}", { dice: view.unplaced.join(" ") })) : null,
  );
}

/** A small stack of chips in a colour, as SVG. */
function chipStack(fill) {
  return s(
    "svg",
    { class: "chip-stack", viewBox: "0 0 24 20", width: 24, height: 20, "aria-hidden": "true", focusable: "false" },
    [14, 9, 4].map((y) => s("ellipse", { cx: 12, cy: y + 2, rx: 10, ry: 4, fill, stroke: "#222", "stroke-width": 1 })),
  );
}

/** The table between the players: the bidding bin with the roller's bid, and each side bet as chips. */
function felt(view, ctx) {
  const entries = Object.entries(view.bets || {});
  const inBin = view.roller >= 0 && view.bid > 0 && view.phase !== "auction";
  if (!inBin && !entries.length) return h("div", { class: "lc-felt", "data-anchor": "table" });
  const bin = inBin
    ? h(
        "div",
        { class: "lc-bin", "data-point": "bin", "aria-label": t("Bidding bin: {money}", { money: ctx.money(view.bid) }) },
        chipStack(ctx.colours[view.roller % ctx.colours.length]),
        h("span", {}, t("Bidding bin: {money}", { money: ctx.money(view.bid) })),
      )
    : null;
  const bets = entries.map(([seat, bet]) => {
    const name = ctx.names[Number(seat)];
    const colour = ctx.colours[Number(seat) % ctx.colours.length];
    if (typeof bet === "string") return h("div", { class: "lc-bet none", "data-point": `bet-${seat}` }, t("{name}: no bet", { name }));
    const words = bet.bet === "yes" ? t("{name}: yes, {money}", { name, money: ctx.money(bet.wager) }) : t("{name}: no, {money}", { name, money: ctx.money(bet.wager) });
    return h("div", { class: `lc-bet ${bet.bet}`, "data-point": `bet-${seat}` }, chipStack(colour), h("span", {}, words));
  });
  return h("div", { class: "lc-felt", "data-anchor": "table", "data-needed": "" },
    bin, entries.length ? h("span", { class: "hint-light" }, t("Bets:")) : null, bets);
}

function player(p, view, ctx) {
  const before = ctx.previous ? ctx.previous.players[p.seat] : null;
  const gained = before && p.money > before.money;
  return h(
    "div",
    {
      class: `player${view.current_player === p.seat ? " on-move" : ""}${p.active ? "" : " out"}${gained ? " gained" : ""}`,
      style: `border-color:${ctx.colours[p.seat % ctx.colours.length]}`,
      "data-fly-from": gained ? "table" : null,
      "data-point": `player-${p.seat}`,
    },
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
    felt(view, ctx),
    h("div", { class: "players" }, view.players.map((p) => player(p, view, ctx))),
  );
}
