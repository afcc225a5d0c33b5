"""Every game's bots and levels: legal whole games, the same game from the same seed, and bot
descriptions that name a level or an import path."""

from __future__ import annotations

import pytest

import highroller as hr
from highroller.cli.options import resolve_bot
from highroller.core.bots import Bot
from highroller.core.botspec import level_bot
from highroller.core.game_loop import bot_seed
from highroller.games.lasvegas.bots import GreedyBot
from highroller.registry import available_games, game_spec

FAST = {"mcts": {"iterations": 12}, "expert": {"playouts": 20}}
"""Search bots play with a small budget here: the tests check rules and determinism, not strength."""

CONFIGS = {
    "lasvegas": [
        {"players": 2},
        {"players": 4},
        {"players": 5, "edition": "biggie", "bandit": True},
        {"players": 3, "neutral": True},
    ],
    "lastchance": [{"players": 2}, {"players": 4}],
    "luckiest": [{"players": 2}, {"players": 3}],
}


def _bots(game_name: str, description: str, seed: int, players: int) -> list[Bot]:
    factory, params = resolve_bot(game_spec(game_name), description)
    params = {**params, **FAST.get(description, {})}
    return [factory(bot_seed(seed, seat), **params) for seat in range(players)]


def _cases() -> list[tuple[str, str, dict]]:
    return [
        (name, bot, options)
        for name in available_games()
        for bot in game_spec(name).bots
        for options in CONFIGS.get(name, [{}])
    ]


@pytest.mark.parametrize(("game_name", "bot", "options"), _cases())
def test_every_bot_plays_legal_games_and_is_deterministic(game_name: str, bot: str, options: dict) -> None:
    game = hr.make(game_name, **options)
    first = hr.play(game, _bots(game_name, bot, 8, game.num_players), seed=8)  # play() refuses illegal moves
    again = hr.play(game, _bots(game_name, bot, 8, game.num_players), seed=8)
    assert first.is_terminal()
    assert again.record() == first.record()


@pytest.mark.parametrize("game_name", available_games())
def test_every_game_offers_three_levels_that_resolve(game_name: str) -> None:
    spec = game_spec(game_name)
    assert list(spec.levels) == ["easy", "medium", "hard"]
    for level in spec.levels:
        description = level_bot(spec, level)
        factory, params = resolve_bot(spec, level)
        assert (factory, params) == resolve_bot(spec, description)
        assert spec.bots[description.split(":")[0]] is factory


def test_a_level_takes_parameters_that_override_its_own() -> None:
    factory, params = resolve_bot(game_spec("lasvegas"), "hard:playouts=5")
    assert params == {"playouts": 5}
    assert factory(1, **params).playouts == 5


def test_las_vegas_plays_its_strongest_bot_at_the_hard_level() -> None:
    spec = game_spec("lasvegas")
    assert level_bot(spec, "hard") == "expert"  # the batch extra is installed for the tests
    assert spec.levels["hard"] == ("expert", "mcts")  # and without it, mcts (tests/test_light_install.py)


def test_an_import_path_names_a_bot_with_parameters() -> None:
    spec = game_spec("lasvegas")
    assert resolve_bot(spec, "highroller.games.lasvegas.bots:GreedyBot") == (GreedyBot, {})
    factory, params = resolve_bot(spec, "highroller.games.lasvegas.heuristic:HeuristicBot:denial=0.5")
    assert factory(3, **params).denial == 0.5


@pytest.mark.parametrize("text", ["highroller.games.lasvegas.bots:NoSuchBot", "no_such_package.bots:Bot", "wizard"])
def test_unknown_bots_are_refused_with_what_is_known(text: str) -> None:
    with pytest.raises(ValueError, match="bot"):
        resolve_bot(game_spec("lasvegas"), text)
