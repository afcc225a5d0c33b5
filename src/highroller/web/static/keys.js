// Keyboard keys for the choices: 1–9, then 0, then a–z, given in the order the choices are offered and
// kept for the same choice through a whole turn, so a key never changes meaning while a person
// plays (a key once given to a choice that is gone is not given to another until the turn ends).

const KEYS = "1234567890abcdefghijklmnopqrstuvwxyz";

/** The keys of one page: `follow(actions, mover)` with each offer of choices (an empty offer, or
another seat on move, ends the turn), `keyOf(action)` the key shown on a choice, `actionOf(key)` the
choice a key plays now. */
export function choiceKeys() {
  let given = new Map();
  let offered = new Set();
  let turn = null;
  return {
    follow(actions, mover) {
      if (!actions.length || mover !== turn) {
        turn = actions.length ? mover : null;
        given = new Map();
        offered = new Set();
        if (!actions.length) return;
      }
      offered = new Set(actions.map((action) => JSON.stringify(action)));
      const used = new Set(given.values());
      for (const id of offered) {
        if (given.has(id)) continue;
        const free = [...KEYS].find((key) => !used.has(key));
        if (free === undefined) continue;
        given.set(id, free);
        used.add(free);
      }
    },
    keyOf(action) {
      const id = JSON.stringify(action);
      return offered.has(id) ? given.get(id) || null : null;
    },
    actionOf(key) {
      for (const [id, each] of given) if (each === key && offered.has(id)) return JSON.parse(id);
      return undefined;
    },
  };
}
