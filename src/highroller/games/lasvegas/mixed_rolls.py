"""Rolls of a seat's own dice with the Biggie or neutral dice, drawn in one call.

A roll with the Biggie or neutral dice is one exactly uniform number below (own outcomes) × 6 ×
(neutral outcomes) — ordered rolls of each group, the Biggie's face between them — split into the
groups' parts; each part is read from its group's multiset table. `MixedRolls` keeps what a draw needs
for one kind of roll, so a draw is a few integer operations and two bisections, with the same result
as `uniform_below` and `MultisetTable.sample` step by step (plain rolls have `RollSteps`).
"""

# highroller: compile

from __future__ import annotations

from bisect import bisect_right
from functools import cache

from highroller.core.dice import multiset_table, rejection_limit
from highroller.core.rng import mix64
from highroller.games.lasvegas.steps import Roll


class MixedRolls:
    """The draw of a roll of `own` own dice, the Biggie if `big`, and `neutral` neutral dice."""

    __slots__ = (
        "_big",
        "_limit",
        "_neutral_cumulative",
        "_neutral_outcomes",
        "_own_cumulative",
        "_own_outcomes",
        "_own_total",
        "_total",
    )

    def __init__(self, own: int, big: bool, neutral: int) -> None:
        own_table, neutral_table = multiset_table(own), multiset_table(neutral)
        self._own_outcomes, self._own_cumulative, self._own_total = (
            own_table.outcomes,
            own_table._cumulative,
            own_table.total,
        )
        self._neutral_outcomes, self._neutral_cumulative = neutral_table.outcomes, neutral_table._cumulative
        self._big = big
        self._total = own_table.total * (6 if big else 1) * neutral_table.total
        self._limit = rejection_limit(self._total)

    def draw(self, bits: int) -> Roll:
        """The roll drawn exactly from 64 uniformly random bits."""
        while bits >= self._limit:
            bits = mix64(bits)
        rest, own = divmod(bits % self._total, self._own_total)
        biggie = 0
        if self._big:
            rest, face = divmod(rest, 6)
            biggie = face + 1
        return Roll(
            self._own_outcomes[bisect_right(self._own_cumulative, own)],
            biggie,
            self._neutral_outcomes[bisect_right(self._neutral_cumulative, rest)],
        )


@cache
def mixed_rolls(own: int, big: bool, neutral: int) -> MixedRolls:
    """The shared draw of one kind of roll (own dice, Biggie, neutral dice)."""
    return MixedRolls(own, big, neutral)
