// Luckiest Dice on the felt: the 14 bet cards (each with its sign — a number, a coloured shape or a
// colour — and its points apart from its name; used ones greyed, the current bet lit, the dice laid
// on them), a legend of the six faces, the last roll as the dice show it, the points at risk and
// everyone's score. Matching dice glide from the roll to their card, banked points to the player. The
// roll, the points at risk and the cards are what a player needs at a decision (`data-needed`); a phone
// shows them first, the legend after the cards. What a tutorial points at carries `data-point` (`pointed`).

import { h, s } from "/static/common.js";
import { t, tn } from "/static/i18n.js";

/**
 * A Luckiest Dice die: a number on a coloured shape, `shape` "circle", "square" or
 * "cross" filled with `colour`, the number written on it. Options: size (px), title, className.
 */
function symbolDie(number, colour, shape, { size = 36, title, className = "" } = {}) {
  const body = shape === "circle"
    ? s("circle", { cx: 20, cy: 20, r: 13.5, fill: colour })
    : shape === "square"
      ? s("rect", { x: 7.5, y: 7.5, width: 25, height: 25, rx: 2, fill: colour })
      : s("path", { d: "M15 6h10v9h9v10h-9v9H15v-9H6V15h9z", fill: colour });
  return s(
    "svg",
    { class: `die symbol ${className}`.trim(), width: size, height: size, viewBox: "0 0 40 40", role: "img", "aria-label": title || String(number) },
    title ? s("title", {}, title) : null,
    s("rect", { x: 2, y: 2, width: 36, height: 36, rx: 7, fill: "#fdfdfd", stroke: "#333", "stroke-width": 1.5 }),
    body,
    s("text", { x: 20, y: 25.5, "text-anchor": "middle", "font-size": 15, "font-weight": "bold", fill: "#fff", stroke: "#000", "stroke-width": 0.6, "paint-order": "stroke" }, String(number)),
  );
}

const COLOURS = { blue: "#1f5fbf", red: "#c62f22", orange: "#c45f00" };
const GREY = "#555";

/** The words of the cards, colours and shapes in the page's language. */
function word(id) {
  const words = { odd: t("odd"), even: t("even"), circle: t("circle"), square: t("square"), cross: t("cross"), blue: t("blue"), red: t("red"), orange: t("orange") };
  return words[id] ?? id;
}

function faceOf(number, view) {
  return view.rules.faces.find((f) => f.number === number) || { number, colour: "", shape: "" };
}

function faceWords(face) {
  return t("{number} {colour} {shape}", { number: face.number, colour: word(face.colour), shape: word(face.shape) });
}

function faceDie(number, view, size = 34) {
  const face = faceOf(number, view);
  return symbolDie(number, COLOURS[face.colour] || GREY, face.shape || "square", { size, title: t("die: {face}", { face: faceWords(face) }) });
}

/** A card's name in the page's language: "odd", "number 3", "blue"... */
function cardName(c) {
  const number = c.card.match(/^number(\d)$/);
  return number ? t("number {n}", { n: number[1] }) : word(c.card);
}

/** The card's sign, as on the printed card: the number, the shape, a swatch of the colour, or odd/even pips. */
function cardSign(c) {
  const number = c.card.match(/^number(\d)$/);
  if (number) return symbolDie(Number(number[1]), GREY, "square", { size: 26, title: cardName(c) });
  if (["circle", "square", "cross"].includes(c.card)) return symbolDie("", GREY, c.card, { size: 26, title: cardName(c) });
  if (COLOURS[c.card]) return symbolDie("", COLOURS[c.card], "square", { size: 26, title: cardName(c) });
  return h("span", { class: "parity", "aria-hidden": "true" }, c.card === "odd" ? "1 3 5" : "2 4 6");
}

function card(c, index, view, ctx) {
  const before = ctx.previous ? ctx.previous.cards.find((p) => p.card === c.card) : null;
  const landed = before && c.dice.length > before.dice.length;
  const classes = ["card", c.used ? "used" : "", view.bet === c.card ? "bet" : ""].filter(Boolean).join(" ");
  const state = c.used ? t("used this turn") : view.bet === c.card ? t("the current bet") : null;
  return h(
    "div",
    { class: classes, "data-card": c.card, "data-point": `card-${index}`, "data-action": JSON.stringify({ bet: c.card }), "aria-label": [cardName(c), tn(c.points, "{n} point a die", "{n} points a die"), state].filter(Boolean).join(", ") },
    h("div", { class: "card-head" }, cardSign(c), h("strong", {}, cardName(c)), h("span", { class: "badge" }, tn(c.points, "{n} pt", "{n} pts"))),
    h("div", { class: "chips", "data-fly-from": landed ? "roll" : null }, c.dice.map((d) => faceDie(d, view, 20))),
  );
}

function legend(view) {
  return h("div", { class: "legend", "data-point": "faces", "aria-label": t("The faces of the dice") },
    h("span", { class: "hint-light" }, t("Faces:")),
    view.rules.faces.map((face) => h("span", { class: "legend-face" }, faceDie(face.number, view, 24), " ", t("{colour} {shape}", { colour: word(face.colour), shape: word(face.shape) }))));
}

function scores(view, ctx) {
  return view.totals.map((total, seat) => {
    const gained = ctx.previous && total > ctx.previous.totals[seat];
    return h(
      "div",
      {
        class: `player${view.current_player === seat ? " on-move" : ""}${gained ? " gained" : ""}`,
        style: `border-color:${ctx.colours[seat % ctx.colours.length]}`,
        "data-point": `player-${seat}`,
        "data-fly-from": gained ? "points" : null,
      },
      h("strong", {}, ctx.names[seat]),
      h("div", {}, tn(total, "{n} point", "{n} points")),
      h("div", { class: "hint-light" }, view.scores[seat].length ? t("rounds: {scores}", { scores: view.scores[seat].join(", ") }) : t("no rounds yet")),
    );
  });
}

export function render(view, ctx) {
  const who = ctx.names[view.turn] ?? "";
  return h(
    "div",
    { class: "luckiest" },
    h("div", { class: "hint-light ld-title" }, t("Luckiest Dice — round {round} of {rounds}", { round: view.round, rounds: view.rules.rounds })),
    legend(view),
    h("div", { class: "felt-grid cards", "data-needed": "" }, view.cards.map((c, index) => card(c, index, view, ctx))),
    h(
      "div",
      { class: "roll", "data-anchor": "roll", "data-point": "roll", "data-needed": "" },
      h("strong", {}, view.last_roll ? t("{name} rolled:", { name: who }) : t("{name} to roll:", { name: who })),
      " ",
      view.last_roll ? view.last_roll.map((d) => faceDie(d, view)) : h("span", { class: "muted" }, t("no roll yet")),
    ),
    h("p", { class: "at-risk", "data-anchor": "points", "data-point": "risk", "data-needed": "" }, [
      tn(view.points, "{name}: {n} point at risk", "{name}: {n} points at risk", { name: who }),
      tn(view.dice_left, "{n} die left", "{n} dice left"),
      tn(view.rolls, "{n} roll", "{n} rolls"),
    ].join(" · ")),
    h("div", { class: "players" }, scores(view, ctx)),
  );
}

/**
 * The elements a tutorial's board target names, as a CSS selector: a bet card (`index` 0-13, in the
 * cards' order), the last roll, the points at risk, a seat's score, the legend of the faces; null for
 * a kind this board does not draw.
 */
export function pointed(point) {
  switch (point.kind) {
    case "card":
      return `[data-point="card-${point.index}"]`;
    case "player":
      return `[data-point="player-${point.seat}"]`;
    case "roll":
    case "risk":
    case "faces":
      return `[data-point="${point.kind}"]`;
    default:
      return null;
  }
}
