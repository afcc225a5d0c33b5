"""highroller: casino dice games done properly.

import highroller as hr
game = hr.make("lasvegas", players=4, edition="classic")
state = game.new_game(seed=7)
final = hr.play(game, ["greedy", "random", "random", "random"], seed=7)
"""

# ruff: noqa: E402 (the compiled modules are chosen before anything else is imported)

from highroller.core import compiled

compiled.use()

from highroller.core.bots import Bot, RandomBot
from highroller.core.errors import DataFileError, HighrollerError, IllegalAction, RecordError, RulesError
from highroller.core.game import Game
from highroller.core.state import CHANCE, TERMINAL, State
from highroller.named_bots import play
from highroller.registry import available_games, game_spec, make, narration_of
from highroller.replaying import replay

__all__ = [
    "CHANCE",
    "TERMINAL",
    "Bot",
    "DataFileError",
    "Game",
    "HighrollerError",
    "IllegalAction",
    "RandomBot",
    "RecordError",
    "RulesError",
    "State",
    "available_games",
    "game_spec",
    "make",
    "narration_of",
    "play",
    "replay",
]
__version__ = "0.1.0"
