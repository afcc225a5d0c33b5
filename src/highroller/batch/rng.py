"""Counter-based random numbers for compiled batch kernels (Numba).

Every game in a batch has its own stream, keyed by its seed (`seeds.stream_keys`): the core's
SplitMix64 (`highroller.core.rng.draw64`, compiled here as it is written there), so draw n of a game
is a fixed function of the game's seed and n, and a game's result depends only on its seed, never
on the batch, the chunk or the process that played it. `below` turns draws into exactly uniform
integers (rejection, no modulo bias); `below_in` does the same for a kernel that keeps a game's stream
in local variables while it plays.
"""

from __future__ import annotations

import numpy as np
from numba.extending import register_jitable

from highroller.batch.jit import cached_inline
from highroller.core.rng import draw64, mix64

# The core's functions, compiled into the kernels that call them and inlined there (draw64 calls mix64).
register_jitable(inline="always")(mix64)
register_jitable(inline="always")(draw64)

_S32, _LOW32, _TWO32 = np.uint64(32), np.uint64(0xFFFFFFFF), np.uint64(1 << 32)

KEY, COUNTER = 0, 1
"""A batch game's state is one int64 row: its stream key (as signed bits) at KEY, its draw counter at COUNTER."""


@cached_inline
def below_in(key: np.uint64, counter: np.int64, bound: np.int64) -> tuple[np.int64, np.int64]:
    """An exactly uniform integer in [0, bound) for 1 <= bound <= 2**32 from a stream held in local
    variables (its key, and its counter: how many draws it has made), and the counter after.

    Lemire's multiply-and-shift on the draw's high 32 bits, with his rejection step (no modulo bias);
    it divides only in the rare case the rejection test needs it.
    """
    span = np.uint64(bound)
    product = (draw64(key, np.uint64(counter)) >> _S32) * span
    counter += 1
    low = product & _LOW32
    if low < span:
        threshold = (_TWO32 - span) % span
        while low < threshold:
            product = (draw64(key, np.uint64(counter)) >> _S32) * span
            counter += 1
            low = product & _LOW32
    return np.int64(product >> _S32), counter


@cached_inline
def below(row: np.ndarray, bound: np.int64) -> np.int64:
    """`below_in` on the stream of a game's row (KEY, COUNTER), advancing its counter."""
    value, row[COUNTER] = below_in(np.uint64(row[KEY]), row[COUNTER], bound)
    return value
