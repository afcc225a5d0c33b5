"""Fast simulation of turns and 2-player games under a solved policy, many at once with NumPy.

Used to cross-check the solver (the mean of simulated results must match the solved values) and for
benchmarks. The dice are drawn as binomial counts, which is exact: only the bet card's matches matter.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from highroller.games.luckiest.faces import FaceTable
from highroller.games.luckiest.model import BANK_CODE, TurnModel
from highroller.games.luckiest.rules import DICE
from highroller.games.luckiest.solver import TurnValues, WinSolution, score_values, terminal


def dense_policy(solved: TurnValues) -> np.ndarray:
    """The solved choices as one array indexed [column, dice left, used index, points]."""
    model = solved.model
    columns = solved.bust.shape[0]
    dense = np.full((columns, DICE + 1, model.used_size, model.points_cap(0) + 1), BANK_CODE, dtype=np.int8)
    for (dice, used), codes in solved.codes.items():
        dense[:, dice, model.used_index(used), : codes.shape[0]] = np.broadcast_to(codes, (codes.shape[0], columns)).T
    return dense


@dataclass
class TurnStats:
    """Points of each simulated turn, and how many rolls each took."""

    points: np.ndarray
    rolls: np.ndarray


def play_turns(model: TurnModel, dense: np.ndarray, columns: np.ndarray, rng: np.random.Generator) -> TurnStats:
    """One turn for each entry of `columns` (the policy's column for that turn), all at once."""
    count = columns.shape[0]
    chance = np.array([float(c.chance) for c in model.classes])
    points_of = np.array([c.points for c in model.classes])
    strides = np.array(model.strides)
    dice = np.full(count, DICE)
    used = np.zeros(count, dtype=np.int64)
    points = np.zeros(count, dtype=np.int64)
    rolls = np.zeros(count, dtype=np.int64)
    result = np.zeros(count, dtype=np.int64)
    live = np.arange(count)
    while live.size:
        codes = dense[columns[live], dice[live], used[live], points[live]].astype(np.int64)
        banking = codes == BANK_CODE
        result[live[banking]] = points[live[banking]]
        live, codes = live[~banking], codes[~banking]
        matches = rng.binomial(dice[live], chance[codes])
        rolls[live] += 1
        scored = matches > 0
        live, codes, matches = live[scored], codes[scored], matches[scored]
        dice[live] -= matches
        points[live] += matches * points_of[codes]
        used[live] += strides[codes]
        finished = dice[live] == 0
        result[live[finished]] = points[live[finished]]
        live = live[~finished]
    return TurnStats(result, rolls)


def simulate_score_turns(faces: FaceTable, count: int, seed: int) -> TurnStats:
    """`count` turns played by the expected-score policy."""
    solved = score_values(faces)
    return play_turns(solved.model, dense_policy(solved), np.zeros(count, dtype=np.int64), np.random.default_rng(seed))


def simulate_win_games(solution: WinSolution, count: int, seed: int, policies: tuple[str, str] = ("win", "win")) -> np.ndarray:
    """`count` 2-player games, each player on the win policy ("win") or the expected-score policy
    ("score"): the first player's result in each (1 a win, TIE a tie, 0 a loss)."""
    rng = np.random.default_rng(seed)
    span = solution.span
    leads = np.arange(-span, span + 1)
    scores = np.zeros((2, count), dtype=np.int64)
    score_policy = dense_policy(score_values(solution.faces))
    for t in range(2 * solution.rounds):
        mover = t % 2
        if policies[mover] == "win":
            dense = dense_policy(solution.turn(t, leads))
            columns = scores[mover] - scores[1 - mover] + span
        else:
            dense, columns = score_policy, np.zeros(count, dtype=np.int64)
        scores[mover] += play_turns(solution.model, dense, columns, rng).points
    return terminal(scores[0] - scores[1])
