"""Running a series of batch games in chunks, on one process or several.

Game i of a series always has the seed `game_seeds(series, i, 1)[0]` and every game depends only on
its seed, so the result is the same whatever the chunk size or the number of processes: the
processes play disjoint ranges of the series and the results are joined in order. A worker hands its
result back as an `.npy` file in a temporary folder rather than through the pool's pipe, which moves
large arrays several times slower.
"""

from __future__ import annotations

import multiprocessing
import tempfile
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from pathlib import Path
from typing import Any

import numpy as np

from highroller.batch.engine import BatchEngine, BatchResult
from highroller.batch.seeds import game_seeds
from highroller.core.game import Game
from highroller.core.spec import load_object

CHUNK = 8192
"""Games per kernel call: large enough to amortise the call, small enough to stay in cache."""


def run_range(
    engine: BatchEngine,
    game: Game,
    bots: Sequence[str],
    series: int,
    start: int,
    count: int,
    params: Sequence[Mapping[str, Any]] | None = None,
    on_chunk: Callable[[int], None] | None = None,
) -> BatchResult:
    """Games start..start+count-1 of the series, chunk by chunk (`on_chunk(games)` after each)."""
    parts = []
    for first in range(start, start + count, CHUNK):
        size = min(CHUNK, start + count - first)
        parts.append(engine.run(game, bots, game_seeds(series, first, size), params))
        if on_chunk is not None:
            on_chunk(size)
    return BatchResult.join(parts)


def _worker(
    engine_path: str, game: Game, bots: Sequence[str], series: int, start: int, count: int,
    params: Sequence[Mapping[str, Any]] | None, folder: str,
) -> tuple[str, list[str]]:
    """Play a range and save its arrays in `folder`: (file stem, extra array names)."""
    result = run_range(load_object(engine_path), game, bots, series, start, count, params)
    stem = str(Path(folder) / f"range-{start}")
    for name, array in (("seeds", result.seeds), ("returns", result.returns), ("wins", result.wins), *result.extra.items()):
        np.save(f"{stem}-{name}.npy", array)
    return stem, list(result.extra)


def _load(stem: str, extra: Sequence[str]) -> BatchResult:
    """A range's result saved by `_worker`."""
    arrays = {name: np.load(f"{stem}-{name}.npy") for name in ("seeds", "returns", "wins", *extra)}
    return BatchResult(arrays["seeds"], arrays["returns"], arrays["wins"], {name: arrays[name] for name in extra})


def new_pool(processes: int) -> ProcessPoolExecutor:
    """Worker processes for `run_series` (started fresh: no state is shared with this process)."""
    return ProcessPoolExecutor(processes, mp_context=multiprocessing.get_context("spawn"))


def run_series(
    engine_path: str,
    game: Game,
    bots: Sequence[str],
    series: int,
    games: int,
    processes: int = 1,
    params: Sequence[Mapping[str, Any]] | None = None,
    on_chunk: Callable[[int], None] | None = None,
    pool: Executor | None = None,
) -> BatchResult:
    """Games 0..games-1 of a series on `processes` processes (the engine named by import path);
    `pool` reuses running workers (see `new_pool`) instead of starting new ones."""
    if processes <= 1 or games <= CHUNK:
        return run_range(load_object(engine_path), game, bots, series, 0, games, params, on_chunk)
    share = -(-games // processes)
    ranges = [(start, min(share, games - start)) for start in range(0, games, share)]
    executor = pool if pool is not None else new_pool(len(ranges))
    try:
        with tempfile.TemporaryDirectory(prefix="highroller-series-") as folder:
            futures = [executor.submit(_worker, engine_path, game, list(bots), series, start, count, params, folder) for start, count in ranges]
            parts = []
            for future, (_, count) in zip(futures, ranges):
                parts.append(_load(*future.result()))
                if on_chunk is not None:
                    on_chunk(count)
    finally:
        if pool is None:
            executor.shutdown()
    return BatchResult.join(parts)
