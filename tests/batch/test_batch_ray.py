"""`simulate --backend ray` and `analyze --backend ray`: the same series on a local Ray instance as on
local processes, game for game, and the same totals and tallies."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

import highroller as hr
from highroller.batch.ranges import CHUNK
from highroller.batch.runner import run_reduced, run_series, run_totals
from highroller.cli.main import cli
from highroller.games.lasvegas import analysis as lasvegas_analysis

pytestmark = pytest.mark.slow  # starts a local Ray instance


def test_a_series_on_ray_is_the_series_on_local_processes() -> None:
    game = hr.make("lasvegas", players=3)
    games = 3 * CHUNK + 17
    local = run_series("highroller.games.lasvegas.batch:ENGINE", game, ["greedy", "random", "random"], 5, games, 2)
    on_ray = run_series(
        "highroller.games.lasvegas.batch:ENGINE", game, ["greedy", "random", "random"], 5, games, backend="ray"
    )
    assert on_ray.games == games
    for name, array in local.arrays().items():
        assert np.array_equal(array, on_ray.arrays()[name]), name


def test_simulate_takes_the_ray_backend() -> None:
    args = ["simulate", "luckiest", "--players", "2", "--games", "3000", "--seed", "4", "--json"]
    local = json.loads(CliRunner().invoke(cli, args, catch_exceptions=False).stdout)
    on_ray = json.loads(CliRunner().invoke(cli, [*args, "--backend", "ray"], catch_exceptions=False).stdout)
    for key in ("games", "seed", "engine"):
        assert local[key] == on_ray[key]
    assert {k: v for k, v in local.items() if k not in ("elapsed_s", "games_per_s")} == {
        k: v for k, v in on_ray.items() if k not in ("elapsed_s", "games_per_s")
    }


def test_totals_on_ray_are_the_totals_on_local_processes() -> None:
    game = hr.make("lasvegas", players=3)
    games = 3 * CHUNK + 17
    bots = ["greedy", "random", "random"]
    local = run_totals("highroller.games.lasvegas.batch:ENGINE", game, bots, 5, games, 2)
    seen: list[int] = []
    on_ray = run_totals(
        "highroller.games.lasvegas.batch:ENGINE", game, bots, 5, games, on_chunk=seen.append, backend="ray"
    )
    assert on_ray == local and sum(seen) == games


def test_an_analysis_tally_on_ray_is_the_tally_on_local_processes() -> None:
    game = hr.make("lasvegas", players=3)
    games = 3 * CHUNK + 17
    bots = ["greedy", "random", "random"]
    local = run_reduced(lasvegas_analysis.tally, "highroller.games.lasvegas.batch:ENGINE", game, bots, 5, games, 2)
    on_ray = run_reduced(
        lasvegas_analysis.tally, "highroller.games.lasvegas.batch:ENGINE", game, bots, 5, games, backend="ray"
    )
    assert on_ray == local and on_ray.moments("wins by seat").count == games


def test_analyze_takes_the_ray_backend(tmp_path: Path) -> None:
    args = ["analyze", "luckiest", "--players", "2", "--games", "3000", "--seed", "4"]
    CliRunner().invoke(cli, [*args, "--out", str(tmp_path / "local")], catch_exceptions=False)
    CliRunner().invoke(cli, [*args, "--backend", "ray", "--out", str(tmp_path / "ray")], catch_exceptions=False)
    local, on_ray = (
        (tmp_path / where / "summary.txt").read_text().partition("Plots:")[0] for where in ("local", "ray")
    )
    assert "optimal-win at seat 1 against optimal: wins" in local and on_ray == local
