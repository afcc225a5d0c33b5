"""Counter-based random numbers: the n-th chance draw of a game is a pure function of (seed, n).

Because no generator object is carried around, cloning a state copies no generator, replaying a record
reproduces the generator exactly, and asking twice for the same chance step gives the same dice.
The mixing function is SplitMix64, a well-studied 64-bit finaliser.
"""

from __future__ import annotations

import secrets
from functools import lru_cache

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def mix64(value: int) -> int:
    """SplitMix64's finaliser: a bijection of 64-bit integers with good avalanche."""
    z = value & _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def stream_key(seed: int) -> int:
    """The key of a seed's stream (computed once per state, not once per draw)."""
    return mix64(seed)


def draw64(key: int, counter: int) -> int:
    """The counter-th 64-bit draw of the stream with this key (see `stream_key`); `mix64` inlined."""
    z = (key + (counter + 1) * _GOLDEN) & _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


@lru_cache(maxsize=256)
def label_code(label: str) -> int:
    """A 64-bit code of a text label (FNV-1a over its UTF-8 bytes), stable across runs: how
    `derive_seed` mixes a text label in, for engines (e.g. compiled ones) that derive seeds themselves."""
    code = 0xCBF29CE484222325
    for byte in label.encode("utf-8"):
        code = ((code ^ byte) * 0x100000001B3) & _MASK
    return code


def derive_seed(seed: int, *labels: int | str) -> int:
    """A seed for a sub-stream (a bot, a seat, a game of a series), stable across runs and platforms."""
    value = mix64(seed)
    for label in labels:
        code = label_code(label) if isinstance(label, str) else label & _MASK
        value = mix64(value ^ code)
    return value >> 1


def fresh_seed() -> int:
    """A new random seed for a game whose caller did not choose one."""
    return secrets.randbits(63)
