"""Ratings with OpenSkill's Plackett-Luce model, updated game by game in schedule order.

Each game ranks its seats by return (equal returns share a rank). A bot that fills several seats of one
game (three `greedy` bots, say) is rated as several players sharing its rating: each seat is updated as
a separate team and the bot's new rating is the mean of its seats' new ratings.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

from highroller.tournament.match import MatchResult


@dataclass(frozen=True)
class Rating:
    """A bot's rating: skill estimate `mu`, uncertainty `sigma`, and the conservative `ordinal`."""

    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        """mu - 3 sigma: a skill the bot has with about 99.7% confidence."""
        return self.mu - 3 * self.sigma


def ranks(returns: Sequence[float]) -> list[int]:
    """Rank 1 for the highest return; equal returns share the better rank."""
    ordered = sorted(returns, reverse=True)
    return [ordered.index(value) + 1 for value in returns]


def rate(results: Sequence[MatchResult], bots: Sequence[str]) -> tuple[dict[str, Rating], list[dict[str, Rating]]]:
    """Final ratings of `bots` and the ratings after every game (for the rating-over-games plot)."""
    model = PlackettLuce()
    current = {bot: Rating(model.mu, model.sigma) for bot in bots}
    history: list[dict[str, Rating]] = []
    for result in results:
        teams = [[model.rating(mu=current[bot].mu, sigma=current[bot].sigma)] for bot in result.bots]
        rated = model.rate(teams, ranks=[float(r) for r in ranks(result.returns)])
        seats: dict[str, list[Rating]] = {}
        for bot, (new,) in zip(result.bots, rated):
            seats.setdefault(bot, []).append(Rating(new.mu, new.sigma))
        for bot, updates in seats.items():
            current[bot] = Rating(
                sum(r.mu for r in updates) / len(updates), sum(r.sigma for r in updates) / len(updates)
            )
        history.append(dict(current))
    return current, history
