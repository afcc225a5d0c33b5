"""The ratings API: a game's leaderboard at a player count, the signed-in profile's ratings, and
whether a rated table's game counted.

A leaderboard ranks the players of rated tables (`highroller.web.ratings.leaderboards`) by their conservative
rating, mean − 3σ: the skill they have with near certainty, which grows as they play and win; it lists
those with `LEAST_GAMES` rated games or more. A device that sends its profile key (`X-Profile`) sees
its own line marked, and its place even when it is not among the lines asked for, or its provisional
line while it has too few games to be listed.
"""

from __future__ import annotations

import asyncio
from typing import Any, Literal

from fastapi import APIRouter, Depends, Path, Query
from pydantic import Field

from highroller.registry import available_games
from highroller.web.api.answers import Answer, documented
from highroller.web.api.game_info import describe_game
from highroller.web.api.messages import MAX_SEATS, REFUSALS
from highroller.web.api.profile_api import current_profile, profile_header
from highroller.web.api.route_args import page_language
from highroller.web.http.catalog import web_words
from highroller.web.http.errors import Refused
from highroller.web.people.handles import handle_of
from highroller.web.people.profiles import profile_by_key
from highroller.web.ratings.leaderboards import (
    LEAST_GAMES,
    Board,
    Entry,
    boards_of,
    conservative,
    leaderboard,
    outcome_of,
    player_counts,
    player_names,
    player_range,
    provisional,
    standing_of,
)
from highroller.web.ratings.results import PAIR, PAIR_GAMES, PROFILE
from highroller.web.store.database import Store
from highroller.web.tables.held_tables import TABLE_ID

LONGEST_BOARD = 200
"""The most lines one leaderboard answer holds."""


class RatingLine(Answer):
    """A player on a leaderboard."""

    rank: int = Field(description="the place, from 1; players with the same rating share it")
    name: str = Field(
        description="the player's display name; a bot's level in the asked language; a deleted profile as a former "
        "player"
    )
    bot: str | None = Field(description="the bot this line rates (a table rated with its bots); null for a person")
    you: bool = Field(description="the line of the profile whose key the request sent")
    rating: float = Field(
        description="the conservative rating, mu − 3 sigma, to one decimal: what the leaderboard is sorted by"
    )
    mu: float = Field(description="the estimated skill")
    sigma: float = Field(description="the uncertainty of the estimate")
    games: int = Field(description="the rated games played at this game and player count")
    handle: str | None = Field(default=None, description="the player's public handle, to follow them (null for a bot)")
    provisional: bool = Field(
        description="fewer rated games than `least_games`: not listed (only ever your own line); the rank is where it "
        "would stand"
    )


class Leaderboard(Answer):
    """A game's leaderboard at one player count."""

    game: str
    players: int = Field(description="the player count of the games it rates")
    player_counts: list[int] = Field(description="the player counts of the game whose leaderboards list somebody")
    least_games: int = Field(description="the rated games a player needs here to be listed")
    total: int = Field(description="how many players are listed here")
    provisional: int = Field(description="how many more players are rated here with fewer games, not listed")
    lines: list[RatingLine] = Field(description="the best players first, at most `limit`")
    you: RatingLine | None = Field(
        description="your line, wherever you stand, when the request sent the key of a profile rated here (provisional "
        "while not listed); else null"
    )


class MyRating(Answer):
    """Your rating at one game and player count."""

    game: str
    players: int
    rank: int = Field(description="your place on that leaderboard")
    rating: float = Field(description="the conservative rating, mu − 3 sigma, to one decimal")
    mu: float
    sigma: float
    games: int
    provisional: bool = Field(
        description="too few rated games to be listed on that leaderboard; the rank is where you would stand"
    )


class TableRating(Answer):
    """What became of a rated table's game for the ratings."""

    table: str
    recorded: bool = Field(
        description="the result is stored: false while the game goes on, and for a few seconds after it ends"
    )
    counted: bool | None = Field(description="whether the result moved its players' ratings; null until it is recorded")
    code: Literal["players", "pair"] | None = Field(
        description="why it did not count: players, fewer than two players to rate; pair, two of its people past the "
        "games a day that count; else null"
    )
    reason: str | None = Field(description="why it did not count, in the asked language; else null")


def checked_game(game: str) -> str:
    """A game of the registry, or `Refused` naming them."""
    if game not in available_games():
        raise Refused(
            "no game {game}; games: {games}", 404, "no-game", game=repr(game), games=", ".join(available_games())
        )
    return game


def line(entry: Entry, name: str, you: bool) -> dict[str, Any]:
    """A leaderboard's line as the API answers it."""
    player, standing = entry.player, entry.standing
    return {
        "rank": entry.rank,
        "name": name,
        "bot": None if player.startswith(PROFILE) else player.partition(":")[2],
        "you": you,
        "rating": conservative(standing),
        "mu": standing.rating.mu,
        "sigma": standing.rating.sigma,
        "games": standing.games,
        "provisional": provisional(standing),
    }


def board_answer(board: Board) -> dict[str, Any]:
    """A profile's standing on one leaderboard as the API answers it."""
    standing = board.standing
    return {
        "game": board.game,
        "players": board.players,
        "rank": board.rank,
        "rating": conservative(standing),
        "mu": standing.rating.mu,
        "sigma": standing.rating.sigma,
        "games": standing.games,
        "provisional": provisional(standing),
    }


def void_reason(store: Store, void: str, lang: str) -> str:
    """Why a result counted for nobody, in `lang`."""
    w = web_words(lang)
    code, *pair = void.split(" ")
    if code == PAIR:
        names = player_names(store, pair, lang)
        return w(
            "{names} had already finished {count} rated games together in the 24 hours before it ended, the most that "
            "count",
            names=w.joined([names[player] for player in pair]),
            count=PAIR_GAMES,
        )
    return w("it had fewer than two players to rate")


def build_rating_router(store: Store) -> APIRouter:
    """The ratings routes."""
    router = APIRouter(prefix="/api", responses=REFUSALS)

    def read_board(game: str, players: int | None, limit: int, key: str | None, lang: str) -> dict[str, Any]:
        low, high = player_range(game)
        counts = player_counts(store, game)
        if players is None:
            preset = int(describe_game(game)["players"])
            players = preset if preset in counts or not counts else counts[0]
        elif not low <= players <= high:
            raise Refused(
                "players is from {low} to {high} for {game}", 422, "bad-players", game=game, low=low, high=high
            )
        entries, total, unlisted = leaderboard(store, game, players, limit)
        profile = profile_by_key(store, key) if key else None
        mine = PROFILE + profile.id if profile else None
        you = standing_of(store, game, players, mine) if mine else None
        names = player_names(store, [entry.player for entry in entries] + ([you.player] if you else []), lang)
        return {
            "game": game,
            "players": players,
            "player_counts": counts,
            "least_games": LEAST_GAMES,
            "total": total,
            "provisional": unlisted,
            "lines": [
                {**line(entry, names[entry.player], entry.player == mine), "handle": public_handle(entry.player)}
                for entry in entries
            ],
            "you": {**line(you, names[you.player], True), "handle": public_handle(you.player)} if you else None,
        }

    def public_handle(player: str) -> str | None:
        return handle_of(store, player.removeprefix(PROFILE)) if player.startswith(PROFILE) else None

    @router.get(
        "/ratings/{game}",
        summary="A game's leaderboard at a player count: the players of rated tables by conservative rating (mu − 3 "
        "sigma)",
        response_model=None,
        responses=documented(Leaderboard, "the leaderboard"),
    )
    async def ratings(
        game: str = Path(max_length=40),
        players: int | None = Query(
            default=None,
            ge=1,
            le=MAX_SEATS,
            description="the player count; default: the game's usual one, or the first with ratings",
        ),
        limit: int = Query(default=50, ge=1, le=LONGEST_BOARD, description="the most lines to send, from the best"),
        key: str | None = Depends(profile_header),
        lang: str = Depends(page_language),
    ) -> dict[str, Any]:
        return await asyncio.to_thread(read_board, checked_game(game), players, limit, key, lang)

    @router.get(
        "/me/ratings",
        summary="Your ratings: every game and player count you are rated at, with your place",
        response_model=None,
        responses=documented(list[MyRating], "your ratings, by game and player count"),
    )
    async def my_ratings(key: str | None = Depends(profile_header)) -> list[dict[str, Any]]:
        profile = await current_profile(store, key)
        return [board_answer(board) for board in await asyncio.to_thread(boards_of, store, PROFILE + profile.id)]

    def read_outcome(table_id: str, lang: str) -> dict[str, Any]:
        outcome = outcome_of(store, table_id) if TABLE_ID.match(table_id) else None
        if outcome is None:
            raise Refused("there is no table with this id", 404, "no-table")
        if not outcome.rated:
            raise Refused("this table is not rated", 409, "not-rated")
        void = outcome.void
        return {
            "table": table_id,
            "recorded": outcome.recorded,
            "counted": void is None if outcome.recorded else None,
            "code": None if void is None else void.partition(" ")[0],
            "reason": None if void is None else void_reason(store, void, lang),
        }

    @router.get(
        "/tables/{table_id}/rating",
        summary="Whether a rated table's game counted for the ratings, and if not, why",
        response_model=None,
        responses=documented(TableRating, "what became of the game for the ratings"),
    )
    async def table_rating(table_id: str = Path(max_length=40), lang: str = Depends(page_language)) -> dict[str, Any]:
        return await asyncio.to_thread(read_outcome, table_id, lang)

    return router
