"""A highroller bot as an OpenSpiel bot, so OpenSpiel's bots and evaluation tools can play against it."""

from __future__ import annotations

from typing import Any

import pyspiel  # type: ignore[import-not-found]

from highroller.named_bots import make_bot


class HighrollerSpielBot(pyspiel.Bot):  # type: ignore[misc]
    """Plays one seat of a `python_highroller_*` game with a highroller bot of the game (by name)."""

    def __init__(self, game: Any, seat: int, name: str, seed: int = 0) -> None:
        super().__init__()
        self.encoder = game.encoder
        self.bot = make_bot(game.game, name, seed, seat)

    def step(self, state: Any) -> int:
        choice = self.bot.choose(state.highroller_state())
        index = self.encoder.action_index(choice)
        if index is None:
            raise ValueError(f"the bot chose {choice}, which the action space cannot express")
        return index

    def restart_at(self, state: Any) -> None:
        """Nothing to forget: the bot decides from the state alone."""

    def inform_action(self, state: Any, player_id: int, action: int) -> None:
        """Nothing to remember: the bot decides from the state alone."""
