"""Pig in the terminal: the scores, whose turn it is and the turn's total, and the advice behind `?`."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from highroller.core.state import State
from highroller_pig.state import PigState

ADVISED_HOLD = 20
"""Holding at 20 points a turn is the classic rule of thumb: it banks the most points a turn on average."""


class PigRenderer:
    """The `TextRenderer` of Pig."""

    def board(self, view: dict[str, Any], names: list[str]) -> Text:
        scores = ", ".join(f"{name} {score}" for name, score in zip(names, view["scores"], strict=True))
        rolled = "" if view["last_roll"] is None else f" Last roll: {view['last_roll']}."
        return Text(f"Pig to {view['target']}: {scores}. {names[view['turn']]}'s turn, {view['total']} so far.{rolled}")

    def advice(self, state: State, seat: int) -> str | None:
        assert isinstance(state, PigState)
        return "hold" if state.total >= min(ADVISED_HOLD, state.game.rules.target - state.scores[seat]) else "roll"


RENDERER = PigRenderer()
