"""Rolling n six-sided dice in one random number, exactly: the packing, the tables, and reading many
rolls at once with NumPy (no compiler needed).

A roll of n dice matters to these games only as counts per face. A roll is one exactly uniform number
below 6**n — the n dice's faces as base-6 digits, so every ordered roll is equally likely — whose
digits are read four at a time from a 1,296-entry table of face counts (6 KB with the smaller tables
for 1-3 leftover dice, so it stays in the first-level cache). No die is drawn on its own and no digit
is extracted one by one. The compiled kernels roll so in `highroller.batch.dice`; `read_rolls` reads
many rolls at once for an engine written in NumPy, to the same packed rolls.

A rolled multiset comes packed in 30 bits: the count of face f in bits 4f..4f+3, and bit
SHOWN_SHIFT + f set when face f shows at least once.
"""

from __future__ import annotations

from itertools import product
from typing import TypeVar

import numpy as np

from highroller.core.dice import faces_from_counts

MAX_DICE = 12
"""Most dice in one roll (6**12 < 2**32, the bound a stream's `below` takes)."""
FACE_BITS = 4
SHOWN_SHIFT = 24
COUNTS = (1 << SHOWN_SHIFT) - 1
GROUP = 4
"""Dice read from the table at once."""

Packed = TypeVar("Packed", int, np.int64, np.ndarray)
"""Packed rolls: an int, an int64 in compiled code, or an array of them."""


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


def join(a: Packed, b: Packed) -> Packed:
    """Two packed rolls as one: counts added, shown faces joined (on ints, arrays, or compiled)."""
    return ((a & COUNTS) + (b & COUNTS)) | ((a | b) & ~COUNTS)


def read_rolls(numbers: np.ndarray, dice: np.ndarray) -> np.ndarray:
    """The packed roll of each number below 6**dice (as many dice as the game's entry in `dice`; no
    dice roll nothing), read group by group as `highroller.batch.dice.roll_in` reads it."""
    value = np.asarray(numbers, dtype=np.int64)
    left = np.broadcast_to(np.asarray(dice, dtype=np.int64), value.shape)
    packed = np.zeros(value.shape, dtype=np.int64)
    while np.any(left > 0):
        taken = np.minimum(left, GROUP)
        packed = np.where(left > 0, join(packed, TABLE[STARTS[taken] + value % GROUP_SIZE].astype(np.int64)), packed)
        value = value // GROUP_SIZE
        left = left - taken
    return packed


def unpack(packed: np.ndarray | int) -> np.ndarray:
    """Counts per face of packed rolls: shape [..., 6] (for views and logs)."""
    return (np.asarray(packed, dtype=np.int64)[..., None] >> (FACE_BITS * np.arange(6))) & 15


def faces_of(packed: int) -> list[int]:
    """The faces of a packed roll, low to high (as a record lists them)."""
    return faces_from_counts(tuple(unpack(packed).tolist()))
