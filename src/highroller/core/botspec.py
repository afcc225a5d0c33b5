"""Bot descriptions: how a bot is named on the command line, in tournaments and in `hr.play`.

A description is a bot of the game with optional parameters (`mcts:iterations=100`), a difficulty level
of the game (`hard`, or `hard:playouts=50` to override the level's parameters), or a Python import
path of a factory `factory(seed, **params)` (`mypackage.mybots:MyBot:depth=3`).

A level may name several bots in order of preference (`GameSpec.levels`); it plays the first this
installation has what it needs for: a factory that works only with an extra installed names the
modules it needs in its `needs` attribute (Las Vegas's `expert`: Numba), and the level gives way to the
next bot where one of them is missing. Nothing is imported to find out.
"""

from __future__ import annotations

import importlib.util
import os
import sys
from typing import Any

from highroller.core.bots import BotFactory
from highroller.core.game import Game
from highroller.core.spec import GameSpec, load_object


def _value(text: str) -> Any:
    for convert in (int, float):
        try:
            return convert(text)
        except ValueError:
            pass
    return {"true": True, "false": False}.get(text.lower(), text)


def _params(text: str, pairs: list[str]) -> dict[str, Any]:
    params: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise ValueError(f"bot parameters look like name:key=value, not {text!r}")
        if "=" in value:  # `a=1,b=2`: commas separate bots in a list, so this is never one value
            raise ValueError(f"bot parameters are separated by ':' as in name:key=value:key=value, not {text!r}")
        params[key.replace("-", "_")] = _value(value)
    return params


def _load_user_object(path: str) -> Any:
    """`module:attribute`, looking in the current folder too (after the installed packages), so a
    `mybots.py` next to the user is found when highroller runs as a console script."""
    here = os.getcwd()
    if here not in sys.path:
        sys.path.append(here)
    return load_object(path)


def resolve_bot(spec: GameSpec, text: str) -> tuple[BotFactory, dict[str, Any]]:
    """A bot description -> (factory, params). A description is one of

    - a bot of the game with optional parameters: `greedy`, `mcts:iterations=100`;
    - a difficulty level of the game (`easy`, `medium`, `hard`), optionally with parameters that
      override the level's: `hard:iterations=50`;
    - a Python import path of a factory `factory(seed, **params)`, e.g. a bot class:
      `mybots:MyBot` (a `mybots.py` in the current folder) or `mypackage.mybots:MyBot:depth=3`.

    Raises `ValueError` naming what is known if the description does not resolve.
    """
    name, *pairs = text.strip().split(":")
    if name not in spec.bots and name not in spec.levels and pairs and "=" not in pairs[0]:
        path, *pairs = f"{name}:{pairs[0]}", *pairs[1:]
        try:
            factory = _load_user_object(path)
        except (ImportError, AttributeError) as error:
            raise ValueError(f"cannot import the bot {path!r}: {error}") from error
        if not callable(factory):
            raise ValueError(f"{path!r} is not a bot class or factory")
        return factory, _params(text, pairs)
    if name in spec.levels and name not in spec.bots:
        factory, params = resolve_bot(spec, level_bot(spec, name))
        return factory, {**params, **_params(text, pairs)}
    if name not in spec.bots:
        levels = f"; levels: {levels_text(spec)}" if spec.levels else ""
        raise ValueError(
            f"{spec.title} has no bot {name!r}; bots: {', '.join(spec.bots)}{levels}; or an import path "
            f"package.module:Bot"
        )
    return spec.bots[name], _params(text, pairs)


def level_bot(spec: GameSpec, level: str) -> str:
    """The description of the bot a level of the game plays in this installation: the level's own, or
    of its choices the first whose needs are installed (the last one otherwise, whose use then says
    what it lacks)."""
    choices = spec.levels[level]
    if isinstance(choices, str):
        return choices
    return next((choice for choice in choices[:-1] if _usable(spec, choice)), choices[-1])


def _usable(spec: GameSpec, choice: str) -> bool:
    """Whether a level's choice names a bot that resolves and whose needs are installed (a name the game
    has no bot of is not, and is never resolved here: its refusal lists the levels, which ask again)."""
    name, *pairs = choice.split(":")
    if name not in spec.bots and not (pairs and "=" not in pairs[0]):
        return False
    try:
        return installed(resolve_bot(spec, choice)[0])
    except ValueError:
        return False


def ready(spec: GameSpec, description: str, game: Game) -> bool:
    """Whether the bot a description names can move in `game` without first-time work (compiling):
    its factory's `ready(game)`, where it has one (`highroller.core.firsttime`)."""
    factory, _ = resolve_bot(spec, description)
    check = getattr(factory, "ready", None)
    return check is None or bool(check(game))


def while_warming(spec: GameSpec, description: str) -> str:
    """The bot that plays instead of `description` while its first-time work is not done: the next
    choice of the level that prefers it (Las Vegas's `hard`: `mcts` for `expert`), without the
    parameters, which were the other bot's; else the game's default bot."""
    name = description.split(":")[0]
    if name in spec.levels and name not in spec.bots:
        name = level_bot(spec, name).split(":")[0]
    for choices in spec.levels.values():
        names = [choices.split(":")[0]] if isinstance(choices, str) else [choice.split(":")[0] for choice in choices]
        if name in names[:-1]:
            return names[names.index(name) + 1]
    return spec.default_bot


def levels_text(spec: GameSpec) -> str:
    """The game's levels with the bot each plays here, for help texts: `easy (greedy), hard (expert)`."""
    return ", ".join(f"{level} ({level_bot(spec, level)})" for level in spec.levels)


def installed(factory: BotFactory) -> bool:
    """Whether every module the factory names in its `needs` attribute (if any) can be imported here;
    found without importing them."""
    for name in getattr(factory, "needs", ()):
        try:
            if importlib.util.find_spec(name) is None:
                return False
        except (ImportError, ValueError):
            return False
    return True
