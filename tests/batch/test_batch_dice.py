"""The batch kernels' dice: the alias tables give every multiset of n dice exactly its multinomial
probability, a compiled roll follows them, and `below_pair` draws two exactly uniform numbers."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product
from math import factorial

import numba
import numpy as np
import pytest

from highroller.batch import dice
from highroller.batch.rng import KEY, below_pair


def _table_probabilities(n: int) -> dict[int, Fraction]:
    """Each packed multiset's probability as the table for n dice gives it."""
    first, end = int(dice.STARTS[n]), int(dice.STARTS[n + 1])
    columns, span = end - first, 6**n
    chances: dict[int, Fraction] = Counter()
    for outcomes, threshold in dice.TABLE[first:end].tolist():
        own, alias = outcomes & 0xFFFFFFFF, outcomes >> 32
        assert 0 <= threshold <= span
        chances[own] += Fraction(threshold, columns * span)
        chances[alias] += Fraction(span - threshold, columns * span)
    return {outcome: chance for outcome, chance in chances.items() if chance}


def _multinomial(counts: list[int]) -> Fraction:
    weight = factorial(sum(counts))
    for c in counts:
        weight //= factorial(c)
    return Fraction(weight, 6 ** sum(counts))


@pytest.mark.parametrize("n", range(dice.MAX_DICE + 1))
def test_alias_tables_give_exact_multinomial_probabilities(n: int) -> None:
    chances = _table_probabilities(n)
    assert sum(chances.values()) == 1
    for packed, chance in chances.items():
        counts = [int(dice.unpack(np.array(packed))[f]) for f in range(6)]
        assert sum(counts) == n
        assert chance == _multinomial(counts)
        assert int(packed) >> dice.SHOWN_SHIFT == sum(1 << f for f, c in enumerate(counts) if c)
    expected = factorial(n + 5) // (factorial(n) * factorial(5))
    assert len(chances) == expected or n == 0


def test_three_dice_table_by_enumeration() -> None:
    """Against all 216 ordered rolls of three dice."""
    ordered = Counter(tuple(sorted(roll)) for roll in product(range(6), repeat=3))
    chances = _table_probabilities(3)
    for faces, ways in ordered.items():
        packed = sum(1 << (dice.FACE_BITS * f) for f in faces) + sum(1 << (dice.SHOWN_SHIFT + f) for f in set(faces))
        assert chances[packed] == Fraction(ways, 216)


@numba.njit(cache=True)
def _rolls(n: int, times: int) -> np.ndarray:
    row = np.zeros(2, dtype=np.int64)
    row[KEY] = 12345
    out = np.empty(times, dtype=np.int64)
    for i in range(times):
        out[i] = dice.roll(row, n)
    return out


@numba.njit(cache=True)
def _pairs(first: int, second: int, times: int) -> np.ndarray:
    row = np.zeros(2, dtype=np.int64)
    row[KEY] = 777
    out = np.empty((times, 2), dtype=np.int64)
    for i in range(times):
        out[i, 0], out[i, 1] = below_pair(row, first, second)
    return out


def test_compiled_rolls_follow_the_table() -> None:
    """Face counts of 200,000 rolls of 4 dice against their exact means, within 5 standard errors."""
    times = 200_000
    counts = dice.unpack(_rolls(4, times))
    assert np.all(counts.sum(axis=1) == 4)
    mean, sd = 4 / 6, np.sqrt(4 * (1 / 6) * (5 / 6))
    assert np.all(np.abs(counts.mean(axis=0) - mean) < 5 * sd / np.sqrt(times))
    four_of_a_kind = np.mean(counts.max(axis=1) == 4)
    assert abs(four_of_a_kind - 6 / 6**4) < 5 * np.sqrt((6 / 6**4) / times)
    assert np.all(_rolls(0, 3) == 0)


@pytest.mark.parametrize(("first", "second"), [(7, 6**8), (1287, 1_679_616), (3, 2**32 - 5), (1, 1)])
def test_below_pair_is_uniform_and_independent(first: int, second: int) -> None:
    times = 120_000
    pairs = _pairs(first, second, times)
    assert np.all((pairs[:, 0] >= 0) & (pairs[:, 0] < first) & (pairs[:, 1] >= 0) & (pairs[:, 1] < second))
    if first > 1:
        low = pairs[:, 1] < second // 2
        for value in range(min(first, 7)):
            hits = pairs[:, 0] == value
            p = 1 / first
            assert abs(hits.mean() - p) < 5 * np.sqrt(p * (1 - p) / times)
            assert abs((hits & low).mean() - p * (second // 2) / second) < 5 * np.sqrt(p / 2 / times)
