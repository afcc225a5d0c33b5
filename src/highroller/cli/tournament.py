"""`highroller tournament GAME`: bots play seat-rotated deals; a table of win rates, ratings and
head-to-head results, and optionally files and plots (see `highroller.tournament`)."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import click
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from highroller.cli.extras import require
from highroller.cli.options import bot_factory, click_options, make_game
from highroller.core.botspec import levels_text
from highroller.core.rng import fresh_seed
from highroller.core.spec import GameSpec
from highroller.tournament import run_tournament, schedule, summarise
from highroller.tournament.runner import BACKENDS
from highroller.tournament.standings import bots_table, head_to_head_table


def tournament_command(spec: GameSpec) -> click.Command:
    levels = f"; levels: {levels_text(spec)}" if spec.levels else ""
    common = [
        click.Option(
            ["--bots"],
            required=True,
            help=f"Bots, comma-separated ({', '.join(spec.bots)}{levels}; or package.module:Bot); 'name:key=value' "
            f"sets a parameter. As many as the seats: that table; fewer: repeated around the table; more: every table "
            f"of them (a round robin).",
        ),
        click.Option(
            ["--games"],
            type=click.IntRange(min=1),
            default=100,
            show_default=True,
            help="Deals; each is played at every table in every seating, from the same seed.",
        ),
        click.Option(
            ["--workers"],
            type=click.IntRange(min=1),
            default=None,
            help="Local worker processes (default: every core).",
        ),
        click.Option(
            ["--seed"], type=int, default=None, help="Seed of the tournament (deal d's seed is derived from it)."
        ),
        click.Option(
            ["--out"],
            type=click.Path(file_okay=False, path_type=Path),
            default=None,
            help="Save CSV/Parquet tables and PNG plots in this folder.",
        ),
        click.Option(
            ["--backend"],
            type=click.Choice(BACKENDS),
            default="local",
            show_default=True,
            help="Where the games run: local processes, or a Ray cluster.",
        ),
        click.Option(
            ["--address"],
            default=None,
            help="With --backend ray: the cluster's address (default: a local Ray instance).",
        ),
    ]

    def callback(**params: Any) -> None:
        run_command(spec, params)

    return click.Command(
        name=spec.name,
        params=[*click_options(spec.options), *common],
        callback=callback,
        help=f"A {spec.title} tournament between bots.",
    )


def run_command(spec: GameSpec, params: dict[str, Any]) -> None:
    game = make_game(spec, params)
    bots = [text.strip() for text in params["bots"].split(",") if text.strip()]
    for text in bots:
        bot_factory(spec, text)  # a usage error now, not in a worker
    if params["out"] is not None:  # the extras are checked before any game is played
        require("analysis", "highroller tournament --out")
    if params["backend"] == "ray":
        require("ray", "highroller tournament --backend ray")
    series = params["seed"] if params["seed"] is not None else fresh_seed()
    try:
        matches = schedule(bots, game.num_players, params["games"], series)
    except ValueError as error:
        raise click.BadParameter(str(error), param_hint="--bots") from error
    err = Console(stderr=True)
    started = time.perf_counter()
    with Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=err,
        transient=True,
    ) as progress:
        task = progress.add_task(f"{spec.title} tournament", total=len(matches))
        results = run_tournament(
            spec.name,
            game.options,
            matches,
            workers=params["workers"],
            backend=params["backend"],
            address=params["address"],
            on_done=lambda n: progress.advance(task, n),
        )
    elapsed = time.perf_counter() - started
    summary = summarise(results)
    console = Console(highlight=False)
    deals = params["games"]
    console.print(
        f"{len(results)} games ({deals} deals × every table and seating) of {spec.name} in {elapsed:.1f} s, tournament "
        f"seed {series}"
    )
    console.print(bots_table(summary, f"{spec.title}: {game.num_players} players"))
    console.print(head_to_head_table(summary))
    if params["out"] is not None:
        from highroller.tournament.output import save

        settings = {
            "game": spec.name,
            "options": game.options,
            "bots": bots,
            "deals": deals,
            "seed": series,
            "games": len(results),
        }
        written = save(params["out"], settings, results, summary)
        console.print(f"Saved {len(written)} files in {params['out']}")
