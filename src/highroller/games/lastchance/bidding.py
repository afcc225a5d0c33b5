"""`bidder`: a Last Chance bot that bids by the exact worth of an attempt, failure included.

Winning the auction at bid b is worth p·payout − (1 − p)·b (a successful roller takes the bid back),
plus, for a player holding no card yet, a premium for the card itself (without one nobody can win).
A failure is costlier than the lost bid: it leaves the card with more dice matched, a better chance
for the next roller — usually an opponent — which `failure_chance` computes exactly (the roller locking
the jokers optimally). The bot bids the smallest raise while the attempt is still worth it, never more
than its money allows with a reserve that shrinks as the odds grow; calls "Last Chance!" when it holds
no card, the game is nearly over and the all-in attempt is worth it; bets the side with the edge,
sized by the edge (a fractional Kelly stake); and locks the jokers optimally.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from typing import Any

from highroller.core.dice import multiset_table
from highroller.games.lastchance.bots import OddsBot, table_position
from highroller.games.lastchance.odds import best_lock, probability
from highroller.games.lastchance.position import Position, lock, place
from highroller.games.lastchance.rules import UNIT
from highroller.games.lastchance.steps import LAST_CHANCE, NO_BET, PASS, Action, Bet, Bid


@cache
def failure_chance(position: Position, rolls_left: int, fresh_rolls: int) -> Fraction:
    """Chance that this attempt fails *and* the next attempt (with `fresh_rolls`) then completes the card:
    the worth of what a failure leaves for the next roller, per dollar of payout."""
    if position.complete:
        return Fraction(0)
    if rolls_left == 0:
        return probability(position, fresh_rolls)
    table = multiset_table(position.dice)
    total = Fraction(0)
    for roll, weight in zip(table.outcomes, table.weights):
        after, left = place(position, roll)
        face = best_lock(after, left, rolls_left - 1)
        if face:
            after = lock(after, left, face)[0]
        total += weight * failure_chance(after, rolls_left - 1, fresh_rolls)
    return total / table.total


def _hundreds(amount: float) -> int:
    return max(0, int(amount // UNIT) * UNIT)


class BiddingBot(OddsBot):
    """Bids, bets and calls as the module docstring says (locking and the rest as `OddsBot`).

    `premium`: the worth of a first card as a share of the starting money; `leak`: the share of what a
    failure leaves the next roller that counts against the bot; `kelly`: the fraction of the Kelly stake
    it bets on a side.
    """

    def __init__(self, seed: int, premium: float = 0.3, leak: float = 0.5, kelly: float = 0.5) -> None:
        super().__init__(seed)
        self.premium = premium
        self.leak = leak
        self.kelly = kelly

    def attempt_worth(self, view: dict[str, Any], bid: int) -> float:
        """The bot's worth of winning the auction at `bid`, in dollars."""
        card, position = table_position(view)
        me = view["players"][view["seat"]]
        payout = card.payout
        chance = float(probability(position, card.rolls))
        after_failure = float(failure_chance(position, card.rolls, card.rolls))
        opponents = sum(1 for p in view["players"] if p["active"]) - 1
        leaked = self.leak * after_failure * payout * opponents / max(opponents + 1, 1)
        premium = 0.0 if me["cards"] else self.premium * view["rules"]["money"] * self._urgency(view)
        return chance * (payout + premium) - (1 - chance) * bid - leaked

    @staticmethod
    def _urgency(view: dict[str, Any]) -> float:
        """How pressing a first card is: from 1/2 at the start to 1 on the last card."""
        return 0.5 + 0.5 * view["card_number"] / max(view["cards_to_play"], 1)

    def _auction(self, view: dict[str, Any], legal: tuple[Action, ...]) -> Action:
        me = view["players"][view["seat"]]
        money = me["money"]
        _, position = table_position(view)
        chance = float(probability(position, view["card"]["rolls"]))
        if (
            LAST_CHANCE in legal
            and not me["cards"]
            and self._urgency(view) >= 0.8
            and self.attempt_worth(view, money) > 0
        ):
            return LAST_CHANCE
        limit = min(money * (0.4 + 0.6 * chance), money)
        bids = [a for a in legal if isinstance(a, Bid)]
        if bids and bids[0].amount <= limit and self.attempt_worth(view, bids[0].amount) > 0:
            return bids[0]
        return PASS

    def _bet(self, view: dict[str, Any], legal: tuple[Action, ...]) -> Action:
        card, position = table_position(view)
        chance = float(probability(position, card.rolls))
        edge = abs(2 * chance - 1)
        side = "yes" if chance > 0.5 else "no"
        stake = _hundreds(self.kelly * edge * view["players"][view["seat"]]["money"])
        wagers = [a for a in legal if isinstance(a, Bet) and a.side == side and a.wager <= stake]
        return wagers[-1] if wagers else NO_BET
