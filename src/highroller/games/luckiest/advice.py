"""Luckiest Dice's advice on a choice, in a language (its words are extracted into this folder's
catalog): with 2 players the solver's chance of winning after each choice (a shared win counting
half), with more the expected points of the turn after it. The numbers are the solver's policies
(`policy.py`), which the terminal's `?` shows too."""

from __future__ import annotations

from highroller.core.advice import Measure, MoveAdvice, move_value
from highroller.core.advice import move_advice as advice_of
from highroller.core.state import State
from highroller.core.words import Words
from highroller.games.luckiest.narrate import LuckiestNarration
from highroller.games.luckiest.policy import score_advice, win_advice
from highroller.games.luckiest.state import LuckiestState


def move_advice(state: State, seat: int, w: Words) -> MoveAdvice | None:
    """The choices of `seat` valued by the solver: measure "chance" with 2 players, "points" (expected
    points this turn) with more; None when `seat` is not on move."""
    assert isinstance(state, LuckiestState)
    if state.current_player != seat:
        return None
    view = state.view(seat)
    measure: Measure
    if state.rules.players == 2:
        advice, measure, title = win_advice(view), "chance", w("Your chance of winning after each choice (solver)")
    else:
        advice, measure, title = score_advice(view), "points", w("Your expected points this turn after each choice (solver)")
    narration = LuckiestNarration(w)
    moves = [move_value(action.to_json(), narration.label(action), value, measure) for action, value in advice.values]
    return advice_of(measure, title, moves, advice.best.to_json())
