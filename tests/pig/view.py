"""What a seat sees of a Pig game (the contract the generic board and API clients read)."""

from __future__ import annotations

from typing_extensions import TypedDict


class PigView(TypedDict):
    """Scores, whose turn it is and what that turn has gathered so far."""

    seat: int | None
    target: int
    scores: list[int]
    turn: int
    total: int
