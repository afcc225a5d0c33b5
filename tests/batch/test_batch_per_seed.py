"""Every batch engine plays a game from its seed alone: the same seeds give the same results and the
same traced steps, game by game, in one batch, in batches of other sizes and in other orders."""

from __future__ import annotations

import numpy as np
import pytest

import highroller as hr
from highroller.batch.engine import BatchEngine, BatchResult, find_engine
from highroller.batch.seeds import game_seeds

CASES = [
    ("lasvegas", {"players": 4, "edition": "biggie", "neutral": True}, ["random", "greedy", "random", "greedy"]),
    ("lastchance", {"players": 4}, ["random", "odds", "bidder", "random"]),
    ("luckiest", {"players": 3}, ["random", "cautious", "optimal"]),
    ("luckiest", {"players": 2, "rounds": 3}, ["optimal-win", "random"]),
]
GAMES = 60
IDS = [f"{name}-{'-'.join(bots)}" for name, _, bots in CASES]
SIZES = [(1, 7, 52), (13, 13, 13, 21), (59, 1)]
"""Ways to cut the seeds into consecutive batches."""


def _engine(name: str) -> BatchEngine:
    engine = find_engine(hr.game_spec(name))
    assert engine is not None
    return engine


def _assert_same(one: BatchResult, other: BatchResult) -> None:
    for name, array in one.arrays().items():
        assert np.array_equal(array, other.arrays()[name]), name


def _cut(seeds: np.ndarray, sizes: tuple[int, ...]) -> list[np.ndarray]:
    ends = np.cumsum(sizes)
    return [seeds[end - size : end] for size, end in zip(sizes, ends)]


@pytest.mark.parametrize(("name", "options", "bots"), CASES, ids=IDS)
def test_results_depend_on_the_seed_alone(name: str, options: dict, bots: list[str]) -> None:
    engine, game = _engine(name), hr.make(name, **options)
    seeds = game_seeds(12, 0, GAMES)
    whole = engine.run(game, bots, seeds)
    for sizes in SIZES:
        _assert_same(BatchResult.join([engine.run(game, bots, part) for part in _cut(seeds, sizes)]), whole)
    order = np.random.default_rng(1).permutation(GAMES)
    shuffled = engine.run(game, bots, seeds[order])
    _assert_same(shuffled, BatchResult.of_arrays({name: array[order] for name, array in whole.arrays().items()}))
    alone = engine.run(game, bots, seeds[[17]])
    _assert_same(alone, BatchResult.of_arrays({name: array[[17]] for name, array in whole.arrays().items()}))


@pytest.mark.parametrize(("name", "options", "bots"), CASES, ids=IDS)
def test_traced_steps_depend_on_the_seed_alone(name: str, options: dict, bots: list[str]) -> None:
    engine, game = _engine(name), hr.make(name, **options)
    seeds = game_seeds(13, 0, 12)
    whole = engine.trace(game, bots, seeds)
    assert engine.trace(game, bots, seeds[::-1]) == whole[::-1]
    assert engine.trace(game, bots, seeds[5:8]) == whole[5:8]
