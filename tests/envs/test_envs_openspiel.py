"""OpenSpiel: every game registered as a Python game, OpenSpiel's random simulation test on each (and
on option sets that split rolls into parts), parameters, exact chance parts, serialisation, and an
OpenSpiel MCTS bot playing against a highroller bot."""

from __future__ import annotations

import random

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import mcts

import highroller as hr
from highroller.envs.openspiel import HighrollerSpielBot, short_name

SIMULATED = [
    "python_highroller_luckiest",
    "python_highroller_lastchance",
    "python_highroller_lasvegas",
    "python_highroller_lasvegas(edition=biggie,players=4,neutral=True)",
    "python_highroller_lasvegas(players=3,neutral=True,bandit=True)",
]


@pytest.mark.parametrize("name", hr.available_games())
def test_every_game_is_registered(name: str) -> None:
    game = pyspiel.load_game(short_name(name))
    assert game.get_type().short_name == f"python_highroller_{name}"
    assert game.num_players() == hr.make(name).num_players


@pytest.mark.parametrize("text", SIMULATED)
def test_random_simulation_test_passes(text: str) -> None:
    pyspiel.random_sim_test(pyspiel.load_game(text), num_sims=2, serialize=True, verbose=False)


def test_parameters_set_options_and_leave_the_rest_to_the_preset() -> None:
    game = pyspiel.load_game("python_highroller_lasvegas(edition=biggie,players=5,bandit=True)")
    options = game.game.options
    assert options["edition"] == "biggie" and options["players"] == 5 and options["bandit"]
    assert options["biggie"] and options["dice_per_player"] == 6  # the Biggie edition's preset
    assert game.num_players() == 5


def test_roll_parts_multiply_to_the_rolls_probability() -> None:
    game = pyspiel.load_game("python_highroller_lasvegas(edition=biggie,players=2,neutral=True)")
    state = game.new_initial_state()
    rng = random.Random(3)
    while not state.is_chance_node() or state.table.state.view(None)["phase"] != "roll":
        state.apply_action(rng.choice(state.legal_actions()))
    roller = state.table.state
    chances = dict(roller.chance_outcomes())
    probability = 1.0
    while state.table.state is roller and state.is_chance_node():
        outcomes = state.chance_outcomes()
        action, p = outcomes[rng.randrange(len(outcomes))]
        probability *= p
        state.apply_action(action)
    roll = roller.history[-1][1]
    assert probability == pytest.approx(chances[roll])


def test_a_state_survives_serialisation() -> None:
    game = pyspiel.load_game("python_highroller_lastchance(players=3)")
    state = game.new_initial_state()
    rng = random.Random(0)
    for _ in range(30):
        outcomes = state.chance_outcomes() if state.is_chance_node() else [(a, 1.0) for a in state.legal_actions()]
        state.apply_action(rng.choice(outcomes)[0])
    text = pyspiel.serialize_game_and_state(game, state)
    _, copy = pyspiel.deserialize_game_and_state(text)
    assert copy.history() == state.history() and str(copy) == str(state)


SHORT_GAMES = {
    "lasvegas": "(players=2,rounds=1)",
    "lastchance": "(players=2,cards=2)",
    "luckiest": "(players=2,rounds=1)",
}


@pytest.mark.parametrize("name", sorted(SHORT_GAMES))
def test_mcts_plays_against_a_highroller_bot(name: str) -> None:
    game = pyspiel.load_game(short_name(name) + SHORT_GAMES[name])
    rng = np.random.RandomState(0)
    searcher = mcts.MCTSBot(
        game, uct_c=2.0, max_simulations=10, evaluator=mcts.RandomRolloutEvaluator(1, rng), random_state=rng
    )
    bots = [searcher, HighrollerSpielBot(game, 1, hr.game_spec(name).default_bot, seed=1)]
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probabilities = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=probabilities)))
        else:
            action = bots[state.current_player()].step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
    final = state.table.state
    assert state.returns() == [value / state.table.encoder.reward_scale for value in final.returns()]
    assert any(seat == 0 for seat, _ in final.history) and any(seat == 1 for seat, _ in final.history)
