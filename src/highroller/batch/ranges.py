"""Playing one range of a series' games, chunk by chunk, on the calling process: what every way of running
a series (`highroller.batch.runner`'s threads and worker processes, `highroller.batch.ray_series`'s cluster)
does with the range it is given. Game i of a series always has the seed `game_seeds(series, i, 1)[0]`."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, Protocol, TypeVar

from highroller.batch.engine import BatchEngine, BatchResult, engine_at
from highroller.batch.seeds import game_seeds
from highroller.core.game import Game

CHUNK = 8192
"""Games per kernel call: large enough to amortise the call, small enough to stay in cache."""


class Addable(Protocol):
    """A reduction of some games: reductions of disjoint games add up to the reduction of them all."""

    def __add__(self, other: Any, /) -> Any: ...


Reduced = TypeVar("Reduced", bound=Addable)


def chunks(
    engine: BatchEngine,
    game: Game,
    bots: Sequence[str],
    series: int,
    start: int,
    count: int,
    params: Sequence[Mapping[str, Any]] | None,
) -> Iterator[tuple[int, BatchResult]]:
    """Games start..start+count-1 of the series, chunk by chunk: (offset in the range, result)."""
    for first in range(start, start + count, CHUNK):
        size = min(CHUNK, start + count - first)
        yield first - start, engine.run(game, bots, game_seeds(series, first, size), params)


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
    for _, part in chunks(engine, game, bots, series, start, count, params):
        parts.append(part)
        if on_chunk is not None:
            on_chunk(part.games)
    return BatchResult.join(parts)


def range_reduced(
    reduce: Callable[[BatchResult], Reduced],
    engine_path: str,
    game: Game,
    bots: Sequence[str],
    series: int,
    start: int,
    count: int,
    params: Sequence[Mapping[str, Any]] | None = None,
    on_chunk: Callable[[int], None] | None = None,
) -> Reduced:
    """Games start..start+count-1 of the series (at least one), each chunk reduced by `reduce` and the
    reductions added (`on_chunk(games)` after each chunk)."""
    total: Reduced | None = None
    for _, part in chunks(engine_at(engine_path), game, bots, series, start, count, params):
        reduced = reduce(part)
        total = reduced if total is None else total + reduced
        if on_chunk is not None:
            on_chunk(part.games)
    if total is None:
        raise ValueError("a reduced range needs at least one game")
    return total
