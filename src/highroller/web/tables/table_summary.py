"""A table as the lobby lists it, from its stored header alone (without replaying its steps): its seats
as every client sees them, which are open (and how people read a list of seats), and its summary."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from highroller.registry import game_spec
from highroller.web.http.checks import TURN_BASED
from highroller.web.store.rows import SeatRow, TableRow
from highroller.web.tables.turns import seat_name


def seats_status(seats: Sequence[SeatRow], lang: str = "en") -> list[dict[str, Any]]:
    """The seats as every client sees them, named in `lang`."""
    return [
        {
            "seat": r.seat,
            "name": seat_name(r, lang),
            "bot": r.bot,
            "taken": r.bot is not None or r.token_hash is not None,
            "away": r.control is not None,
            "left": r.control == "left",
            "bank": None if r.bank is None else round(r.bank),
        }
        for r in seats
    ]


def open_seats(seats: Sequence[SeatRow]) -> list[int]:
    return [row.seat for row in seats if row.bot is None and row.token_hash is None]


def summary_of(row: TableRow, version: int | None = None, lang: str = "en") -> dict[str, Any]:
    """A table as the lobby lists it (from the stored header, without replaying it), its seats named in `lang`."""
    return {
        "id": row.id,
        "game": row.game,
        "title": game_spec(row.game).title,
        "seats": seats_status(row.seats, lang),
        "open_seats": open_seats(row.seats),
        "started": not open_seats(row.seats),
        "finished": row.finished,
        "version": row.version if version is None else version,
        "created": row.created,
        "timer": {
            "seconds": row.timer,
            "stand_in": row.stand_in,
            "bank": row.bank,
            "turn_based": row.timer >= TURN_BASED,
        }
        if row.timer
        else None,
        "rated": row.rated,
        "hints": row.hints,
        "real_dice": row.real_dice,
        "stand_in": row.stand_in,
        "options": row.options,
    }


def seat_list(seats: Sequence[int]) -> str:
    """Seats as people read them, numbered from 1 as on the page: "2, 3"."""
    return ", ".join(str(seat + 1) for seat in seats)
