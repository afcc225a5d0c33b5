"""`highroller analyze GAME`: a game's analysis on the batch engine, as its spec describes it (the rule
options, the analysis's own options and the common ones are turned into the command here). Its plots
need the analysis extra (Matplotlib), and a Numba engine the batch extra: both are checked before any
game is played. An analysis that does not play on the batch engine takes no --processes or --backend.
While it plays, each series shows a progress bar on standard error."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from highroller.batch.analysis import Analysis, analysis_of
from highroller.batch.engine import find_engine
from highroller.cli.extras import needing, require
from highroller.cli.options import chosen_options, click_options, make_game
from highroller.cli.progress import progress_bar
from highroller.core.spec import GameSpec


def common_options(analysis: Analysis) -> list[click.Option]:
    """--games, --seed and --out; for an analysis on the batch engine also --processes, --backend and --address."""
    return [
        click.Option(
            ["--games"],
            type=click.IntRange(min=100),
            default=analysis.default_games,
            show_default=True,
            help="Games per measured setting.",
        ),
        click.Option(["--seed"], type=int, default=1, show_default=True, help="Seed of the series."),
        click.Option(
            ["--out"],
            type=click.Path(file_okay=False, path_type=Path),
            required=True,
            help="Folder for the PNG plots and summary.txt.",
        ),
    ] + (
        []
        if not analysis.on_batch_engine
        else [
            click.Option(
                ["--processes"],
                type=click.IntRange(min=1),
                default=None,
                help="Processes for the batch engine. Default: every core for 500,000 games or more, else 1.",
            ),
            click.Option(
                ["--backend"],
                type=click.Choice(["local", "ray"]),
                default="local",
                show_default=True,
                help="local processes, or a Ray cluster for the batch engine (same results for the same seed).",
            ),
            click.Option(
                ["--address"],
                default=None,
                help="With --backend ray: the cluster's address (default: a local Ray instance).",
            ),
        ]
    )


def analyze_command(spec: GameSpec) -> click.Command | None:
    """The `analyze` command of a game that has an analysis (None for one that has not)."""
    if not spec.analysis:
        return None
    analysis = analysis_of(spec)

    def run(**params: Any) -> None:
        what = f"highroller analyze {spec.name}"
        require("analysis", what)
        if params.get("backend") == "ray":
            require("ray", f"{what} --backend ray")
        if analysis.on_batch_engine:
            with needing("batch", what):
                find_engine(spec)
        with progress_bar() as bar:

            def progress(label: str, games: int) -> Callable[[int], None]:
                task = bar.add_task(label, total=games)
                return lambda done: bar.advance(task, done)

            analysis.run(make_game(spec, params), chosen_options(spec, params), {**params, "progress": progress})

    return click.Command(
        name=spec.name,
        params=[*click_options(spec.options), *analysis.extra, *common_options(analysis)],
        callback=run,
        help=analysis.help,
    )
