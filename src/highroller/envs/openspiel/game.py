"""A highroller game as an OpenSpiel Python game: actions are the encoder's indices, chance steps are
drawn in the encoder's parts (each an index into that part's list of values), returns are scaled."""

from __future__ import annotations

import json
from typing import Any

import pyspiel  # type: ignore[import-not-found]

from highroller.core.encoder import Encoder
from highroller.core.game import game_of
from highroller.core.state import State
from highroller.envs.episodes import encoder_for, game_and_encoder
from highroller.envs.openspiel.observer import HighrollerObserver
from highroller.envs.openspiel.params import options_from, parameter_defaults
from highroller.registry import game_spec
from highroller.replaying import replay


def short_name(name: str) -> str:
    """The OpenSpiel name of a highroller game: `python_highroller_<name>`."""
    return f"python_highroller_{name}"


def game_type(name: str) -> pyspiel.GameType:
    """The OpenSpiel type of a highroller game (seat limits from its `players` option)."""
    players = next(option for option in game_spec(name).options if option.name == "players")
    return pyspiel.GameType(
        short_name=short_name(name),
        long_name=f"highroller {game_spec(name).title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=players.maximum,
        min_num_players=players.minimum,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameter_defaults(name),
    )


class Table:
    """Everything behind an OpenSpiel state: the highroller state, its encoder, the parts of the
    current chance step drawn so far and the values of the part to draw now.

    OpenSpiel copies a Python state by deep-copying its attributes and serialises it by pickling them;
    a table copies itself with `State.clone` (sharing the encoder and the part's values, never changed
    once made) and pickles as a record, so neither copies the game's tables.
    """

    def __init__(self, state: State, encoder: Encoder, drawn: tuple[Any, ...] = ()) -> None:
        self.state = state
        self.encoder = encoder
        self.drawn = drawn
        self._part: list[tuple[Any, float]] | None = None

    def __deepcopy__(self, memo: dict[int, Any]) -> Table:
        other = Table(self.state.clone(), self.encoder, self.drawn)
        other._part = self._part
        return other

    def __getstate__(self) -> dict[str, Any]:
        return {"record": self.state.record(), "drawn": self.drawn}

    def __setstate__(self, data: dict[str, Any]) -> None:
        self.state = replay(data["record"])
        self.encoder = encoder_for(game_of(self.state))
        self.drawn = data["drawn"]
        self._part = None

    def part(self) -> list[tuple[Any, float]]:
        """The values of the chance part to draw now (worked out once per chance node)."""
        if self._part is None:
            part = self.encoder.chance_part(self.state, self.drawn)
            assert part is not None
            self._part = part
        return self._part

    def draw(self, index: int) -> None:
        """Draw value `index` of the current part; the last part applies the whole outcome."""
        self.drawn = (*self.drawn, self.part()[index][0])
        self._part = None
        if self.encoder.chance_part(self.state, self.drawn) is None:
            self.state.apply(self.encoder.join_chance(self.state, self.drawn))
            self.drawn = ()

    def act(self, index: int) -> None:
        """Apply the deciding seat's action number `index`."""
        self.state.apply(self.encoder.legal_by_index(self.state)[index])


class HighrollerSpielState(pyspiel.State):  # type: ignore[misc]
    """One position of a highroller game (its `table`), between or within chance steps."""

    def __init__(self, game: HighrollerSpielGame, table: Table) -> None:
        super().__init__(game)
        self.table = table

    def current_player(self) -> int:
        player = self.table.state.current_player
        if player >= 0:
            return player
        return int(pyspiel.PlayerId.TERMINAL if self.table.state.is_terminal() else pyspiel.PlayerId.CHANCE)

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self.table.encoder.legal_by_index(self.table.state))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(index, probability) for index, (_, probability) in enumerate(self.table.part())]

    def _apply_action(self, action: int) -> None:
        if self.is_chance_node():
            self.table.draw(action)
        else:
            self.table.act(action)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return str(self.table.part()[action][0])
        return self.table.encoder.action_names[action]

    def is_terminal(self) -> bool:
        return self.table.state.is_terminal()

    def returns(self) -> list[float]:
        state = self.table.state
        if not state.is_terminal():
            return [0.0] * state.game.num_players
        return [value / self.table.encoder.reward_scale for value in state.returns()]

    def highroller_state(self) -> State:
        """The highroller state (between the parts of a chance step: before that step)."""
        return self.table.state

    def __str__(self) -> str:
        drawn = " + ".join(map(str, self.table.drawn))
        return json.dumps(self.table.state.view(None), sort_keys=True) + (f" (drawn so far: {drawn})" if drawn else "")


class HighrollerSpielGame(pyspiel.Game):  # type: ignore[misc]
    """A highroller game with options given as OpenSpiel parameters (one subclass per game sets `name`)."""

    name = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        name = self.name
        params = dict(params or {})
        self.game, self.encoder = game_and_encoder(name, options_from(name, params))
        low, high = self.encoder.return_range
        info = pyspiel.GameInfo(
            num_distinct_actions=self.encoder.num_actions,
            max_chance_outcomes=self.encoder.max_chance_part,
            num_players=self.game.num_players,
            min_utility=low,
            max_utility=high,
            max_game_length=self.encoder.max_game_length,
        )
        super().__init__(game_type(name), info, params)

    def new_initial_state(self) -> HighrollerSpielState:
        return HighrollerSpielState(self, Table(self.game.new_game(0), self.encoder))

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: dict[str, Any] | None = None
    ) -> HighrollerObserver:
        if params:
            raise ValueError(f"observer parameters are not supported, got {params}")
        return HighrollerObserver(self.encoder, perfect_recall=bool(iig_obs_type and iig_obs_type.perfect_recall))


def game_class(name: str) -> type[HighrollerSpielGame]:
    """The OpenSpiel game class of one highroller game (what `pyspiel.register_game` takes)."""
    return type(
        f"HighrollerSpielGame_{name}", (HighrollerSpielGame,), {"name": name, "__doc__": f"highroller's {name}"}
    )
