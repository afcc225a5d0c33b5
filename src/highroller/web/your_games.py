"""A profile's games: every table it sits at, those waiting for its move first, with the seat tokens
its devices need to play them.

The list says of each table what everyone at it may see: the game, the players, whose move it is,
the time left on that move and the last line of the table's log (in the asked language), never a view.
"""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, Depends
from pydantic import Field

from highroller.registry import game_spec, words_of
from highroller.web import clock
from highroller.web.answers import Answer, documented
from highroller.web.checks import TURN_BASED
from highroller.web.errors import Refused
from highroller.web.messages import REFUSALS
from highroller.web.narrate import in_language
from highroller.web.profile_api import current_profile, profile_header
from highroller.web.profiles import seat_token
from highroller.web.route_args import page_language
from highroller.web.store import Store, TableRow
from highroller.web.tables import Table, Tables
from highroller.web.turns import seat_name

FINISHED_SHOWN = 7 * 86400.0
"""Seconds a finished game stays in the list."""
MOST = 100
"""The most tables listed."""


class YourSeat(Answer):
    """A seat of yours and its token."""

    seat: int = Field(description="counted from 0")
    token: str = Field(description="the seat token: send it as `Authorization: Bearer` to play this seat")


class YourGame(Answer):
    """One of your tables."""

    id: str
    game: str
    title: str = Field(description="the game's name, in the asked language")
    players: list[str] = Field(description="the seats' names, in seat order")
    seats: list[YourSeat] = Field(description="your seats at this table")
    state: str = Field(description="your-move, their-move, waiting-for-players or finished")
    mover: str | None = Field(description="whose move it is (a name); null when nobody's or the game is over")
    time_left: float | None = Field(description="seconds left on the move before a stand-in plays it; null without a timer")
    turn_based: bool = Field(description="moves have an hour or more")
    last: str | None = Field(description="the table's last log line, in the asked language")
    changed: float = Field(description="when the table last changed, in seconds since 1970")


class YourGames(Answer):
    """Your tables, those waiting for your move first."""

    waiting: int = Field(description="how many tables wait for your move")
    games: list[YourGame]


ORDER = {"your-move": 0, "their-move": 1, "waiting-for-players": 2, "finished": 3}


def _entry(store: Store, row: TableRow, table: Table, profile_id: str, lang: str, now: float) -> dict[str, Any]:
    mine = [r.seat for r in row.seats if r.profile == profile_id]
    mover = table.state.current_player
    if table.finished:
        state = "finished"
    elif not table.started:
        state = "waiting-for-players"
    else:
        state = "your-move" if mover in mine and table.seats[mover].control is None else "their-move"
    waiting = None if table.finished or not table.started or mover < 0 else seat_name(table.seats[mover], lang)
    left = None
    if state in {"your-move", "their-move"} and table.due is not None and table.waiting_since is not None:
        left = round(max(0.0, table.due - now), 1)
    last = in_language(table.log[-1:], lang)
    return {
        "id": row.id,
        "game": row.game,
        "title": words_of(row.game, lang)(game_spec(row.game).title),
        "players": [seat_name(r, lang) for r in table.seats],
        "seats": [{"seat": seat, "token": seat_token(store, profile_id, row.id, seat)} for seat in mine],
        "state": state,
        "mover": waiting,
        "time_left": left,
        "turn_based": bool(table.timer and table.timer >= TURN_BASED),
        "last": last[0]["text"] if last else None,
        "changed": row.created if table.waiting_since is None else table.waiting_since,
    }


def build_games_router(store: Store, tables: Tables) -> APIRouter:
    """The routes of a profile's games."""
    router = APIRouter(prefix="/api", responses=REFUSALS)

    @router.get(
        "/me/games", summary="Your tables: those waiting for your move first, then the others' moves, tables still filling, games just over",
        response_model=None, responses=documented(YourGames, "your tables"),
    )
    async def your_games(key: str | None = Depends(profile_header), lang: str = Depends(page_language)) -> dict[str, Any]:
        profile = await current_profile(store, key)
        now = clock.now()
        rows = await asyncio.to_thread(store.profile_tables, profile.id, now - FINISHED_SHOWN, MOST)
        games = []
        for row in rows:
            try:
                table = await tables.get(row.id)
                await table.fresh()
            except Refused:
                continue  # deleted meanwhile, or unreadable: not a game to list
            games.append(_entry(store, row, table, profile.id, lang, now))
        games.sort(key=lambda g: (ORDER[g["state"]], g["time_left"] if g["state"] == "your-move" and g["time_left"] is not None else float("inf"), -g["changed"]))
        return {"waiting": sum(g["state"] == "your-move" for g in games), "games": games}

    @router.get(
        "/me/tables/{table_id}", summary="Your seats at a table and their tokens (a device signed in to your profile takes its seats with them)",
        response_model=None, responses=documented(list[YourSeat], "your seats there (none: you do not sit at it)"),
    )
    async def your_seats(table_id: str, key: str | None = Depends(profile_header)) -> list[dict[str, Any]]:
        profile = await current_profile(store, key)
        table = await tables.get(table_id)
        await table.fresh()
        return [{"seat": r.seat, "token": seat_token(store, profile.id, table.id, r.seat)} for r in table.seats if r.profile == profile.id]

    return router
