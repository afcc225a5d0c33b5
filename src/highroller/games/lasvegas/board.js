// Las Vegas on the felt: casinos with their bills and the dice placed on them, the roll on move
// (the Biggie drawn bigger, neutral dice in their own colour), and each player's money and dice.

import { h } from "/static/common.js";
import { die } from "/static/dice.js";
import { number, t, tn } from "/static/i18n.js";

const NEUTRAL = "#e8e1c8";

function colourOf(owner, ctx) {
  return owner === "neutral" ? NEUTRAL : ctx.colours[Number(owner) % ctx.colours.length];
}

function ownerName(owner, ctx) {
  return owner === "neutral" ? t("neutral") : ctx.names[Number(owner)];
}

function casino(spot, view, ctx) {
  const face = spot.bandit ? null : spot.casino;
  const title = spot.bandit ? t("One-armed bandit") : t("Casino {n}", { n: spot.casino });
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
    h("div", {}, spot.bills.length ? spot.bills.map((b) => h("span", { class: "bill" }, t("${k}k", { k: number(b / 1000) }))) : h("span", { class: "muted" }, t("no bills"))),
    h("div", {}, dice),
    spot.faces && spot.faces.length ? h("div", { class: "hint-light" }, t("faces {faces}", { faces: spot.faces.join(", ") })) : null,
  );
}

function roll(view, ctx) {
  if (!view.roll) return h("div", { class: "roll" }, h("span", { class: "muted" }, t("No dice rolled yet.")));
  const who = view.turn;
  const fill = ctx.colours[who % ctx.colours.length];
  const dice = [
    ...view.roll.own.map((f) => die(f, { size: 40, fill, title: t("{name}'s {face}", { name: ctx.names[who], face: f }) })),
    view.roll.biggie ? die(view.roll.biggie, { size: 62, fill, title: t("Biggie {face}", { face: view.roll.biggie }), className: "biggie" }) : null,
    ...(view.roll.neutral || []).map((f) => die(f, { size: 40, fill: NEUTRAL, title: t("neutral {face}", { face: f }) })),
  ];
  return h("div", { class: "roll", "aria-label": t("{name}'s roll", { name: ctx.names[who] }) }, h("strong", {}, t("{name} rolled:", { name: ctx.names[who] })), " ", dice);
}

function player(p, view, ctx) {
  const left = [tn(p.dice, "{n} die", "{n} dice")];
  if (p.biggie) left.push(t("Biggie"));
  if (p.neutral) left.push(tn(p.neutral, "{n} neutral", "{n} neutral"));
  return h(
    "div",
    { class: `player${view.current_player === p.seat ? " on-move" : ""}`, style: `border-color:${ctx.colours[p.seat % ctx.colours.length]}` },
    h("strong", {}, ctx.names[p.seat]),
    h("div", {}, `${ctx.money(p.money)} · ${tn(p.bills, "{n} bill", "{n} bills")}`),
    h("div", { class: "hint-light" }, left.join(" + ")),
  );
}

export function render(view, ctx) {
  const rules = view.rules;
  const variants = [rules.edition === "biggie" ? t("Biggie edition") : t("classic"), rules.neutral ? t("neutral dice") : null, rules.bandit ? t("bandit") : null].filter(Boolean).join(", ");
  return h(
    "div",
    { class: "lasvegas" },
    h("div", { class: "hint-light" }, t("Las Vegas ({variants}) — round {round} of {rounds}", { variants, round: view.round, rounds: rules.rounds })),
    h("div", { class: "felt-grid" }, view.casinos.map((spot) => casino(spot, view, ctx))),
    roll(view, ctx),
    h("div", { class: "players" }, view.players.map((p) => player(p, view, ctx))),
  );
}
