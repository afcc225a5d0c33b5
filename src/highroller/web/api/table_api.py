"""The tables API: the lobby, creating a table, and a table as a seat or a spectator sees it (at once,
or by long poll once it has changed). Creating tables and sitting down count against the caller's
address's quotas (`highroller.web.http.quotas`)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Depends, Header, Query, Request

from highroller.web.api.answers import CreatedTable, LobbyTable, TableState, documented
from highroller.web.api.game_info import preset_of
from highroller.web.api.messages import MAX_VERSION, REFUSALS, CreateTable
from highroller.web.api.profile_api import current_profile, profile_header
from highroller.web.api.route_args import bearer, origin, page_language, seated
from highroller.web.api.table_socket import Connections
from highroller.web.chat.chat_room import first_of
from highroller.web.http.checks import check_bank, check_seats, made_game
from highroller.web.http.errors import Refused, asked_language
from highroller.web.http.quotas import Quotas
from highroller.web.tables.held_tables import Tables

LONG_POLL_SECONDS = 25.0


def build_table_router(tables: Tables, quotas: Quotas, connections: Connections) -> APIRouter:
    """The lobby's and the tables' routes; `connections` counts the long polls waiting with the WebSockets."""
    router = APIRouter(prefix="/api", responses=REFUSALS)

    @router.get(
        "/tables",
        summary="Tables waiting for players (newest first), then games in play; finished and abandoned games (30 "
        "minutes without a move) are not listed",
        response_model=None,
        responses=documented(list[LobbyTable], "the lobby's tables"),
    )
    async def open_tables(request: Request) -> list[dict[str, Any]]:
        return [
            {**table, "preset": preset_of(table["game"], table["options"])}
            for table in await tables.lobby(lang=asked_language(request))
        ]

    @router.post(
        "/tables",
        status_code=201,
        summary="Create a table (and sit down in it, given a name)",
        response_model=None,
        responses=documented(CreatedTable, "the new table", 201),
    )
    async def create_table(
        body: CreateTable, request: Request, key: str | None = Depends(profile_header)
    ) -> dict[str, Any]:
        if body.name is not None and body.hot_seat:
            raise Refused(
                "give either name (you sit down) or hot_seat (every person's name, on one device), not both",
                422,
                "bad-names",
            )
        made = made_game(body.game, body.options)
        stand_in = check_seats(made, body.bots, body.timer, body.stand_in, tables.settings.min_timer)
        bank = check_bank(body.timer, body.bank)
        profile = None if key is None or body.name is None else (await current_profile(tables.store, key)).id
        creator = origin(quotas, request)
        await quotas.check_create(creator, with_bots=any(bot is not None for bot in body.bots))
        if body.name is not None or body.hot_seat:
            await quotas.check_join(creator)
        table, seated_at = await tables.open(
            made,
            body.bots,
            body.timer,
            stand_in,
            creator,
            body.name,
            body.hints,
            real_dice=body.real_dice,
            hot_seat=body.hot_seat or (),
            bot_delay=body.bot_delay,
            profile=profile,
            bank=bank,
            rated=body.rated,
        )
        await tables.chat.set_rule(table.id, body.chat)
        answer = table.summary()
        if seated_at is not None:
            answer.update(seat=seated_at[0], token=seated_at[1])
        return answer

    @router.get(
        "/tables/{table_id}",
        summary="The table as your seat (or a spectator) sees it",
        response_model=None,
        responses=documented(TableState, "the table"),
    )
    async def table_state(
        table_id: str,
        request: Request,
        after: int | None = Query(
            default=None, ge=0, le=MAX_VERSION, description="wait (up to 25 s) until the version differs from this"
        ),
        chat_after: int | None = Query(
            default=None,
            ge=0,
            le=MAX_VERSION,
            description="with after: wait only until the chat has a message numbered past this too",
        ),
        log_from: int = Query(
            default=0,
            ge=0,
            le=MAX_VERSION,
            description="send the log lines from this index on (the ones you have not read)",
        ),
        authorization: str | None = Header(default=None),
        lang: str = Depends(page_language),
    ) -> dict[str, Any]:
        table, seat = await seated(tables, table_id, authorization)
        if after is not None:
            host = request.client.host if request.client else None
            held = table.held_by(bearer(authorization))
            poller = (
                ("poll", held) if held else ("poll", host)
            )  # each seat token, or each watching address, counts once
            with connections.admit(host, "long_poll") as admitted:
                if not admitted:
                    raise Refused(
                        "too many open connections from your address (long polls and WebSockets together); close some "
                        "or try again shortly",
                        429,
                        "too-many-connections",
                        retry_after=5,
                    )
                with tables.presence.polling(table.id, poller, held):
                    await first_of(
                        table.wait_change(after, LONG_POLL_SECONDS),
                        None if chat_after is None else tables.chat.wait(table.id, chat_after, LONG_POLL_SECONDS),
                    )
        return table.snapshot(seat, min(log_from, table.window.end), lang)

    return router
