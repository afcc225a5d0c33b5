"""What the environments share: a game and its encoder (named by the game's spec), seeding, chance and
a text board.

Chance is resolved inside the environments: each episode is a new game whose seed is drawn from the
environment's own generator (seeded by `reset(seed=...)`), and chance steps are sampled from that
game's counter-based stream, so the same reset seed and actions always give the same episode.
"""

from __future__ import annotations

import io
from typing import Any

import numpy as np

from highroller.core.encoder import Encoder
from highroller.core.game import Game
from highroller.core.spec_parts import encoder_class
from highroller.core.state import State
from highroller.registry import game_spec, make

SEED_BOUND = 1 << 62


def encoder_for(game: Game) -> Encoder:
    """The encoder of `game` with its options (named by the game's spec); `KeyError` if it has none."""
    made = encoder_class(game_spec(game.name))
    if made is None:
        raise KeyError(f"{game.name!r} has no encoder for the learning adapters (its spec names none)")
    return made(game)


def game_and_encoder(name: str, options: dict[str, Any]) -> tuple[Game, Encoder]:
    """The game `name` with `options` (unset options take the preset) and its encoder."""
    game = make(name, **options)
    return game, encoder_for(game)


def episode_seed(generator: np.random.Generator) -> int:
    """The seed of the next episode's game, drawn from the environment's generator."""
    return int(generator.integers(SEED_BOUND))


def settle_chance(state: State) -> None:
    """Apply chance steps from the state's own stream until a seat decides or the game is over."""
    while state.is_chance():
        state.apply(state.sample_chance())


def board_text(state: State, names: list[str]) -> str:
    """The game's terminal board for a spectator, as plain text."""
    from rich.console import Console

    from highroller.cli.rendering import renderer_of

    renderer = renderer_of(game_spec(state.game.name))
    console = Console(file=io.StringIO(), width=100, record=True, color_system=None)
    console.print(renderer.board(state.view(None), names))
    return console.export_text()
