"""The game registry: every game an installed package registers as an entry point of the group
`highroller.games` (highroller registers its own games the same way, in its pyproject.toml), and the
games named in the environment variable `HIGHROLLER_GAMES` (`name=package.module:SPEC`, several
separated by commas), for a game folder that is not an installed package (it must be importable:
on `PYTHONPATH`). Server processes and bot workers inherit the variable, so they all know the game.

The games are listed in a stable order: highroller's own by title, then other packages' games by
name, then those of `HIGHROLLER_GAMES` in the order it gives them. A name registered twice keeps its
first registration in that order (the other is left out with a warning).

Each spec of another package is checked as it is loaded (`highroller.core.spec_check`); highroller's
own are checked by its tests. A game of another package, or of `HIGHROLLER_GAMES`, is tried out
before it is listed: its spec loads and passes the check, its game is made with the preset's options,
its presets load, and its narration and words load in every language. One that fails any of these,
whatever its code raises (`SystemExit` included), is left out of `available_games` with a warning
naming its package and entry point, so it cannot take the other games down with it; `game_spec`
raises the `GameSpecError` of a spec that does not load or is broken. Only `KeyboardInterrupt` goes
through: it is how a person stops the command (Ctrl-C), whichever code it interrupts. A broken game of
highroller's own is an error at once.

A game's translations are the catalogs in the `locale/` folder of the package holding its spec. A
game whose spec is a module of no package (`solo = solo:SPEC`) has no folder of its own to keep them
in (the folder beside a top-level module is everybody's), so it speaks English only."""

from __future__ import annotations

import os
import re
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, lru_cache, partial
from importlib import import_module
from importlib.metadata import entry_points
from importlib.resources import files
from importlib.resources.abc import Traversable
from typing import Any, TypeVar

from highroller.core.game import Game
from highroller.core.narration import Narration
from highroller.core.presets import load_presets
from highroller.core.spec import GameSpec, load_object
from highroller.core.spec_check import GameSpecError, check_spec
from highroller.core.spec_parts import narration_in
from highroller.core.words import LANGUAGES, Words, check_language

GROUP = "highroller.games"
"""The entry-point group a package registers its games in: `name = "package.module:SPEC"`."""

OWN_PACKAGE = "highroller"
"""The distribution whose games are highroller's own: listed first, and never left out."""

ENVIRONMENT = "HIGHROLLER_GAMES"

T = TypeVar("T")


@dataclass(frozen=True)
class Registration:
    """One registered game: its name, the import path of its spec and where it is registered."""

    name: str
    path: str
    package: str | None
    """The installed distribution whose entry point registers the game; None for `HIGHROLLER_GAMES`."""

    @property
    def source(self) -> str:
        """Where the game is registered, for messages: "package <distribution>" or the environment variable."""
        return f"package {self.package}" if self.package is not None else ENVIRONMENT

    @property
    def where(self) -> str:
        """Where the game is registered and how, for messages: "package <distribution>, name = module:SPEC"."""
        return f"{self.source}, {self.name} = {self.path}"

    @property
    def own(self) -> bool:
        return self.package is not None and re.sub(r"[-_.]+", "-", self.package).lower() == OWN_PACKAGE


@lru_cache(maxsize=1)
def _registrations() -> dict[str, Registration]:
    """Every registration, in the listing order but for highroller's own, whose order is their titles'."""
    installed = [
        Registration(entry.name, entry.value, entry.dist.name if entry.dist else "(unknown)")
        for entry in entry_points(group=GROUP)
    ]
    own = [registration for registration in installed if registration.own]
    others = sorted(
        (registration for registration in installed if not registration.own),
        key=lambda registration: (registration.name, str(registration.package)),
    )
    found: dict[str, Registration] = {}
    for registration in [*own, *others, *_environment_games()]:
        first = found.setdefault(registration.name, registration)
        if first is not registration:
            warnings.warn(
                f"the game {registration.name!r} of {registration.source} is left out: {first.source} registers that "
                f"name",
                RuntimeWarning,
                stacklevel=2,
            )
    return found


def _environment_games() -> list[Registration]:
    """The games `HIGHROLLER_GAMES` names; a malformed entry is an error that shows the form."""
    games = []
    for entry in filter(None, (part.strip() for part in os.environ.get(ENVIRONMENT, "").split(","))):
        name, equals, path = (part.strip() for part in entry.partition("="))
        if not equals or not name.isidentifier() or ":" not in path:
            raise ValueError(f"{ENVIRONMENT} holds name=package.module:SPEC entries separated by commas, not {entry!r}")
        games.append(Registration(name, path, None))
    return games


@lru_cache(maxsize=1)
def _usable_games() -> tuple[str, ...]:
    """highroller's own games and the others that pass their trial (`_try_out`), in the listing order;
    each left out is warned about once."""
    own: list[GameSpec] = []
    others: list[str] = []
    for name, registration in _registrations().items():
        if registration.own:
            own.append(game_spec(name))
            continue
        try:
            _try_out(name)
        except GameSpecError as error:
            warnings.warn(f"{error} (the game is left out)", RuntimeWarning, stacklevel=3)
            continue
        others.append(name)
    return (*(spec.name for spec in sorted(own, key=lambda spec: spec.title)), *others)


def _try_out(name: str) -> None:
    """Load and use each part of a game of another package that front ends reach for as soon as they
    offer it; `GameSpecError` for the first that fails."""
    spec = game_spec(name)
    tried(name, "fails to make its game", spec.make)
    tried(name, "fails to load its presets", partial(load_presets, spec))
    for lang in LANGUAGES:
        tried(name, f"fails to load its narration in {lang}", partial(narration_of, name, lang))
        tried(name, f"fails to load its words in {lang}", partial(words_of, name, lang))


def tried(name: str, doing: str, call: Callable[[], T]) -> T:
    """`call()`, which runs code of the registered game `name`; whatever that code raises becomes a
    `GameSpecError` saying that the game failed `doing`, naming its package and entry point (a
    `GameSpecError` goes through as it is). `KeyboardInterrupt` goes through too: a person stopping
    the command, whichever code it interrupts."""
    try:
        return call()
    except (KeyboardInterrupt, GameSpecError):
        raise
    except BaseException as error:
        raise GameSpecError(
            f"the game {name!r} ({_registration(name).where}) {doing}: {type(error).__name__}: {error}"
        ) from error


def available_games() -> list[str]:
    """Names of every registered game that works (a game of another package that fails is left out):
    highroller's own by title, then other packages' games by name, then those of `HIGHROLLER_GAMES`
    in its order."""
    return list(_usable_games())


def registered_by(name: str) -> str | None:
    """The installed distribution registering a game ("highroller" for its own); None for a game of
    `HIGHROLLER_GAMES`. `KeyError` for a name nobody registers."""
    return _registration(name).package


def own_games() -> list[str]:
    """The games that come with highroller itself, in the order `available_games` lists them."""
    return [name for name in available_games() if _registrations()[name].own]


def _registration(name: str) -> Registration:
    registrations = _registrations()
    if name not in registrations:
        raise KeyError(f"no game {name!r}; games: {', '.join(sorted(registrations))}")
    return registrations[name]


@cache
def game_spec(name: str) -> GameSpec:
    """The spec of a registered game, checked. `KeyError` lists the known names; `GameSpecError` says
    why a registered game's spec does not load or is broken, naming its package and entry point."""
    registration = _registration(name)
    spec = tried(name, "does not load", partial(_loaded_spec, registration))
    if not registration.own:  # highroller's own are checked by its tests (test_spec_check), not at every start
        tried(name, "fails its spec's check", partial(check_spec, spec, registration.source))
    return spec


def _loaded_spec(registration: Registration) -> GameSpec:
    """The object a registration names, if it is the `GameSpec` of the game it names."""
    spec = load_object(registration.path)
    if not isinstance(spec, GameSpec) or spec.name != registration.name:
        name = registration.name
        raise GameSpecError(
            f"the game {name!r} ({registration.where}) names {spec!r:.60}, which is not a GameSpec named {name!r}"
        )
    return spec


def make(name: str, **options: Any) -> Game:
    """Make a game by name with rule options (unset options take the game's preset defaults).

    Raises `KeyError` for an unknown game and `RulesError` for impossible options.
    """
    return game_spec(name).make(**options)


def locale_of(name: str) -> Traversable | None:
    """The folder of a registered game's translation catalogs: `locale/` in the package of its spec;
    None for a spec in a module of no package, whose game speaks English only."""
    found = import_module(_registration(name).path.partition(":")[0]).__spec__
    package = found.parent if found is not None else ""
    return files(package).joinpath("locale") if package else None


@cache
def words_of(name: str, lang: str) -> Words:
    """A registered game's own words in `lang`: its spec's texts, its board's and its narration's
    (English for a game without catalogs)."""
    folder = locale_of(name)
    return Words(lang, [folder] if folder is not None else [])


@cache
def narration_of(name: str, lang: str = "en") -> Narration:
    """The words of a registered game in `lang` (one of `highroller.core.words.LANGUAGES`): what the
    spec's `narration` names, a `Narration` (one language) or a function of the language giving one."""
    check_language(lang)
    return narration_in(game_spec(name))(lang)
