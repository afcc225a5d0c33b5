"""What a seat sees of a Last Chance game: `LastChanceState.view` declared as types.

This is the contract the browser board, the learning encoder and API clients read; its JSON Schema
(`highroller.core.viewschema.view_schema`) is checked on every step by the API checker and documented
in docs/views/lastchance.md. Nothing in the game is hidden but the deck's order.
"""

from __future__ import annotations

from typing import Literal

from typing_extensions import TypedDict

from highroller.core.viewschema import SeatView

Phase = Literal["draw", "auction", "bets", "roll", "lock", "over"]


class RulesView(TypedDict):
    """The options the game is played with."""

    players: int
    money: int
    cards: int
    bet_limit: int


class OpenView(TypedDict):
    """What the roller still needs: faces (high to low) and jokers."""

    faces: list[int]
    jokers: int


class CardView(TypedDict):
    """The card being played, as its deck-file table, with the roller's progress on it."""

    id: int
    dice: str
    rolls: int
    payout: int
    matched: list[int]
    open: OpenView
    locked: int


class AuctionView(TypedDict):
    """The auction for the current card."""

    high_bid: int
    high_bidder: int
    passes: int


class BetView(TypedDict):
    """A side bet placed on the roller."""

    bet: Literal["yes", "no"]
    wager: int


class PlayerView(TypedDict):
    """One seat's money and cards."""

    seat: int
    money: int
    active: bool
    cards: list[int]
    last_chance_used: bool


class LastChanceView(SeatView):
    """The whole view of one seat (or of a spectator): `SeatView`'s keys and these."""

    game: Literal["lastchance"]
    rules: RulesView
    phase: Phase
    card: CardView | None
    card_number: int
    cards_to_play: int
    opener: int
    auction: AuctionView
    roller: int
    bid: int
    last_chance: bool
    bets: dict[str, BetView | Literal["no bet"]]
    rolls_used: int
    rolls_left: int
    roll: list[int] | None
    unplaced: list[int]
    players: list[PlayerView]
