"""A Gymnasium environment for every highroller game: one learning seat, bots in the others.

    env = HighrollerEnv("luckiest", seat=0, opponents="optimal", players=2)
    env = gymnasium.make("highroller/luckiest-v0", opponents="optimal", players=2)  # the same

Importing this module registers `highroller/<game>-v0` for every registered game.

Observations are the learner's vector (see `highroller.core.encoder`); the action space is the
game's discrete action space. `info["action_mask"]` and `action_masks()` give the legal actions
(the convention of maskable policies). An action outside the mask is replaced by the lowest legal
index, and `info["illegal"]` says so. Bots decide for the other seats and chance is resolved inside
the environment, both seeded from the environment's seed. The reward is 0 until the end, then the
learner's `returns()` / `reward_scale` (Las Vegas: dollars / 10,000; Last Chance: money / starting
money; Luckiest Dice: points).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, SupportsFloat

import gymnasium
import numpy as np
from gymnasium import spaces

from highroller.core.bots import Bot
from highroller.core.botspec import resolve_bot
from highroller.core.encoder import Mask, Vector
from highroller.core.state import State
from highroller.envs.episodes import board_text, episode_seed, game_and_encoder
from highroller.named_bots import make_bot
from highroller.registry import available_games, game_spec


class HighrollerEnv(gymnasium.Env[Vector, np.int64]):
    """One seat of a highroller game against bots, as a single-agent Gymnasium environment."""

    metadata = {"render_modes": ["ansi"], "render_fps": 1}  # noqa: RUF012  (Gymnasium reads it from the class)

    def __init__(
        self,
        game: str,
        seat: int = 0,
        opponents: str | Sequence[str] | None = None,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        self.game, self.encoder = game_and_encoder(game, options)
        players = self.game.num_players
        if not 0 <= seat < players:
            raise ValueError(f"seat is 0 to {players - 1}, not {seat}")
        self.seat = seat
        names = opponents if opponents is not None else game_spec(game).default_bot
        self.opponents = [names] * players if isinstance(names, str) else list(names)
        if len(self.opponents) != players:
            raise ValueError(f"opponents: one bot name, or one per seat ({players}), not {len(self.opponents)}")
        for name in self.opponents:
            resolve_bot(game_spec(game), name)
        self.render_mode = render_mode
        self.observation_space = spaces.Box(0.0, 1.0, (self.encoder.observation_size,), np.float32)
        self.action_space = spaces.Discrete(self.encoder.num_actions)
        self.state: State = self.game.new_game(0)
        self.bots: dict[int, Bot] = {}

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[Vector, dict[str, Any]]:
        super().reset(seed=seed)
        while True:
            game_seed = episode_seed(self.np_random)
            self.state = self.game.new_game(game_seed)
            self.bots = {
                other: make_bot(self.game, self.opponents[other], game_seed, other)
                for other in range(self.game.num_players)
                if other != self.seat
            }
            self._play_others()
            if not self.state.is_terminal():  # the learner is to act (a game ending first is skipped)
                return self._observation(), self._info()

    def step(self, action: np.int64 | int) -> tuple[Vector, SupportsFloat, bool, bool, dict[str, Any]]:
        legal = self.encoder.legal_by_index(self.state)
        illegal = int(action) not in legal
        self.state.apply(legal[min(legal)] if illegal else legal[int(action)])
        self._play_others()
        done = self.state.is_terminal()
        reward = self.state.returns()[self.seat] / self.encoder.reward_scale if done else 0.0
        info = self._info()
        info["illegal"] = illegal
        if done:
            info["returns"] = self.state.returns()
            info["winners"] = self.state.winners()
        return self._observation(), reward, done, False, info

    def action_masks(self) -> Mask:
        """The legal actions of the learner now (all zeros once the game is over)."""
        return self.encoder.mask(self.state)

    def render(self) -> str:
        """The board as a spectator sees it, as text (render mode "ansi")."""
        names = [("you" if s == self.seat else f"{self.opponents[s]} bot") for s in range(self.game.num_players)]
        return board_text(self.state, names)

    def _play_others(self) -> None:
        """Resolve chance and let the bots move until the learner decides or the game ends."""
        state = self.state
        while not state.is_terminal() and state.current_player != self.seat:
            player = state.current_player
            state.apply(state.sample_chance() if state.is_chance() else self.bots[player].choose(state))

    def _observation(self) -> Vector:
        return self.encoder.observe(self.state, self.seat)

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.action_masks()}


def register_games() -> None:
    """Register `highroller/<game>-v0` with Gymnasium for every game (the keyword `game` preset)."""
    for name in available_games():
        env_id = f"highroller/{name}-v0"
        if env_id not in gymnasium.registry:
            gymnasium.register(env_id, entry_point="highroller.envs.gymnasium:HighrollerEnv", kwargs={"game": name})


register_games()
