"""What a person at a real table types at a Las Vegas chance step, in a language: the bills drawn for a
casino, or the dice of a roll. The terminal's `input_help` (English) and the narration of every language
word it from here; kept apart from the narration so that the compiled kernels' sources do not include it."""

from __future__ import annotations

from highroller.core.words import Words
from highroller.games.lasvegas.state import STOCK, LasVegasState


def typing_help(state: LasVegasState, w: Words) -> str:
    """The bills drawn for the casino being stocked, or the faces of the roll to come."""
    if state.phase == STOCK:
        return w("bills drawn for casino {number}, e.g. '60000' or '20k 30k'", number=state.stocking + 1)
    own, big, neutral = state.roll_sizes()
    parts = [w.plural(own, "{n} own die", "{n} own dice")] if own else []
    if big:
        parts.append(w("the Biggie"))
    if neutral:
        parts.append(w.plural(neutral, "{n} neutral die", "{n} neutral dice"))
    example = " ".join(["3"] * min(own, 3) + (["b6"] if big else []) + (["n2"] * min(neutral, 2)))
    return w("the faces of {dice}, e.g. '{example}' (b = Biggie, n = neutral)", dice=", ".join(parts) or w("no dice"), example=example)
