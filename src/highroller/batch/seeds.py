"""Game seeds and stream keys in bulk, with NumPy (no compiler needed).

`game_seeds(series, start, count)` numbers the games of a series; `stream_keys` is SplitMix64 of each
seed, the key of the game's random stream in the batch kernels (`highroller.batch.rng`).
"""

from __future__ import annotations

import numpy as np

GOLDEN = np.uint64(0x9E3779B97F4A7C15)
MIX1 = np.uint64(0xBF58476D1CE4E5B9)
MIX2 = np.uint64(0x94D049BB133111EB)
_S30, _S27, _S31, _ONE = np.uint64(30), np.uint64(27), np.uint64(31), np.uint64(1)


def stream_keys(seeds: np.ndarray) -> np.ndarray:
    """The stream key of each game seed (SplitMix64 of the seed), as uint64."""
    z = np.asarray(seeds, dtype=np.uint64).copy()
    with np.errstate(over="ignore"):
        z = (z ^ (z >> _S30)) * MIX1
        z = (z ^ (z >> _S27)) * MIX2
    return z ^ (z >> _S31)


def game_seeds(series: int, start: int, count: int) -> np.ndarray:
    """Seeds of games start..start+count-1 of a series: non-negative 63-bit integers (int64)."""
    numbers = np.arange(start, start + count, dtype=np.uint64)
    base = stream_keys(np.array([series & 0xFFFFFFFFFFFFFFFF], dtype=np.uint64))[0]
    with np.errstate(over="ignore"):
        mixed = stream_keys(base ^ ((numbers + _ONE) * GOLDEN))
    return (mixed >> _ONE).astype(np.int64)
