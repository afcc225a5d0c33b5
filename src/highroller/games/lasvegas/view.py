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
    """The rulebook edition the presets come from."""
    players: int
    """Number of seats (2–6)."""
    dice_per_player: int
    """Each player's own dice at the start of a round (the Biggie not counted)."""
    biggie: bool
    """Each player also has a Biggie, a big die that counts as two."""
    rounds: int
    """Rounds in the game."""
    neutral: bool
    """The neutral dice variant is in play."""
    bandit: bool
    """The one-armed bandit (a seventh casino) is in play."""


class CasinoView(TypedDict):
    """One casino (numbered 1-6) or the one-armed bandit (the seventh)."""

    casino: int
    """Its number: 1–6, 7 for the bandit."""
    bandit: bool
    """This is the one-armed bandit."""
    bills: list[int]
    """The bills on it, highest first."""
    dice: dict[str, int]
    """Dice placed there by owner (the Biggie counts as two); an owner is a seat as a string (`"0"`, `"1"`, …)
    or `"neutral"`; owners with no dice there are left out."""
    pips: NotRequired[dict[str, int]]
    """The bandit only: each owner's sum of pips there (the Biggie's face counted twice), the bandit's
    tie-break."""
    faces: NotRequired[list[int]]
    """The bandit only: the faces already placed on it, which nobody may place there again."""


class PlayerView(TypedDict):
    """One seat's money and dice."""

    seat: int
    """The seat."""
    money: int
    """Money won so far (public: every payout happens in the open)."""
    bills: int
    """How many bills the seat holds (the first tie-break at the end)."""
    dice: int
    """Own dice still to place this round."""
    biggie: bool
    """The seat still holds its Biggie this round."""
    neutral: int
    """Neutral dice the seat still rolls with this round."""


class RollView(TypedDict):
    """The dice just rolled, as faces high to low."""

    own: list[int]
    """The roller's own dice, faces high to low."""
    biggie: NotRequired[int]
    """The Biggie's face, when it was rolled."""
    neutral: NotRequired[list[int]]
    """The neutral dice's faces, when some were rolled."""


class PlaceView(TypedDict):
    """A legal action: put the dice showing `place` on that casino."""

    place: int
    """A face: put every rolled die showing it on that casino."""


class BanditView(TypedDict):
    """A legal action: put the dice showing `bandit` on the one-armed bandit."""

    bandit: int
    """A face: put every rolled die showing it on the bandit."""


class PileView(TypedDict):
    """The bills still to be drawn: how many, and which (their order is unknown)."""

    count: int
    """How many bills are left to draw."""
    contents: dict[str, int]
    """Which bills, by value (as a string) and count; their order is unknown."""


class CasinoResultView(TypedDict):
    """How one casino (or the bandit) was scored at the end of the last round."""

    casino: int
    """Its number: 1–6, 7 for the bandit."""
    bandit: bool
    """This is the one-armed bandit."""
    bills: list[int]
    """The bills it offered, highest first."""
    dice: dict[str, int]
    """The dice on it by owner, as in `casinos[].dice`."""
    paid: dict[str, int]
    """The bill each paid owner took, best-placed first; the neutral owner's bill went back with the untaken
    ones."""
    cancelled: list[str]
    """Owners whose dice tied with another owner's count there and won nothing (never at the bandit, where
    nothing cancels)."""
    untaken: list[int]
    """Bills nobody took there (the neutral owner's included), highest first: back under the pile (classic) or
    out of the game (Biggie edition)."""


class RoundResultView(TypedDict):
    """The last round's result, kept on the table until the next round's first die is placed."""

    round: int
    """Which round it was, from 1."""
    casinos: list[CasinoResultView]
    """Casinos 1 to 6, then the bandit when it is in play, as they were at the end of the round."""


class LasVegasView(SeatView):
    """The whole view of one seat (or of a spectator): `SeatView`'s keys and these."""

    game: Literal["lasvegas"]
    """The game."""
    rules: RulesView
    """The options the game is played with."""
    round: int
    """The round being played, from 1 (the last round once the game is over)."""
    phase: Phase
    """What happens now: `stock`, stocking the casinos (chance); `leftover-neutral`, the first player's
    roll of the leftover neutral dice (classic, 3 players, chance); `roll`, a roll to come (chance);
    `choose`, a roll to place (a decision); `over`, the end."""
    turn: int
    """The seat whose turn it is (who rolls or places)."""
    first_player: int
    """The seat that started this round."""
    casinos: list[CasinoView]
    """Casinos 1 to 6, then the bandit when it is in play."""
    players: list[PlayerView]
    """One per seat, in seat order."""
    roll: RollView | None
    """The dice rolled and not yet placed; null between rolls."""
    legal: list[PlaceView | BanditView]
    """The choices of the seat to act (empty at chance steps), as their step JSON (see Steps)."""
    pile: PileView
    """The bills still to be drawn."""
    box: list[int]
    """Bills out of the game (Biggie edition: bills nobody took), highest first."""
    last_round: RoundResultView | None
    """How the last round was scored, kept on the table from its end until the first die of the next round is
    placed (and after the last round, to the end); null before and after that."""
