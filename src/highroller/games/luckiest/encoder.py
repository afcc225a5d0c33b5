"""Luckiest Dice as numbers.

Actions (15): 0 bank, 1-14 bet on card 0-13 (odd, even, circle, square, cross, blue, red, orange,
number 1-6). Rewards are points; a roll is one chance part (at most 6,188 multisets of 12 dice).

Observation (`38 + 2 * players` numbers in [0, 1]), seats counted from the observer (0 = itself):

| entries | meaning |
|---|---|
| 3 | phase one-hot: choose, roll, over |
| 1 | 1 if it is the observer's turn |
| 3 | dice left / 12, turn points / 36, rolls this turn / 12 |
| 14 | card used this turn (per card) |
| 14 | dice placed on the card / 12 (per card) |
| 1 | round played so far / rounds |
| 1 | rounds left after this one / rounds |
| 1 | 1 before the first roll of a turn (banking not allowed yet) |
| players | whose turn it is, one-hot |
| players | each seat's total / (36 × rounds) |
"""

from __future__ import annotations

from typing import Any

from highroller.core.dice import multiset_table
from highroller.core.encoder import Encoder
from highroller.games.luckiest.cards import CARD_BY_ID, CARDS
from highroller.games.luckiest.rules import DICE
from highroller.games.luckiest.steps import Bank, Bet

PHASES = ("choose", "roll", "over")
MAX_TURN_POINTS = DICE * max(card.points for card in CARDS)


class LuckiestEncoder(Encoder):
    """The encoding documented in this module."""

    @property
    def observation_size(self) -> int:
        return 38 + 2 * self.players

    @property
    def action_names(self) -> tuple[str, ...]:
        return ("bank", *(f"bet on {card.label}" for card in CARDS))

    def action_index(self, action: Any) -> int | None:
        if isinstance(action, Bank):
            return 0
        if isinstance(action, Bet):
            return 1 + action.card
        return None

    @property
    def reward_scale(self) -> float:
        return 1.0

    @property
    def return_range(self) -> tuple[float, float]:
        return 0.0, float(MAX_TURN_POINTS * self.game.options["rounds"])

    @property
    def max_chance_part(self) -> int:
        return len(multiset_table(DICE).outcomes)

    @property
    def max_game_length(self) -> int:
        return self.players * self.game.options["rounds"] * (2 * DICE + 1)

    def features(self, view: dict[str, Any], seat: int) -> list[float]:
        rounds = view["rules"]["rounds"]
        phase = view["phase"]
        cards = sorted(view["cards"], key=lambda entry: CARD_BY_ID[entry["card"]].index)
        played = min(len(scores) for scores in view["scores"])
        totals = view["totals"]
        return [
            *(float(phase == name) for name in PHASES),
            float(view["turn"] == seat and phase != "over"),
            view["dice_left"] / DICE,
            view["points"] / MAX_TURN_POINTS,
            view["rolls"] / DICE,
            *(float(entry["used"]) for entry in cards),
            *(len(entry["dice"]) / DICE for entry in cards),
            played / rounds,
            max(rounds - played - 1, 0) / rounds,
            float(view["rolls"] == 0 and phase == "choose"),
            *(self.one_hot_seat(seat, view["turn"] if phase != "over" else None)),
            *(totals[(seat + offset) % self.players] / (MAX_TURN_POINTS * rounds) for offset in range(self.players)),
        ]
