"""PettingZoo AEC environments: PettingZoo's own API and seed tests on every game and option set,
whole games to the end, and rewards equal to the scaled returns."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from envs_cases import config_id, game_configs
from pettingzoo.test import api_test, seed_test

from highroller.envs import pettingzoo as hrpz

# PettingZoo's classic-game convention (a dict of observation and mask) draws these two notes.
pytestmark = pytest.mark.filterwarnings("ignore:Observation.*:UserWarning")


@pytest.mark.parametrize("config", game_configs(), ids=config_id)
def test_api_and_seed_tests_pass(config: tuple[str, dict[str, Any]]) -> None:
    name, options = config
    api_test(hrpz.env(name, **options), num_cycles=300)
    seed_test(lambda: hrpz.env(name, **options), num_cycles=300)


@pytest.mark.parametrize("name", ["lasvegas", "lastchance", "luckiest"])
def test_a_whole_game_ends_with_the_scaled_returns(name: str) -> None:
    env = hrpz.env(name)
    env.reset(seed=3)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        observation, reward, termination, truncation, _ = env.last()
        totals[agent] += reward
        if termination or truncation:
            env.step(None)
            continue
        assert reward == 0.0
        env.step(env.action_space(agent).sample(observation["action_mask"]))
    raw = env.unwrapped
    returns = raw.state.returns()
    assert raw.state.is_terminal() and not env.agents
    assert totals == {agent: returns[seat] / raw.encoder.reward_scale for seat, agent in enumerate(raw.possible_agents)}


def test_only_the_agent_to_act_has_a_mask() -> None:
    env = hrpz.env("lasvegas", players=3)
    env.reset(seed=1)
    selected = env.agent_selection
    for agent in env.possible_agents:
        mask = env.observe(agent)["action_mask"]
        assert (mask.sum() > 0) == (agent == selected)


def test_a_masked_out_action_is_refused() -> None:
    env = hrpz.env("luckiest")
    env.reset(seed=0)
    with pytest.raises(ValueError, match="not legal"):
        env.step(0)  # banking before the first roll


def test_the_same_seed_gives_the_same_game() -> None:
    def first_observations(seed: int) -> list[np.ndarray]:
        env = hrpz.env("lastchance", players=3)
        env.reset(seed=seed)
        return [env.observe(agent)["observation"] for agent in env.possible_agents]

    assert all(np.array_equal(a, b) for a, b in zip(first_observations(9), first_observations(9)))


def test_render_shows_the_board() -> None:
    env = hrpz.env("luckiest", render_mode="ansi")
    env.reset(seed=0)
    assert "Luckiest Dice" in env.render()
