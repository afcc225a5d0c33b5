"""What a person types at a Pig table: "roll" or "hold" (or their first letter, or the choice's
number), and at a roll the face the real die shows, 1 to 6."""

from __future__ import annotations

from highroller.core.state import CHANCE, Step
from highroller.core.typed_input import TypedRefusal, by_number
from highroller.core.words import Words
from highroller_pig.state import PigState
from highroller_pig.steps import FACES, HOLD, ROLL

_ECHOED = 20
"""What a person typed is repeated in a refusal up to this many characters."""


class PigTyped:
    """The `TypedInput` of Pig."""

    def parse(self, state: PigState, text: str) -> Step:
        word = text.strip().lower()
        if state.current_player == CHANCE:
            if word in {"1", "2", "3", "4", "5", "6"}:
                return FACES[int(word) - 1]
            shown = text.strip()[:_ECHOED]
            raise TypedRefusal(
                lambda w: w(
                    "'{text}' is not a face of the die; type {expected}", text=shown, expected=self.help(state, w)
                )
            )
        if word in ("r", "roll"):
            return ROLL
        if word in ("h", "hold"):
            return HOLD
        return by_number(state, word)

    def help(self, state: PigState, words: Words) -> str:
        w = words
        if state.current_player == CHANCE:
            return w("the face the die shows, 1 to 6")
        return w("roll or hold")


TYPED = PigTyped()
