"""Properties of random Luckiest Dice games (Hypothesis), and the shared API checker at 1-5 players."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import highroller as hr
from highroller.core.checker import check_game
from highroller.core.state import CHANCE, TERMINAL
from highroller.games.luckiest.state import LuckiestState
from highroller.games.luckiest.steps import Bank
from highroller.games.luckiest.view import LuckiestView


@pytest.mark.parametrize("players", [1, 2, *(pytest.param(p, marks=pytest.mark.slow) for p in (3, 4, 5))])
def test_the_api_checker(players: int) -> None:
    check_game(hr.make("luckiest", players=players), view_type=LuckiestView)


@settings(max_examples=60, deadline=None)
@given(players=st.integers(1, 5), rounds=st.integers(1, 5), seed=st.integers(0, 2**32), bank_chance=st.floats(0.0, 1.0))
def test_random_games_keep_the_rules(players: int, rounds: int, seed: int, bank_chance: float) -> None:
    state = hr.make("luckiest", players=players, rounds=rounds).new_game(seed)
    assert isinstance(state, LuckiestState)
    rng = random.Random(seed)
    rolls = 0
    busts = 0
    while state.current_player != TERMINAL:
        assert state.points >= 0
        turn, turns_done = state.turn, len(state.scores[state.turn])
        if state.current_player == CHANCE:
            at_risk, seen = state.points, len(state.events)
            state.apply(state.sample_chance())
            rolls += 1
            assert rolls <= 14
            for event in state.events[seen:]:
                if event["type"] == "bust":
                    busts += 1
                    assert state.scores[turn][-1] == 0 and event["lost"] == at_risk
        else:
            legal = state.legal_actions()
            banks = [a for a in legal if isinstance(a, Bank)]
            state.apply(
                banks[0]
                if banks and rng.random() < bank_chance
                else rng.choice([a for a in legal if not isinstance(a, Bank)])
            )
        if len(state.scores[turn]) > turns_done:
            rolls = 0
    assert all(len(scores) == rounds for scores in state.scores)
    assert all(score >= 0 for scores in state.scores for score in scores)
    assert sum(1 for e in state.events if e["type"] == "bust") == busts
    assert [e["round"] for e in state.events if e["type"] == "round"] == list(range(1, rounds + 1))
    assert state.winners() and max(state.totals()) == min(state.totals()[w] for w in state.winners())
