"""Rolling n six-sided dice as a multiset in one random draw, exactly, for compiled batch kernels.

A roll of n dice matters to these games only as counts per face, so a kernel need not draw n faces:
`roll` picks one of the C(n+5, 5) multisets with its exact probability (multinomial / 6**n) by
Walker's alias method on integers. Each table column holds the weight 6**n, split between its own
multiset (the first `threshold` units) and one alias; a uniform column and a uniform unit inside it,
both exact (`rng.below_pair`), pick a multiset with exactly its probability — no rounding anywhere.
A column is 16 bytes (both multisets in one word, the threshold in the other), so a roll reads one
small table row and chooses without branching; the tables for up to 8 dice fit in 48 KB.

A rolled multiset comes packed in 30 bits: the count of face f in bits 4f..4f+3 (`count`), and bit
SHOWN_SHIFT + f set when face f shows at least once (`shown`).
"""

from __future__ import annotations

from itertools import combinations_with_replacement
from math import factorial

import numba
import numpy as np

from highroller.batch.rng import below_pair

MAX_DICE = 12
"""Most dice in one table roll (6**12 < 2**32, the bound `below_pair` takes)."""
FACE_BITS = 4
SHOWN_SHIFT = 24
OUTCOMES, THRESHOLD = 0, 1
"""The words of a table row: the column's own multiset (low 32 bits) and its alias (high 32 bits);
how many of the column's 6**n units belong to its own multiset."""


def _alias_rows(n: int) -> list[tuple[int, int]]:
    """(packed outcome | packed alias outcome << 32, threshold) per column for n dice."""
    outcomes, weights = [], []
    for faces in combinations_with_replacement(range(6), n):
        counts = [faces.count(f) for f in range(6)]
        packed = sum(c << (FACE_BITS * f) for f, c in enumerate(counts))
        packed |= sum(1 << (SHOWN_SHIFT + f) for f, c in enumerate(counts) if c)
        outcomes.append(packed)
        weight = factorial(n)
        for c in counts:
            weight //= factorial(c)
        weights.append(weight)
    size, span = len(outcomes), 6**n
    scaled = [size * w for w in weights]
    threshold, alias = [span] * size, list(range(size))
    small = [i for i in range(size) if scaled[i] < span]
    large = [i for i in range(size) if scaled[i] >= span]
    while small and large:
        low, high = small.pop(), large.pop()
        threshold[low], alias[low] = scaled[low], high
        scaled[high] -= span - scaled[low]
        (small if scaled[high] < span else large).append(high)
    return [(outcomes[i] | outcomes[alias[i]] << 32, threshold[i]) for i in range(size)]


def _tables() -> tuple[np.ndarray, np.ndarray]:
    """The alias rows for 0..MAX_DICE dice in one array, and each n's first row (then the end)."""
    rows: list[tuple[int, int]] = []
    starts = []
    for n in range(MAX_DICE + 2):
        starts.append(len(rows))
        if n <= MAX_DICE:
            rows.extend(_alias_rows(n))
    return np.array(rows, dtype=np.int64), np.array(starts, dtype=np.int64)


TABLE, STARTS = _tables()
POWERS_OF_6 = np.array([6**n for n in range(MAX_DICE + 1)], dtype=np.int64)


@numba.njit(cache=True, inline="always")
def roll(row: np.ndarray, n: int) -> np.int64:
    """n dice (0 <= n <= MAX_DICE) as a packed multiset, from the game's stream (no draw for n = 0)."""
    if n == 0:
        return np.int64(0)
    first = STARTS[n]
    column, unit = below_pair(row, STARTS[n + 1] - first, POWERS_OF_6[n])
    entry = first + column
    outcomes = TABLE[entry, OUTCOMES]
    shift = np.int64(unit >= TABLE[entry, THRESHOLD]) << 5
    return (outcomes >> shift) & 0xFFFFFFFF


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
