"""What Pig's tutorial (`tutorial.json`) may say about a position, and what it may point at.

Claims read a position: `total`, the points at stake in the turn being played (lost on a 1, banked
by a hold), and `score`, a seat's banked points. Board targets: the die (`die`), the turn's points
(`pot`) and a seat (`player`, `seat`); board.js marks them with `data-point` and its
`pointed(point)` finds them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from highroller.core.state import State
from highroller.core.tutorial_terms import Claim, TutorialTerms, as_number
from highroller.core.words import Words
from highroller_pig.state import PigState


def _state(state: State) -> PigState:
    if not isinstance(state, PigState):
        raise TypeError("a Pig claim reads a Pig state")
    return state


def total(state: State, args: Mapping[str, Any]) -> int:
    """The points at stake in the turn being played."""
    return _state(state).total


def score(state: State, args: Mapping[str, Any]) -> int:
    """A seat's banked points."""
    return _state(state).scores[args["seat"]]


def point_words(target: Mapping[str, Any], w: Words, names: Sequence[str]) -> str:
    """A board target in words, for the terminal."""
    if target["kind"] == "player":
        return names[target["seat"]]
    return w("the die") if target["kind"] == "die" else w("the turn's points")


TERMS = TutorialTerms(
    claims={"total": Claim(total, (), as_number), "score": Claim(score, ("seat",), as_number)},
    points={"die": (), "pot": (), "player": ("seat",)},
    point_words=point_words,
)
