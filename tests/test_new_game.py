"""A new game is one folder and one registry line: Pig (`tests/pig/`), registered only through
`HIGHROLLER_GAMES`, gets the API checker, the terminal (play, hot-seat with typed dice, replay),
simulation and tournaments on the step API, and the learning adapters, with no front end changed.
(The web table is proved in tests/web/test_web_new_game.py.)"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

import highroller as hr
from highroller import registry
from highroller.cli.main import cli
from highroller.core.checker import check_game
from highroller.core.spec import load_object

TESTS = Path(__file__).parent


def _forget_registrations() -> None:
    for cached in (registry._paths, registry.game_spec, registry.narration_of):
        cached.cache_clear()


@pytest.fixture
def pig(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """Pig registered for one test, as a host would: the environment names it and it is importable."""
    monkeypatch.syspath_prepend(str(TESTS))
    monkeypatch.setenv("HIGHROLLER_GAMES", "pig=pig.spec:SPEC")
    _forget_registrations()
    yield "pig"
    monkeypatch.delenv("HIGHROLLER_GAMES")
    _forget_registrations()


def run(*args: str, text: str = "") -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args), input=text, catch_exceptions=False)
    return result.exit_code, result.output


def test_the_registry_reads_games_from_the_environment(pig: str) -> None:
    assert pig in hr.available_games()
    assert hr.game_spec(pig).title == "Pig"
    assert hr.make(pig, players=3).num_players == 3


def test_a_malformed_registration_says_the_form(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HIGHROLLER_GAMES", "pig")
    _forget_registrations()
    try:
        with pytest.raises(ValueError, match="name=package.module:SPEC"):
            hr.available_games()
    finally:
        monkeypatch.delenv("HIGHROLLER_GAMES")
        _forget_registrations()


def test_the_api_checker_passes(pig: str) -> None:
    for options in hr.game_spec(pig).checker_configs:
        check_game(hr.make(pig, **options), view_type=load_object(hr.game_spec(pig).view))


def test_the_terminal_plays_hot_seat_with_typed_dice_and_replays(pig: str, tmp_path: Path) -> None:
    path = tmp_path / "pig.json"
    # two people, the real die typed in: Ann rolls 6 and 6 and holds, Bob rolls a 1, then Ann rolls on
    typed = "6\nroll\n6\nhold\n1\n" + "5\nroll\n" * 10 + "5\nhold\n"
    code, out = run("play", pig, "--bots", "0", "--names", "Ann,Bob", "--dice", "manual", "--seed", "3", "--save", str(path), text=typed)
    assert code == 0, out
    assert "Ann holds 12 points (score 12)." in out and "Bob rolls a 1 and loses 0 points." in out and "Ann wins!" in out
    record = json.loads(path.read_text())
    assert hr.replay(record).returns() == [67.0, 0.0]
    code, out = run("replay", str(path), "--all")
    assert code == 0 and "Ann wins!" in out  # the record keeps the seats' names


def test_simulation_and_tournaments_run_on_the_step_api(pig: str) -> None:
    code, out = run("simulate", pig, "--games", "60", "--bots", "random,hold-at", "--seed", "2")
    assert code == 0, out
    assert "hold-at" in out and "step" in out.lower()
    code, out = run("tournament", pig, "--bots", "random,hold-at", "--games", "20", "--seed", "2")
    assert code == 0, out
    assert "hold-at" in out


def test_the_learning_adapters_use_its_encoder(pig: str) -> None:
    pytest.importorskip("gymnasium")
    from highroller.envs.gymnasium import HighrollerEnv
    from highroller.envs.pettingzoo import env as aec_env

    single = HighrollerEnv(pig, seat=0, opponents="hold-at", players=2)
    observation, info = single.reset(seed=5)
    assert observation.shape == (5,) and list(info["action_mask"]) == [1, 1]
    done, reward = False, 0.0
    while not done:
        observation, reward, terminated, truncated, info = single.step(np.int64(0 if observation[2] < 0.5 else 1))
        done = terminated or truncated
    assert single.state.is_terminal() and reward == pytest.approx(single.state.returns()[0] / 30)
    many = aec_env(pig, players=3)
    many.reset(seed=1)
    final = {}
    for agent in many.agent_iter():
        observation, _, terminated, truncated, _ = many.last()
        if terminated or truncated:
            final[agent] = many._cumulative_rewards[agent]
            many.step(None)
        else:
            many.step(int(np.flatnonzero(observation["action_mask"])[-1]))  # always hold
    assert set(final) == {"player_0", "player_1", "player_2"} and max(final.values()) > 0


def test_nothing_outside_its_folder_names_it() -> None:
    package = Path(hr.__file__).parent
    named = [str(path) for path in package.rglob("*") if path.is_file() and path.suffix in (".py", ".js", ".html", ".toml") and "pig" in path.read_text(encoding="utf-8").lower()]
    assert not named
    assert "pig" not in sys.modules or Path(sys.modules["pig"].__file__ or "").parent.parent == TESTS
