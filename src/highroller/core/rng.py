"""Counter-based random numbers: the n-th chance draw of a game is a pure function of (seed, n).

Because no generator object is carried around, cloning a state copies no generator, replaying a record
reproduces the generator exactly, and asking twice for the same chance step gives the same dice.
The mixing function is SplitMix64, a well-studied 64-bit finaliser.

This is the only SplitMix64 of the project: `mix64`, `draw64` and `derive_seed` take Python ints (the
step engine), NumPy uint64 arrays (seeds and streams in bulk, `highroller.batch.seeds`) and, compiled
by Numba, uint64 scalars (the batch kernels, `highroller.batch.rng`), with the same results. So every
sum and product is reduced modulo 2**64 (`& MASK`: needed for Python ints, free on uint64), and
nothing meets a uint64 but uint64 values and non-negative constants (NumPy and Numba turn uint64
mixed with int64 into float64). `draw64_block` is the one other spelling, the same steps in place on
one NumPy array, for a stream's blocks of draws; a test holds the two equal.
"""

from __future__ import annotations

import secrets
import threading
from functools import lru_cache
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    import numpy as np

MASK = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15
"""2**64 divided by the golden ratio: the step between the states of a SplitMix64 stream."""
FIRST_PLAYER = "first-player"
"""The label of the sub-stream that draws the first seat (see `first_seat`)."""

Word = TypeVar("Word", int, "np.ndarray", "np.uint64")
"""A 64-bit word: a Python int, a NumPy uint64 array, or a uint64 scalar in compiled code."""


def mix64(value: Word) -> Word:
    """SplitMix64's finaliser: a bijection of 64-bit integers with good avalanche."""
    z = value & MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31)


def stream_key(seed: Word) -> Word:
    """The key of a seed's stream (computed once per state, not once per draw)."""
    return mix64(seed)


def draw64(key: Word, counter: Word) -> Word:
    """The counter-th 64-bit draw (from 0) of the stream with this key (see `stream_key`): SplitMix64's
    state after counter + 1 golden steps from the key, mixed."""
    return mix64(key + GOLDEN + counter * GOLDEN)


class Stream:
    """One seed's stream, remembered: draw n (`draw64`) is computed once and kept, and copies of a state
    share their stream. The first few draws of a new game are made one at a time; later ones, and those
    of a copy that starts drawing further on (a resampled state), in blocks with NumPy (`draw64_block`:
    a draw in plain Python costs about a microsecond, a block of 128 about nine), so a game that goes on
    draws cheaply and a searched copy that only looks a few steps ahead from the start pays for no block."""

    __slots__ = ("_draws", "key")

    SINGLE = 8
    """Draws 0 to SINGLE - 1 are made one at a time when asked for in turn."""
    BLOCK = 128
    """Other draws are made this many at a time."""

    def __init__(self, seed: int) -> None:
        self.key = stream_key(seed)
        self._draws: list[int] = []

    def draw(self, counter: int) -> int:
        """The counter-th draw (from 0): `draw64(stream_key(seed), counter)`."""
        draws = self._draws
        if counter >= len(draws):
            self._extend(counter)
        return draws[counter]

    def _extend(self, counter: int) -> None:
        draws = self._draws
        with _EXTENDING:  # copies of a state in two threads share the list: draw n must stay at index n
            if counter < self.SINGLE:
                while len(draws) <= counter:
                    draws.append(draw64(self.key, len(draws)))
            elif len(draws) <= counter:
                start = len(draws)
                draws.extend(draw64_block(self.key, start, max(counter + 1 - start, self.BLOCK)))


def draw64_block(key: int, start: int, count: int) -> list[int]:
    """`[draw64(key, n) for n in range(start, start + count)]`, computed in NumPy in place: the same
    SplitMix64 steps as `draw64` and `mix64` on uint64 arrays, where sums and products wrap by
    themselves, without their temporary arrays."""
    import numpy as np  # the core imports NumPy only when a game draws this far

    z = np.arange(start + 1, start + count + 1, dtype=np.uint64)
    z *= np.uint64(GOLDEN)
    z += np.uint64(key & MASK)
    z ^= z >> np.uint64(30)
    z *= np.uint64(0xBF58476D1CE4E5B9)
    z ^= z >> np.uint64(27)
    z *= np.uint64(0x94D049BB133111EB)
    z ^= z >> np.uint64(31)
    return z.tolist()  # type: ignore[no-any-return]


_EXTENDING = threading.Lock()


@lru_cache(maxsize=256)
def label_code(label: str) -> int:
    """A 64-bit code of a text label (FNV-1a over its UTF-8 bytes), stable across runs: how
    `derive_seed` mixes a text label in."""
    code = 0xCBF29CE484222325
    for byte in label.encode("utf-8"):
        code = ((code ^ byte) * 0x100000001B3) & MASK
    return code


def derive_seed(seed: Word, *labels: Word | str) -> Word:
    """A seed for a sub-stream (a bot, a seat, a game of a series), stable across runs and platforms;
    a non-negative 63-bit integer. Many at once from uint64 arrays of seeds and labels."""
    value = mix64(seed)
    for label in labels:
        value = mix64(value ^ (label_code(label) if isinstance(label, str) else label & MASK))
    return value >> 1


def first_seat(seed: Word, players: int) -> Word:
    """The seat that starts a game whose rules leave it to chance, drawn from the game's seed."""
    return derive_seed(seed, FIRST_PLAYER) % players


def fresh_seed() -> int:
    """A new random seed for a game whose caller did not choose one."""
    return secrets.randbits(63)
