"""A series' per-seat totals (games, sum of returns, sum of win shares), kept exactly, so a series of
any length can be summarised in constant memory and the totals do not depend on how it was split.

Sums of floating-point numbers depend on the order they are added in, so the totals are exact
fractions: a batch's returns are summed as integers when they are whole numbers (every game's score
is), its win shares (1/k for k who share a win) as integer multiples of 1/`SHARE_UNIT` (a float within
a billionth of such a multiple, as 1/3 is, counts as it); a batch holding any other value is added
value by value as exact fractions, which is slower.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from highroller.batch.engine import BatchResult
from highroller.batch.tally import column_sums, whole

SHARE_UNIT = 2520
"""The least common multiple of 1..10: a share of a win among up to ten players is a whole multiple of 1/2520."""


def exact_sums(values: np.ndarray, unit: int = 1) -> tuple[Fraction, ...]:
    """The exact column sums of a [games, seats] float array, fast when every value is a whole multiple of 1/unit."""
    try:
        scaled = whole(values, unit)
    except ValueError:
        return tuple(sum((Fraction(float(v)) for v in column), Fraction(0)) for column in values.T)
    return tuple(Fraction(total, unit) for total in column_sums(scaled))


@dataclass(frozen=True)
class SeriesTotals:
    """Games played and, per seat, the exact sums of returns and of win shares."""

    games: int
    returns: tuple[Fraction, ...]
    wins: tuple[Fraction, ...]

    @staticmethod
    def of(result: BatchResult) -> SeriesTotals:
        """The totals of one batch."""
        return SeriesTotals(result.games, exact_sums(result.returns), exact_sums(result.wins, SHARE_UNIT))

    def __add__(self, other: SeriesTotals) -> SeriesTotals:
        return SeriesTotals(
            self.games + other.games,
            tuple(a + b for a, b in zip(self.returns, other.returns, strict=True)),
            tuple(a + b for a, b in zip(self.wins, other.wins, strict=True)),
        )
