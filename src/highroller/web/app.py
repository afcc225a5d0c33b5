"""The web application: pages, static files, the JSON API and the table WebSockets, on one store."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from importlib.resources import files
from pathlib import Path

from fastapi import FastAPI, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles

from highroller.web.api import build_router
from highroller.web.limits import BodyLimit
from highroller.web.live import serve_table
from highroller.web.messages import MAX_MESSAGE
from highroller.web.store import Store
from highroller.web.tables import Refused, Tables

STATIC = Path(str(files("highroller.web") / "static"))


def _readable(error: RequestValidationError) -> str:
    parts = []
    for item in error.errors():
        where = ".".join(str(p) for p in item["loc"] if p != "body") or "body"
        parts.append(f"{where}: {item['msg']}")
    return "; ".join(parts)


def create_app(store: Store, bot_delay: float = 0.6) -> FastAPI:
    """The application serving `store`'s tables; bots wait `bot_delay` seconds before moving."""
    tables = Tables(store, bot_delay)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        yield
        store.close()

    app = FastAPI(
        title="highroller",
        summary="Play casino dice games in the browser, or through this API with your own bots.",
        lifespan=lifespan,
    )
    app.state.tables = tables
    app.add_middleware(BodyLimit, limit=MAX_MESSAGE)

    @app.exception_handler(Refused)
    async def refused(request: Request, error: Refused) -> JSONResponse:
        return JSONResponse({"error": error.message, "code": error.code}, status_code=error.status)

    @app.exception_handler(RequestValidationError)
    async def malformed(request: Request, error: RequestValidationError) -> JSONResponse:
        return JSONResponse({"error": _readable(error), "code": "malformed"}, status_code=422)

    app.include_router(build_router(tables))

    @app.websocket("/ws/tables/{table_id}")
    async def table_socket(websocket: WebSocket, table_id: str) -> None:
        await serve_table(websocket, tables, table_id)

    def page(name: str) -> Response:
        return FileResponse(STATIC / name, media_type="text/html")

    @app.get("/", include_in_schema=False)
    async def lobby() -> Response:
        return page("lobby.html")

    @app.get("/table/{table_id}", include_in_schema=False)
    async def table_page(table_id: str) -> Response:
        return page("table.html")

    @app.get("/replay/{table_id}", include_in_schema=False)
    async def replay_page(table_id: str) -> Response:
        return page("replay.html")

    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    return app
