"""Settling a Last Chance attempt: who pays whom once the card is completed or the rolls run out."""

# highroller: compile

from __future__ import annotations

from typing import Any

from highroller.games.lastchance.cards import Card
from highroller.games.lastchance.steps import Bet


def settle(
    card: Card, roller: int, bid: int, bets: list[Bet | None], success: bool, money: list[int]
) -> dict[str, Any]:
    """Settle `roller`'s attempt at `card`, with `bid` in the bin since the auction, and the side bets:
    on a success the roller takes the bid back and the payout from the bank, and the bank pays the
    "yes" bets while the "no" bets go to the roller; on a failure the bid and the "yes" bets go to the
    bank, which pays the "no" bets. Moves the money in `money` (by seat); returns the settle event with
    every transfer in order."""
    transfers: list[dict[str, Any]] = []

    def move(source: int | str, target: int | str, amount: int, why: str) -> None:
        if isinstance(source, int):
            money[source] -= amount
        if isinstance(target, int):
            money[target] += amount
        transfers.append({"from": source, "to": target, "amount": amount, "for": why})

    if bid:
        move("bin", roller if success else "bank", bid, "bid back" if success else "bid lost")
    if success:
        move("bank", roller, card.payout, "payout")
    for seat, bet in enumerate(bets):
        if bet is None or not bet.side:
            continue
        if (bet.side == "yes") == success:
            move("bank", seat, bet.wager, f"{bet.side} bet")
        else:
            move(seat, roller if success else "bank", bet.wager, f"{bet.side} bet")
    return {
        "type": "settle",
        "card": card.id,
        "roller": roller,
        "success": success,
        "transfers": transfers,
        "money": list(money),
    }
