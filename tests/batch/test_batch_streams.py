"""One SplitMix64 for every engine: the compiled kernels draw `highroller.core.rng`'s values, a NumPy
engine's streams draw exactly what a kernel's stream draws, and game seeds and first seats in bulk are
the core's, one game at a time."""

from __future__ import annotations

import numba
import numpy as np
import pytest

import highroller as hr
from highroller.batch.rng import below_in
from highroller.batch.seeds import Streams, first_players, game_seeds, stream_keys
from highroller.core.rng import GOLDEN, derive_seed, draw64, mix64, stream_key

WORDS = np.array([0, 1, 7, 2**63 - 1, 2**63, 2**64 - 1, 0x9E3779B97F4A7C15], dtype=np.uint64)


@numba.njit(cache=True)
def _compiled_words(words: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    mixed = np.empty_like(words)
    drawn = np.empty_like(words)
    for i in range(words.size):
        mixed[i] = mix64(words[i])
        drawn[i] = draw64(words[i], np.uint64(i))
    return mixed, drawn


@numba.njit(cache=True)
def _compiled_below(keys: np.ndarray, bounds: np.ndarray, times: int) -> tuple[np.ndarray, np.ndarray]:
    values = np.empty((times, keys.size), dtype=np.int64)
    counters = np.zeros(keys.size, dtype=np.int64)
    for t in range(times):
        for g in range(keys.size):
            values[t, g], counters[g] = below_in(keys[g], counters[g], bounds[g])
    return values, counters


@numba.njit(cache=True)
def _high_halves(key: np.uint64, times: int) -> np.ndarray:
    """A kernel's draws below 2**32 (no rejection there: each is its draw's high half)."""
    out = np.empty(times, dtype=np.int64)
    counter = np.int64(0)
    for i in range(times):
        out[i], counter = below_in(key, counter, np.int64(1 << 32))
    return out


def test_compiled_draws_are_the_cores() -> None:
    mixed, drawn = _compiled_words(WORDS)
    assert mixed.tolist() == [mix64(int(w)) for w in WORDS]
    assert drawn.tolist() == [draw64(int(w), i) for i, w in enumerate(WORDS)]


def test_a_kernels_stream_is_the_cores() -> None:
    key = stream_key(99)
    assert _high_halves(np.uint64(key), 100).tolist() == [draw64(key, n) >> 32 for n in range(100)]


def test_numpy_streams_draw_what_a_kernel_draws() -> None:
    """Bounds with rejections (6**12, 3e9) and without (1, 2**32) included."""
    seeds = game_seeds(3, 0, 8)
    bounds = np.array([1, 2, 6, 7, 6**12, 3_000_000_001, 2**32, 11], dtype=np.int64)
    compiled, counters = _compiled_below(stream_keys(seeds), bounds, 300)
    streams = Streams(seeds)
    games = np.arange(seeds.size)
    assert np.array_equal(np.array([streams.below(games, bounds) for _ in range(300)]), compiled)
    assert streams.counters.tolist() == counters.tolist()
    assert np.all(counters[bounds == 6**12] > 300)  # some draws were rejected and drawn again


def test_a_streams_draws_do_not_depend_on_the_others() -> None:
    seeds = game_seeds(5, 0, 6)
    together, alone = Streams(seeds), Streams(seeds[[4]])
    drawn = [together.below(np.arange(6), np.full(6, 6**12))[4] for _ in range(50)]
    assert drawn == [alone.below(np.array([0]), np.array([6**12]))[0] for _ in range(50)]


def test_seeds_and_keys_in_bulk_are_the_cores() -> None:
    assert game_seeds(0, 0, 3).tolist() == [8147104208329303767, 3980143261097177850, 243808509735772839]
    assert game_seeds(7, 1000, 2).tolist() == [derive_seed(7, (n + 1) * GOLDEN) for n in (1000, 1001)]
    assert stream_keys(game_seeds(2, 0, 5)).tolist() == [stream_key(int(s)) for s in game_seeds(2, 0, 5)]


@pytest.mark.parametrize(("name", "first_seat"), [("lasvegas", "first"), ("lastchance", "opener")])
def test_first_players_are_the_step_engines(name: str, first_seat: str) -> None:
    seeds = game_seeds(6, 0, 40)
    for options in ({"players": 5}, {"players": 3, "first_player": 1}):
        game = hr.make(name, **options)
        assert first_players(seeds, game.rules).tolist() == [getattr(game.new_game(int(s)), first_seat) for s in seeds]
