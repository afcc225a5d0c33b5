"""Counter-based random numbers for compiled batch kernels (Numba).

Every game in a batch has its own SplitMix64 stream, keyed by its seed (`seeds.stream_keys`): draw n
of a game is a fixed function of the game's seed and n, so a game's result depends only on its seed,
never on the batch, the chunk or the process that played it. `below` turns draws into exactly uniform
integers (rejection, no modulo bias).
"""

from __future__ import annotations

import numba
import numpy as np

from highroller.batch.seeds import GOLDEN, MIX1, MIX2

_S30, _S27, _S31, _ONE = np.uint64(30), np.uint64(27), np.uint64(31), np.uint64(1)
_S32, _LOW32, _TWO32 = np.uint64(32), np.uint64(0xFFFFFFFF), np.uint64(1 << 32)


@numba.njit(cache=True, inline="always")
def mix(z: np.uint64) -> np.uint64:
    """SplitMix64's finaliser (the same bijection as `highroller.core.rng.mix64`)."""
    z = (z ^ (z >> _S30)) * MIX1
    z = (z ^ (z >> _S27)) * MIX2
    return z ^ (z >> _S31)


KEY, COUNTER = 0, 1
"""A batch game's state is one int64 row: its stream key (as signed bits) at KEY, its draw counter at COUNTER."""


@numba.njit(cache=True, inline="always")
def draw(row: np.ndarray) -> np.uint64:
    """The next 64-bit draw of a game's stream (its row's counter advanced by one)."""
    count = row[COUNTER]
    row[COUNTER] = count + 1
    return mix(np.uint64(row[KEY]) + (np.uint64(count) + _ONE) * GOLDEN)


@numba.njit(cache=True, inline="always")
def below(row: np.ndarray, bound: np.int64) -> np.int64:
    """An exactly uniform integer in [0, bound) for 1 <= bound <= 2**32, from the game's stream.

    Lemire's multiply-and-shift on the draw's high 32 bits, with his rejection step (no modulo bias);
    it divides only in the rare case the rejection test needs it.
    """
    span = np.uint64(bound)
    product = (draw(row) >> _S32) * span
    low = product & _LOW32
    if low < span:
        threshold = (_TWO32 - span) % span
        while low < threshold:
            product = (draw(row) >> _S32) * span
            low = product & _LOW32
    return np.int64(product >> _S32)
