"""Properties of whole games under random play (Hypothesis), and the shared API checker at 2-6 players."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import highroller as hr
from highroller.core.checker import check_game
from highroller.core.state import CHANCE
from highroller.games.lastchance.bots import OddsBot, RandomLastChanceBot
from highroller.games.lastchance.state import LastChanceState
from highroller.games.lastchance.view import LastChanceView

MAX_STEPS = 50_000


def play_checked(state: LastChanceState, chooser: random.Random, timid: bool) -> None:
    """Play to the end with random legal actions (a timid player passes or skips the bet 4 times in 5),
    checking the money and who acts at every step."""
    expected = list(state.money)
    out: set[int] = set()
    seen_events = 0
    for _ in range(MAX_STEPS):
        if state.is_terminal():
            break
        player = state.current_player
        if player == CHANCE:
            state.apply(state.sample_chance())
        else:
            assert player not in out, f"eliminated seat {player} acts"
            assert state.active[player]
            legal = state.legal_actions()
            state.apply(legal[0] if timid and chooser.random() < 0.8 else chooser.choice(legal))
        for event in state.events[seen_events:]:
            if event["type"] == "auction":
                expected[event["roller"]] -= event["bid"]
            elif event["type"] == "settle":
                for move in event["transfers"]:
                    if isinstance(move["from"], int):
                        expected[move["from"]] -= move["amount"]
                    if isinstance(move["to"], int):
                        expected[move["to"]] += move["amount"]
                assert event["money"] == expected
            elif event["type"] == "eliminated":
                out.add(event["seat"])
        seen_events = len(state.events)
        assert state.money == expected, "money moved outside an auction or a settlement"
        assert min(state.money) >= 0
        assert all(m % 100 == 0 for m in state.money)
        assert all(state.money[s] == 0 for s in out)
    else:
        raise AssertionError("the game did not end")
    end = state.events[-1]
    assert end["type"] == "end" and end["winners"] == state.winners()
    assert all(state.active[s] and state.won[s] for s in state.winners())


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32),
    players=st.integers(2, 6),
    money=st.sampled_from([100, 500, 1000, 5000]),
    cards=st.integers(1, 10),
    bet_limit=st.sampled_from([100, 1000, 3000]),
    timid=st.booleans(),
)
def test_money_moves_only_by_settlements_nobody_goes_below_0_and_the_game_ends(
    seed: int, players: int, money: int, cards: int, bet_limit: int, timid: bool
) -> None:
    state = hr.make("lastchance", players=players, money=money, cards=cards, bet_limit=bet_limit).new_game(seed)
    assert isinstance(state, LastChanceState)
    play_checked(state, random.Random(seed), timid)


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 6))
def test_the_games_bots_play_legal_moves_to_the_end(seed: int, players: int) -> None:
    game = hr.make("lastchance", players=players)
    state = game.new_game(seed)
    bots = [(OddsBot if s % 2 else RandomLastChanceBot)(seed + s) for s in range(players)]
    for _ in range(MAX_STEPS):
        if state.is_terminal():
            return
        player = state.current_player
        step = state.sample_chance() if player == CHANCE else bots[player].choose(state)
        if player != CHANCE:
            assert step in state.legal_actions()
        state.apply(step)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("players", [2, 3, *(pytest.param(p, marks=pytest.mark.slow) for p in (4, 5, 6))])
def test_the_shared_api_checker(players: int) -> None:
    check_game(hr.make("lastchance", players=players), view_type=LastChanceView)


def test_the_shared_api_checker_with_variants() -> None:
    check_game(
        hr.make("lastchance", players=3, money=300, cards=12, bet_limit=200), view_type=LastChanceView, games=2, seed=5
    )
