"""Helpers for Las Vegas tests: drive a game with typed steps, as a person at a real table would."""

from __future__ import annotations

from collections.abc import Callable

import pytest

import highroller as hr
from highroller.games.lasvegas.state import LasVegasState
from highroller.games.lasvegas.typed import TYPED


def type_steps(state: LasVegasState, *inputs: str) -> LasVegasState:
    """Apply each typed input (bills drawn, dice rolled, face chosen) in order."""
    for text in inputs:
        state.apply(TYPED.parse(state, text))
    return state


def payouts(state: LasVegasState, round_number: int | None = None) -> dict[int, dict]:
    return {
        e["casino"]: e
        for e in state.events
        if e["type"] == "payout" and (round_number is None or e["round"] == round_number)
    }


@pytest.fixture
def new_state() -> Callable[..., LasVegasState]:
    def make(**options: object) -> LasVegasState:
        options.setdefault("first_player", 0)
        state = hr.make("lasvegas", **options).new_game(seed=1)
        assert isinstance(state, LasVegasState)
        return state

    return make
