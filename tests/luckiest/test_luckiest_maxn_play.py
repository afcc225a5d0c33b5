"""The 3-player max-n solution in play: simulated games against its figures (four standard errors),
the step bot, win chances and advice from it, the solutions kept on disk, and `solve --players 3`."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner
from luckiest_checks import assert_within

import highroller as hr
from highroller.batch.seeds import game_seeds
from highroller.core import firsttime
from highroller.core.firsttime import NotWarm
from highroller.core.words import Words
from highroller.games.luckiest.advice import move_advice
from highroller.games.luckiest.batch import ENGINE
from highroller.games.luckiest.bots import OptimalWinBot
from highroller.games.luckiest.chances import win_chances
from highroller.games.luckiest.cli import solve
from highroller.games.luckiest.faces import load_faces
from highroller.games.luckiest.maxn import store
from highroller.games.luckiest.maxn.report import MAXN, SCORE, evaluate
from highroller.games.luckiest.maxn.solution import solve_maxn

DEFAULT = load_faces("default")
GAMES = 60_000


@pytest.mark.slow
def test_max_n_play_wins_as_solved() -> None:
    solution = store.solution(DEFAULT, 3, 4)
    result = ENGINE.run(hr.make("luckiest", players=3), ["optimal-win"] * 3, game_seeds(47, 0, GAMES))
    for seat, chance in enumerate(solution.chances(0, [0, 0, 0])):
        assert_within(result.wins[:, seat], chance)


@pytest.mark.slow
@pytest.mark.parametrize("seat", range(3))
def test_one_max_n_player_beats_score_maximisers_as_solved(seat: int) -> None:
    solution = solve_maxn(DEFAULT, 3, 4, keep=True)
    profile = [SCORE] * 3
    profile[seat] = MAXN
    solved = evaluate(solution, profile)[seat]
    bots = ["optimal"] * 3
    bots[seat] = "optimal-win"
    result = ENGINE.run(hr.make("luckiest", players=3), bots, game_seeds(48 + seat, 0, GAMES))
    assert_within(result.wins[:, seat], solved)
    assert solved > 1 / 3 + 0.03


@pytest.mark.slow  # whole games of three against the solution
def test_step_bot_and_win_chances_follow_the_solution() -> None:
    solution = store.solution(DEFAULT, 3, 4)
    state = hr.make("luckiest", players=3).new_game(seed=5)
    bots = [OptimalWinBot(seat) for seat in range(3)]
    starts = 0
    while not state.is_terminal():
        if state.current_player < 0:
            state.apply(state.sample_chance())
            continue
        chances = win_chances(state)
        assert chances is not None and len(chances) == 3
        assert sum(chances) == pytest.approx(1.0, abs=1e-9)
        view = state.view(state.current_player)
        if view["dice_left"] == 12:
            turn = 3 * (view["round"] - 1) + view["turn"]
            assert chances == pytest.approx(list(solution.chances(turn, list(view["totals"]))), abs=1e-9)
            starts += 1
        advice = move_advice(state, state.current_player, Words("en"))
        assert advice is not None and advice["measure"] == "chance"
        action = bots[state.current_player].choose(state)
        assert advice["best"] == action.to_json()
        assert max(move["value"] for move in advice["moves"]) == pytest.approx(chances[state.current_player], abs=1e-3)
        state.apply(action)
    assert starts == 12
    shares = win_chances(state)
    assert shares is not None and sum(shares) == pytest.approx(1.0)


def test_games_without_an_exact_solution_show_no_chances_and_advise_points() -> None:
    for players, rounds in [(3, 5), (4, 3), (4, 4)]:
        state = hr.make("luckiest", players=players, rounds=rounds).new_game(seed=1)
        while state.current_player < 0:
            state.apply(state.sample_chance())
        assert win_chances(state) is None
        advice = move_advice(state, state.current_player, Words("en"))
        assert advice is not None and advice["measure"] == "points"
        assert OptimalWinBot(0).choose(state) in state.legal_actions()
    assert store.covered(4, 3) and not store.exact(4, 3) and not store.covered(4, 4)


@pytest.mark.slow  # two solutions of games of three
@pytest.mark.parametrize(("players", "step"), [(3, 6), (3, 12)])
def test_a_coarse_grid_comes_close_to_the_exact_solution(players: int, step: int) -> None:
    exact = solve_maxn(DEFAULT, players, 4).chances(0, [0] * players)
    coarse = solve_maxn(DEFAULT, players, 4, step=step)
    assert coarse.chances(0, [0] * players) == pytest.approx(exact, abs=0.02)
    # inside the game, where a few points decide more, the error grows with the step
    assert coarse.chances(2, [17, 30, 0]) == pytest.approx(
        store.solution(DEFAULT, 3, 4).chances(2, [17, 30, 0]), abs=step / 100
    )


@pytest.mark.slow
def test_the_four_player_approximation_beats_points_maximisers() -> None:
    """The bot on the 12-point grid, against three points maximisers, from the last seat (where its
    choices matter most): well above parity."""
    bots = ["optimal"] * 3 + ["optimal-win"]
    result = ENGINE.run(hr.make("luckiest", players=4), bots, game_seeds(51, 0, 20_000))
    assert result.wins[:, 3].mean() - 4 * result.wins[:, 3].std(ddof=1) / np.sqrt(20_000) > 0.25 + 0.1


@pytest.fixture
def solutions_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setattr(store, "folder", lambda: tmp_path)
    monkeypatch.setattr(store, "_solved", set())
    store.solution.cache_clear()
    yield tmp_path
    store.solution.cache_clear()
    firsttime.defer(False)


def test_a_solution_is_kept_and_read_back(solutions_folder: Path) -> None:
    stale = solutions_folder / "luckiest-maxn-3p-1r-0123456789abcdef.npz"  # the same game, older sources
    stale.write_bytes(b"old")
    game = hr.make("luckiest", players=3, rounds=1)
    assert not store.is_stored(DEFAULT, 3, 1) and not OptimalWinBot.ready(game)
    solved = store.solution(DEFAULT, 3, 1)
    assert [p.name for p in solutions_folder.iterdir()] == [store.path(DEFAULT, 3, 1).name]
    assert OptimalWinBot.ready(game)
    store.solution.cache_clear()
    read_back = store.solution(DEFAULT, 3, 1)
    assert all(np.array_equal(a, b, equal_nan=True) for a, b in zip(solved.start, read_back.start))


def test_every_module_of_the_solver_names_the_stored_solution() -> None:
    game = Path(store.__file__).parents[1]
    solver = {path.relative_to(game).as_posix() for path in (game / "maxn").glob("*.py")}
    assert solver - {"maxn/__init__.py", "maxn/store.py", "maxn/report.py"} <= set(store.SOURCES)


def test_a_damaged_solution_is_solved_again(solutions_folder: Path, caplog: pytest.LogCaptureFixture) -> None:
    where = store.path(DEFAULT, 3, 1)
    where.write_bytes(b"not a solution")
    solved = store.solution(DEFAULT, 3, 1)
    assert "could not be read" in caplog.text
    assert solved.chances(0, [0, 0, 0]) == pytest.approx([0.19909021, 0.28313771, 0.51777208], abs=1e-8)
    np.load(where)  # rewritten whole


def test_a_server_worker_does_not_solve_but_plays_on(solutions_folder: Path) -> None:
    firsttime.defer()
    state = hr.make("luckiest", players=3, rounds=1).new_game(seed=2)
    while state.current_player < 0:
        state.apply(state.sample_chance())
    with pytest.raises(NotWarm):
        OptimalWinBot(0).choose(state)
    assert win_chances(state) is None
    advice = move_advice(state, state.current_player, Words("en"))
    assert advice is not None and advice["measure"] == "points"
    assert not list(solutions_folder.iterdir())


def test_solve_three_players_from_the_command_line(tmp_path: Path) -> None:
    out = tmp_path / "policy.json"
    result = CliRunner().invoke(
        solve, ["--players", "3", "--rounds", "1", "--objective", "win", "--json", "--out", str(out)]
    )
    assert result.exit_code == 0, result.output
    headline = json.loads(result.output)["maxn"]
    assert headline["seat_win_probabilities"] == pytest.approx([0.19909021, 0.28313771, 0.51777208], abs=1e-8)
    assert headline["one_max_n_against_score_maximisers"]["average"] > 0.5
    rows = json.loads(out.read_text())["win"]
    assert rows[0] == {"turn": 1, "round": 1, "mover": 1, "seat 2 minus seat 1": 0, "seat 3 minus seat 1": 0} | {
        f"seat {i} wins": pytest.approx(c, abs=1e-8) for i, c in zip((1, 2, 3), (0.19909021, 0.28313771, 0.51777208))
    }


def test_solve_five_players_on_a_coarse_grid() -> None:
    result = CliRunner().invoke(
        solve, ["--players", "5", "--rounds", "1", "--objective", "win", "--step", "12", "--json"]
    )
    assert result.exit_code == 0, result.output
    headline = json.loads(result.output)["maxn"]
    assert headline["grid_step"] == 12 and sum(headline["seat_win_probabilities"]) == pytest.approx(1.0)
    assert "one_max_n_against_score_maximisers" not in headline  # the comparisons are exact only


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["--players", "5", "--objective", "win"], "with --step 12"),
        (["--players", "3", "--rounds", "19"], "35,166,549 score situations"),
        (["--players", "4", "--out", "x.csv"], "the win table is written for up to"),
    ],
)
def test_solve_refuses_what_it_cannot_do(arguments: list[str], message: str) -> None:
    result = CliRunner().invoke(solve, arguments)
    assert result.exit_code == 2 and message in result.output


@pytest.mark.slow
def test_the_coarse_grid_bot_plays_about_as_well_as_the_exact_one_at_three_players(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The approximation's cost in play: the bot on the 12-point grid, from each seat against two
    points maximisers (20,000 games a seat), wins on average over the seats within a point of the
    exact policy's chance (it is another policy: from some seats it does better against them)."""
    exact = solve_maxn(DEFAULT, 3, 4, keep=True)
    coarse = solve_maxn(DEFAULT, 3, 4, step=12)
    monkeypatch.setattr(store, "solution", lambda faces, players, rounds: coarse)
    played, solved = [], []
    for seat in range(3):
        profile = [SCORE] * 3
        profile[seat] = MAXN
        bots = ["optimal"] * 3
        bots[seat] = "optimal-win"
        result = ENGINE.run(hr.make("luckiest", players=3), bots, game_seeds(60 + seat, 0, 20_000))
        played.append(result.wins[:, seat].mean())
        solved.append(evaluate(exact, profile)[seat])
    assert np.mean(played) > np.mean(solved) - 0.01, (played, solved)
