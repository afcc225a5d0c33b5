"""The 14 bet cards: what each matches on a die and how many points a matching die scores.

odd and even (1 point a die), the shapes circle, square, cross and the colours blue, red, orange
(2 points a die), and the numbers 1-6 (3 points a die). Cards are numbered 0-13 in that order.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from highroller.core.dice import Counts
from highroller.games.luckiest.faces import COLOURS, SHAPES, Face, FaceTable

POINTS = {"parity": 1, "shape": 2, "colour": 2, "number": 3}


@dataclass(frozen=True, slots=True)
class Card:
    """One bet card: its number (0-13), its id (as typed and stored), what it matches and its points."""

    index: int
    id: str
    kind: str
    value: str | int

    @property
    def points(self) -> int:
        return POINTS[self.kind]

    @property
    def label(self) -> str:
        return f"number {self.value}" if self.kind == "number" else str(self.value)

    def matches(self, face: Face) -> bool:
        if self.kind == "parity":
            return face.number % 2 == (1 if self.value == "odd" else 0)
        if self.kind == "shape":
            return face.shape == self.value
        if self.kind == "colour":
            return face.colour == self.value
        return face.number == self.value


def _cards() -> tuple[Card, ...]:
    specs: list[tuple[str, str | int]] = [("parity", "odd"), ("parity", "even")]
    specs += [("shape", s) for s in SHAPES] + [("colour", c) for c in COLOURS]
    specs += [("number", n) for n in range(1, 7)]
    return tuple(
        Card(index, f"number{value}" if kind == "number" else str(value), kind, value)
        for index, (kind, value) in enumerate(specs)
    )


CARDS = _cards()
CARD_BY_ID = {card.id: card for card in CARDS}

_ALIASES = {"uneven": "odd"}


def card_masks(table: FaceTable) -> tuple[int, ...]:
    """For each card, the faces it matches as a bit mask (bit f-1 for face f)."""
    return tuple(sum(1 << (face.number - 1) for face in table.faces if card.matches(face)) for card in CARDS)


def matching(mask: int, counts: Counts) -> int:
    """How many dice of a roll (counts per face) a card with this face mask matches."""
    return sum(count for face, count in enumerate(counts) if mask >> face & 1)


def find_card(text: str) -> Card | None:
    """The card a person means: 'odd' ('uneven'), 'even', a shape, a colour, '2', 'number 2', 'n2'."""
    word = re.sub(r"\s+", "", text.strip().lower())
    word = _ALIASES.get(word, word)
    number = re.fullmatch(r"(?:number|num|n|#)?([1-6])", word)
    if number:
        word = f"number{number.group(1)}"
    return CARD_BY_ID.get(word)
