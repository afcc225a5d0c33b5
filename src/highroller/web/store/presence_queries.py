"""The queries of who is at a table across server processes (`hr_presence`): each process's
connections per seat, stored and announced when they change, and the rows of processes gone deleted."""

from __future__ import annotations

import json
from collections.abc import Sequence

from highroller.web.store.rows import PresenceCount
from highroller.web.store.transaction import Transactions


class PresenceQueries(Transactions):
    """Each process's connections to each table."""

    def put_presence(self, table_id: str, process: str, counts: Sequence[PresenceCount], now: float) -> None:
        """Store `process`'s connections to the table (replacing its earlier ones) and announce the change."""
        with self.transaction(write=True) as cursor:
            self.run(cursor, "DELETE FROM hr_presence WHERE table_id = ? AND process = ?", (table_id, process))
            cursor.executemany(
                self._sql(
                    "INSERT INTO hr_presence (table_id, process, seat, visible, connections, seen) VALUES (?, ?, ?, ?, "
                    "?, ?)"
                ),
                [(table_id, process, count.seat, count.visible, count.connections, now) for count in counts],
            )
            self._notify_presence(table_id, process)

    def presence_of(self, table_id: str, besides: str, since: float) -> list[PresenceCount]:
        """The connections to the table of every process but `besides` that was alive `since` then."""
        with self.transaction() as cursor:
            rows = self.run(
                cursor,
                "SELECT seat, SUM(visible), SUM(connections) FROM hr_presence WHERE table_id = ? AND process <> ? AND "
                "seen >= ?"
                " GROUP BY seat ORDER BY seat",
                (table_id, besides, since),
            ).fetchall()
        return [PresenceCount(int(row[0]), int(row[1]), int(row[2])) for row in rows]

    def keep_presence(self, process: str, now: float, gone_before: float) -> list[str]:
        """Mark `process`'s presence rows alive at `now` and delete the rows of processes not alive
        since `gone_before`, announcing the tables they were at; those tables' ids."""
        with self.transaction(write=True) as cursor:
            self.run(cursor, "UPDATE hr_presence SET seen = ? WHERE process = ?", (now, process))
            gone = [
                row[0]
                for row in self.run(
                    cursor, "SELECT DISTINCT table_id FROM hr_presence WHERE seen < ?", (gone_before,)
                ).fetchall()
            ]
            self.run(cursor, "DELETE FROM hr_presence WHERE seen < ?", (gone_before,))
            for table_id in gone:
                self._notify_presence(table_id, None)
        return gone

    def _notify_presence(self, table_id: str, process: str | None) -> None:
        """Tell the other processes, once this transaction commits, that who is at the table changed
        (`process`: the process whose connections changed; None: rows of processes gone were deleted)."""
        if self.shared:
            self._local.changes.append(
                json.dumps({"table": table_id, "presence": process or ""}, separators=(",", ":"))
            )
