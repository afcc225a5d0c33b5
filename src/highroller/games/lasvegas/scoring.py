"""Scoring a casino and the bandit: who is paid, in which order, and what is left over.

Owners are indexed 0..players-1 for the seats and `players` for the imaginary neutral owner.
Counts already weigh the Biggie as two dice.

`bandit_place` is plain Python over indexable ints that the batch kernel also compiles (with Numba,
on its state rows), so the bandit is ranked by one function in both engines. The kernel scores the
casinos 1-6 with bit masks instead (`batch_kernel._untied`); tests hold it to `rank_casino` here.
"""

from __future__ import annotations

from collections.abc import Sequence


def cancelled(dice: Sequence[int]) -> list[int]:
    """Owners whose count at a casino equals another owner's count: they lose their dice there."""
    return [owner for owner, c in enumerate(dice) if c and dice.count(c) > 1]


def rank_casino(dice: Sequence[int]) -> tuple[int, ...]:
    """Owners paid at a casino, best first: ties at any count cancel, the rest rank by count. Kept
    once worked out, up to a bound (every round ranks every casino; the same counts come back)."""
    key = tuple(dice)
    ranking = _RANKINGS.get(key)
    if ranking is None:
        survivors = [owner for owner, c in enumerate(key) if c and key.count(c) == 1]
        survivors.sort(key=key.__getitem__, reverse=True)
        ranking = tuple(survivors)
        if len(_RANKINGS) < _RANKINGS_LIMIT:
            _RANKINGS[key] = ranking
    return ranking


_RANKINGS: dict[tuple[int, ...], tuple[int, ...]] = {}
_RANKINGS_LIMIT = 1 << 16


def bandit_place(dice: Sequence[int], pips: Sequence[int], top: Sequence[int], owner: int, neutral: int) -> int:
    """How many owners rank ahead of `owner` at the bandit (0: it is paid first), -1 if it has no dice
    there. Nothing cancels: more dice, then more pips, then the higher face; when all three are equal,
    seats in seat order, then the neutral owner."""
    if dice[owner] == 0:
        return -1
    mine = (dice[owner], pips[owner], top[owner])
    last = len(dice)
    order = last if owner == neutral else owner
    place = 0
    for other in range(last):  # the owner itself and owners without dice are never ahead: no test for them
        theirs = (dice[other], pips[other], top[other])
        place += theirs > mine or (theirs == mine and (last if other == neutral else other) < order)
    return place


def rank_bandit(dice: Sequence[int], pips: Sequence[int], top: Sequence[int], neutral: int) -> list[int]:
    """Owners paid at the bandit, best first (see `bandit_place`)."""
    places = [bandit_place(dice, pips, top, owner, neutral) for owner in range(len(dice))]
    return sorted((owner for owner, place in enumerate(places) if place >= 0), key=places.__getitem__)


def pay(bills: Sequence[int], ranking: Sequence[int]) -> tuple[dict[int, int], list[int]]:
    """Pay bills high to low down the ranking; returns ({owner: bill}, bills left, high to low)."""
    ordered = sorted(bills, reverse=True)
    paid = dict(zip(ranking, ordered))
    return paid, ordered[len(paid) :]
