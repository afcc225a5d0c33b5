"""The shared API checker on every registered game and every option set its spec lists."""

from __future__ import annotations

import pytest

import highroller as hr
import highroller.games.lasvegas.step_json as step_json
from highroller.core.checker import check_game
from highroller.core.spec import load_object

CASES = [
    pytest.param(
        name,
        config,
        id=f"{name}-" + "-".join(f"{k}={v}" for k, v in config.items()),
        marks=[pytest.mark.slow] if number else [],
    )
    for name in hr.available_games()
    for number, config in enumerate(hr.game_spec(name).checker_configs)
]
"""Every option set of every game; the fast lane (`-m "not slow"`) runs each game's first."""


@pytest.mark.parametrize(("name", "config"), CASES)
def test_every_game_keeps_the_api_promises(name: str, config: dict) -> None:
    check_game(hr.make(name, **config), view_type=load_object(hr.game_spec(name).view), games=2, seed=len(str(config)))


def test_every_game_lists_checker_configs() -> None:
    for name in hr.available_games():
        assert hr.game_spec(name).checker_configs, f"{name} gives the checker nothing to run"


def test_the_checker_catches_a_decoder_that_reads_true_as_one(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(step_json, "is_whole", lambda value: isinstance(value, int))  # the old bug: bool passes
    with pytest.raises(AssertionError, match=r"\{'place': True\} is read as \{'place': 1\}"):
        check_game(hr.make("lasvegas", players=2), games=1)
