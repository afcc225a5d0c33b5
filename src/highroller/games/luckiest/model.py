"""The turn as the solver sees it: cards grouped into classes that play alike, and binomial odds.

Each roll uses fresh dice and only the bet card matters, so with n dice the number matching a card is
binomial(n, faces matching / 6). Cards with the same number of matching faces and the same points are
interchangeable; a turn state is therefore (dice left, how many cards of each class are used, points).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import product
from math import comb

import numpy as np

from highroller.games.luckiest.cards import CARDS, card_masks
from highroller.games.luckiest.faces import FaceTable
from highroller.games.luckiest.rules import DICE

Used = tuple[int, ...]
"""Cards used this turn, counted per class."""

BANK_CODE = -1
"""A policy's code for banking; a class's index means 'bet on the next unused card of that class'."""


@dataclass(frozen=True)
class CardClass:
    """Cards that match the same number of faces and score the same points."""

    faces: int
    points: int
    cards: tuple[int, ...]

    @property
    def chance(self) -> Fraction:
        """Probability that one die matches."""
        return Fraction(self.faces, 6)

    def odds(self, dice: int) -> list[Fraction]:
        """Exact probability of k matches for k = 0..dice."""
        q = self.chance
        return [comb(dice, k) * q**k * (1 - q) ** (dice - k) for k in range(dice + 1)]


@dataclass(frozen=True)
class TurnModel:
    """The classes of one face table, their odds as floats, and every reachable (dice, used) pair."""

    classes: tuple[CardClass, ...]
    class_of: tuple[int, ...]
    odds: tuple[tuple[np.ndarray, ...], ...]
    """odds[j][n][k]: probability of k matches of class j with n dice."""
    states: tuple[tuple[int, Used], ...]
    """Every (dice left > 0, used) a turn can reach, dice left ascending (successors come first)."""
    strides: tuple[int, ...]
    """Mixed-radix strides numbering a `Used` (see `used_index`)."""
    dice: int = DICE
    """Dice rolled at a turn's start (12; fewer only in the tests' short games)."""

    @property
    def max_points(self) -> int:
        return max(c.points for c in self.classes)

    def points_cap(self, dice_left: int) -> int:
        """The most points a turn can hold with `dice_left` dice still to roll."""
        return self.max_points * (self.dice - dice_left)

    def used_of(self, used_mask: int) -> Used:
        counts = [0] * len(self.classes)
        for card in CARDS:
            if used_mask >> card.index & 1:
                counts[self.class_of[card.index]] += 1
        return tuple(counts)

    def used_index(self, used: Used) -> int:
        return sum(u * s for u, s in zip(used, self.strides))

    @property
    def used_size(self) -> int:
        return self.strides[-1] * (len(self.classes[-1].cards) + 1)

    def reachable_points(self, dice: int, used: Used) -> list[int]:
        """Every points total a turn can hold with `dice` dice left and these cards used (each used
        card holds at least one die; all the placed dice are on used cards)."""
        reachable = {(0, 0)}
        for klass, count in zip(self.classes, used):
            if not count:
                continue
            reachable = {
                (points + k * klass.points, placed + k)
                for points, placed in reachable
                for k in range(count, self.dice - dice - placed + 1)
            }
        return sorted(points for points, placed in reachable if placed == self.dice - dice)

    def next_card(self, klass: int, used_mask: int) -> int:
        """The first unused card of a class (the card a policy's class choice stands for)."""
        return next(card for card in self.classes[klass].cards if not used_mask >> card & 1)


def _states(classes: tuple[CardClass, ...], rolled: int) -> tuple[tuple[int, Used], ...]:
    ranges = [range(len(c.cards) + 1) for c in classes]
    result: list[tuple[int, Used]] = []
    for dice in range(1, rolled + 1):
        for used in product(*ranges):
            placed = sum(used)
            if (placed == 0) == (dice == rolled) and placed <= rolled - dice:
                result.append((dice, used))
    return tuple(result)


@lru_cache(maxsize=8)
def turn_model(faces: FaceTable, dice: int = DICE) -> TurnModel:
    """The model of a face table (cached: the solver and the bots share it); `dice` other than 12 makes
    the short games the tests check against brute force."""
    masks = card_masks(faces)
    groups: dict[tuple[int, int], list[int]] = {}
    for card in CARDS:
        groups.setdefault((masks[card.index].bit_count(), card.points), []).append(card.index)
    classes = tuple(
        CardClass(f, p, tuple(cards))
        for (f, p), cards in sorted(groups.items(), key=lambda item: (item[0][1], item[0][0]))
    )
    class_of = [0] * len(CARDS)
    for j, klass in enumerate(classes):
        for index in klass.cards:
            class_of[index] = j
    strides: list[int] = []
    stride = 1
    for klass in classes:
        strides.append(stride)
        stride *= len(klass.cards) + 1
    odds = tuple(tuple(np.array([float(p) for p in c.odds(n)]) for n in range(dice + 1)) for c in classes)
    return TurnModel(classes, tuple(class_of), odds, _states(classes, dice), tuple(strides), dice)
