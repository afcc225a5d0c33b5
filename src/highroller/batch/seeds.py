"""Game seeds, stream keys and first seats in bulk, with NumPy (no compiler needed): the core's
SplitMix64 (`highroller.core.rng`) over uint64 arrays.

`game_seeds(series, start, count)` numbers the games of a series; `stream_keys` gives each seed's
stream key, the key of the game's random stream in the batch kernels (`highroller.batch.rng`);
`first_players` each game's first seat as the step engines draw it.
"""

from __future__ import annotations

from typing import Protocol

import numpy as np

from highroller.core.rng import GOLDEN, MASK, derive_seed, first_seat, stream_key

_ONE = np.uint64(1)


def words(seeds: np.ndarray | list[int]) -> np.ndarray:
    """Game seeds (non-negative integers) as the uint64 words the core's functions take."""
    return np.asarray(seeds, dtype=np.uint64)


def stream_keys(seeds: np.ndarray) -> np.ndarray:
    """The stream key of each game seed, as uint64."""
    return stream_key(words(seeds))


def game_seeds(series: int, start: int, count: int) -> np.ndarray:
    """Seeds of games start..start+count-1 of a series: non-negative 63-bit integers (int64), each
    derived from the series seed with the game's step of SplitMix64's golden sequence as its label."""
    numbers = np.arange(start, start + count, dtype=np.uint64)
    return derive_seed(words([series & MASK]), (numbers + _ONE) * GOLDEN).astype(np.int64)


class SeatRules(Protocol):
    """Rules with a player count and a first seat that may be left to chance (None)."""

    @property
    def players(self) -> int: ...

    @property
    def first_player(self) -> int | None: ...


def first_players(seeds: np.ndarray, rules: SeatRules) -> np.ndarray:
    """Each game's first seat (int64): the rules' `first_player` if they fix it, else drawn from the
    seed exactly as the step engines draw it."""
    if rules.first_player is not None:
        return np.full(len(seeds), rules.first_player, dtype=np.int64)
    return first_seat(words(seeds), rules.players).astype(np.int64)

