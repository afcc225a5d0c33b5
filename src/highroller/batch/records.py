"""Ordinary game records from a batch: a game's traced steps replayed through the step engine.

The step engine checks every step as it applies it and writes the events, so an exported record is
exactly what `state.record()` would have written for the same game, and `highroller.replay` replays it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from highroller.batch.engine import BatchEngine, BotChoice
from highroller.core.game import Game
from highroller.core.record import FORMAT, VERSION
from highroller.records import replay


def record_of_steps(game: Game, seed: int, steps: list[dict[str, Any]]) -> dict[str, Any]:
    """The full record (events and result included) of the game with this seed and these steps."""
    bare = {"format": FORMAT, "version": VERSION, "game": game.name, "options": game.options, "seed": seed, "steps": steps}
    return replay(bare).record()


def export_records(
    engine: BatchEngine, game: Game, bots: Sequence[BotChoice], seeds: np.ndarray, params: Sequence[Mapping[str, Any]] | None = None
) -> list[dict[str, Any]]:
    """One record per seed, for the games the engine plays with these bots."""
    traces = engine.trace(game, bots, seeds, params)
    return [record_of_steps(game, int(seed), steps) for seed, steps in zip(seeds, traces)]
