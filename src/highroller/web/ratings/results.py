"""Ratings of rated tables: each player's OpenSkill rating per game and player count, kept from the
stored results (`highroller.web.ratings.leaderboards` reads them).

A finished rated table ranks its players by their final returns (equal returns share a place); the
people who left the game (a stand-in bot played their seat to the end) rank last, tied with each
other. Its players are the people with a profile ("profile:<id>") and, at a table rated "all", the
bots ("bot:<description>", one player per description, as in `highroller.tournament.ratings`: a bot in
several seats of one game plays each as its own team and takes the mean of their new ratings).

A person whose profile is deleted during the game left it first (`Tables.leave_all`), and the seat
stays the profile's (`profiles.forget_profile`): they rank last, "Former player" on the leaderboard,
and the others' result stands.

`record_finished` finds the finished rated tables without a result and stores each one's ranking in
`hr_results` with the next `seq`, updating `hr_ratings` in the same transaction, under a lock that
every process takes (PostgreSQL's advisory lock; SQLite's write transaction is exclusive anyway), so
every result is applied once, in `seq` order, however many processes run. A result counts for nobody,
and says why in `void`, when it has fewer than two players to rate (an empty ranking), or when two of
its people already have `PAIR_GAMES` counted results together from the `PAIR_WINDOW` before it ended
(rated tables played side by side: `highroller.web.ratings.rated_seats` refuses the seat past the bound, but
games already under way finish past it). A game of three or more does not count for anyone then, so a
pair cannot go on farming by seating a third. `rebuild` computes every rating again from the counted
results of `hr_results` alone, the same numbers to the last bit.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from openskill.models import PlackettLuce

from highroller.tournament.ratings import Rating, ranks
from highroller.web.settings import DAY
from highroller.web.store.database import Store
from highroller.web.store.rows import SeatRow

ALL = "all"
"""A table whose bots are rated as players too (at one rated "people" only the people are)."""
PROFILE = "profile:"
BOT = "bot:"
LEFT = "left"
"""The `control` of a seat whose person left the game."""

PER_PASS = 100
"""The most tables one pass records."""
LOCK = 0x68725F72617465
"""The PostgreSQL advisory lock that orders the writers of ratings ("hr_rate")."""
PAIR_GAMES = 3
"""How many results the same two people may have counted together in `PAIR_WINDOW`."""
PAIR_WINDOW = DAY
"""The seconds before a result's end that `PAIR_GAMES` counts over."""
FEW_PLAYERS = "players"
"""The `void` of a result with fewer than two players to rate."""
PAIR = "pair"
"""The `void` of a result past the bound of one pair, followed by the two players: "pair profile:a profile:b"."""

MODEL = PlackettLuce()

Ranking = list[list[str]]
"""Places, the best first, each the players sharing it."""


@dataclass(frozen=True)
class Standing:
    """A player's rating on one leaderboard and the number of rated games it comes from."""

    rating: Rating
    games: int


NEW = Standing(Rating(MODEL.mu, MODEL.sigma), 0)
"""Where every player starts."""


def player_of(seat: SeatRow, rated: str) -> str | None:
    """Who a seat is on the leaderboard: its person's profile, a bot's description at a table rated
    "all"; None for a seat that is not rated."""
    if seat.bot is None:
        return PROFILE + seat.profile if seat.profile else None
    return BOT + seat.bot if rated == ALL else None


def ranking_of(seats: Sequence[SeatRow], returns: Sequence[float], rated: str) -> Ranking:
    """The places of a finished table's players: by return (equal returns share a place), those who
    left last; empty when fewer than two players are rated."""
    stayed = [
        (player, value)
        for seat, value in zip(seats, returns, strict=True)
        if (player := player_of(seat, rated)) and seat.control != LEFT
    ]
    left = [player for seat in seats if (player := player_of(seat, rated)) and seat.control == LEFT]
    if len({player for player, _ in stayed} | set(left)) < 2:
        return []
    placed = ranks([value for _, value in stayed])
    places = [[player for (player, _), rank in zip(stayed, placed) if rank == place] for place in sorted(set(placed))]
    return places + ([left] if left else [])


def updated(before: Mapping[str, Standing], ranking: Ranking) -> dict[str, Standing]:
    """The standings of a result's players after it (those not in `before` start anew)."""
    seats = [(player, place) for place, players in enumerate(ranking, 1) for player in players]
    starting = [before.get(player, NEW).rating for player, _ in seats]
    new = MODEL.rate(
        [[MODEL.rating(mu=r.mu, sigma=r.sigma)] for r in starting], ranks=[float(place) for _, place in seats]
    )
    updates: dict[str, list[Rating]] = {}
    for (player, _), (rating,) in zip(seats, new, strict=True):
        updates.setdefault(player, []).append(Rating(rating.mu, rating.sigma))
    return {
        player: Standing(
            Rating(sum(r.mu for r in mine) / len(mine), sum(r.sigma for r in mine) / len(mine)),
            before.get(player, NEW).games + 1,
        )
        for player, mine in updates.items()
    }


# ------------------------------------------------------------------ recording


def _lock(store: Store, cursor: Any) -> None:
    if store.shared:
        store.run(cursor, "SELECT pg_advisory_xact_lock(?)", (LOCK,))


def _standings(store: Store, cursor: Any, game: str, players: int, who: Sequence[str]) -> dict[str, Standing]:
    rows = store.run(
        cursor,
        f"SELECT player, mu, sigma, games FROM hr_ratings WHERE game = ? AND players = ? AND player IN "
        f"({', '.join('?' * len(who))})",
        (game, players, *who),
    ).fetchall()
    return {row[0]: Standing(Rating(float(row[1]), float(row[2])), int(row[3])) for row in rows}


def _mentioning(player: str) -> str:
    """A LIKE pattern (escaped with "!") of the rankings that may name `player`."""
    quoted = json.dumps(player).replace("!", "!!").replace("%", "!%").replace("_", "!_")
    return f"%{quoted}%"


def together(store: Store, cursor: Any, first: str, second: str, since: float) -> list[float]:
    """When the counted results since `since` that rank both players ended, the first first."""
    rows = store.run(
        cursor,
        "SELECT ranking, at FROM hr_results WHERE at > ? AND void IS NULL AND ranking LIKE ? ESCAPE '!' AND ranking "
        "LIKE ? ESCAPE '!'",
        (since, _mentioning(first), _mentioning(second)),
    ).fetchall()
    return sorted(
        float(at) for text, at in rows if {first, second} <= {player for place in json.loads(text) for player in place}
    )


def void_of(store: Store, cursor: Any, ranking: Ranking, at: float) -> str | None:
    """Why a result that ended at `at` counts for nobody (`FEW_PLAYERS`, or `PAIR` and the pair past
    its bound), from the results stored before it; None when it counts."""
    players = sorted({player for place in ranking for player in place})
    if len(players) < 2:
        return FEW_PLAYERS
    for first, second in combinations([player for player in players if player.startswith(PROFILE)], 2):
        if len(together(store, cursor, first, second, at - PAIR_WINDOW)) >= PAIR_GAMES:
            return f"{PAIR} {first} {second}"
    return None


def _keep(store: Store, cursor: Any, game: str, players: int, standings: Mapping[str, Standing]) -> None:
    for player, standing in standings.items():
        store.run(
            cursor,
            "INSERT INTO hr_ratings (game, players, player, mu, sigma, games) VALUES (?, ?, ?, ?, ?, ?)"
            " ON CONFLICT (game, players, player) DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma, games = "
            "excluded.games",
            (game, players, player, standing.rating.mu, standing.rating.sigma, standing.games),
        )


def record(store: Store, table_id: str, game: str, players: int, ranking: Ranking, at: float) -> bool:
    """Store a finished table's result with the next `seq` and, unless it is void (`void_of`), apply
    it to the ratings, in one transaction; False when it was recorded already (by another pass or process)."""
    with store.transaction(write=True) as cursor:
        _lock(store, cursor)
        if store.run(cursor, "SELECT 1 FROM hr_results WHERE table_id = ?", (table_id,)).fetchone():
            return False
        seq = int(store.run(cursor, "SELECT COALESCE(MAX(seq), 0) + 1 FROM hr_results").fetchone()[0])
        void = void_of(store, cursor, ranking, at)
        store.run(
            cursor,
            "INSERT INTO hr_results (table_id, seq, game, players, ranking, at, void) VALUES (?, ?, ?, ?, ?, ?, ?)",
            (table_id, seq, game, players, json.dumps(ranking), at, void),
        )
        if void is None:
            who = sorted({player for place in ranking for player in place})
            _keep(store, cursor, game, players, updated(_standings(store, cursor, game, players, who), ranking))
    return True


def pending(store: Store, limit: int = PER_PASS) -> list[tuple[str, str, float | None]]:
    """Finished rated tables without a result, the first finished first: (id, rated, finished_at)."""
    with store.transaction() as cursor:
        rows = store.run(
            cursor,
            "SELECT id, rated, finished_at FROM hr_tables t WHERE finished = 1 AND rated IS NOT NULL"
            " AND NOT EXISTS (SELECT 1 FROM hr_results r WHERE r.table_id = t.id) ORDER BY finished_at, id LIMIT ?",
            (limit,),
        ).fetchall()
    return [(row[0], row[1], None if row[2] is None else float(row[2])) for row in rows]


def rebuild(store: Store) -> tuple[int, int]:
    """Every rating computed again from the counted results of `hr_results` in `seq` order, replacing
    `hr_ratings`; the number of results that rated somebody and of the players they rated."""
    with store.transaction(write=True) as cursor:
        _lock(store, cursor)
        rows = store.run(
            cursor, "SELECT game, players, ranking FROM hr_results WHERE void IS NULL ORDER BY seq"
        ).fetchall()
        boards: dict[tuple[str, int], dict[str, Standing]] = {}
        results = 0
        for game, players, text in rows:
            ranking: Ranking = json.loads(text)
            if ranking:
                results += 1
                board = boards.setdefault((game, int(players)), {})
                board.update(updated(board, ranking))
        store.run(cursor, "DELETE FROM hr_ratings")
        for (game, players), board in boards.items():
            _keep(store, cursor, game, players, board)
    return results, len({player for board in boards.values() for player in board})
