"""The queries of follows and blocks between profiles that other parts read: whom a profile follows (its
head to head lists them first), whom it blocked (the chat hides their messages), whether a table's maker
blocked a profile (it is kept from the seats)."""

from __future__ import annotations

from highroller.web.store.transaction import Transactions


class SocialQueries(Transactions):
    """Who follows and who blocked whom."""

    def followed_by(self, follower: str) -> set[str]:
        """The profile ids the profile `follower` follows (its friends)."""
        with self.transaction() as cursor:
            rows = self.run(cursor, "SELECT followed FROM hr_follows WHERE follower = ?", (follower,)).fetchall()
        return {row[0] for row in rows}

    def blocked_by(self, reader: str) -> set[str]:
        """The profile ids the profile `reader` blocked."""
        with self.transaction() as cursor:
            rows = self.run(cursor, "SELECT blocked FROM hr_blocks WHERE blocker = ?", (reader,)).fetchall()
        return {row[0] for row in rows}

    def blocked_at_table(self, table_id: str, profile_id: str) -> bool:
        """Whether the profile that made the table blocked `profile_id`."""
        with self.transaction() as cursor:
            row = self.run(
                cursor,
                "SELECT 1 FROM hr_tables t JOIN hr_blocks b ON b.blocker = t.creator_profile"
                " WHERE t.id = ? AND b.blocked = ?",
                (table_id, profile_id),
            ).fetchone()
        return row is not None

    def set_creator_profile(self, table_id: str, profile_id: str) -> None:
        """Note the profile that made a table (a rematch: who asked for it), unless one is noted."""
        with self.transaction(write=True) as cursor:
            self.run(
                cursor,
                "UPDATE hr_tables SET creator_profile = ? WHERE id = ? AND creator_profile IS NULL",
                (profile_id, table_id),
            )
