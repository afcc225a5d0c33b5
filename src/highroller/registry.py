"""The game registry: built-in games, any installed package's `highroller.games` entry points, and
games named in the environment variable `HIGHROLLER_GAMES` (`name=package.module:SPEC`, several
separated by commas), for a game folder that is not an installed package (it must be importable:
on `PYTHONPATH`). Server processes and bot workers inherit the variable, so they all know the game."""

from __future__ import annotations

import os
from functools import lru_cache
from importlib.metadata import entry_points
from importlib.resources import files
from importlib.resources.abc import Traversable
from typing import Any

from highroller.core.game import Game
from highroller.core.narration import Narration
from highroller.core.spec import GameSpec, load_object
from highroller.core.words import Words, check_language
from highroller.games import BUILTIN_GAMES


@lru_cache(maxsize=1)
def _paths() -> dict[str, str]:
    paths = dict(BUILTIN_GAMES)
    for entry in entry_points(group="highroller.games"):
        paths.setdefault(entry.name, entry.value)
    for name, path in _environment_games().items():
        paths.setdefault(name, path)
    return paths


def _environment_games() -> dict[str, str]:
    """The games `HIGHROLLER_GAMES` names; a malformed entry is an error that shows the form."""
    games = {}
    for entry in filter(None, (part.strip() for part in os.environ.get("HIGHROLLER_GAMES", "").split(","))):
        name, equals, path = (part.strip() for part in entry.partition("="))
        if not equals or not name.isidentifier() or ":" not in path:
            raise ValueError(f"HIGHROLLER_GAMES holds name=package.module:SPEC entries separated by commas, not {entry!r}")
        games[name] = path
    return games


def available_games() -> list[str]:
    """Names of every registered game in registration order: the built-in games as
    `highroller.games.BUILTIN_GAMES` lists them, then entry points, then `HIGHROLLER_GAMES`."""
    return list(_paths())


@lru_cache(maxsize=None)
def game_spec(name: str) -> GameSpec:
    """The spec of a registered game; `KeyError` lists the known names."""
    paths = _paths()
    if name not in paths:
        raise KeyError(f"no game {name!r}; games: {', '.join(sorted(paths))}")
    spec = load_object(paths[name])
    if not isinstance(spec, GameSpec) or spec.name != name:
        raise TypeError(f"{paths[name]} is not the GameSpec of {name!r}")
    return spec


def make(name: str, **options: Any) -> Game:
    """Make a game by name with rule options (unset options take the game's preset defaults).

    Raises `KeyError` for an unknown game and `RulesError` for impossible options.
    """
    return game_spec(name).make(**options)


def locale_of(name: str) -> Traversable:
    """The folder of a registered game's translation catalogs: `locale/` in the package of its spec."""
    package = _paths()[name].partition(":")[0].rpartition(".")[0]
    return files(package).joinpath("locale")


@lru_cache(maxsize=None)
def words_of(name: str, lang: str) -> Words:
    """A registered game's own words in `lang`: its spec's texts, its board's and its narration's."""
    return Words(lang, [locale_of(name)])


@lru_cache(maxsize=None)
def narration_of(name: str, lang: str = "en") -> Narration:
    """The words of a registered game in `lang` (one of `highroller.core.words.LANGUAGES`): what the
    spec's `narration` names, a `Narration` (one language) or a function of the language giving one."""
    check_language(lang)
    named = load_object(game_spec(name).narration)
    narration: Narration = named if hasattr(named, "describe_step") else named(lang)
    return narration
