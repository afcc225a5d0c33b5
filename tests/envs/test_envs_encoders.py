"""The numeric encodings: fixed lengths, values in [0, 1], masks matching the legal actions, views only."""

from __future__ import annotations

import random
import subprocess
import sys
from typing import Any

import numpy as np
import pytest
from envs_cases import config_id, game_configs

import highroller as hr
from highroller.envs.episodes import encoder_for
from highroller.registry import own_games


def test_every_game_of_highroller_has_an_encoder() -> None:
    assert all(hr.game_spec(name).encoder for name in own_games())


def test_an_unknown_game_is_named() -> None:
    class Other:
        name = "other"

    with pytest.raises(KeyError, match="no game 'other'"):
        encoder_for(Other())  # type: ignore[arg-type]


@pytest.mark.parametrize("config", game_configs(), ids=config_id)
def test_random_games_encode_within_bounds(config: tuple[str, dict[str, Any]]) -> None:
    name, options = config
    game = hr.make(name, **options)
    encoder = encoder_for(game)
    assert len(encoder.action_names) == encoder.num_actions
    for seed in range(2):
        state = game.new_game(seed)
        rng = random.Random(seed)
        while True:
            for seat in range(game.num_players):
                vector = encoder.observe(state, seat)
                assert vector.shape == (encoder.observation_size,) and vector.dtype == np.float32
                assert vector.min() >= 0.0 and vector.max() <= 1.0
            if state.is_terminal():
                break
            if state.is_chance():
                state.apply(state.sample_chance())
                continue
            mask = encoder.mask(state)
            legal = encoder.legal_by_index(state)
            assert mask.sum() == len(legal) > 0
            assert all(mask[i] and encoder.action_names[i] == str(action) for i, action in legal.items())
            state.apply(legal[rng.choice(sorted(legal))])


def test_observations_use_only_the_view() -> None:
    game = hr.make("lastchance", players=3)
    encoder = encoder_for(game)
    state = game.new_game(5)
    state.apply(state.sample_chance())
    other = state.resample(0, random.Random(1))
    assert np.array_equal(encoder.observe(state, 0), encoder.observe(other, 0))


def test_luckiest_actions_are_bank_then_the_cards() -> None:
    encoder = encoder_for(hr.make("luckiest"))
    assert encoder.action_names[:3] == ("bank", "bet on odd", "bet on even")
    assert encoder.action_names[-1] == "bet on number 6" and encoder.num_actions == 15


def test_lastchance_bids_stop_at_the_tables_money() -> None:
    game = hr.make("lastchance", players=2, money=1000, bet_limit=300)
    encoder = encoder_for(game)
    assert encoder.action_names[10:16] == tuple(f"bet {side} ${w}00" for side in ("yes", "no") for w in (1, 2, 3))
    assert encoder.action_names[-1] == "bid $2,000" and encoder.num_actions == 16 + 20


def test_the_core_and_the_encoders_import_no_toolkit() -> None:
    code = (
        "import sys, highroller, highroller.envs, highroller.envs.episodes, highroller.core.encoder; "
        "print(sorted(m for m in ('gymnasium', 'pettingzoo', 'pyspiel', 'torch') if m in sys.modules))"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "[]"
