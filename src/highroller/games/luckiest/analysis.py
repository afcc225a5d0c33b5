"""`highroller analyze luckiest [options] --games N --out DIR`: the score distribution of each policy.

On the batch engine, every seat plays the same bot, for each built-in bot in turn: the points of a
turn (its distribution, mean and bust rate) and of a game; with 2 players also the solved win policy
against the expected-score policy, seat by seat. PNG plots and a short text summary. Each chunk of
games is tallied where it is played (`tally`), so any number of games is analysed in constant memory.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from highroller.batch import analysis
from highroller.batch.engine import BatchResult
from highroller.batch.tally import Histogram, Moments, Tally
from highroller.batch.totals import SHARE_UNIT
from highroller.core.game import Game
from highroller.registry import game_spec

POLICIES = ("random", "cautious", "optimal")


def tally(result: BatchResult) -> Tally:
    """What the analysis keeps of a batch: the points of every turn and of every seat's game (their
    distributions), the busts and the win shares by seat."""
    return Tally({
        "points of a turn": Histogram.of(result.extra["round_points"]),
        "points of a game": Histogram.of(result.returns),
        "busts": Moments.of(result.extra["busts"].sum(axis=1)),
        "wins by seat": Moments.of(result.wins, SHARE_UNIT),
    })


def run_analysis(game: Game, chosen: dict[str, Any], params: dict[str, Any]) -> None:
    spec = game_spec("luckiest")
    players = game.num_players
    out = params["out"]
    out.mkdir(parents=True, exist_ok=True)
    lines = [f"Luckiest Dice, {params['games']:,} games per policy, {players} players, {game.options['rounds']} rounds", ""]
    turns: dict[str, Histogram] = {}
    for policy in POLICIES:
        result = analysis.tally(spec, game, [policy] * players, params, tally, f"{policy} at every seat")
        points = turns[policy] = result.histogram("points of a turn")
        busts = sum(result.moments("busts").sums) / points.count
        mean, error = points.moments().mean()[0], points.moments().error()[0]
        game_points = result.histogram("points of a game")
        lines.append(
            f"{policy}: {mean:.2f} ± {error:.2f} points a turn, busts {busts:.1%} of turns, "
            f"{game_points.moments().mean()[0]:.1f} points a game (90th percentile {game_points.quantile(0.9):.0f})"
        )
    if players == 2:
        for bots in (["optimal-win", "optimal"], ["optimal", "optimal-win"]):
            wins = analysis.tally(spec, game, bots, params, tally, " against ".join(bots)).moments("wins by seat")
            lines.append(f"{bots[0]} (seat 1) against {bots[1]} (seat 2): seat 1 wins {wins.mean()[0]:.1%} ± {wins.error()[0]:.1%}")

    def histogram(axes: Any) -> None:
        top = max(int(points.values()[-1]) for points in turns.values())
        edges = np.arange(top + 2) - 0.5
        for policy, points in turns.items():
            axes.hist(points.values(), bins=edges, weights=points.shares(), histtype="step", label=policy, linewidth=1.5)
        axes.set_xlabel("points of a turn")
        axes.set_ylabel("share of turns")
        axes.legend()

    plots = [analysis.save_plot(out, "turn-points-by-policy", "Points of a turn by policy", histogram)]
    analysis.finish(out, lines, plots)


ANALYSIS = analysis.Analysis(
    run_analysis,
    100_000,
    "Analyse Luckiest Dice on the batch engine: score distribution by policy, win policy against score policy.",
)
