"""Bots by name and whole games with them: what `hr.play` and every front end use to seat the bot a
description names (a bot of the game, a level such as `hard`, parameters, or an import path)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from highroller.core import game_loop
from highroller.core.bots import Bot
from highroller.core.botspec import resolve_bot
from highroller.core.game import Game
from highroller.core.game_loop import bot_seed
from highroller.core.rng import fresh_seed
from highroller.core.state import State, Step
from highroller.registry import game_spec


def make_bot(game: Game, description: str, seed: int, seat: int) -> Bot:
    """The bot a description names (see `highroller.core.botspec`) for `seat`, seeded from the game
    seed and the seat."""
    factory, params = resolve_bot(game_spec(game.name), description)
    bot: Bot = factory(bot_seed(seed, seat), **params)
    return bot


def play(
    game: Game,
    bots: Sequence[Bot | str],
    seed: int | None = None,
    *,
    on_step: Callable[[State, int, Step], None] | None = None,
) -> State:
    """Play a whole game and return the final state.

    `bots` has one entry per seat: a bot object or a bot description of the game (`"greedy"`,
    `"hard"`, `"mcts:iterations=100"`). Chance steps use the state's own seeded stream, so
    `play(game, bots, seed=s)` is reproducible. `on_step(state, player, step)` is called after every
    step (e.g. to show progress).
    """
    if seed is None:
        seed = fresh_seed()
    players = [make_bot(game, bot, seed, seat) if isinstance(bot, str) else bot for seat, bot in enumerate(bots)]
    return game_loop.play(game, players, seed, on_step=on_step)
