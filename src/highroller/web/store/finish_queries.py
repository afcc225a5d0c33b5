"""The queries of finished games (`hr_finishes`): one row per seat of each finished table, written in the
transaction that stores its last step, with what a profile's history, statistics and export need
without loading the game: the game, the player count, who sat there, each seat's place and score, when
it ended and whether it was rated.

Places follow the ratings (`highroller.web.ratings.results.ranking_of`): by the game's returns, the
highest first, equal returns sharing a place and the next return taking the next place; the people who
left the game share the place after every other. The rows outlive the table (expiry deletes tables,
never their finishes), so a history lists games whose record is gone.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from highroller.web.store.transaction import Transactions

LEFT = "left"
"""The `control` of a seat whose person left the game."""


@dataclass(frozen=True)
class Finish:
    """One seat of a finished game: its person's profile (None: a guest, a bot, a deleted profile at an
    unrated table), its bot, a guest's name, its place and score, and whether its person left."""

    table_id: str
    seat: int
    game: str
    players: int
    profile: str | None
    bot: str | None
    name: str | None
    place: int
    score: float
    left: bool
    finished_at: float
    rated: str | None
    kept: bool = False
    """Whether the table (and so its record and replay) is still stored."""


def places(left: Sequence[bool], returns: Sequence[float]) -> list[int]:
    """Each seat's place: by return among those who stayed (equal returns share one), those who left after all."""
    order = sorted({value for value, gone in zip(returns, left, strict=True) if not gone}, reverse=True)
    return [len(order) + 1 if gone else order.index(value) + 1 for value, gone in zip(returns, left, strict=True)]


_COLUMNS = "f.table_id, f.seat, f.game, f.players, f.profile_id, f.bot, f.name, f.place, f.score, f.left_game, "
_COLUMNS += "f.finished_at, f.rated, CASE WHEN t.id IS NULL THEN 0 ELSE 1 END"


def _finish(row: Sequence[Any]) -> Finish:
    return Finish(
        str(row[0]),
        int(row[1]),
        str(row[2]),
        int(row[3]),
        row[4],
        row[5],
        row[6],
        int(row[7]),
        float(row[8]),
        bool(row[9]),
        float(row[10]),
        row[11],
        bool(row[12]),
    )


class FinishQueries(Transactions):
    """Finished games, by seat."""

    def note_finish(self, cursor: Any, table_id: str, returns: Sequence[float], at: float) -> None:
        """In the caller's transaction: store the finish of every seat of the table (ended at `at`, its
        seats' `returns`), unless stored already."""
        head = self.run(cursor, "SELECT game, rated FROM hr_tables WHERE id = ?", (table_id,)).fetchone()
        seats = self.run(
            cursor,
            "SELECT seat, profile_id, bot, name, control FROM hr_seats WHERE table_id = ? ORDER BY seat",
            (table_id,),
        ).fetchall()
        if head is None or len(seats) != len(returns):
            return
        gone = [row[4] == LEFT for row in seats]
        for (seat, profile, bot, name, _), place, score, left in zip(
            seats, places(gone, returns), returns, gone, strict=True
        ):
            self.run(
                cursor,
                "INSERT INTO hr_finishes (table_id, seat, game, players, profile_id, bot, name, place, score, "
                "left_game, finished_at, rated) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
                " ON CONFLICT (table_id, seat) DO NOTHING",
                (
                    table_id,
                    int(seat),
                    head[0],
                    len(seats),
                    profile,
                    bot,
                    name if profile is None and bot is None else None,
                    place,
                    float(score),
                    int(left),
                    at,
                    head[1],
                ),
            )

    def record_finish(self, table_id: str, returns: Sequence[float], at: float) -> None:
        """`note_finish` in a transaction of its own (a table finished before finishes were stored)."""
        with self.transaction(write=True) as cursor:
            self.note_finish(cursor, table_id, returns, at)

    def unnoted_finishes(self, limit: int) -> list[tuple[str, float | None]]:
        """Finished tables without their finishes, the first finished first: (id, finished_at)."""
        with self.transaction() as cursor:
            rows = self.run(
                cursor,
                "SELECT id, finished_at FROM hr_tables t WHERE finished = 1 AND NOT EXISTS (SELECT 1 FROM hr_finishes f"
                " WHERE f.table_id = t.id) ORDER BY finished_at, id LIMIT ?",
                (limit,),
            ).fetchall()
        return [(str(row[0]), None if row[1] is None else float(row[1])) for row in rows]

    def finished_tables(
        self, profile_id: str, limit: int, before: tuple[float, str] | None = None
    ) -> list[list[Finish]]:
        """The finished games a profile sat at, the newest first, at most `limit`, those ended before
        `before` (when, table id) only: each game's seats in seat order."""
        condition, args = "", list[Any]([profile_id])
        if before is not None:
            condition = " AND (finished_at < ? OR (finished_at = ? AND table_id < ?))"
            args += [before[0], before[0], before[1]]
        with self.transaction() as cursor:
            ids = self.run(
                cursor,
                f"SELECT DISTINCT finished_at, table_id FROM hr_finishes WHERE profile_id = ?{condition}"
                " ORDER BY finished_at DESC, table_id DESC LIMIT ?",
                (*args, limit),
            ).fetchall()
            if not ids:
                return []
            rows = self.run(
                cursor,
                f"SELECT {_COLUMNS} FROM hr_finishes f LEFT JOIN hr_tables t ON t.id = f.table_id WHERE f.table_id IN "
                f"({', '.join('?' * len(ids))}) ORDER BY f.table_id, f.seat",
                [row[1] for row in ids],
            ).fetchall()
        games: dict[str, list[Finish]] = {str(row[1]): [] for row in ids}
        for row in rows:
            games[str(row[0])].append(_finish(row))
        return [games[str(row[1])] for row in ids]
