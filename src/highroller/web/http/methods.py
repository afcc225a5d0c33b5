"""An ASGI middleware that answers for the HTTP methods of a path as a whole, not route by route.

Several routes may share a path (`GET` and `POST /api/tables`), and the router alone answers a method
none of them takes with the methods of the first one. Here, on a path some route matches:
`OPTIONS` is answered 204 with an `Allow` header listing every method the path accepts (HEAD wherever
GET is, and OPTIONS); `HEAD` is answered like GET, without the body, wherever GET is; and a 405 carries
that same `Allow` list. Unknown paths are left to the router (404)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import fastapi.routing
from starlette.responses import Response
from starlette.routing import BaseRoute, Match
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send


def _every_route(routes: Sequence[BaseRoute]) -> Iterable[Any]:
    """The routes, with those of included routers: FastAPI 0.137 and later keep an included router as
    one route and list what it holds with `iter_route_contexts`; earlier ones copied its routes in."""
    listing = getattr(fastapi.routing, "iter_route_contexts", None)
    return routes if listing is None else listing(routes)


def declared_methods(routes: Sequence[BaseRoute], path: str, root_path: str) -> set[str] | None:
    """The methods the routes matching `path` declare; None when none matches, or one takes any method."""
    probe: Scope = {"type": "http", "path": path, "root_path": root_path, "method": "OPTIONS"}
    methods: set[str] = set()
    for route in _every_route(routes):
        match, _ = route.matches(probe)
        if match is Match.NONE:
            continue
        declared = getattr(route, "methods", None)  # a mount has none
        if declared is not None:
            methods |= declared
        elif isinstance(getattr(route, "app", None), StaticFiles):
            methods |= {"GET", "HEAD"}
        else:
            return None
    return methods or None


def allow(declared: set[str]) -> str:
    """The `Allow` header of a path whose routes declare these methods."""
    implied = {"HEAD"} if "GET" in declared else set()
    return ", ".join(sorted(declared | implied | {"OPTIONS"}))


class AllowedMethods:
    """Answer OPTIONS and HEAD for every route of a path, and put the full `Allow` list on a 405."""

    def __init__(self, app: ASGIApp, routes: Sequence[BaseRoute]) -> None:
        self.app = app
        self.routes = routes
        """The application's routes (the list itself: routes added later count)."""

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path, root_path, method = scope["path"], scope.get("root_path", ""), scope["method"]
        if method in ("OPTIONS", "HEAD"):
            declared = declared_methods(self.routes, path, root_path)
            if declared is not None and method not in declared:
                if method == "OPTIONS":
                    await Response(status_code=204, headers={"Allow": allow(declared)})(scope, receive, send)
                    return
                if "GET" in declared:
                    await self.app({**scope, "method": "GET"}, receive, _headers_only(send))
                    return

        async def send_with_allow(message: Message) -> None:
            if message["type"] == "http.response.start" and message["status"] == 405:
                declared = declared_methods(self.routes, path, root_path)
                if declared is not None:
                    headers = [(name, value) for name, value in message.get("headers", []) if name.lower() != b"allow"]
                    message = {**message, "headers": [*headers, (b"allow", allow(declared).encode())]}
            await send(message)

        await self.app(scope, receive, send_with_allow)


def _headers_only(send: Send) -> Send:
    """`send` dropping the body of the response (the answer to HEAD), its Content-Length kept."""

    async def send_headers(message: Message) -> None:
        if message["type"] == "http.response.body":
            message = {**message, "body": b""}
        await send(message)

    return send_headers
