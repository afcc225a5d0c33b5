"""A player's rating over time on each leaderboard they are rated on: the rating a leaderboard shows
(`leaderboards.conservative`) after each of their counted results, rebuilt from `hr_results` in `seq`
order exactly as the ratings are computed (`highroller.web.ratings.results.updated`), so the last point
is their rating now. The work grows with the results of the boards the player is on: it runs in a thread,
only when asked."""

from __future__ import annotations

import json
from dataclasses import dataclass

from highroller.web.ratings.leaderboards import conservative
from highroller.web.ratings.results import Ranking, Standing, updated
from highroller.web.store.database import Store

POINTS = 500
"""The most points a series keeps (the latest)."""


@dataclass(frozen=True)
class Point:
    """The rating after one rated game, and when it ended."""

    at: float
    rating: float


@dataclass(frozen=True)
class Series:
    """A player's ratings on one board (a game and a player count), the oldest first, and how many games it counts."""

    game: str
    players: int
    games: int
    points: list[Point]


def rating_series(store: Store, player: str) -> list[Series]:
    """The player's series on every board they are rated on, by game and player count."""
    with store.transaction() as cursor:
        boards = store.run(
            cursor, "SELECT game, players FROM hr_ratings WHERE player = ? ORDER BY game, players", (player,)
        ).fetchall()
        found = []
        for game, players in boards:
            rows = store.run(
                cursor,
                "SELECT ranking, at FROM hr_results WHERE void IS NULL AND game = ? AND players = ? ORDER BY seq",
                (game, players),
            ).fetchall()
            board: dict[str, Standing] = {}
            points = []
            for text, at in rows:
                ranking: Ranking = json.loads(text)
                if not ranking:
                    continue
                board.update(updated(board, ranking))
                if any(player in place for place in ranking):
                    points.append(Point(float(at), conservative(board[player])))
            if points:
                found.append(Series(str(game), int(players), len(points), points[-POINTS:]))
    return found
