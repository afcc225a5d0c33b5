"""The solver's results as data: headline numbers and policy tables, for `solve`, files and benchmarks."""

from __future__ import annotations

import time
from typing import Any

from highroller.games.luckiest.cards import CARDS
from highroller.games.luckiest.faces import FaceTable
from highroller.games.luckiest.model import BANK_CODE, TurnModel, turn_model
from highroller.games.luckiest.solver import TIE, TurnValues, WinSolution, score_values, solve_win

KIND_WORDS = {"parity": "odd/even", "shape": "shapes", "colour": "colours", "number": "numbers"}


def class_names(model: TurnModel) -> list[str]:
    """A short name per card class from its cards' kinds ('odd/even', 'shapes+colours', 'numbers');
    the card ids themselves where kinds alone would not tell two classes apart."""
    names = ["+".join(dict.fromkeys(KIND_WORDS[CARDS[c].kind] for c in k.cards)) for k in model.classes]
    if len(set(names)) == len(names):
        return names
    return ["|".join(CARDS[c].id for c in k.cards) for k in model.classes]


def classes_json(model: TurnModel) -> list[dict[str, Any]]:
    return [
        {"cards": [CARDS[c].id for c in k.cards], "matching_faces": k.faces, "points_per_die": k.points}
        for k in model.classes
    ]


def score_headline(faces: FaceTable, rounds: int) -> dict[str, Any]:
    """Solve the expected-score objective (timed) and summarise it."""
    score_values.cache_clear()
    started = time.perf_counter()
    solved = score_values(faces)
    seconds = time.perf_counter() - started
    expected = float(solved.start[0])
    return {
        "expected_turn_score": expected,
        "expected_game_score": expected * rounds,
        "rounds": rounds,
        "turn_states": sum(codes.shape[0] for codes in solved.codes.values()),
        "seconds": seconds,
    }


def win_headline(faces: FaceTable, rounds: int) -> tuple[dict[str, Any], WinSolution]:
    """Solve the 2-player win objective (timed) and summarise it."""
    started = time.perf_counter()
    solution = solve_win(faces, rounds)
    seconds = time.perf_counter() - started
    assert solution.against_score is not None and solution.edge is not None
    first, second = solution.against_score
    return {
        "players": 2,
        "rounds": rounds,
        "shared_win_counts_as": TIE,
        "first_player_win_probability": solution.first_player,
        "second_player_win_probability": 1.0 - solution.first_player,
        "optimal_vs_score_maximiser": {"moving_first": first, "moving_second": second, "average": (first + second) / 2},
        "edge_over_score_maximiser": solution.edge,
        "score_maximisers_first_player_win_probability": solution.score_vs_score,
        "seconds": seconds,
    }, solution


def _used_rows(model: TurnModel, solved: TurnValues) -> list[dict[str, Any]]:
    names = class_names(model)
    rows: list[dict[str, Any]] = []
    for (dice, used), codes in solved.codes.items():
        choices = dict(solved.choice_values(dice, used))
        for points in model.reachable_points(dice, used):
            code = int(codes[points, 0])
            row: dict[str, Any] = {"dice_left": dice}
            row.update({f"used {name}": u for name, u in zip(names, used)})
            row["points"] = points
            row["best"] = "bank" if code == BANK_CODE else f"bet {names[code]}"
            row["value"] = float(solved.values[(dice, used)][points, 0])
            row["bank"] = float(choices[BANK_CODE][points, 0]) if BANK_CODE in choices else None
            row.update({f"bet {names[j]}": float(v[points, 0]) for j, v in choices.items() if j != BANK_CODE})
            rows.append(row)
    return rows


def score_policy_rows(faces: FaceTable) -> list[dict[str, Any]]:
    """The expected-score policy: one row per turn state (dice left, cards used per class, points),
    with the best choice, its value and every choice's value (empty where a class is used up)."""
    return _used_rows(turn_model(faces), score_values(faces))


def win_rows(solution: WinSolution) -> list[dict[str, Any]]:
    """The win objective at each turn's start: the mover's win probability for every reachable lead."""
    most = solution.model.points_cap(0)
    rows: list[dict[str, Any]] = []
    for t in range(2 * solution.rounds):
        round_number, mover = divmod(t, 2)
        low, high = -most * (round_number + mover), most * round_number
        for lead in range(low, high + 1):
            rows.append(
                {
                    "turn": t + 1,
                    "round": round_number + 1,
                    "mover": "second" if mover else "first",
                    "lead": lead,
                    "win_probability": float(solution.start[t, lead + solution.span]),
                }
            )
    return rows
