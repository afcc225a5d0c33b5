"""`highroller analyze luckiest [options] --games N --out DIR`: the score distribution of each policy,
and the seat advantage by player count.

On the batch engine, every seat plays the same bot, for each built-in bot in turn: the points of a
turn (its distribution, mean and bust rate) and of a game, and each seat's share of the wins; where the
win policy is solved exactly for the game (2 players, 3 up to 4 rounds), it against the
expected-score policy, seat by seat. Then, for 2 to 5 players (each at its default rounds), each seat's share of the
wins when every seat plays the expected-score policy and, where solved exactly, the win policy, with the exact
figure beside the played one. PNG plots and a short text summary. Each chunk of games is tallied where it is
played (`tally`), so any number of games is analysed in constant memory.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from highroller.batch import analysis
from highroller.batch.engine import BatchResult
from highroller.batch.tally import Histogram, Moments, Tally
from highroller.batch.totals import SHARE_UNIT
from highroller.core.game import Game
from highroller.games.luckiest.faces import resolve_faces
from highroller.games.luckiest.maxn import store
from highroller.games.luckiest.policy import win_solution
from highroller.games.luckiest.rules import MAX_PLAYERS
from highroller.games.luckiest.state import LuckiestGame
from highroller.registry import game_spec

POLICIES = ("random", "cautious", "optimal")


def _shares(wins: Moments) -> str:
    """Each seat's share of the wins, with its standard error."""
    return " / ".join(f"{mean:.1%} ± {error:.1%}" for mean, error in zip(wins.mean(), wins.error()))


def win_solved(players: int, rounds: int) -> bool:
    """Whether `optimal-win` plays an exactly solved win policy in this game."""
    return players == 2 or store.exact(players, rounds)


def exact_shares(game: Game, policy: str) -> list[float]:
    """Each seat's exact chance of winning with `policy` everywhere: 1/P each for the expected-score
    policy (it ignores the scores, so every seat's total has the same distribution), the solution's for
    the win policy."""
    rules = game.options
    if policy != "optimal-win":
        return [1.0 / rules["players"]] * rules["players"]
    faces = resolve_faces(rules["faces"])
    if rules["players"] == 2:
        first = win_solution(faces, rules["rounds"]).first_player
        return [first, 1.0 - first]
    return [
        float(c) for c in store.solution(faces, rules["players"], rules["rounds"]).chances(0, [0] * rules["players"])
    ]


def tally(result: BatchResult) -> Tally:
    """What the analysis keeps of a batch: the points of every turn and of every seat's game (their
    distributions), the busts and the win shares by seat."""
    return Tally(
        {
            "points of a turn": Histogram.of(result.extra["round_points"]),
            "points of a game": Histogram.of(result.returns),
            "busts": Moments.of(result.extra["busts"].sum(axis=1)),
            "wins by seat": Moments.of(result.wins, SHARE_UNIT),
        }
    )


def run_analysis(game: Game, chosen: dict[str, Any], params: dict[str, Any]) -> None:
    spec = game_spec("luckiest")
    players = game.num_players
    out = params["out"]
    out.mkdir(parents=True, exist_ok=True)
    lines = [
        f"Luckiest Dice, {params['games']:,} games per policy, {players} players, {game.options['rounds']} rounds",
        "",
    ]
    turns: dict[str, Histogram] = {}
    for policy in POLICIES:
        result = analysis.tally(spec, game, [policy] * players, params, tally, f"{policy} at every seat")
        points = turns[policy] = result.histogram("points of a turn")
        busts = sum(result.moments("busts").sums) / points.count
        mean, error = points.moments().mean()[0], points.moments().error()[0]
        game_points = result.histogram("points of a game")
        lines.append(
            f"{policy}: {mean:.2f} ± {error:.2f} points a turn, busts {busts:.1%} of turns, "
            f"{game_points.moments().mean()[0]:.1f} points a game (90th percentile {game_points.quantile(0.9):.0f}); "
            f"wins by seat {_shares(result.moments('wins by seat'))}"
        )
    if players > 1 and win_solved(players, game.options["rounds"]):
        for seat in range(players):
            bots = ["optimal"] * players
            bots[seat] = "optimal-win"
            wins = analysis.tally(
                spec, game, bots, params, tally, f"optimal-win at seat {seat + 1}, optimal elsewhere"
            ).moments("wins by seat")
            lines.append(
                f"optimal-win at seat {seat + 1} against optimal: wins {wins.mean()[seat]:.1%} ± "
                f"{wins.error()[seat]:.1%} (parity {1 / players:.1%})"
            )
    lines += [
        "",
        "Seat advantage by player count (each at its default rounds; wins by seat, played ± standard error, and "
        "solved):",
    ]
    for count in range(2, MAX_PLAYERS + 1):
        table = LuckiestGame.from_options(players=count, faces=game.options["faces"])
        rounds = table.options["rounds"]
        for policy in ("optimal", "optimal-win") if win_solved(count, rounds) else ("optimal",):
            wins = analysis.tally(spec, table, [policy] * count, params, tally, f"{policy}, {count} players").moments(
                "wins by seat"
            )
            solved = exact_shares(table, policy)
            lines.append(
                f"{count} players, {rounds} rounds, {policy} everywhere: {_shares(wins)}; solved "
                f"{' / '.join(f'{c:.1%}' for c in solved)}"
            )

    def histogram(axes: Any) -> None:
        top = max(int(points.values()[-1]) for points in turns.values())
        edges = np.arange(top + 2) - 0.5
        for policy, points in turns.items():
            axes.hist(
                points.values(), bins=edges, weights=points.shares(), histtype="step", label=policy, linewidth=1.5
            )
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
