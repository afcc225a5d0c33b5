"""Timing random play through the step API (used by `highroller bench` and games' extra rows)."""

from __future__ import annotations

import time
from collections.abc import Sequence

from highroller.core.bots import Bot, RandomBot
from highroller.core.game import Game
from highroller.core.game_loop import bot_seed
from highroller.named_bots import play


def games_per_second(
    game: Game, seconds: float, seed: int = 0, bots: Sequence[str] | None = None
) -> tuple[int, float, float]:
    """(games, games/s, steps/s) for at least `seconds` of play, random bots unless named."""
    players: Sequence[Bot | str] = (
        list(bots) if bots is not None else [RandomBot(bot_seed(seed, s)) for s in range(game.num_players)]
    )
    games = steps = 0
    started = time.perf_counter()
    elapsed = 0.0
    while elapsed < seconds:
        final = play(game, players, seed=seed + games)
        steps += len(final.history)
        games += 1
        elapsed = time.perf_counter() - started
    return games, games / elapsed, steps / elapsed
