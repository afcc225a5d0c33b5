"""The fast policy search playouts use: mostly the greedy immediate gain, sometimes a random move.

It is the `greedy` bot's rule with a cheaper tie-break (the first of equals rather than a random one)
and an `epsilon` share of random moves, so playouts stay varied without becoming foolish.
"""

from __future__ import annotations

import random

from highroller.games.lasvegas.bots import placement_gain
from highroller.games.lasvegas.state import LasVegasState
from highroller.games.lasvegas.steps import Place


class RolloutPolicy:
    """Epsilon-greedy on `placement_gain`, fewer dice spent breaking ties; draws from the given `rng`."""

    def __init__(self, rng: random.Random, epsilon: float) -> None:
        self._rng = rng
        self.epsilon = epsilon

    def choose(self, state: LasVegasState) -> Place:
        legal = state.legal
        if len(legal) == 1:
            return legal[0]
        rng = self._rng
        if rng.random() < self.epsilon:
            return legal[rng.randrange(len(legal))]
        roll = state.roll
        assert roll is not None
        best = legal[0]
        best_key = (placement_gain(state, best), -roll.face_total(best.face))
        for action in legal[1:]:
            key = (placement_gain(state, action), -roll.face_total(action.face))
            if key > best_key:
                best, best_key = action, key
        return best
