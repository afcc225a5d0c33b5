"""Pig's bots: besides the random bot every game gets, one that holds once the turn is worth enough."""

from __future__ import annotations

from highroller.core.state import State
from highroller_pig.steps import HOLD, ROLL, Hold, Roll


class HoldAtBot:
    """Rolls until the turn's total reaches `at` (or would win), then holds."""

    def __init__(self, seed: int, at: int = 20) -> None:
        self.at = at

    def choose(self, state: State) -> Roll | Hold:
        view = state.view(state.current_player)
        enough = min(self.at, view["target"] - view["scores"][view["turn"]])
        return HOLD if view["total"] >= enough else ROLL
