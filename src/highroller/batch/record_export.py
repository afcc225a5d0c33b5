"""Ordinary game records from a batch: a compiled kernel's step log read as record JSON, and a game's
traced steps replayed through the step engine.

A kernel that logs writes each game's steps as rows of a log array, and counts them (past the log's
end, if it runs out of room); `logged_steps` plays the games and reads every game's rows with the
game's own reader of a row. The step engine checks every step as it applies it and writes the
events, so an exported record is exactly what `state.record()` would have written for the same game,
and `highroller.replay` replays it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy as np

from highroller.batch.engine import BatchEngine, BotChoice
from highroller.core.game import Game
from highroller.core.record_header import FORMAT, VERSION
from highroller.replaying import replay

TRACE_GAMES = 256
"""Games a kernel plays at once while logging (bounds the log's memory)."""

LoggedPlay = Callable[[np.ndarray, int], tuple[np.ndarray, np.ndarray]]
"""`play(seeds, room)`: play one game per seed with room for `room` log rows each; returns how many
steps each game logged, and the log [games, room, row width]."""


def logged_steps(
    play: LoggedPlay, seeds: np.ndarray, room: int, step_json: Callable[[np.ndarray], dict[str, Any]]
) -> list[list[dict[str, Any]]]:
    """Each game's steps as record JSON (`step_json` of each of its log rows), the games played
    TRACE_GAMES at a time; a game that logged more steps than it had room for is played again with
    room for them all."""
    steps: list[list[dict[str, Any]]] = []
    for first in range(0, len(seeds), TRACE_GAMES):
        chunk = seeds[first : first + TRACE_GAMES]
        sizes, log = play(chunk, room)
        rows = [log[g, :n] for g, n in enumerate(sizes)]
        longer = np.flatnonzero(sizes > room)
        if longer.size:
            _, again = play(chunk[longer], int(sizes.max()))
            for k, g in enumerate(longer):
                rows[g] = again[k, : sizes[g]]
        steps += [[step_json(row) for row in game] for game in rows]
    return steps


def record_of_steps(game: Game, seed: int, steps: list[dict[str, Any]]) -> dict[str, Any]:
    """The full record (events and result included) of the game with this seed and these steps."""
    bare = {
        "format": FORMAT,
        "version": VERSION,
        "game": game.name,
        "options": game.options,
        "seed": seed,
        "steps": steps,
    }
    return replay(bare).record()


def export_records(
    engine: BatchEngine,
    game: Game,
    bots: Sequence[BotChoice],
    seeds: np.ndarray,
    params: Sequence[Mapping[str, Any]] | None = None,
) -> list[dict[str, Any]]:
    """One record per seed, for the games the engine plays with these bots."""
    traces = engine.trace(game, bots, seeds, params)
    return [record_of_steps(game, int(seed), steps) for seed, steps in zip(seeds, traces)]
