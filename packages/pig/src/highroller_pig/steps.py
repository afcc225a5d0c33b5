"""Pig's steps: the two actions (roll again, hold) and the chance outcome (the face the die shows)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Roll:
    """Roll the die again."""

    def __str__(self) -> str:
        return "roll"

    def to_json(self) -> str:
        return "roll"


@dataclass(frozen=True, slots=True)
class Hold:
    """Bank the turn's total and pass the die."""

    def __str__(self) -> str:
        return "hold"

    def to_json(self) -> str:
        return "hold"


@dataclass(frozen=True, slots=True)
class Face:
    """The face the die shows."""

    value: int

    def __str__(self) -> str:
        return str(self.value)

    def to_json(self) -> int:
        return self.value


ROLL, HOLD = Roll(), Hold()
FACES = tuple(Face(value) for value in range(1, 7))
"""The die's faces, 1 to 6: `FACES[value - 1]`."""
