"""The HTTP JSON API of games and tables, under /api: the games (`highroller.web.api.game_api`), the lobby
and the tables (`table_api`), what a seat does at a table (`seat_api`), closing a table (`close_api`),
and finished games' records and replays (`record_api`).

Seat tokens travel in `Authorization: Bearer <token>`; without one a caller is a spectator. Every
refusal is `{"error": "...", "code": "..."}` with a fitting status, and changes nothing. Creating
tables and taking seats count against the caller's address's quotas (`highroller.web.http.quotas`).
"""

from __future__ import annotations

from fastapi import APIRouter

from highroller.web.api.close_api import build_close_router
from highroller.web.api.game_api import build_game_router
from highroller.web.api.record_api import build_record_router
from highroller.web.api.seat_api import build_seat_router
from highroller.web.api.table_api import build_table_router
from highroller.web.api.table_socket import Connections
from highroller.web.bots.hints import Hints
from highroller.web.bots.replays import Replays
from highroller.web.http.quotas import Quotas
from highroller.web.http.ratelimit import RateLimits
from highroller.web.tables.held_tables import Tables


def build_router(
    tables: Tables, quotas: Quotas, hints: Hints, replays: Replays, connections: Connections, limits: RateLimits
) -> APIRouter:
    """The API's routes of games and tables; `connections` counts the long polls waiting with the
    WebSockets, `limits` the requests that cost more than one."""
    router = APIRouter()
    router.include_router(build_game_router())
    router.include_router(build_table_router(tables, quotas, connections))
    router.include_router(build_seat_router(tables, quotas, hints))
    router.include_router(build_close_router(tables, quotas))
    router.include_router(build_record_router(tables, replays, limits))
    return router
