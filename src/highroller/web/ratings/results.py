"""Ratings of rated tables: each player's OpenSkill rating per game and player count, kept from the
stored results, and the leaderboards read from them.

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

A leaderboard lists the players with `LEAST_GAMES` rated games or more there: a few lucky games are
no place on it. A player below the bound is rated all the same, and sees their own provisional line.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from openskill.models import PlackettLuce

from highroller.registry import game_spec, make
from highroller.tournament.ratings import Rating, ranks
from highroller.web.http.catalog import web_words
from highroller.web.http.labels import bot_word
from highroller.web.people.profiles import profile_names
from highroller.web.settings import DAY
from highroller.web.store.database import Store
from highroller.web.store.rows import SeatRow

log = logging.getLogger(__name__)

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
LEAST_GAMES = 5
"""The rated games a player needs at a game and player count to be listed on its leaderboard."""
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


@dataclass(frozen=True)
class Entry:
    """A line of a leaderboard: the place (players with the same conservative rating share it)."""

    rank: int
    player: str
    standing: Standing


@dataclass(frozen=True)
class Board:
    """A player's standing on one leaderboard (a game and a player count), and their place there."""

    game: str
    players: int
    rank: int
    standing: Standing


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


# ------------------------------------------------------------------ reading


def _ordinal(mu: Any, sigma: Any) -> float:
    return Rating(float(mu), float(sigma)).ordinal


def conservative(standing: Standing) -> float:
    """The rating a leaderboard shows: mean − 3σ, to one decimal (never "-0.0")."""
    return round(standing.rating.ordinal, 1) + 0.0


def player_range(game: str) -> tuple[int, int]:
    """The player counts a game is rated at: from two (one player has nobody to be ranked against) to its most."""
    players = next((option for option in game_spec(game).options if option.name == "players"), None)
    if players is None or players.minimum is None or players.maximum is None:
        seats = make(game).num_players
        return max(2, seats), seats
    return max(2, players.minimum), players.maximum


def player_counts(store: Store, game: str) -> list[int]:
    """The player counts of the game whose leaderboards list somebody."""
    with store.transaction() as cursor:
        rows = store.run(
            cursor,
            "SELECT DISTINCT players FROM hr_ratings WHERE game = ? AND games >= ? ORDER BY players",
            (game, LEAST_GAMES),
        ).fetchall()
    return [int(row[0]) for row in rows]


def provisional(standing: Standing) -> bool:
    """Whether a player has too few rated games to be listed (`LEAST_GAMES`)."""
    return standing.games < LEAST_GAMES


def leaderboard(store: Store, game: str, players: int, limit: int) -> tuple[list[Entry], int, int]:
    """The best `limit` players listed on a game's leaderboard at a player count, by conservative
    rating; how many are listed, and how many more are rated there with fewer than `LEAST_GAMES` games."""
    with store.transaction() as cursor:
        rows = store.run(
            cursor,
            "SELECT player, mu, sigma, games FROM hr_ratings WHERE game = ? AND players = ? AND games >= ?"
            " ORDER BY mu - 3 * sigma DESC, player LIMIT ?",
            (game, players, LEAST_GAMES, limit),
        ).fetchall()
        counts = store.run(
            cursor,
            "SELECT COALESCE(SUM(CASE WHEN games >= ? THEN 1 ELSE 0 END), 0), COUNT(*) FROM hr_ratings WHERE game = ? "
            "AND players = ?",
            (LEAST_GAMES, game, players),
        ).fetchone()
    entries: list[Entry] = []
    for number, (player, mu, sigma, games) in enumerate(rows):
        standing = Standing(Rating(float(mu), float(sigma)), int(games))
        tied = bool(entries) and entries[-1].standing.rating.ordinal == standing.rating.ordinal
        entries.append(Entry(entries[-1].rank if tied else number + 1, player, standing))
    listed, rated = int(counts[0]), int(counts[1])
    return entries, listed, rated - listed


def _rank(store: Store, cursor: Any, game: str, players: int, ordinal: float) -> int:
    """The place of a player with this conservative rating: one after everybody listed who is rated higher."""
    higher = store.run(
        cursor,
        "SELECT COUNT(*) FROM hr_ratings WHERE game = ? AND players = ? AND games >= ? AND mu - 3 * sigma > ?",
        (game, players, LEAST_GAMES, ordinal),
    )
    return int(higher.fetchone()[0]) + 1


def standing_of(store: Store, game: str, players: int, player: str) -> Entry | None:
    """A player's line on one leaderboard; None where they are not rated."""
    with store.transaction() as cursor:
        row = store.run(
            cursor,
            "SELECT mu, sigma, games FROM hr_ratings WHERE game = ? AND players = ? AND player = ?",
            (game, players, player),
        ).fetchone()
        if row is None:
            return None
        return Entry(
            _rank(store, cursor, game, players, _ordinal(row[0], row[1])),
            player,
            Standing(Rating(float(row[0]), float(row[1])), int(row[2])),
        )


def boards_of(store: Store, player: str) -> list[Board]:
    """A player's standing on every leaderboard they are rated on, by game and player count."""
    with store.transaction() as cursor:
        rows = store.run(
            cursor,
            "SELECT game, players, mu, sigma, games FROM hr_ratings WHERE player = ? ORDER BY game, players",
            (player,),
        ).fetchall()
        return [
            Board(
                game,
                int(players),
                _rank(store, cursor, game, int(players), _ordinal(mu, sigma)),
                Standing(Rating(float(mu), float(sigma)), int(games)),
            )
            for game, players, mu, sigma, games in rows
        ]


@dataclass(frozen=True)
class Outcome:
    """What became of a table's game for the ratings: whether the table is rated, whether its result is
    stored yet, and why it counted for nobody (`void`; None when it counted or is not stored yet)."""

    rated: bool
    recorded: bool
    void: str | None = None


def outcome_of(store: Store, table_id: str) -> Outcome | None:
    """What became of a table's game for the ratings; None for a table the store holds neither the table nor a result
    of."""
    with store.transaction() as cursor:
        result = store.run(cursor, "SELECT void, ranking FROM hr_results WHERE table_id = ?", (table_id,)).fetchone()
        table = store.run(cursor, "SELECT rated FROM hr_tables WHERE id = ?", (table_id,)).fetchone()
    if result is not None:  # an empty ranking stored before results said why
        return Outcome(
            rated=True, recorded=True, void=result[0] or (FEW_PLAYERS if not json.loads(result[1]) else None)
        )
    return None if table is None else Outcome(rated=table[0] is not None, recorded=False)


def player_names(store: Store, players: Sequence[str], lang: str) -> dict[str, str]:
    """How a leaderboard in `lang` names each player: a profile's display name, a bot by its level
    ("Hard bot"), a deleted profile as a former player."""
    w = web_words(lang)
    names = profile_names(store, [player.removeprefix(PROFILE) for player in players if player.startswith(PROFILE)])
    named: dict[str, str] = {}
    for player in players:
        if player.startswith(BOT):
            label = w("{bot} bot", bot=bot_word(player.removeprefix(BOT), lang))
            named[player] = label[:1].upper() + label[1:]
        else:
            named[player] = names.get(player.removeprefix(PROFILE)) or w("Former player")
    return named
