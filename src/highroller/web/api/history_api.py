"""The routes of a profile's finished games: its history (a page at a time, the newest first), its
statistics, and its export as CSV or as a zip of the games' records. Each needs the profile's key
(`X-Profile`); the work is done in threads, and an export, which is heavy, is counted against a rate of
its own per profile (`EXPORTS_PER_HOUR`, after a burst of `EXPORT_BURST`) and against the address's
request rates."""

from __future__ import annotations

import asyncio
import time
from typing import Any

from fastapi import APIRouter, Depends, Query, Request
from fastapi.responses import Response, StreamingResponse

from highroller.web.api.answers import documented
from highroller.web.api.history_shapes import History, Stats, file_answer
from highroller.web.api.messages import REFUSALS
from highroller.web.api.profile_api import current_profile, profile_header
from highroller.web.api.route_args import page_language
from highroller.web.bots.replays import COST
from highroller.web.history.export import CSV_GAMES, csv_text
from highroller.web.history.names import seat_names
from highroller.web.history.pages import PAGE, history_page, read_cursor, stats_of
from highroller.web.history.records import ZIP_GAMES, zipped_records
from highroller.web.http.ratelimit import Buckets, RateLimits, TooFast
from highroller.web.people.profiles import Profile
from highroller.web.store.database import Store

EXPORTS_PER_HOUR = 20
"""Exports a profile may ask for an hour, after its burst."""
EXPORT_BURST = 3
"""Exports a profile may ask for at once."""


def build_history_router(store: Store, limits: RateLimits) -> APIRouter:
    """The routes of a profile's history, statistics and export."""
    router = APIRouter(prefix="/api", responses=REFUSALS)
    rate = EXPORTS_PER_HOUR / 3600
    exports = Buckets(rate, EXPORT_BURST / rate)
    zipping = asyncio.Semaphore(1)

    async def exporter(request: Request, key: str | None) -> Profile:
        profile = await current_profile(store, key)
        limits.spend(request.client.host if request.client else None, None, COST - 1)
        wait = exports.take(profile.id, time.monotonic())
        if wait:
            raise TooFast(
                "an export is heavy: {count} an hour at most; try again in a while",
                max(1, round(wait)),
                count=EXPORTS_PER_HOUR,
            )
        return profile

    @router.get(
        "/me/history",
        summary="Your finished games, the newest first, a page at a time",
        response_model=None,
        responses=documented(History, "a page of your finished games"),
    )
    async def your_history(
        key: str | None = Depends(profile_header),
        lang: str = Depends(page_language),
        before: str | None = Query(
            default=None, max_length=64, description="the `next` of the page before: the games that ended before it"
        ),
        limit: int = Query(default=20, ge=1, le=PAGE, description="the most games on the page"),
    ) -> dict[str, Any]:
        profile = await current_profile(store, key)
        cursor = read_cursor(before)
        return await asyncio.to_thread(history_page, store, profile.id, cursor, limit, lang)

    @router.get(
        "/me/stats",
        summary="Your statistics: per game and player count, your rating over time, head to head",
        response_model=None,
        responses=documented(Stats, "your statistics"),
    )
    async def your_stats(
        request: Request, key: str | None = Depends(profile_header), lang: str = Depends(page_language)
    ) -> dict[str, Any]:
        profile = await current_profile(store, key)
        limits.spend(request.client.host if request.client else None, None, COST - 1)
        return await asyncio.to_thread(stats_of, store, profile.id, lang)

    @router.get(
        "/me/export.csv",
        summary="Your finished games as CSV, one row a game (the latest 10,000)",
        response_class=Response,
        responses=file_answer("text/csv", "the CSV, as a file to download"),
    )
    async def export_csv(
        request: Request, key: str | None = Depends(profile_header), lang: str = Depends(page_language)
    ) -> Response:
        profile = await exporter(request, key)

        def work() -> str:
            games = store.finished_tables(profile.id, CSV_GAMES)
            return csv_text(games, profile.id, seat_names(store, games, lang), lang)

        text = await asyncio.to_thread(work)
        disposition = 'attachment; filename="highroller-games.csv"'
        return Response(text, media_type="text/csv; charset=utf-8", headers={"Content-Disposition": disposition})

    @router.get(
        "/me/export.zip",
        summary="The records of your finished games still kept, as a zip (the latest 1,000)",
        response_class=Response,
        responses=file_answer("application/zip", "the zip, as a file to download"),
    )
    async def export_zip(request: Request, key: str | None = Depends(profile_header)) -> StreamingResponse:
        profile = await exporter(request, key)
        games = await asyncio.to_thread(store.finished_tables, profile.id, ZIP_GAMES)
        ids = [game[0].table_id for game in games if game[0].kept]
        disposition = 'attachment; filename="highroller-records.zip"'
        return StreamingResponse(
            zipped_records(store, ids, zipping),
            media_type="application/zip",
            headers={"Content-Disposition": disposition},
        )

    return router
