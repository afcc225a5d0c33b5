"""A game's rule options as OpenSpiel game parameters, and back.

OpenSpiel fills every parameter the user leaves out with its declared default, so a default must mean
"the game's preset" — which for many options depends on the others (Las Vegas's dice per player follow
the edition). Whole-number options therefore default to -1 and text options to "", both meaning "the
preset's". A true/false option cannot have a third value: it defaults to the default game's value
and is passed on only when set to the other value. Options that are not a number, a flag or a word
(a bill list, a face table) keep their presets here.
"""

from __future__ import annotations

from typing import Any

from highroller.registry import game_spec, make

PRESET_NUMBER = -1
PRESET_TEXT = ""


def parameter_defaults(name: str) -> dict[str, Any]:
    """The OpenSpiel parameter specification of a game: every option with its default."""
    defaults: dict[str, Any] = {}
    standard = make(name).options
    for option in game_spec(name).options:
        if option.kind == "int":
            defaults[option.name] = PRESET_NUMBER
        elif option.kind in ("choice", "text"):
            defaults[option.name] = PRESET_TEXT
        else:
            defaults[option.name] = bool(standard[option.name])
    return defaults


def options_from(name: str, params: dict[str, Any]) -> dict[str, Any]:
    """The rule options the OpenSpiel parameters set (leaving out those meaning "the preset's")."""
    defaults = parameter_defaults(name)
    return {key: value for key, value in params.items() if key in defaults and value != defaults[key]}
