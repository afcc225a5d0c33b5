"""Running whole games: bots choose for their seats, chance is sampled from the state's own stream."""

# highroller: compile

from __future__ import annotations

from collections.abc import Callable, Sequence

from highroller.core.bots import Bot
from highroller.core.game import Game
from highroller.core.rng import derive_seed, fresh_seed
from highroller.core.state import CHANCE, TERMINAL, State, Step


def bot_seed(game_seed: int, seat: int) -> int:
    """The seed of the bot at `seat` in the game with `game_seed`."""
    return derive_seed(game_seed, "bot", seat)


def play(
    game: Game,
    bots: Sequence[Bot],
    seed: int | None = None,
    *,
    on_step: Callable[[State, int, Step], None] | None = None,
) -> State:
    """Play a whole game and return the final state.

    `bots` has one bot object per seat (`highroller.play` also takes bot names). Chance steps use the
    state's own seeded stream, so `play(game, bots, seed=s)` is reproducible. `on_step(state, player,
    step)` is called after every step (e.g. to show progress).
    """
    if len(bots) != game.num_players:
        raise ValueError(f"{game.name} with {game.num_players} players needs {game.num_players} bots, got {len(bots)}")
    if seed is None:
        seed = fresh_seed()
    players = list(bots)
    state = game.new_game(seed)
    while True:
        player = state.current_player
        if player == TERMINAL:
            return state
        step = state.sample_chance() if player == CHANCE else players[player].choose(state)
        state.apply(step)
        if on_step is not None:
            on_step(state, player, step)
