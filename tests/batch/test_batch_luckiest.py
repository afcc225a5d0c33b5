"""The Luckiest Dice batch engine plays the step engine's game: same score and win distributions for
each built-in bot, and traced games that the step engine replays exactly."""

from __future__ import annotations

import numpy as np
import pytest
from batch_stats import assert_same_means, replayed_games

import highroller as hr
from highroller.batch.seeds import game_seeds
from highroller.core.game_loop import bot_seed
from highroller.games.luckiest.batch import ENGINE

CASES = [
    ({"players": 2}, ["random", "cautious"], 1500),
    ({"players": 3, "rounds": 2}, ["cautious:threshold=14", "random", "optimal"], 600),
    ({"players": 2, "rounds": 2}, ["optimal-win", "optimal"], 300),
    ({"players": 1}, ["optimal"], 500),
]


def _split(text: str) -> tuple[str, dict]:
    name, *pairs = text.split(":")
    return name, {k: int(v) for k, v in (p.split("=") for p in pairs)}


@pytest.mark.slow
@pytest.mark.parametrize(("options", "bots", "step_games"), CASES)
def test_outcome_distributions_agree(options: dict, bots: list[str], step_games: int) -> None:
    game = hr.make("luckiest", **options)
    names, params = zip(*map(_split, bots))
    factories = hr.game_spec("luckiest").bots
    finals = [
        hr.play(
            game, [factories[n](bot_seed(seed, seat), **p) for seat, (n, p) in enumerate(zip(names, params))], seed=seed
        )
        for seed in range(step_games)
    ]
    step_points = np.array([[sum(s) for s in zip(*f.scores)] for f in finals])
    step_totals = np.array([f.returns() for f in finals])
    step_wins = np.array(
        [[1 / len(f.winners()) if s in f.winners() else 0 for s in range(game.num_players)] for f in finals]
    )
    batch = ENGINE.run(game, list(names), game_seeds(4, 0, 20_000), list(params))
    assert_same_means("points per round", step_points, batch.extra["round_points"].sum(axis=2))
    assert_same_means("total per seat", step_totals, batch.returns)
    assert_same_means("win rate per seat", step_wins, batch.wins)


@pytest.mark.parametrize(("options", "bots", "step_games"), CASES)
def test_exported_records_replay_exactly(options: dict, bots: list[str], step_games: int) -> None:
    game = hr.make("luckiest", **options)
    names, params = zip(*map(_split, bots))
    seeds = game_seeds(6, 0, 10)
    for number, replayed, result in replayed_games(ENGINE, game, list(names), seeds, list(params)):
        assert [list(s) for s in zip(*replayed.scores)] == result.extra["round_points"][number].tolist()
