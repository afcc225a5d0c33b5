"""Counter-based random numbers for compiled batch kernels (Numba).

Every game in a batch has its own SplitMix64 stream, keyed by its seed (`seeds.stream_keys`): draw n
of a game is a fixed function of the game's seed and n, so a game's result depends only on its seed,
never on the batch, the chunk or the process that played it. `below` turns draws into exactly uniform
integers (rejection, no modulo bias); `below_in` does the same for a kernel that keeps a game's stream
in local variables while it plays.
"""

from __future__ import annotations

import numba
import numpy as np

from highroller.batch.seeds import GOLDEN, MIX1, MIX2

_S30, _S27, _S31 = np.uint64(30), np.uint64(27), np.uint64(31)
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
def below_in(key: np.uint64, counter: np.int64, bound: np.int64) -> tuple[np.int64, np.int64]:
    """An exactly uniform integer in [0, bound) for 1 <= bound <= 2**32 from a stream held in local
    variables (its key, and its counter: how many draws it has made), and the counter after.

    Draw n of a stream is SplitMix64's finaliser of key + n * golden ratio. Lemire's multiply-and-shift
    on the draw's high 32 bits, with his rejection step (no modulo bias); it divides only in the rare
    case the rejection test needs it.
    """
    span = np.uint64(bound)
    counter += 1
    product = (mix(key + np.uint64(counter) * GOLDEN) >> _S32) * span
    low = product & _LOW32
    if low < span:
        threshold = (_TWO32 - span) % span
        while low < threshold:
            counter += 1
            product = (mix(key + np.uint64(counter) * GOLDEN) >> _S32) * span
            low = product & _LOW32
    return np.int64(product >> _S32), counter


@numba.njit(cache=True, inline="always")
def below(row: np.ndarray, bound: np.int64) -> np.int64:
    """`below_in` on the stream of a game's row (KEY, COUNTER), advancing its counter."""
    value, row[COUNTER] = below_in(np.uint64(row[KEY]), row[COUNTER], bound)
    return value
