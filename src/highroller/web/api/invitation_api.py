"""The invitations API: invite a friend to the table you sit at, and your invitations, to accept (a free
seat at the table, with your profile) or decline (`highroller.web.people.invitations`)."""

from __future__ import annotations

import asyncio
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Path, Request

from highroller.registry import game_spec, words_of
from highroller.web.api.answers import Joined, documented
from highroller.web.api.messages import REFUSALS
from highroller.web.api.profile_api import current_profile, profile_header
from highroller.web.api.route_args import origin, page_language
from highroller.web.api.social_shapes import Declined, InvitationInfo, InvitationSent, NewInvitation
from highroller.web.http.errors import Refused
from highroller.web.http.quotas import Quotas
from highroller.web.people import invitations
from highroller.web.people.handles import profile_of_handle
from highroller.web.people.profiles import profile_names
from highroller.web.store.database import Store
from highroller.web.tables.held_tables import Tables

InvitationId = Annotated[str, Path(max_length=40, description="the invitation's id")]


def build_invitation_router(store: Store, tables: Tables, quotas: Quotas) -> APIRouter:
    """The invitations routes."""
    router = APIRouter(prefix="/api", responses=REFUSALS)

    @router.post(
        "/me/invitations",
        status_code=201,
        summary="Invite a profile you follow to the table still filling where you sit with your profile",
        response_model=None,
        responses=documented(InvitationSent, "the invitation sent", 201),
    )
    async def invite(body: NewInvitation, key: str | None = Depends(profile_header)) -> dict[str, Any]:
        me = await current_profile(store, key)
        invitee = await asyncio.to_thread(profile_of_handle, store, body.handle)
        table = await tables.get(body.table)
        await table.fresh()
        if not any(r.profile == me.id for r in table.seats):
            raise Refused("only a person seated at this table with their profile can invite to it", 403, "not-seated")
        if table.finished:
            raise Refused("the game is over: invite to a table still filling", 409, "game-over")
        if not table.open_seats():
            raise Refused("this table has no free seat: invite to a table still filling", 409, "full")
        await asyncio.to_thread(invitations.invite, store, table.id, table.seats, me.id, invitee.id)
        return {"table": table.id, "handle": body.handle}

    def read_invitations(profile_id: str, lang: str) -> list[dict[str, Any]]:
        live = invitations.invitations_of(store, profile_id)
        names = profile_names(store, [i.inviter for i in live if i.inviter])
        return [
            {
                "id": i.id,
                "table": i.table_id,
                "game": i.game,
                "title": words_of(i.game, lang)(game_spec(i.game).title),
                "inviter": names.get(i.inviter) if i.inviter else None,
                "at": i.at,
                "expires": i.at + invitations.LASTS,
            }
            for i in live
        ]

    @router.get(
        "/me/invitations",
        summary="Your invitations still open, the newest first",
        response_model=None,
        responses=documented(list[InvitationInfo], "your invitations"),
    )
    async def your_invitations(
        key: str | None = Depends(profile_header), lang: str = Depends(page_language)
    ) -> list[dict[str, Any]]:
        me = await current_profile(store, key)
        return await asyncio.to_thread(read_invitations, me.id, lang)

    @router.post(
        "/me/invitations/{invitation}/accept",
        summary="Accept an invitation: take a free seat at its table with your profile",
        response_model=None,
        responses=documented(Joined, "your seat and its token"),
    )
    async def accept(
        invitation: InvitationId, request: Request, key: str | None = Depends(profile_header)
    ) -> dict[str, Any]:
        me = await current_profile(store, key)
        table_id = await asyncio.to_thread(invitations.live_invitation, store, me.id, invitation)
        table = await tables.get(table_id)
        joiner = origin(quotas, request)
        await quotas.check_join(joiner, starts_bot_table=table.has_bots and len(table.open_seats()) == 1)
        seat, token = await table.join(me.name, None, joiner, me.id)
        await asyncio.to_thread(invitations.answer, store, me.id, invitation, "accepted")
        return {"table": table_id, "seat": seat, "token": token}

    @router.post(
        "/me/invitations/{invitation}/decline",
        summary="Decline an invitation",
        response_model=None,
        responses=documented(Declined, "the invitation declined"),
    )
    async def decline(invitation: InvitationId, key: str | None = Depends(profile_header)) -> dict[str, Any]:
        me = await current_profile(store, key)
        await asyncio.to_thread(invitations.live_invitation, store, me.id, invitation)
        await asyncio.to_thread(invitations.answer, store, me.id, invitation, "declined")
        return {"declined": True}

    return router
