"""`/metrics` in Prometheus's text format: on the main app to requests bearing the metrics token
(`Settings.metrics_token`; without one the path does not exist), or on a listener of its own
(`start_listener`, `highroller serve --metrics-port`), a plain HTTP server in a thread serving only
`/metrics`. Either adds up the values of every process sharing the multi-process directory, plus the
database's counts (`collectors`); the collection runs in a thread, never on the event loop."""

from __future__ import annotations

import asyncio
import hmac
import socket
import threading
from collections.abc import Callable, Iterable, Iterator
from socketserver import ThreadingMixIn
from typing import Any
from wsgiref.simple_server import WSGIRequestHandler, WSGIServer, make_server

from fastapi import FastAPI, Request, Response
from fastapi.responses import JSONResponse
from prometheus_client import CONTENT_TYPE_LATEST, REGISTRY, CollectorRegistry, generate_latest, make_wsgi_app
from prometheus_client.multiprocess import MultiProcessCollector
from prometheus_client.registry import Collector

from highroller.web.metrics import multiprocess
from highroller.web.metrics.collectors import DatabaseCollector
from highroller.web.store.database import Store

PATH = "/metrics"


class _ThisProcess(Collector):
    """The default registry's metrics (single-process mode: in-process tests)."""

    def collect(self) -> Iterator[Any]:
        return iter(REGISTRY.collect())


def metrics_registry(store: Store) -> CollectorRegistry:
    """What `/metrics` answers: every process's values (in multi-process mode) or this one's, and the database's."""
    registry = CollectorRegistry(auto_describe=True)
    where = multiprocess.directory()
    if where is not None:
        MultiProcessCollector(registry, where)
    else:
        registry.register(_ThisProcess())
    registry.register(DatabaseCollector(store))
    return registry


def add_metrics_route(app: FastAPI, registry: CollectorRegistry, token: str) -> None:
    """Serve `/metrics` on `app` to requests with `Authorization: Bearer <token>`; 401 to others."""
    expected = f"Bearer {token}".encode()

    @app.get(PATH, include_in_schema=False)
    async def metrics(request: Request) -> Response:
        given = request.headers.get("authorization", "").encode("latin-1", "replace")
        if not hmac.compare_digest(given, expected):
            return JSONResponse(
                {"error": "the metrics need the metrics token: Authorization: Bearer TOKEN", "code": "metrics-token"},
                status_code=401,
                headers={"WWW-Authenticate": "Bearer", "Cache-Control": "no-store"},
            )
        body = await asyncio.to_thread(generate_latest, registry)
        return Response(body, media_type=CONTENT_TYPE_LATEST, headers={"Cache-Control": "no-store"})


class _Server(ThreadingMixIn, WSGIServer):
    daemon_threads = True


class _Server6(_Server):
    address_family = socket.AF_INET6


class _Quiet(WSGIRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        """Scrapes are not logged."""


def _only_metrics(app: Callable[..., Iterable[bytes]]) -> Callable[..., Iterable[bytes]]:
    def serve(environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        if environ.get("PATH_INFO") != PATH:
            start_response("404 Not Found", [("Content-Type", "text/plain")])
            return [b"only /metrics is served here\n"]
        return app(environ, start_response)

    return serve


def start_listener(host: str, port: int, registry: CollectorRegistry) -> WSGIServer:
    """Serve `/metrics` (nothing else) on `host:port` from a thread; the server (its `server_port`, `shutdown`)."""
    kind = _Server6 if ":" in host else _Server
    server = make_server(host, port, _only_metrics(make_wsgi_app(registry)), kind, handler_class=_Quiet)
    threading.Thread(target=server.serve_forever, name="metrics-listener", daemon=True).start()
    return server
