"""The state rows of the compiled batch engines: one int64 row per game, and how a row is laid out.

A row holds the game's scalar columns first (the stream's KEY and COUNTER, see `highroller.batch.rng`
and `row_keys`, then the game's own), then its column groups one after another, each a block of a
fixed shape per rule set (one column per seat, per card, per casino and owner...). A `Layout` places
the groups, writes where each starts into the kernel's parameter array (the kernel finds a group by
its first column), and reads a group of every row back as an array shaped [games, *shape].
"""

from __future__ import annotations

import math
from collections.abc import Mapping

import numpy as np

from highroller.batch.seeds import stream_keys


class Layout:
    """Where each column group of a row starts, after `scalars` scalar columns."""

    def __init__(self, scalars: int, shapes: Mapping[str, tuple[int, ...]]) -> None:
        self.shapes = dict(shapes)
        """Each group's shape per game, in row order."""
        self.offsets: dict[str, int] = {}
        """Each group's first column."""
        column = scalars
        for name, shape in self.shapes.items():
            self.offsets[name] = column
            column += math.prod(shape)
        self.width = column
        """Columns of a row."""

    @property
    def bytes_per_game(self) -> int:
        """Memory a game's row takes."""
        return self.width * np.dtype(np.int64).itemsize

    def write(self, p: np.ndarray, first: int, width: int) -> None:
        """Write into a kernel's parameter array each group's first column, in row order from p[first],
        and the row's width at p[width]."""
        p[first : first + len(self.offsets)] = list(self.offsets.values())
        p[width] = self.width

    def span(self, first: str, last: str) -> slice:
        """The columns of the groups from `first` to `last`, in row order."""
        return slice(self.offsets[first], self.offsets[last] + math.prod(self.shapes[last]))

    def column(self, rows: np.ndarray, name: str, within: slice = slice(0, None)) -> np.ndarray:
        """A group of every row, shaped [games, *shape]; of rows cut down to the columns `within` (a
        `span` holding the group) if given."""
        first = self.offsets[name] - (within.start or 0)
        shape = self.shapes[name]
        return rows[:, first : first + math.prod(shape)].reshape(rows.shape[0], *shape)


def row_keys(seeds: np.ndarray) -> np.ndarray:
    """Each game's stream key as its row holds it at KEY (int64: the key's bits, signed)."""
    return stream_keys(seeds).view(np.int64)
