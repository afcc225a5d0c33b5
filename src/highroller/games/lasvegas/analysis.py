"""`highroller analyze lasvegas [options] --games N --out DIR`: what a million games say about a rule set.

On the batch engine, for the chosen options and bots: win rate by seat and by position after the
first player (the first-player advantage), the money won per round, the value of the Biggie and the
effect of neutral dice (the same options with each switched the other way), as PNG plots and a short
text summary. Every figure carries its standard error.
"""

from __future__ import annotations

from typing import Any

import click
import numpy as np

from highroller.batch import analysis
from highroller.batch.engine import BatchResult
from highroller.core.errors import RulesError
from highroller.core.game import Game
from highroller.registry import game_spec


def _by_position(result: BatchResult) -> np.ndarray:
    """Win shares [games, position], position 0 being the first player of round 1."""
    players = result.wins.shape[1]
    positions = (np.arange(players)[None, :] - result.extra["first_player"][:, None]) % players
    shares = np.zeros_like(result.wins)
    np.put_along_axis(shares, positions, result.wins, axis=1)
    return shares


def _variant(chosen: dict[str, Any], name: str, value: bool) -> dict[str, Any] | None:
    """The options with `name` switched to `value`, or None if the rules do not allow it."""
    options = {**chosen, name: value}
    try:
        game_spec("lasvegas").make(**options)
    except RulesError:
        return None
    return options


def run_analysis(game: Game, chosen: dict[str, Any], params: dict[str, Any]) -> None:
    spec = game_spec("lasvegas")
    players = game.num_players
    bots = [params["bots"]] * players
    out = params["out"]
    out.mkdir(parents=True, exist_ok=True)
    result = analysis.play(spec, game, bots, params)
    lines = [f"Las Vegas, {result.games:,} games of {params['bots']} bots, options {game.options | {'bills': '...'}}", ""]

    seat_mean, seat_error = analysis.mean_and_error(result.wins)
    position_mean, position_error = analysis.mean_and_error(_by_position(result))
    lines.append("Win rate by seat: " + ", ".join(f"{s + 1}: {m:.1%} ± {e:.1%}" for s, (m, e) in enumerate(zip(seat_mean, seat_error))))
    lines.append("Win rate by position after the first player: " + ", ".join(f"+{s}: {m:.1%} ± {e:.1%}" for s, (m, e) in enumerate(zip(position_mean, position_error))))
    lines.append(f"First-player advantage: {position_mean[0] - 1 / players:+.1%} over a fair {1 / players:.1%}")

    def seats(axes: Any) -> None:
        x = np.arange(players)
        axes.bar(x - 0.2, seat_mean, 0.4, yerr=seat_error, label="by seat")
        axes.bar(x + 0.2, position_mean, 0.4, yerr=position_error, label="by position after the first player")
        axes.axhline(1 / players, color="grey", linestyle="--", linewidth=1)
        axes.set_xticks(x, [str(s + 1) for s in x])
        axes.set_ylabel("win rate")
        axes.legend()

    plots = [analysis.save_plot(out, "win-rate-by-seat", "Win rate by seat and by position", seats)]

    round_money = result.extra["round_money"]
    rounds = round_money.shape[1]
    per_round = [round_money[:, r, :].ravel() / 1000 for r in range(rounds)]
    lines.append("Money won per player per round ($1,000s, mean / median / 90th percentile): " + "; ".join(
        f"round {r + 1}: {m.mean():.1f} / {np.median(m):.0f} / {np.percentile(m, 90):.0f}" for r, m in enumerate(per_round)
    ))
    lines.append("Bills taken per round: " + ", ".join(f"{b:.2f}" for b in result.extra["round_bills"].mean(axis=0)))

    def money(axes: Any) -> None:
        axes.boxplot(per_round, showfliers=False)
        axes.set_xticks(np.arange(1, rounds + 1), [f"round {r + 1}" for r in range(rounds)])
        axes.set_ylabel("money won by a player ($1,000s)")

    plots.append(analysis.save_plot(out, "money-per-round", "Money won per player per round", money))

    variants = [("as chosen", chosen, result)]
    lines.append("")
    for name, label in (("biggie", "the Biggie"), ("neutral", "neutral dice")):
        current = bool(game.options[name])
        options = _variant(chosen, name, not current)
        if options is None:
            lines.append(f"{label[0].upper() + label[1:]}: not allowed with these options")
            continue
        other = analysis.play(spec, spec.make(**options), bots, params)
        variants.append((f"{name} {'off' if current else 'on'}", options, other))
        with_it, without = (result, other) if current else (other, result)
        gap = with_it.returns.mean() - without.returns.mean()
        spread = with_it.returns.std(axis=1).mean() - without.returns.std(axis=1).mean()
        advantage = _by_position(with_it)[:, 0].mean() - _by_position(without)[:, 0].mean()
        lines.append(
            f"{label[0].upper() + label[1:]} (on minus off): mean money per player {gap / 1000:+.1f}k, spread between players "
            f"{spread / 1000:+.1f}k, first player's win rate {advantage:+.1%}"
        )

    def compare(axes: Any) -> None:
        x = np.arange(len(variants))
        means = [v[2].returns.mean() / 1000 for v in variants]
        errors = [v[2].returns.mean(axis=1).std(ddof=1) / np.sqrt(v[2].games) / 1000 for v in variants]
        top = [v[2].returns.max(axis=1).mean() / 1000 for v in variants]
        axes.bar(x - 0.2, means, 0.4, yerr=errors, label="mean money per player")
        axes.bar(x + 0.2, top, 0.4, label="the winner's money")
        axes.set_xticks(x, [v[0] for v in variants])
        axes.set_ylabel("$1,000s")
        axes.legend()

    plots.append(analysis.save_plot(out, "biggie-and-neutral-dice", "The Biggie and neutral dice", compare))
    analysis.finish(out, lines, plots)


ANALYSIS = analysis.Analysis(
    run_analysis,
    200_000,
    "Analyse Las Vegas on the batch engine: first-player advantage, money per round, the Biggie, neutral dice (PNG plots and a summary).",
    extra=[click.Option(["--bots"], type=click.Choice(["random", "greedy"]), default="greedy", show_default=True, help="The bot at every seat.")],
)
