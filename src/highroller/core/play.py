"""Running whole games: bots choose for their seats, chance is sampled from the state's own stream."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from highroller.core.bots import Bot
from highroller.core.botspec import resolve_bot
from highroller.core.game import Game
from highroller.core.rng import derive_seed, fresh_seed
from highroller.core.state import CHANCE, TERMINAL, State, Step


def bot_seed(game_seed: int, seat: int) -> int:
    """The seed of the bot at `seat` in the game with `game_seed`."""
    return derive_seed(game_seed, "bot", seat)


def make_bot(game: Game, description: str, seed: int, seat: int) -> Bot:
    """The bot a description names (a bot of the game, a level such as `hard`, parameters, or an
    import path: see `highroller.core.botspec`) for `seat`, seeded from the game seed and the seat."""
    from highroller.registry import game_spec

    factory, params = resolve_bot(game_spec(game.name), description)
    return factory(bot_seed(seed, seat), **params)


def play(
    game: Game,
    bots: Sequence[Bot | str],
    seed: int | None = None,
    *,
    on_step: Callable[[State, int, Step], None] | None = None,
) -> State:
    """Play a whole game and return the final state.

    `bots` has one entry per seat: a bot object or a bot name of the game. Chance steps use the
    state's own seeded stream, so `play(game, bots, seed=s)` is reproducible. `on_step(state, player,
    step)` is called after every step (e.g. to show progress).
    """
    if len(bots) != game.num_players:
        raise ValueError(f"{game.name} with {game.num_players} players needs {game.num_players} bots, got {len(bots)}")
    if seed is None:
        seed = fresh_seed()
    players = [make_bot(game, b, seed, seat) if isinstance(b, str) else b for seat, b in enumerate(bots)]
    state = game.new_game(seed)
    while True:
        player = state.current_player
        if player == TERMINAL:
            return state
        step = state.sample_chance() if player == CHANCE else players[player].choose(state)
        state.apply(step)
        if on_step is not None:
            on_step(state, player, step)
