"""A `Game` is a rule set with its options fixed; it makes fresh `State`s. Games are immutable values."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Literal, Protocol, TypeVar

from highroller.core.rng import fresh_seed
from highroller.core.state import State
from highroller.core.values import is_whole

OptionKind = Literal["int", "bool", "choice", "text"]


@dataclass(frozen=True)
class OptionSpec:
    """One rule option as a front end shows it: name, kind, limits and a sentence of help.

    The `Game` constructor stays the authority on what is allowed (it raises `RulesError`); the spec
    only lets command lines and forms offer the option without knowing the game.
    """

    name: str
    kind: OptionKind
    help: str
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    presets: tuple[str, ...] = ()
    """For text options: the built-in values (anything else is read as a file by the game)."""
    seat: bool = False
    """An int option that names a seat: 0-based in options, records and the API, shown to people as
    seats numbered from 1."""


class Game(ABC):
    """Immutable options of one game; equal games have equal names and resolved options."""

    name: ClassVar[str]

    def __init__(self, options: Mapping[str, Any]) -> None:
        self._options = dict(options)

    @property
    def options(self) -> dict[str, Any]:
        """The fully resolved, JSON-able options (what a record stores and `make` accepts back)."""
        return dict(self._options)

    @property
    @abstractmethod
    def num_players(self) -> int:
        """Number of seats."""

    def new_game(self, seed: int | None = None) -> State:
        """A fresh game; the same seed and the same actions always give the same game."""
        if seed is None:
            seed = fresh_seed()
        if not is_whole(seed) or seed < 0:
            raise ValueError(f"a seed is a non-negative integer, not {seed!r}")
        return self._new_state(seed)

    @abstractmethod
    def _new_state(self, seed: int) -> State: ...

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return self.name == other.name and self._options == other._options

    def __hash__(self) -> int:
        return hash((self.name, repr(sorted(self._options.items()))))

    def __repr__(self) -> str:
        args = ", ".join(f"{k}={v!r}" for k, v in self._options.items())
        return f"make({self.name!r}, {args})"


class Rules(Protocol):
    """An immutable, validated set of rule options (a game's `rules` object)."""

    @property
    def players(self) -> int: ...

    def to_options(self) -> dict[str, Any]: ...


RulesT = TypeVar("RulesT", bound=Rules)


class RulesGame(Game, Generic[RulesT]):
    """A game whose options are one validated rules object and whose positions are one `State` class.

    A game declares `name`, `resolve` (options -> rules, raising `RulesError`) and `state_class`
    (called as `state_class(game, seed)`), and gets `from_options`, `num_players` and `new_game`.
    """

    resolve: ClassVar[Callable[..., Any]]
    state_class: ClassVar[Callable[..., State]]

    def __init__(self, rules: RulesT) -> None:
        super().__init__(rules.to_options())
        self.rules = rules

    @classmethod
    def from_options(cls, **options: Any) -> RulesGame[RulesT]:
        """The game with these options over the preset's defaults (`hr.make` calls this)."""
        return cls(cls.resolve(**options))

    @property
    def num_players(self) -> int:
        return self.rules.players

    def __reduce__(self) -> tuple[type[RulesGame[RulesT]], tuple[RulesT]]:
        """Pickled and copied as its rules, which make it again: a game class compiled with mypyc
        (`core.compiled`) has no `__dict__` to restore without its `__init__`."""
        return type(self), (self.rules,)

    def _new_state(self, seed: int) -> State:
        return type(self).state_class(self, seed)


def game_of(state: State) -> Game:
    """The `Game` that made `state` (a state knows it only as a `GameOfState`, its module being below this one)."""
    game = state.game
    if not isinstance(game, Game):
        raise TypeError(f"a state's game is a highroller Game, not {type(game).__name__}")
    return game
