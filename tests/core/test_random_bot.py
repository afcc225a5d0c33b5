"""The random bot picks as `random.Random(seed).choice` would: records and figures made with it stay
the same."""

from __future__ import annotations

import random
from typing import Any

import pytest

from highroller.core.bots import RandomBot


class Offering:
    """A stand-in state offering some actions."""

    def __init__(self, actions: tuple[Any, ...]) -> None:
        self.actions = actions

    def legal_actions(self) -> tuple[Any, ...]:
        return self.actions


@pytest.mark.parametrize("seed", [0, 1, 2**62 + 3])
def test_the_random_bot_picks_what_random_choice_picks(seed: int) -> None:
    bot, reference = RandomBot(seed), random.Random(seed)
    for count in [1, 2, 3, 5, 7, 8, 12, 33, 100] * 20:
        actions = tuple(range(count))
        assert bot.choose(Offering(actions)) == reference.choice(actions)  # type: ignore[arg-type]


def test_the_random_bot_refuses_a_position_without_actions() -> None:
    with pytest.raises(IndexError):
        RandomBot(0).choose(Offering(()))  # type: ignore[arg-type]
