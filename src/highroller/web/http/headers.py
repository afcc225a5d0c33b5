"""An ASGI middleware that puts the security headers on every HTTP response: a strict Content Security
Policy, no framing, no MIME sniffing, a same-origin referrer and opener, and no caching of the API
(its answers carry seat tokens and live state). A header the route set itself is left as it is."""

from __future__ import annotations

from collections.abc import Mapping

from starlette.types import ASGIApp, Message, Receive, Scope, Send

Headers = list[tuple[bytes, bytes]]

CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; "
    "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)

SECURITY_HEADERS = {
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "Cross-Origin-Opener-Policy": "same-origin",
}

API_PREFIX = "/api/"


def security_headers(path: str) -> dict[str, str]:
    """The headers every response at `path` carries."""
    headers = {"Content-Security-Policy": CSP, **SECURITY_HEADERS}
    if path.startswith(API_PREFIX):
        headers["Cache-Control"] = "no-store"
    return headers


def _encoded(headers: Mapping[str, str]) -> Headers:
    return [(name.lower().encode("latin-1"), value.encode("latin-1")) for name, value in headers.items()]


class SecurityHeaders:
    """Add `security_headers` to each HTTP response (encoded once, not per request)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        self.page = _encoded(security_headers("/"))
        self.api = _encoded(security_headers(API_PREFIX))

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        extra = self.api if scope["path"].startswith(API_PREFIX) else self.page

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                present = {name.lower() for name, _ in headers}
                headers.extend(item for item in extra if item[0] not in present)
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_with_headers)
