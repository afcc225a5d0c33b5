"""The WebSocket of a table: live updates for each seat (or spectator), and actions from the page.

Client → server: `{"type": "hello", "token": ...}` (first; no token to watch),
`{"type": "action", "version": n, "action": {...}}`, `{"type": "ping"}`.
Server → client: `{"type": "state", ...}` (the seat's view, legal actions, new log lines),
`{"type": "error", "error": ..., "code": ...}`, `{"type": "pong"}`. A bad message gets an error and
the connection stays open.
"""

from __future__ import annotations

import asyncio
import contextlib

from fastapi import WebSocket, WebSocketDisconnect
from pydantic import ValidationError

from highroller.web.messages import (
    MAX_MESSAGE,
    Hello,
    Ping,
    WsAct,
    client_message,
    explain,
)
from highroller.web.tables import Refused, Subscriber, Table, Tables


def _error(message: str, code: str) -> dict[str, str]:
    return {"type": "error", "error": message, "code": code}


async def _sender(websocket: WebSocket, table: Table, subscriber: Subscriber) -> None:
    """Send what the subscriber has to hear: direct replies first, then the latest state."""
    while True:
        await subscriber.wake.wait()
        subscriber.wake.clear()
        while subscriber.outbox:
            await websocket.send_json(subscriber.outbox.pop(0))
        if subscriber.dirty:
            subscriber.dirty = False
            await websocket.send_json(table.snapshot_for(subscriber))


async def _read(websocket: WebSocket) -> str | None:
    """The next text message; None when the client has gone."""
    message = await websocket.receive()
    if message["type"] == "websocket.disconnect":
        return None
    if message.get("text") is None:
        return ""  # a binary frame: answered as malformed
    return str(message["text"])


async def _hello(websocket: WebSocket, table: Table) -> Subscriber | None:
    """Wait for a valid hello, answering anything else with an error; None if the client leaves."""
    while True:
        text = await _read(websocket)
        if text is None:
            return None
        try:
            message = client_message.validate_json(text) if len(text) <= MAX_MESSAGE else None
            if message is None:
                await websocket.send_json(_error(f"messages are at most {MAX_MESSAGE} bytes", "too-large"))
            elif not isinstance(message, Hello):
                await websocket.send_json(_error("say hello first: {\"type\": \"hello\", \"token\": ...}", "hello-first"))
            else:
                return Subscriber(table.seat_of(message.token))
        except ValidationError as error:
            await websocket.send_json(_error(explain(error), "malformed"))
        except Refused as refused:
            await websocket.send_json(_error(refused.message, refused.code))


async def serve_table(websocket: WebSocket, tables: Tables, table_id: str) -> None:
    """Run one connection to a table until the client leaves."""
    await websocket.accept()
    try:
        table = tables.get(table_id)
    except Refused as refused:
        await websocket.send_json(_error(refused.message, refused.code))
        await websocket.close(code=4404)
        return
    with contextlib.suppress(WebSocketDisconnect):
        subscriber = await _hello(websocket, table)
        if subscriber is None:
            return
        table.subscribers.add(subscriber)
        sender = asyncio.create_task(_sender(websocket, table, subscriber))
        try:
            while (text := await _read(websocket)) is not None:
                await _handle(text, table, subscriber)
        finally:
            table.subscribers.discard(subscriber)
            sender.cancel()
            await asyncio.gather(sender, return_exceptions=True)


async def _handle(text: str, table: Table, subscriber: Subscriber) -> None:
    if len(text) > MAX_MESSAGE:
        subscriber.say(_error(f"messages are at most {MAX_MESSAGE} bytes", "too-large"))
        return
    try:
        message = client_message.validate_json(text)
    except ValidationError as error:
        subscriber.say(_error(explain(error), "malformed"))
        return
    if isinstance(message, Ping):
        subscriber.say({"type": "pong"})
    elif isinstance(message, Hello):
        subscriber.say(_error("already greeted; reconnect to change seats", "hello-twice"))
    elif isinstance(message, WsAct):
        try:
            await table.act_as(subscriber.seat, message.version, message.action)
        except Refused as refused:
            subscriber.say(_error(refused.message, refused.code))
