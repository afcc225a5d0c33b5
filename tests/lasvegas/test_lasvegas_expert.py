"""The `expert` bot: a decision of the step engine as a kernel row plays on by the same rules, the bot
never reads the real future (it decides the same on resampled copies), it is deterministic given its
seed, and its chances of winning are chances."""

from __future__ import annotations

import random

import numpy as np
import pytest

import highroller as hr
from highroller.core.state import CHANCE
from highroller.games.lasvegas import batch_kernel as kernel
from highroller.games.lasvegas.batch import _step_json
from highroller.games.lasvegas.expert import (
    EPSILON,
    LOOKAHEAD,
    LOOKING_EPSILON,
    LOOKING_MODEL,
    LOOKING_PLAYOUTS,
    MODEL,
    PLAYOUTS,
    ExpertBot,
    warm_up,
)
from highroller.games.lasvegas.kernel_rows import decision_row, setup_of
from highroller.games.lasvegas.state import LasVegasState

CONFIGS = [
    {"players": 4},
    {"players": 2},
    {"players": 3, "neutral": True},
    {"players": 5, "edition": "biggie", "bandit": True},
    {
        "players": 2,
        "edition": "biggie",
        "neutral": True,
        "bandit": True,
        "untaken": "under",
        "stock_rule": "min-total",
        "stock_amount": 50000,
    },
]


def decisions(options: dict, seed: int) -> list[LasVegasState]:
    """Copies of every decision of a random game."""
    state = hr.make("lasvegas", **options).new_game(seed=seed)
    rng = random.Random(seed)
    found = []
    while not state.is_terminal():
        if state.current_player == CHANCE:
            state.apply(state.sample_chance())
        else:
            found.append(state.clone())
            state.apply(rng.choice(state.legal_actions()))
    assert isinstance(state, LasVegasState)
    return found


@pytest.mark.parametrize("options", CONFIGS)
def test_a_decision_row_plays_on_by_the_step_engines_rules(options: dict) -> None:
    for seed in range(3):
        for index, state in enumerate(decisions(options, seed)[::5]):
            setup = setup_of(state.rules)
            rows = decision_row(state)[None, :].copy()
            rows[0, kernel.KEY] = 1000 * seed + index
            log = np.zeros((1, 400, setup.log_shape()[1]), dtype=np.int64)
            kernel.advance(rows, setup.params, setup.bills, (kernel.RANDOM,) * state.rules.players, log, True)
            copy = state.clone()
            for row in log[0, : rows[0, kernel.LOG_SIZE]]:
                step = _step_json(row)
                copy.apply(copy.decode_step(step["chance"] if "chance" in step else step["action"]))
            assert copy.is_terminal()
            assert copy.money == setup.column(rows, "money")[0].tolist()
            assert [len(won) for won in copy.won] == setup.column(rows, "won")[0].tolist()


def test_a_row_holds_only_what_every_player_sees() -> None:
    state = decisions({"players": 4}, 7)[9]
    other = state.resample(state.current_player, random.Random(1))
    assert other.seed != state.seed
    assert np.array_equal(decision_row(state), decision_row(other))


def test_a_row_is_made_at_a_decision_only() -> None:
    state = hr.make("lasvegas", players=3).new_game(seed=1)
    with pytest.raises(ValueError, match="decision"):
        decision_row(state)


@pytest.mark.parametrize(
    "params", [{"lookahead": 0}, {"lookahead": 4}, {"lookahead": 4, "model": "heuristic", "self_model": "heuristic"}]
)
@pytest.mark.parametrize("options", CONFIGS[:4])
def test_the_expert_decides_the_same_on_resampled_copies_and_from_the_same_seed(options: dict, params: dict) -> None:
    for state in decisions(options, 3)[::7]:
        seat = state.current_player
        chosen = ExpertBot(5, playouts=40, **params).chances(state)
        for k in range(2):
            copy = state.resample(seat, random.Random(k))
            assert ExpertBot(5, playouts=40, **params).chances(copy) == chosen
        assert ExpertBot(5, playouts=40, **params).choose(state) == max(chosen, key=lambda pair: pair[1])[0]


def test_a_lookahead_changes_the_bots_own_later_turns_only_in_the_futures() -> None:
    state = decisions({"players": 4}, 3)[0]
    looking = ExpertBot(5, playouts=40, lookahead=4).chances(state)
    assert [action for action, _ in looking] == list(state.legal_actions())
    assert looking != ExpertBot(5, playouts=40, lookahead=0).chances(state)
    assert ExpertBot(5, lookahead=4).budget(4) == (
        LOOKING_PLAYOUTS,
        4,
        LOOKING_EPSILON,
        LOOKING_MODEL,
    )  # a lookahead's playouts cost more each
    assert ExpertBot(5, lookahead=0).budget(2) == (PLAYOUTS, 0, EPSILON, MODEL)
    assert ExpertBot(5, playouts=7).budget(2) == (7, LOOKAHEAD, LOOKING_EPSILON, LOOKING_MODEL)
    assert ExpertBot(5, epsilon=0.25).budget(2) == (LOOKING_PLAYOUTS, LOOKAHEAD, 0.25, LOOKING_MODEL)
    assert ExpertBot(5, epsilon=0.25, model="greedy").budget(4) == (PLAYOUTS, 0, 0.25, "greedy")
    assert ExpertBot(5, model="greedy").budget(2) == (LOOKING_PLAYOUTS, LOOKAHEAD, LOOKING_EPSILON, "greedy")


def test_by_default_the_expert_looks_ahead_and_models_the_opponent_by_the_heuristic_rule_in_two_player_games_only() -> (
    None
):
    assert (LOOKING_EPSILON, LOOKING_MODEL, MODEL) == (0.0, "heuristic", "greedy")
    assert ExpertBot(5).budget(2) == (LOOKING_PLAYOUTS, LOOKAHEAD, LOOKING_EPSILON, LOOKING_MODEL)
    for players in range(3, 7):
        assert ExpertBot(5).budget(players) == (PLAYOUTS, 0, EPSILON, MODEL)
    two = decisions({"players": 2}, 3)[0]
    looking = ExpertBot(5, playouts=40).chances(two)
    assert looking == ExpertBot(
        5, playouts=40, lookahead=LOOKAHEAD, epsilon=LOOKING_EPSILON, model=LOOKING_MODEL
    ).chances(two)
    assert looking != ExpertBot(5, playouts=40, lookahead=LOOKAHEAD, epsilon=EPSILON).chances(
        two
    )  # the model of the opponent differs
    assert looking != ExpertBot(5, playouts=40, model=MODEL).chances(two)
    four = decisions({"players": 4}, 3)[0]
    assert ExpertBot(5, playouts=40).chances(four) == ExpertBot(
        5, playouts=40, lookahead=0, epsilon=EPSILON, model=MODEL
    ).chances(four)


@pytest.mark.parametrize("players", [2, 4])
def test_the_heuristic_model_plays_the_opponents_or_the_bots_own_turns_as_asked(players: int) -> None:
    state = decisions({"players": players}, 3)[0]
    plain = ExpertBot(5, playouts=60, lookahead=0).chances(state)
    assert plain == ExpertBot(5, playouts=60, lookahead=0, model="greedy", self_model="greedy").chances(state)
    others = ExpertBot(5, playouts=60, lookahead=0, model="heuristic").chances(state)
    own = ExpertBot(5, playouts=60, lookahead=0, self_model="heuristic").chances(state)
    assert len({tuple(plain), tuple(others), tuple(own)}) == 3
    assert [action for action, _ in others] == [action for action, _ in own] == list(state.legal_actions())


def test_a_different_seed_imagines_other_futures() -> None:
    state = decisions({"players": 4}, 3)[0]
    assert ExpertBot(5, playouts=40).chances(state) != ExpertBot(6, playouts=40).chances(state)


def test_chances_of_winning_are_chances_for_every_legal_move() -> None:
    for state in decisions({"players": 3}, 4)[::4]:
        chances = ExpertBot(1, playouts=50).chances(state)
        assert [action for action, _ in chances] == list(state.legal_actions())
        assert all(0.0 <= chance <= 1.0 for _, chance in chances)


def test_in_the_last_round_a_chance_is_the_share_of_wins_of_the_playouts() -> None:
    last = list(decisions({"players": 2, "rounds": 1}, 2))
    for state in last:
        for _, chance in ExpertBot(1, playouts=8, horizon=99).chances(state):
            assert (chance * 16).is_integer()  # each playout is worth 0, 1/2 or 1


def test_an_overwhelming_lead_is_a_sure_win() -> None:
    state = decisions({"players": 2, "rounds": 1}, 5)[-1]
    state.money[state.current_player] = 10_000_000
    assert all(chance == 1.0 for _, chance in ExpertBot(1, playouts=20).chances(state))


def test_two_threads_share_the_playouts_and_stay_deterministic() -> None:
    state = decisions({"players": 4}, 1)[3]
    alone = ExpertBot(3, playouts=60).chances(state)
    shared = ExpertBot(3, playouts=60, threads=2).chances(state)
    assert ExpertBot(3, playouts=60, threads=2).chances(state) == shared
    assert [action for action, _ in shared] == [action for action, _ in alone]
    assert [chance for _, chance in shared] == pytest.approx([chance for _, chance in alone])


def test_a_time_budget_plays_at_least_one_round_of_playouts() -> None:
    state = decisions({"players": 4}, 1)[2]
    chances = ExpertBot(1, seconds=0.01).chances(state)
    assert len(chances) == len(state.legal_actions())


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({"playouts": 0}, "playouts"),
        ({"seconds": 0}, "seconds"),
        ({"epsilon": 1.5}, "epsilon"),
        ({"self_epsilon": -0.1}, "self_epsilon"),
        ({"horizon": 0}, "horizon"),
        ({"spread": 0}, "spread"),
        ({"threads": 0}, "threads"),
        ({"lookahead": -1}, "lookahead"),
        ({"lookahead": 5000}, "lookahead"),
        ({"playouts": 1.5}, "playouts"),
        ({"lookahead": "4"}, "lookahead"),
        ({"threads": True}, "threads"),
        ({"horizon": 2.0}, "horizon"),
        ({"model": "mcts"}, "model is one of greedy, heuristic"),
        ({"self_model": 3}, "self_model"),
        ({"seconds": "abc"}, "seconds"),
        ({"epsilon": float("nan")}, "epsilon"),
        ({"spread": float("inf")}, "spread"),
    ],
)
def test_bad_parameters_say_what_is_allowed(params: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        ExpertBot(1, **params)


def test_one_compilation_of_the_playouts_plays_every_player_count() -> None:
    from highroller.games.lasvegas import expert_kernel

    warm_up()
    assert len(expert_kernel.evaluate.signatures) == 1
    for options in ({"players": 3}, {"players": 6, "edition": "biggie", "bandit": True}):
        ExpertBot(1, playouts=2).chances(decisions(options, 1)[0])
    assert len(expert_kernel.evaluate.signatures) == 1
