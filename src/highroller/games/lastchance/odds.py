"""Exact odds of completing a card, by dynamic programming over dice multisets with exact fractions.

`probability(position, rolls_left)` is the chance that a roller who locks the jokers optimally completes
the card from `position` with `rolls_left` rolls. The recursion rolls the open dice (every multiset
with its exact weight), applies the mandatory matches, and takes the best of "not yet" and each
lockable face. Positions are reduced to a canonical form (faces relabelled, since every face of a
fair die is alike), so cards share their sub-positions and the whole deck is solved in well under a
second. Everything is memoised for the life of the process.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from highroller.core.dice import Counts, multiset_table
from highroller.games.lastchance.cards import Card
from highroller.games.lastchance.position import FACES, Position, lock, lockable, place, start

Signature = tuple[int, int, int]
"""One face's part in a canonical key: (open slots, pictured 0/1, jokers locked to it 0/1)."""
Key = tuple[tuple[Signature, ...], int]
"""A position up to relabelling the faces: the six signatures sorted high to low, and the open jokers."""

ONE = Fraction(1)
ZERO = Fraction(0)
ORDERED_ROLLS: tuple[int, ...] = tuple(6**n for n in range(FACES))
"""How many ordered rolls n dice have (n = 0..5): the denominator of a roll's weight."""


def _key(need: Sequence[int], pictured: Sequence[int], locked: Sequence[int], jokers: int) -> Key:
    return tuple(sorted(zip(need, pictured, locked), reverse=True)), jokers


def canonical(position: Position) -> Key:
    """The canonical key of a position (equal for positions that differ only by naming faces)."""
    return _key(
        position.need,
        [position.pictured >> i & 1 for i in range(FACES)],
        [int(position.locked == i + 1) for i in range(FACES)],
        position.jokers,
    )


def _position(key: Key) -> Position:
    signatures, jokers = key
    need = tuple(s[0] for s in signatures)
    pictured = sum(s[1] << i for i, s in enumerate(signatures))
    locked = next((i + 1 for i, s in enumerate(signatures) if s[2]), 0)
    return Position(need, jokers, locked, pictured)


@cache
def _transitions(key: Key) -> tuple[tuple[int, Key, tuple[Key, ...]], ...]:
    """Every roll from `key`, grouped: (ordered rolls, key after the mandatory matches, keys after
    each possible lock)."""
    position = _position(key)
    table = multiset_table(position.dice)
    groups: dict[tuple[Key, tuple[Key, ...]], int] = {}
    for roll, weight in zip(table.outcomes, table.weights):
        after, left = place(position, roll)
        locks = tuple(sorted({canonical(lock(after, left, face)[0]) for face in lockable(after, left)}))
        group = (canonical(after), locks)
        groups[group] = groups.get(group, 0) + weight
    return tuple((weight, base, locks) for (base, locks), weight in groups.items())


@cache
def _value(key: Key, rolls_left: int) -> Fraction:
    signatures, jokers = key
    dice = sum(s[0] for s in signatures) + jokers
    if dice == 0:
        return ONE
    if rolls_left == 0:
        return ZERO
    later = rolls_left - 1
    total = ZERO
    for weight, base, locks in _transitions(key):
        best = _value(base, later)
        for option in locks:
            if best == ONE:
                break
            best = max(best, _value(option, later))
        if best:
            total += weight * best
    return total / ORDERED_ROLLS[dice]


def probability(position: Position, rolls_left: int) -> Fraction:
    """Exact chance of completing the card from `position` with `rolls_left` rolls, locking optimally."""
    if rolls_left < 0:
        raise ValueError(f"rolls left is 0 or more, not {rolls_left}")
    value: Fraction = _value(canonical(position), rolls_left)
    return value


def card_probability(card: Card) -> Fraction:
    """Exact chance that a fresh attempt completes `card`."""
    return probability(start(card), card.rolls)


def lock_values(position: Position, left: Counts, rolls_left: int) -> list[tuple[int, Fraction]]:
    """After the mandatory matches of a roll: each choice (a face to lock, or 0 for "not yet") with the
    chance of completing the card after it, with `rolls_left` rolls still to come; best first."""
    choices = [(0, probability(position, rolls_left))]
    choices += [(face, probability(lock(position, left, face)[0], rolls_left)) for face in lockable(position, left)]
    return sorted(choices, key=lambda choice: -choice[1])


def best_lock(position: Position, left: Counts, rolls_left: int) -> int:
    """The optimal choice after a roll: the face to lock, or 0 to wait (ties go to waiting, then the
    lowest face)."""
    return lock_values(position, left, rolls_left)[0][0]


@dataclass(frozen=True, slots=True)
class CardOdds:
    """A card with the exact chance of a fresh attempt and its expected payout."""

    card: Card
    probability: Fraction

    @property
    def expected_value(self) -> Fraction:
        return self.probability * self.card.payout


def deck_odds(deck: Sequence[Card]) -> list[CardOdds]:
    """Every card of a deck with its exact chance, in deck order."""
    return [CardOdds(card, card_probability(card)) for card in deck]


def reachable_positions(card: Card) -> list[Position]:
    """Every position an attempt on `card` can start from: any part of its pictured slots filled, and
    its jokers empty or partly filled with one unpictured face."""
    fresh = start(card)
    results: list[Position] = []
    needs: list[tuple[int, ...]] = [()]
    for count in fresh.need:
        needs = [(*n, c) for n in needs for c in range(count + 1)]
    free = [f for f in range(1, FACES + 1) if not fresh.is_pictured(f)]
    for need in needs:
        results.append(Position(need, card.jokers, 0, fresh.pictured))
        for filled in range(1, card.jokers + 1):
            results.extend(Position(need, card.jokers - filled, face, fresh.pictured) for face in free)
    return results


def clear_cache() -> None:
    """Forget every memoised value (to time a cold computation)."""
    _transitions.cache_clear()
    _value.cache_clear()
