"""An ASGI middleware that logs one line per HTTP request (`highroller.requests`: method, path without its
query string, status, milliseconds, client address, request id, and the table and seat it concerned) and two
per WebSocket connection (opened; closed, with its close code as status and how many messages it sent).

Each request gets its id (`log_context.request_id`: the proxy's `X-Request-Id` if plain, else a new one), sent
back as `X-Request-Id` and held for every line logged while it is handled. The client's address is the one the
forwarded headers give when the proxy is trusted (the app's `ProxyHeadersMiddleware` runs first)."""

from __future__ import annotations

import logging
import re
import time
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from highroller.web.http.log_context import RequestContext, current, request_id
from highroller.web.http.own_requests import is_own

requests = logging.getLogger("highroller.requests")

LONGEST_PATH = 200
"""Characters of a path a line holds at most (a longer one is cut, ending in "…")."""
TABLE_ID = re.compile(r"[A-Za-z0-9_-]{1,24}")
HEADER = b"x-request-id"


def _header(scope: Scope) -> str | None:
    for name, value in scope.get("headers", []):
        if name == HEADER:
            return bytes(value).decode("latin-1")
    return None


def _fields(scope: Scope, context: RequestContext, status: int, started: float) -> dict[str, Any]:
    """The fields of a request's line."""
    path = str(scope.get("path", ""))
    client = scope.get("client")
    table = context.table or scope.get("path_params", {}).get("table_id")
    return {
        "method": scope.get("method", "GET"),
        "path": path if len(path) <= LONGEST_PATH else path[:LONGEST_PATH] + "…",
        "status": status,
        "ms": round((time.perf_counter() - started) * 1000, 1),
        "client": client[0] if client else None,
        "request_id": context.request_id,
        "table": table if isinstance(table, str) and TABLE_ID.fullmatch(table) else None,
        "seat": context.seat,
    }


class RequestLog:
    """Log each request and WebSocket connection, giving each its id."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and not is_own(scope):
            await self._http(scope, receive, send)
        elif scope["type"] == "websocket":
            await self._websocket(scope, receive, send)
        else:
            await self.app(scope, receive, send)

    async def _http(self, scope: Scope, receive: Receive, send: Send) -> None:
        context = RequestContext(request_id(_header(scope)))
        current.set(context)  # left set if the app raises: the server's report of the error carries the id
        started = time.perf_counter()
        status = 500

        async def sending(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
                headers = [*message.get("headers", []), (HEADER, context.request_id.encode())]
                message = {**message, "headers": headers}
            await send(message)

        try:
            await self.app(scope, receive, sending)
        finally:
            level = logging.ERROR if status >= 500 else logging.INFO
            requests.log(level, "request", extra=_fields(scope, context, status, started))

    async def _websocket(self, scope: Scope, receive: Receive, send: Send) -> None:
        context = RequestContext(request_id(_header(scope)))
        current.set(context)
        started = time.perf_counter()
        messages = 0
        status = 403  # closed before it was accepted: the handshake is refused
        opened = False

        async def receiving() -> Message:
            nonlocal messages, status
            message = await receive()
            if message["type"] == "websocket.receive":
                messages += 1
            elif message["type"] == "websocket.disconnect" and opened:
                status = message.get("code", 1005)
            return message

        async def sending(message: Message) -> None:
            nonlocal status, opened
            if message["type"] == "websocket.accept":
                message = {**message, "headers": [*message.get("headers", []), (HEADER, context.request_id.encode())]}
                opened, status = True, 1000
                requests.info("websocket opened", extra=_fields(scope, context, 101, started))
            elif message["type"] == "websocket.close" and opened:
                status = message.get("code", 1000)
            await send(message)

        try:
            await self.app(scope, receiving, sending)
        finally:
            fields = _fields(scope, context, status, started)
            requests.info("websocket closed", extra={**fields, "messages": messages})
