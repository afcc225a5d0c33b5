"""The bot interface, and the random bot every game gets for free.

A bot is any object with `choose(state) -> action`, called when `state.current_player` is the bot's
seat. A bot decides from what its seat may see: `state.view(seat)`, `state.legal_actions()` and, for
search, copies made with `state.resample(seat, rng)` (never `clone`, which keeps the real future).
Bots are built by factories `factory(seed: int, **params) -> Bot` and are deterministic given the seed.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Protocol, TypeAlias

from highroller.core.state import State


class Bot(Protocol):
    """Anything that picks a legal action for the seat to move."""

    def choose(self, state: State) -> Any: ...


BotFactory: TypeAlias = Callable[..., Bot]
"""`factory(seed, **params) -> Bot`: a bot class or function taking a seed and optional parameters."""


class RandomBot:
    """Picks uniformly among the legal actions."""

    def __init__(self, seed: int) -> None:
        self._rng = random.Random(seed)

    def choose(self, state: State) -> Any:
        """`random.Random(seed).choice(state.legal_actions())`, the same draws in one call: random games
        are what speed is measured with."""
        legal = state.legal_actions()
        count = len(legal)
        if not count:
            raise IndexError("no legal action to choose from")
        bits = self._rng.getrandbits
        width = count.bit_length()
        pick = bits(width)
        while pick >= count:
            pick = bits(width)
        return legal[pick]
