"""What an OpenSpiel player observes: the encoder's vector and the seat's view as JSON, or (with perfect
recall) the history of steps, which is the information state of these perfect-information games."""

from __future__ import annotations

import json
from typing import Any

import numpy as np

from highroller.core.encoder import Encoder


class HighrollerObserver:
    """An OpenSpiel Python observer of one game (`tensor`, `dict`, `set_from`, `string_from`)."""

    def __init__(self, encoder: Encoder, perfect_recall: bool) -> None:
        self.encoder = encoder
        self.perfect_recall = perfect_recall
        size = 0 if perfect_recall else encoder.observation_size
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: Any, player: int) -> None:
        if not self.perfect_recall:
            self.tensor[:] = self.encoder.observe(state.table.state, player)

    def string_from(self, state: Any, player: int) -> str:
        if self.perfect_recall:
            return " ".join(map(str, state.history()))
        return json.dumps(state.table.state.view(player), sort_keys=True)
