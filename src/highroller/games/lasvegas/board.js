// Las Vegas on the felt: casinos with their bills and the dice placed on them, the roll on move
// (the Biggie drawn bigger, neutral dice in their own colour), and each player's money and dice.
// Once a round is scored, each casino keeps its result (who took which bill, whose dice tied and
// cancelled) and a summary says what each player won, until the next round's first die is placed;
// where the page shows each scoring itself (`ctx.scoring`, the table page) the felt shows only the
// table as it is. The roll and the casinos are what a player needs at a decision (`data-needed`).
// Newly placed dice glide from the roll to their casino, won money from the casino that paid it.

import { h } from "/static/common.js";
import { die } from "/static/dice.js";
import { labelled, number, t, tn } from "/static/i18n.js";

const NEUTRAL = "#e8e1c8";

function colourOf(owner, ctx) {
  return owner === "neutral" ? NEUTRAL : ctx.colours[Number(owner) % ctx.colours.length];
}

function ownerName(owner, ctx) {
  return owner === "neutral" ? t("neutral") : ctx.names[Number(owner)];
}

function thousands(bill) {
  return t("${k}k", { k: number(bill / 1000) });
}

function previousSpot(spot, ctx) {
  return ctx.previous ? ctx.previous.casinos.find((c) => c.casino === spot.casino) : null;
}

function lastResult(result, round, ctx) {
  const lines = Object.entries(result.dice).map(([owner, count]) => {
    const tied = result.cancelled.includes(owner);
    const bill = result.paid[owner];
    const outcome = tied ? t("tied, cancelled") : bill !== undefined ? t("took {bill}", { bill: thousands(bill) }) : t("no bill left");
    return h(
      "li",
      { class: tied ? "cancelled" : "" },
      h("span", { class: "swatch", style: `background:${colourOf(owner, ctx)}`, "aria-hidden": "true" }),
      `${labelled(ownerName(owner, ctx), tn(count, "{n} die", "{n} dice"))} — ${outcome}`,
    );
  });
  if (!lines.length) lines.push(h("li", { class: "muted" }, t("no dice")));
  if (result.untaken.length) lines.push(h("li", { class: "muted" }, t("untaken: {bills}", { bills: result.untaken.map(thousands).join(", ") })));
  return h("div", { class: "last-result" }, h("div", { class: "hint-light" }, t("Round {n}:", { n: round })), h("ul", {}, lines));
}

/** An element marked as a tutorial's board target (`pointed`). */
function marked(element, point) {
  element.dataset.point = point;
  return element;
}

function casino(spot, view, ctx) {
  const face = spot.bandit ? null : spot.casino;
  const title = spot.bandit ? t("One-armed bandit") : t("Casino {n}", { n: spot.casino });
  const onMove = view.roll && view.legal.some((a) => (spot.bandit ? a.bandit : a.place) !== undefined && (spot.bandit ? "bandit" in a : a.place === spot.casino));
  const before = previousSpot(spot, ctx);
  const result = view.last_round && !ctx.scoring ? view.last_round.casinos.find((c) => c.casino === spot.casino) : null;
  const dice = Object.entries(spot.dice).map(([owner, count]) =>
    h(
      "div",
      { class: "chips", title: labelled(ownerName(owner, ctx), count), "data-fly-from": before && count > (before.dice[owner] || 0) ? "roll" : null },
      Array.from({ length: Math.min(count, 8) }, () => die(face ?? 1, { size: 20, fill: colourOf(owner, ctx), label: face ? undefined : "★" })),
      count > 8 ? `×${count}` : "",
      h("span", { class: "hint-light" }, ` ${count}`),
    ),
  );
  return h(
    "div",
    { class: `spot${onMove ? " highlight" : ""}`, "data-casino": spot.casino, "data-anchor": `casino-${spot.casino}`, "data-point": `casino-${spot.casino}`, "data-action": spot.bandit ? null : JSON.stringify({ place: spot.casino }) },
    h("h3", {}, face ? die(face, { size: 26 }) : die(0, { size: 26, label: "7" }),
      h("span", { class: spot.bandit ? "spot-name" : "spot-name numbered" }, title)),
    h("div", {}, spot.bills.length ? spot.bills.map((b, index) => h("span", { class: "bill", "data-point": `bill-${spot.casino}-${billRank(spot.bills, index)}` }, thousands(b))) : h("span", { class: "muted" }, t("no bills"))),
    h("div", {}, dice),
    spot.faces && spot.faces.length ? h("div", { class: "hint-light" }, t("faces {faces}", { faces: spot.faces.join(", ") })) : null,
    result ? lastResult(result, view.last_round.round, ctx) : null,
  );
}

function roll(view, ctx) {
  if (!view.roll) {
    return h("div", { class: "roll", "data-anchor": "roll", "data-needed": "" }, h("span", { class: "muted" }, t("No dice rolled yet.")));
  }
  const who = view.turn;
  const fill = ctx.colours[who % ctx.colours.length];
  const dice = [
    ...view.roll.own.map((f) => marked(die(f, { size: 40, fill, title: t("{name}'s {face}", { name: ctx.names[who], face: f }) }), `die-${f}`)),
    view.roll.biggie ? marked(die(view.roll.biggie, { size: 62, fill, title: t("Biggie {face}", { face: view.roll.biggie }), className: "biggie" }), `die-${view.roll.biggie}`) : null,
    ...(view.roll.neutral || []).map((f) => marked(die(f, { size: 40, fill: NEUTRAL, title: t("neutral {face}", { face: f }) }), `die-${f}`)),
  ];
  return h("div", { class: "roll", "data-anchor": "roll", "data-needed": "", "aria-label": t("{name}'s roll", { name: ctx.names[who] }) },
    h("strong", {}, t("{name} rolled:", { name: ctx.names[who] })), " ", dice);
}

/** The casino that paid a seat in the round just scored (where its new money comes from). */
function payer(seat, view) {
  const paying = view.last_round ? view.last_round.casinos.find((c) => String(seat) in c.paid) : null;
  return paying ? `casino-${paying.casino}` : null;
}

function player(p, view, ctx) {
  const left = [tn(p.dice, "{n} die", "{n} dice")];
  if (p.biggie) left.push(t("Biggie"));
  if (p.neutral) left.push(tn(p.neutral, "{n} neutral", "{n} neutral"));
  const before = ctx.previous ? ctx.previous.players[p.seat] : null;
  const gained = before && p.money > before.money;
  return h(
    "div",
    {
      class: `player${view.current_player === p.seat ? " on-move" : ""}${gained ? " gained" : ""}`,
      style: `border-color:${ctx.colours[p.seat % ctx.colours.length]}`,
      "data-anchor": `player-${p.seat}`,
      "data-point": `player-${p.seat}`,
      "data-fly-from": gained ? payer(p.seat, view) : null,
    },
    h("strong", {}, ctx.names[p.seat]),
    h("div", {}, `${ctx.money(p.money)} · ${tn(p.bills, "{n} bill", "{n} bills")}`),
    h("div", { class: "hint-light" }, left.join(" + ")),
  );
}

function summary(result, view, ctx) {
  const won = view.players.map(() => ({ money: 0, bills: 0 }));
  for (const spot of result.casinos) {
    for (const [owner, bill] of Object.entries(spot.paid)) {
      if (owner === "neutral") continue;
      won[Number(owner)].money += bill;
      won[Number(owner)].bills += 1;
    }
  }
  const ties = result.casinos.filter((spot) => spot.cancelled.length).map((spot) => (spot.bandit ? t("One-armed bandit") : String(spot.casino)));
  const heading = t("Round {n} scored", { n: result.round });
  return h(
    "section",
    { class: "round-summary", "aria-label": heading },
    h("strong", {}, heading),
    h(
      "ul",
      {},
      won.map((gain, seat) => h("li", {}, labelled(ctx.names[seat], `+${ctx.money(gain.money)} (${tn(gain.bills, "{n} bill", "{n} bills")})`))),
    ),
    ties.length ? h("div", { class: "hint-light" }, t("Ties cancelled at: {casinos}", { casinos: ties.join(", ") })) : null,
  );
}

/** A bill's place at its casino, from 1 for the highest (as a tutorial counts them). */
function billRank(bills, index) {
  return [...bills].sort((a, b) => b - a).indexOf(bills[index]) + 1 + bills.slice(0, index).filter((b) => b === bills[index]).length;
}

/** The board's elements a tutorial's target names (`tutorial_claims.py`): a casino (7: the bandit), a
 * casino's bill (from 1, high to low), the rolled dice of a face, a player, or the bill pile (the casinos). */
export function pointed(point) {
  const keys = {
    casino: () => `casino-${point.index}`,
    bill: () => `bill-${point.casino}-${point.index}`,
    die: () => `die-${point.face}`,
    player: () => `player-${point.seat}`,
    pile: () => "pile",
  };
  return point.kind in keys ? `[data-point="${keys[point.kind]()}"]` : null;
}

export function render(view, ctx) {
  const rules = view.rules;
  const variants = [rules.edition === "biggie" ? t("Biggie edition") : t("classic"), rules.neutral ? t("neutral dice") : null, rules.bandit ? t("bandit") : null].filter(Boolean).join(", ");
  return h(
    "div",
    { class: "lasvegas" },
    h("div", { class: "hint-light lv-title" },
      t("Las Vegas ({variants}) — round {round} of {rounds}", { variants, round: view.round, rounds: rules.rounds })),
    view.last_round && !ctx.scoring ? summary(view.last_round, view, ctx) : null,
    h("div", { class: "felt-grid casinos", "data-needed": "", "data-point": "pile" }, view.casinos.map((spot) => casino(spot, view, ctx))),
    roll(view, ctx),
    h("div", { class: "players" }, view.players.map((p) => player(p, view, ctx))),
  );
}
