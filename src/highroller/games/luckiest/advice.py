"""Luckiest Dice's advice on a choice, in a language (its words are extracted into this folder's
catalog): where the win objective is solved exactly (2 players, and 3 up to 4 rounds, once a server's
warm-up has solved it) the solver's chance of winning after each choice (a shared win counting its share),
elsewhere the expected points of the turn after it. The numbers are the solver's policies
(`policy.py`), which the terminal's `?` shows too."""

from __future__ import annotations

from typing import Any

from highroller.core.advice import Measure, MoveAdvice, move_value
from highroller.core.advice import move_advice as advice_of
from highroller.core.firsttime import NotWarm
from highroller.core.state import State
from highroller.core.words import Words
from highroller.games.luckiest.narrate import LuckiestNarration
from highroller.games.luckiest.policy import Advice, score_advice, win_advice, win_exact
from highroller.games.luckiest.state import LuckiestState


def move_advice(state: State, seat: int, w: Words) -> MoveAdvice | None:
    """The choices of `seat` valued by the solver: measure "chance" where the win objective is solved,
    else "points" (expected points this turn); None when `seat` is not on move."""
    assert isinstance(state, LuckiestState)
    if state.current_player != seat:
        return None
    view = state.view(seat)
    measure: Measure
    advice = _win_advice(view) if win_exact(view) else None
    if advice is not None:
        measure, title = "chance", w("Your chance of winning after each choice (solver)")
    else:
        advice, measure, title = (
            score_advice(view),
            "points",
            w("Your expected points this turn after each choice (solver)"),
        )
    narration = LuckiestNarration(w)
    moves = [move_value(action.to_json(), narration.label(action), value, measure) for action, value in advice.values]
    return advice_of(measure, title, moves, advice.best.to_json())


def _win_advice(view: dict[str, Any]) -> Advice | None:
    """The win advice, or None while a server's warm-up still solves the game."""
    try:
        return win_advice(view)
    except NotWarm:
        return None
