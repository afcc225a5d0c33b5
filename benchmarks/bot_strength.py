"""Strength of the Las Vegas search bot against the `greedy` baseline, with 95% intervals.

Plays seat-rotated tournaments with common random numbers (every seating of each deal from the same
seed): 4 players (the search bot against three `greedy` bots: parity is 25%, the target at least 40%)
and 2 players (parity 50%, the target at least 65%). Prints the search bot's win rate, its Wilson 95%
interval and whether the interval excludes parity. A benchmark, not a test: it takes minutes.

    python benchmarks/bot_strength.py [--deals4 200] [--deals2 150] [--bot mcts] [--workers K] [--seed S]
"""

from __future__ import annotations

import argparse
import time

from highroller.tournament import run_tournament, schedule, summarise
from highroller.tournament.stats import BotFigures

SETUPS = ((4, 0.25, 0.40, "deals4"), (2, 0.50, 0.65, "deals2"))


def measure(bot: str, players: int, deals: int, seed: int, workers: int | None) -> tuple[BotFigures, int, float]:
    """The bot's figures against `greedy` in every other seat, the games played and the seconds taken."""
    table = [bot] + ["greedy"] * (players - 1)
    matches = schedule(table, players, deals, seed)
    started = time.perf_counter()
    results = run_tournament("lasvegas", {"players": players}, matches, workers=workers)
    figures = next(f for f in summarise(results).bots if f.bot == bot)
    return figures, len(results), time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals4", type=int, default=200, help="4-player deals (4 seatings each)")
    parser.add_argument("--deals2", type=int, default=150, help="2-player deals (2 seatings each)")
    parser.add_argument("--bot", default="mcts", help="the bot measured (a bot description)")
    parser.add_argument("--workers", type=int, default=None, help="worker processes (default: every core)")
    parser.add_argument("--seed", type=int, default=2027, help="tournament seed")
    args = parser.parse_args()
    for players, parity, target, deals_option in SETUPS:
        figures, games, seconds = measure(args.bot, players, getattr(args, deals_option), args.seed, args.workers)
        verdict = "excludes parity" if figures.low > parity else "does NOT exclude parity"
        reached = "meets" if figures.win_rate >= target else "misses"
        print(
            f"{players} players, {args.bot} vs {players - 1}x greedy: won {figures.win_rate:.1%} of {games} games "
            f"(95% interval {figures.low:.1%}-{figures.high:.1%}, {verdict} {parity:.0%}; {reached} the {target:.0%} target) "
            f"in {seconds:.0f} s",
            flush=True,
        )


if __name__ == "__main__":
    main()
