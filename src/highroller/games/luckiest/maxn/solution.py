"""Luckiest Dice played to win by three players or more: the max-n solution over every score situation
(or, as an approximation, over a coarser grid of them: `grid`).

Who wins depends only on the differences between the scores, so between turns a situation is
d = (s1 - s0, ..., s(P-1) - s0). `start[t, i, d]` is seat i's chance of winning (a shared win counting
its share: 1/2, 1/3, ...) when turn t starts at d and everyone plays max-n: at every choice the mover
takes what is best for its own chance, ties broken by the solution's `TieRule`.

A turn's only result is the points g the mover banks (0 for a bust), after which seat i's chance is
U_i(g) = start[t + 1, i, d moved by g]. The mover's choices come from the turn solved backwards over
every turn state for U_mover, a column per situation (`turn`); a forward pass then gives the
distribution of g those choices make, and each seat's chance is that distribution times its U_i. The
last turn's U is the final share of the pot.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from highroller.games.luckiest.faces import FaceTable
from highroller.games.luckiest.maxn.grid import Grid
from highroller.games.luckiest.maxn.turn import (
    Key3,
    TieName,
    Turns,
    compiled_turns,
    numpy_turns,
    play_turn,
    solve_turns,
)
from highroller.games.luckiest.model import TurnModel, turn_model
from highroller.games.luckiest.rules import DICE
from highroller.games.luckiest.solver import TurnValues

CHUNK = 1 << 18
"""Columns solved at a time (bounds the memory of their utilities)."""


@dataclass(frozen=True)
class TieRule:
    """What the mover does among choices worth the same to it, and one rule that is not max-n.

    - "first": the first of them in the order bank, then each card class (max-n, lowest index);
    - "against": the worst for seat `root` (paranoid tie-breaking), then the first;
    - "for": the best for seat `root` (friendly tie-breaking), then the first;
    - "paranoid": not max-n but the paranoid game (Sturtevant and Korf): every other seat plays to
      make seat `root` lose, so root's chance is what it can make sure of whatever the others do.
    The mover's own chance is the same whichever tied choice it takes; the others' chances may not be.
    """

    name: TieName = "first"
    root: int = 0

    def objectives(self, utility: np.ndarray, mover: int) -> tuple[np.ndarray, np.ndarray | None]:
        """(what the mover maximises, what breaks its ties or None for the first choice), from every
        seat's utility (`utility[i]`)."""
        if self.root == mover or self.name == "first":
            return utility[mover], None
        if self.name == "paranoid":
            return 1.0 - utility[self.root], None
        return utility[mover], utility[self.root]


FIRST = TieRule()


@dataclass
class MaxnSolution:
    """The max-n solution of a P-player game of R rounds: every seat's chance at the start of every turn."""

    faces: FaceTable
    grid: Grid
    tie: TieRule
    start: list[np.ndarray | None]
    """start[t][i, d]: seat i's chance of winning from the start of turn t at situation d (reachable d
    only; None for a turn not kept)."""
    dice: int = DICE
    """Dice rolled at a turn's start (fewer only in the tests' short games)."""
    gains: list[np.ndarray] = field(default_factory=list)
    """Per turn, the distribution of the mover's points (g, reachable column), when kept."""
    decisions: np.ndarray | None = None
    """decisions[t, c]: the expected number of the mover's choices in turn t at column c, when kept."""
    unlike_score: np.ndarray | None = None
    """unlike_score[t, c]: how many of them differ from the expected-score policy's, when kept."""

    @property
    def model(self) -> TurnModel:
        return turn_model(self.faces, self.dice)

    def utilities(self, turn: int, columns: np.ndarray) -> np.ndarray:
        """utilities[i, c, g]: seat i's chance after the mover of turn `turn` banks g at column c."""
        return self.utilities_at(turn, self.grid.differences(columns))

    def utilities_at(self, turn: int, diffs: np.ndarray) -> np.ndarray:
        """utilities[i, c, g]: seat i's chance after the mover of turn `turn` banks g at the situation
        `diffs[c]`: after the last turn its share of the win, else the next turn's chance there (on a
        coarse grid, interpolated between the grid points around it)."""
        grid = self.grid
        gains = np.arange(grid.most + 1, dtype=np.int64)
        moved = diffs[:, None, :] + gains[None, :, None] * grid.direction(turn % grid.players)
        if turn == grid.turns - 1:
            return grid.shares(moved)
        after = self.start[turn + 1]
        assert after is not None, f"turn {turn + 2} was not kept"
        return grid.interpolate(after, moved)

    def _column(self, turn: int, scores: list[int]) -> tuple[np.ndarray, np.ndarray, np.ndarray | None]:
        """(every seat's utilities at these exact scores, the mover's objective, its ties')."""
        utility = self.utilities_at(turn, np.array([scores[1:]], dtype=np.int64) - scores[0])
        return utility, *self.tie.objectives(utility, turn % self.grid.players)

    def turn(self, turn: int, scores: list[int], origin: Key3 | None = None) -> Turns:
        """The mover's turn `turn` at these scores (compiled if Numba is installed): its choice at every
        turn state, and its points' distribution from its start or from `origin`."""
        _, primary, ties = self._column(turn, scores)
        return solve_turns(self.faces, self.dice, primary, ties, self.tie.name, origin)

    def choices(self, turn: int, diffs: np.ndarray) -> np.ndarray:
        """codes[c, s]: the mover's choice at every flat state of turn `turn` in each situation
        `diffs[c]` (score differences from seat 1's; a batch of games asks for all of theirs at once)."""
        primary, ties = self.tie.objectives(self.utilities_at(turn, diffs), turn % self.grid.players)
        return solve_turns(self.faces, self.dice, primary, ties, self.tie.name, every_code=True).codes

    def turn_values(self, turn: int, scores: list[int]) -> TurnValues:
        """The mover's value of every choice in turn `turn` at these scores (to rank them)."""
        _, primary, ties = self._column(turn, scores)
        return play_turn(self.model, primary.T, None if ties is None else ties.T, self.tie.name == "for").solved

    def chances(self, turn: int, scores: list[int], origin: Key3 | None = None) -> np.ndarray:
        """Every seat's chance of winning at the start of turn `turn` at these scores, or at `origin`
        = (dice, used, points) inside it."""
        if origin is None:
            table = self.start[turn]
            assert table is not None, f"turn {turn + 1} was not kept"
            return self.grid.interpolate(table, np.array(scores[1:], dtype=np.int64) - scores[0])
        utility = self._column(turn, scores)[0]
        return np.einsum("cg,icg->i", self.turn(turn, scores, origin).gains, utility)


def solve_maxn(
    faces: FaceTable,
    players: int,
    rounds: int,
    tie: TieRule = FIRST,
    *,
    dice: int = DICE,
    keep: bool = False,
    every_turn: bool = True,
    compiled: bool | None = None,
    step: int = 1,
) -> MaxnSolution:
    """Solve the P-player game backwards from its last turn, on the compiled kernel if Numba is
    installed (or as `compiled` says). With `keep`, also keep each turn's distribution of points and
    how often its choices differ from the expected-score policy's; without `every_turn`, keep only the
    first turn's chances (the memory of two turns' tables instead of all). A `step` above 1 solves the
    approximation on the coarser grid (`Grid`)."""
    model = turn_model(faces, dice)
    grid = Grid(players, rounds, model.points_cap(0), step)
    solution = MaxnSolution(faces, grid, tie, [None] * grid.turns, dice)
    turns = solve_turns if compiled is None else compiled_turns if compiled else numpy_turns
    if keep:
        solution.gains = [np.empty(0)] * grid.turns
        solution.decisions = np.zeros((grid.turns, grid.size))
        solution.unlike_score = np.zeros((grid.turns, grid.size))
    for turn in range(grid.turns - 1, -1, -1):
        mover = turn % players
        columns = grid.columns(turn)
        table = solution.start[turn] = np.full((players, grid.size), np.nan)
        kept = np.empty((columns.size, model.points_cap(0) + 1)) if keep else None
        for low in range(0, columns.size, CHUNK):
            part = columns[low : low + CHUNK]
            utility = solution.utilities(turn, part)
            primary, ties = tie.objectives(utility, mover)
            gains, decisions, unlike, _ = turns(faces, dice, primary, ties, tie.name)
            table[:, part] = np.einsum("cg,icg->ic", gains, utility)
            if kept is not None and solution.decisions is not None and solution.unlike_score is not None:
                kept[low : low + CHUNK] = gains
                solution.decisions[turn, part] = decisions
                solution.unlike_score[turn, part] = unlike
        if kept is not None:
            solution.gains[turn] = kept
        if not every_turn and turn + 1 < grid.turns:
            solution.start[turn + 1] = None
    return solution
