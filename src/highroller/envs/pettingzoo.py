"""PettingZoo AEC environments for every highroller game: `env("lasvegas", players=4)`.

Agents are `player_0` … `player_{n-1}` (seat order). Each observation is a dict with the seat's
`observation` vector and its `action_mask` (see `highroller.core.encoder`; the mask is all zeros
when the agent is not the one to act). Chance is resolved inside the environment from its seed.
Rewards are 0 until the end, then each seat's `returns()` divided by the encoder's `reward_scale`
(Las Vegas: dollars / 10,000; Last Chance: money / starting money; Luckiest Dice: points). An action
outside the mask raises `ValueError`.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv  # type: ignore[import-untyped]
from pettingzoo.utils import wrappers  # type: ignore[import-untyped]

from highroller.core.state import State
from highroller.envs.episodes import board_text, episode_seed, game_and_encoder, settle_chance


class HighrollerAECEnv(AECEnv[str, dict[str, np.ndarray], int]):
    """One highroller game as a PettingZoo AEC environment (every seat an agent)."""

    def __init__(self, game: str, render_mode: str | None = None, **options: Any) -> None:
        super().__init__()
        self.game, self.encoder = game_and_encoder(game, options)
        self.metadata = {"name": f"highroller_{game}_v0", "render_modes": ["ansi"], "is_parallelizable": False}
        self.render_mode = render_mode
        self.possible_agents = [f"player_{seat}" for seat in range(self.game.num_players)]
        observation = spaces.Box(0.0, 1.0, (self.encoder.observation_size,), np.float32)
        self.observation_spaces = {
            agent: spaces.Dict(
                {"observation": observation, "action_mask": spaces.Box(0, 1, (self.encoder.num_actions,), np.int8)}
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: spaces.Discrete(self.encoder.num_actions) for agent in self.possible_agents}
        self.np_random, self.np_random_seed = seeding.np_random()
        self.state: State = self.game.new_game(episode_seed(self.np_random))

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def seat(self, agent: str) -> int:
        return self.possible_agents.index(agent)

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self.seat(agent)
        mask = self.encoder.mask(self.state)
        if self.state.current_player != seat:
            mask[:] = 0
        return {"observation": self.encoder.observe(self.state, seat), "action_mask": mask}

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self.np_random, self.np_random_seed = seeding.np_random(seed)
        self.state = self.game.new_game(episode_seed(self.np_random))
        settle_chance(self.state)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[self.state.current_player]

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        legal = self.encoder.legal_by_index(self.state)
        if action is None or int(action) not in legal:
            raise ValueError(f"action {action} is not legal for {agent}; legal: {sorted(legal)}")
        self._cumulative_rewards[agent] = 0.0
        self.state.apply(legal[int(action)])
        settle_chance(self.state)
        if self.state.is_terminal():
            scale = self.encoder.reward_scale
            returns = self.state.returns()
            for seat, name in enumerate(self.possible_agents):
                self.rewards[name] = returns[seat] / scale
                self.terminations[name] = True
                self.infos[name] = {"returns": returns[seat], "winners": self.state.winners()}
        else:
            self.agent_selection = self.possible_agents[self.state.current_player]
        self._accumulate_rewards()

    def render(self) -> str:
        """The board as a spectator sees it, as text (render mode "ansi")."""
        return board_text(self.state, list(self.possible_agents))

    def close(self) -> None:
        """Nothing to release."""


def raw_env(game: str, render_mode: str | None = None, **options: Any) -> HighrollerAECEnv:
    """The environment without PettingZoo's checking wrappers."""
    return HighrollerAECEnv(game, render_mode=render_mode, **options)


def env(game: str, render_mode: str | None = None, **options: Any) -> AECEnv[str, dict[str, np.ndarray], int]:
    """The environment for `game` with rule `options`, wrapped in PettingZoo's order enforcement."""
    return wrappers.OrderEnforcingWrapper(raw_env(game, render_mode=render_mode, **options))
