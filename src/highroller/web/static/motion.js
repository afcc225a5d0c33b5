// Brief moves from where they happen: a board marks places with `data-anchor="name"` and a new piece
// with `data-fly-from="name"`; after a redraw the piece glides from where that place was drawn before.
// Nothing moves when the person asks for reduced motion.

const reduced = window.matchMedia ? window.matchMedia("(prefers-reduced-motion: reduce)") : null;

/** Where each anchored place of the board is drawn now (call before replacing the board). */
export function anchors(holder) {
  const places = new Map();
  for (const place of holder.querySelectorAll("[data-anchor]")) places.set(place.dataset.anchor, place.getBoundingClientRect());
  return places;
}

/** Glide every piece marked `data-fly-from` from its anchor's old place to where it is drawn now. */
export function fly(holder, before) {
  if ((reduced && reduced.matches) || !before.size) return;
  for (const piece of holder.querySelectorAll("[data-fly-from]")) {
    const from = before.get(piece.dataset.flyFrom);
    if (!from || typeof piece.animate !== "function") continue;
    const to = piece.getBoundingClientRect();
    const dx = from.left + from.width / 2 - (to.left + to.width / 2);
    const dy = from.top + from.height / 2 - (to.top + to.height / 2);
    piece.animate([{ transform: `translate(${dx}px, ${dy}px) scale(.8)`, opacity: 0.4 }, { transform: "none", opacity: 1 }], {
      duration: 420,
      easing: "ease-out",
    });
  }
}
