"""The HTTP JSON API: games, the lobby, seats, actions, rematches, records and replays.

Seat tokens travel in `Authorization: Bearer <token>`; without one a caller is a spectator. Every
refusal is `{"error": "...", "code": "..."}` with a fitting status, and changes nothing.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Header, Query, Request
from fastapi.responses import JSONResponse

from highroller.registry import available_games, game_spec, make
from highroller.web.messages import Act, CreateTable, Join
from highroller.web.replays import replay_frames
from highroller.web.tables import Refused, Table, Tables

LONG_POLL_SECONDS = 25.0


def bearer(authorization: str | None) -> str | None:
    """The token of an `Authorization: Bearer ...` header, if any."""
    if authorization is None:
        return None
    scheme, _, token = authorization.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise Refused("use 'Authorization: Bearer <seat token>'", 401, "bad-token")
    return token.strip()


def describe_game(name: str) -> dict[str, Any]:
    """A game as the lobby form needs it: options with limits and preset values, bots, seats."""
    spec = game_spec(name)
    preset = make(name).options
    return {
        "name": name,
        "title": spec.title,
        "summary": spec.summary,
        "options": [
            {
                "name": o.name,
                "kind": o.kind,
                "help": o.help,
                "choices": list(o.choices),
                "minimum": o.minimum,
                "maximum": o.maximum,
                "preset": preset.get(o.name) if isinstance(preset.get(o.name), (int, str, bool)) else None,
            }
            for o in spec.options
        ],
        "levels": dict(spec.levels),
        "bots": list(spec.bots),
        "default_bot": spec.default_bot,
        "players": make(name).num_players,
    }


def build_router(tables: Tables) -> APIRouter:
    router = APIRouter(prefix="/api")

    def finished_table(table_id: str) -> Table:
        table = tables.get(table_id)
        if not table.finished:
            raise Refused("records and replays are shown once the game is over", 409, "not-finished")
        return table

    @router.get("/games", summary="Every game with its options, bots and seat count")
    async def games() -> list[dict[str, Any]]:
        return [describe_game(name) for name in available_games()]

    @router.get("/tables", summary="Unfinished tables, newest first")
    async def open_tables() -> list[dict[str, Any]]:
        return tables.open_tables()

    @router.post("/tables", status_code=201, summary="Create a table")
    async def create_table(body: CreateTable) -> dict[str, Any]:
        return (await tables.create(body.game, body.options, body.bots)).summary()

    @router.get("/tables/{table_id}", summary="The table as your seat (or a spectator) sees it")
    async def table_state(
        table_id: str,
        after: int | None = Query(default=None, description="wait (up to 25 s) until the version differs from this"),
        authorization: str | None = Header(default=None),
    ) -> dict[str, Any]:
        table = tables.get(table_id)
        seat = table.seat_of(bearer(authorization))
        if after is not None:
            await table.wait_change(after, LONG_POLL_SECONDS)
        return table.snapshot(seat)

    @router.post("/tables/{table_id}/join", summary="Take a seat; the answer holds the secret seat token")
    async def join(table_id: str, body: Join) -> dict[str, Any]:
        seat, token = await tables.get(table_id).join(body.name, body.seat)
        return {"table": table_id, "seat": seat, "token": token}

    @router.post("/tables/{table_id}/actions", summary="Play an action at the version you saw")
    async def act(table_id: str, body: Act, authorization: str | None = Header(default=None)) -> dict[str, Any]:
        table = tables.get(table_id)
        seat = await table.act(bearer(authorization), body.version, body.action)
        return table.snapshot(seat)

    @router.post("/tables/{table_id}/rematch", summary="A new table with the same game and bots")
    async def rematch(table_id: str, authorization: str | None = Header(default=None)) -> dict[str, Any]:
        return (await tables.rematch(tables.get(table_id), bearer(authorization))).summary()

    @router.get("/tables/{table_id}/record", summary="The record of a finished game (highroller replay reads it)")
    async def record(table_id: str, request: Request) -> JSONResponse:
        table = finished_table(table_id)
        disposition = f'attachment; filename="highroller-{table.game.name}-{table.id}.json"'
        return JSONResponse(table.state.record(), headers={"Content-Disposition": disposition})

    @router.get("/tables/{table_id}/replay", summary="Every position of a finished game, with the log")
    async def replay(table_id: str) -> dict[str, Any]:
        table = finished_table(table_id)
        return {**table.summary(), "frames": replay_frames(table)}

    return router
