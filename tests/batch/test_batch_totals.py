"""A series reduced to per-seat totals where it is played (`run_totals`: `run_reduced` with
`SeriesTotals.of`, what `simulate` does on the batch engine) gives exactly the sums of the whole
series' arrays, on one process, on several and split in any ranges; the exact sums do not depend on
the order their parts are added in."""

from __future__ import annotations

import operator
from fractions import Fraction
from functools import reduce

import numpy as np
import pytest

import highroller as hr
from highroller.batch.ranges import CHUNK, range_reduced
from highroller.batch.runner import run_series, run_totals
from highroller.batch.totals import SHARE_UNIT, SeriesTotals, exact_sums

ENGINE = "highroller.games.lasvegas.batch:ENGINE"
BOTS = ["greedy", "random", "random"]


def test_totals_are_the_exact_sums_of_the_series_arrays() -> None:
    game = hr.make("lasvegas", players=3)
    games = 2 * CHUNK + 5
    whole = run_series(ENGINE, game, BOTS, 8, games)
    totals = run_totals(ENGINE, game, BOTS, 8, games)
    assert totals.games == games
    assert [int(total) for total in totals.returns] == [int(v) for v in whole.returns.sum(axis=0)]
    assert all(total.denominator <= SHARE_UNIT for total in totals.wins)
    assert sum(totals.wins) == games  # every Las Vegas game has a winner, or winners sharing it
    assert np.allclose([float(total) for total in totals.wins], whole.wins.sum(axis=0))


def test_totals_do_not_depend_on_how_the_series_is_split() -> None:
    game = hr.make("lasvegas", players=3)
    games = 3 * CHUNK + 17
    one = run_totals(ENGINE, game, BOTS, 9, games)
    parts = [
        range_reduced(SeriesTotals.of, ENGINE, game, BOTS, 9, start, min(5000, games - start))
        for start in range(0, games, 5000)
    ]
    assert reduce(operator.add, reversed(parts)) == one
    seen: list[int] = []
    assert run_totals(ENGINE, game, BOTS, 9, games, processes=2, on_chunk=seen.append) == one
    assert sum(seen) == games


def test_exact_sums_take_thirds_and_fall_back_to_fractions() -> None:
    shares = np.array([[1 / 3, 1 / 3, 1 / 3, 0.0]] * 3 + [[0.0, 0.5, 0.5, 0.0]])
    assert exact_sums(shares, SHARE_UNIT) == (Fraction(1), Fraction(3, 2), Fraction(3, 2), Fraction(0))
    odd = np.array([[0.1], [0.2]])
    assert exact_sums(odd) == (Fraction(0.1) + Fraction(0.2),)
    with pytest.raises(ValueError):
        SeriesTotals(1, (Fraction(0),) * 2, (Fraction(1),) * 2) + SeriesTotals(
            1, (Fraction(0),) * 3, (Fraction(1),) * 3
        )
