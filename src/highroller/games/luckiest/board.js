// Luckiest Dice on the felt: the bet cards (used ones faded, the current bet lit, matched dice on
// them), the last roll in the dice's own colours and shapes, the points at risk and everyone's score.

import { h } from "/static/common.js";
import { die } from "/static/dice.js";

const COLOURS = { blue: "#2f6fd6", red: "#d33a2c", orange: "#f08a1c" };

function faceDie(number, view, size = 34) {
  const face = view.rules.faces.find((f) => f.number === number) || { colour: "", shape: "" };
  return die(number, { size, fill: "#fff", ink: COLOURS[face.colour] || "#222", shape: face.shape, title: `${number} ${face.colour} ${face.shape}`.trim() });
}

function card(c, view) {
  const classes = ["card", c.used ? "used" : "", view.bet === c.card ? "bet" : ""].join(" ");
  return h(
    "div",
    { class: classes, "data-card": c.card, "data-action": JSON.stringify({ bet: c.card }) },
    h("span", { class: "points" }, `${c.points}`),
    h("strong", {}, c.label),
    h("div", { class: "chips" }, c.dice.map((d) => faceDie(d, view, 20))),
  );
}

function scores(view, ctx) {
  return view.totals.map((total, seat) =>
    h(
      "div",
      { class: `player${view.current_player === seat ? " on-move" : ""}`, style: `border-color:${ctx.colours[seat % ctx.colours.length]}` },
      h("strong", {}, ctx.names[seat]),
      h("div", {}, `${total} points`),
      h("div", { class: "hint-light" }, view.scores[seat].length ? `rounds: ${view.scores[seat].join(", ")}` : "no rounds yet"),
    ),
  );
}

export function render(view, ctx) {
  const who = ctx.names[view.turn] ?? "";
  return h(
    "div",
    { class: "luckiest" },
    h("div", { class: "hint-light" }, `Luckiest Dice — round ${view.round} of ${view.rules.rounds}`),
    h("div", { class: "felt-grid cards" }, view.cards.map((c) => card(c, view))),
    h(
      "div",
      { class: "roll" },
      h("strong", {}, view.last_roll ? `${who} rolled: ` : `${who} to roll: `),
      view.last_roll ? view.last_roll.map((d) => faceDie(d, view)) : h("span", { class: "muted" }, "no roll yet"),
    ),
    h("p", {}, `${who}: ${view.points} points at risk · ${view.dice_left} dice left · ${view.rolls} roll${view.rolls === 1 ? "" : "s"}`),
    h("div", { class: "players" }, scores(view, ctx)),
  );
}
