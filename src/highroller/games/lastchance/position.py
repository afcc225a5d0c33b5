"""Where a card attempt stands: the open slots, the joker lock, and how a roll is placed on the card.

`Position` is the part of the table the dice rules look at. Placing a roll is mandatory for every die
that matches an open pictured slot and, once the jokers are locked, for every die showing the locked
face; locking is the roller's one choice and `lockable` lists the faces it may lock.
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from highroller.core.dice import Counts
from highroller.games.lastchance.cards import Card

FACES = 6


class Position(NamedTuple):
    """Open specific slots per face (`need[f-1]`), open jokers, the locked joker face (0: not yet) and
    the faces pictured on the card (bit f-1), which a joker may never be locked to. A named tuple:
    placing a roll is memoised on it."""

    need: Counts
    jokers: int
    locked: int
    pictured: int

    @property
    def dice(self) -> int:
        """How many dice the roller rolls: one per open slot."""
        return sum(self.need) + self.jokers

    @property
    def complete(self) -> bool:
        return self.dice == 0

    def is_pictured(self, face: int) -> bool:
        return bool(self.pictured >> (face - 1) & 1)


def start(card: Card) -> Position:
    """A card with nothing matched yet."""
    need = [0] * FACES
    for face in card.faces:
        need[face - 1] += 1
    pictured = sum(1 << (face - 1) for face in set(card.faces))
    return Position(tuple(need), card.jokers, 0, pictured)


@lru_cache(maxsize=1 << 16)
def place(position: Position, roll: Counts) -> tuple[Position, Counts]:
    """The mandatory matches of a roll: (the position after them, the dice left unplaced); memoised,
    as the same cards meet the same rolls game after game."""
    need = list(position.need)
    left = list(roll)
    for index in range(FACES):
        placed = min(need[index], left[index])
        need[index] -= placed
        left[index] -= placed
    jokers = position.jokers
    if position.locked:
        index = position.locked - 1
        placed = min(jokers, left[index])
        jokers -= placed
        left[index] -= placed
    return Position(tuple(need), jokers, position.locked, position.pictured), tuple(left)


def lockable(position: Position, left: Counts) -> tuple[int, ...]:
    """Faces among the unplaced dice that may be locked onto the jokers (none once locked)."""
    if position.locked or not position.jokers:
        return ()
    return tuple(f for f in range(1, FACES + 1) if left[f - 1] and not position.is_pictured(f))


def lock(position: Position, left: Counts, face: int) -> tuple[Position, Counts]:
    """Lock the jokers to `face`: every unplaced die showing it goes on an open joker."""
    placed = min(position.jokers, left[face - 1])
    rest = list(left)
    rest[face - 1] -= placed
    return Position(position.need, position.jokers - placed, face, position.pictured), tuple(rest)


def matched_position(card: Card, matched: list[int] | tuple[int, ...]) -> Position:
    """The position of `card` with the dice `matched` already on it (ValueError if impossible).

    A face pictured on the card fills one of its slots; any other face sits on a joker, which locks
    the jokers to it, so every die on the jokers shows the same face.
    """
    position = start(card)
    need = list(position.need)
    jokers = position.jokers
    locked = 0
    for face in matched:
        if not 1 <= face <= FACES:
            raise ValueError(f"a matched die shows 1 to {FACES}, not {face}")
        if need[face - 1]:
            need[face - 1] -= 1
        elif position.is_pictured(face):
            raise ValueError(f"{card.dice_text()} has no open slot for another {face}")
        elif locked not in (0, face):
            raise ValueError(f"the jokers are locked to {locked}s, so a {face} cannot be on the card")
        elif not jokers:
            raise ValueError(f"{card.dice_text()} has no open joker for a {face}")
        else:
            locked = face
            jokers -= 1
    return Position(tuple(need), jokers, locked, position.pictured)


def matched_faces(card: Card, position: Position) -> list[int]:
    """The faces of the dice on the card: the filled pictured slots, then the dice on jokers."""
    open_slots = list(position.need)
    filled = []
    for face in card.faces:  # high to low: a pictured slot is filled unless it is still open
        if open_slots[face - 1]:
            open_slots[face - 1] -= 1
        else:
            filled.append(face)
    if position.locked:
        filled += [position.locked] * (card.jokers - position.jokers)
    return filled
