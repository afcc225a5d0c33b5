"""Game seeds, stream keys, first seats and streams in bulk, with NumPy (no compiler needed): the
core's SplitMix64 (`highroller.core.rng`) over uint64 arrays.

`game_seeds(series, start, count)` numbers the games of a series; `stream_keys` gives each seed's
stream key, the key of the game's random stream in the batch kernels (`highroller.batch.rng`);
`first_players` each game's first seat as the step engines draw it; `Streams` draws from every game's
own stream for an engine written in NumPy, as the kernels draw from it.
"""

from __future__ import annotations

from typing import Protocol

import numpy as np

from highroller.core.rng import GOLDEN, MASK, derive_seed, draw64, first_seat, stream_key

_ONE, _S32, _LOW32, _TWO32 = np.uint64(1), np.uint64(32), np.uint64(0xFFFFFFFF), np.uint64(1 << 32)


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


class Streams:
    """Every game's own stream, for a batch engine written in NumPy: its key, and its counter (how many
    draws it has made). A game's draws depend only on its seed, whichever games share its batch."""

    def __init__(self, seeds: np.ndarray) -> None:
        self.keys = stream_keys(seeds)
        self.counters = np.zeros(self.keys.shape, dtype=np.uint64)

    def below(self, games: np.ndarray, bounds: np.ndarray) -> np.ndarray:
        """For each of `games` (distinct indexes), an exactly uniform integer in [0, bound) for
        1 <= bound <= 2**32 (int64), drawn from the game's stream as `highroller.batch.rng.below_in`
        draws it: Lemire's multiply-and-shift on a draw's high 32 bits, drawing again when his
        rejection test says so."""
        spans = np.broadcast_to(np.asarray(bounds, dtype=np.uint64), games.shape)
        products = self._products(games, spans)
        thresholds = (_TWO32 - spans) % spans
        again = np.flatnonzero((products & _LOW32) < thresholds)
        while again.size:
            products[again] = self._products(games[again], spans[again])
            again = again[(products[again] & _LOW32) < thresholds[again]]
        return (products >> _S32).astype(np.int64)

    def _products(self, games: np.ndarray, spans: np.ndarray) -> np.ndarray:
        """The next draw of each game's stream, its high 32 bits times the span; counters advanced."""
        draws = draw64(self.keys[games], self.counters[games])
        self.counters[games] += _ONE
        return (draws >> _S32) * spans
