"""What `highroller solve luckiest` prints and writes: the headline numbers of the solutions as a Rich
table, and the policy tables as a JSON file or CSV files."""

from __future__ import annotations

import csv
import json
from pathlib import Path
from typing import Any

from rich.table import Table


def write_tables(path: Path, tables: dict[str, list[dict[str, Any]]], headline: dict[str, Any]) -> None:
    """JSON (headline and every table) if the path ends in .json, else CSV (one file per table)."""
    if path.suffix == ".json":
        path.write_text(json.dumps({"headline": headline, **tables}, indent=1), "utf-8")
        return
    for name, rows in tables.items():
        target = path if len(tables) == 1 else path.with_name(f"{path.stem}-{name}{path.suffix or '.csv'}")
        with target.open("w", newline="", encoding="utf-8") as handle:
            writer = csv.DictWriter(handle, fieldnames=list(rows[0]))
            writer.writeheader()
            writer.writerows(rows)


def headline_table(headline: dict[str, Any]) -> Table:
    """The headline numbers (what `--json` prints) as a table, one figure a row."""
    table = Table(title="Luckiest Dice, solved exactly", title_justify="left")
    table.add_column("What")
    table.add_column("Figure", justify="right")
    score = headline.get("score")
    if score:
        table.add_row("Expected points of a turn, optimal play", f"{score['expected_turn_score']:.6f}")
        table.add_row(f"Expected points of a game of {score['rounds']} rounds", f"{score['expected_game_score']:.4f}")
        table.add_row("Turn states solved (expected score)", f"{score['turn_states']:,} in {score['seconds']:.2f} s")
    win = headline.get("win")
    if win:
        versus = win["optimal_vs_score_maximiser"]
        table.add_row(
            f"First player's win probability, 2 players × {win['rounds']} rounds (shared win = ½)",
            f"{win['first_player_win_probability']:.6f}",
        )
        table.add_row("Second player's win probability", f"{win['second_player_win_probability']:.6f}")
        table.add_row(
            "Win-optimal vs score maximiser: moving first / second",
            f"{versus['moving_first']:.6f} / {versus['moving_second']:.6f}",
        )
        table.add_row(
            "Edge of the win-optimal player (average over seats − ½)", f"{win['edge_over_score_maximiser']:+.6f}"
        )
        table.add_row(
            "Two score maximisers: first player's win probability",
            f"{win['score_maximisers_first_player_win_probability']:.6f}",
        )
        table.add_row("Solve time (win objective and the comparison)", f"{win['seconds']:.2f} s")
    maxn = headline.get("maxn")
    if maxn:
        _maxn_rows(table, maxn)
    return table


def _seats(chances: list[float]) -> str:
    return " / ".join(f"{chance:.6f}" for chance in chances)


def _maxn_rows(table: Table, maxn: dict[str, Any]) -> None:
    players, rounds = maxn["players"], maxn["rounds"]
    grid = "" if maxn["grid_step"] == 1 else f", approximated on a grid of {maxn['grid_step']} points"
    table.add_row(
        f"Each seat's win probability, {players} players × {rounds} rounds, all playing to win (max-n{grid})",
        _seats(maxn["seat_win_probabilities"]),
    )
    for rule, chances in maxn.get("seat_win_probabilities_by_tie_rule", {}).items():
        if rule != "first":
            table.add_row(f"  with the tie rule '{rule}' (each seat as the root)", _seats(chances))
    if "one_max_n_against_score_maximisers" in maxn:
        alone = maxn["one_max_n_against_score_maximisers"]
        among = maxn["one_score_maximiser_against_max_n"]
        table.add_row("Score maximisers at every seat", _seats(maxn["score_maximisers_seat_win_probabilities"]))
        table.add_row(
            "One max-n player against score maximisers, by its seat",
            f"{_seats(alone['by_seat'])} (average {alone['average']:.6f})",
        )
        table.add_row(
            "One score maximiser against max-n players, by its seat",
            f"{_seats(among['by_seat'])} (average {among['average']:.6f})",
        )
        departs = maxn["departures_from_score_policy"]
        table.add_row(
            "Max-n choices unlike the score policy's (of those made in play)",
            f"{departs['choices_unlike_score_policy']:.2%}",
        )
        table.add_row("Points a turn of max-n play", f"{departs['points_a_turn']:.4f}")
    table.add_row("Solve time (max-n)", f"{maxn['seconds']:.2f} s")
