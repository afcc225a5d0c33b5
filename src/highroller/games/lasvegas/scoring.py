"""Scoring a casino and the bandit: who is paid, in which order, and what is left over.

Owners are indexed 0..players-1 for the seats and `players` for the imaginary neutral owner.
Counts already weigh the Biggie as two dice.
"""

from __future__ import annotations

from collections.abc import Sequence


def cancelled(dice: Sequence[int]) -> list[int]:
    """Owners whose count at a casino equals another owner's count: they lose their dice there."""
    return [owner for owner, c in enumerate(dice) if c and dice.count(c) > 1]


def rank_casino(dice: Sequence[int]) -> list[int]:
    """Owners paid at a casino, best first: ties at any count cancel, the rest rank by count."""
    survivors = [owner for owner, c in enumerate(dice) if c and dice.count(c) == 1]
    survivors.sort(key=dice.__getitem__, reverse=True)
    return survivors


def rank_bandit(dice: Sequence[int], pips: Sequence[int], top: Sequence[int], neutral: int) -> list[int]:
    """Owners paid at the bandit, best first: nothing cancels; more dice, then more pips, then the
    higher face; a seat ranks ahead of the neutral owner if all three are equal."""
    owners = [owner for owner, c in enumerate(dice) if c]
    owners.sort(key=lambda o: (-dice[o], -pips[o], -top[o], o == neutral))
    return owners


def pay(bills: Sequence[int], ranking: Sequence[int]) -> tuple[dict[int, int], list[int]]:
    """Pay bills high to low down the ranking; returns ({owner: bill}, bills left, high to low)."""
    ordered = sorted(bills, reverse=True)
    paid = dict(zip(ranking, ordered))
    return paid, ordered[len(paid) :]
