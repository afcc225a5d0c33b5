"""What a game's batch engine offers, and how front ends find it (the spec's optional `batch` path).

A batch engine plays many games of one `Game` at once from an array of game seeds and returns a
`BatchResult`: returns and win shares per game and seat, plus the game's own per-game arrays. It lists
the bots it has built in (the same names, and the same play, as the game's step bots); `trace` gives
each game's steps as record JSON, so `highroller.batch.record_export` can export ordinary records.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

import numpy as np

from highroller.core.game import Game
from highroller.core.spec import GameSpec, load_object

BotChoice = str | Callable[..., np.ndarray]
"""A seat's player in a batch: a built-in bot name, or a game-specific vectorised policy function."""


@dataclass
class BatchResult:
    """Outcomes of a batch of games, one row per game."""

    seeds: np.ndarray
    """int64 [games]: each game's seed (its record replays from it)."""
    returns: np.ndarray
    """float64 [games, seats]: each seat's final score."""
    wins: np.ndarray
    """float64 [games, seats]: 1 for a sole winner, 1/k for each of k who share the win, else 0."""
    extra: dict[str, np.ndarray] = field(default_factory=dict)
    """The game's own per-game arrays (first axis: the game), e.g. money won per round."""

    @property
    def games(self) -> int:
        return int(self.seeds.shape[0])

    def arrays(self) -> dict[str, np.ndarray]:
        """Every per-game array by name: seeds, returns, wins and the extra arrays."""
        return {"seeds": self.seeds, "returns": self.returns, "wins": self.wins, **self.extra}

    @staticmethod
    def of_arrays(arrays: Mapping[str, np.ndarray]) -> BatchResult:
        """The result whose `arrays()` these are."""
        extra = {name: array for name, array in arrays.items() if name not in ("seeds", "returns", "wins")}
        return BatchResult(arrays["seeds"], arrays["returns"], arrays["wins"], extra)

    @staticmethod
    def join(parts: Sequence[BatchResult]) -> BatchResult:
        """One result of several batches, in order."""
        if len(parts) == 1:
            return parts[0]
        arrays = [part.arrays() for part in parts]
        return BatchResult.of_arrays({name: np.concatenate([a[name] for a in arrays]) for name in arrays[0]})


class BatchEngine(Protocol):
    """A game's batch engine (see the module docstring)."""

    bots: Mapping[str, tuple[str, ...]]
    """Built-in bots by name, each with the parameter names it accepts."""
    threads: bool
    """Whether `run` spends nearly all its time in compiled code that releases the interpreter's lock:
    threads of one process then play on every core, with nothing to start (`highroller.batch.runner`)."""

    def run(
        self,
        game: Game,
        bots: Sequence[BotChoice],
        seeds: np.ndarray,
        params: Sequence[Mapping[str, Any]] | None = None,
    ) -> BatchResult:
        """Play one game per seed, `bots[seat]` at each seat (with `params[seat]`, if given)."""
        ...

    def trace(
        self,
        game: Game,
        bots: Sequence[BotChoice],
        seeds: np.ndarray,
        params: Sequence[Mapping[str, Any]] | None = None,
    ) -> list[list[dict[str, Any]]]:
        """The steps of each game, as record JSON (`{"chance": ...}` or `{"seat": s, "action": ...}`)."""
        ...

    def bytes_per_game(self, game: Game) -> int:
        """Memory the engine holds per game while playing (state and results)."""
        ...

    def comparisons(self, rates: Mapping[str, float], seconds: float) -> list[tuple[str, str]]:
        """(what, figure) rows comparing this engine with other programs, e.g. a peer package: from
        the batch games/s of each bench configuration (`rates`, by label), or from measurements of its
        own taken beside the other program's; `seconds` per measurement."""
        ...


def find_engine(spec: GameSpec) -> BatchEngine | None:
    """The game's batch engine, or None if it has none."""
    return engine_at(spec.batch) if spec.batch else None


def engine_at(path: str) -> BatchEngine:
    """The batch engine at the import path `path` (a spec's `batch`, as worker processes are given it)."""
    engine: BatchEngine = load_object(path)
    return engine


def supports(engine: BatchEngine, choices: Sequence[tuple[str, Mapping[str, Any]]]) -> bool:
    """Whether every (bot name, parameters) has a batch version."""
    return all(name in engine.bots and set(params) <= set(engine.bots[name]) for name, params in choices)


def check_seats(players: int, bots: Sequence[BotChoice], params: Sequence[Mapping[str, Any]] | None) -> None:
    """ValueError unless there is a bot, and a parameter set if any are given, for each seat."""
    if len(bots) != players:
        raise ValueError(f"{players} seats need {players} bots, not {len(bots)}")
    if params is not None and len(params) != players:
        raise ValueError(f"{players} seats need {players} parameter sets, not {len(params)}")


def win_shares(best: np.ndarray) -> np.ndarray:
    """Win shares from a boolean [games, seats] array of who is on top (rows without any: no winner)."""
    counts = best.sum(axis=1, keepdims=True)
    return np.divide(best, counts, out=np.zeros(best.shape), where=counts > 0)
