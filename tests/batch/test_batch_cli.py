"""The command line on the batch engines: simulate picks the engine and says so, bench measures it,
analyze writes its plots and summary."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

import highroller as hr
from highroller.cli.main import cli


def _simulate(*args: str) -> dict:
    result = CliRunner().invoke(cli, ["simulate", *args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.output[result.output.index("{") :])


@pytest.mark.slow  # thousands of games
def test_simulate_uses_the_batch_engine_when_every_bot_has_one() -> None:
    batch = _simulate("lasvegas", "--games", "500", "--bots", "greedy,random", "--seed", "4")
    assert batch["engine"] == "batch"
    assert batch["seats"][0]["win_rate"] > batch["seats"][1]["win_rate"]
    assert _simulate("lasvegas", "--games", "5", "--seed", "4", "--engine", "step")["engine"] == "step"
    assert _simulate("luckiest", "--games", "300", "--bots", "cautious:threshold=12,optimal")["engine"] == "batch"
    lastchance = _simulate("lastchance", "--games", "300", "--bots", "odds,random", "--seed", "4")
    assert lastchance["engine"] == "batch"
    assert lastchance["seats"][0]["win_rate"] > lastchance["seats"][1]["win_rate"]
    assert _simulate("lastchance", "--games", "2", "--bots", "bidder,random", "--engine", "step")["engine"] == "step"


def test_simulate_refuses_batch_for_bots_without_one() -> None:
    result = CliRunner().invoke(
        cli, ["simulate", "lastchance", "--games", "2", "--bots", "highroller.core.bots:RandomBot", "--engine", "batch"]
    )
    assert result.exit_code != 0 and "no batch version" in result.output


@pytest.mark.parametrize(
    ("game", "options"),
    [
        ("lasvegas", ["--edition", "biggie", "--players", "5", "--bandit"]),
        pytest.param("lastchance", ["--players", "3"], marks=pytest.mark.slow),  # its kernel compiles first
        ("luckiest", ["--players", "3"]),
    ],
)
def test_simulate_records_from_the_batch_replay(tmp_path: Path, game: str, options: list[str]) -> None:
    path = tmp_path / "games.jsonl"
    summary = _simulate(game, "--games", "30", "--seed", "2", "--processes", "2", "--records", str(path), *options)
    records = [json.loads(line) for line in path.read_text().splitlines()]
    assert len(records) == 30 and summary["engine"] == "batch"
    seats = len(summary["seats"])
    means = [sum(r["returns"][s] for r in records) / 30 for s in range(seats)]
    assert means == pytest.approx([s["mean_return"] for s in summary["seats"]])
    assert all(hr.replay(r).returns() == r["returns"] for r in records)


@pytest.mark.slow  # thousands of games
@pytest.mark.parametrize(
    ("game", "games", "plots"), [("lasvegas", 2000, 3), ("luckiest", 2000, 1), ("lastchance", 100, 1)]
)
def test_analyze_writes_plots_and_a_summary(tmp_path: Path, game: str, games: int, plots: int) -> None:
    result = CliRunner().invoke(cli, ["analyze", game, "--games", str(games), "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert len(list(tmp_path.glob("*.png"))) == plots
    assert "Plots:" in (tmp_path / "summary.txt").read_text()


@pytest.mark.slow  # thousands of games
def test_bench_prints_the_batch_engine_beside_the_step_api() -> None:
    result = CliRunner().invoke(cli, ["bench", "luckiest", "--seconds", "0.05", "--no-extras", "--processes", "1"])
    assert result.exit_code == 0, result.output
    assert "batch engine, random play" in result.output and "× one process" in result.output
