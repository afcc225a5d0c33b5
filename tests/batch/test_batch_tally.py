"""An analysis's tally (`batch.tally`): exact statistics gathered chunk by chunk give the figures the
whole series' arrays give (means and standard errors as NumPy, quantiles as `numpy.percentile`, box
plots as Matplotlib), the same however the series is split, and the analyses on the batch engine run
on it in constant memory (`run_reduced`)."""

from __future__ import annotations

import operator
from collections.abc import Callable
from functools import reduce
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st
from matplotlib import cbook

import highroller as hr
from highroller.batch.ranges import CHUNK, range_reduced
from highroller.batch.runner import run_reduced, run_series
from highroller.batch.tally import Histogram, Moments, Tally
from highroller.batch.totals import SHARE_UNIT
from highroller.cli.main import cli
from highroller.games.lasvegas import analysis as lasvegas_analysis
from highroller.games.luckiest import analysis as luckiest_analysis

ENGINE = "highroller.games.lasvegas.batch:ENGINE"
values = st.lists(st.integers(-(10**6), 10**6), min_size=1, max_size=60)


@given(values, values)
@settings(max_examples=60, deadline=None)
def test_histograms_add_up_to_the_histogram_of_both(first: list[int], second: list[int]) -> None:
    both = Histogram.of(np.array(first + second, dtype=float))
    assert Histogram.of(np.array(first)) + Histogram.of(np.array(second)) == both
    assert Histogram.of(np.array(second)) + Histogram.of(np.array(first)) == both
    assert both.count == len(first) + len(second)


@given(values, st.floats(0, 1))
@settings(max_examples=100, deadline=None)
def test_quantiles_are_numpys_percentiles(data: list[int], q: float) -> None:
    array = np.array(data, dtype=float)
    assert Histogram.of(array).quantile(q) == pytest.approx(np.percentile(array, 100 * q), rel=1e-12, abs=1e-9)


@given(values)
@settings(max_examples=60, deadline=None)
def test_box_plot_figures_are_matplotlibs(data: list[int]) -> None:
    expected = cbook.boxplot_stats(np.array(data, dtype=float))[0]
    box = Histogram.of(np.array(data)).box()
    for name in ("q1", "med", "q3", "whislo", "whishi"):
        assert box[name] == pytest.approx(expected[name], rel=1e-12, abs=1e-9), name


def test_moments_give_numpys_means_and_standard_errors() -> None:
    rng = np.random.default_rng(3)
    shares = rng.choice([0.0, 1.0, 0.5, 1 / 3, 0.25], size=(500, 4))
    moments = Moments.of(shares, SHARE_UNIT)
    assert np.allclose(moments.mean(), shares.mean(axis=0), rtol=1e-12)
    assert np.allclose(moments.error(), shares.std(axis=0, ddof=1) / np.sqrt(500), rtol=1e-9)
    money = rng.integers(0, 10**6, size=300).astype(float)
    histogram = Histogram.of(money).moments()
    assert histogram == Moments.of(money)
    assert histogram.mean()[0] == pytest.approx(money.mean()) and histogram.error()[0] == pytest.approx(
        money.std(ddof=1) / np.sqrt(300)
    )


def test_moments_of_large_values_are_exact() -> None:
    big = np.array([2.0**52, 2.0**52 - 1, 3.0] * 1000)
    moments = Moments.of(big)
    assert moments.sums == (sum(int(v) for v in big),)
    assert moments.squares == (sum(int(v) ** 2 for v in big),)
    halves = Moments.of(big[:1500]) + Moments.of(big[1500:])
    assert halves == moments


def test_a_tally_refuses_what_it_cannot_keep_exactly() -> None:
    with pytest.raises(ValueError, match="whole multiples of 1/1"):
        Moments.of(np.array([0.5, 1.0]))
    with pytest.raises(ValueError, match="whole multiples of 1/2520"):
        Histogram.of(np.array([1 / 11]), SHARE_UNIT)
    with pytest.raises(ValueError, match="below 2\\*\\*53"):
        Histogram.of(np.array([2.0**60]))
    with pytest.raises(ValueError, match="same columns"):
        Moments.of(np.zeros((3, 2))) + Moments.of(np.zeros((3, 3)))
    with pytest.raises(ValueError, match="same unit"):
        Histogram.of(np.zeros(3)) + Histogram.of(np.zeros(3), SHARE_UNIT)
    with pytest.raises(ValueError, match="same statistics"):
        Tally({"a": Histogram.of(np.zeros(3))}) + Tally({"b": Histogram.of(np.zeros(3))})
    with pytest.raises(ValueError, match="same kind"):
        Tally({"a": Histogram.of(np.zeros(3))}) + Tally({"a": Moments.of(np.zeros(3))})
    with pytest.raises(ValueError, match="empty histogram"):
        Histogram(1, ()).quantile(0.5)


def test_a_las_vegas_tally_gives_the_figures_of_the_series_arrays() -> None:
    game = hr.make("lasvegas", players=4)
    bots = ["greedy"] * 4
    games = CHUNK + 300
    whole = run_series(ENGINE, game, bots, 12, games)
    tally = run_reduced(lasvegas_analysis.tally, ENGINE, game, bots, 12, games)
    wins = tally.moments("wins by seat")
    assert wins.count == games and sum(wins.sums) == games * SHARE_UNIT
    assert np.allclose(wins.mean(), whole.wins.mean(axis=0), rtol=1e-12)
    assert np.allclose(wins.error(), whole.wins.std(axis=0, ddof=1) / np.sqrt(games), rtol=1e-9)
    for r in range(game.rules.rounds):  # type: ignore[attr-defined]
        money = whole.extra["round_money"][:, r, :].ravel()
        histogram = tally.histogram(f"money in round {r + 1}")
        assert histogram.count == money.size
        assert histogram.quantile(0.5) == np.median(money) and histogram.quantile(0.9) == pytest.approx(
            np.percentile(money, 90)
        )
    assert tally.moments("money of a game").mean()[0] == pytest.approx(whole.returns.sum(axis=1).mean())
    assert tally.moments("money of the winner").mean()[0] == pytest.approx(whole.returns.max(axis=1).mean())
    assert abs(tally.moments("spread between players").mean()[0] - whole.returns.std(axis=1).mean()) <= 0.5


def test_a_tally_does_not_depend_on_how_the_series_is_split() -> None:
    game = hr.make("lasvegas", players=3)
    bots = ["greedy", "random", "random"]
    games = 3 * CHUNK + 17
    one = run_reduced(lasvegas_analysis.tally, ENGINE, game, bots, 9, games)
    parts = [
        range_reduced(lasvegas_analysis.tally, ENGINE, game, bots, 9, start, min(5000, games - start))
        for start in range(0, games, 5000)
    ]
    assert reduce(operator.add, reversed(parts)) == one
    seen: list[int] = []
    assert run_reduced(lasvegas_analysis.tally, ENGINE, game, bots, 9, games, processes=2, on_chunk=seen.append) == one
    assert sum(seen) == games


def test_a_luckiest_tally_counts_every_turn() -> None:
    game = hr.make("luckiest", players=2)
    whole = run_series("highroller.games.luckiest.batch:ENGINE", game, ["optimal", "cautious"], 4, 2000)
    tally = run_reduced(
        luckiest_analysis.tally, "highroller.games.luckiest.batch:ENGINE", game, ["optimal", "cautious"], 4, 2000
    )
    points = whole.extra["round_points"].ravel()
    turn = tally.histogram("points of a turn")
    assert turn.count == points.size and turn.moments().mean()[0] == pytest.approx(points.mean())
    assert tally.histogram("points of a game").quantile(0.9) == pytest.approx(np.percentile(whole.returns, 90))
    assert sum(tally.moments("busts").sums) == whole.extra["busts"].sum()


def test_a_series_needs_a_game() -> None:
    with pytest.raises(ValueError, match="at least one game"):
        run_reduced(lasvegas_analysis.tally, ENGINE, hr.make("lasvegas", players=2), ["greedy"] * 2, 1, 0)


def test_an_analysis_off_the_batch_engine_takes_no_backend(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["analyze", "lastchance", "--backend", "ray", "--out", str(tmp_path)])
    assert result.exit_code == 2 and "No such option '--backend'" in result.output
    assert "--backend" in CliRunner().invoke(cli, ["analyze", "lasvegas", "--help"]).output


def test_an_analysis_shows_the_progress_of_each_series(tmp_path: Path) -> None:
    done: dict[str, int] = {}

    def progress(label: str, games: int) -> Callable[[int], None]:
        assert games == 1000 and label not in done
        done[label] = 0
        return lambda count: done.__setitem__(label, done[label] + count)

    params = {"games": 1000, "seed": 2, "processes": 1, "out": tmp_path, "progress": progress}
    luckiest_analysis.run_analysis(hr.make("luckiest", players=2), {"players": 2}, params)
    assert done == {
        "random at every seat": 1000,
        "cautious at every seat": 1000,
        "optimal at every seat": 1000,
        "optimal-win at seat 1, optimal elsewhere": 1000,
        "optimal-win at seat 2, optimal elsewhere": 1000,
        "optimal, 2 players": 1000,
        "optimal-win, 2 players": 1000,
        "optimal, 3 players": 1000,
        "optimal-win, 3 players": 1000,
        "optimal, 4 players": 1000,
        "optimal, 5 players": 1000,
    }
