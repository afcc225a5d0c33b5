"""The middleware that turns banned askers away (`BanGate`): every HTTP request and WebSocket connection
is checked, by the client's address as quotas see it (the forwarded one behind a trusted proxy), its
network and its profile key (`X-Profile`), against what this process knows of the bans
(`highroller.web.moderation.standing`). A banned request is answered 403 `{"error", "code": "banned"}` in
its asker's language, saying until when; a banned WebSocket is closed before it opens, with the policy
code. The server's own machine is never banned by address, and `/healthz` always answers."""

from __future__ import annotations

from starlette.requests import HTTPConnection
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Receive, Scope, Send

from highroller.web.http.errors import asked_language
from highroller.web.http.quotas import Quotas, is_local
from highroller.web.metrics.registry import refused
from highroller.web.moderation.standing import Standing, banned_refusal
from highroller.web.people.profiles import MAX_KEY

POLICY_VIOLATION = 1008
"""The WebSocket close code a banned connection gets."""

ALWAYS_ANSWERED = frozenset({"/healthz"})


def _short(reason: str) -> str:
    """A close reason as a WebSocket carries it: at most 123 bytes of UTF-8."""
    return reason.encode()[:120].decode(errors="ignore")


class BanGate:
    """Refuses the requests and connections of banned addresses, networks and profiles."""

    def __init__(self, app: ASGIApp, standing: Standing, quotas: Quotas) -> None:
        self.app = app
        self.standing = standing
        self.quotas = quotas

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket") or scope["path"] in ALWAYS_ANSWERED:
            await self.app(scope, receive, send)
            return
        connection = HTTPConnection(scope)
        host = connection.client.host if connection.client else None
        local = is_local(host, connection.headers)
        key = connection.headers.get("x-profile")
        ban = self.standing.ban_of(
            self.quotas.origin(host, local=local), local, key if key and len(key) <= MAX_KEY else None
        )
        if ban is None:
            await self.app(scope, receive, send)
            return
        refusal = banned_refusal(ban)
        refused(refusal.code)
        lang = asked_language(connection)
        if scope["type"] == "websocket":
            await send(
                {"type": "websocket.close", "code": POLICY_VIOLATION, "reason": _short(refusal.in_language(lang))}
            )
            return
        await JSONResponse(refusal.answer(lang), status_code=403)(scope, receive, send)
