"""The queries that delete what is no longer kept, and find games left alone: tables nobody started and
games finished long enough ago, the count of seats taken an hour ago, a table its maker closes before it
starts, and the untimed games in which nothing happened for long."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from highroller.web.store.changes import GONE
from highroller.web.store.chat_queries import CHAT_TABLES
from highroller.web.store.rows import Conflict
from highroller.web.store.transaction import Transactions


class ExpiryQueries(Transactions):
    """Tables deleted, and games left alone found."""

    def expire(
        self, unstarted_before: float, finished_before: float, joins_before: float, limit: int = 500
    ) -> list[str]:
        """Delete tables nobody started since `unstarted_before`, games finished before
        `finished_before` (never a game in progress) and the count of seats taken before
        `joins_before`; the ids of the tables deleted."""
        with self.transaction(write=True) as cursor:
            self.run(cursor, "DELETE FROM hr_joins WHERE at < ?", (joins_before,))
            rows = self.run(
                cursor,
                "SELECT id FROM hr_tables WHERE (started = 0 AND finished = 0 AND touched < ?) OR (finished = 1 AND "
                "finished_at < ?)"
                f" LIMIT ?{self.skip_locked}",
                (unstarted_before, finished_before, limit),
            ).fetchall()
            ids = [r[0] for r in rows]
            self._delete_tables(cursor, ids)
        return ids

    def abandoned(self, untouched_before: float, limit: int = 20) -> list[str]:
        """Games in progress without a turn timer in which nothing happened since `untouched_before`."""
        with self.transaction() as cursor:
            rows = self.run(
                cursor,
                "SELECT id FROM hr_tables WHERE started = 1 AND finished = 0 AND timer IS NULL AND touched < ? ORDER "
                "BY touched LIMIT ?",
                (untouched_before, limit),
            ).fetchall()
        return [r[0] for r in rows]

    def delete_unstarted(self, table_id: str, revision: int, makers: Sequence[str] | None) -> bool:
        """Delete a table nobody started (unchanged since `revision`) if it was made from one of the
        addresses `makers` (`Origin.address`), as its maker closes it (None: whoever made it, as the host
        closes it); whether it was."""
        with self.transaction(write=True) as cursor:
            found = self.run(
                cursor,
                "SELECT creator FROM hr_tables WHERE id = ? AND revision = ? AND started = 0 AND finished = 0",
                (table_id, revision),
            ).fetchone()
            if found is None:
                raise Conflict(f"table {table_id} changed meanwhile")
            if makers is not None and (found[0] is None or found[0] not in makers):
                return False
            self._delete_tables(cursor, [table_id])
            return True

    def _delete_tables(self, cursor: Any, ids: list[str]) -> None:
        """Delete these tables and everything stored of them, and tell every process they are gone."""
        if ids:
            marks = ", ".join("?" * len(ids))
            for child in ("hr_seat_changes", "hr_steps", "hr_seats", "hr_presence", "hr_checkpoints", *CHAT_TABLES):
                self.run(cursor, f"DELETE FROM {child} WHERE table_id IN ({marks})", ids)
            self.run(cursor, f"DELETE FROM hr_tables WHERE id IN ({marks})", ids)
            for table_id in ids:
                self.notify(cursor, table_id, GONE)
