// Pig at the table: the die as it last fell (click it to roll again), the turn's points at risk (click
// them to hold) and each player's score on the way to the target. What a tutorial can point at is marked
// with data-point, and pointed(point) finds it.

import { h } from "/static/common.js";
import { die } from "/static/dice.js";
import { t, tn } from "/static/i18n.js";

function lastRoll(view) {
  if (view.last_roll === null) return die(0, { size: 56, label: "?", title: t("no roll yet") });
  return die(view.last_roll, { size: 56, fill: view.last_roll === 1 ? "#f2a0a0" : "#fdfdfd", title: t("last roll: {face}", { face: view.last_roll }) });
}

function players(view, ctx) {
  return view.scores.map((score, seat) => h(
    "div",
    { class: `player${view.turn === seat ? " on-move" : ""}`, "data-point": `player-${seat}`, style: `border-color:${ctx.colours[seat % ctx.colours.length]}` },
    h("strong", {}, ctx.names[seat]),
    h("div", {}, tn(score, "{n} point", "{n} points")),
    h("progress", { max: view.target, value: Math.min(score, view.target), "aria-label": t("{name}: {score} of {target}", { name: ctx.names[seat], score, target: view.target }) }),
  ));
}

export function render(view, ctx) {
  const who = ctx.names[view.turn] ?? "";
  return h(
    "div",
    { class: "pig" },
    h("div", { class: "hint-light" }, t("Pig to {target} points", { target: view.target })),
    h(
      "div",
      { class: "pig-table" },
      h("div", { class: "pig-die", "data-point": "die", "data-action": JSON.stringify("roll"), "aria-label": t("roll the die") }, lastRoll(view)),
      h(
        "div",
        { class: "pig-pot", "data-point": "pot", "data-action": JSON.stringify("hold"), "aria-label": t("hold the turn's points") },
        h("strong", {}, tn(view.total, "{n} point", "{n} points")),
        h("div", { class: "hint-light" }, t("{name}'s turn", { name: who })),
      ),
    ),
    h("div", { class: "players" }, players(view, ctx)),
  );
}

// The elements a tutorial's board target stands for (tutorial_claims.py declares the kinds), as a CSS
// selector; null for a kind the board does not draw.
export function pointed(point) {
  if (point.kind === "die") return '[data-point="die"]';
  if (point.kind === "pot") return '[data-point="pot"]';
  if (point.kind === "player") return `[data-point="player-${point.seat}"]`;
  return null;
}
