"""The base install without its extras: in a fresh interpreter where Numba, the web stack and the
PostgreSQL driver cannot be imported, the engine API plays, saves and replays every game, the terminal
plays and replays whole games with bots, the solvers and odds tools answer, and the commands that need
an extra say which one and the pip command, with a non-zero exit and no traceback."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

import highroller as hr
from highroller.cli.main import cli

EXTRA_MODULES = (
    "numba",
    "fastapi",
    "fastapi_offline",
    "uvicorn",
    "starlette",
    "pydantic",
    "pydantic_core",
    "psycopg",
    "psycopg_pool",
    "confusable_homoglyphs",
    "icu",
    "jsonschema",
    "mypy",
    "mypyc",
    "pywebpush",
    "py_vapid",
    "http_ece",
    "webauthn",
    "segno",
)
"""What the extras install (`web`, `postgres`, `batch`, `compile`): none of it may be needed by the base paths."""

BLOCKER = f"""
import importlib.abc, sys

class Missing(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.partition(".")[0] in {EXTRA_MODULES!r}:
            raise ModuleNotFoundError(f"No module named {{name!r}}", name=name)
        return None

sys.meta_path.insert(0, Missing())
"""

TOOLS = {(tool, name): args for name in hr.available_games() for tool, args in hr.game_spec(name).tool_examples.items()}
"""Every game tool (`highroller odds`, `solve`, `deck`) with the arguments its spec gives for a quick
answer (run where `game.json` is a record of a game of it)."""


def light(code: str, *args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """Run `code` (with `args` as sys.argv[1:]) in a fresh interpreter without the extras' modules, nor
    a compiled build of the step engines (which a light install could not have made)."""
    env = {**os.environ, "XDG_DATA_HOME": str(cwd / "data"), "HIGHROLLER_COMPILED_DIR": str(cwd / "builds")}
    return subprocess.run(
        [sys.executable, "-c", BLOCKER + code, *args],
        check=False,
        capture_output=True,
        text=True,
        cwd=cwd,
        env=env,
        timeout=300,
    )


def highroller(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """The `highroller` command without the extras' modules."""
    return light("from highroller.cli.main import main\nmain()\n", *args, cwd=cwd)


def test_the_blocker_blocks(tmp_path: Path) -> None:
    result = light("import numba\n", cwd=tmp_path)
    assert result.returncode != 0 and "No module named 'numba'" in result.stderr


def test_the_api_plays_saves_and_replays_every_game(tmp_path: Path) -> None:
    code = """
import json, highroller as hr
for name in hr.available_games():
    game = hr.make(name)
    spec = hr.game_spec(name)
    final = hr.play(game, [spec.default_bot] * game.num_players, seed=11)
    assert final.is_terminal()
    path = f"{name}.json"
    with open(path, "w") as file:
        json.dump(final.record(), file)
    with open(path) as file:
        again = hr.replay(json.load(file))
    assert again.history == final.history and again.returns() == final.returns()
    print(name)
"""
    result = light(code, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == hr.available_games()


@pytest.mark.parametrize("name", hr.available_games())
def test_the_terminal_plays_a_whole_game_of_bots_and_replays_it(name: str, tmp_path: Path) -> None:
    game = hr.make(name)
    players = str(game.num_players)
    record = tmp_path / "game.json"
    played = highroller(
        "play", name, "--players", players, "--bots", players, "--seed", "5", "--save", str(record), cwd=tmp_path
    )
    assert played.returncode == 0, played.stderr
    assert hr.replay(json.loads(record.read_text())).is_terminal()
    replayed = highroller("replay", str(record), "--all", cwd=tmp_path)
    assert replayed.returncode == 0, replayed.stderr
    assert replayed.stdout.strip()


def test_every_tool_answers(tmp_path: Path) -> None:
    assert set(TOOLS) == {(tool, name) for name in hr.available_games() for tool in hr.game_spec(name).tools}
    for (tool, name), args in TOOLS.items():
        game = hr.make(name, **hr.game_spec(name).checker_configs[0])
        (tmp_path / "game.json").write_text(json.dumps(hr.play(game, ["random"] * game.num_players, seed=1).record()))
        result = highroller(tool, name, *args, cwd=tmp_path)
        assert result.returncode == 0, (tool, name, result.stderr)
        assert result.stdout.strip()


def test_the_last_chance_analysis_runs_without_the_batch_engine(tmp_path: Path) -> None:
    result = highroller("analyze", "lastchance", "--games", "100", "--out", "plots", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "Best first attempts" in (tmp_path / "plots" / "summary.txt").read_text()


def test_simulate_plays_through_the_step_api_and_bench_leaves_out_the_batch_figures(tmp_path: Path) -> None:
    simulated = highroller("simulate", "lasvegas", "--games", "3", "--engine", "step", "--json", cwd=tmp_path)
    assert simulated.returncode == 0, simulated.stderr
    assert json.loads(simulated.stdout)["engine"] == "step"
    benched = highroller("bench", "lasvegas", "--seconds", "0.01", "--no-extras", cwd=tmp_path)
    assert benched.returncode == 0, benched.stderr
    assert "Las Vegas's batch engine needs the batch extra: pip install 'highroller[batch]'" in benched.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["serve", "--help"], "highroller serve needs the web extra: pip install 'highroller[web]'"),
        (["serve", "--port", "0"], "highroller serve needs the web extra: pip install 'highroller[web]'"),
        (
            ["bots", "--db", "postgresql://nobody@localhost/none"],
            "highroller bots needs the postgres extra: pip install 'highroller[postgres]'",
        ),
        (
            ["simulate", "lasvegas", "--games", "3"],
            "highroller simulate lasvegas needs the batch extra: pip install 'highroller[batch]'; or play through the "
            "step API: --engine step",
        ),
        (
            ["analyze", "lasvegas", "--out", "plots"],
            "highroller analyze lasvegas needs the batch extra: pip install 'highroller[batch]'",
        ),
        (["compile"], "highroller compile needs the compile extra: pip install 'highroller[compile]'"),
    ],
)
def test_a_command_that_needs_a_missing_extra_names_it(args: list[str], message: str, tmp_path: Path) -> None:
    result = highroller(*args, cwd=tmp_path)
    assert result.returncode != 0
    assert message in result.stderr and "Traceback" not in result.stderr
    assert not (tmp_path / "plots").exists()


def test_the_command_list_says_what_to_install(tmp_path: Path) -> None:
    result = highroller("--help", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "Needs the web extra: pip install 'highroller[web]'" in result.stdout


def test_with_the_extras_installed_the_real_commands_are_there() -> None:
    result = CliRunner().invoke(cli, ["serve", "--help"])
    assert result.exit_code == 0 and "--bot-processes" in result.output
    result = CliRunner().invoke(cli, ["bots", "--help"])
    assert result.exit_code == 0 and "--lease" in result.output


def test_the_expert_bot_names_the_extra_it_needs_and_the_advice_does_without_it(tmp_path: Path) -> None:
    result = highroller(
        "play", "lasvegas", "--players", "2", "--bots", "2", "--bot", "expert", "--seed", "5", cwd=tmp_path
    )
    assert result.returncode != 0 and "Traceback" not in result.stderr
    assert "pip install 'highroller[batch]'" in result.stderr
    code = """
import highroller as hr
from rich.console import Console
from highroller.games.lasvegas.render import RENDERER
state = hr.make("lasvegas", players=2).new_game(seed=3)
while state.current_player < 0:
    state.apply(state.sample_chance())
Console(width=200).print(RENDERER.advice(state, state.current_player))
"""
    advice = light(code, cwd=tmp_path)
    assert advice.returncode == 0, advice.stderr
    assert "Your gain at that casino" in advice.stdout and "Win chance" not in advice.stdout


def test_the_hard_level_gives_way_to_a_bot_that_needs_no_extra(tmp_path: Path) -> None:
    code = """
import highroller as hr
from highroller.core.botspec import level_bot
spec = hr.game_spec("lasvegas")
assert level_bot(spec, "hard") == "mcts", level_bot(spec, "hard")
final = hr.play(hr.make("lasvegas", players=2, rounds=1), ["hard:iterations=10", "easy"], seed=4)
assert final.is_terminal()
print("ok")
"""
    result = light(code, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["ok"]
