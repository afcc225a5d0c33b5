"""Gymnasium environments: Gymnasium's `check_env` on every game and option set, whole episodes
against bots, the registered ids, and the handling of masked-out actions."""

from __future__ import annotations

from typing import Any

import gymnasium
import pytest
from envs_cases import config_id, game_configs
from gymnasium.utils.env_checker import check_env

from highroller.envs.gymnasium import HighrollerEnv
from highroller.games.luckiest.bots import OptimalWinBot


@pytest.mark.parametrize("config", game_configs(), ids=config_id)
def test_check_env_passes(config: tuple[str, dict[str, Any]]) -> None:
    name, options = config
    check_env(HighrollerEnv(name, opponents="random", **options), skip_render_check=True)


@pytest.mark.parametrize("name", ["lasvegas", "lastchance", "luckiest"])
def test_registered_ids_make_checked_environments(name: str) -> None:
    env = gymnasium.make(f"highroller/{name}-v0", render_mode="ansi")
    check_env(env.unwrapped)
    env.reset(seed=0)
    assert isinstance(env.render(), str)


@pytest.mark.parametrize("name", ["lasvegas", "lastchance", "luckiest"])
def test_an_episode_ends_with_the_learners_scaled_return(name: str) -> None:
    env = HighrollerEnv(name, seat=1)
    observation, info = env.reset(seed=4)
    total = 0.0
    while True:
        assert env.observation_space.contains(observation)
        action = env.action_space.sample(info["action_mask"])
        observation, reward, terminated, truncated, info = env.step(action)
        total += float(reward)
        assert not info["illegal"] and not truncated
        if terminated:
            break
    assert total == info["returns"][1] / env.encoder.reward_scale
    assert not env.action_masks().any()


def test_a_masked_out_action_plays_the_lowest_legal_one() -> None:
    env = HighrollerEnv("luckiest", opponents="optimal")
    env.reset(seed=0)
    _, _, _, _, info = env.step(0)  # banking is not allowed before the first roll: bet on odd instead
    assert info["illegal"]
    assert env.state.history[0][1].to_json() == {"bet": "odd"}


def test_opponents_can_differ_by_seat() -> None:
    env = HighrollerEnv("lasvegas", seat=2, opponents=["random", "greedy", "random"], players=3)
    env.reset(seed=0)
    assert sorted(env.bots) == [0, 1]
    with pytest.raises(ValueError, match="one per seat"):
        HighrollerEnv("lasvegas", opponents=["random"], players=3)
    with pytest.raises(ValueError, match="has no bot 'genius'"):
        HighrollerEnv("lasvegas", opponents="genius", players=3)


def test_opponents_of_a_difficulty_level_play_the_levels_bot() -> None:
    env = HighrollerEnv("luckiest", opponents="hard", players=2, rounds=1)
    env.reset(seed=4)
    assert isinstance(env.bots[1], OptimalWinBot)
