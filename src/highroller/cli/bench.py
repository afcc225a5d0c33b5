"""`highroller bench GAME`: random-play games per second through the step API, per preset.

One core, wall-clock time with `time.perf_counter`, each configuration played for at least
`--seconds`; the game's own extra rows (a peer package, solver timings) follow.
"""

from __future__ import annotations

from typing import Any

import click
from rich.console import Console
from rich.table import Table

from highroller.core.benchmark import games_per_second
from highroller.core.spec import GameSpec, load_object
from highroller.registry import game_spec


def bench_command(spec: GameSpec) -> click.Command:
    def callback(seconds: float, extras: bool) -> None:
        run_bench(spec.name, seconds, extras)

    return click.Command(
        name=spec.name,
        params=[
            click.Option(["--seconds"], type=float, default=2.0, show_default=True, help="Time per configuration."),
            click.Option(["--extras/--no-extras"], default=True, help="Also the game's own extra measurements."),
        ],
        callback=callback,
        help=f"Benchmark {spec.title}: random-play games/second per preset and player count.",
    )


def run_bench(name: str, seconds: float, extras: bool) -> None:
    spec = game_spec(name)
    console = Console(highlight=False)
    table = Table(title=f"{spec.title}: random play through the step API (one core)")
    for column in ("Configuration", "Games", "Games/s", "Steps/s"):
        table.add_column(column, justify="left" if column == "Configuration" else "right")
    for label, options in spec.bench_configs:
        games, rate, steps = games_per_second(spec.make(**options), seconds)
        table.add_row(label, str(games), f"{rate:,.0f}", f"{steps:,.0f}")
        console.print(f"  {label}: {rate:,.0f} games/s", style="dim")
    console.print(table)
    if extras and spec.extra_benchmarks:
        rows: list[tuple[str, Any]] = load_object(spec.extra_benchmarks)()
        more = Table(title=f"{spec.title}: more measurements")
        more.add_column("What")
        more.add_column("Figure", justify="right")
        for what, figure in rows:
            more.add_row(what, str(figure))
        console.print(more)
