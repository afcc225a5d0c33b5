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
    """The face's number, 1–6."""
    colour: str
    """Its colour: `blue`, `red` or `orange`."""
    shape: str
    """Its shape: `circle`, `square` or `cross`."""


class RulesView(TypedDict):
    """The options the game is played with."""

    players: int
    """Number of seats (1–5; 1 is practice)."""
    rounds: int
    """Rounds in the game."""
    faces: list[FaceView]
    """The six faces of the dice, as the faces file describes them."""


class CardView(TypedDict):
    """One of the 14 bet cards, with the dice laid on it this turn."""

    card: str
    """The card's id: `odd`, `even`, `circle`, `square`, `cross`, `blue`, `red`, `orange`, `number1` …
    `number6`."""
    label: str
    """Its name for people: `odd`, `number 3`, …"""
    points: int
    """Points it scores per matching die: 1 (odd, even), 2 (a colour or shape), 3 (a number)."""
    used: bool
    """Already bet on this turn (it cannot be chosen again this turn)."""
    dice: list[int]
    """The numbers of the dice placed on it this turn."""


class BetView(TypedDict):
    """A legal bet: `{"bet": card}` (the other legal action is the string "bank")."""

    bet: str
    """A card id: bet on that card and roll."""


class LuckiestView(SeatView):
    """The whole view of one seat (or of a spectator): `SeatView`'s keys and these."""

    game: Literal["luckiest"]
    """The game."""
    rules: RulesView
    """The options the game is played with."""
    round: int
    """The round being played, from 1 (the last round once the game is over)."""
    phase: Phase
    """What happens now: `choose`, the player chooses a card or banks; `roll`, the dice roll (chance);
    `over`, the end."""
    turn: int
    """The seat whose turn it is."""
    dice_left: int
    """Dice not yet placed this turn (they roll next)."""
    points: int
    """Points placed this turn, lost on a bust."""
    rolls: int
    """Rolls made this turn."""
    bet: str | None
    """The card bet on for the coming or last roll (a card id, as in `cards[].card`); null before the turn's
    first bet."""
    cards: list[CardView]
    """The 14 bet cards, in the game's order."""
    last_roll: list[int] | None
    """The numbers of the last roll, high to low; null before the turn's first roll."""
    scores: list[list[int]]
    """Each seat's points in each round played so far (0 for a bust)."""
    totals: list[int]
    """Each seat's total so far."""
    legal: list[BetView | Literal["bank"]]
    """The choices of the seat to act (empty at chance steps and at the end): the string `"bank"` and bets
    (see Steps)."""
