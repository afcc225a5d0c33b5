"""What a log line made while a request is handled says about it: the request's id, and the table and seat it
concerns (`RequestContext`, held in a context variable for the request's task and what it starts). The routes
name the table and seat once a seat token is resolved (`note_seat`); the table's events (a table created, a seat
taken or left, a game finished, a table closed, a rematch) are one INFO line each (`log_event`)."""

from __future__ import annotations

import logging
import re
import uuid
from contextvars import ContextVar
from dataclasses import dataclass

REQUEST_ID = re.compile(r"[A-Za-z0-9-]{1,64}")
"""An incoming `X-Request-Id` kept as it is (a proxy's); any other is replaced by one made here."""

events = logging.getLogger("highroller.events")


@dataclass
class RequestContext:
    """One request's: its id, and the table and seat it concerns once known (a spectator holds no seat)."""

    request_id: str
    table: str | None = None
    seat: int | None = None


current: ContextVar[RequestContext | None] = ContextVar("highroller_request", default=None)
"""The request being handled (None outside a request: a bot worker, the housekeeping)."""


def request_id(incoming: str | None) -> str:
    """The id of a request: the `X-Request-Id` it came with if short and plain, else a new one (32 hex digits)."""
    if incoming is not None and REQUEST_ID.fullmatch(incoming):
        return incoming
    return uuid.uuid4().hex


def note_seat(table: str, seat: int | None) -> None:
    """The request being handled concerns `table`, as `seat` (None: as a spectator)."""
    context = current.get()
    if context is not None:
        context.table, context.seat = table, seat


def log_event(event: str, table: str, seat: int | None = None, **fields: str) -> None:
    """One INFO line of `highroller.events`: `event` (kebab-case, its message the same in words) at `table`,
    by `seat` if a seat did it. A request that named no table yet (one making a table or taking a seat) is
    then about this table and seat."""
    context = current.get()
    if context is not None and context.table is None:
        note_seat(table, seat)
    events.info(event.replace("-", " "), extra={"event": event, "table": table, "seat": seat, **fields})
