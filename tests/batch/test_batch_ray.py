"""`simulate --backend ray` (and `analyze`): the same series on a local Ray instance as on local
processes, game for game."""

from __future__ import annotations

import json

import numpy as np
import pytest
from click.testing import CliRunner

import highroller as hr
from highroller.batch.runner import CHUNK, run_series, run_totals
from highroller.cli.main import cli

pytestmark = pytest.mark.slow  # starts a local Ray instance


def test_a_series_on_ray_is_the_series_on_local_processes() -> None:
    game = hr.make("lasvegas", players=3)
    games = 3 * CHUNK + 17
    local = run_series("highroller.games.lasvegas.batch:ENGINE", game, ["greedy", "random", "random"], 5, games, 2)
    on_ray = run_series("highroller.games.lasvegas.batch:ENGINE", game, ["greedy", "random", "random"], 5, games, backend="ray")
    assert on_ray.games == games
    for name, array in local.arrays().items():
        assert np.array_equal(array, on_ray.arrays()[name]), name


def test_simulate_takes_the_ray_backend() -> None:
    args = ["simulate", "luckiest", "--players", "2", "--games", "3000", "--seed", "4", "--json"]
    local = json.loads(CliRunner().invoke(cli, args, catch_exceptions=False).output)
    on_ray = json.loads(CliRunner().invoke(cli, [*args, "--backend", "ray"], catch_exceptions=False).output)
    for key in ("games", "seed", "engine"):
        assert local[key] == on_ray[key]
    assert {k: v for k, v in local.items() if k not in ("elapsed_s", "games_per_s")} == {k: v for k, v in on_ray.items() if k not in ("elapsed_s", "games_per_s")}


def test_totals_on_ray_are_the_totals_on_local_processes() -> None:
    game = hr.make("lasvegas", players=3)
    games = 3 * CHUNK + 17
    bots = ["greedy", "random", "random"]
    local = run_totals("highroller.games.lasvegas.batch:ENGINE", game, bots, 5, games, 2)
    seen: list[int] = []
    on_ray = run_totals("highroller.games.lasvegas.batch:ENGINE", game, bots, 5, games, on_chunk=seen.append, backend="ray")
    assert on_ray == local and sum(seen) == games
