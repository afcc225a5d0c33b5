"""Pig's bots: besides the random bot every game gets, one that holds once the turn is worth enough."""

from __future__ import annotations

from highroller.core.state import State
from pig.rules import HOLD, ROLL, Hold, PigState, Roll


class HoldAtBot:
    """Rolls until the turn's total reaches `at` (or would win), then holds."""

    def __init__(self, seed: int, at: int = 20) -> None:
        self.at = at

    def choose(self, state: State) -> Roll | Hold:
        assert isinstance(state, PigState)
        enough = min(self.at, state.game.rules.target - state.scores[state.turn])
        return HOLD if state.total >= enough else ROLL
