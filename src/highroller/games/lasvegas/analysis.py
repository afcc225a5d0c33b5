"""`highroller analyze lasvegas [options] --games N --out DIR`: what a million games say about a rule set.

On the batch engine, for the chosen options and bots: win rate by seat and by position after the
first player (the first-player advantage), the money won per round, the value of the Biggie and the
effect of neutral dice (the same options with each switched the other way), as PNG plots and a short
text summary. Every mean carries its standard error. Each chunk of games is tallied where it is played
(`tally`), so any number of games is analysed in constant memory, on local processes or a Ray cluster.
"""

from __future__ import annotations

from typing import Any

import click
import numpy as np

from highroller.batch import analysis
from highroller.batch.engine import BatchResult
from highroller.batch.tally import Histogram, Moments, Tally
from highroller.batch.totals import SHARE_UNIT
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


def tally(result: BatchResult) -> Tally:
    """What the analysis keeps of a batch: win shares by seat and by position, the money a player wins
    in each round (its distribution), bills taken per round, and per game the money of every player,
    of the winner and its spread (the players' standard deviation, to the dollar)."""
    round_money = result.extra["round_money"]
    return Tally(
        {
            "wins by seat": Moments.of(result.wins, SHARE_UNIT),
            "wins by position": Moments.of(_by_position(result), SHARE_UNIT),
            **{f"money in round {r + 1}": Histogram.of(round_money[:, r, :]) for r in range(round_money.shape[1])},
            "bills by round": Moments.of(result.extra["round_bills"]),
            "money of a game": Moments.of(result.returns.sum(axis=1)),
            "money of the winner": Moments.of(result.returns.max(axis=1)),
            "spread between players": Moments.of(np.rint(result.returns.std(axis=1))),
        }
    )


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
    result = analysis.tally(spec, game, bots, params, tally, "as chosen")
    games = result.moments("wins by seat").count
    lines = [f"Las Vegas, {games:,} games of {params['bots']} bots, options {game.options | {'bills': '...'}}", ""]

    seat_mean, seat_error = result.moments("wins by seat").mean(), result.moments("wins by seat").error()
    position_mean, position_error = (
        result.moments("wins by position").mean(),
        result.moments("wins by position").error(),
    )
    lines.append(
        "Win rate by seat: "
        + ", ".join(f"{s + 1}: {m:.1%} ± {e:.1%}" for s, (m, e) in enumerate(zip(seat_mean, seat_error)))
    )
    lines.append(
        "Win rate by position after the first player: "
        + ", ".join(f"+{s}: {m:.1%} ± {e:.1%}" for s, (m, e) in enumerate(zip(position_mean, position_error)))
    )
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

    per_round = [result.histogram(name) for name in result.statistics if name.startswith("money in round ")]
    rounds = len(per_round)
    lines.append(
        "Money won per player per round ($1,000s, mean / median / 90th percentile): "
        + "; ".join(
            f"round {r + 1}: {m.moments().mean()[0] / 1000:.1f} / {m.quantile(0.5) / 1000:.0f} / "
            f"{m.quantile(0.9) / 1000:.0f}"
            for r, m in enumerate(per_round)
        )
    )
    lines.append("Bills taken per round: " + ", ".join(f"{b:.2f}" for b in result.moments("bills by round").mean()))

    def money(axes: Any) -> None:
        boxes = [{name: value / 1000 for name, value in m.box().items()} for m in per_round]
        axes.bxp(boxes, showfliers=False)
        axes.set_xticks(np.arange(1, rounds + 1), [f"round {r + 1}" for r in range(rounds)])
        axes.set_ylabel("money won by a player ($1,000s)")

    plots.append(analysis.save_plot(out, "money-per-round", "Money won per player per round", money))

    variants = [("as chosen", result)]
    lines.append("")
    for name, label in (("biggie", "the Biggie"), ("neutral", "neutral dice")):
        current = bool(game.options[name])
        options = _variant(chosen, name, not current)
        if options is None:
            lines.append(f"{label[0].upper() + label[1:]}: not allowed with these options")
            continue
        other = analysis.tally(spec, spec.make(**options), bots, params, tally, f"{label} {'off' if current else 'on'}")
        variants.append((f"{name} {'off' if current else 'on'}", other))
        with_it, without = (result, other) if current else (other, result)
        gap = (with_it.moments("money of a game").mean()[0] - without.moments("money of a game").mean()[0]) / players
        spread = (
            with_it.moments("spread between players").mean()[0] - without.moments("spread between players").mean()[0]
        )
        advantage = with_it.moments("wins by position").mean()[0] - without.moments("wins by position").mean()[0]
        lines.append(
            f"{label[0].upper() + label[1:]} (on minus off): mean money per player {gap / 1000:+.1f}k, spread between "
            f"players "
            f"{spread / 1000:+.1f}k, first player's win rate {advantage:+.1%}"
        )

    def compare(axes: Any) -> None:
        x = np.arange(len(variants))
        means = [v.moments("money of a game").mean()[0] / players / 1000 for _, v in variants]
        errors = [v.moments("money of a game").error()[0] / players / 1000 for _, v in variants]
        top = [v.moments("money of the winner").mean()[0] / 1000 for _, v in variants]
        axes.bar(x - 0.2, means, 0.4, yerr=errors, label="mean money per player")
        axes.bar(x + 0.2, top, 0.4, label="the winner's money")
        axes.set_xticks(x, [label for label, _ in variants])
        axes.set_ylabel("$1,000s")
        axes.legend()

    plots.append(analysis.save_plot(out, "biggie-and-neutral-dice", "The Biggie and neutral dice", compare))
    analysis.finish(out, lines, plots)


ANALYSIS = analysis.Analysis(
    run_analysis,
    200_000,
    "Analyse Las Vegas on the batch engine: first-player advantage, money per round, the Biggie, neutral dice (PNG "
    "plots and a summary).",
    extra=[
        click.Option(
            ["--bots"],
            type=click.Choice(["random", "greedy"]),
            default="greedy",
            show_default=True,
            help="The bot at every seat.",
        )
    ],
)
