"""Rolling n six-sided dice in one random draw, exactly, for compiled batch kernels.

`roll_in` draws one exactly uniform number below 6**n (`rng.below_in`) and reads its base-6 digits
four at a time from the table of face counts (`highroller.batch.rolls`, which also reads rolls with
NumPy); a rolled multiset comes packed as `rolls` packs it, read with `count` and `shown`.
"""

from __future__ import annotations

import numpy as np
from numba.extending import register_jitable

from highroller.batch.jit import at, cached_inline
from highroller.batch.rng import below_in
from highroller.batch.rolls import FACE_BITS, GROUP, GROUP_SIZE, POWERS_OF_6, SHOWN_SHIFT, STARTS, TABLE, join

register_jitable(inline="always")(join)
_GROUP_SIZE = np.uint64(GROUP_SIZE)


@cached_inline
def roll_in(key: np.uint64, counter: np.int64, n: int) -> tuple[np.int64, np.int64]:
    """n dice (0 <= n <= MAX_DICE) as a packed roll from a stream held in local variables (see
    `rng.below_in`), and the stream's counter after (no draw for n = 0)."""
    if n == 0:
        return np.int64(0), counter
    drawn, counter = below_in(key, counter, POWERS_OF_6[at(n)])
    value = at(drawn)  # unsigned: no sign corrections in the divisions, no wraparound in the lookups
    packed = np.int64(0)
    while n > GROUP:
        packed = join(packed, np.int64(TABLE[at(STARTS[GROUP]) + value % _GROUP_SIZE]))
        value //= _GROUP_SIZE
        n -= GROUP
    return join(packed, np.int64(TABLE[at(STARTS[at(n)]) + value])), counter


@cached_inline
def count(packed: np.int64, face: int) -> np.int64:
    """How many dice of a packed roll show face index `face` (0-5)."""
    return (packed >> (FACE_BITS * face)) & 15


@cached_inline
def shown(packed: np.int64) -> np.int64:
    """Bit f set when face index f shows in a packed roll."""
    return (packed >> SHOWN_SHIFT) & 63
