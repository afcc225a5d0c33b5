"""A batch series on a Ray cluster: the same ranges of the same series as local processes, as Ray tasks,
so the result is the same game for game (every game depends on its seed alone).

The cluster comes from `highroller.clusters.ray_cluster` (a local Ray instance without an address).
For `run_series` each task returns its range's arrays (about 300 bytes a game for Las Vegas), which
this process joins, so the series must fit in this machine's memory; for `run_reduced` each task
returns its range's reduction (per-seat totals for `simulate`, an analysis's tally for `analyze`: a few
numbers and histograms), so a series of any length does.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Mapping, Sequence
from functools import reduce as reduce_sum
from typing import Any, TypeVar

from highroller.batch.engine import BatchResult, engine_at
from highroller.batch.ranges import range_reduced, run_range
from highroller.clusters import ray_cluster
from highroller.core.game import Game

TASKS_PER_CPU = 4
"""Ranges per CPU of the cluster: enough that a slow worker does not hold the run up."""

Part = TypeVar("Part")


def _play_range(
    engine_path: str,
    game: Game,
    bots: Sequence[str],
    series: int,
    start: int,
    count: int,
    params: Sequence[Mapping[str, Any]] | None,
) -> BatchResult:
    return run_range(engine_at(engine_path), game, bots, series, start, count, params)


def _reduce_range(
    reduce: Callable[[BatchResult], Any],
    engine_path: str,
    game: Game,
    bots: Sequence[str],
    series: int,
    start: int,
    count: int,
    params: Sequence[Mapping[str, Any]] | None,
) -> Any:
    return range_reduced(reduce, engine_path, game, bots, series, start, count, params)


def _on_ray(
    play: Callable[..., Part],
    engine_path: str,
    game: Game,
    bots: Sequence[str],
    series: int,
    games: int,
    params: Sequence[Mapping[str, Any]] | None,
    address: str | None,
    on_chunk: Callable[[int], None] | None,
    chunk: int,
    leading: tuple[Any, ...] = (),
) -> dict[int, Part]:
    """`play(*leading, engine_path, game, bots, series, start, count, params)` over ranges of whole chunks
    of games 0..games-1 as Ray tasks: each range's part by its first game."""
    with ray_cluster(address) as ray:
        cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))
        share = max(chunk, -(-games // (cpus * TASKS_PER_CPU) // chunk) * chunk)
        task = ray.remote(play)
        pending = {
            task.remote(
                *leading, engine_path, game, list(bots), series, start, min(share, games - start), params
            ): start
            for start in range(0, games, share)
        }
        parts: dict[int, Part] = {}
        while pending:
            finished, _ = ray.wait(list(pending), num_returns=1)
            for ref in finished:
                start = pending.pop(ref)
                parts[start] = ray.get(ref)
                if on_chunk is not None:
                    on_chunk(min(share, games - start))
        return parts


def run_series_on_ray(
    engine_path: str,
    game: Game,
    bots: Sequence[str],
    series: int,
    games: int,
    params: Sequence[Mapping[str, Any]] | None,
    address: str | None,
    on_chunk: Callable[[int], None] | None,
    chunk: int,
) -> BatchResult:
    """Games 0..games-1 of a series as Ray tasks over ranges of whole chunks; `on_chunk(n)` as each finishes."""
    parts = _on_ray(_play_range, engine_path, game, bots, series, games, params, address, on_chunk, chunk)
    return BatchResult.join([parts[start] for start in sorted(parts)])


def reduced_on_ray(
    reduce: Callable[[BatchResult], Part],
    engine_path: str,
    game: Game,
    bots: Sequence[str],
    series: int,
    games: int,
    params: Sequence[Mapping[str, Any]] | None,
    address: str | None,
    on_chunk: Callable[[int], None] | None,
    chunk: int,
) -> Part:
    """The sum of `reduce` over games 0..games-1 of a series, each range reduced by its Ray task."""
    parts = _on_ray(_reduce_range, engine_path, game, bots, series, games, params, address, on_chunk, chunk, (reduce,))
    return reduce_sum(operator.add, [parts[start] for start in sorted(parts)])
