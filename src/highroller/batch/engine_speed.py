"""Measuring a batch engine: games per second on one process and on several, and memory per game.

Wall-clock time (`time.perf_counter`), like the step-API benchmark, random bots at every seat. A
measurement first plays a short warm-up chunk (compiling or loading the compiled kernel), then whole
chunks until the time is up. The scaling rows play a whole series on 1, 2, ... processes (each
process a share, see `runner`), results returned as `simulate` gets them, each series played once
untimed first so that workers are started and warm and the results' memory has been touched. The
whole-process rows time `highroller simulate` as a user runs it — a fresh process that imports,
loads the kernels, plays the series on every core and prints its summary — on a small and a large
series: their difference gives the marginal rate, the rest is the fixed cost.
"""

from __future__ import annotations

import subprocess
import sys
import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from highroller.batch.engine import BatchEngine, engine_at
from highroller.batch.ranges import CHUNK, run_range
from highroller.batch.runner import new_pool, run_series
from highroller.core.game import Game
from highroller.core.spec import GameSpec


def batch_rate(engine: BatchEngine, game: Game, seconds: float) -> tuple[int, float]:
    """(games, games/s) of random play on this process."""
    bots = ["random"] * game.num_players
    run_range(engine, game, bots, 0, 0, 64)
    games = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        run_range(engine, game, bots, 1, games, CHUNK)
        games += CHUNK
    return games, games / (time.perf_counter() - started)


def series_rate(spec: GameSpec, game: Game, games: int, processes: int) -> float:
    """Games/s of a series of `games` random games on `processes` warmed-up workers, results returned
    as `simulate` gets them. The same series is first played once untimed: besides warming up the
    workers, it touches the memory the results take, which a virtual machine may back only on first
    use (about 2 ns a byte here, as much as playing the games)."""
    bots = ["random"] * game.num_players
    with new_pool(processes, engine_at(spec.batch).threads) as pool:
        run_series(spec.batch, game, bots, 3, games, processes, pool=pool)
        started = time.perf_counter()
        run_series(spec.batch, game, bots, 2, games, processes, pool=pool)
        return games / (time.perf_counter() - started)


SIMULATE_SERIES = (10_000, 1_000_000)
"""The small and the large series a whole `highroller simulate` process is timed on."""


def simulate_arguments(spec: GameSpec, options: Mapping[str, Any], games: int) -> list[str]:
    """The command line of `highroller simulate` for `games` random games of these options."""
    flags: list[str] = []
    for name, value in options.items():
        flag = "--" + name.replace("_", "-")
        flags.extend([flag if value else f"--no-{flag[2:]}"] if isinstance(value, bool) else [flag, str(value)])
    return [
        sys.executable,
        "-c",
        "from highroller.cli.main import main; main()",
        "simulate",
        spec.name,
        *flags,
        "--games",
        str(games),
        "--bots",
        "random",
        "--json",
    ]


def simulate_seconds(spec: GameSpec, options: Mapping[str, Any], games: int) -> float:
    """Wall-clock seconds of a whole `highroller simulate` process playing `games` random games."""
    started = time.perf_counter()
    subprocess.run(simulate_arguments(spec, options, games), check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - started


@dataclass(frozen=True)
class WholeProcess:
    """A whole `highroller simulate` process timed on the small and the large series."""

    small: float
    large: float

    @property
    def marginal(self) -> float:
        """Games a second past the fixed cost."""
        return (SIMULATE_SERIES[1] - SIMULATE_SERIES[0]) / max(self.large - self.small, 1e-9)

    @property
    def fixed(self) -> float:
        """Seconds a run costs besides its games (starting, importing, loading the kernels, summing up)."""
        return max(0.0, self.small - SIMULATE_SERIES[0] / self.marginal)

    @property
    def rate(self) -> float:
        """Games a second of the large series, fixed cost included."""
        return SIMULATE_SERIES[1] / self.large


def whole_process(spec: GameSpec, options: Mapping[str, Any]) -> WholeProcess:
    """`highroller simulate` timed as a whole process on both series (each played once untimed first)."""
    simulate_seconds(spec, options, SIMULATE_SERIES[0])
    return WholeProcess(*(simulate_seconds(spec, options, games) for games in SIMULATE_SERIES))


def whole_process_rows(label: str, measured: WholeProcess) -> list[tuple[str, str]]:
    """The rows of a whole-process measurement."""
    small, large = SIMULATE_SERIES
    return [
        (f"{label}: highroller simulate, whole process, {small:,} games", f"{measured.small:.2f} s"),
        (
            f"{label}: highroller simulate, whole process, {large:,} games",
            f"{measured.large:.2f} s ({measured.rate:,.0f} games/s)",
        ),
        (
            f"{label}: simulate's fixed cost, and its rate past it",
            f"{measured.fixed:.2f} s, {measured.marginal:,.0f} games/s",
        ),
    ]


def batch_rows(spec: GameSpec, step_rates: Mapping[str, float], seconds: float) -> list[tuple[str, str, str, str, str]]:
    """(configuration, step games/s, batch games/s, ratio, bytes per game) per bench configuration."""
    engine = engine_at(spec.batch)
    rows = []
    for label, options in spec.bench_configs:
        game = spec.make(**options)
        _, rate = batch_rate(engine, game, seconds)
        step = step_rates[label]
        rows.append((label, f"{step:,.0f}", f"{rate:,.0f}", f"{rate / step:,.0f}×", f"{engine.bytes_per_game(game):,}"))
    return rows


def scaling_rows(spec: GameSpec, options: Mapping[str, Any], seconds: float, processes: int) -> list[tuple[str, str]]:
    """Games/s of the first bench configuration on 1..`processes` processes (the same games per
    process, about `seconds` of play each), each a whole series with its results."""
    engine = engine_at(spec.batch)
    game = spec.make(**options)
    _, rate = batch_rate(engine, game, min(seconds, 1.0))
    games = max(CHUNK, int(rate * seconds))
    rows = []
    single = 0.0
    for count in range(1, processes + 1):
        rate = series_rate(spec, game, games * count, count)
        single = single or rate
        rows.append(
            (
                f"{count} process{'es' if count > 1 else ''}, {games * count:,} games",
                f"{rate:,.0f} games/s ({rate / single:.2f}× one process)",
            )
        )
    return rows
