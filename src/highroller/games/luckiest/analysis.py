"""`highroller analyze luckiest [options] --games N --out DIR`: the score distribution of each policy.

On the batch engine, every seat plays the same bot, for each built-in bot in turn: the points of a
turn (its distribution, mean and bust rate) and of a game; with 2 players also the solved win policy
against the expected-score policy, seat by seat. PNG plots and a short text summary.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from highroller.batch import analysis
from highroller.core.game import Game
from highroller.registry import game_spec

POLICIES = ("random", "cautious", "optimal")


def run_analysis(game: Game, chosen: dict[str, Any], params: dict[str, Any]) -> None:
    spec = game_spec("luckiest")
    players = game.num_players
    out = params["out"]
    out.mkdir(parents=True, exist_ok=True)
    lines = [f"Luckiest Dice, {params['games']:,} games per policy, {players} players, {game.options['rounds']} rounds", ""]
    turns: dict[str, np.ndarray] = {}
    for policy in POLICIES:
        result = analysis.play(spec, game, [policy] * players, params)
        points = result.extra["round_points"].ravel()
        turns[policy] = points
        busts = result.extra["busts"].sum() / points.size
        mean, error = analysis.mean_and_error(points[:, None])
        lines.append(
            f"{policy}: {mean[0]:.2f} ± {error[0]:.2f} points a turn, busts {busts:.1%} of turns, "
            f"{result.returns.mean():.1f} points a game (90th percentile {np.percentile(result.returns, 90):.0f})"
        )
    if players == 2:
        for bots in (["optimal-win", "optimal"], ["optimal", "optimal-win"]):
            result = analysis.play(spec, game, bots, params)
            mean, error = analysis.mean_and_error(result.wins)
            lines.append(f"{bots[0]} (seat 1) against {bots[1]} (seat 2): seat 1 wins {mean[0]:.1%} ± {error[0]:.1%}")

    def histogram(axes: Any) -> None:
        top = max(int(p.max()) for p in turns.values())
        bins = np.arange(top + 2) - 0.5
        for policy, points in turns.items():
            axes.hist(points, bins=bins, histtype="step", density=True, label=policy, linewidth=1.5)
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
