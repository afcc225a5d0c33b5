"""Advice on a move as data: the value of each choice of the seat on move by a game's strongest
estimate, the choice that estimate prefers and a few facts about the position, in the words of a
language. A game's `move_advice` (`GameSpec.move_advice`) builds one; the web's Hint draws it as bars.

`measure` says how a value reads: "chance" a probability from 0 to 1 (written as a percent), "money"
dollars, "points" a number of points (written with up to 2 decimals).
"""

from __future__ import annotations

from typing import Any, Literal, TypedDict

Measure = Literal["chance", "money", "points"]

DIGITS: dict[str, int] = {"chance": 4, "money": 0, "points": 2}
"""Decimals a value of each measure is rounded to: a chance to a hundredth of a percent."""


class MoveValue(TypedDict):
    """One choice: its action (as the table lists it), its name and its value."""

    action: Any
    label: str
    value: float


class Fact(TypedDict):
    """A figure about the position, named and measured."""

    label: str
    value: float
    measure: Measure


class MoveAdvice(TypedDict):
    """The value of each choice (best first), the choice the estimate prefers (None where it prefers
    none, as in an auction of many bids: a bot then suggests the move) and the position's facts."""

    measure: Measure
    title: str
    moves: list[MoveValue]
    best: Any
    facts: list[Fact]


def clean_value(value: float, measure: Measure) -> float:
    """`value` rounded for its measure, a chance kept within 0..1, and never -0."""
    rounded = round(float(value), DIGITS[measure])
    if measure == "chance":
        rounded = min(1.0, max(0.0, rounded))
    return rounded + 0.0  # -0.0 + 0.0 is 0.0


def move_value(action: Any, label: str, value: float, measure: Measure) -> MoveValue:
    """A choice's entry, its value cleaned (`clean_value`)."""
    return {"action": action, "label": label, "value": clean_value(value, measure)}


def fact(label: str, value: float, measure: Measure) -> Fact:
    """A fact, its value cleaned (`clean_value`)."""
    return {"label": label, "value": clean_value(value, measure), "measure": measure}


def move_advice(
    measure: Measure, title: str, moves: list[MoveValue], best: Any, facts: list[Fact] | None = None
) -> MoveAdvice:
    """An advice with its moves best first (a stable sort: equal values keep their order)."""
    return {
        "measure": measure,
        "title": title,
        "moves": sorted(moves, key=lambda move: -move["value"]),
        "best": best,
        "facts": facts or [],
    }
