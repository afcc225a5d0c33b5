"""A batch series on a Ray cluster: the same ranges of the same series as local processes, as Ray tasks,
so the result is the same game for game (every game depends on its seed alone).

The cluster comes from `highroller.clusters.ray_cluster` (a local Ray instance without an address). Each task returns its range's arrays (about 300
bytes a game for Las Vegas), which this process joins: a series must fit in this machine's memory.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from highroller.batch.engine import BatchResult
from highroller.clusters import ray_cluster
from highroller.core.game import Game
from highroller.core.spec import load_object

TASKS_PER_CPU = 4
"""Ranges per CPU of the cluster: enough that a slow worker does not hold the run up."""


def _play_range(
    engine_path: str, game: Game, bots: Sequence[str], series: int, start: int, count: int, params: Sequence[Mapping[str, Any]] | None,
) -> BatchResult:
    from highroller.batch.runner import run_range

    return run_range(load_object(engine_path), game, bots, series, start, count, params)


def run_series_on_ray(
    engine_path: str, game: Game, bots: Sequence[str], series: int, games: int, params: Sequence[Mapping[str, Any]] | None,
    address: str | None, on_chunk: Callable[[int], None] | None, chunk: int,
) -> BatchResult:
    """Games 0..games-1 of a series as Ray tasks over ranges of whole chunks; `on_chunk(n)` as each finishes."""
    with ray_cluster(address) as ray:
        cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))
        share = max(chunk, -(-games // (cpus * TASKS_PER_CPU) // chunk) * chunk)
        task = ray.remote(_play_range)
        pending = {task.remote(engine_path, game, list(bots), series, start, min(share, games - start), params): start for start in range(0, games, share)}
        parts: dict[int, BatchResult] = {}
        while pending:
            finished, _ = ray.wait(list(pending), num_returns=1)
            for ref in finished:
                part: BatchResult = ray.get(ref)
                parts[pending.pop(ref)] = part
                if on_chunk is not None:
                    on_chunk(part.games)
        return BatchResult.join([parts[start] for start in sorted(parts)])
