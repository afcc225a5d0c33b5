"""Las Vegas bots: legal, deterministic given their seed, and greedy is what it says."""

from __future__ import annotations

import pytest
from conftest import type_steps

import highroller as hr
from highroller.games.lasvegas.bots import GreedyBot, placement_gain
from highroller.games.lasvegas.narrate import NARRATION
from highroller.games.lasvegas.steps import PLACE

BIGGIE_STOCK = ("10k 20k", "10k 20k", "80k 30k", "40k 50k", "60k 70k", "90k 100k")


@pytest.mark.parametrize("bot", ["random", "greedy"])
@pytest.mark.parametrize(
    "options", [{"players": 4}, {"players": 5, "edition": "biggie", "bandit": True}, {"players": 3, "neutral": True}]
)
def test_bots_are_legal_and_deterministic(bot: str, options: dict) -> None:
    game = hr.make("lasvegas", **options)
    first = hr.play(game, [bot] * game.num_players, seed=21)
    assert first.is_terminal()
    assert hr.play(game, [bot] * game.num_players, seed=21).record() == first.record()


def test_greedy_gain_counts_ties_and_bills(new_state) -> None:
    state = new_state(players=2, edition="biggie", biggie=False, dice_per_player=3)
    type_steps(state, *BIGGIE_STOCK, "3 3 1", "3")  # seat 0: two dice on casino 3 ($80,000 + $30,000)
    type_steps(state, "3 3 6")  # seat 1 rolls
    assert placement_gain(state, PLACE[3]) == 0  # 2 against 2: they would cancel
    assert placement_gain(state, PLACE[6]) == 100000  # alone on casino 6: the $100,000
    assert GreedyBot(1).choose(state) == PLACE[6]


def test_greedy_prefers_fewer_dice_among_equal_gains(new_state) -> None:
    state = new_state(players=2, edition="biggie", biggie=False, dice_per_player=3)
    type_steps(state, *BIGGIE_STOCK, "1 1 2")  # casino 1 or 2: $20,000 either way
    assert placement_gain(state, PLACE[1]) == placement_gain(state, PLACE[2]) == 20000
    assert GreedyBot(1).choose(state) == PLACE[2]


def test_greedy_beats_random_over_fixed_seeds() -> None:
    game = hr.make("lasvegas", players=2)
    wins = sum(hr.play(game, ["greedy", "random"], seed=s).winners() == [0] for s in range(60))
    assert wins >= 40


def test_payouts_are_explained_in_words() -> None:
    names = ["Anna", "Ben", "Carla", "Denny"]
    event = {
        "type": "payout",
        "round": 1,
        "casino": 3,
        "bills": [80000, 30000],
        "dice": {"0": 4, "1": 3, "2": 3, "3": 1},
        "paid": {"0": 80000, "3": 30000},
    }
    words = NARRATION.describe_event(event, names)
    assert words == (
        "Casino 3 ($80,000, $30,000): Anna 4, Ben 3, Carla 3, Denny 1. Ben and Carla tie and lose "
        "their dice. Anna takes $80,000; Denny takes $30,000."
    )
    neutral = {
        "type": "payout",
        "round": 1,
        "casino": 5,
        "bills": [80000, 30000, 10000],
        "dice": {"1": 2, "neutral": 3},
        "paid": {"neutral": 80000, "1": 30000},
    }
    assert NARRATION.describe_event(neutral, names).endswith(
        "neutral takes $80,000; Ben takes $30,000. 1 bill untaken."
    )
