"""ASGI middleware counting and timing each HTTP request by its route's template
(`/api/tables/{table_id}/actions`), method and status. A request answered before it reached a route
(the rate limiter's 429, an unknown path's 404) counts as route "other"; static files as `/static`."""

from __future__ import annotations

import time

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from highroller.web.http.own_requests import is_own
from highroller.web.metrics.registry import count_request


def route_of(scope: Scope, templates: dict[object, str]) -> str:
    """The template of the route that answered, never the path itself; `templates`: the templates of
    routes that do not say theirs (Starlette's own, such as pages), by endpoint, filled on first use."""
    route = scope.get("route")
    template = getattr(route, "path_format", None)
    if isinstance(template, str):
        return template
    endpoint = scope.get("endpoint")
    if endpoint is not None and endpoint not in templates:
        for each in scope["app"].router.routes:
            if getattr(each, "endpoint", None) is endpoint:
                templates[endpoint] = each.path_format
    if endpoint in templates:
        return templates[endpoint]
    if scope.get("root_path") == "/static":
        return "/static"
    return "other"


class RequestMetrics:
    """Counts every HTTP request once it is answered (an exception counts as 500)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        self._templates: dict[object, str] = {}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or is_own(scope):
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        status = 500

        async def sending(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = int(message["status"])
            await send(message)

        try:
            await self.app(scope, receive, sending)
        finally:
            count_request(route_of(scope, self._templates), scope["method"], status, time.perf_counter() - started)
