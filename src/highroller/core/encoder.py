"""What every game's encoder provides: a fixed-length observation vector and a fixed discrete action space.

An encoder is made for one `Game` (its options fix every length). Observations are built only from
`state.view(seat)`, so they never show more than the seat may see; every entry lies in [0, 1]. The
action space numbers every action the game can offer with those options; `mask` marks the legal ones.

For tools that enumerate chance (OpenSpiel), an encoder also says how a chance step splits into
*parts* drawn one after another, each with a short list of values (a roll of own dice, then the
Biggie, then neutral dice), and gives bounds on the game: the longest part list, the longest game,
the range of the scaled returns.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any

import numpy as np
import numpy.typing as npt

from highroller.core.game import Game
from highroller.core.state import State

Vector = npt.NDArray[np.float32]
Mask = npt.NDArray[np.int8]


class Encoder(ABC):
    """The numeric encoding of one game with fixed options."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.players = game.num_players

    # ------------------------------------------------------------------ observations
    @property
    @abstractmethod
    def observation_size(self) -> int:
        """Length of every observation vector for these options."""

    @abstractmethod
    def features(self, view: dict[str, Any], seat: int) -> list[float]:
        """The observation of `seat` as a list of numbers in [0, 1], from its `view`."""

    def observe(self, state: State, seat: int) -> Vector:
        """The observation vector of `seat` in `state` (float32, length `observation_size`)."""
        vector = np.asarray(self.features(state.view(seat), seat), dtype=np.float32)
        if vector.shape != (self.observation_size,):
            raise AssertionError(
                f"{self.game.name} encoder made {vector.shape[0]} features, not {self.observation_size}"
            )
        return vector

    def relative(self, seat: int, other: int) -> int:
        """Where `other` sits as seen from `seat`: 0 is `seat` itself, 1 the next seat, and so on."""
        return (other - seat) % self.players

    def one_hot_seat(self, seat: int, other: int | None) -> list[float]:
        """A one-hot vector (length `players`) of `other` relative to `seat`; all zeros for nobody."""
        vector = [0.0] * self.players
        if other is not None and other >= 0:
            vector[self.relative(seat, other)] = 1.0
        return vector

    # ------------------------------------------------------------------ actions
    @property
    @abstractmethod
    def action_names(self) -> tuple[str, ...]:
        """Every action index's name, in index order: the `str()` of the action it stands for."""

    @property
    def num_actions(self) -> int:
        return len(self.action_names)

    @abstractmethod
    def action_index(self, action: Any) -> int | None:
        """The index of a legal action object; None if the action space cannot express it."""

    def legal_by_index(self, state: State) -> dict[int, Any]:
        """The deciding seat's expressible legal actions, by index."""
        indexed = {}
        for action in state.legal_actions():
            index = self.action_index(action)
            if index is not None:
                indexed[index] = action
        return indexed

    def mask(self, state: State) -> Mask:
        """1 for every legal action index of the deciding seat, 0 elsewhere (all 0 when nobody decides)."""
        mask = np.zeros(self.num_actions, dtype=np.int8)
        if state.current_player >= 0:
            mask[list(self.legal_by_index(state))] = 1
        return mask

    # ------------------------------------------------------------------ rewards
    @property
    @abstractmethod
    def reward_scale(self) -> float:
        """Rewards are `returns()` divided by this (a game's natural unit: points, a bill, a bankroll)."""

    @property
    @abstractmethod
    def return_range(self) -> tuple[float, float]:
        """The lowest and highest scaled return a seat can end with (nominal where the rules set no bound)."""

    # ------------------------------------------------------------------ chance in parts
    def chance_part(self, state: State, drawn: tuple[Any, ...]) -> list[tuple[Any, float]] | None:
        """The next part of the chance step once the parts `drawn` are known: [(value, probability)];
        None when `drawn` makes the whole outcome. By default the outcome is one part."""
        return None if drawn else state.chance_outcomes()

    def join_chance(self, state: State, drawn: tuple[Any, ...]) -> Any:
        """The chance outcome made of the parts `drawn` (for `state.apply`)."""
        return drawn[0]

    @property
    @abstractmethod
    def max_chance_part(self) -> int:
        """The most values one chance part can list for these options."""

    @property
    @abstractmethod
    def max_game_length(self) -> int:
        """The most steps (decisions and chance parts) a game takes (nominal where the rules set no bound)."""
