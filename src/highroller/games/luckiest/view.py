"""What a seat sees of a Luckiest Dice game: `LuckiestState.view` declared as types.

This is the contract the browser board, the learning encoder and API clients read; its JSON Schema
(`highroller.core.viewschema.view_schema`) is checked on every step by the API checker and documented
in docs/views/luckiest.md. Nothing in the game is hidden.
"""

from __future__ import annotations

from typing import Literal

from typing_extensions import TypedDict

from highroller.core.viewschema import SeatView

Phase = Literal["choose", "roll", "over"]


class FaceView(TypedDict):
    """One face of the dice, as the faces file describes it."""

    number: int
    colour: str
    shape: str


class RulesView(TypedDict):
    """The options the game is played with."""

    players: int
    rounds: int
    faces: list[FaceView]


class CardView(TypedDict):
    """One of the 14 bet cards, with the dice laid on it this turn."""

    card: str
    label: str
    points: int
    used: bool
    dice: list[int]


class BetView(TypedDict):
    """A legal bet: `{"bet": card}` (the other legal action is the string "bank")."""

    bet: str


class LuckiestView(SeatView):
    """The whole view of one seat (or of a spectator): `SeatView`'s keys and these."""

    game: Literal["luckiest"]
    rules: RulesView
    round: int
    phase: Phase
    turn: int
    dice_left: int
    points: int
    rolls: int
    bet: str | None
    cards: list[CardView]
    last_roll: list[int] | None
    scores: list[list[int]]
    totals: list[int]
    legal: list[BetView | Literal["bank"]]
