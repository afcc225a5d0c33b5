"""The two backends of the store, SQLite (the embedded default: one file) and PostgreSQL (any number of
processes), each with its connection, its SQL dialect and its way of announcing changes; and opening the
one a `--db` names."""

from __future__ import annotations

import contextlib
import logging
import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from highroller.web.store.changes import CHANNEL
from highroller.web.store.database import Store
from highroller.web.store.rows import StoreError

log = logging.getLogger(__name__)


class SqliteStore(Store):
    """The embedded default: one file, write-ahead log (a killed process loses no committed step).
    Other processes of the same machine (bot workers) may open the same file. Deleted content is
    overwritten (`secure_delete`), and `erase_freed` empties the log."""

    integrity_errors = (sqlite3.IntegrityError,)

    def __init__(self, path: Path | str) -> None:
        if str(path) == ":memory:":
            raise StoreError("the server's database must be a file (bot workers open it too), not :memory:")
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        self.path = str(path)
        self._lock = threading.Lock()
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None, timeout=30)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.execute("PRAGMA foreign_keys=ON")
        self._db.execute("PRAGMA secure_delete=ON")  # deleted content is overwritten with zeros, not left in free space
        super().__init__()

    @property
    def location(self) -> str:
        return self.path

    @contextmanager
    def _session(self) -> Iterator[sqlite3.Connection]:
        with self._lock:
            yield self._db

    def _begin(self, cursor: Any, write: bool) -> None:
        # A write takes the lock at once: a read that later wants to write could otherwise fail with
        # "database is locked" when another process wrote in between, without waiting.
        cursor.execute("BEGIN IMMEDIATE" if write else "BEGIN")

    def _columns(self, cursor: Any, table: str) -> set[str]:
        return {row[1] for row in cursor.execute(f"PRAGMA table_info({table})").fetchall()}

    def erase_freed(self) -> None:
        """Copy the write-ahead log into the database file and truncate it: with `secure_delete`, the
        bytes of what was deleted are then in neither (a bot worker reading at that moment makes it wait,
        at most the connection's timeout)."""
        with self._lock:
            self._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")

    def close(self) -> None:
        with self._lock:
            self._db.close()


class PostgresStore(Store):
    """PostgreSQL through psycopg 3: any number of server and bot-worker processes on one database."""

    placeholder = "%s"
    skip_locked = " FOR UPDATE SKIP LOCKED"
    shared = True

    def __init__(self, url: str, connections: int = 4) -> None:
        import psycopg
        from psycopg_pool import ConnectionPool

        self.url = url
        self.integrity_errors = (psycopg.errors.IntegrityError,)
        self._errors = (psycopg.Error,)
        self._pool = ConnectionPool(url, min_size=1, max_size=connections, open=True)
        super().__init__()

    @property
    def location(self) -> str:
        return self.url

    def _session(self) -> contextlib.AbstractContextManager[Any]:
        return self._pool.connection()

    def _begin(self, cursor: Any, write: bool) -> None:
        if not write:  # one snapshot for every query of a read, as SQLite's read transactions have
            cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")

    def _columns(self, cursor: Any, table: str) -> set[str]:
        rows = self.run(
            cursor, "SELECT column_name FROM information_schema.columns WHERE table_name = ?", (table,)
        ).fetchall()
        return {row[0] for row in rows}

    def _lock_schema(self, cursor: Any) -> None:
        cursor.execute("SELECT pg_advisory_xact_lock(7254831)")

    def _announce(self, db: Any, payloads: list[str]) -> None:
        # Not in the changing transaction itself: a transaction that notifies holds PostgreSQL's
        # database-wide notification lock until its commit is on disk, which would make every
        # process's commits wait for each other's; this one writes nothing, so it is over at once. A
        # notification lost to a crash between the two is made up by `Tables.resync_watched`.
        try:
            db.autocommit = True
            for payload in payloads:
                db.execute("SELECT pg_notify(%s, %s)", (CHANNEL, payload))
        except self._errors as error:
            log.warning("a change was stored but not announced (%s); other processes catch up within seconds", error)
        finally:
            if not db.closed:
                db.autocommit = False

    def close(self) -> None:
        self._pool.close()


def open_store(where: str | Path, connections: int = 4) -> Store:
    """A store for a `postgresql://` URL (with up to `connections` at once) or a SQLite file path."""
    text = str(where)
    if is_postgres(text):
        return PostgresStore(text, connections)
    return SqliteStore(text)


def is_postgres(where: str) -> bool:
    return where.startswith(("postgresql://", "postgres://"))


def default_database() -> Path:
    """The SQLite file used when `--db` is not given: in the user's data directory."""
    from platformdirs import user_data_path

    return user_data_path("highroller") / "tables.sqlite3"
