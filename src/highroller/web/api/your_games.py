"""A profile's games: every table it sits at, those waiting for its move first, with the seat tokens
its devices need to play them.

The list says of each table what everyone at it may see: the game, the players, whose move it is,
the time left on that move and the last line of the table's log (in the asked language), never a view.
It is read from the tables' stored headers (who is on move, the log's last line), never by loading a
table, so it costs one query however long the games are (a table last changed by an earlier
highroller, which stored neither, is loaded once).
"""

from __future__ import annotations

import asyncio
from dataclasses import replace
from typing import Any

from fastapi import APIRouter, Depends
from pydantic import Field

from highroller.registry import game_spec, words_of
from highroller.web import clock
from highroller.web.api.answers import Answer, documented
from highroller.web.api.messages import REFUSALS
from highroller.web.api.profile_api import current_profile, profile_header
from highroller.web.api.route_args import page_language
from highroller.web.http.checks import TURN_BASED
from highroller.web.http.errors import Refused
from highroller.web.people.profiles import seat_token
from highroller.web.store.database import Store
from highroller.web.store.rows import TableRow
from highroller.web.tables.held_tables import Tables
from highroller.web.tables.log_words import named
from highroller.web.tables.turns import seat_name

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
    time_left: float | None = Field(
        description="seconds left on the move before a stand-in plays it; null without a timer"
    )
    turn_based: bool = Field(description="moves have an hour or more")
    last: str | None = Field(description="the table's last log line, in the asked language")
    changed: float = Field(description="when the table last changed, in seconds since 1970")


class YourGames(Answer):
    """Your tables, those waiting for your move first."""

    waiting: int = Field(description="how many tables wait for your move")
    games: list[YourGame]


ORDER = {"your-move": 0, "their-move": 1, "waiting-for-players": 2, "finished": 3}


def _entry(store: Store, row: TableRow, profile_id: str, lang: str, now: float) -> dict[str, Any]:
    """One table of the list, from its stored header and seats."""
    mine = [r.seat for r in row.seats if r.profile == profile_id]
    mover = -1 if row.mover is None else row.mover
    if row.finished:
        state = "finished"
    elif not row.started:
        state = "waiting-for-players"
    else:
        state = "your-move" if mover in mine and row.seats[mover].control is None else "their-move"
    waiting = None if row.finished or not row.started or mover < 0 else seat_name(row.seats[mover], lang)
    left = None
    if state in {"your-move", "their-move"} and row.due is not None and row.waiting_since is not None:
        left = round(max(0.0, row.due - now), 1)
    names = [seat_name(r, lang) for r in row.seats]
    return {
        "id": row.id,
        "game": row.game,
        "title": words_of(row.game, lang)(game_spec(row.game).title),
        "players": names,
        "seats": [{"seat": seat, "token": seat_token(store, profile_id, row.id, seat)} for seat in mine],
        "state": state,
        "mover": waiting,
        "time_left": left,
        "turn_based": bool(row.timer and row.timer >= TURN_BASED),
        "last": None if row.last_line is None else named(row.last_line[lang], names),
        "changed": row.created if row.waiting_since is None else row.waiting_since,
    }


async def _summarised(tables: Tables, row: TableRow) -> TableRow | None:
    """A table's header with who is on move and its last log line: as stored, or (a table last changed
    by an earlier highroller) read from the table itself; None if it is gone or unreadable."""
    if row.finished or not row.started or (row.mover is not None and row.last_line is not None):
        return row
    try:
        table = await tables.get(row.id)
    except Refused:
        return None
    last = table.window.lines[-1]["text"] if table.window.lines else None
    return replace(row, mover=table.state.current_player, last_line=last, seats=table.seats)


def build_games_router(store: Store, tables: Tables) -> APIRouter:
    """The routes of a profile's games."""
    router = APIRouter(prefix="/api", responses=REFUSALS)

    @router.get(
        "/me/games",
        summary="Your tables: those waiting for your move first, then the others' moves, tables still filling, games "
        "just over",
        response_model=None,
        responses=documented(YourGames, "your tables"),
    )
    async def your_games(
        key: str | None = Depends(profile_header), lang: str = Depends(page_language)
    ) -> dict[str, Any]:
        profile = await current_profile(store, key)
        now = clock.now()
        rows = await asyncio.to_thread(store.profile_tables, profile.id, now - FINISHED_SHOWN, MOST)
        games = []
        for row in rows:
            summarised = await _summarised(tables, row)
            if summarised is not None:  # deleted meanwhile, or unreadable: not a game to list
                games.append(_entry(store, summarised, profile.id, lang, now))
        games.sort(
            key=lambda g: (
                ORDER[g["state"]],
                g["time_left"] if g["state"] == "your-move" and g["time_left"] is not None else float("inf"),
                -g["changed"],
            )
        )
        return {"waiting": sum(g["state"] == "your-move" for g in games), "games": games}

    @router.get(
        "/me/tables/{table_id}",
        summary="Your seats at a table and their tokens (a device signed in to your profile takes its seats with them)",
        response_model=None,
        responses=documented(list[YourSeat], "your seats there (none: you do not sit at it)"),
    )
    async def your_seats(table_id: str, key: str | None = Depends(profile_header)) -> list[dict[str, Any]]:
        profile = await current_profile(store, key)
        table = await tables.get(table_id)
        await table.fresh()
        return [
            {"seat": r.seat, "token": seat_token(store, profile.id, table.id, r.seat)}
            for r in table.seats
            if r.profile == profile.id
        ]

    return router
