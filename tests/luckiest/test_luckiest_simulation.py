"""The solved values against simulation: ≥ 100,000 turns or games per figure, a fixed seed, and a
tolerance of four standard errors of the simulated mean."""

from __future__ import annotations

import numpy as np
import pytest

import highroller as hr
from highroller.games.luckiest.faces import load_faces
from highroller.games.luckiest.simulate import simulate_score_turns, simulate_win_games
from highroller.games.luckiest.solver import WinSolution, score_values, solve_win

DEFAULT = load_faces("default")
SIGMAS = 4


def assert_within(results: np.ndarray, expected: float) -> None:
    error = results.std(ddof=1) / np.sqrt(results.size)
    assert abs(results.mean() - expected) < SIGMAS * error, f"simulated {results.mean():.5f} ± {error:.5f}, solved {expected:.5f}"


@pytest.fixture(scope="module")
def solution() -> WinSolution:
    return solve_win(DEFAULT, 4)


def test_expected_turn_score_by_simulation() -> None:
    turns = simulate_score_turns(DEFAULT, 200_000, seed=2024)
    assert_within(turns.points.astype(float), float(score_values(DEFAULT).start[0]))
    assert turns.points.min() >= 0 and turns.rolls.max() <= 12


def test_first_player_win_probability_by_simulation(solution: WinSolution) -> None:
    assert_within(simulate_win_games(solution, 100_000, seed=7), solution.first_player)


@pytest.mark.parametrize(("policies", "seat"), [(("win", "score"), 0), (("score", "win"), 1)])
def test_edge_over_the_score_maximiser_by_simulation(solution: WinSolution, policies: tuple[str, str], seat: int) -> None:
    first_results = simulate_win_games(solution, 100_000, seed=11 + seat, policies=policies)
    optimal_results = first_results if seat == 0 else 1.0 - first_results
    assert solution.against_score is not None
    assert_within(optimal_results, solution.against_score[seat])


def test_the_optimal_bot_through_the_engine_scores_as_solved() -> None:
    game = hr.make("luckiest", players=1, rounds=10)
    points = np.array([score for seed in range(1000) for score in hr.play(game, ["optimal"], seed=seed).scores[0]], dtype=float)
    assert_within(points, float(score_values(DEFAULT).start[0]))
