"""A tournament's figures: per bot win rate with its 95% interval, mean return, rating; per bot and seat
the win rate; per pair of bots how often one finished ahead of the other.

Wins are counted per seat-game: a bot filling two seats of a game plays two seat-games; a shared win
counts 1/k to each of the k winners. The interval treats seat-games as independent, which is
conservative for seat-rotated deals (common random numbers make the comparison less noisy, not more).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from highroller.tournament.intervals import wilson
from highroller.tournament.match import MatchResult
from highroller.tournament.ratings import Rating, rate


@dataclass(frozen=True)
class BotFigures:
    """One bot's line of the table."""

    bot: str
    seat_games: int
    wins: float
    win_rate: float
    low: float
    high: float
    mean_return: float
    rating: Rating


@dataclass(frozen=True)
class Summary:
    """Everything the table, the files and the plots show."""

    bots: list[BotFigures]
    seats: dict[str, list[float | None]]
    """Win rate of each bot in each seat (None where it never sat)."""
    head_to_head: dict[str, dict[str, float | None]]
    """head_to_head[a][b]: the share of games with both at the table where a finished ahead of b
    (equal returns count a half); None if they never met."""
    rating_history: list[dict[str, Rating]]
    games: int


def bot_order(results: Sequence[MatchResult]) -> list[str]:
    """The bots in the order they first appear."""
    return list(dict.fromkeys(bot for result in results for bot in result.bots))


def summarise(results: Sequence[MatchResult]) -> Summary:
    """The figures of a tournament's results (in schedule order, so ratings are reproducible)."""
    bots = bot_order(results)
    players = len(results[0].bots) if results else 0
    seat_games = dict.fromkeys(bots, 0)
    wins = dict.fromkeys(bots, 0.0)
    total = dict.fromkeys(bots, 0.0)
    seat_count = {bot: [0] * players for bot in bots}
    seat_wins = {bot: [0.0] * players for bot in bots}
    ahead = {a: dict.fromkeys(bots, 0.0) for a in bots}
    met = {a: dict.fromkeys(bots, 0) for a in bots}
    for result in results:
        for seat, bot in enumerate(result.bots):
            seat_games[bot] += 1
            wins[bot] += result.wins[seat]
            total[bot] += result.returns[seat]
            seat_count[bot][seat] += 1
            seat_wins[bot][seat] += result.wins[seat]
            for other_seat, other in enumerate(result.bots):
                if other == bot:
                    continue
                mine, theirs = result.returns[seat], result.returns[other_seat]
                ahead[bot][other] += 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0
                met[bot][other] += 1
    final, history = rate(results, bots)
    figures = []
    for bot in bots:
        n = seat_games[bot]
        low, high = wilson(wins[bot], n)
        figures.append(BotFigures(bot, n, wins[bot], wins[bot] / n, low, high, total[bot] / n, final[bot]))
    seats = {
        bot: [seat_wins[bot][s] / seat_count[bot][s] if seat_count[bot][s] else None for s in range(players)]
        for bot in bots
    }
    matrix = {a: {b: ahead[a][b] / met[a][b] if met[a][b] else None for b in bots} for a in bots}
    return Summary(figures, seats, matrix, history, len(results))
