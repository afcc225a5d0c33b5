"""The seats API: what a caller does at a table with the seat token (`Authorization: Bearer <token>`)
that taking a seat gives: play, ask for a hint, take back a typed roll, take the seat back from its
bot, leave, ask for a rematch (which invites the old table's people with a profile); and the advice
everyone at a table may see."""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, Depends, Header, Request

from highroller.web.api.answers import Advice, Hint, Joined, TableState, TableSummary, documented
from highroller.web.api.messages import REFUSALS, Act, Join
from highroller.web.api.profile_api import current_profile, profile_header
from highroller.web.api.route_args import bearer, origin, page_language, seated
from highroller.web.bots.hints import Hints
from highroller.web.http.quotas import Quotas
from highroller.web.metrics import registry as metrics
from highroller.web.people.invitations import invite_rematch
from highroller.web.tables.held_tables import Tables


def build_seat_router(tables: Tables, quotas: Quotas, hints: Hints) -> APIRouter:
    """The seats' routes."""
    router = APIRouter(prefix="/api", responses=REFUSALS)

    @router.post(
        "/tables/{table_id}/join",
        summary="Take a seat; the answer holds the secret seat token",
        response_model=None,
        responses=documented(Joined, "your seat and its token"),
    )
    async def join(
        table_id: str, body: Join, request: Request, key: str | None = Depends(profile_header)
    ) -> dict[str, Any]:
        table = await tables.get(table_id)
        profile = None if key is None else (await current_profile(tables.store, key)).id
        joiner = origin(quotas, request)
        await quotas.check_join(joiner, starts_bot_table=table.has_bots and len(table.open_seats()) == 1)
        seat, token = await table.join(body.name, body.seat, joiner, profile)
        return {"table": table_id, "seat": seat, "token": token}

    @router.post(
        "/tables/{table_id}/actions",
        summary="Play an action at the version you saw; the answer's log starts at your action",
        response_model=None,
        responses=documented(TableState, "the table after your action"),
    )
    async def act(
        table_id: str, body: Act, authorization: str | None = Header(default=None), lang: str = Depends(page_language)
    ) -> dict[str, Any]:
        table = await tables.get(table_id)
        seat = await table.seat_of_fresh(bearer(authorization))
        with metrics.timed_action(table.game.name, "http"):
            await table.act(seat, body.version, body.action)
            return table.snapshot(
                table.seat_of(bearer(authorization)), table.log_since(body.version), lang
            )  # a hot seat passes on

    @router.post(
        "/tables/{table_id}/hint",
        summary="On your turn: the game's advice on each of your choices, in your language, and the move suggested",
        response_model=None,
        responses=documented(Hint, "the hint"),
    )
    async def hint(
        table_id: str, authorization: str | None = Header(default=None), lang: str = Depends(page_language)
    ) -> dict[str, Any]:
        table, seat = await seated(tables, table_id, authorization)
        return await hints.ask(table, seat, lang)

    @router.get(
        "/tables/{table_id}/advice",
        summary="What everyone may see of the step now: each seat's chance of winning and the game's note (null where "
        "it has none)",
        response_model=None,
        responses=documented(Advice, "the advice at this step"),
    )
    async def advice(table_id: str, lang: str = Depends(page_language)) -> dict[str, Any]:
        return await hints.advice(await tables.get(table_id), lang)

    @router.post(
        "/tables/{table_id}/undo",
        summary="At a table with real dice: take back the last typed chance step (until a decision follows it)",
        response_model=None,
        responses=documented(TableState, "the table, the typed step taken back"),
    )
    async def undo(
        table_id: str, authorization: str | None = Header(default=None), lang: str = Depends(page_language)
    ) -> dict[str, Any]:
        table, seat = await seated(tables, table_id, authorization)
        await table.undo(seat)
        return table.snapshot(table.seat_of(bearer(authorization)), 0, lang)

    @router.post(
        "/tables/{table_id}/back",
        summary="Take your seat back from the bot that played while your time ran out",
        response_model=None,
        responses=documented(TableState, "the table, your seat yours again"),
    )
    async def back(
        table_id: str, authorization: str | None = Header(default=None), lang: str = Depends(page_language)
    ) -> dict[str, Any]:
        table, seat = await seated(tables, table_id, authorization)
        await table.back(seat)
        return table.snapshot(seat, 0, lang)

    @router.post(
        "/tables/{table_id}/leave",
        summary="Leave: an unstarted table frees your seat, a game in play goes on with a bot in it",
        response_model=None,
        responses=documented(TableState, "the table as you see it now"),
    )
    async def leave(
        table_id: str, authorization: str | None = Header(default=None), lang: str = Depends(page_language)
    ) -> dict[str, Any]:
        table, seat = await seated(tables, table_id, authorization)
        await table.leave(seat)
        return table.snapshot(seat if table.started else None, 0, lang)

    @router.post(
        "/tables/{table_id}/rematch",
        summary="A new table with the same game, bots and timer",
        response_model=None,
        responses=documented(TableSummary, "the rematch (the same table for each player who asks)"),
    )
    async def rematch(
        table_id: str, request: Request, authorization: str | None = Header(default=None)
    ) -> dict[str, Any]:
        table, seat = await seated(tables, table_id, authorization)
        creator = origin(quotas, request)
        if table.rematch is None:
            await quotas.check_create(creator, with_bots=table.has_bots)
        fresh = await tables.rematch(table, seat, creator)
        asker = None if seat is None else table.seats[seat].profile
        await asyncio.to_thread(invite_rematch, tables.store, table.seats, fresh.id, asker)
        return fresh.summary()

    return router
