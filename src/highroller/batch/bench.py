"""Measuring a batch engine: games per second on one process and on several, and memory per game.

Wall-clock time (`time.perf_counter`), like the step-API benchmark, random bots at every seat. A
measurement first plays a short warm-up chunk (compiling or loading the compiled kernel), then whole
chunks until the time is up. The scaling rows play a whole series on 1, 2, ... processes (each
process a share, see `runner`), results returned as `simulate` gets them, each series played once
untimed first so that workers are started and warm and the results' memory has been touched.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from typing import Any

from highroller.batch.engine import BatchEngine
from highroller.batch.runner import CHUNK, new_pool, run_range, run_series
from highroller.core.game import Game
from highroller.core.spec import GameSpec, load_object


def batch_rate(engine: BatchEngine, game: Game, seconds: float) -> tuple[int, float]:
    """(games, games/s) of random play on this process."""
    bots = ["random"] * game.num_players
    run_range(engine, game, bots, 0, 0, 64)
    games = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        run_range(engine, game, bots, 1, games, CHUNK)
        games += CHUNK
    return games, games / (time.perf_counter() - started)


def series_rate(spec: GameSpec, game: Game, games: int, processes: int) -> float:
    """Games/s of a series of `games` random games on `processes` warmed-up processes, results returned
    as `simulate` gets them. The same series is first played once untimed: besides warming up the
    workers, it touches the memory the results take, which a virtual machine may back only on first
    use (about 2 ns a byte here, as much as playing the games)."""
    bots = ["random"] * game.num_players
    with new_pool(processes) as pool:
        run_series(spec.batch, game, bots, 3, games, processes, pool=pool)
        started = time.perf_counter()
        run_series(spec.batch, game, bots, 2, games, processes, pool=pool)
        return games / (time.perf_counter() - started)


def batch_rows(spec: GameSpec, step_rates: Mapping[str, float], seconds: float) -> list[tuple[str, str, str, str, str]]:
    """(configuration, step games/s, batch games/s, ratio, bytes per game) per bench configuration."""
    engine: BatchEngine = load_object(spec.batch)
    rows = []
    for label, options in spec.bench_configs:
        game = spec.make(**options)
        _, rate = batch_rate(engine, game, seconds)
        step = step_rates[label]
        rows.append((label, f"{step:,.0f}", f"{rate:,.0f}", f"{rate / step:,.0f}×", f"{engine.bytes_per_game(game):,}"))
    return rows


def scaling_rows(spec: GameSpec, options: Mapping[str, Any], seconds: float, processes: int) -> list[tuple[str, str]]:
    """Games/s of the first bench configuration on 1..`processes` processes (the same games per
    process, about `seconds` of play each), each a whole series with its results."""
    engine: BatchEngine = load_object(spec.batch)
    game = spec.make(**options)
    _, rate = batch_rate(engine, game, min(seconds, 1.0))
    games = max(CHUNK, int(rate * seconds))
    rows = []
    single = 0.0
    for count in range(1, processes + 1):
        rate = series_rate(spec, game, games * count, count)
        single = single or rate
        rows.append((f"{count} process{'es' if count > 1 else ''}, {games * count:,} games", f"{rate:,.0f} games/s ({rate / single:.2f}× one process)"))
    return rows
