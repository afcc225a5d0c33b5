"""The queries of a table's seats: a person taking an open seat, leaving one before the game starts,
going away, coming back or leaving it to the stand-in; and counting what costs as much as a seat taken."""

from __future__ import annotations

import json

from highroller.web import clock
from highroller.web.store.row_writes import RowWrites
from highroller.web.store.rows import Conflict, Origin, Texts, Turn


class SeatQueries(RowWrites):
    """Who sits in a table's seats, and who plays them."""

    def claim_seat(
        self,
        table_id: str,
        revision: int,
        seat: int,
        name: str,
        token_hash: str,
        joiner: Origin | None,
        *,
        started: bool,
        turn: Turn,
        profile: str | None = None,
        bank: float | None = None,
    ) -> int:
        """Give an open seat to a person (the table unchanged since `revision`; `profile`: theirs, if
        they have one; `bank`: their time bank), counted as a seat taken by `joiner`, from whose network
        it is noted taken; the new revision."""
        with self.transaction(write=True) as cursor:
            new = self._bump(cursor, table_id, "revision = ?", [revision], {"started": int(started), **turn.columns()})
            taken = self.run(
                cursor,
                "UPDATE hr_seats SET name = ?, token_hash = ?, control = NULL, profile_id = ?, bank = ?, network = ?, "
                "joined_by = ?"
                " WHERE table_id = ? AND seat = ? AND bot IS NULL AND token_hash IS NULL",
                (name, token_hash, profile, bank, joiner and joiner.network, joiner and joiner.address, table_id, seat),
            )
            if taken.rowcount != 1:
                raise Conflict(f"seat {seat} of table {table_id} is taken")
            self._count_join(cursor, joiner, clock.now())
            self.notify(cursor, table_id, new, turn.due)
            return new

    def count_join(self, joiner: Origin) -> None:
        """Count something that is not a seat but costs as much (a profile made) as a seat taken by `joiner`."""
        with self.transaction(write=True) as cursor:
            self._count_join(cursor, joiner, clock.now())

    def free_seat(self, table_id: str, revision: int, seat: int) -> int:
        """A person leaves a table whose game has not started: the seat is open again."""
        with self.transaction(write=True) as cursor:
            new = self._bump(cursor, table_id, "revision = ? AND started = 0", [revision], {})
            self.run(
                cursor,
                "UPDATE hr_seats SET name = NULL, token_hash = NULL, control = NULL, profile_id = NULL, bank = NULL, "
                "joined_by = NULL"
                " WHERE table_id = ? AND seat = ?",
                (table_id, seat),
            )
            self.notify(cursor, table_id, new)
            return new

    def set_control(
        self, table_id: str, revision: int, seat: int, change: str, step: int, turn: Turn, line: Texts
    ) -> int:
        """Mark a person's seat "away", "back" (a person again) or "left" (`line`: the log's line saying
        so); the new revision."""
        with self.transaction(write=True) as cursor:
            new = self._bump(
                cursor,
                table_id,
                "revision = ? AND finished = 0",
                [revision],
                {**turn.columns(), "last_line": json.dumps(line, ensure_ascii=False)},
            )
            self._seat_change(cursor, table_id, new, step, seat, change, clock.now())
            self.notify(cursor, table_id, new, turn.due)
            return new
