"""Saving a tournament: CSV tables (and Parquet copies when pyarrow is installed) and PNG plots.

Files written to the output folder:
`games.csv` (one row per seat of every game), `bots.csv` (the summary table), `seats.csv` (win rate by
bot and seat), `head_to_head.csv`, `ratings.csv` (every bot's rating after every game),
`tournament.json` (the settings), and `ratings.png`, `seats.png` (see `highroller.tournament.plots`).
"""

from __future__ import annotations

import csv
import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from highroller.tournament.match import MatchResult
from highroller.tournament.plots import plot_ratings, plot_seats
from highroller.tournament.ratings import ranks
from highroller.tournament.stats import Summary

Rows = list[dict[str, Any]]


def game_rows(results: Sequence[MatchResult]) -> Rows:
    """One row per seat of every game."""
    rows: Rows = []
    for number, result in enumerate(results):
        places = ranks(result.returns)
        for seat, bot in enumerate(result.bots):
            rows.append(
                {
                    "game": number,
                    "deal": result.deal,
                    "seating": result.seating,
                    "seed": result.seed,
                    "seat": seat,
                    "bot": bot,
                    "return": result.returns[seat],
                    "win": result.wins[seat],
                    "place": places[seat],
                }
            )
    return rows


def summary_tables(summary: Summary) -> dict[str, Rows]:
    """The summary as named tables of rows."""
    bots = [
        {
            "bot": f.bot,
            "seat_games": f.seat_games,
            "wins": f.wins,
            "win_rate": f.win_rate,
            "ci_low": f.low,
            "ci_high": f.high,
            "mean_return": f.mean_return,
            "mu": f.rating.mu,
            "sigma": f.rating.sigma,
            "ordinal": f.rating.ordinal,
        }
        for f in summary.bots
    ]
    seats = [
        {"bot": bot, "seat": seat, "win_rate": rate}
        for bot, rates in summary.seats.items()
        for seat, rate in enumerate(rates)
    ]
    matrix = [
        {"bot": a, "opponent": b, "ahead": share}
        for a, row in summary.head_to_head.items()
        for b, share in row.items()
        if a != b
    ]
    ratings = [
        {"game": number, "bot": bot, "mu": r.mu, "sigma": r.sigma, "ordinal": r.ordinal}
        for number, snapshot in enumerate(summary.rating_history)
        for bot, r in snapshot.items()
    ]
    return {"bots": bots, "seats": seats, "head_to_head": matrix, "ratings": ratings}


def write_rows(folder: Path, name: str, rows: Rows) -> list[Path]:
    """`name.csv`, and `name.parquet` if pyarrow is installed; the paths written."""
    written = [folder / f"{name}.csv"]
    with written[0].open("w", newline="", encoding="utf-8") as handle:
        if rows:
            writer = csv.DictWriter(handle, fieldnames=list(rows[0]))
            writer.writeheader()
            writer.writerows(rows)
    try:
        import pyarrow as pa  # type: ignore[import-untyped]
        import pyarrow.parquet as pq  # type: ignore[import-untyped]
    except ImportError:
        return written
    written.append(folder / f"{name}.parquet")
    pq.write_table(pa.Table.from_pylist(rows), written[1])
    return written


def save(folder: Path, settings: Mapping[str, Any], results: Sequence[MatchResult], summary: Summary) -> list[Path]:
    """Write every file into `folder` (created if needed); the paths written."""
    folder.mkdir(parents=True, exist_ok=True)
    settings_path = folder / "tournament.json"
    settings_path.write_text(json.dumps(dict(settings), indent=1) + "\n", encoding="utf-8")
    written = [settings_path, *write_rows(folder, "games", game_rows(results))]
    for name, rows in summary_tables(summary).items():
        written.extend(write_rows(folder, name, rows))
    written.append(plot_ratings(summary, folder / "ratings.png"))
    written.append(plot_seats(summary, folder / "seats.png"))
    return written
