"""Running a series of batch games in chunks, on one core or several.

Game i of a series always has the seed `game_seeds(series, i, 1)[0]` and every game depends only on
its seed, so the result is the same whatever the chunk size or the number of workers: the workers
play disjoint ranges of the series. An engine whose kernels release the interpreter's lock (its
`threads`) is played by threads of this process: nothing to start or load, so a series uses every
core from its second chunk on. Another engine's series is played by worker processes, whose results
meet in `.npy` files that this process creates at full size (their shapes learnt from one game) and
maps: each worker writes its range straight into them and nothing is copied or joined afterwards, so
the only work done one process at a time is starting the series. The files live in shared memory
(/dev/shm) where the system has it, not on disk, and stay mapped after their folder is removed.

`run_reduced` plays a series for a reduction of it alone: each chunk of games is reduced where it is
played (by a function such as `totals.SeriesTotals.of`, per-seat totals, or an analysis's `tally.Tally`)
and the reductions are added, so a series of any length (10⁹ games on a cluster) needs constant memory;
reductions that are exact sums (both of those) are the same however the series is split.
"""

from __future__ import annotations

import multiprocessing
import os
import shutil
import tempfile
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor, as_completed
from pathlib import Path
from typing import Any

import numpy as np

from highroller.batch.engine import BatchEngine, BatchResult, engine_at
from highroller.batch.ranges import CHUNK, Reduced, chunks, range_reduced, run_range
from highroller.batch.seeds import game_seeds
from highroller.batch.totals import SeriesTotals
from highroller.core.cpu import cores
from highroller.core.game import Game

PARALLEL_FROM = 500_000
"""Games from which a series played by worker processes uses every core unless told otherwise: below,
starting the workers (each loads the compiled kernels) costs more than they save. Threads start at once."""


def default_processes(games: int, threads: bool = False) -> int:
    """Workers for a series of `games` when nobody said: every core for a run of more than one chunk on
    an engine that threads play, or for a big run on worker processes; else one."""
    return cores() if games >= (CHUNK + 1 if threads else PARALLEL_FROM) else 1


REDUCED_RANGE = 128 * CHUNK
"""The most games a worker plays for `run_reduced` before it reports (so a long series shows progress)."""
SHARED_MEMORY = Path("/dev/shm")


def _scratch(size: int) -> str:
    """Where a series' files of `size` bytes go: shared memory if the system has it and it has room,
    else the default temporary folder. A file that outgrows its file system would crash the worker
    writing it, so a series whose results fit in neither is refused up front."""
    for folder in (SHARED_MEMORY, Path(tempfile.gettempdir())):
        if folder.is_dir() and os.access(folder, os.W_OK) and shutil.disk_usage(folder).free > size + size // 10:
            return str(folder)
    raise ValueError(
        f"the results of this series need {size / 1e9:.1f} GB and no temporary folder has room for them: play fewer "
        f"games at once"
    )


def _fill(
    engine: BatchEngine,
    game: Game,
    bots: Sequence[str],
    series: int,
    start: int,
    count: int,
    params: Sequence[Mapping[str, Any]] | None,
    arrays: Mapping[str, np.ndarray],
) -> None:
    """Play games start..start+count-1 of the series into their rows of the series' `arrays`."""
    for offset, part in chunks(engine, game, bots, series, start, count, params):
        for name, array in part.arrays().items():
            arrays[name][start + offset : start + offset + part.games] = array


def _worker(
    engine_path: str,
    game: Game,
    bots: Sequence[str],
    series: int,
    start: int,
    count: int,
    params: Sequence[Mapping[str, Any]] | None,
    folder: str,
    names: Sequence[str],
) -> None:
    """In a worker process: play games start..start+count-1 of the series into their rows of the
    series' files in `folder`."""
    files = {name: np.load(Path(folder) / f"{name}.npy", mmap_mode="r+") for name in names}
    _fill(engine_at(engine_path), game, bots, series, start, count, params, files)
    for array in files.values():
        array.flush()


def new_pool(processes: int, threads: bool = False) -> Executor:
    """Workers for a series: threads of this process for an engine that threads play (see `BatchEngine.threads`),
    else worker processes (started fresh: no state is shared with this process)."""
    if threads:
        return ThreadPoolExecutor(processes, thread_name_prefix="batch")
    return ProcessPoolExecutor(processes, mp_context=multiprocessing.get_context("spawn"))


def run_series(
    engine_path: str,
    game: Game,
    bots: Sequence[str],
    series: int,
    games: int,
    processes: int | None = 1,
    params: Sequence[Mapping[str, Any]] | None = None,
    on_chunk: Callable[[int], None] | None = None,
    pool: Executor | None = None,
    *,
    backend: str = "local",
    address: str | None = None,
) -> BatchResult:
    """Games 0..games-1 of a series on `processes` processes (the engine named by import path; None:
    `default_processes`); `pool` reuses running workers (see `new_pool`) instead of starting new ones.
    `backend="ray"` plays the series on a Ray cluster instead (`address`; none: a local Ray instance)."""
    if backend == "ray":
        from highroller.batch.ray_series import run_series_on_ray

        return run_series_on_ray(engine_path, game, bots, series, games, params, address, on_chunk, CHUNK)
    engine = engine_at(engine_path)
    processes = default_processes(games, engine.threads) if processes is None else processes
    if processes <= 1 or games <= CHUNK:
        return run_range(engine, game, bots, series, 0, games, params, on_chunk)
    probe = engine.run(game, bots, game_seeds(series, 0, 1), params)  # the arrays' shapes
    share = -(-games // processes)
    ranges = [(start, min(share, games - start)) for start in range(0, games, share)]
    executor = pool if pool is not None else new_pool(len(ranges), engine.threads)

    def wait(futures: list[Any]) -> None:
        for future, (_, count) in zip(futures, ranges):
            future.result()
            if on_chunk is not None:
                on_chunk(count)

    try:
        if engine.threads:
            arrays = {
                name: np.empty((games, *array.shape[1:]), dtype=array.dtype) for name, array in probe.arrays().items()
            }
            wait(
                [
                    executor.submit(_fill, engine, game, list(bots), series, start, count, params, arrays)
                    for start, count in ranges
                ]
            )
            return BatchResult.of_arrays(arrays)
        size = games * sum(array[0].nbytes for array in probe.arrays().values())
        with tempfile.TemporaryDirectory(
            prefix="highroller-series-", dir=_scratch(size), ignore_cleanup_errors=True
        ) as folder:
            arrays = {
                name: np.lib.format.open_memmap(
                    Path(folder) / f"{name}.npy", mode="w+", dtype=array.dtype, shape=(games, *array.shape[1:])
                )
                for name, array in probe.arrays().items()
            }
            wait(
                [
                    executor.submit(
                        _worker, engine_path, game, list(bots), series, start, count, params, folder, list(arrays)
                    )
                    for start, count in ranges
                ]
            )
    finally:
        if pool is None:
            executor.shutdown()
    return BatchResult.of_arrays(arrays)


def run_reduced(
    reduce: Callable[[BatchResult], Reduced],
    engine_path: str,
    game: Game,
    bots: Sequence[str],
    series: int,
    games: int,
    processes: int | None = 1,
    params: Sequence[Mapping[str, Any]] | None = None,
    on_chunk: Callable[[int], None] | None = None,
    *,
    backend: str = "local",
    address: str | None = None,
) -> Reduced:
    """Games 0..games-1 of a series, as `run_series` plays them, but each chunk reduced by `reduce` (a
    function importable by name, so that worker processes and Ray tasks can run it) where it is played
    and the reductions added (see the module docstring): the sum of `reduce` over the chunks."""
    if games < 1:
        raise ValueError("a series needs at least one game")
    if backend == "ray":
        from highroller.batch.ray_series import reduced_on_ray

        return reduced_on_ray(reduce, engine_path, game, bots, series, games, params, address, on_chunk, CHUNK)
    threads = engine_at(engine_path).threads
    processes = default_processes(games, threads) if processes is None else processes
    if processes <= 1 or games <= CHUNK:
        return range_reduced(reduce, engine_path, game, bots, series, 0, games, params, on_chunk)
    share = min(REDUCED_RANGE, -(-games // processes // CHUNK) * CHUNK)
    total: Reduced | None = None
    with new_pool(processes, threads) as pool:
        futures = {
            pool.submit(
                range_reduced, reduce, engine_path, game, list(bots), series, start, min(share, games - start), params
            ): min(share, games - start)
            for start in range(0, games, share)
        }
        for future in as_completed(futures):
            total = future.result() if total is None else total + future.result()
            if on_chunk is not None:
                on_chunk(futures[future])
    assert total is not None
    return total


def run_totals(
    engine_path: str,
    game: Game,
    bots: Sequence[str],
    series: int,
    games: int,
    processes: int | None = 1,
    params: Sequence[Mapping[str, Any]] | None = None,
    on_chunk: Callable[[int], None] | None = None,
    *,
    backend: str = "local",
    address: str | None = None,
) -> SeriesTotals:
    """The per-seat totals of games 0..games-1 of a series (`run_reduced` with `SeriesTotals.of`)."""
    return run_reduced(
        SeriesTotals.of,
        engine_path,
        game,
        bots,
        series,
        games,
        processes,
        params,
        on_chunk,
        backend=backend,
        address=address,
    )
