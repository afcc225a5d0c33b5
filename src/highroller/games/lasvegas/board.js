// Las Vegas on the felt: casinos with their bills and the dice placed on them, the roll on move
// (the Biggie drawn bigger, neutral dice in their own colour), and each player's money and dice.

import { h } from "/static/common.js";
import { die } from "/static/dice.js";

const NEUTRAL = "#e8e1c8";

function colourOf(owner, ctx) {
  return owner === "neutral" ? NEUTRAL : ctx.colours[Number(owner) % ctx.colours.length];
}

function ownerName(owner, ctx) {
  return owner === "neutral" ? "neutral" : ctx.names[Number(owner)];
}

function casino(spot, view, ctx) {
  const face = spot.bandit ? null : spot.casino;
  const title = spot.bandit ? "One-armed bandit" : `Casino ${spot.casino}`;
  const onMove = view.roll && view.legal.some((a) => (spot.bandit ? a.bandit : a.place) !== undefined && (spot.bandit ? "bandit" in a : a.place === spot.casino));
  const dice = Object.entries(spot.dice).map(([owner, count]) =>
    h(
      "div",
      { class: "chips", title: `${ownerName(owner, ctx)}: ${count}` },
      Array.from({ length: Math.min(count, 8) }, () => die(face ?? 1, { size: 20, fill: colourOf(owner, ctx), label: face ? undefined : "★" })),
      count > 8 ? `×${count}` : "",
      h("span", { class: "hint-light" }, ` ${count}`),
    ),
  );
  return h(
    "div",
    { class: `spot${onMove ? " highlight" : ""}`, "data-casino": spot.casino, "data-action": spot.bandit ? null : JSON.stringify({ place: spot.casino }) },
    h("h3", {}, face ? die(face, { size: 26 }) : die(0, { size: 26, label: "7" }), title),
    h("div", {}, spot.bills.length ? spot.bills.map((b) => h("span", { class: "bill" }, `$${(b / 1000).toLocaleString("en-US")}k`)) : h("span", { class: "muted" }, "no bills")),
    h("div", {}, dice),
    spot.faces && spot.faces.length ? h("div", { class: "hint-light" }, `faces ${spot.faces.join(", ")}`) : null,
  );
}

function roll(view, ctx) {
  if (!view.roll) return h("div", { class: "roll" }, h("span", { class: "muted" }, "No dice rolled yet."));
  const who = view.turn;
  const fill = ctx.colours[who % ctx.colours.length];
  const dice = [
    ...view.roll.own.map((f) => die(f, { size: 40, fill, title: `${ctx.names[who]}'s ${f}` })),
    view.roll.biggie ? die(view.roll.biggie, { size: 62, fill, title: `Biggie ${view.roll.biggie}`, className: "biggie" }) : null,
    ...(view.roll.neutral || []).map((f) => die(f, { size: 40, fill: NEUTRAL, title: `neutral ${f}` })),
  ];
  return h("div", { class: "roll", "aria-label": `${ctx.names[who]}'s roll` }, h("strong", {}, `${ctx.names[who]} rolled: `), dice);
}

function player(p, view, ctx) {
  const left = [`${p.dice} dice`];
  if (p.biggie) left.push("Biggie");
  if (p.neutral) left.push(`${p.neutral} neutral`);
  return h(
    "div",
    { class: `player${view.current_player === p.seat ? " on-move" : ""}`, style: `border-color:${ctx.colours[p.seat % ctx.colours.length]}` },
    h("strong", {}, ctx.names[p.seat]),
    h("div", {}, `${ctx.money(p.money)} · ${p.bills} bills`),
    h("div", { class: "hint-light" }, left.join(" + ")),
  );
}

export function render(view, ctx) {
  const rules = view.rules;
  const variants = [rules.edition, rules.neutral ? "neutral dice" : null, rules.bandit ? "bandit" : null].filter(Boolean).join(", ");
  return h(
    "div",
    { class: "lasvegas" },
    h("div", { class: "hint-light" }, `Las Vegas (${variants}) — round ${view.round} of ${rules.rounds}`),
    h("div", { class: "felt-grid" }, view.casinos.map((spot) => casino(spot, view, ctx))),
    roll(view, ctx),
    h("div", { class: "players" }, view.players.map((p) => player(p, view, ctx))),
  );
}
