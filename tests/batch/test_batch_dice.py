"""The batch engines' dice: the tables hold the face counts of every ordered roll of up to four dice,
a compiled roll of n dice has the exact distribution of n dice (face counts, multisets), and NumPy
reads a roll's number as the kernels read it."""

from __future__ import annotations

from collections import Counter
from itertools import product

import numba
import numpy as np
import pytest

from highroller.batch import dice, rolls
from highroller.batch.rng import below_in


@pytest.mark.parametrize("k", range(1, rolls.GROUP + 1))
def test_tables_hold_every_ordered_roll(k: int) -> None:
    start = int(rolls.STARTS[k])
    for index, faces in enumerate(product(range(6), repeat=k)):
        packed = np.int64(rolls.TABLE[start + index])
        assert rolls.unpack(packed).tolist() == [faces.count(f) for f in range(6)]
        assert int(packed) >> rolls.SHOWN_SHIFT == sum(1 << f for f in set(faces))
    # faces are base-6 digits, most significant first: index 1 is (0, ..., 0, 1)
    assert rolls.unpack(np.int64(rolls.TABLE[start + 1])).tolist() == [k - 1, 1, 0, 0, 0, 0]


@numba.njit(cache=True)
def _rolls(n: int, times: int) -> np.ndarray:
    key, counter = np.uint64(12345), np.int64(0)
    out = np.empty(times, dtype=np.int64)
    for i in range(times):
        out[i], counter = dice.roll_in(key, counter, n)
    return out


@pytest.mark.parametrize("n", range(rolls.MAX_DICE + 1))
def test_rolls_have_the_counts_and_faces_they_show(n: int) -> None:
    packed = _rolls(n, 2000)
    counts = rolls.unpack(packed)
    assert np.all(counts.sum(axis=1) == n)
    shown = np.array([sum(1 << f for f in range(6) if c[f]) for c in counts])
    assert np.all(packed >> rolls.SHOWN_SHIFT == shown)


@pytest.mark.parametrize("n", [3, 8, 12])
def test_rolls_follow_the_multinomial_distribution(n: int) -> None:
    """Face counts against their exact means, and (3 dice) every multiset's frequency, within 5
    standard errors over 200,000 rolls."""
    times = 200_000
    counts = rolls.unpack(_rolls(n, times))
    mean, sd = n / 6, np.sqrt(n * (1 / 6) * (5 / 6))
    assert np.all(np.abs(counts.mean(axis=0) - mean) < 5 * sd / np.sqrt(times))
    if n == 3:
        exact = Counter(tuple(sorted(roll)) for roll in product(range(6), repeat=3))
        seen = Counter(tuple(f for f in range(6) for _ in range(c[f])) for c in counts.tolist())
        for faces, ways in exact.items():
            p = ways / 216
            assert abs(seen[faces] / times - p) < 5 * np.sqrt(p * (1 - p) / times)
    all_one_face = np.mean(counts.max(axis=1) == n)
    assert abs(all_one_face - 6 / 6**n) < 5 * np.sqrt(6 / 6**n / times) + 1 / times


def test_no_dice_roll_nothing() -> None:
    assert np.all(_rolls(0, 3) == 0)


@numba.njit(cache=True)
def _numbers_and_rolls(n: int, times: int) -> tuple[np.ndarray, np.ndarray]:
    """The numbers below 6**n a stream draws, and the rolls `roll_in` makes of them."""
    key, counter = np.uint64(777), np.int64(0)
    numbers = np.empty(times, dtype=np.int64)
    packed = np.empty(times, dtype=np.int64)
    for i in range(times):
        numbers[i], _ = below_in(key, counter, rolls.POWERS_OF_6[n])
        packed[i], counter = dice.roll_in(key, counter, n)
    return numbers, packed


def test_numpy_reads_rolls_as_the_kernels_do() -> None:
    for n in range(1, rolls.MAX_DICE + 1):
        numbers, packed = _numbers_and_rolls(n, 500)
        assert np.array_equal(rolls.read_rolls(numbers, np.full(500, n)), packed)
    assert rolls.read_rolls(np.array([0, 5, 0]), np.array([0, 1, 0])).tolist() == [
        0,
        int(rolls.TABLE[rolls.STARTS[1] + 5]),
        0,
    ]
    assert rolls.faces_of(int(rolls.read_rolls(np.array([6 * 6 + 3]), np.array([3]))[0])) == [1, 2, 4]
