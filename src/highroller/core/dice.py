"""Dice as multisets: every outcome of rolling n identical dice, its exact weight, and fast sampling.

A roll of n dice is reported as counts per face (a tuple of length `faces`), because the order in which
identical dice land never matters to a rule. Tables are built once per (dice, faces) and shared.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from itertools import accumulate
from math import factorial, prod
from typing import Generic, TypeVar

from highroller.core.rng import mix64
from highroller.core.values import is_whole

Counts = tuple[int, ...]
StepT = TypeVar("StepT")

_TWO64 = 1 << 64


def rejection_limit(bound: int) -> int:
    """The largest multiple of `bound` up to 2**64: 64 random bits at or above it are mixed again before
    they are read modulo `bound`, so that every number below `bound` is exactly as likely."""
    return _TWO64 - _TWO64 % bound


def uniform_below(bits: int, bound: int) -> int:
    """An exactly uniform integer in [0, bound) from 64 random bits (rejection, re-mixing the bits)."""
    limit = _TWO64 - _TWO64 % bound  # `rejection_limit`, inlined: bills and cards are drawn often
    while bits >= limit:
        bits = mix64(bits)
    return bits % bound


def _compositions(total: int, parts: int) -> list[Counts]:
    """Every tuple of `parts` non-negative ints summing to `total`, in lexicographic order."""
    if parts == 1:
        return [(total,)]
    result: list[Counts] = []
    for first in range(total, -1, -1):
        result.extend((first, *rest) for rest in _compositions(total - first, parts - 1))
    return result


@dataclass(frozen=True)
class MultisetTable:
    """All multisets of `dice` fair dice with `faces` faces, weighted by how many ordered rolls give each."""

    dice: int
    faces: int
    outcomes: tuple[Counts, ...]
    weights: tuple[int, ...]
    total: int
    _cumulative: tuple[int, ...] = field(repr=False)
    _index: dict[Counts, int] = field(repr=False, compare=False)

    def sample(self, u: int) -> Counts:
        """The outcome of the ordered roll number u, for u uniform in [0, total)."""
        return self.outcomes[bisect_right(self._cumulative, u)]

    def contains(self, counts: object) -> bool:
        """Whether `counts` is an outcome of this table (right length, non-negative, right sum)."""
        try:
            return counts in self._index
        except TypeError:  # unhashable
            return False

    def probability(self, counts: Counts) -> Fraction:
        """Exact probability of a multiset; zero if it is not a roll of this many dice."""
        index = self._index.get(tuple(counts))
        return Fraction(0) if index is None else Fraction(self.weights[index], self.total)

    def distribution(self) -> list[tuple[Counts, float]]:
        """Every outcome with its probability as a float (they sum to 1 up to rounding)."""
        return [(o, w / self.total) for o, w in zip(self.outcomes, self.weights)]


@cache
def multiset_table(dice: int, faces: int = 6) -> MultisetTable:
    """The shared table for `dice` dice of `faces` faces (dice may be 0: one empty outcome)."""
    if dice < 0 or faces < 1:
        raise ValueError(f"need dice >= 0 and faces >= 1, got dice={dice}, faces={faces}")
    outcomes = tuple(_compositions(dice, faces))
    weights = tuple(factorial(dice) // prod(factorial(c) for c in o) for o in outcomes)
    return MultisetTable(
        dice=dice,
        faces=faces,
        outcomes=outcomes,
        weights=weights,
        total=faces**dice,
        _cumulative=tuple(accumulate(weights)),
        _index={o: i for i, o in enumerate(outcomes)},
    )


class RollSteps(Generic[StepT]):
    """A game's step for every outcome of rolling n six-sided dice, in `multiset_table(n)`'s order, and
    an exact draw of one of them: what a game's chance step returns for a plain roll."""

    __slots__ = ("_cumulative", "_limit", "_total", "steps")

    def __init__(self, steps: tuple[StepT, ...], table: MultisetTable) -> None:
        self.steps = steps
        self._cumulative = table._cumulative
        self._total = table.total
        self._limit = rejection_limit(table.total)

    def draw(self, bits: int) -> StepT:
        """The step of a roll drawn exactly from 64 uniformly random bits (`uniform_below` and
        `MultisetTable.sample` in one call: rolls are the commonest chance steps)."""
        while bits >= self._limit:
            bits = mix64(bits)
        return self.steps[bisect_right(self._cumulative, bits % self._total)]


@cache
def roll_steps(make: Callable[[Counts], StepT], dice: int) -> RollSteps[StepT]:
    """`make(counts)` for every outcome of `dice` six-sided dice: a game's roll steps, made once and
    shared."""
    table = multiset_table(dice)
    return RollSteps(tuple(make(counts) for counts in table.outcomes), table)


def counts_from_faces(faces_rolled: list[int] | tuple[int, ...], faces: int = 6) -> Counts:
    """Counts per face from a list of face values 1..faces (raises ValueError naming a bad face)."""
    counts = [0] * faces
    for face in faces_rolled:
        if not is_whole(face) or not 1 <= face <= faces:
            raise ValueError(f"a die shows 1 to {faces}, not {face!r}")
        counts[face - 1] += 1
    return tuple(counts)


def faces_from_counts(counts: Counts) -> list[int]:
    """The face values of a multiset, low to high (1-based)."""
    faces: list[int] = []
    for face, count in enumerate(counts, start=1):
        if count:
            faces += [face] * count
    return faces
