"""The leaderboards read from the ratings (`highroller.web.ratings.results`): a game's best players at a
player count by conservative rating, a player's line and place on each board, what became of a table's
game for the ratings, and how a leaderboard names its players.

A leaderboard lists the players with `LEAST_GAMES` rated games or more there: a few lucky games are
no place on it. A player below the bound is rated all the same, and sees their own provisional line.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from highroller.registry import game_spec, make
from highroller.tournament.ratings import Rating
from highroller.web.http.catalog import web_words
from highroller.web.http.labels import bot_word
from highroller.web.people.profiles import profile_names
from highroller.web.ratings.results import BOT, FEW_PLAYERS, PROFILE, Standing
from highroller.web.store.database import Store

LEAST_GAMES = 5
"""The rated games a player needs at a game and player count to be listed on its leaderboard."""


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
