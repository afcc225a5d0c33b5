"""A turn of max-n play, solved for many situations at once: the mover's choices at every turn state
for its utility of the points it banks, and the distribution of those points its choices make.

`play_turn` does it in NumPy (a column per situation, as `solver.solve_turn`); the compiled kernel
(`kernel`) does the same over the turn states a turn can reach (`FlatTurn`), one column at a
time on the cores' threads; `solve_turns` takes the kernel where Numba is installed. Ties among the
mover's choices (within `TIE_EPS`) go to the first (bank, then each card class), or to the worst or
best for another seat's utility (the tie rules `solution.TieRule` names).
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import lru_cache
from importlib.util import find_spec
from typing import Literal, NamedTuple

import numpy as np

from highroller.core.cpu import cores
from highroller.games.luckiest.faces import FaceTable
from highroller.games.luckiest.model import BANK_CODE, TurnModel, Used, turn_model
from highroller.games.luckiest.solver import Key, TurnValues, solve_turn

TIE_EPS = 1e-12
"""Choices whose values for the mover differ by no more than this are tied (float rounding)."""

Key3 = tuple[int, Used, int]
"""A turn state: (dice left, cards used per class, points)."""

NUMPY_BLOCK = 1024
"""Columns solved at a time without the compiled kernel (bounds the memory of their turn states)."""

TieName = Literal["first", "against", "for", "paranoid"]
TIE_NAMES: tuple[TieName, ...] = ("first", "against", "for", "paranoid")


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
class FlatTurn:
    """The turn states a turn can reach, as the compiled kernel reads them (`kernel`): successors
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


def compiled_turns(
    faces: FaceTable,
    dice: int,
    utility: np.ndarray,
    tie_utility: np.ndarray | None,
    rule: TieName,
    origin: Key3 | None = None,
    every_code: bool = False,
) -> Turns:
    """The mover's turn in every column of `utility[c, g]` on the compiled kernel, the columns shared
    among the cores' threads; followed from the turn's start or from `origin` = (dice, used, points);
    the choices of every column with `every_code`, else of the last."""
    from highroller.games.luckiest.maxn import kernel

    flat = flat_turn(faces, dice)
    columns = utility.shape[0]
    gains = np.zeros_like(utility)
    decisions = np.zeros(columns)
    unlike = np.zeros(columns)
    code = {"against": kernel.AGAINST, "for": kernel.FOR}.get(rule, kernel.FIRST)
    ties = utility if tie_utility is None else tie_utility
    states = flat.dice.shape[0]
    start = states - 1 if origin is None else flat.number[origin]
    threads = max(1, min(cores(), columns // 64))
    bounds = np.linspace(0, columns, threads + 1).astype(int)
    codes = [np.zeros(states, dtype=np.int8) for _ in range(threads)]
    every = [
        np.zeros((int(bounds[part + 1] - bounds[part]) if every_code else 0, states), dtype=np.int8)
        for part in range(threads)
    ]

    def run(part: int) -> None:
        kernel.play_columns(
            utility,
            ties,
            code if tie_utility is not None else kernel.FIRST,
            flat.dice,
            flat.points,
            flat.may_bank,
            flat.available,
            flat.class_points,
            flat.odds,
            flat.after,
            flat.score_codes,
            int(bounds[part]),
            int(bounds[part + 1]),
            start,
            np.zeros(states),
            np.zeros(states),
            codes[part],
            np.zeros(states),
            gains,
            decisions,
            unlike,
            every[part],
        )

    if threads == 1:
        run(0)
    else:
        with ThreadPoolExecutor(threads) as pool:
            list(pool.map(run, range(threads)))
    return Turns(gains, decisions, unlike, np.concatenate(every) if every_code else codes[-1][None, :])


def numpy_turns(
    faces: FaceTable,
    dice: int,
    utility: np.ndarray,
    tie_utility: np.ndarray | None,
    rule: TieName,
    origin: Key3 | None = None,
    every_code: bool = False,
) -> Turns:
    """The same as `compiled_turns`, in NumPy over blocks of columns (where Numba is not installed)."""
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


def solve_turns(
    faces: FaceTable,
    dice: int,
    utility: np.ndarray,
    tie_utility: np.ndarray | None,
    rule: TieName,
    origin: Key3 | None = None,
    every_code: bool = False,
) -> Turns:
    """The mover's turn in every column of `utility[c, g]`: on the compiled kernel where Numba is
    installed, else in NumPy."""
    turns = compiled_turns if compiled_available() else numpy_turns
    return turns(faces, dice, utility, tie_utility, rule, origin, every_code)
