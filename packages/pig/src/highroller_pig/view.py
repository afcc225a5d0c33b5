"""What a seat sees of a Pig game: the contract the board, the encoder, the bots and API clients read.
Nothing in Pig is hidden."""

from __future__ import annotations

from typing import Literal

from highroller.core.viewschema import SeatView


class PigView(SeatView):
    """The scores, whose turn it is, what that turn has gathered so far and the last face rolled."""

    game: Literal["pig"]
    """The game."""
    target: int
    """The score that wins."""
    scores: list[int]
    """Each seat's banked points."""
    turn: int
    """The seat whose turn it is."""
    total: int
    """The points of this turn so far, lost on a 1."""
    last_roll: int | None
    """The face of the last roll (null before the first)."""
