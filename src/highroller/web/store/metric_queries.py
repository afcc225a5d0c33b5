"""The queries `/metrics` reads at scrape time (`highroller.web.metrics.collectors`): tables counted by
game and state, and the automatic moves waiting for a bot worker. Both are single aggregates over
`hr_tables`, the queue's on its `due` index."""

from __future__ import annotations

from highroller.web.store.transaction import Transactions


class MetricQueries(Transactions):
    """Counts for the metrics."""

    def table_counts(self) -> list[tuple[str, bool, bool, int]]:
        """(game, started, finished, how many tables) for each game and state there are tables in."""
        with self.transaction() as cursor:
            rows = self.run(
                cursor, "SELECT game, started, finished, COUNT(*) FROM hr_tables GROUP BY game, started, finished"
            ).fetchall()
        return [(str(row[0]), bool(row[1]), bool(row[2]), int(row[3])) for row in rows]

    def bot_queue(self, now: float) -> tuple[int, float | None]:
        """How many tables have an automatic move due by `now` that no worker holds, and the earliest's due time."""
        with self.transaction() as cursor:
            row = self.run(
                cursor,
                "SELECT COUNT(*), MIN(due) FROM hr_tables WHERE due <= ? AND (lease_until IS NULL OR lease_until < ?)",
                (now, now),
            ).fetchone()
        return int(row[0]), None if row[1] is None else float(row[1])
