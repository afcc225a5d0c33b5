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
    """Number of seats (2–6)."""
    money: int
    """Each player's starting money."""
    cards: int
    """Cards to complete before the game ends."""
    bet_limit: int
    """The largest side bet."""


class OpenView(TypedDict):
    """What the roller still needs: faces (high to low) and jokers."""

    faces: list[int]
    """The pictured faces still open, high to low."""
    jokers: int
    """Jokers still open."""


class CardView(TypedDict):
    """The card being played, as its deck-file table, with the roller's progress on it."""

    id: int
    """Its number in the deck."""
    dice: str
    """Its pictured dice, high to low, `J` for a joker: `"6 6 5 J J"`."""
    rolls: int
    """Rolls an attempt has."""
    payout: int
    """What completing it pays."""
    matched: list[int]
    """The faces of the dice placed on it so far (jokers included), high to low."""
    open: OpenView
    """What is still to be matched."""
    locked: int
    """The face the jokers are locked to; 0 while they are not locked."""


class AuctionView(TypedDict):
    """The auction for the current card."""

    high_bid: int
    """The high bid so far (0: none)."""
    high_bidder: int
    """Who made it; -1 for nobody."""
    passes: int
    """Passes in a row since the last bid."""


class BetView(TypedDict):
    """A side bet placed on the roller."""

    bet: Literal["yes", "no"]
    """The side bet on: `yes`, the roller will complete the card; `no`, they will not."""
    wager: int
    """The amount bet."""


class PlayerView(TypedDict):
    """One seat's money and cards."""

    seat: int
    """The seat."""
    money: int
    """Money in hand (a bid in the bin is not counted)."""
    active: bool
    """Still in the game (false once eliminated with no money)."""
    cards: list[int]
    """The ids of the cards the seat has completed."""
    last_chance_used: bool
    """The seat has already called "Last Chance!" this game."""


class LastChanceView(SeatView):
    """The whole view of one seat (or of a spectator): `SeatView`'s keys and these."""

    game: Literal["lastchance"]
    """The game."""
    rules: RulesView
    """The options the game is played with."""
    phase: Phase
    """What happens now: `draw`, a card to draw (chance); `auction`, the auction; `bets`, side bets;
    `roll`, a roll to come (chance); `lock`, the roller's joker decision; `over`, the end."""
    card: CardView | None
    """The card in play, with the roller's progress on it; null before the first draw and between cards."""
    card_number: int
    """Which card of the game this is, from 1."""
    cards_to_play: int
    """Cards still to complete, this one included."""
    opener: int
    """The seat that opens (opened) this auction."""
    auction: AuctionView
    """The auction for the card."""
    roller: int
    """The seat rolling for the card (the auction's winner); -1 before the auction ends."""
    bid: int
    """The roller's bid, in the bidding bin until the attempt is settled."""
    last_chance: bool
    """The roller won the auction by calling "Last Chance!"."""
    bets: dict[str, BetView | Literal["no bet"]]
    """The side bets of this attempt, by seat (as a string): each chosen bet, or `"no bet"`."""
    rolls_used: int
    """Rolls made in this attempt."""
    rolls_left: int
    """Rolls left in this attempt."""
    roll: list[int] | None
    """The faces of the last roll, high to low; null before the first roll of an attempt."""
    unplaced: list[int]
    """The faces of the last roll not placed on the card, high to low."""
    players: list[PlayerView]
    """One per seat, in seat order."""
