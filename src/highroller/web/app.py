"""The web application: pages, static files, the JSON API and the table WebSockets, on one store."""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import AsyncIterator, MutableMapping
from contextlib import asynccontextmanager
from dataclasses import replace
from http.client import responses
from typing import Any

from fastapi import FastAPI, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException
from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

from highroller.web.api.apidocs import add_api_docs
from highroller.web.api.chat_api import build_chat_router
from highroller.web.api.device_api import build_device_router
from highroller.web.api.games_and_tables import build_router
from highroller.web.api.history_api import build_history_router
from highroller.web.api.invitation_api import build_invitation_router
from highroller.web.api.messages import MAX_MESSAGE
from highroller.web.api.profile_api import build_profile_router
from highroller.web.api.push_api import build_push_router
from highroller.web.api.rating_api import build_rating_router
from highroller.web.api.signin_api import build_signin_router
from highroller.web.api.social_api import build_social_router
from highroller.web.api.table_socket import Connections, serve_table
from highroller.web.api.tutorial_api import build_tutorial_router
from highroller.web.api.your_games import build_games_router
from highroller.web.http.boards import add_boards
from highroller.web.http.errors import Phrase, Refused, asked_language
from highroller.web.http.headers import SecurityHeaders, security_headers
from highroller.web.http.i18n import add_words
from highroller.web.http.limits import BodyLimit
from highroller.web.http.log_context import current
from highroller.web.http.methods import AllowedMethods
from highroller.web.http.own_requests import OWN
from highroller.web.http.pages import STATIC, add_pages
from highroller.web.http.quotas import Quotas
from highroller.web.http.ratelimit import RateLimit, RateLimits
from highroller.web.http.request_log import RequestLog
from highroller.web.metrics import registry as metrics
from highroller.web.metrics.exposition import add_metrics_route, metrics_registry
from highroller.web.metrics.middleware import RequestMetrics
from highroller.web.moderation.gate import BanGate
from highroller.web.people.origin import LOCAL_ORIGIN, checked_origin
from highroller.web.services import Services
from highroller.web.settings import Settings
from highroller.web.store.database import Store

log = logging.getLogger(__name__)


def _readable(error: RequestValidationError) -> str:
    parts = []
    for item in error.errors():
        where = ".".join(str(p) for p in item["loc"] if p != "body") or "body"
        parts.append(f"{where}: {item['msg']}")
    return "; ".join(parts)


def _http_error(request: Request, error: HTTPException) -> tuple[str, str]:
    """A sentence in the asker's language and a kebab-case code for a framework HTTP error (404 unknown
    path, 405 wrong method...)."""
    phrase = responses.get(error.status_code, "Error")
    code = re.sub(r"[^a-z0-9]+", "-", phrase.lower()).strip("-")
    if error.detail != phrase:
        return str(error.detail), code
    if error.status_code == 404:
        said = Phrase("there is nothing at {path}", path=request.url.path)
    elif error.status_code == 405:
        said = Phrase("{path} does not accept {method}", path=request.url.path, method=request.method)
    else:
        said = Phrase("the request failed (HTTP {status})", status=error.status_code)
    return said.in_language(asked_language(request)), code


async def _first_requests(app: FastAPI) -> None:
    """Send the app a few requests before it serves anybody — the games' list, the OpenAPI description,
    and a path that is no route, which the framework matches against every route — so what is built on
    a first request (every route's handling, the API's description, the games' descriptions: hundreds of
    milliseconds) is built while nobody waits."""
    for path in ("/api/games", "/openapi.json", "/-"):
        scope = {
            "type": "http",
            "asgi": {"version": "3.0"},
            "http_version": "1.1",
            "method": "GET",
            "scheme": "http",
            "path": path,
            "raw_path": path.encode(),
            "root_path": "",
            "query_string": b"",
            "headers": [],
            "client": ("127.0.0.1", 0),
            "server": ("127.0.0.1", 0),
            OWN: True,
        }

        async def receive() -> dict[str, Any]:
            return {"type": "http.request", "body": b"", "more_body": False}

        async def send(message: MutableMapping[str, Any]) -> None:
            return None

        try:
            await app(scope, receive, send)
        except Exception:  # the server starts all the same; the request that fails again will say why
            log.exception("a request made before serving (%s) failed", path)


def create_app(store: Store, settings: Settings | None = None) -> FastAPI:
    """The application serving `store`'s tables, with the host's `settings` (bots, quotas, expiry; the
    site's origin, `origin.LOCAL_ORIGIN` when they give none)."""
    settings = settings or Settings()
    settings = replace(settings, public_origin=checked_origin(settings.public_origin or LOCAL_ORIGIN))
    services = Services(store, settings)
    tables = services.tables
    quotas = Quotas(store, settings)
    connections = Connections(settings.sockets_per_address, settings.addresses_per_network)
    limits = RateLimits(settings)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        services.start()
        await _first_requests(app)
        services.loop_watch.start()
        yield
        await services.stop()
        store.close()

    app = FastAPI(
        title="highroller",
        summary="Play casino dice games in the browser, or through this API with your own bots.",
        lifespan=lifespan,
        docs_url=None,
        redoc_url=None,
    )
    app.state.tables = tables
    app.state.services = services
    app.add_middleware(AllowedMethods, routes=app.router.routes)
    app.add_middleware(BodyLimit, limit=MAX_MESSAGE)
    app.add_middleware(RateLimit, limits=limits)
    app.add_middleware(BanGate, standing=services.standing, quotas=quotas)
    app.add_middleware(SecurityHeaders)
    app.add_middleware(RequestLog)
    app.add_middleware(ProxyHeadersMiddleware, trusted_hosts=settings.forwarded_allow_ips)
    if metrics.COUNTING:
        app.add_middleware(RequestMetrics)
    app.state.metrics = metrics_registry(store)

    @app.exception_handler(Refused)
    async def refused(request: Request, error: Refused) -> JSONResponse:
        metrics.refused(error.code)
        headers = {"Retry-After": str(error.retry_after)} if error.retry_after is not None else None
        return JSONResponse(error.answer(asked_language(request)), status_code=error.status, headers=headers)

    @app.exception_handler(RequestValidationError)
    async def malformed(request: Request, error: RequestValidationError) -> JSONResponse:
        return JSONResponse({"error": _readable(error), "code": "malformed"}, status_code=422)

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, error: HTTPException) -> Response:
        if error.status_code in {204, 304}:
            return Response(status_code=error.status_code, headers=error.headers)
        if (
            error.status_code == 400 and error.__cause__ is not None
        ):  # FastAPI could not read the body (not UTF-8, nested too deep)
            return JSONResponse(
                {
                    "error": "the body is not JSON this server can read: UTF-8 text, nested a few hundred levels at "
                    "most",
                    "code": "malformed",
                },
                status_code=422,
            )
        message, code = _http_error(request, error)
        return JSONResponse({"error": message, "code": code}, status_code=error.status_code, headers=error.headers)

    @app.exception_handler(500)
    async def crashed(request: Request, error: Exception) -> JSONResponse:
        # Starlette sends this from its outermost middleware, outside SecurityHeaders: add the headers here.
        headers = security_headers(request.scope["path"])
        if (context := current.get()) is not None:
            headers["X-Request-Id"] = context.request_id
        said = Phrase("the server failed to answer this request").in_language(asked_language(request))
        return JSONResponse({"error": said, "code": "internal-error"}, status_code=500, headers=headers)

    app.include_router(build_router(tables, quotas, services.hints, services.replays, connections, limits))
    app.include_router(build_games_router(store, tables))
    app.include_router(build_history_router(store, limits))
    app.include_router(build_profile_router(store, tables, quotas))
    app.include_router(build_push_router(store, settings))
    app.include_router(build_rating_router(store))
    app.include_router(build_signin_router(store, settings, quotas))
    app.include_router(build_device_router(store))
    app.include_router(build_social_router(store, tables))
    app.include_router(build_invitation_router(store, tables, quotas))
    app.include_router(build_chat_router(tables, quotas))
    app.include_router(build_tutorial_router(services.lessons, limits))
    add_api_docs(app)
    add_boards(app)
    add_words(app)

    @app.websocket("/ws/tables/{table_id}")
    async def table_socket(websocket: WebSocket, table_id: str) -> None:
        await serve_table(websocket, tables, connections, limits, table_id)

    add_pages(app)
    if settings.metrics_token:
        add_metrics_route(app, app.state.metrics, settings.metrics_token)

    @app.get("/healthz", include_in_schema=False)
    async def healthz() -> JSONResponse:
        no_store = {"Cache-Control": "no-store"}
        try:
            await asyncio.to_thread(store.ping)
        except Exception:
            log.exception("the health check could not read the database")
            return JSONResponse(
                {"error": "the database does not answer", "code": "unhealthy"}, status_code=503, headers=no_store
            )
        return JSONResponse({"status": "ok"}, headers=no_store)

    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    return app
