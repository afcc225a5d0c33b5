"""The queries quotas are checked with: the tables open in all and with a bot seat in play, those an
address and its network made, and the seats they took."""

from __future__ import annotations

from highroller.web.store.rows import Origin, Usage
from highroller.web.store.transaction import Transactions


class QuotaQueries(Transactions):
    """What an address and its network use."""

    def usage(self, creator: Origin, since: float) -> Usage:
        """Unfinished tables in all and with a bot seat in play, and the address's and network's
        unfinished tables, those with a bot seat, and the tables they created since `since`."""
        address, network = creator.address, creator.network
        with self.transaction() as cursor:
            row = self.run(
                cursor,
                "SELECT COUNT(*), COALESCE(SUM(CASE WHEN has_bots = 1 AND started = 1 THEN 1 ELSE 0 END), 0),"
                " COALESCE(SUM(CASE WHEN creator = ? THEN 1 ELSE 0 END), 0), COALESCE(SUM(CASE WHEN creator_net = ? "
                "THEN 1 ELSE 0 END), 0),"
                " COALESCE(SUM(CASE WHEN creator = ? THEN has_bots ELSE 0 END), 0), COALESCE(SUM(CASE WHEN creator_net "
                "= ? THEN has_bots ELSE 0 END), 0)"
                " FROM hr_tables WHERE finished = 0",
                (address, network, address, network),
            ).fetchone()
            recent = self.run(
                cursor, "SELECT COUNT(*) FROM hr_tables WHERE creator = ? AND created > ?", (address, since)
            ).fetchone()
            recent_net = self.run(
                cursor, "SELECT COUNT(*) FROM hr_tables WHERE creator_net = ? AND created > ?", (network, since)
            ).fetchone()
        open_tables, playing_bot_tables, by_address, by_network, bots_by_address, bots_by_network = (
            int(value) for value in row
        )
        return Usage(
            open_tables=open_tables,
            playing_bot_tables=playing_bot_tables,
            open_by_address=by_address,
            open_by_network=by_network,
            bot_tables_by_address=bots_by_address,
            bot_tables_by_network=bots_by_network,
            created_by_address=int(recent[0]),
            created_by_network=int(recent_net[0]),
        )

    def joins_since(self, joiner: Origin, since: float) -> tuple[int, int]:
        """Seats the address, and its network, took since `since` (whether or not they left them again)."""
        with self.transaction() as cursor:
            by_address = self.run(
                cursor, "SELECT COUNT(*) FROM hr_joins WHERE address = ? AND at > ?", (joiner.address, since)
            ).fetchone()
            by_network = self.run(
                cursor, "SELECT COUNT(*) FROM hr_joins WHERE network = ? AND at > ?", (joiner.network, since)
            ).fetchone()
        return int(by_address[0]), int(by_network[0])
