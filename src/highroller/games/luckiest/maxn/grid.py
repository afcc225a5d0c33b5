"""The score situations of a game of several players, as the max-n solver numbers them.

Who wins depends only on the differences between the scores, so a situation is d = (s1 - s0, ...,
s(P-1) - s0), at every difference or, on a coarser grid, at the multiples of a step.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product

import numpy as np


@dataclass(frozen=True)
class Grid:
    """The situations of a P-player game of R rounds: the score differences d_j = s_j - s_0 (j = 1..P-1)
    at the multiples of `step` from -span to span (every difference when `step` is 1), flattened in C
    order. A coarser step is an approximation: a situation between grid points is read from the two
    nearest along the mover's move, linearly, and a real position is taken at its nearest grid point."""

    players: int
    rounds: int
    most: int
    """The most points of one turn."""
    step: int = 1

    @property
    def span(self) -> int:
        """The largest score difference."""
        return self.most * self.rounds

    @property
    def reach(self) -> int:
        """The grid points on each side of 0."""
        return self._up(self.span)

    @property
    def shape(self) -> tuple[int, ...]:
        return (2 * self.reach + 1,) * (self.players - 1)

    @property
    def size(self) -> int:
        return int(np.prod(self.shape))

    @property
    def turns(self) -> int:
        return self.players * self.rounds

    def strides(self) -> np.ndarray:
        return np.array(
            [(2 * self.reach + 1) ** (self.players - 2 - j) for j in range(self.players - 1)], dtype=np.int64
        )

    def taken(self, turn: int) -> list[int]:
        """How many turns each seat has played when turn `turn` starts."""
        round_number, mover = divmod(turn, self.players)
        return [round_number + (1 if seat < mover else 0) for seat in range(self.players)]

    def _ranges(self, turn: int) -> list[range]:
        """Each difference's grid points turn `turn` can start at (on a coarse grid, with one more on
        each side, which an interpolation between grid points may read)."""
        taken = self.taken(turn)
        extra = 0 if self.step == 1 else 1
        ranges = []
        for j in range(1, self.players):
            low = max(-self.reach, -self._up(self.most * taken[0]) - extra)
            high = min(self.reach, self._up(self.most * taken[j]) + extra)
            ranges.append(range(low + self.reach, high + self.reach + 1))
        return ranges

    def count(self, turn: int) -> int:
        """How many situations turn `turn` can start at."""
        return int(np.prod([len(r) for r in self._ranges(turn)]))

    def columns(self, turn: int) -> np.ndarray:
        """The flat index of every situation turn `turn` can start at."""
        mesh = np.meshgrid(*(np.arange(r.start, r.stop) for r in self._ranges(turn)), indexing="ij")
        return np.ravel_multi_index(tuple(m.ravel() for m in mesh), self.shape).astype(np.int64)

    def _up(self, points: int) -> int:
        """How many grid steps cover `points`."""
        return -(-points // self.step)

    def _points(self, diffs: np.ndarray) -> np.ndarray:
        """The grid point nearest each difference (clipped to the grid), from 0."""
        return np.clip(np.rint(diffs / self.step).astype(np.int64), -self.reach, self.reach) + self.reach

    def nearest(self, diffs: np.ndarray) -> np.ndarray:
        """The flat index of the grid point nearest each situation `diffs[..., j]`."""
        return (self._points(diffs) @ self.strides()).astype(np.int64)

    def index(self, scores: list[int]) -> int:
        """The flat index of the situation with these scores (its nearest grid point)."""
        return int(self.nearest(np.array(scores[1:], dtype=np.int64) - scores[0]))

    def differences(self, columns: np.ndarray) -> np.ndarray:
        """diffs[c, j]: the score differences of each column's situation."""
        return (np.array(np.unravel_index(columns, self.shape)).T - self.reach) * self.step

    def direction(self, mover: int) -> np.ndarray:
        """How the differences move per point the mover banks: all down for seat 0, its own up else."""
        return (
            -np.ones(self.players - 1, dtype=np.int64)
            if mover == 0
            else np.eye(self.players - 1, dtype=np.int64)[mover - 1]
        )

    def corners(self, diffs: np.ndarray) -> list[tuple[np.ndarray, np.ndarray]]:
        """(flat index, weight) of the grid points around each situation `diffs[..., j]` (clipped to the
        grid), whose weighted sum is the multilinear interpolation there; on the exact grid, the point
        itself with weight 1."""
        points = np.clip(diffs / self.step + self.reach, 0, 2 * self.reach)
        low = np.floor(points).astype(np.int64)
        part = points - low
        high = np.minimum(low + 1, 2 * self.reach)
        if self.step == 1:
            return [(low @ self.strides(), np.ones(low.shape[:-1]))]
        corners = []
        for bits in product((False, True), repeat=self.players - 1):
            chosen = np.where(bits, high, low)
            corners.append((chosen @ self.strides(), np.prod(np.where(bits, part, 1 - part), axis=-1)))
        return corners

    def interpolate(self, table: np.ndarray, diffs: np.ndarray) -> np.ndarray:
        """table[:, d] at each situation `diffs[..., j]`, interpolated between the grid points around it
        (a grid point of weight 0 is not read: it may lie past the situations solved)."""
        value = np.zeros((table.shape[0], *diffs.shape[:-1]))
        for index, weight in self.corners(diffs):
            value += np.where(weight > 0, table[:, index] * weight, 0.0)
        return value

    def shares(self, diffs: np.ndarray) -> np.ndarray:
        """shares[i, ...]: seat i's share of the win when the game ends at differences `diffs[..., j]`."""
        scores = np.concatenate([np.zeros((*diffs.shape[:-1], 1), dtype=diffs.dtype), diffs], axis=-1)
        top = scores == scores.max(axis=-1, keepdims=True)
        return np.moveaxis(top / top.sum(axis=-1, keepdims=True), -1, 0)
