"""A player's rating over time on each leaderboard they are rated on: the rating a leaderboard shows
(`leaderboards.conservative`) after each of their counted results, rebuilt from `hr_results` in `seq`
order exactly as the ratings are computed (`highroller.web.ratings.results.updated`), so the last point
is their rating now.

Replaying a board costs about 0.3 ms a result (10,000 results: 3 s), so each process keeps every board
it replayed, with every player's latest `POINTS` points, and replays only the results stored since
(results are only ever appended, in `seq` order): the first request for a board pays for its history,
the others for what is new. It runs in a thread, only when asked."""

from __future__ import annotations

import json
import threading
from collections import deque
from dataclasses import dataclass, field

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


@dataclass
class _Board:
    """A board replayed up to result `seq`: every player's standing and latest points."""

    seq: int = 0
    standings: dict[str, Standing] = field(default_factory=dict)
    points: dict[str, deque[Point]] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)


_boards: dict[tuple[str, str, int], _Board] = {}
_boards_lock = threading.Lock()


def _replayed(store: Store, cursor: object, game: str, players: int) -> _Board:
    """The board of this store, game and player count, brought up to its last stored result."""
    with _boards_lock:
        board = _boards.setdefault((store.location, game, players), _Board())
    with board.lock:
        rows = store.run(
            cursor,
            "SELECT seq, ranking, at FROM hr_results WHERE void IS NULL AND game = ? AND players = ? AND seq > ? "
            "ORDER BY seq",
            (game, players, board.seq),
        ).fetchall()
        for seq, text, at in rows:
            ranking: Ranking = json.loads(text)
            board.seq = int(seq)
            if ranking:
                new = updated(board.standings, ranking)
                board.standings.update(new)
                for player, standing in new.items():
                    board.points.setdefault(player, deque(maxlen=POINTS)).append(
                        Point(float(at), conservative(standing))
                    )
    return board


def rating_series(store: Store, player: str) -> list[Series]:
    """The player's series on every board they are rated on, by game and player count."""
    found = []
    with store.transaction() as cursor:
        boards = store.run(
            cursor, "SELECT game, players FROM hr_ratings WHERE player = ? ORDER BY game, players", (player,)
        ).fetchall()
        for game, players in boards:
            board = _replayed(store, cursor, str(game), int(players))
            with board.lock:
                standing, points = board.standings.get(player), list(board.points.get(player, ()))
            if standing is not None and points:
                found.append(Series(str(game), int(players), standing.games, points))
    return found
