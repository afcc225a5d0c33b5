"""Strength of a Las Vegas bot (by default `expert`) against `greedy` and `mcts`, with 95% intervals.

Plays seat-rotated tournaments with common random numbers (every seating of each deal from the same
seed), classic rules:

- 4 players, the bot against three `greedy` bots (parity 25%, target at least 55%);
- 2 players, the bot against `mcts` (parity 50%, target at least 60%);
- 4 players, the bot against three `mcts` bots (parity 25%, target: the interval above parity);
- the strength curve: the bot on a time budget per move (`seconds=...`) against three `greedy` bots.

Prints each table's first places, the Wilson 95% interval, whether it excludes parity and meets the
target; and (`speed`) the mean seconds a decision with a choice takes the bot and `mcts`, in 2- and
4-player games against `greedy`, one game at a time. A benchmark, not a test: it takes an hour or more with
the defaults; `--only` picks tables.

    python benchmarks/bot_strength.py [--bot expert] [--deals 200] [--mcts-deals 150] [--curve 0.05,0.1,0.5,2]
        [--curve-deals 50] [--only greedy4,mcts2,mcts4,curve,speed] [--workers K] [--seed S]
"""

from __future__ import annotations

import argparse
import time

import highroller as hr
from highroller.core.state import CHANCE
from highroller.named_bots import make_bot
from highroller.tournament import run_tournament, schedule, summarise
from highroller.tournament.stats import BotFigures

TABLES = ("greedy4", "mcts2", "mcts4", "curve", "speed")
SPEED_GAMES = 10


def measure(
    bot: str, opponent: str, players: int, deals: int, seed: int, workers: int | None
) -> tuple[BotFigures, int, float]:
    """The bot's figures against `opponent` in every other seat, the games played and the seconds taken."""
    table = [bot] + [opponent] * (players - 1)
    matches = schedule(table, players, deals, seed)
    started = time.perf_counter()
    results = run_tournament("lasvegas", {"players": players}, matches, workers=workers)
    figures = next(f for f in summarise(results).bots if f.bot == bot)
    return figures, len(results), time.perf_counter() - started


def report(label: str, figures: BotFigures, games: int, seconds: float, parity: float, target: float | None) -> None:
    verdict = "above parity" if figures.low > parity else "NOT above parity"
    reached = (
        ""
        if target is None
        else ("; meets" if figures.win_rate >= target else "; misses") + f" the {target:.0%} target"
    )
    print(
        f"{label}: first in {figures.win_rate:.1%} of {games} games (95% interval "
        f"{figures.low:.1%}-{figures.high:.1%}, "
        f"{verdict} {parity:.0%}{reached}); {seconds:.0f} s",
        flush=True,
    )


def seconds_per_decision(bot: str, players: int, games: int, seed: int) -> tuple[float, int]:
    """The bot's mean seconds per decision with a choice in seat 1 of games of this many players
    against `greedy`, and the decisions timed."""
    game = hr.make("lasvegas", players=players)
    spent = 0.0
    timed = 0
    for number in range(games):
        state = game.new_game(seed + number)
        bots = [make_bot(game, bot if seat == 0 else "greedy", seed + number, seat) for seat in range(players)]
        while not state.is_terminal():
            seat = state.current_player
            if seat == CHANCE:
                state.apply(state.sample_chance())
                continue
            started = time.perf_counter()
            step = bots[seat].choose(state)
            if seat == 0 and len(state.legal_actions()) > 1:
                spent += time.perf_counter() - started
                timed += 1
            state.apply(step)
    return spent / max(timed, 1), timed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bot", default="expert", help="the bot measured (a bot description)")
    parser.add_argument("--deals", type=int, default=200, help="4-player deals against greedy (4 seatings each)")
    parser.add_argument("--mcts-deals", type=int, default=150, help="deals against mcts (2 and 4 players)")
    parser.add_argument("--curve", default="0.05,0.1,0.5,2", help="seconds per move for the strength curve")
    parser.add_argument("--curve-deals", type=int, default=50, help="4-player deals per point of the curve")
    parser.add_argument("--only", default=",".join(TABLES), help=f"tables to play, of {','.join(TABLES)}")
    parser.add_argument("--workers", type=int, default=None, help="worker processes (default: every core)")
    parser.add_argument("--seed", type=int, default=2028, help="tournament seed")
    args = parser.parse_args()
    only = set(args.only.split(","))
    if "greedy4" in only:
        report(
            f"{args.bot} + 3 x greedy", *measure(args.bot, "greedy", 4, args.deals, args.seed, args.workers), 0.25, 0.55
        )
    if "mcts2" in only:
        report(
            f"{args.bot} + mcts", *measure(args.bot, "mcts", 2, args.mcts_deals, args.seed, args.workers), 0.50, 0.60
        )
    if "mcts4" in only:
        report(
            f"{args.bot} + 3 x mcts",
            *measure(args.bot, "mcts", 4, args.mcts_deals, args.seed, args.workers),
            0.25,
            None,
        )
    if "curve" in only:
        for seconds in (float(s) for s in args.curve.split(",")):
            bot = f"{args.bot}:seconds={seconds}"
            report(
                f"{bot} + 3 x greedy", *measure(bot, "greedy", 4, args.curve_deals, args.seed, args.workers), 0.25, None
            )
    if "speed" in only:
        for players in (2, 4):
            for bot in (args.bot, "mcts"):
                seconds, timed = seconds_per_decision(bot, players, SPEED_GAMES, args.seed)
                print(
                    f"{bot}: {seconds:.3f} s a decision with a choice ({timed} decisions, {players} players, one game "
                    f"at a time)",
                    flush=True,
                )


if __name__ == "__main__":
    main()
