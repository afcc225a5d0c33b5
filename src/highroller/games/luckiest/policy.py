"""The solver's advice at a real position: each legal action's value and the best one, from a view.

Only what every player sees is used: the dice left, the cards used, the turn's points, the round and
the scores. The expected-score policy fits any number of players; the win policy is solved exactly for
2 players (`solver.solve_win`) and, as max-n, for the games `maxn.store.covered` names (3 players).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np

from highroller.games.luckiest.cards import CARD_BY_ID, CARDS
from highroller.games.luckiest.faces import FaceTable, resolve_faces
from highroller.games.luckiest.maxn import store
from highroller.games.luckiest.maxn.solution import MaxnSolution
from highroller.games.luckiest.maxn.turn import flat_turn
from highroller.games.luckiest.model import BANK_CODE, TurnModel, Used, turn_model
from highroller.games.luckiest.rules import DICE
from highroller.games.luckiest.solver import Key, TurnValues, WinSolution, score_values, solve_win
from highroller.games.luckiest.steps import BANK, BETS, Bank, Bet

Action = Bet | Bank


@dataclass(frozen=True)
class Position:
    """A decision inside a turn, as the solver indexes it."""

    dice: int
    used: int
    """Bit mask of the cards used this turn (bit i for card i)."""
    points: int

    @classmethod
    def of_view(cls, view: dict[str, Any]) -> Position:
        used = sum(1 << CARD_BY_ID[c["card"]].index for c in view["cards"] if c["used"])
        return cls(view["dice_left"], used, view["points"])


@dataclass(frozen=True)
class Advice:
    """The best action and every legal action's value (best first), for one objective."""

    objective: str
    best: Action
    values: list[tuple[Action, float]]


def advise(solved: TurnValues, column: int, position: Position, objective: str) -> Advice:
    """Rank the legal actions at `position` by the solved turn's values (column `column`)."""
    model = solved.model
    used = model.used_of(position.used)
    choices = {code: float(value[position.points, column]) for code, value in solved.choice_values(position.dice, used)}
    values: list[tuple[Action, float]] = [(BANK, choices[BANK_CODE])] if BANK_CODE in choices else []
    values += [
        (BETS[card.index], choices[model.class_of[card.index]]) for card in CARDS if not position.used >> card.index & 1
    ]
    values.sort(key=lambda item: -item[1])
    return Advice(objective, best_action(model, solved.codes, position, column), values)


def best_action(model: TurnModel, codes: Mapping[Key, np.ndarray], position: Position, column: int) -> Action:
    """The action a solved turn's choice (column `column`) stands for at `position`."""
    code = int(codes[(position.dice, model.used_of(position.used))][position.points, column])
    return BANK if code == BANK_CODE else BETS[model.next_card(code, position.used)]


def score_choice(view: dict[str, Any]) -> Action:
    """The expected-score policy's action (the same as `score_advice(view).best`, without the values)."""
    faces = resolve_faces(view["rules"]["faces"])
    return best_action(turn_model(faces), score_values(faces).codes, Position.of_view(view), 0)


@lru_cache(maxsize=8)
def win_solution(faces: FaceTable, rounds: int) -> WinSolution:
    """The 2-player win solution of a face table and number of rounds (solved once, then shared)."""
    return solve_win(faces, rounds, against_score=False)


@lru_cache(maxsize=256)
def win_turn(faces: FaceTable, rounds: int, turn: int, lead: int) -> TurnValues:
    """Turn `turn` (0-based over the game) of the win objective, solved for one lead of the mover."""
    return win_solution(faces, rounds).turn(turn, np.array([lead]))


def score_advice(view: dict[str, Any]) -> Advice:
    """The expected-score advice (values: expected points this turn)."""
    return advise(score_values(resolve_faces(view["rules"]["faces"])), 0, Position.of_view(view), "score")


@lru_cache(maxsize=64)
def win_codes(faces: FaceTable, rounds: int, turn: int) -> dict[Key, np.ndarray]:
    """The win policy's choices at turn `turn` for every lead (column lead + span): a bot's fast path."""
    solution = win_solution(faces, rounds)
    return solution.turn(turn, np.arange(-solution.span, solution.span + 1)).codes


def _win_situation(view: dict[str, Any]) -> tuple[FaceTable, int, int, int]:
    """(faces, rounds, turn of the game, mover's lead) of a 2-player view."""
    rules = view["rules"]
    if rules["players"] != 2:
        raise ValueError(f"the win objective is solved for 2 players, not {rules['players']}")
    mover = view["turn"]
    totals = view["totals"]
    return (
        resolve_faces(rules["faces"]),
        rules["rounds"],
        2 * (view["round"] - 1) + mover,
        totals[mover] - totals[1 - mover],
    )


def win_covered(view: dict[str, Any]) -> bool:
    """Whether the win objective is solved for this view's game (2 players, or a covered max-n game)."""
    rules = view["rules"]
    return rules["players"] == 2 or store.covered(rules["players"], rules["rounds"])


def win_exact(view: dict[str, Any]) -> bool:
    """Whether the win objective is solved exactly for this view's game (what chances and advice show)."""
    rules = view["rules"]
    return rules["players"] == 2 or store.exact(rules["players"], rules["rounds"])


def win_advice(view: dict[str, Any]) -> Advice:
    """The win advice (values: the mover's win probability, a shared win counting its share)."""
    if view["rules"]["players"] != 2:
        solution, turn, scores = _maxn_situation(view)
        return advise(solution.turn_values(turn, scores), 0, Position.of_view(view), "win")
    faces, rounds, turn, lead = _win_situation(view)
    return advise(win_turn(faces, rounds, turn, lead), 0, Position.of_view(view), "win")


def win_choice(view: dict[str, Any]) -> Action:
    """The win policy's action (the same as `win_advice(view).best`, without the values)."""
    if view["rules"]["players"] != 2:
        return maxn_choice(view)
    faces, rounds, turn, lead = _win_situation(view)
    return best_action(
        turn_model(faces),
        win_codes(faces, rounds, turn),
        Position.of_view(view),
        lead + win_solution(faces, rounds).span,
    )


def _maxn_situation(view: dict[str, Any]) -> tuple[MaxnSolution, int, list[int]]:
    """(the max-n solution, turn of the game, scores) of a view of a covered game of 3 or more."""
    rules = view["rules"]
    solution = store.solution(resolve_faces(rules["faces"]), rules["players"], rules["rounds"])
    return solution, rules["players"] * (view["round"] - 1) + view["turn"], list(view["totals"])


@lru_cache(maxsize=256)
def _maxn_codes(faces: FaceTable, players: int, rounds: int, turn: int, scores: tuple[int, ...]) -> np.ndarray:
    solution = store.solution(faces, players, rounds)
    return solution.choices(turn, np.array([scores[1:]], dtype=np.int64) - scores[0])[0]


def turn_state(view: dict[str, Any]) -> tuple[int, Used, int]:
    """The view's position as the max-n solver numbers it: (dice left, cards used per class, points)."""
    position = Position.of_view(view)
    model = turn_model(resolve_faces(view["rules"]["faces"]))
    return position.dice, model.used_of(position.used), position.points


def maxn_choice(view: dict[str, Any]) -> Action:
    """The max-n policy's action in a covered game of 3 or more (ties: the first choice)."""
    rules = view["rules"]
    faces = resolve_faces(rules["faces"])
    _, turn, scores = _maxn_situation(view)
    code = int(
        _maxn_codes(faces, rules["players"], rules["rounds"], turn, tuple(scores))[
            flat_turn(faces, DICE).number[turn_state(view)]
        ]
    )
    position = Position.of_view(view)
    return BANK if code == BANK_CODE else BETS[turn_model(faces).next_card(code, position.used)]


def maxn_chances(view: dict[str, Any]) -> list[float]:
    """Every seat's chance of winning at the view's decision, everyone playing max-n from here."""
    solution, turn, scores = _maxn_situation(view)
    return [float(chance) for chance in solution.chances(turn, scores, turn_state(view))]
