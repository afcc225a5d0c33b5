"""Multiset dice tables: exact weights, sampling and the uniform helper."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given
from hypothesis import strategies as st

from highroller.core.dice import counts_from_faces, faces_from_counts, multiset_table, uniform_below


@pytest.mark.parametrize("dice", [0, 1, 2, 3, 4])
def test_weights_match_brute_force(dice: int) -> None:
    table = multiset_table(dice)
    brute = Counter(counts_from_faces(list(roll)) for roll in product(range(1, 7), repeat=dice))
    assert dict(zip(table.outcomes, table.weights)) == dict(brute)
    assert table.total == 6**dice == sum(table.weights)


def test_probability_is_exact() -> None:
    table = multiset_table(2)
    assert table.probability((2, 0, 0, 0, 0, 0)) == Fraction(1, 36)
    assert table.probability((1, 1, 0, 0, 0, 0)) == Fraction(2, 36)
    assert table.probability((3, 0, 0, 0, 0, 0)) == 0


def test_sampling_every_ordered_roll_gives_the_weights() -> None:
    table = multiset_table(3)
    seen = Counter(table.sample(u) for u in range(table.total))
    assert dict(seen) == dict(zip(table.outcomes, table.weights))


def test_contains_rejects_wrong_shapes() -> None:
    table = multiset_table(2)
    assert table.contains((0, 2, 0, 0, 0, 0))
    assert not table.contains((0, 3, 0, 0, 0, 0))
    assert not table.contains([0, 2, 0, 0, 0, 0])
    assert not table.contains((2, 0, 0, 0, 0))


@given(st.integers(min_value=0, max_value=(1 << 64) - 1), st.integers(min_value=1, max_value=10**12))
def test_uniform_below_stays_in_range(bits: int, bound: int) -> None:
    assert 0 <= uniform_below(bits, bound) < bound


def test_faces_round_trip_and_errors() -> None:
    assert faces_from_counts(counts_from_faces([6, 1, 1])) == [1, 1, 6]
    with pytest.raises(ValueError, match="1 to 6"):
        counts_from_faces([7])


@pytest.mark.parametrize("face", [True, False, 1.0, "1"])
def test_a_face_is_a_whole_number_never_a_bool(face: object) -> None:
    with pytest.raises(ValueError, match=f"a die shows 1 to 6, not {face!r}"):
        counts_from_faces([face])  # type: ignore[list-item]
