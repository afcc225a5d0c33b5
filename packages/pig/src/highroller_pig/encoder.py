"""Pig for the learning adapters: scores and the turn's total as fractions of the target; two actions."""

from __future__ import annotations

from typing import Any

from highroller.core.encoder import Encoder
from highroller_pig.steps import HOLD, ROLL


class PigEncoder(Encoder):
    """Every seat's score (from the observer round the table), the turn's total, whose turn it is."""

    @property
    def observation_size(self) -> int:
        return 2 * self.players + 1

    def features(self, view: dict[str, Any], seat: int) -> list[float]:
        target = view["target"]
        scores = [min(view["scores"][(seat + offset) % self.players] / target, 1.0) for offset in range(self.players)]
        return [*scores, min(view["total"] / target, 1.0), *self.one_hot_seat(seat, view["turn"])]

    @property
    def action_names(self) -> tuple[str, ...]:
        return (str(ROLL), str(HOLD))

    def action_index(self, action: Any) -> int | None:
        return {ROLL: 0, HOLD: 1}.get(action)

    @property
    def reward_scale(self) -> float:
        return float(self.game.options["target"])

    @property
    def return_range(self) -> tuple[float, float]:
        return (0.0, 2.0)

    @property
    def max_chance_part(self) -> int:
        return 6

    @property
    def max_game_length(self) -> int:
        return 10_000
