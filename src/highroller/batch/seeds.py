"""Game seeds and stream keys in bulk, with NumPy (no compiler needed): the core's SplitMix64
(`highroller.core.rng`) over uint64 arrays.

`game_seeds(series, start, count)` numbers the games of a series; `stream_keys` gives each seed's
stream key, the key of the game's random stream in the batch kernels (`highroller.batch.rng`).
"""

from __future__ import annotations

import numpy as np

from highroller.core.rng import GOLDEN, MASK, derive_seed, stream_key

_ONE = np.uint64(1)


def words(seeds: np.ndarray | list[int]) -> np.ndarray:
    """Game seeds (non-negative integers) as the uint64 words the core's functions take."""
    return np.asarray(seeds, dtype=np.uint64)


def stream_keys(seeds: np.ndarray) -> np.ndarray:
    """The stream key of each game seed, as uint64."""
    return stream_key(words(seeds))


def game_seeds(series: int, start: int, count: int) -> np.ndarray:
    """Seeds of games start..start+count-1 of a series: non-negative 63-bit integers (int64), each
    derived from the series seed with the game's step of SplitMix64's golden sequence as its label."""
    numbers = np.arange(start, start + count, dtype=np.uint64)
    return derive_seed(words([series & MASK]), (numbers + _ONE) * GOLDEN).astype(np.int64)

