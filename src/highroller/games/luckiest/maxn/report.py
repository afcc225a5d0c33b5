"""What the max-n solution says: each seat's chance, the effect of the tie rule, and how far playing to
win departs from playing for points, for `highroller solve luckiest --players 3` and the docs.

Profiles mixing max-n and expected-score seats are evaluated exactly from the solution's kept points
distributions: a max-n seat's turn at a situation banks g with the solution's probability there, an
expected-score seat's with the score policy's (the same everywhere); seat i's chance at a turn's
start is then the sum over g of that probability times its chance after it, from the last turn back.
"""

from __future__ import annotations

import time
from typing import Any

import numpy as np

from highroller.games.luckiest.faces import FaceTable
from highroller.games.luckiest.maxn.grid import Grid
from highroller.games.luckiest.maxn.solution import MaxnSolution, TieRule, solve_maxn
from highroller.games.luckiest.maxn.turn import TIE_NAMES
from highroller.games.luckiest.solver import score_gains

MAXN, SCORE = "max-n", "score"

MIN_WIN_PLAYERS, MAX_WIN_PLAYERS = 2, 5
"""Player counts `solve` plays to win (5 exactly would be 7 billion situations: only on a coarse grid)."""
MOST_COLUMNS = 32_000_000
"""The most score situations `solve` takes on (4 players over 3 rounds exactly: about half an hour, 2 GB)."""
KEEP_COLUMNS = 2_000_000
"""Up to this many situations the solve keeps each turn for the comparisons with the score policy."""


def maxn_columns(players: int, rounds: int, step: int = 1, most: int = 36) -> int:
    """How many (turn, score situation) pairs a max-n solve works through (on a grid of `step`)."""
    grid = Grid(players, rounds, most, step)
    return sum(grid.count(turn) for turn in range(grid.turns))


def most_rounds(players: int, step: int = 1) -> int:
    """The most rounds `solve` takes on with this many players."""
    rounds = 0
    while maxn_columns(players, rounds + 1, step) <= MOST_COLUMNS:
        rounds += 1
    return rounds


def _moved(grid: Grid, columns: np.ndarray, mover: int) -> np.ndarray:
    """moved[c, g]: the column the mover banking g points moves column c to (on the exact grid)."""
    gains = np.arange(grid.most + 1, dtype=np.int64)
    return grid.nearest(grid.differences(columns)[:, None, :] + gains[None, :, None] * grid.direction(mover))


def evaluate(solution: MaxnSolution, profile: list[str]) -> np.ndarray:
    """Each seat's chance of winning from the game's start when seat i plays `profile[i]` (MAXN: the
    solution's choices; SCORE: the expected-score policy). Needs a solution solved with `keep`."""
    grid = solution.grid
    assert grid.step == 1, "profiles are evaluated on the exact grid"
    score = score_gains(solution.faces) if solution.dice == 12 else None
    value = grid.shares(grid.differences(np.arange(grid.size)))
    for turn in range(grid.turns - 1, -1, -1):
        mover = turn % grid.players
        columns = grid.columns(turn)
        after = value[:, _moved(grid, columns, mover)]
        if profile[mover] == MAXN:
            gains = solution.gains[turn]
        else:
            assert score is not None, "the score policy is solved for the real dice"
            gains = np.broadcast_to(score, (columns.size, score.size))
        value = np.full((grid.players, grid.size), np.nan)
        value[:, columns] = np.einsum("cg,icg->ic", gains, after)
    return value[:, grid.index([0] * grid.players)]


def reach(solution: MaxnSolution) -> list[np.ndarray]:
    """reach[t][d]: the probability that turn t starts at situation d when everyone plays max-n."""
    grid = solution.grid
    assert grid.step == 1, "reach is followed on the exact grid"
    chances = [np.zeros(grid.size) for _ in range(grid.turns)]
    chances[0][grid.index([0] * grid.players)] = 1.0
    for turn in range(grid.turns - 1):
        columns = grid.columns(turn)
        moved = _moved(grid, columns, turn % grid.players)
        np.add.at(chances[turn + 1], moved.ravel(), (chances[turn][columns, None] * solution.gains[turn]).ravel())
    return chances


def departures(solution: MaxnSolution) -> dict[str, float]:
    """How max-n play differs from the expected-score policy along the games it plays: the share of
    the choices that differ, and its expected points a turn."""
    assert solution.decisions is not None and solution.unlike_score is not None
    grid = solution.grid
    choices = differ = points = 0.0
    for turn, chance in enumerate(reach(solution)):
        columns = grid.columns(turn)
        weight = chance[columns]
        choices += float(weight @ solution.decisions[turn, columns])
        differ += float(weight @ solution.unlike_score[turn, columns])
        points += float(weight @ (solution.gains[turn] @ np.arange(solution.gains[turn].shape[1])))
    return {
        "choices_unlike_score_policy": differ / choices,
        "choices_a_turn": choices / grid.turns,
        "points_a_turn": points / grid.turns,
    }


def maxn_headline(
    faces: FaceTable, players: int, rounds: int, ties: bool = False, step: int = 1
) -> tuple[dict[str, Any], MaxnSolution]:
    """Solve the game by max-n (timed; on a grid of `step` points, an approximation, when above 1) and
    summarise it: each seat's chance; where the solve is exact and can keep every turn
    (`KEEP_COLUMNS`), the comparisons with the expected-score policy; with `ties`, each seat's chance
    under the other tie rules and in the paranoid game (a solve for each rule and root)."""
    small = maxn_columns(players, rounds, step) <= KEEP_COLUMNS
    started = time.perf_counter()
    solution = solve_maxn(faces, players, rounds, keep=small and step == 1, every_turn=small, step=step)
    seconds = time.perf_counter() - started
    seats = [float(c) for c in solution.chances(0, [0] * players)]
    headline: dict[str, Any] = {
        "players": players,
        "rounds": rounds,
        "shared_win_counts_as": "its share (1/2, 1/3, ...)",
        "tie_rule": "first",
        "seat_win_probabilities": seats,
        "grid_step": step,
        "situations": maxn_columns(players, rounds, step),
        "seconds": seconds,
    }
    if ties:
        rules: dict[str, Any] = {}
        for name in TIE_NAMES[1:]:
            rules[name] = [
                float(
                    solve_maxn(faces, players, rounds, TieRule(name, root), every_turn=False, step=step).chances(
                        0, [0] * players
                    )[root]
                )
                for root in range(players)
            ]
        headline["seat_win_probabilities_by_tie_rule"] = {"first": seats, **rules}
    if not (small and step == 1):
        return headline, solution
    alone = []
    for seat in range(players):
        profile = [SCORE] * players
        profile[seat] = MAXN
        alone.append(float(evaluate(solution, profile)[seat]))
    among = []
    for seat in range(players):
        profile = [MAXN] * players
        profile[seat] = SCORE
        among.append(float(evaluate(solution, profile)[seat]))
    headline["score_maximisers_seat_win_probabilities"] = [float(c) for c in evaluate(solution, [SCORE] * players)]
    headline["one_max_n_against_score_maximisers"] = {"by_seat": alone, "average": sum(alone) / players}
    headline["one_score_maximiser_against_max_n"] = {"by_seat": among, "average": sum(among) / players}
    headline["departures_from_score_policy"] = departures(solution)
    return headline, solution


def maxn_rows(solution: MaxnSolution) -> list[dict[str, Any]]:
    """Every seat's win probability at the start of every turn, for every reachable score situation
    (seat 1's score taken as 0: the chances depend only on the differences)."""
    grid = solution.grid
    rows: list[dict[str, Any]] = []
    for turn, table in enumerate(solution.start):
        assert table is not None, "the table needs every turn kept"
        round_number, mover = divmod(turn, grid.players)
        columns = grid.columns(turn)
        diffs = grid.differences(columns)
        for column, diff in zip(columns, diffs):
            row: dict[str, Any] = {"turn": turn + 1, "round": round_number + 1, "mover": mover + 1}
            row.update({f"seat {j + 2} minus seat 1": int(d) for j, d in enumerate(diff)})
            row.update({f"seat {i + 1} wins": float(table[i, column]) for i in range(grid.players)})
            rows.append(row)
    return rows
