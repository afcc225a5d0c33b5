"""Exact statistics of a series that can be gathered batch by batch and added up: what an analysis
keeps of a series instead of every game's arrays, so a series of any length (10⁹ games on a cluster)
is analysed in constant memory, and the figures do not depend on how the series was split.

The values are whole multiples of 1/unit (money and points are whole numbers, win shares multiples of
1/2520), so they are kept as integers and every sum is exact: added in any order they give the same
totals, to the last digit.

- `Moments`: per column of a [games, columns] array, the count, sum and sum of squares: means and
  their standard errors.
- `Histogram`: how often each value occurred: means, standard errors, quantiles (as `numpy.percentile`
  computes them) and a box plot's figures (as Matplotlib's `boxplot` draws them).
- `Tally`: named `Moments` and `Histogram`s, added name by name.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

import numpy as np

WHOLE_LIMIT = 2.0**62
"""Sums of whole numbers up to this size are taken in 64-bit integers; larger ones in Python integers."""


def whole(values: np.ndarray, unit: int = 1) -> np.ndarray:
    """The values times `unit` as 64-bit integers; ValueError if one is not a whole multiple of 1/unit."""
    scaled = np.asarray(values, dtype=np.float64) * unit
    rounded = np.rint(scaled)
    if scaled.size and not np.all(np.abs(scaled - rounded) <= 1e-9 * np.maximum(1.0, np.abs(scaled))):
        raise ValueError(f"a tally keeps whole multiples of 1/{unit}, and these values are not all such multiples")
    if scaled.size and float(np.abs(rounded).max()) >= 2.0**53:
        raise ValueError("a tally keeps values below 2**53 (times their unit)")
    return rounded.astype(np.int64)


def column_sums(values: np.ndarray) -> tuple[int, ...]:
    """Exact column sums of a [rows, columns] int64 array (in 64 bits when they cannot overflow)."""
    if values.size == 0:
        return (0,) * values.shape[1]
    if float(np.abs(values).max()) * values.shape[0] < WHOLE_LIMIT:
        return tuple(int(total) for total in values.sum(axis=0))
    return tuple(sum(int(v) for v in column) for column in values.T)


@dataclass(frozen=True)
class Moments:
    """Per column: the count, and the exact sum and sum of squares of the values times `unit`."""

    unit: int
    count: int
    sums: tuple[int, ...]
    squares: tuple[int, ...]

    @staticmethod
    def of(values: np.ndarray, unit: int = 1) -> Moments:
        """The moments of the columns of a [games, columns] array (a [games] array is one column)."""
        scaled = whole(values, unit)
        scaled = scaled.reshape(scaled.shape[0], -1)
        squares = (
            scaled.astype(object) ** 2
            if scaled.size and float(np.abs(scaled).max()) ** 2 * scaled.shape[0] >= WHOLE_LIMIT
            else scaled * scaled
        )
        return Moments(unit, scaled.shape[0], column_sums(scaled), column_sums(np.asarray(squares)))

    def __add__(self, other: Moments) -> Moments:
        if self.unit != other.unit or len(self.sums) != len(other.sums):
            raise ValueError("only moments of the same columns in the same unit add up")
        return Moments(
            self.unit,
            self.count + other.count,
            tuple(a + b for a, b in zip(self.sums, other.sums)),
            tuple(a + b for a, b in zip(self.squares, other.squares)),
        )

    def mean(self) -> np.ndarray:
        """Each column's mean."""
        return np.array([total / self.unit / self.count for total in self.sums])

    def error(self) -> np.ndarray:
        """Each column's standard error of the mean (from the sample variance, n - 1)."""
        n = self.count
        return np.array(
            [
                math.sqrt(max(0, n * squares - total * total) / (n * (n - 1))) / self.unit / math.sqrt(n)
                if n > 1
                else math.nan
                for total, squares in zip(self.sums, self.squares)
            ]
        )


@dataclass(frozen=True)
class Histogram:
    """How many times each value (times `unit`) occurred, in increasing order of value."""

    unit: int
    counts: tuple[tuple[int, int], ...]

    @staticmethod
    def of(values: np.ndarray, unit: int = 1) -> Histogram:
        """The histogram of every value of an array of any shape."""
        found, counts = np.unique(whole(values, unit), return_counts=True)
        return Histogram(unit, tuple((int(v), int(c)) for v, c in zip(found, counts)))

    def __add__(self, other: Histogram) -> Histogram:
        if self.unit != other.unit:
            raise ValueError("only histograms in the same unit add up")
        merged = dict(self.counts)
        for value, count in other.counts:
            merged[value] = merged.get(value, 0) + count
        return Histogram(self.unit, tuple(sorted(merged.items())))

    @property
    def count(self) -> int:
        return sum(count for _, count in self.counts)

    def moments(self) -> Moments:
        """The moments of the values, as one column."""
        return Moments(
            self.unit, self.count, (sum(v * c for v, c in self.counts),), (sum(v * v * c for v, c in self.counts),)
        )

    def _at(self, rank: int) -> int:
        """The value at 0-based `rank` of the sorted values (times the unit)."""
        for value, count in self.counts:
            if rank < count:
                return value
            rank -= count
        raise IndexError("rank past the last value")

    def quantile(self, q: float) -> float:
        """The q-quantile (0 ≤ q ≤ 1) by linear interpolation between the nearest ranks, as `numpy.percentile`."""
        if not self.counts:
            raise ValueError("an empty histogram has no quantiles")
        position = (self.count - 1) * q
        below = math.floor(position)
        low, high = self._at(below), self._at(min(below + 1, self.count - 1))
        t = position - below
        value = high - (high - low) * (1 - t) if t >= 0.5 else low + (high - low) * t
        return value / self.unit

    def values(self) -> np.ndarray:
        """The distinct values, in increasing order."""
        return np.array([value / self.unit for value, _ in self.counts])

    def shares(self) -> np.ndarray:
        """Each distinct value's share of the count."""
        total = self.count
        return np.array([count / total for _, count in self.counts])

    def box(self, whis: float = 1.5) -> dict[str, float]:
        """A box plot's figures as Matplotlib's `boxplot` computes them (for `Axes.bxp`): the quartiles, the
        median and the whiskers at the most extreme values within `whis` times the box's height."""
        q1, median, q3 = self.quantile(0.25), self.quantile(0.5), self.quantile(0.75)
        reach = whis * (q3 - q1)
        inside = [value / self.unit for value, _ in self.counts if q1 - reach <= value / self.unit <= q3 + reach]
        low = min(inside, default=q1)
        high = max(inside, default=q3)
        return {"q1": q1, "med": median, "q3": q3, "whislo": min(low, q1), "whishi": max(high, q3)}


Statistic = Moments | Histogram


@dataclass(frozen=True)
class Tally:
    """Named statistics of a series, added name by name (both sides must hold the same names)."""

    statistics: Mapping[str, Statistic]

    def __add__(self, other: Tally) -> Tally:
        if set(self.statistics) != set(other.statistics):
            raise ValueError("only tallies of the same statistics add up")
        return Tally({name: _add(statistic, other.statistics[name]) for name, statistic in self.statistics.items()})

    def moments(self, name: str) -> Moments:
        statistic = self.statistics[name]
        assert isinstance(statistic, Moments), f"{name} is a histogram"
        return statistic

    def histogram(self, name: str) -> Histogram:
        statistic = self.statistics[name]
        assert isinstance(statistic, Histogram), f"{name} is a set of moments"
        return statistic


def _add(a: Statistic, b: Statistic) -> Statistic:
    """Two statistics of the same kind, added."""
    if isinstance(a, Moments) and isinstance(b, Moments):
        return a + b
    if isinstance(a, Histogram) and isinstance(b, Histogram):
        return a + b
    raise ValueError("only statistics of the same kind add up")
