"""`highroller simulate GAME`: many bot games, a progress bar, and a summary by seat and by bot.

When the game has a batch engine (its spec's `batch`) with a batch version of every chosen bot, the
games are played there, many at a time (`--engine auto`, the default); `--engine step` always plays
through the step API. The summary says which engine played. On the batch engine the games are
reduced to per-seat totals where they are played (`batch.runner.run_totals`), so a run of any length
(10⁹ games with `--backend ray` on a cluster) needs constant memory.
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TextIO

import click
from rich.console import Console
from rich.table import Table

from highroller.batch.engine import find_engine, supports
from highroller.batch.ranges import CHUNK
from highroller.batch.record_export import export_records
from highroller.batch.runner import run_totals
from highroller.batch.seeds import game_seeds
from highroller.cli.extras import needing, require
from highroller.cli.options import click_options, make_game, seat_bots
from highroller.cli.progress import progress_bar
from highroller.core.bots import Bot
from highroller.core.botspec import resolve_bot
from highroller.core.game import Game
from highroller.core.game_loop import bot_seed, play
from highroller.core.rng import derive_seed, fresh_seed
from highroller.core.spec import GameSpec

Sums = tuple[list[float], list[float]]
"""Per-seat sums over a series: of returns, and of win shares."""


def simulate_command(spec: GameSpec) -> click.Command:
    common = [
        click.Option(["--games"], type=click.IntRange(min=1), default=1000, show_default=True, help="How many games."),
        click.Option(
            ["--bots"],
            default=None,
            help=f"Bots by seat, comma-separated, repeated around the table ({', '.join(spec.bots)}); 'name:key=value' "
            f"sets a parameter. Default: {spec.default_bot}.",
        ),
        click.Option(
            ["--seed"], type=int, default=None, help="Seed of the series (game i uses a seed derived from it)."
        ),
        click.Option(
            ["--records"],
            type=click.Path(dir_okay=False, path_type=Path),
            default=None,
            help="Write every game's record to this JSON-lines file.",
        ),
        click.Option(["--json", "as_json"], is_flag=True, help="Print the summary as JSON."),
        click.Option(
            ["--engine"],
            type=click.Choice(["auto", "batch", "step"]),
            default="auto",
            show_default=True,
            help="Batch engine when every bot has a batch version (auto), always (batch), or the step API (step).",
        ),
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

    def callback(**params: Any) -> None:
        run_simulate(spec, params)

    return click.Command(
        name=spec.name,
        params=[*click_options(spec.options), *common],
        callback=callback,
        help=f"Simulate {spec.title} games between bots.",
    )


def summarise(
    labels: list[str], games: int, seat_returns: Sequence[float], seat_wins: Sequence[float]
) -> dict[str, Any]:
    """Per seat and per bot: games, wins (a shared win counts 1/k to each), win rate, mean return, from
    the series' per-seat sums of returns and of win shares."""
    seats = [
        {
            "seat": seat,
            "bot": label,
            "wins": seat_wins[seat],
            "win_rate": seat_wins[seat] / games,
            "mean_return": seat_returns[seat] / games,
        }
        for seat, label in enumerate(labels)
    ]
    by_bot: dict[str, dict[str, float]] = {}
    for label in dict.fromkeys(labels):
        mine = [seat for seat, other in enumerate(labels) if other == label]
        seat_games = games * len(mine)
        total_wins = sum(seat_wins[s] for s in mine)
        by_bot[label] = {
            "seat_games": seat_games,
            "wins": total_wins,
            "win_rate": total_wins / seat_games,
            "mean_return": sum(seat_returns[s] for s in mine) / seat_games,
        }
    return {"seats": seats, "bots": by_bot}


def run_simulate(spec: GameSpec, params: dict[str, Any]) -> None:
    game = make_game(spec, params)
    players = game.num_players
    texts = [t for t in (params["bots"] or "").split(",") if t.strip()]
    factories = seat_bots(spec, texts, players)
    labels = [label for label, _ in factories]
    series = params["seed"] if params["seed"] is not None else fresh_seed()
    if params["backend"] == "ray":
        require("ray", "highroller simulate --backend ray")
    records = params["records"].open("w", encoding="utf-8") if params["records"] else None
    started = time.perf_counter()
    try:
        batch = _batch_bots(spec, labels, params["engine"])
        if batch is not None:
            returns, wins = _play_batch(spec, game, batch, series, params, records)
        else:
            returns, wins = _play_steps(spec, game, factories, series, params["games"], records)
    finally:
        if records:
            records.close()
    elapsed = time.perf_counter() - started
    summary = {
        "game": spec.name,
        "options": game.options,
        "games": params["games"],
        "seed": series,
        "engine": "step" if batch is None else "batch",
        "elapsed_s": round(elapsed, 3),
        "games_per_s": round(params["games"] / elapsed, 1),
        **summarise(labels, params["games"], returns, wins),
    }
    if params["as_json"]:
        json.dump(summary, sys.stdout, indent=1)
        sys.stdout.write("\n")
        return
    _print_summary(summary)


def _batch_bots(spec: GameSpec, labels: list[str], wanted: str) -> list[tuple[str, dict[str, Any]]] | None:
    """The seats' (bot name, parameters) if they play on the batch engine, else None.

    A seat's description resolves (name, level or import path) to a factory; it has a batch version
    when the factory is one of the game's named bots that the engine has built in, with parameters
    the engine accepts. `--engine batch` without batch versions is a usage error; an engine that needs
    the batch extra (Numba) where it is not installed stops the command with the pip command.
    """
    if wanted == "step":
        return None
    with needing("batch", f"highroller simulate {spec.name}", "play through the step API: --engine step"):
        engine = find_engine(spec)
    names = {id(factory): name for name, factory in spec.bots.items()}
    chosen = []
    for label in labels:
        factory, params = resolve_bot(spec, label)
        chosen.append((names.get(id(factory), ""), params))
    if engine is not None and supports(engine, chosen):
        return chosen
    if wanted == "batch":
        known = ", ".join(engine.bots) if engine is not None else "none"
        raise click.UsageError(f"{spec.title} has no batch version of these bots (batch bots: {known})")
    return None


def _play_steps(
    spec: GameSpec,
    game: Game,
    factories: list[tuple[str, Callable[[int], Bot]]],
    series: int,
    games: int,
    records: TextIO | None,
) -> Sums:
    """Every game through the step API: the per-seat sums of returns and win shares."""
    returns = [0.0] * game.num_players
    wins = [0.0] * game.num_players
    with progress_bar() as progress:
        task = progress.add_task(f"{spec.title}", total=games)
        for number in range(games):
            seed = derive_seed(series, "game", number)
            bots = [make(bot_seed(seed, seat)) for seat, (_, make) in enumerate(factories)]
            final = play(game, bots, seed=seed)
            winners = final.winners()
            for seat, score in enumerate(final.returns()):
                returns[seat] += score
                wins[seat] += 1 / len(winners) if seat in winners else 0.0
            if records:
                records.write(json.dumps(final.record()) + "\n")
            progress.advance(task)
    return returns, wins


def _play_batch(
    spec: GameSpec,
    game: Game,
    bots: list[tuple[str, dict[str, Any]]],
    series: int,
    params: dict[str, Any],
    records: TextIO | None,
) -> Sums:
    """Every game on the game's batch engine, reduced to per-seat totals where it is played (constant
    memory, any number of games); records exported (a game depends on its seed alone, so its record is
    traced again from its seed, in any grouping)."""
    names = [name for name, _ in bots]
    seat_params = [bot_params for _, bot_params in bots]
    games = params["games"]
    with progress_bar() as progress:
        task = progress.add_task(f"{spec.title} (batch)", total=games)
        totals = run_totals(
            spec.batch,
            game,
            names,
            series,
            games,
            params["processes"],
            seat_params,
            lambda n: progress.advance(task, n),
            backend=params["backend"],
            address=params["address"],
        )
    if records:
        engine = find_engine(spec)
        assert engine is not None
        for start in range(0, games, CHUNK):
            seeds = game_seeds(series, start, min(CHUNK, games - start))
            for record in export_records(engine, game, names, seeds, seat_params):
                records.write(json.dumps(record) + "\n")
    return [float(total) for total in totals.returns], [float(total) for total in totals.wins]


def _count(wins: float) -> str:
    """A count of wins as people read it: "1,000,000", or "2,500.5" where shared wins count their share."""
    return f"{wins:,.0f}" if wins == int(wins) else f"{wins:,.1f}"


def _print_summary(summary: dict[str, Any]) -> None:
    console = Console(highlight=False)
    console.print(
        f"{summary['games']} games of {summary['game']} in {summary['elapsed_s']} s ({summary['games_per_s']} games/s, "
        f"{summary['engine']} engine), series seed {summary['seed']}"
    )
    seats = Table(title="By seat")
    for column in ("Seat", "Bot", "Wins", "Win rate", "Mean score"):
        seats.add_column(column, justify="right" if column != "Bot" else "left")
    for s in summary["seats"]:
        seats.add_row(
            str(s["seat"] + 1), s["bot"], _count(s["wins"]), f"{s['win_rate']:.1%}", f"{s['mean_return']:,.1f}"
        )
    console.print(seats)
    bots = Table(title="By bot")
    for column in ("Bot", "Seat-games", "Wins", "Win rate", "Mean score"):
        bots.add_column(column, justify="right" if column != "Bot" else "left")
    for name, b in summary["bots"].items():
        bots.add_row(name, str(b["seat_games"]), _count(b["wins"]), f"{b['win_rate']:.1%}", f"{b['mean_return']:,.1f}")
    console.print(bots)
