"""`highroller bench GAME`: random-play games per second through the step API, per preset.

Random play is the game's own `random` bot where it has one (the batch engine plays the same bot, so
the ratio compares like with like), else a uniformly random legal action.

One core, wall-clock time with `time.perf_counter`, each configuration played for at least
`--seconds`; the table says whether the game's states ran compiled (`highroller compile`) or as Python. A game with a
batch engine also gets, from the same run, the batch engine's games/s per
preset with its ratio to the step API and its memory per game, the engine's own comparisons (a peer
package) and its scaling over processes (where the engine needs Numba, only with the batch extra);
the game's own extra rows (solver timings) follow.
"""

from __future__ import annotations

import os
import sys

import click
from rich.console import Console
from rich.table import Table

from highroller.cli.extras import lacks, missing
from highroller.core import compiled
from highroller.core.spec import GameSpec
from highroller.core.spec_parts import extra_benchmarks
from highroller.registry import game_spec
from highroller.step_api_speed import games_per_second


def bench_command(spec: GameSpec) -> click.Command:
    def callback(seconds: float, extras: bool, processes: int) -> None:
        run_bench(spec.name, seconds, extras, processes)

    return click.Command(
        name=spec.name,
        params=[
            click.Option(["--seconds"], type=float, default=2.0, show_default=True, help="Time per configuration."),
            click.Option(["--extras/--no-extras"], default=True, help="Also the game's own extra measurements."),
            click.Option(
                ["--processes"],
                type=click.IntRange(min=1),
                default=os.cpu_count() or 1,
                show_default="the CPU count",
                help="Batch engine scaling: measure 1 to this many processes.",
            ),
        ],
        callback=callback,
        help=f"Benchmark {spec.title}: random-play games/second per preset and player count.",
    )


def _step_engine(spec: GameSpec) -> str:
    """How the game's states run: compiled (`highroller compile`) or as Python."""
    module = sys.modules[type(spec.make().new_game(0)).__module__]
    return "compiled" if compiled.in_use(module) else "Python"


def run_bench(name: str, seconds: float, extras: bool, processes: int = 1) -> None:
    spec = game_spec(name)
    console = Console(highlight=False)
    table = Table(title=f"{spec.title}: random play through the step API (one core, {_step_engine(spec)} step engine)")
    for column in ("Configuration", "Games", "Games/s", "Steps/s"):
        table.add_column(column, justify="left" if column == "Configuration" else "right")
    step_rates: dict[str, float] = {}
    for label, options in spec.bench_configs:
        game = spec.make(**options)
        bots = ["random"] * game.num_players if "random" in spec.bots else None
        games, rate, steps = games_per_second(game, seconds, bots=bots)
        step_rates[label] = rate
        table.add_row(label, str(games), f"{rate:,.0f}", f"{steps:,.0f}")
        console.print(f"  {label}: {rate:,.0f} games/s", style="dim")
    console.print(table)
    if spec.batch:
        _batch_tables(console, spec, step_rates, seconds, processes, extras)
    measured = extra_benchmarks(spec) if extras else None
    if measured is not None:
        rows = measured()
        more = Table(title=f"{spec.title}: more measurements")
        more.add_column("What")
        more.add_column("Figure", justify="right")
        for what, figure in rows:
            more.add_row(what, str(figure))
        console.print(more)


def _batch_tables(
    console: Console, spec: GameSpec, step_rates: dict[str, float], seconds: float, processes: int, extras: bool
) -> None:
    """The batch engine beside the step API, its own comparisons (with the extras), and its scaling
    over processes; a note instead where the engine needs the batch extra and it is not installed."""
    from highroller.batch.engine import find_engine
    from highroller.batch.engine_speed import batch_rows, scaling_rows, whole_process, whole_process_rows

    try:
        engine = find_engine(spec)
    except ImportError as error:
        if not lacks(error, "batch"):
            raise
        console.print(missing("batch", f"{spec.title}'s batch engine"), style="dim", markup=False)
        return
    assert engine is not None
    table = Table(title=f"{spec.title}: batch engine, random play (one process)")
    for column in ("Configuration", "Step API games/s", "Batch games/s", "Batch / step", "Bytes per game"):
        table.add_column(column, justify="left" if column == "Configuration" else "right")
    rows = batch_rows(spec, step_rates, seconds)
    for row in rows:
        table.add_row(*row)
    console.print(table)
    rates = {row[0]: float(row[2].replace(",", "")) for row in rows}
    more = Table(title=f"{spec.title}: batch engine compared, and over processes")
    more.add_column("What")
    more.add_column("Figure", justify="right")
    for what, figure in engine.comparisons(rates, seconds) if extras else []:
        more.add_row(what, figure)
    label, options = spec.bench_configs[0]
    for what, figure in scaling_rows(spec, options, seconds, processes):
        more.add_row(f"{label}: {what}", figure)
    for what, figure in whole_process_rows(label, whole_process(spec, options)):
        more.add_row(what, figure)
    console.print(more)
