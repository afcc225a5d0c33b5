"""The chat routes: a table's messages (read, or sent by a client without a WebSocket), each seated
person's switch for the chat in the record, reporting a message to the host, and a profile's chat
notifications turned off or on. The rules are `highroller.web.chat.chat_room`'s."""

from __future__ import annotations

import asyncio
import hashlib
from typing import Any

from fastapi import APIRouter, Depends, Header, Path, Query, Request

from highroller.web import clock
from highroller.web.api.answers import documented
from highroller.web.api.chat_shapes import (
    ChatPage,
    ChatQuiet,
    ChatQuietAnswer,
    ChatRecordAnswer,
    ChatRecordSwitch,
    ChatReport,
    ChatReported,
    ChatSend,
    ChatSent,
)
from highroller.web.api.messages import MAX_VERSION, REFUSALS
from highroller.web.api.profile_api import current_profile, profile_header
from highroller.web.api.route_args import bearer, origin, seated
from highroller.web.chat.chat_room import reader_profile
from highroller.web.http.errors import Refused
from highroller.web.http.quotas import Quotas
from highroller.web.tables.held_tables import Tables
from highroller.web.tables.turns import seat_name


def build_chat_router(tables: Tables, quotas: Quotas) -> APIRouter:
    """The chat's routes."""
    router = APIRouter(prefix="/api", responses=REFUSALS)
    chat = tables.chat

    @router.get(
        "/tables/{table_id}/chat",
        summary="A table's chat: the last 50 messages, or those after a number",
        response_model=None,
        responses=documented(ChatPage, "the chat"),
    )
    async def read_chat(
        table_id: str,
        after: int = Query(default=0, ge=0, le=MAX_VERSION, description="send the messages numbered after this"),
        authorization: str | None = Header(default=None),
    ) -> dict[str, Any]:
        table, _ = await seated(tables, table_id, authorization)
        held = table.held_by(bearer(authorization))
        rule = await chat.rule(table.id)
        return {
            "rule": rule,
            "messages": [] if rule == "off" else await chat.messages(table.id, after, reader_profile(table, held)),
            "record": await chat.record_switch(table.id, held),
        }

    @router.post(
        "/tables/{table_id}/chat",
        status_code=201,
        summary="Send a chat message: text, or a quick phrase's code (a seat token, or a spectator's name)",
        response_model=None,
        responses=documented(ChatSent, "the message sent", 201),
    )
    async def send_chat(
        table_id: str, body: ChatSend, request: Request, authorization: str | None = Header(default=None)
    ) -> dict[str, Any]:
        table, _ = await seated(tables, table_id, authorization)
        held = table.held_by(bearer(authorization))
        host = request.client.host if request.client else None
        message = await chat.post(table, held, host, body.text, body.phrase, body.name)
        return {"message": message.shown()}

    @router.put(
        "/tables/{table_id}/chat/record",
        summary="Say whether the chat goes into the game's record: it does only if every seated person says yes",
        response_model=None,
        responses=documented(ChatRecordAnswer, "your switch, and whether the record holds the chat now"),
    )
    async def switch_record(
        table_id: str, body: ChatRecordSwitch, authorization: str | None = Header(default=None)
    ) -> dict[str, Any]:
        table, _ = await seated(tables, table_id, authorization)
        held = table.held_by(bearer(authorization))
        if not held:
            raise Refused("only the seated people choose whether the chat goes into the record", 403, "not-seated")
        await asyncio.to_thread(tables.store.set_chat_record, table.id, held, body.include)
        return {"include": body.include, "everyone": await chat.for_record(table) is not None}

    @router.post(
        "/tables/{table_id}/chat/{message}/report",
        status_code=201,
        summary="Report a chat message to the host (once per message)",
        response_model=None,
        responses=documented(ChatReported, "the report", 201),
    )
    async def report(
        table_id: str,
        body: ChatReport,
        request: Request,
        message: int = Path(ge=1, le=MAX_VERSION),
        authorization: str | None = Header(default=None),
    ) -> dict[str, Any]:
        table, _ = await seated(tables, table_id, authorization)
        held = table.held_by(bearer(authorization))
        chat.pace(table.id, held, request.client.host if request.client else None, "report")
        found = await asyncio.to_thread(tables.store.chat_message, table.id, message)
        if found is None or found.hidden:
            raise Refused("there is no message {number} at this table", 404, "no-message", number=message)
        if held:
            row = table.seats[held[0]]
            reporter, name = f"seat:{row.seat}:{row.token_hash}", seat_name(row)
        else:
            reporter, name = f"address:{origin(quotas, request).address}", "spectator"
        reporter = hashlib.sha256(reporter.encode()).hexdigest()
        made = await asyncio.to_thread(
            tables.store.report_chat, table.id, message, reporter, name, body.reason, clock.now()
        )
        if made is None:
            raise Refused("you reported this message already", 409, "already-reported")
        return {"report": made}

    @router.put(
        "/me/chat-notifications",
        summary="Whether your profile's devices are told of chat messages at your turn-based tables while you are away",
        response_model=None,
        responses=documented(ChatQuietAnswer, "the switch"),
    )
    async def chat_notifications(body: ChatQuiet, key: str | None = Depends(profile_header)) -> dict[str, Any]:
        profile = await current_profile(tables.store, key)
        await asyncio.to_thread(tables.store.set_chat_quiet, profile.id, not body.notify)
        return {"notify": body.notify}

    @router.get(
        "/me/chat-notifications",
        summary="Whether your profile's devices are told of chat messages while you are away",
        response_model=None,
        responses=documented(ChatQuietAnswer, "the switch"),
    )
    async def chat_notifications_now(key: str | None = Depends(profile_header)) -> dict[str, Any]:
        profile = await current_profile(tables.store, key)
        return {"notify": not await asyncio.to_thread(tables.store.chat_quiet, profile.id)}

    return router
