"""Luckiest Dice played to win by three players or more: the max-n solution, exact over every score.

Who wins depends only on the differences between the scores, so between turns a situation is
d = (s1 - s0, ..., s(P-1) - s0). `start[t, i, d]` is seat i's chance of winning (a shared win counting
its share: 1/2, 1/3, ...) when turn t starts at d and everyone plays max-n: at every choice the mover
takes what is best for its own chance, ties broken by the solution's `TieRule`.

A turn's only result is the points g the mover banks (0 for a bust), after which seat i's chance is
U_i(g) = start[t + 1, i, d moved by g]. The mover's choices come from the turn solved backwards over
every turn state for U_mover, a column per situation (`solver.solve_turn`'s method, in blocks of
columns); a forward pass then gives the distribution of g those choices make, and each seat's chance is
that distribution times its U_i. The last turn's U is the final share of the pot.
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from functools import lru_cache
from importlib.util import find_spec
from itertools import product
from typing import Literal, NamedTuple

import numpy as np

from highroller.core.cpu import cores
from highroller.games.luckiest.faces import FaceTable
from highroller.games.luckiest.model import BANK_CODE, TurnModel, Used, turn_model
from highroller.games.luckiest.rules import DICE
from highroller.games.luckiest.solver import Key, TurnValues, solve_turn

TIE_EPS = 1e-12
"""Choices whose values for the mover differ by no more than this are tied (float rounding)."""

Key3 = tuple[int, Used, int]
"""A turn state: (dice left, cards used per class, points)."""

NUMPY_BLOCK = 1024
"""Columns solved at a time without the compiled kernel (bounds the memory of their turn states)."""

CHUNK = 1 << 18
"""Columns solved at a time (bounds the memory of their utilities)."""

TieName = Literal["first", "against", "for", "paranoid"]
TIE_NAMES: tuple[TieName, ...] = ("first", "against", "for", "paranoid")


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
class TurnPlay:
    """A turn solved for a block of columns: the mover's choices and values, and what they lead to."""

    solved: TurnValues
    """The mover's value of every turn state and its choice there (tie rule applied)."""
    gains: np.ndarray
    """gains[g, c]: the probability that the turn banks g points (g = 0: a bust) in column c."""
    decisions: np.ndarray
    """The expected number of choices the mover makes in the turn, per column."""
    unlike_score: np.ndarray
    """The expected number of those choices that differ from the expected-score policy's, per column."""


def _select(model: TurnModel, primary: TurnValues, secondary: TurnValues | None, key: Key, friendly: bool) -> None:
    """Choose at one (dice, used) pair for every points row and column, storing values and codes."""
    choices = primary.choice_values(*key)
    seconds = secondary.choice_values(*key) if secondary is not None else None
    best = choices[0][1].copy()
    for _, value in choices[1:]:
        np.maximum(best, value, out=best)
    floor = best - TIE_EPS
    codes = np.zeros(best.shape, dtype=np.int8)
    chosen = np.zeros(best.shape)
    chosen_second = np.zeros(best.shape) if seconds is not None else None
    have = np.zeros(best.shape, dtype=bool)
    for index, (code, value) in enumerate(choices):
        take = value >= floor
        if seconds is not None and chosen_second is not None:
            other = seconds[index][1]
            better = other > chosen_second + TIE_EPS if friendly else other < chosen_second - TIE_EPS
            take &= ~have | better
            chosen_second[take] = other[take]
        else:
            take &= ~have
        codes[take] = code
        chosen[take] = value[take]
        have |= take
    primary.values[key] = chosen
    primary.codes[key] = codes
    if secondary is not None and chosen_second is not None:
        secondary.values[key] = chosen_second
        secondary.codes[key] = codes


def play_turn(
    model: TurnModel,
    utility: np.ndarray,
    tie_utility: np.ndarray | None = None,
    friendly: bool = False,
    score_codes: dict[Key, np.ndarray] | None = None,
    start: Key3 | None = None,
) -> TurnPlay:
    """Solve a turn for the mover's utility[g, c] of banking g points (g = 0: a bust) in each column c,
    breaking ties by `tie_utility` (another seat's utility: lowest for it, or highest if `friendly`),
    then follow the choices forward from the turn's start (or from `start` = (dice, used, points))."""
    columns = utility.shape[1]
    primary = TurnValues(model, utility, utility[0])
    secondary = TurnValues(model, tie_utility, tie_utility[0]) if tie_utility is not None else None
    for key in model.states:
        _select(model, primary, secondary, key, friendly)
    gains = np.zeros_like(utility)
    decisions = np.zeros(columns)
    unlike = np.zeros(columns)
    dice, used, points = start if start is not None else (model.dice, (0,) * len(model.classes), 0)
    mass: dict[Key, np.ndarray] = {(dice, used): np.zeros((model.points_cap(dice) + 1, columns))}
    mass[(dice, used)][points] = 1.0
    for key in reversed(model.states):
        here = mass.pop(key, None)
        if here is None:
            continue
        codes = primary.codes[key]
        decisions += here.sum(axis=0)
        if score_codes is not None:
            unlike += (here * (codes != score_codes[key])).sum(axis=0)
        rows = here.shape[0]
        gains[:rows] += np.where(codes == BANK_CODE, here, 0.0)
        dice, used = key
        for j, klass in enumerate(model.classes):
            taken = np.where(codes == j, here, 0.0)
            if not taken.any():
                continue
            after = (*used[:j], used[j] + 1, *used[j + 1 :])
            odds = model.odds[j][dice]
            gains[0] += odds[0] * taken.sum(axis=0)
            for k in range(1, dice + 1):
                if not odds[k]:
                    continue
                shift = k * klass.points
                if k == dice:
                    gains[shift : shift + rows] += odds[k] * taken
                else:
                    target = mass.setdefault((dice - k, after), np.zeros((model.points_cap(dice - k) + 1, columns)))
                    target[shift : shift + rows] += odds[k] * taken
    return TurnPlay(primary, gains, decisions, unlike)


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
        return np.array([(2 * self.reach + 1) ** (self.players - 2 - j) for j in range(self.players - 1)], dtype=np.int64)

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

    def flat(self, totals: np.ndarray) -> np.ndarray:
        """The flat index of each row of scores `totals[game, seat]` (its nearest grid point)."""
        return self.nearest(totals[:, 1:] - totals[:, :1])

    def nearest(self, diffs: np.ndarray) -> np.ndarray:
        """The flat index of the grid point nearest each situation `diffs[..., j]`."""
        return (self._points(diffs) @ self.strides()).astype(np.int64)

    def index(self, scores: list[int]) -> int:
        """The flat index of the situation with these scores (its nearest grid point)."""
        return int(self.flat(np.array([scores], dtype=np.int64))[0])

    def differences(self, columns: np.ndarray) -> np.ndarray:
        """diffs[c, j]: the score differences of each column's situation."""
        return (np.array(np.unravel_index(columns, self.shape)).T - self.reach) * self.step

    def direction(self, mover: int) -> np.ndarray:
        """How the differences move per point the mover banks: all down for seat 0, its own up else."""
        return -np.ones(self.players - 1, dtype=np.int64) if mover == 0 else np.eye(self.players - 1, dtype=np.int64)[mover - 1]

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
        turns = _compiled_turns if compiled_available() else _numpy_turns
        return turns(self.faces, self.dice, primary, ties, self.tie.name, origin)

    def choices(self, turn: int, diffs: np.ndarray) -> np.ndarray:
        """codes[c, s]: the mover's choice at every flat state of turn `turn` in each situation
        `diffs[c]` (score differences from seat 1's; a batch of games asks for all of theirs at once)."""
        primary, ties = self.tie.objectives(self.utilities_at(turn, diffs), turn % self.grid.players)
        turns = _compiled_turns if compiled_available() else _numpy_turns
        return turns(self.faces, self.dice, primary, ties, self.tie.name, every_code=True).codes

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


@dataclass(frozen=True)
class FlatTurn:
    """The turn states a turn can reach, as the compiled kernel reads them (`maxn_kernel`): successors
    first, the turn's start last."""

    dice: np.ndarray
    points: np.ndarray
    may_bank: np.ndarray
    available: np.ndarray
    class_points: np.ndarray
    odds: np.ndarray
    after: np.ndarray
    score_codes: np.ndarray
    number: dict[Key3, int]
    """The flat number of each (dice, used, points)."""

    @classmethod
    def of(cls, model: TurnModel, score: dict[Key, np.ndarray]) -> FlatTurn:
        keys = [(dice, used, p) for dice, used in model.states for p in model.reachable_points(dice, used)]
        number = {key: s for s, key in enumerate(keys)}
        classes = len(model.classes)
        available = np.zeros((len(keys), classes), dtype=np.bool_)
        odds = np.zeros((len(keys), classes, model.dice + 1))
        after = np.full((len(keys), classes, model.dice + 1), -1, dtype=np.int64)
        for s, (dice, used, p) in enumerate(keys):
            for j, klass in enumerate(model.classes):
                if used[j] == len(klass.cards):
                    continue
                available[s, j] = True
                odds[s, j, : dice + 1] = model.odds[j][dice]
                moved = (*used[:j], used[j] + 1, *used[j + 1 :])
                for k in range(1, dice):
                    after[s, j, k] = number[(dice - k, moved, p + k * klass.points)]
        return cls(
            np.array([k[0] for k in keys], dtype=np.int64),
            np.array([k[2] for k in keys], dtype=np.int64),
            np.array([any(k[1]) for k in keys], dtype=np.bool_),
            available,
            np.array([c.points for c in model.classes], dtype=np.int64),
            odds,
            after,
            np.array([score[(dice, used)][p, 0] for dice, used, p in keys], dtype=np.int8),
            number,
        )


    def numbers(self, model: TurnModel) -> np.ndarray:
        """numbers[dice, used index, points]: the flat number of each turn state (-1 where unreachable)."""
        table = np.full((model.dice + 1, model.used_size, model.points_cap(0) + 1), -1, dtype=np.int64)
        for (dice, used, points), number in self.number.items():
            table[dice, model.used_index(used), points] = number
        return table


@lru_cache(maxsize=4)
def flat_turn(faces: FaceTable, dice: int) -> FlatTurn:
    """The flat tables of a turn (made once)."""
    return FlatTurn.of(turn_model(faces, dice), score_turn(faces, dice).codes)


@lru_cache(maxsize=4)
def score_turn(faces: FaceTable, dice: int) -> TurnValues:
    """The expected-score policy of a turn (what max-n play is compared with)."""
    model = turn_model(faces, dice)
    size = model.points_cap(0) + 1
    return solve_turn(model, np.arange(size, dtype=float)[:, None], np.zeros(1))


class Turns(NamedTuple):
    """The mover's turn solved in each column: gains[c, g], the chance of banking g points (g = 0: a
    bust); decisions[c] and unlike_score[c], how many choices it makes and how many of them differ from
    the expected-score policy's; codes[c, s], the choice at every flat state of each column asked for."""

    gains: np.ndarray
    decisions: np.ndarray
    unlike_score: np.ndarray
    codes: np.ndarray


def _compiled_turns(
    faces: FaceTable, dice: int, utility: np.ndarray, tie_utility: np.ndarray | None, rule: TieName, origin: Key3 | None = None, every_code: bool = False
) -> Turns:
    """The mover's turn in every column of `utility[c, g]` on the compiled kernel, the columns shared
    among the cores' threads; followed from the turn's start or from `origin` = (dice, used, points);
    the choices of every column with `every_code`, else of the last."""
    from highroller.games.luckiest import maxn_kernel

    flat = flat_turn(faces, dice)
    columns = utility.shape[0]
    gains = np.zeros_like(utility)
    decisions = np.zeros(columns)
    unlike = np.zeros(columns)
    code = {"against": maxn_kernel.AGAINST, "for": maxn_kernel.FOR}.get(rule, maxn_kernel.FIRST)
    ties = utility if tie_utility is None else tie_utility
    states = flat.dice.shape[0]
    start = states - 1 if origin is None else flat.number[origin]
    threads = max(1, min(cores(), columns // 64))
    bounds = np.linspace(0, columns, threads + 1).astype(int)
    codes = [np.zeros(states, dtype=np.int8) for _ in range(threads)]
    every = [np.zeros((int(bounds[part + 1] - bounds[part]) if every_code else 0, states), dtype=np.int8) for part in range(threads)]

    def run(part: int) -> None:
        maxn_kernel.play_columns(
            utility, ties, code if tie_utility is not None else maxn_kernel.FIRST,
            flat.dice, flat.points, flat.may_bank, flat.available, flat.class_points, flat.odds, flat.after, flat.score_codes,
            int(bounds[part]), int(bounds[part + 1]), start,
            np.zeros(states), np.zeros(states), codes[part], np.zeros(states),
            gains, decisions, unlike, every[part],
        )

    if threads == 1:
        run(0)
    else:
        with ThreadPoolExecutor(threads) as pool:
            list(pool.map(run, range(threads)))
    return Turns(gains, decisions, unlike, np.concatenate(every) if every_code else codes[-1][None, :])


def _numpy_turns(
    faces: FaceTable, dice: int, utility: np.ndarray, tie_utility: np.ndarray | None, rule: TieName, origin: Key3 | None = None, every_code: bool = False
) -> Turns:
    """The same as `_compiled_turns`, in NumPy over blocks of columns (where Numba is not installed)."""
    model = turn_model(faces, dice)
    score = score_turn(faces, dice).codes
    flat = flat_turn(faces, dice)
    gains = np.zeros_like(utility)
    decisions = np.zeros(utility.shape[0])
    unlike = np.zeros(utility.shape[0])
    codes: list[np.ndarray] = []
    for low in range(0, utility.shape[0], NUMPY_BLOCK):
        part = slice(low, low + NUMPY_BLOCK)
        ties = None if tie_utility is None else tie_utility[part].T
        play = play_turn(model, utility[part].T, ties, rule == "for", score, origin)
        gains[part] = play.gains.T
        decisions[part] = play.decisions
        unlike[part] = play.unlike_score
        if every_code or low + NUMPY_BLOCK >= utility.shape[0]:
            chosen = play.solved.codes
            codes.append(np.array([chosen[(d, u)][p] for (d, u, p) in flat.number], dtype=np.int8).T)
    return Turns(gains, decisions, unlike, np.concatenate(codes) if every_code else codes[-1][-1:])


def compiled_available() -> bool:
    """Whether Numba is installed (the solver then runs the compiled kernel)."""
    return find_spec("numba") is not None


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
    turns = _compiled_turns if (compiled_available() if compiled is None else compiled) else _numpy_turns
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
