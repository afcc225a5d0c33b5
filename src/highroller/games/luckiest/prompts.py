"""What a person at a real table types at a Luckiest Dice chance step, in a language: the dice rolled.
The terminal's `input_help` (English) and the narration of every language word it from here."""

from __future__ import annotations

from highroller.core.words import Words
from highroller.games.luckiest.state import LuckiestState


def typing_help(state: LuckiestState, w: Words) -> str:
    """The faces of the roll to come."""
    example = " ".join(str(face % 6 + 1) for face in range(state.dice_left))
    return w.plural(state.dice_left, "the faces of the {n} die rolled, e.g. '{example}'", "the faces of the {n} dice rolled, e.g. '{example}'", example=example)
