"""What a seat sees of a Las Vegas game: `LasVegasState.view` declared as types.

This is the contract the browser board, the learning encoder and API clients read; its JSON Schema
(`highroller.core.viewschema.view_schema`) is checked on every step by the API checker and documented
in docs/views/lasvegas.md. Everything here is public in the physical game except the pile's order.
"""

from __future__ import annotations

from typing import Literal, NotRequired

from typing_extensions import TypedDict

from highroller.core.viewschema import SeatView

Phase = Literal["stock", "leftover-neutral", "roll", "choose", "over"]


class RulesView(TypedDict):
    """The options the game is played with."""

    edition: Literal["classic", "biggie"]
    players: int
    dice_per_player: int
    biggie: bool
    rounds: int
    neutral: bool
    bandit: bool


class CasinoView(TypedDict):
    """One casino (numbered 1-6) or the one-armed bandit (the seventh)."""

    casino: int
    bandit: bool
    bills: list[int]
    dice: dict[str, int]
    pips: NotRequired[dict[str, int]]
    faces: NotRequired[list[int]]


class PlayerView(TypedDict):
    """One seat's money and dice."""

    seat: int
    money: int
    bills: int
    dice: int
    biggie: bool
    neutral: int


class RollView(TypedDict):
    """The dice just rolled, as faces high to low."""

    own: list[int]
    biggie: NotRequired[int]
    neutral: NotRequired[list[int]]


class PlaceView(TypedDict):
    """A legal action: put the dice showing `place` on that casino."""

    place: int


class BanditView(TypedDict):
    """A legal action: put the dice showing `bandit` on the one-armed bandit."""

    bandit: int


class PileView(TypedDict):
    """The bills still to be drawn: how many, and which (their order is unknown)."""

    count: int
    contents: dict[str, int]


class CasinoResultView(TypedDict):
    """How one casino (or the bandit) was scored at the end of the last round."""

    casino: int
    bandit: bool
    bills: list[int]
    dice: dict[str, int]
    paid: dict[str, int]
    cancelled: list[str]
    untaken: list[int]


class RoundResultView(TypedDict):
    """The last round's result, kept on the table until the next round's first die is placed."""

    round: int
    casinos: list[CasinoResultView]


class LasVegasView(SeatView):
    """The whole view of one seat (or of a spectator): `SeatView`'s keys and these."""

    game: Literal["lasvegas"]
    rules: RulesView
    round: int
    phase: Phase
    turn: int
    first_player: int
    casinos: list[CasinoView]
    players: list[PlayerView]
    roll: RollView | None
    legal: list[PlaceView | BanditView]
    pile: PileView
    box: list[int]
    last_round: RoundResultView | None
