"""The compiled turn of the max-n solver: a turn solved and followed for many columns, with Numba.

The same method as `turn.play_turn`, over the turn states a turn can reach only (2,792 with the
default dice, against 18,648 (dice, used, points) rows) and one column at a time, so threads can share
the columns (the kernel releases the GIL and allocates nothing: each thread brings its scratch rows).

A turn is given as flat tables (`turn.FlatTurn`): states in solving order (successors first), each
with its dice, points and whether it may bank; `available[s, j]` whether class j has a card left,
`odds[s, j, k]` the chance of k matches betting on it and `after[s, j, k]` the state k matches lead to, or -1
when they place the last die (the turn banks `points + k * class points`).
"""

from __future__ import annotations

import numpy as np

from highroller.batch.jit import released

FIRST, AGAINST, FOR = 0, 1, 2
"""Tie rules (`solution.TieRule`): the first tied choice, the worst for the root seat, the best for it."""
BANK = -1
EPS = 1e-12


@released
def play_columns(
    utility: np.ndarray,
    tie_utility: np.ndarray,
    rule: int,
    dice: np.ndarray,
    points: np.ndarray,
    may_bank: np.ndarray,
    available: np.ndarray,
    class_points: np.ndarray,
    odds: np.ndarray,
    after: np.ndarray,
    score_codes: np.ndarray,
    low: int,
    high: int,
    origin: int,
    value: np.ndarray,
    second: np.ndarray,
    codes: np.ndarray,
    mass: np.ndarray,
    gains: np.ndarray,
    decisions: np.ndarray,
    unlike: np.ndarray,
    every_code: np.ndarray,
) -> None:
    """For columns low..high-1 of `utility[c, g]` (the mover's value of banking g points, g = 0 a
    bust), choose at every state (ties by `rule`, on `tie_utility` unless FIRST), then follow the
    choices from state `origin` (the turn's start is the last state): gains[c, g], decisions[c], unlike[c] (choices
    other than `score_codes`'). `value`, `second`, `codes` and `mass` are scratch rows, one per state;
    `every_code[c - low]` gets column c's choices when it has rows (a batch of games reads them)."""
    states = dice.shape[0]
    classes = class_points.shape[0]
    for c in range(low, high):
        for s in range(states):
            best = -np.inf
            if may_bank[s]:
                best = utility[c, points[s]]
            for j in range(classes):
                if not available[s, j]:
                    continue
                v = odds[s, j, 0] * utility[c, 0]
                for k in range(1, dice[s] + 1):
                    target = after[s, j, k]
                    v += odds[s, j, k] * (utility[c, points[s] + k * class_points[j]] if target < 0 else value[target])
                best = max(best, v)
            chosen = -2
            chosen_value = 0.0
            chosen_second = 0.0
            for choice in range(-1, classes):
                if choice == BANK:
                    if not may_bank[s]:
                        continue
                    v = utility[c, points[s]]
                    w = tie_utility[c, points[s]] if rule != FIRST else 0.0
                else:
                    if not available[s, choice]:
                        continue
                    v = odds[s, choice, 0] * utility[c, 0]
                    w = odds[s, choice, 0] * tie_utility[c, 0] if rule != FIRST else 0.0
                    for k in range(1, dice[s] + 1):
                        target = after[s, choice, k]
                        if target < 0:
                            gained = points[s] + k * class_points[choice]
                            v += odds[s, choice, k] * utility[c, gained]
                            if rule != FIRST:
                                w += odds[s, choice, k] * tie_utility[c, gained]
                        else:
                            v += odds[s, choice, k] * value[target]
                            if rule != FIRST:
                                w += odds[s, choice, k] * second[target]
                if v < best - EPS:
                    continue
                if (
                    chosen == -2
                    or (rule == AGAINST and w < chosen_second - EPS)
                    or (rule == FOR and w > chosen_second + EPS)
                ):
                    chosen, chosen_value, chosen_second = choice, v, w
            value[s] = chosen_value
            second[s] = chosen_second
            codes[s] = chosen
            mass[s] = 0.0
        if every_code.shape[0]:
            for s in range(states):
                every_code[c - low, s] = codes[s]
        for g in range(gains.shape[1]):
            gains[c, g] = 0.0
        decisions[c] = 0.0
        unlike[c] = 0.0
        mass[origin] = 1.0
        for s in range(states - 1, -1, -1):
            m = mass[s]
            if m == 0.0:
                continue
            decisions[c] += m
            if codes[s] != score_codes[s]:
                unlike[c] += m
            j = codes[s]
            if j == BANK:
                gains[c, points[s]] += m
                continue
            gains[c, 0] += m * odds[s, j, 0]
            for k in range(1, dice[s] + 1):
                target = after[s, j, k]
                if target < 0:
                    gains[c, points[s] + k * class_points[j]] += m * odds[s, j, k]
                else:
                    mass[target] += m * odds[s, j, k]
