"""Helpers for the Last Chance tests: make a game, type steps as a person at a real table would."""

from __future__ import annotations

from typing import Any

import highroller as hr
from highroller.games.lastchance.state import LastChanceState
from highroller.games.lastchance.typed import TYPED


def new_game(seed: int = 1, **options: Any) -> LastChanceState:
    state = hr.make("lastchance", **options).new_game(seed)
    assert isinstance(state, LastChanceState)
    return state


def type_steps(state: LastChanceState, *inputs: str) -> LastChanceState:
    """Apply each typed input (card drawn, dice rolled, bid, bet, lock) in order."""
    for text in inputs:
        state.apply(TYPED.parse(state, text))
    return state


def deck(*cards: tuple[str, int, int]) -> list[dict[str, Any]]:
    """A small deck option from (dice, rolls, payout) triples; ids 1, 2, ..."""
    return [{"id": n, "dice": d, "rolls": r, "payout": p} for n, (d, r, p) in enumerate(cards, start=1)]


def events(state: LastChanceState, kind: str) -> list[dict[str, Any]]:
    return [e for e in state.events if e["type"] == kind]
