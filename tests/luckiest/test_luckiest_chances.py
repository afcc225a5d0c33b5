"""The win-chance meter's estimate for 2-player Luckiest Dice: the exact win solution's value at each
decision, the rest for the other seat, certainty at the end, nothing where it is not covered."""

from __future__ import annotations

import pytest

import highroller as hr
from highroller.games.luckiest.chances import win_chances
from highroller.games.luckiest.faces import resolve_faces
from highroller.games.luckiest.policy import win_advice, win_solution


def test_the_first_decision_is_the_solved_games_start() -> None:
    game = hr.make("luckiest", players=2, rounds=2)
    state = game.new_game(seed=3)
    solution = win_solution(resolve_faces(game.options["faces"]), 2)
    mover = state.current_player
    chances = win_chances(state)
    assert chances is not None
    assert chances[mover] == pytest.approx(solution.start[0, solution.span])
    assert chances[1 - mover] == pytest.approx(1 - solution.start[0, solution.span])


@pytest.mark.parametrize("seed", range(4))
def test_every_position_of_a_game_has_chances_that_add_up_or_none(seed: int) -> None:
    game = hr.make("luckiest", players=2, rounds=2)
    state = game.new_game(seed=seed)
    while not state.is_terminal():
        chances = win_chances(state)
        if state.current_player == hr.CHANCE:
            assert chances is None
            state.apply(state.sample_chance())
            continue
        assert chances is not None and sum(chances) == pytest.approx(1)
        mover = state.current_player
        assert chances[mover] == pytest.approx(max(value for _, value in win_advice(state.view(mover)).values))
        state.apply(state.legal_actions()[seed % len(state.legal_actions())])
    final = win_chances(state)
    winners = state.winners()
    assert final == [1 / len(winners) if seat in winners else 0.0 for seat in range(2)]


@pytest.mark.parametrize("players", [1, 4, 5])
def test_other_numbers_of_players_are_not_covered(players: int) -> None:
    assert win_chances(hr.make("luckiest", players=players).new_game(seed=1)) is None
