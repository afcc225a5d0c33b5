"""The queries of the bot workers: leasing the tables whose automatic move is due, giving a lease back,
and when the next one falls due."""

from __future__ import annotations

from highroller.web import clock
from highroller.web.store.rows import Claim
from highroller.web.store.transaction import Transactions


class LeaseQueries(Transactions):
    """The leases of due automatic moves."""

    def claim_due(self, owner: str, limit: int, lease: float) -> list[Claim]:
        """Lease up to `limit` tables whose automatic move is due, the longest waiting first."""
        now = clock.now()
        with self.transaction(write=True) as cursor:
            rows = self.run(
                cursor,
                "SELECT id, revision FROM hr_tables WHERE due <= ? AND (lease_until IS NULL OR lease_until < ?)"
                f" ORDER BY due LIMIT ?{self.skip_locked}",
                (now, now, limit),
            ).fetchall()
            for table_id, _ in rows:
                self.run(
                    cursor,
                    "UPDATE hr_tables SET lease_owner = ?, lease_until = ? WHERE id = ?",
                    (owner, now + lease, table_id),
                )
        return [Claim(table_id=r[0], revision=int(r[1])) for r in rows]

    def release(self, claim: Claim, owner: str, due: float | None) -> None:
        """Give back a lease without a move (nothing was due after all, or the bot failed: `due` says
        when to try again), unless the table changed meanwhile."""
        with self.transaction(write=True) as cursor:
            self.run(
                cursor,
                "UPDATE hr_tables SET lease_owner = NULL, lease_until = NULL, due = ? WHERE id = ? AND revision = ? "
                "AND lease_owner = ?",
                (due, claim.table_id, claim.revision, owner),
            )

    def next_due(self) -> float | None:
        """When the next automatic move can be claimed (a leased one when its lease runs out)."""
        with self.transaction() as cursor:
            row = self.run(
                cursor, "SELECT MIN(COALESCE(lease_until, due)) FROM hr_tables WHERE due IS NOT NULL"
            ).fetchone()
        return None if row is None or row[0] is None else float(row[0])
