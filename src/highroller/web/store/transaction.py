"""The store's plumbing, shared by both backends: a transaction per unit of work, queries written with
`?` placeholders run in it, the changes it made announced once it commits, and the schema set up (or
migrated) when the store opens. A backend supplies the connection (`highroller.web.store.dialects`)."""

from __future__ import annotations

import contextlib
import secrets
import sys
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from highroller.web import clock
from highroller.web.metrics.registry import queried
from highroller.web.store.changes import change_payload
from highroller.web.store.database_schema import ADDED_COLUMNS, BACKFILL, INDEXES, SCHEMA_VERSION, TABLES
from highroller.web.store.rows import StepLines, StoreError


class Transactions:
    """Transactions on the database and the schema in it; subclasses supply the connection."""

    placeholder = "?"
    skip_locked = ""
    """What a backend appends to a SELECT to lock the rows it picks, skipping rows others hold."""
    integrity_errors: tuple[type[Exception], ...] = ()
    shared = False
    """True when other processes may change the same tables (PostgreSQL)."""

    def __init__(self) -> None:
        self._local = threading.local()
        with self.transaction(write=True) as cursor:
            self._setup(cursor)
            self._address_key = self.run(cursor, "SELECT value FROM hr_meta WHERE key = 'address_key'").fetchone()[0]

    # ------------------------------------------------------------------ backend hooks
    @property
    def location(self) -> str:
        """Where the database is (a file path or URL): what bot worker processes open."""
        raise NotImplementedError

    def _session(self) -> contextlib.AbstractContextManager[Any]:
        """A connection for one transaction, to this thread alone while it lasts."""
        raise NotImplementedError

    def _begin(self, cursor: Any, write: bool) -> None:
        """Start a transaction (`write`: one that will write)."""

    def _columns(self, cursor: Any, table: str) -> set[str]:
        raise NotImplementedError

    def _lock_schema(self, cursor: Any) -> None:
        """Keep two processes from creating or migrating the schema at once."""

    def _announce(self, db: Any, payloads: list[str]) -> None:
        """Send the notifications of a committed transaction (a backend with other processes to tell)."""

    # ------------------------------------------------------------------ plumbing
    def _sql(self, query: str) -> str:
        return query.replace("?", self.placeholder)

    @contextmanager
    def transaction(self, write: bool = False) -> Iterator[Any]:
        """A cursor in a transaction (`write`: one that will write); the changes `notify` collected are
        announced once it commits. Modules with tables of their own query them through this and `run`."""
        with self._session() as db:
            cursor = db.cursor()
            self._local.changes = []
            try:
                self._begin(cursor, write)
                yield cursor
                db.commit()
            except BaseException:
                db.rollback()
                raise
            finally:
                cursor.close()
            if self._local.changes:
                self._announce(db, self._local.changes)

    def notify(
        self,
        cursor: Any,
        table_id: str,
        revision: int,
        due: float | None = None,
        steps: Sequence[Any] = (),
        first: int = 0,
        lines: Sequence[StepLines] | None = None,
    ) -> None:
        """Tell the other processes, once this transaction commits, that a table changed, when its
        next automatic move is due and, when the change was only these steps from number `first`, the
        steps themselves and their log lines (so a process can follow without reading the database)."""
        if self.shared:
            self._local.changes.append(change_payload(table_id, revision, due, steps, first, lines))

    def run(self, cursor: Any, query: str, args: Sequence[Any] = ()) -> Any:
        """Execute `query`, written with `?` placeholders, in `transaction`'s cursor; the cursor. Its time
        is counted under the name of the method that ran it."""
        started = time.perf_counter()
        cursor.execute(self._sql(query), tuple(args))
        queried(sys._getframe(1).f_code.co_name, time.perf_counter() - started)
        return cursor

    def _setup(self, cursor: Any) -> None:
        self._lock_schema(cursor)
        for statement in TABLES:
            self.run(cursor, statement)
        row = self.run(cursor, "SELECT value FROM hr_meta WHERE key = 'schema'").fetchone()
        stored = int(row[0]) if row else None
        if stored is not None and stored > SCHEMA_VERSION:
            raise StoreError(
                f"this database has schema {stored}, written by a newer highroller (this one reads {SCHEMA_VERSION})"
            )
        for table in {table for table, _ in ADDED_COLUMNS}:
            have = self._columns(cursor, table)
            for _, column in (entry for entry in ADDED_COLUMNS if entry[0] == table):
                if column.split()[0] not in have:
                    self.run(cursor, f"ALTER TABLE {table} ADD COLUMN {column}")
        if stored is None:
            now = clock.now()
            for statement in BACKFILL:
                self.run(cursor, statement, [now] * statement.count("?"))
            self.run(cursor, "INSERT INTO hr_meta (key, value) VALUES ('schema', ?)", (str(SCHEMA_VERSION),))
        for statement in INDEXES:
            self.run(cursor, statement)
        self.run(
            cursor,
            "INSERT INTO hr_meta (key, value) VALUES ('address_key', ?) ON CONFLICT (key) DO NOTHING",
            (secrets.token_hex(32),),
        )

    @property
    def address_key(self) -> bytes:
        """A secret of this database that client addresses are hashed with before they are stored."""
        return bytes.fromhex(self._address_key)

    def ping(self) -> None:
        """Read from the database once (a health check); raises whatever the database raises."""
        with self.transaction() as cursor:
            self.run(cursor, "SELECT COUNT(*) FROM hr_meta").fetchone()

    def erase_freed(self) -> None:
        """Make the bytes of rows just deleted or overwritten (a deleted profile's) gone from disk, as far
        as the backend allows: nothing here (PostgreSQL keeps old row versions until VACUUM reuses their
        space, and its WAL until its segments are recycled)."""

    def close(self) -> None:
        raise NotImplementedError
