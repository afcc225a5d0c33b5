"""What the API's routes read from a request: the seat token (`bearer`), the seat it holds at a table
(`seated`), the address's quota origin (`origin`) and the language asked for (`page_language`)."""

from __future__ import annotations

from fastapi import Query, Request

from highroller.core.words import LANGUAGES
from highroller.web.http.errors import Refused
from highroller.web.http.quotas import Quotas, is_local
from highroller.web.http.ratelimit import bearer_token
from highroller.web.store.rows import Origin
from highroller.web.tables.held_tables import Tables
from highroller.web.tables.live_table import Table


def bearer(authorization: str | None) -> str | None:
    """The token of an `Authorization: Bearer ...` header, if any; `Refused` for another header."""
    token = bearer_token(authorization)
    if authorization is not None and token is None:
        raise Refused("use 'Authorization: Bearer <seat token>'", 401, "bad-token")
    return token


def page_language(
    lang: str = Query(default="en", max_length=20, description="the language of the log and the choices: en, fr or de"),
) -> str:
    """The language a request asks for, or `Refused` saying which there are."""
    if lang not in LANGUAGES:
        raise Refused(
            "lang is one of {languages}, not {lang}", 422, "bad-lang", languages=", ".join(LANGUAGES), lang=repr(lang)
        )
    return lang


def origin(quotas: Quotas, request: Request) -> Origin:
    """Where a request comes from, as the quotas count it (`quotas.LOCAL`: the server's own machine)."""
    host = request.client.host if request.client else None
    return quotas.origin(host, local=is_local(host, request.headers))


async def seated(tables: Tables, table_id: str, authorization: str | None) -> tuple[Table, int | None]:
    """The table, brought up to date with the store, and the seat the request's token holds there (None: a
    spectator)."""
    table = await tables.get(table_id)
    await table.fresh()
    return table, await table.seat_of_fresh(bearer(authorization))
