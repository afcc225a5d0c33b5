"""The solved values against play: ≥ 100,000 turns or games per figure on the batch engine (a fixed
series of seeds), 10,000 turns on the step engine, and a tolerance of four standard errors of the
played mean."""

from __future__ import annotations

import numpy as np
import pytest
from luckiest_checks import assert_within

import highroller as hr
from highroller.batch.engine import BatchResult
from highroller.batch.seeds import game_seeds
from highroller.games.luckiest.batch import ENGINE
from highroller.games.luckiest.faces import load_faces
from highroller.games.luckiest.rules import DICE
from highroller.games.luckiest.solver import WinSolution, score_values, solve_win

DEFAULT = load_faces("default")
ROUNDS = 4


def play_batch(options: dict[str, int], bots: list[str], count: int, series: int) -> BatchResult:
    return ENGINE.run(hr.make("luckiest", **options), bots, game_seeds(series, 0, count))


@pytest.fixture(scope="module")
def solution() -> WinSolution:
    return solve_win(DEFAULT, ROUNDS)


def test_expected_turn_score_on_the_batch_engine() -> None:
    turns = play_batch({"players": 1, "rounds": 1}, ["optimal"], 200_000, series=2024)
    points = turns.extra["round_points"][:, 0, 0]
    assert_within(points.astype(float), float(score_values(DEFAULT).start[0]))
    assert points.min() >= 0 and turns.extra["rolls"].max() <= DICE


def test_first_player_win_probability_on_the_batch_engine(solution: WinSolution) -> None:
    games = play_batch({"players": 2, "rounds": ROUNDS}, ["optimal-win", "optimal-win"], 100_000, series=7)
    assert_within(games.wins[:, 0], solution.first_player)


@pytest.mark.parametrize(("bots", "seat"), [(["optimal-win", "optimal"], 0), (["optimal", "optimal-win"], 1)])
def test_edge_over_the_score_maximiser_on_the_batch_engine(solution: WinSolution, bots: list[str], seat: int) -> None:
    games = play_batch({"players": 2, "rounds": ROUNDS}, bots, 100_000, series=11 + seat)
    assert solution.against_score is not None
    assert_within(games.wins[:, seat], solution.against_score[seat])


def test_the_optimal_bot_through_the_step_engine_scores_as_solved() -> None:
    game = hr.make("luckiest", players=1, rounds=10)
    points = np.array(
        [score for seed in range(1000) for score in hr.play(game, ["optimal"], seed=seed).scores[0]], dtype=float
    )
    assert_within(points, float(score_values(DEFAULT).start[0]))
