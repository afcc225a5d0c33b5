// SVG dice for every game: pips, a colour, a size; an optional label instead of pips.

import { s } from "/static/common.js";
import { t } from "/static/i18n.js";

const PIPS = {
  1: [[2, 2]],
  2: [[1, 1], [3, 3]],
  3: [[1, 1], [2, 2], [3, 3]],
  4: [[1, 1], [3, 1], [1, 3], [3, 3]],
  5: [[1, 1], [3, 1], [2, 2], [1, 3], [3, 3]],
  6: [[1, 1], [3, 1], [1, 2], [3, 2], [1, 3], [3, 3]],
};

/** Text colour that reads on `fill` (dark on light colours). */
export function inkFor(fill) {
  const hex = fill.replace("#", "");
  if (hex.length !== 6) return "#222";
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return r * 0.3 + g * 0.59 + b * 0.11 > 150 ? "#222" : "#fff";
}

/**
 * One die as an <svg>: `face` 1-6 shows pips; `label` (e.g. "J") is written instead.
 * Options: size (px), fill, ink, title, className, shape ("circle"|"square"|"cross" marks a corner).
 */
export function die(face, { size = 36, fill = "#fdfdfd", ink, label, title, className = "", shape } = {}) {
  const pip = ink || inkFor(fill);
  const parts = [s("rect", { x: 2, y: 2, width: 36, height: 36, rx: 7, fill, stroke: "#333", "stroke-width": 1.5 })];
  if (label !== undefined) {
    parts.push(s("text", { x: 20, y: 27, "text-anchor": "middle", "font-size": 20, "font-weight": "bold", fill: pip }, label));
  } else if (PIPS[face]) {
    for (const [col, row] of PIPS[face]) parts.push(s("circle", { cx: col * 10, cy: row * 10, r: 3.6, fill: pip }));
  }
  if (shape) parts.push(shapeMark(shape, pip));
  return s(
    "svg",
    { class: `die ${className}`.trim(), width: size, height: size, viewBox: "0 0 40 40", role: "img", "aria-label": title || (label ?? t("die {face}", { face })) },
    title ? s("title", {}, title) : null,
    parts,
  );
}

function shapeMark(shape, ink) {
  const attrs = { fill: "none", stroke: ink, "stroke-width": 1.6 };
  if (shape === "circle") return s("circle", { cx: 33, cy: 7, r: 3.5, ...attrs });
  if (shape === "square") return s("rect", { x: 29.5, y: 3.5, width: 7, height: 7, ...attrs });
  return s("path", { d: "M29.5 3.5 L36.5 10.5 M36.5 3.5 L29.5 10.5", ...attrs });
}
