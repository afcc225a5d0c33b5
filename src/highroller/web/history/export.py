"""A profile's finished games as CSV, one row a game: the date (UTC, ISO 8601), the game, the players,
your place and score, whether it was rated, the table's id and your opponents. A cell a spreadsheet
would read as a formula (one starting with = + - @, a tab or a carriage return) is prefixed with an
apostrophe, and so is each such name in a list of names."""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from datetime import UTC, datetime

from highroller.web.history.names import game_title, mine
from highroller.web.store.finish_queries import Finish

CSV_GAMES = 10_000
"""The most games (the latest) one CSV lists."""
HEADER = ("date", "game", "players", "place", "score", "rated", "table", "opponents")
FORMULA = ("=", "+", "-", "@", "\t", "\r")


def safe_cell(text: str) -> str:
    """A text cell no spreadsheet reads as a formula."""
    return "'" + text if text.startswith(FORMULA) else text


def _number(value: float) -> str:
    return str(int(value)) if value == int(value) else repr(value)


def csv_text(games: Sequence[Sequence[Finish]], profile_id: str, names: dict[tuple[str, int], str], lang: str) -> str:
    """The CSV of these games (the seats' `names` in `lang`), the newest first."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(HEADER)
    for game in games:
        seat = mine(game, profile_id)
        opponents = [safe_cell(names[f.table_id, f.seat]) for f in game if f.profile != profile_id]
        writer.writerow(
            (
                datetime.fromtimestamp(seat.finished_at, UTC).isoformat(timespec="seconds"),
                safe_cell(game_title(seat.game, lang)),
                safe_cell("; ".join(safe_cell(names[f.table_id, f.seat]) for f in game)),
                seat.place,
                _number(seat.score),
                "yes" if seat.rated else "no",
                seat.table_id,
                safe_cell("; ".join(opponents)),
            )
        )
    return out.getvalue()
