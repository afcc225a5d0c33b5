"""Luckiest Dice steps: the two actions (bet on a card, bank) and the chance outcome (a roll).

They are named tuples (a bet holds a card's index, a roll a tuple of counts, a bank nothing, so no two
kinds compare equal): the engine tests every move against the legal ones, and tuples compare in C."""

from __future__ import annotations

from typing import Any, NamedTuple

from highroller.core.dice import Counts, faces_from_counts
from highroller.games.luckiest.cards import CARDS, Card


class Bet(NamedTuple):
    """Bet on an unused card, then roll every die not yet placed."""

    card: int

    @property
    def info(self) -> Card:
        return CARDS[self.card]

    def __str__(self) -> str:
        return f"bet on {self.info.label}"

    def to_json(self) -> dict[str, str]:
        return {"bet": self.info.id}


class Bank(NamedTuple):
    """End the turn and add its points to the score."""

    def __str__(self) -> str:
        return "bank"

    def to_json(self) -> str:
        return "bank"


class Roll(NamedTuple):
    """The faces the rolled dice show, as counts per face 1-6."""

    counts: Counts

    def __str__(self) -> str:
        return " ".join(map(str, faces_from_counts(self.counts))) or "no dice"

    def to_json(self) -> dict[str, Any]:
        return {"roll": faces_from_counts(self.counts)}


BETS = tuple(Bet(card.index) for card in CARDS)
BANK = Bank()
