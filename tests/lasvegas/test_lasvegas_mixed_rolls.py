"""A roll with the Biggie or neutral dice, drawn in one call, is the roll drawn step by step."""

from __future__ import annotations

import random

import pytest

from highroller.core.dice import multiset_table, uniform_below
from highroller.games.lasvegas.mixed_rolls import mixed_rolls
from highroller.games.lasvegas.steps import Roll


def step_by_step(bits: int, own: int, big: bool, neutral: int) -> Roll:
    """One uniform number below the count of ordered rolls, split into own dice, Biggie and neutral dice."""
    own_table, neutral_table = multiset_table(own), multiset_table(neutral)
    rest, own_u = divmod(
        uniform_below(bits, own_table.total * (6 if big else 1) * neutral_table.total), own_table.total
    )
    biggie = 0
    if big:
        rest, face = divmod(rest, 6)
        biggie = face + 1
    return Roll(own_table.sample(own_u), biggie, neutral_table.sample(rest))


@pytest.mark.parametrize(
    ("own", "big", "neutral"), [(8, False, 2), (3, True, 0), (0, True, 1), (0, False, 3), (5, True, 4), (12, False, 1)]
)
def test_a_draw_is_the_step_by_step_roll(own: int, big: bool, neutral: int) -> None:
    rng = random.Random(own * 100 + neutral)
    draws = mixed_rolls(own, big, neutral)
    for bits in [rng.getrandbits(64) for _ in range(2000)] + [(1 << 64) - 1, 0]:  # the largest bits are re-mixed
        roll = draws.draw(bits)
        assert roll == step_by_step(bits, own, big, neutral)
        assert (
            sum(roll.own) == own
            and sum(roll.neutral) == neutral
            and (1 <= roll.biggie <= 6 if big else roll.biggie == 0)
        )


def test_every_roll_turns_up_with_its_weight() -> None:
    draws = mixed_rolls(1, True, 1)
    counts: dict[Roll, int] = {}
    for u in range(6 * 6 * 6):  # every ordered roll once: bits below the bound are read as they are
        roll = draws.draw(u)
        counts[roll] = counts.get(roll, 0) + 1
    assert len(counts) == 6 * 6 * 6 and set(counts.values()) == {1}
