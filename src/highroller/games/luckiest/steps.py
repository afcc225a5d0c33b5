"""Luckiest Dice steps: the two actions (bet on a card, bank) and the chance outcome (a roll)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from highroller.core.dice import Counts, faces_from_counts
from highroller.games.luckiest.cards import CARDS, Card


@dataclass(frozen=True, slots=True)
class Bet:
    """Bet on an unused card, then roll every die not yet placed."""

    card: int

    @property
    def info(self) -> Card:
        return CARDS[self.card]

    def __str__(self) -> str:
        return f"bet on {self.info.label}"

    def to_json(self) -> dict[str, str]:
        return {"bet": self.info.id}


@dataclass(frozen=True, slots=True)
class Bank:
    """End the turn and add its points to the score."""

    def __str__(self) -> str:
        return "bank"

    def to_json(self) -> str:
        return "bank"


@dataclass(frozen=True, slots=True)
class Roll:
    """The faces the rolled dice show, as counts per face 1-6."""

    counts: Counts

    def __str__(self) -> str:
        return " ".join(map(str, faces_from_counts(self.counts))) or "no dice"

    def to_json(self) -> dict[str, Any]:
        return {"roll": faces_from_counts(self.counts)}


BETS = tuple(Bet(card.index) for card in CARDS)
BANK = Bank()
