"""Rolling n six-sided dice in one random draw, exactly, for compiled batch kernels.

A roll of n dice matters to these games only as counts per face. `roll_in` draws one exactly uniform
number below 6**n (`rng.below`) — the n dice's faces as base-6 digits, so every ordered roll is equally
likely — and reads its digits four at a time from a 1,296-entry table of face counts (6 KB with the
smaller tables for 1-3 leftover dice, so it stays in the first-level cache). No die is drawn on its
own and no digit is extracted one by one.

A rolled multiset comes packed in 30 bits: the count of face f in bits 4f..4f+3 (`count`), and bit
SHOWN_SHIFT + f set when face f shows at least once (`shown`).
"""

from __future__ import annotations

from itertools import product

import numba
import numpy as np

from highroller.batch.jit import at
from highroller.batch.rng import below_in

MAX_DICE = 12
"""Most dice in one roll (6**12 < 2**32, the bound `below` takes)."""
FACE_BITS = 4
SHOWN_SHIFT = 24
COUNTS = (1 << SHOWN_SHIFT) - 1
GROUP = 4
"""Dice read from the table at once."""


def _tables() -> tuple[np.ndarray, np.ndarray]:
    """The packed roll of every ordered roll of 1..GROUP dice (one table after another), and where
    the table for k dice starts."""
    entries: list[int] = []
    starts = [0]
    for k in range(1, GROUP + 1):
        starts.append(len(entries))
        for faces in product(range(6), repeat=k):
            packed = sum(1 << (FACE_BITS * f) for f in faces)
            entries.append(packed | sum(1 << (SHOWN_SHIFT + f) for f in set(faces)))
    return np.array(entries, dtype=np.int32), np.array(starts, dtype=np.int64)


TABLE, STARTS = _tables()
POWERS_OF_6 = np.array([6**n for n in range(MAX_DICE + 1)], dtype=np.int64)
GROUP_SIZE = 6**GROUP
_GROUP_SIZE = np.uint64(GROUP_SIZE)


@numba.njit(cache=True, inline="always")
def _join(a: np.int64, b: np.int64) -> np.int64:
    """Two packed rolls as one: counts added, shown faces joined."""
    return ((a & COUNTS) + (b & COUNTS)) | ((a | b) & ~COUNTS)


@numba.njit(cache=True, inline="always")
def roll_in(key: np.uint64, counter: np.int64, n: int) -> tuple[np.int64, np.int64]:
    """n dice (0 <= n <= MAX_DICE) as a packed roll from a stream held in local variables (see
    `rng.below_in`), and the stream's counter after (no draw for n = 0)."""
    if n == 0:
        return np.int64(0), counter
    drawn, counter = below_in(key, counter, POWERS_OF_6[at(n)])
    value = at(drawn)  # unsigned: no sign corrections in the divisions, no wraparound in the lookups
    packed = np.int64(0)
    while n > GROUP:
        packed = _join(packed, np.int64(TABLE[at(STARTS[GROUP]) + value % _GROUP_SIZE]))
        value //= _GROUP_SIZE
        n -= GROUP
    return _join(packed, np.int64(TABLE[at(STARTS[at(n)]) + value])), counter


@numba.njit(cache=True, inline="always")
def count(packed: np.int64, face: int) -> np.int64:
    """How many dice of a packed roll show face index `face` (0-5)."""
    return (packed >> (FACE_BITS * face)) & 15


@numba.njit(cache=True, inline="always")
def shown(packed: np.int64) -> np.int64:
    """Bit f set when face index f shows in a packed roll."""
    return (packed >> SHOWN_SHIFT) & 63


def unpack(packed: np.ndarray) -> np.ndarray:
    """Counts per face of packed rolls: shape [..., 6] (NumPy, for views and logs)."""
    return (np.asarray(packed, dtype=np.int64)[..., None] >> (FACE_BITS * np.arange(6))) & 15
