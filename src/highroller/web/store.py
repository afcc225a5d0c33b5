"""Where tables live: a small storage interface with SQLite and PostgreSQL backends and one schema.

A table is its header (game, resolved options, seed), its seats (name, bot, hashed token) and the
steps played so far in record form. Steps are only ever appended, each in the transaction that
accepts it, so a restarted server rebuilds every table exactly by replaying them.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

SCHEMA = (
    """CREATE TABLE IF NOT EXISTS hr_tables (
        id TEXT PRIMARY KEY,
        game TEXT NOT NULL,
        options TEXT NOT NULL,
        seed BIGINT NOT NULL,
        created DOUBLE PRECISION NOT NULL,
        finished INTEGER NOT NULL DEFAULT 0,
        rematch TEXT
    )""",
    """CREATE TABLE IF NOT EXISTS hr_seats (
        table_id TEXT NOT NULL REFERENCES hr_tables(id),
        seat INTEGER NOT NULL,
        name TEXT,
        bot TEXT,
        token_hash TEXT,
        PRIMARY KEY (table_id, seat)
    )""",
    """CREATE TABLE IF NOT EXISTS hr_steps (
        table_id TEXT NOT NULL REFERENCES hr_tables(id),
        n INTEGER NOT NULL,
        step TEXT NOT NULL,
        PRIMARY KEY (table_id, n)
    )""",
    "CREATE INDEX IF NOT EXISTS hr_tables_open ON hr_tables (finished, created)",
)


@dataclass
class SeatRow:
    """One seat: a bot's name, or a person's display name and the hash of their secret token."""

    seat: int
    name: str | None = None
    bot: str | None = None
    token_hash: str | None = None


@dataclass
class TableRow:
    """A table as stored: header, seats and every step played (record form, in order)."""

    id: str
    game: str
    options: dict[str, Any]
    seed: int
    created: float
    finished: bool
    rematch: str | None
    seats: list[SeatRow]
    steps: list[Any]


class StoreError(Exception):
    """The database refused or failed a write."""


class Store(Protocol):
    """What the server needs from a database."""

    def create_table(
        self, table_id: str, game: str, options: dict[str, Any], seed: int, seats: Sequence[SeatRow], steps: Sequence[Any]
    ) -> None:
        """Store a new table with its first steps, in one transaction."""

    def load_table(self, table_id: str) -> TableRow | None: ...

    def append_steps(self, table_id: str, first: int, steps: Sequence[Any], finished: bool) -> None:
        """Store steps number `first`, `first + 1`, … in one transaction (refused if any exists)."""

    def claim_seat(self, table_id: str, seat: int, name: str, token_hash: str) -> bool:
        """Give an empty human seat to a person; False if it was taken meanwhile."""

    def set_rematch(self, table_id: str, rematch_id: str) -> bool:
        """Link a finished table to its rematch once; False if it already has one."""

    def open_tables(self, limit: int) -> list[str]:
        """Ids of unfinished tables, newest first."""

    def close(self) -> None: ...


class SqlStore:
    """The schema and queries shared by both backends; subclasses supply a DB-API connection."""

    placeholder = "?"
    integrity_errors: tuple[type[Exception], ...] = ()

    def __init__(self, connection: Any) -> None:
        self._db = connection
        self._lock = threading.Lock()
        with self._transaction() as cursor:
            for statement in SCHEMA:
                cursor.execute(statement)

    def _sql(self, query: str) -> str:
        return query.replace("?", self.placeholder)

    @contextmanager
    def _transaction(self) -> Iterator[Any]:
        with self._lock:
            cursor = self._db.cursor()
            try:
                yield cursor
                self._db.commit()
            except BaseException:
                self._db.rollback()
                raise
            finally:
                cursor.close()

    def _run(self, cursor: Any, query: str, args: Sequence[Any] = ()) -> Any:
        cursor.execute(self._sql(query), tuple(args))
        return cursor

    def create_table(
        self, table_id: str, game: str, options: dict[str, Any], seed: int, seats: Sequence[SeatRow], steps: Sequence[Any]
    ) -> None:
        with self._transaction() as cursor:
            self._run(
                cursor,
                "INSERT INTO hr_tables (id, game, options, seed, created, finished) VALUES (?, ?, ?, ?, ?, 0)",
                (table_id, game, json.dumps(options), seed, time.time()),
            )
            for row in seats:
                self._run(
                    cursor,
                    "INSERT INTO hr_seats (table_id, seat, name, bot, token_hash) VALUES (?, ?, ?, ?, ?)",
                    (table_id, row.seat, row.name, row.bot, row.token_hash),
                )
            self._insert_steps(cursor, table_id, 0, steps)

    def load_table(self, table_id: str) -> TableRow | None:
        with self._transaction() as cursor:
            head = self._run(
                cursor, "SELECT id, game, options, seed, created, finished, rematch FROM hr_tables WHERE id = ?", (table_id,)
            ).fetchone()
            if head is None:
                return None
            seats = self._run(
                cursor, "SELECT seat, name, bot, token_hash FROM hr_seats WHERE table_id = ? ORDER BY seat", (table_id,)
            ).fetchall()
            steps = self._run(cursor, "SELECT step FROM hr_steps WHERE table_id = ? ORDER BY n", (table_id,)).fetchall()
        return TableRow(
            id=head[0],
            game=head[1],
            options=json.loads(head[2]),
            seed=int(head[3]),
            created=float(head[4]),
            finished=bool(head[5]),
            rematch=head[6],
            seats=[SeatRow(seat=s[0], name=s[1], bot=s[2], token_hash=s[3]) for s in seats],
            steps=[json.loads(s[0]) for s in steps],
        )

    def append_steps(self, table_id: str, first: int, steps: Sequence[Any], finished: bool) -> None:
        try:
            with self._transaction() as cursor:
                self._insert_steps(cursor, table_id, first, steps)
                if finished:
                    self._run(cursor, "UPDATE hr_tables SET finished = 1 WHERE id = ?", (table_id,))
        except self.integrity_errors as error:
            raise StoreError(f"step {first} of table {table_id} is already stored") from error

    def _insert_steps(self, cursor: Any, table_id: str, first: int, steps: Sequence[Any]) -> None:
        for offset, step in enumerate(steps):
            self._run(cursor, "INSERT INTO hr_steps (table_id, n, step) VALUES (?, ?, ?)", (table_id, first + offset, json.dumps(step)))

    def claim_seat(self, table_id: str, seat: int, name: str, token_hash: str) -> bool:
        with self._transaction() as cursor:
            result = self._run(
                cursor,
                "UPDATE hr_seats SET name = ?, token_hash = ? WHERE table_id = ? AND seat = ? AND bot IS NULL AND token_hash IS NULL",
                (name, token_hash, table_id, seat),
            )
            return bool(result.rowcount == 1)

    def set_rematch(self, table_id: str, rematch_id: str) -> bool:
        with self._transaction() as cursor:
            result = self._run(cursor, "UPDATE hr_tables SET rematch = ? WHERE id = ? AND rematch IS NULL", (rematch_id, table_id))
            return bool(result.rowcount == 1)

    def open_tables(self, limit: int) -> list[str]:
        with self._transaction() as cursor:
            rows = self._run(
                cursor, "SELECT id FROM hr_tables WHERE finished = 0 ORDER BY created DESC LIMIT ?", (limit,)
            ).fetchall()
        return [row[0] for row in rows]

    def close(self) -> None:
        with self._lock:
            self._db.close()


class SqliteStore(SqlStore):
    """The embedded default: one file, write-ahead log (a killed process loses no committed step)."""

    integrity_errors = (sqlite3.IntegrityError,)

    def __init__(self, path: Path | str) -> None:
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        connection = sqlite3.connect(str(path), check_same_thread=False)
        connection.execute("PRAGMA journal_mode=WAL")
        connection.execute("PRAGMA synchronous=NORMAL")
        connection.execute("PRAGMA foreign_keys=ON")
        super().__init__(connection)


class PostgresStore(SqlStore):
    """PostgreSQL through psycopg 3, for servers that already run one."""

    placeholder = "%s"

    def __init__(self, url: str) -> None:
        import psycopg

        self.integrity_errors = (psycopg.errors.IntegrityError,)
        super().__init__(psycopg.connect(url))


def open_store(where: str | Path) -> Store:
    """A store for a `postgresql://` URL or a SQLite file path."""
    text = str(where)
    if text.startswith(("postgresql://", "postgres://")):
        return PostgresStore(text)
    return SqliteStore(text)


def default_database() -> Path:
    """The SQLite file used when `--db` is not given: in the user's data directory."""
    from platformdirs import user_data_path

    return user_data_path("highroller") / "tables.sqlite3"
