"""The WebSocket of a table: live updates for each seat (or spectator), and actions from the page.

Client → server: `{"type": "hello", "token": ..., "lang": "en"}` (first; no token to watch; `lang`:
en, fr or de, the language of the log lines and choices),
`{"type": "action", "version": n, "action": {...}}`, `{"type": "ping"}`, and
`{"type": "presence", "visible": false}` when the page is hidden (`true` when it is shown again: a
seat whose every page is hidden shows as away; see `highroller.web.tables.presence`), and
`{"type": "chat", "text": ...}` or `{"type": "chat", "phrase": "good-luck"}` (a spectator adds `"name"`;
see `highroller.web.chat.chat_room`).
Server → client: `{"type": "state", ...}` (the seat's view, legal actions, new log lines),
`{"type": "error", "error": ..., "code": ...}` (the error in the hello's language; before the hello, in
the handshake's `Accept-Language`; a chat message refused `too-fast` adds `retry_after`), `{"type": "pong"}`,
`{"type": "chat", "messages": [...]}` (each new chat message; `hidden`: numbers of messages the host hid;
the last ones are read with `GET /api/tables/{id}/chat` once connected). A bad message gets an error and
the connection stays open. A client sending faster than `MESSAGES_PER_SECOND` (beyond a burst) has
its surplus messages refused (`too-fast`), and one address may hold only so many connections.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections import Counter
from collections.abc import Iterator
from typing import Annotated

from fastapi import WebSocket, WebSocketDisconnect
from pydantic import Field, TypeAdapter, ValidationError

from highroller.web.api.chat_shapes import WsChat
from highroller.web.api.messages import MAX_MESSAGE, Hello, Ping, Visibility, WsAct, explain
from highroller.web.http.errors import Refused, asked_language
from highroller.web.http.quotas import address_of, network_of
from highroller.web.http.ratelimit import RateLimits, TokenBucket, TooFast
from highroller.web.metrics import registry as metrics
from highroller.web.tables.held_tables import Tables
from highroller.web.tables.live_table import Table
from highroller.web.tables.table_copy import Subscriber

socket_message: TypeAdapter[Hello | WsAct | Ping | Visibility | WsChat] = TypeAdapter(
    Annotated[Hello | WsAct | Ping | Visibility | WsChat, Field(discriminator="type")]
)
"""What a client may send on the socket: `messages.client_message`'s, and chat messages."""

MESSAGES_PER_SECOND = 10.0
BURST = 30.0
CLOSE_NO_TABLE = 4404
CLOSE_TOO_MANY = 4429
CLOSE_NO_HELLO = 4408
HELLO_SECONDS = 30.0
"""Seconds a connection has to say a valid hello before it is closed (it holds one of its address's places)."""


def _error(refused: Refused, lang: str) -> dict[str, str]:
    """An error message for the client, in `lang` (the hello's language; before it, the handshake's)."""
    metrics.refused(refused.code)
    return {"type": "error", **refused.answer(lang)}


class Pace:
    """One connection's messages: `allow()` is False once it sends faster than `MESSAGES_PER_SECOND`
    (beyond a burst), or its address, network or seat token sends faster than their rates
    (`RateLimits`: shared with every connection and HTTP request of theirs)."""

    def __init__(self, limits: RateLimits, host: str | None) -> None:
        self._bucket = TokenBucket(MESSAGES_PER_SECOND, BURST)
        self._limits = limits
        self.host = host
        self.token: str | None = None
        """The seat token the connection said hello with (its rate counts from then on)."""
        self._warned = 0.0

    def allow(self) -> bool:
        if self._bucket.take(time.monotonic()):
            return False
        try:
            self._limits.spend(self.host, self.token)
        except TooFast:
            return False
        return True

    def warn(self) -> bool:
        """Whether to tell the client it is too fast (once a second at most, so the warnings cannot flood)."""
        now = time.monotonic()
        if now - self._warned < 1.0:
            return False
        self._warned = now
        return True


class Connections:
    """How many table connections (WebSockets and waiting long polls) each client address, and each
    network, holds with this process: at most `limit` an address and `limit * addresses_per_network`
    a network (no limit when 0)."""

    def __init__(self, limit: int, addresses_per_network: int = 0) -> None:
        self._limits = (limit, limit * addresses_per_network)
        self._open: Counter[str] = Counter()

    @contextlib.contextmanager
    def admit(self, host: str | None, kind: str = "websocket") -> Iterator[bool]:
        """Count a connection of this address while it lasts; yields False when it, or its network, has too many.
        The metrics count it as `kind` ("websocket" or "long_poll")."""
        keys = (address_of(host), "net:" + network_of(host))
        allowed = all(not limit or self._open[key] < limit for key, limit in zip(keys, self._limits, strict=True))
        if allowed:
            self._open.update(keys)
            metrics.connection_opened(kind)
        try:
            yield allowed
        finally:
            if allowed:
                metrics.connection_closed(kind)
                self._open.subtract(keys)
                for key in keys:
                    if not self._open[key]:
                        del self._open[key]


async def _sender(websocket: WebSocket, table: Table, subscriber: Subscriber) -> None:
    """Send what the subscriber has to hear: direct replies first, then the latest state."""
    while True:
        await subscriber.wake.wait()
        subscriber.wake.clear()
        while subscriber.outbox:
            await websocket.send_json(subscriber.outbox.pop(0))
        if subscriber.dirty and not table.gone:
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


async def _hello(websocket: WebSocket, table: Table, pace: Pace) -> Subscriber | None:
    """Wait for a valid hello, answering anything else with an error; None if the client leaves, or
    says no valid hello within `HELLO_SECONDS` (the connection is then closed)."""
    deadline = time.monotonic() + HELLO_SECONDS
    while True:
        try:
            text = await asyncio.wait_for(_read(websocket), max(0.0, deadline - time.monotonic()))
        except TimeoutError:
            await websocket.send_json(
                _error(
                    Refused(
                        "say hello within {seconds} seconds of connecting",
                        code="hello-first",
                        seconds=format(HELLO_SECONDS, ".0f"),
                    ),
                    asked_language(websocket),
                )
            )
            await websocket.close(code=CLOSE_NO_HELLO)
            return None
        if text is None:
            return None
        if not pace.allow():
            continue
        try:
            message = socket_message.validate_json(text) if len(text) <= MAX_MESSAGE else None
            if message is None:
                await websocket.send_json(
                    _error(
                        Refused("messages are at most {most} bytes", code="too-large", most=MAX_MESSAGE),
                        asked_language(websocket),
                    )
                )
            elif not isinstance(message, Hello):
                await websocket.send_json(
                    _error(
                        Refused(
                            "say hello first: {hello}", code="hello-first", hello='{"type": "hello", "token": ...}'
                        ),
                        asked_language(websocket),
                    )
                )
            else:
                held = await table.held_by_fresh(message.token)
                await table.fresh()  # a client coming from another server process must not act on an older copy
                pace.token = message.token
                return Subscriber(held, message.lang)
        except ValidationError as error:
            await websocket.send_json(_error(Refused(explain(error), code="malformed"), asked_language(websocket)))
        except Refused as refused:
            await websocket.send_json(_error(refused, asked_language(websocket)))


async def serve_table(
    websocket: WebSocket, tables: Tables, connections: Connections, limits: RateLimits, table_id: str
) -> None:
    """Run one connection to a table until the client leaves."""
    await websocket.accept()
    host = websocket.client.host if websocket.client else None
    with connections.admit(host) as admitted:
        if not admitted:
            await websocket.send_json(
                _error(
                    Refused("too many open connections from your address", code="too-many-connections"),
                    asked_language(websocket),
                )
            )
            await websocket.close(code=CLOSE_TOO_MANY)
            return
        try:
            table = await tables.get(table_id)
        except Refused as refused:
            await websocket.send_json(_error(refused, asked_language(websocket)))
            await websocket.close(code=CLOSE_NO_TABLE)
            return
        pace = Pace(limits, host)
        with contextlib.suppress(WebSocketDisconnect):
            subscriber = await _hello(websocket, table, pace)
            if subscriber is None:
                return
            try:
                table = await tables.watch(table_id, subscriber)
            except Refused as refused:
                await websocket.send_json(_error(refused, subscriber.lang))
                await websocket.close(code=CLOSE_NO_TABLE)
                return
            tables.presence.enter(table.id, subscriber, subscriber.held)
            reader = await tables.chat.join(table, subscriber)
            try:
                sender = asyncio.create_task(_sender(websocket, table, subscriber))
                try:
                    while (text := await _read(websocket)) is not None:
                        await _handle(text, table, subscriber, pace, tables)
                finally:
                    sender.cancel()
                    await asyncio.gather(sender, return_exceptions=True)
            finally:
                table.subscribers.discard(subscriber)
                tables.presence.leave(table.id, subscriber)
                tables.chat.leave(table.id, reader)


async def _handle(text: str, table: Table, subscriber: Subscriber, pace: Pace, tables: Tables) -> None:
    if not pace.allow():
        if pace.warn():
            subscriber.say(
                _error(
                    Refused(
                        "too many messages: at most {most} a second",
                        code="too-fast",
                        most=format(MESSAGES_PER_SECOND, ".0f"),
                    ),
                    subscriber.lang,
                )
            )
        return
    if len(text) > MAX_MESSAGE:
        subscriber.say(
            _error(Refused("messages are at most {most} bytes", code="too-large", most=MAX_MESSAGE), subscriber.lang)
        )
        return
    try:
        message = socket_message.validate_json(text)
    except ValidationError as error:
        subscriber.say(_error(Refused(explain(error), code="malformed"), subscriber.lang))
        return
    if isinstance(message, Ping):
        subscriber.say({"type": "pong"})
    elif isinstance(message, Visibility):
        tables.presence.show(table.id, subscriber, message.visible)
    elif isinstance(message, WsChat):
        try:
            await tables.chat.post(table, subscriber.held, pace.host, message.text, message.phrase, message.name)
        except Refused as refused:
            retry = {} if refused.retry_after is None else {"retry_after": refused.retry_after}
            subscriber.say({**_error(refused, subscriber.lang), **retry})
    elif isinstance(message, Hello):
        subscriber.say(
            _error(Refused("already greeted; reconnect to change seats", code="hello-twice"), subscriber.lang)
        )
    elif isinstance(message, WsAct):
        try:
            with metrics.timed_action(table.game.name, "websocket"):
                await table.act(table.acting_seat(subscriber.held), message.version, message.action)
        except Refused as refused:
            subscriber.say(_error(refused, subscriber.lang))
