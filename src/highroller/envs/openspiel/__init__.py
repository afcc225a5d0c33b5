"""The highroller games as OpenSpiel Python games.

    import pyspiel
    import highroller.envs.openspiel  # registers python_highroller_<game> for every game
    game = pyspiel.load_game("python_highroller_lasvegas(players=3,edition=biggie)")

Importing this package registers every game. Chance nodes are explicit: each chance step is drawn in
the encoder's parts (see `highroller.core.encoder`), and a chance action is an index into the part's
list of values with its exact probability. Returns are the game's returns scaled as in the other
environments, given at the end. The games are perfect-information games with chance: the information
state string is the history, the observation the seat's view (string) or vector (tensor).
"""

from __future__ import annotations

import pyspiel  # type: ignore[import-not-found]

from highroller.envs.openspiel.bots import HighrollerSpielBot
from highroller.envs.openspiel.game import HighrollerSpielGame, HighrollerSpielState, game_class, game_type, short_name
from highroller.registry import available_games


def register_games() -> None:
    """Register `python_highroller_<name>` with OpenSpiel for every highroller game not yet registered."""
    known = {game.short_name for game in pyspiel.registered_games()}
    for name in available_games():
        if short_name(name) not in known:
            pyspiel.register_game(game_type(name), game_class(name))


register_games()

__all__ = ["HighrollerSpielBot", "HighrollerSpielGame", "HighrollerSpielState", "register_games", "short_name"]
