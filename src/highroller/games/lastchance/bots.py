"""Last Chance bots. Both decide from `state.view(seat)` and `state.legal_actions()` only.

- `random`: plays legal, sane moves at random: passes half the time, bids at most the card's payout,
  calls Last Chance! only when nearly broke, bets small, locks or waits at random.
- `odds`: bids up to a share (default 1: every such bid gains money on average, since a successful
  roller gets the bid back) of the expected value of the attempt (exact chance x payout), calls Last
  Chance! when it holds no card and the all-in attempt is worth more than the money it risks, bets
  "yes" or "no" by the exact odds (a quarter of its money at most), and locks the jokers optimally.
"""

from __future__ import annotations

import random
from fractions import Fraction
from functools import lru_cache
from typing import Any

from highroller.core.dice import counts_from_faces
from highroller.core.state import State
from highroller.games.lastchance.cards import Card, parse_dice
from highroller.games.lastchance.odds import best_lock, probability
from highroller.games.lastchance.position import Position, matched_position
from highroller.games.lastchance.rules import UNIT
from highroller.games.lastchance.state import LastChanceState
from highroller.games.lastchance.steps import LAST_CHANCE, NO_BET, PASS, WAIT, Action, Bet, Bid, Lock


def table_position(view: dict[str, Any]) -> tuple[Card, Position]:
    """The card in play and its position, rebuilt from a view."""
    entry = view["card"]
    return _rebuild(entry["id"], entry["dice"], entry["rolls"], entry["payout"], tuple(entry["matched"]))


@lru_cache(maxsize=4096)
def _rebuild(card_id: int, dice: str, rolls: int, payout: int, matched: tuple[int, ...]) -> tuple[Card, Position]:
    faces, jokers = parse_dice(dice)
    card = Card(card_id, faces, jokers, rolls, payout)
    return card, matched_position(card, matched)


def attempt_chance(view: dict[str, Any]) -> Fraction:
    """The exact chance that the current (or next) attempt completes the card in play."""
    card, position = table_position(view)
    rolls = view["rolls_left"] if view["phase"] in ("roll", "lock") else card.rolls
    return probability(position, rolls)


def _round_down(amount: float) -> int:
    return int(amount // UNIT) * UNIT


class RandomLastChanceBot:
    """Random but sane choices (see the module docstring)."""

    def __init__(self, seed: int) -> None:
        self._rng = random.Random(seed)

    def choose(self, state: State) -> Action:
        assert isinstance(state, LastChanceState), "this bot plays Last Chance"
        legal = state.legal_actions()
        view = state.view(state.current_player)
        rng = self._rng
        phase = view["phase"]
        if phase == "auction":
            money = view["players"][view["seat"]]["money"]
            if LAST_CHANCE in legal and money < 1000 and rng.random() < 0.1:
                return LAST_CHANCE
            bids = [a for a in legal if isinstance(a, Bid) and a.amount <= view["card"]["payout"]]
            return rng.choice(bids) if bids and rng.random() < 0.5 else PASS
        if phase == "bets":
            small = [a for a in legal if isinstance(a, Bet) and a.side and a.wager <= 500]
            return rng.choice(small) if small and rng.random() < 0.5 else NO_BET
        return rng.choice(legal)


class OddsBot:
    """Plays by the exact odds (see the module docstring); `share` of the expected value it will bid,
    `edge` the least advantage it bets on."""

    def __init__(self, seed: int, share: float = 1.0, edge: float = 0.1) -> None:
        self._rng = random.Random(seed)
        self.share = share
        self.edge = edge

    def choose(self, state: State) -> Action:
        assert isinstance(state, LastChanceState), "this bot plays Last Chance"
        seat = state.current_player
        view = state.view(seat)
        legal = state.legal_actions()
        phase = view["phase"]
        if phase == "auction":
            return self._auction(view, legal)
        if phase == "bets":
            return self._bet(view, legal)
        if phase == "lock":
            _, position = table_position(view)
            face = best_lock(position, counts_from_faces(view["unplaced"]), view["rolls_left"])
            return Lock(face) if face else WAIT
        return self._rng.choice(legal)

    def _auction(self, view: dict[str, Any], legal: tuple[Action, ...]) -> Action:
        me = view["players"][view["seat"]]
        chance = attempt_chance(view)
        value = chance * view["card"]["payout"]
        bids = [a for a in legal if isinstance(a, Bid)]
        if bids and bids[0].amount <= _round_down(float(value) * self.share):
            return bids[0]
        money = me["money"]
        if LAST_CHANCE in legal and not me["cards"] and money * (1 - chance) < value:
            return LAST_CHANCE
        return PASS

    def _bet(self, view: dict[str, Any], legal: tuple[Action, ...]) -> Action:
        chance = float(attempt_chance(view))
        advantage = abs(2 * chance - 1)
        if advantage < self.edge:
            return NO_BET
        side = "yes" if chance > 0.5 else "no"
        money = view["players"][view["seat"]]["money"]
        wagers = [a for a in legal if isinstance(a, Bet) and a.side == side and a.wager <= money // 4]
        return wagers[-1] if wagers else NO_BET
