"""`highroller tournament`: the table, levels and import paths as bots, and the saved files."""

from __future__ import annotations

import csv
from pathlib import Path

from click.testing import CliRunner

from highroller.cli.main import cli


def test_tournament_prints_the_table_and_saves_tables_and_plots(tmp_path: Path) -> None:
    out = tmp_path / "results"
    result = CliRunner().invoke(
        cli,
        [
            "tournament",
            "lasvegas",
            "--players",
            "2",
            "--bots",
            "easy,highroller.games.lasvegas.heuristic:HeuristicBot,random",
            "--games",
            "3",
            "--workers",
            "1",
            "--seed",
            "11",
            "--out",
            str(out),
        ],
    )
    assert result.exit_code == 0, result.output
    assert "18 games (3 deals" in result.output and "95% CI" in result.output and "Head to head" in result.output
    for name in ("games", "bots", "seats", "head_to_head", "ratings"):
        assert (out / f"{name}.csv").exists() and (out / f"{name}.parquet").exists()
    assert (out / "ratings.png").stat().st_size > 1000 and (out / "seats.png").stat().st_size > 1000
    with (out / "bots.csv").open() as handle:
        rows = list(csv.DictReader(handle))
    assert [row["bot"] for row in rows] == ["easy", "highroller.games.lasvegas.heuristic:HeuristicBot", "random"]
    assert all(float(row["ci_low"]) <= float(row["win_rate"]) <= float(row["ci_high"]) for row in rows)
    with (out / "games.csv").open() as handle:
        assert sum(1 for _ in csv.DictReader(handle)) == 18 * 2


def test_an_unknown_bot_is_a_usage_error() -> None:
    result = CliRunner().invoke(cli, ["tournament", "luckiest", "--bots", "optimal,wizard", "--games", "1"])
    assert result.exit_code == 2
    assert "no bot 'wizard'" in result.output
