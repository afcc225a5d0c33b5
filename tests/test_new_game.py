"""A dice game is a package: the example game of `packages/` (its own pyproject, installed with pip
beside highroller) is found through its `highroller.games` entry point and gets every front end — the
API checker, the terminal (hot-seat with typed dice, saved records, replay), simulation and
tournaments on the step API, and the Gymnasium, PettingZoo and OpenSpiel adapters — with no file
outside its package naming it. (The web's lobby and table: tests/web/test_web_new_game.py.)

The tests find the game by reading the entry point of the package's pyproject.toml, never by name."""

from __future__ import annotations

import json
import re
import subprocess
import tomllib
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

import highroller as hr
from highroller import registry
from highroller.cli.main import cli
from highroller.core.checker import check_game
from highroller.core.spec import load_object

ROOT = Path(__file__).parents[1]


def _packaged_game() -> tuple[str, str, Path]:
    """The game the example package registers: its name, the package's distribution and its folder."""
    found = []
    for pyproject in sorted((ROOT / "packages").glob("*/pyproject.toml")):
        project = tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"]
        found += [
            (name, project["name"], pyproject.parent)
            for name in project.get("entry-points", {}).get("highroller.games", {})
        ]
    assert len(found) == 1, f"packages/ holds one example game package, not {found}"
    return found[0]


GAME, DISTRIBUTION, FOLDER = _packaged_game()


def run(*args: str, text: str = "") -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args), input=text, catch_exceptions=False)
    return result.exit_code, result.output


def test_the_installed_package_registers_the_game_through_its_entry_point() -> None:
    assert GAME in hr.available_games(), (
        f"{DISTRIBUTION} is not installed: the README's test command installs it with pip"
    )
    assert registry.registered_by(GAME) == DISTRIBUTION and GAME not in registry.own_games()
    own = registry.own_games()
    assert (
        own and hr.available_games()[: len(own)] == own and GAME in hr.available_games()[len(own) :]
    )  # highroller's own games first
    assert hr.make(GAME, players=3).num_players == 3
    code, out = run("games")
    assert code == 0 and re.search(rf"^{GAME} +{hr.game_spec(GAME).title}: ", out, flags=re.MULTILINE)


def test_the_api_checker_passes() -> None:
    spec = hr.game_spec(GAME)
    for options in spec.checker_configs:
        check_game(hr.make(GAME, **options), view_type=load_object(spec.view))


def test_the_terminal_plays_hot_seat_with_typed_dice_saves_and_replays(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    # two people, the real die typed in: Ann rolls 6 and 6 and holds, Bob rolls a 1, then Ann rolls on
    typed = "6\nroll\n6\nhold\n1\n" + "5\nroll\n" * 10 + "5\nhold\n"
    code, out = run(
        "play",
        GAME,
        "--bots",
        "0",
        "--names",
        "Ann,Bob",
        "--dice",
        "manual",
        "--seed",
        "3",
        "--save",
        str(path),
        text=typed,
    )
    assert code == 0, out
    assert (
        "Ann holds 12 points (score 12)." in out and "Bob rolls a 1 and loses 0 points." in out and "Ann wins!" in out
    )
    record = json.loads(path.read_text())
    assert record["game"] == GAME and hr.replay(record).returns() == [67.0, 0.0]
    code, out = run("replay", str(path), "--all")
    assert code == 0 and "Ann wins!" in out  # the record keeps the seats' names


def test_the_terminal_refuses_a_typed_face_the_die_has_not_and_says_what_to_type() -> None:
    code, out = run(
        "play",
        GAME,
        "--bots",
        "0",
        "--names",
        "Ann,Bob",
        "--dice",
        "manual",
        "--seed",
        "1",
        "--target",
        "10",
        text="7\n6\nroll\n4\nhold\n",
    )
    assert code == 0, out
    assert (
        "'7' is not a face of the die; type the face the die shows, 1 to 6" in out
        and "Ann holds 10 points (score 10)." in out
    )


def test_simulation_and_tournaments_run_on_the_step_api(tmp_path: Path) -> None:
    records = tmp_path / "games.jsonl"
    code, out = run(
        "simulate",
        GAME,
        "--games",
        "60",
        "--bots",
        "random,hold-at",
        "--seed",
        "2",
        "--records",
        str(records),
        "--json",
    )
    assert code == 0, out
    summary = json.loads(out)
    assert summary["engine"] == "step" and set(summary["bots"]) == {"random", "hold-at"}
    lines = records.read_text().splitlines()
    assert len(lines) == 60 and hr.replay(json.loads(lines[0])).is_terminal()
    code, out = run("tournament", GAME, "--bots", "random,hold-at", "--games", "20", "--seed", "2", "--workers", "1")
    assert code == 0, out
    assert "hold-at" in out


def test_the_gymnasium_and_pettingzoo_adapters_use_its_encoder() -> None:
    from highroller.envs.gymnasium import HighrollerEnv
    from highroller.envs.pettingzoo import env as aec_env

    single = HighrollerEnv(GAME, seat=0, opponents="hold-at", players=2)
    observation, info = single.reset(seed=5)
    assert observation.shape == (5,) and list(info["action_mask"]) == [1, 1]
    done, reward = False, 0.0
    while not done:
        observation, reward, terminated, truncated, info = single.step(np.int64(0 if observation[2] < 0.5 else 1))
        done = terminated or truncated
    assert single.state.is_terminal() and reward == pytest.approx(single.state.returns()[0] / 30)
    many = aec_env(GAME, players=3)
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


def test_the_openspiel_adapter_registers_and_plays_it() -> None:
    import pyspiel

    from highroller.envs.openspiel import short_name

    game = pyspiel.load_game(f"{short_name(GAME)}(players=3,target=20)")
    assert game.num_players() == 3
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


ALLOWED_LINES = {
    "README.md": "python3 -m venv .venv && .venv/bin/pip install -e",
    ".ci/run": "python3 -m venv .venv && .venv/bin/pip install -e",
    "pyproject.toml": "testpaths = ",
    "docs/luckiest-solver.md": "Luckiest Dice is small enough to solve exactly, as Neller and Presser solved",
}
"""Where a file outside the package may name it: the lines that install it and collect its tests, and
a citation of the solved dice game of the same name (the literature's, not the package)."""


def test_nothing_outside_its_package_names_it() -> None:
    module = hr.game_spec(GAME).view.partition(".")[0]
    folder = FOLDER.relative_to(ROOT).as_posix()
    names = re.compile(rf"\b(?:{re.escape(GAME)}|{re.escape(module)})\b", flags=re.IGNORECASE)
    listed = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    naming = []
    for path in listed.stdout.splitlines():
        file = ROOT / path
        if path.startswith(folder + "/") or not file.is_file():
            continue
        try:
            text = file.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue  # images and other binary files
        allowed = ALLOWED_LINES.get(path)
        naming += [
            f"{path}:{number}: {line.strip()}"
            for number, line in enumerate(text.splitlines(), 1)
            if names.search(line) and not (allowed and line.startswith(allowed))
        ]
    assert len(listed.stdout.splitlines()) > 100
    assert not naming, "\n".join(naming)
