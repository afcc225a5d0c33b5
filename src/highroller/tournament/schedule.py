"""The schedule: which bots sit where in which game, with common random numbers.

A *deal* is one game seed and one table of bots. Every deal is played once in each distinct seating of
its table (every permutation of the bots over the seats; duplicates of a bot give fewer distinct
seatings), all from the deal's seed, so the dice and bills every seating meets are the same and the
comparison is not about luck. Tables of more than `MAX_PERMUTED` seats use the cyclic rotations
instead (every bot still plays every seat once per deal). With more bots than seats, every deal is
played at every table (each combination of the bots), so every pair of bots meets on the same dice.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations, permutations

from highroller.core.rng import derive_seed

MAX_PERMUTED = 4
"""Tables up to this many seats are played in every permutation (4! = 24 seatings at most)."""


@dataclass(frozen=True)
class Match:
    """One game of the tournament: the deal, which of its seatings, the game seed and each seat's bot."""

    deal: int
    seating: int
    seed: int
    bots: tuple[str, ...]


def tables(bots: Sequence[str], players: int) -> list[tuple[str, ...]]:
    """The tables every deal is played at: the bots as given if they fill the seats exactly, the list
    repeated around the table if shorter, every combination of `players` bots if longer."""
    if not bots:
        raise ValueError("a tournament needs at least one bot")
    if len(bots) <= players:
        return [tuple(bots[seat % len(bots)] for seat in range(players))]
    return list(combinations(bots, players))


def seatings(table: tuple[str, ...]) -> list[tuple[str, ...]]:
    """Every distinct seating of a table, in a fixed order (cyclic rotations for large tables)."""
    if len(table) > MAX_PERMUTED:
        return [table[shift:] + table[:shift] for shift in range(len(table))]
    return list(dict.fromkeys(permutations(table)))


def schedule(bots: Sequence[str], players: int, deals: int, series: int) -> list[Match]:
    """Every match of a tournament of `deals` deals, in order; deal d's seed is derived from `series`."""
    arrangements = [seating for table in tables(bots, players) for seating in seatings(table)]
    matches: list[Match] = []
    for deal in range(deals):
        seed = derive_seed(series, "deal", deal)
        matches.extend(Match(deal, index, seed, seating) for index, seating in enumerate(arrangements))
    return matches
