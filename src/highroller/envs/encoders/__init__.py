"""Per-game numeric encoders, found by game name so the adapters never branch on a game.

`ENCODERS` maps a game's name to the import path of its `Encoder` class; a game added later (or by
another package) registers here. `encoder_for(game)` makes the encoder for a game's options.
"""

from __future__ import annotations

from highroller.core.game import Game
from highroller.core.spec import load_object
from highroller.envs.encoders.base import Encoder

ENCODERS: dict[str, str] = {
    "lasvegas": "highroller.envs.encoders.lasvegas:LasVegasEncoder",
    "lastchance": "highroller.envs.encoders.lastchance:LastChanceEncoder",
    "luckiest": "highroller.envs.encoders.luckiest:LuckiestEncoder",
}


def encoder_for(game: Game) -> Encoder:
    """The encoder of `game` with its options; `KeyError` names the games that have one."""
    if game.name not in ENCODERS:
        raise KeyError(f"no encoder for {game.name!r}; games with one: {', '.join(sorted(ENCODERS))}")
    encoder: Encoder = load_object(ENCODERS[game.name])(game)
    return encoder


__all__ = ["ENCODERS", "Encoder", "encoder_for"]
