"""The solver's advice at a real position: each legal action's value and the best one, from a view.

Only what every player sees is used: the dice left, the cards used, the turn's points, the round and
the scores. The expected-score policy fits any number of players; the win policy is for 2 players.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np

from highroller.games.luckiest.cards import CARD_BY_ID, CARDS
from highroller.games.luckiest.faces import FaceTable, resolve_faces
from highroller.games.luckiest.model import BANK_CODE, TurnModel, turn_model
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
    values += [(BETS[card.index], choices[model.class_of[card.index]]) for card in CARDS if not position.used >> card.index & 1]
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
    return resolve_faces(rules["faces"]), rules["rounds"], 2 * (view["round"] - 1) + mover, totals[mover] - totals[1 - mover]


def win_advice(view: dict[str, Any]) -> Advice:
    """The 2-player win advice (values: the mover's win probability, a shared win counting half)."""
    faces, rounds, turn, lead = _win_situation(view)
    return advise(win_turn(faces, rounds, turn, lead), 0, Position.of_view(view), "win")


def win_choice(view: dict[str, Any]) -> Action:
    """The 2-player win policy's action (the same as `win_advice(view).best`, without the values)."""
    faces, rounds, turn, lead = _win_situation(view)
    return best_action(turn_model(faces), win_codes(faces, rounds, turn), Position.of_view(view), lead + win_solution(faces, rounds).span)

