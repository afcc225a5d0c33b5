"""Where tables live: one store over SQLite (the embedded default) or PostgreSQL (several processes).

The database is the only truth. A table is its header (game, resolved options, seed, timer…), its
seats (name or bot, the hash of the seat token, whether a stand-in plays for an absent person) and
the steps played so far in record form, only ever appended. Every change is a compare-and-set on the
table's `revision` (or its step count), and a step is accepted only if it is the next one (the primary
key of `hr_steps`), so two processes can never both accept a step. On PostgreSQL every change also
is announced with `NOTIFY highroller` as soon as it is committed, so every server process hears of it
(see `highroller.web.listen`).
"""

from __future__ import annotations

import contextlib
import json
import logging
import secrets
import sqlite3
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from highroller.web import clock
from highroller.web.schema import ADDED_COLUMNS, BACKFILL, INDEXES, SCHEMA_VERSION, TABLES

log = logging.getLogger(__name__)

CHANNEL = "highroller"
"""The PostgreSQL notification channel of table changes."""

GONE = -1
"""The revision announced for a table that was deleted (expired)."""

UNDO = "undo"
"""The seat change that notes a companion table's undo."""

TIMED_OUT = "timeout"
"""The seat change that notes a move the stand-in played at a turn-based table when its person's time
(and time bank) ran out: the seat stays theirs, and so does their next move."""

IDLE = "idle"
"""The seat change that gives a person's seat to the stand-in for the rest of the game, as "left" does,
when nothing happened at a game without a turn timer for `Settings.untimed_expiry` seconds."""

ABANDONED_AFTER = 30 * 60.0
"""Seconds without a move or a seat change after which a game in progress leaves the lobby's list
(it is still played and watched by its link)."""


@dataclass
class SeatRow:
    """One seat: a bot's name, or a person's display name and the hash of their secret token.

    `control` is None while the seat plays as it was taken; "away" while a stand-in bot plays for a
    person whose turn timer ran out (until they are back); "left" once the person gave the seat to a
    stand-in for the rest of the game."""

    seat: int
    name: str | None = None
    bot: str | None = None
    token_hash: str | None = None
    control: str | None = None
    profile: str | None = None
    """The profile whose seat it is (taken with one), whose every device is given the seat's token."""
    bank: float | None = None
    """Seconds left in the person's time bank (a turn-based table's), spent when a move's own time runs out."""
    network: str | None = None
    """The keyed hash of the network the person took the seat from (`Origin.network`): a rated table
    seats one person per network."""
    taken_by: str | None = None
    """Where the person took the seat from: the `Origin.address` of the request (a keyed hash, or
    `quotas.LOCAL`'s for the server's own machine), so that its maker may close a table it alone plays at."""


@dataclass(frozen=True)
class SeatChange:
    """A person going away, coming back or leaving, when the table had played `step` steps; or
    (`change` "undo", at a companion table) taking back the steps from `step` on, `detail` then holding
    what the step taken back did in each language (JSON)."""

    revision: int
    step: int
    seat: int
    change: str
    at: float
    detail: str | None = None


@dataclass(frozen=True)
class Turn:
    """Where a change leaves the table's clock: when its next automatic move is `due` (a bot's, a
    waiting draw's, or the stand-in's when a person's time runs out), the person whose move it is
    (`waiting`, their seat; None when no person is on move) and since when (`since`), and who is on
    move (`mover`: a seat, `CHANCE` or `TERMINAL`; None before the game starts)."""

    due: float | None = None
    waiting: int | None = None
    since: float | None = None
    mover: int | None = None

    def columns(self) -> dict[str, Any]:
        """The table's columns this turn sets."""
        return {"due": self.due, "waiting": self.waiting, "waiting_since": self.since, "mover": self.mover}


Texts = dict[str, str]
"""The same words in each language: {"en": ..., "fr": ..., "de": ...}."""

StepLines = list[Texts]
"""The log lines one step made (its own line, then its events'), narrated with seat marks."""


@dataclass(frozen=True)
class Checkpoint:
    """A table's state after its first `version` steps, pickled by the engine `engine`
    (`highroller.web.checkpoints`)."""

    version: int
    engine: str
    state: bytes


@dataclass
class TableRow:
    """A table as stored: header, seats, seat changes and the steps from number `steps_from` on."""

    id: str
    game: str
    options: dict[str, Any]
    seed: int
    created: float
    finished: bool
    rematch: str | None
    seats: list[SeatRow]
    steps: list[Any]
    revision: int = 0
    version: int = 0
    started: bool = False
    timer: int | None = None
    stand_in: str | None = None
    bot_delay: float = 0.6
    due: float | None = None
    changes: list[SeatChange] = field(default_factory=list)
    steps_from: int = 0
    hints: bool = True
    real_dice: bool = False
    """A companion table: the people type every chance step (the real dice, bills and cards at their
    table); the server draws none."""
    waiting: int | None = None
    """The seat of the person whose move it is (None: nobody's, or a bot's)."""
    waiting_since: float | None = None
    """When the move fell to the person `waiting`."""
    bank: float | None = None
    """Seconds of time bank each person starts with (None: no time bank)."""
    rated: str | None = None
    """None: not rated; "people": the people's ratings change; "all": the bots are rated as players too."""
    lines: list[StepLines | None] = field(default_factory=list)
    """The log lines of each step in `steps` (None: a step stored by an earlier highroller, not narrated yet)."""
    log_before: int | None = 0
    """How many log lines the steps before `steps_from` made (None: unknown, an earlier highroller stored them)."""
    checkpoint: Checkpoint | None = None
    """The table's stored state after some step (loaded on request: `Store.load_table`'s `tail`)."""
    mover: int | None = None
    """Who was on move after the table's last change, as stored (None: not stored, or not started)."""
    last_line: Texts | None = None
    """The log's last line, as stored (None: none yet, or not stored)."""

    @property
    def turn(self) -> Turn:
        """The table's clock as stored."""
        return Turn(due=self.due, waiting=self.waiting, since=self.waiting_since, mover=self.mover)


WATCHING = -1
"""The seat of presence counts that hold no seat: the watchers."""


@dataclass(frozen=True)
class PresenceCount:
    """One server process's connections to a table that hold `seat` (`WATCHING`: none), and how many
    of them show the page."""

    seat: int
    visible: int
    connections: int


@dataclass(frozen=True)
class Claim:
    """A table whose automatic move a bot worker has leased, at the revision it was claimed."""

    table_id: str
    revision: int


@dataclass(frozen=True)
class Origin:
    """Where a request came from, as stored: keyed hashes of the client's address (an IPv4 address or
    an IPv6 /64) and of its network (an IPv4 /24 or an IPv6 /48), never the addresses themselves."""

    address: str
    network: str


@dataclass(frozen=True)
class Usage:
    """What quotas are checked against: unfinished tables in all, those with a bot seat that are
    being played, and the tables an address and its network created (unfinished, with a bot seat,
    and in the last minute)."""

    open_tables: int
    playing_bot_tables: int
    open_by_address: int
    open_by_network: int
    bot_tables_by_address: int
    bot_tables_by_network: int
    created_by_address: int
    created_by_network: int


class StoreError(Exception):
    """The database refused or failed a write."""


class Conflict(StoreError):
    """The table changed meanwhile: the step is not the next one, or the seat is no longer as seen."""


_HEAD = (
    "id, game, options, seed, created, finished, rematch, revision, version, started, timer, stand_in, bot_delay, due, "
    "hints, real_dice,"
    " waiting, waiting_since, bank, rated, mover, last_line"
)


class Store:
    """The schema and every query, shared by both backends; subclasses supply the connection."""

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
        """Execute `query`, written with `?` placeholders, in `transaction`'s cursor; the cursor."""
        cursor.execute(self._sql(query), tuple(args))
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

    # ------------------------------------------------------------------ tables
    def create_table(self, row: TableRow, creator: Origin | None, has_bots: bool) -> None:
        """Store a new table (made at `row.created`) with its seats and first steps, in one transaction;
        the seats its creator took count as seats taken by `creator`."""
        now = row.created
        with self.transaction(write=True) as cursor:
            self.run(
                cursor,
                "INSERT INTO hr_tables (id, game, options, seed, created, finished, revision, version, started, "
                "has_bots,"
                " timer, stand_in, bot_delay, due, creator, creator_net, touched, hints, real_dice, waiting, "
                "waiting_since, bank, rated, mover, last_line)"
                " VALUES (?, ?, ?, ?, ?, 0, 0, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    row.id,
                    row.game,
                    json.dumps(row.options),
                    row.seed,
                    now,
                    len(row.steps),
                    int(row.started),
                    int(has_bots),
                    row.timer,
                    row.stand_in,
                    row.bot_delay,
                    row.due,
                    creator and creator.address,
                    creator and creator.network,
                    now,
                    int(row.hints),
                    int(row.real_dice),
                    row.waiting,
                    row.waiting_since,
                    row.bank,
                    row.rated,
                    row.mover,
                    _last_line(row.lines),
                ),
            )
            for seat in row.seats:
                self.run(
                    cursor,
                    "INSERT INTO hr_seats (table_id, seat, name, bot, token_hash, profile_id, bank, network, "
                    "joined_by) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (
                        row.id,
                        seat.seat,
                        seat.name,
                        seat.bot,
                        seat.token_hash,
                        seat.profile,
                        seat.bank,
                        seat.network,
                        seat.taken_by,
                    ),
                )
                if seat.token_hash is not None:
                    self._count_join(cursor, creator, now)
            self._insert_steps(cursor, row.id, 0, row.steps, row.lines)

    def load_table(self, table_id: str, steps_from: int = 0, *, tail: int | None = None) -> TableRow | None:
        """The table with its steps (and their log lines) from number `steps_from` on; None if there is
        no such table. With `tail`, also its checkpoint, and its steps from the checkpoint's last or from
        its last `tail`, whichever comes first: what a table copy is made of without replaying the game."""
        with self.transaction() as cursor:
            head = self.run(cursor, f"SELECT {_HEAD} FROM hr_tables WHERE id = ?", (table_id,)).fetchone()
            if head is None:
                return None
            seats = self._seats(cursor, [table_id])[table_id]
            checkpoint = None
            if tail is not None:
                kept = self.run(
                    cursor, "SELECT version, engine, state FROM hr_checkpoints WHERE table_id = ?", (table_id,)
                ).fetchone()
                checkpoint = None if kept is None else Checkpoint(int(kept[0]), str(kept[1]), bytes(kept[2]))
                steps_from = 0 if checkpoint is None else max(0, min(int(head[8]) - tail, checkpoint.version - 1))
            steps = self.run(
                cursor,
                "SELECT n, step, lines, log_end FROM hr_steps WHERE table_id = ? AND n >= ? ORDER BY n",
                (table_id, max(0, steps_from - 1)),
            ).fetchall()
            changes = self.run(
                cursor,
                "SELECT revision, n, seat, change, at, detail FROM hr_seat_changes WHERE table_id = ? ORDER BY "
                "revision, seat",
                (table_id,),
            ).fetchall()
        row = _table_row(head, seats)
        before = steps[0] if steps and int(steps[0][0]) < steps_from else None
        ours = steps[1:] if before is not None else steps
        row.steps = [json.loads(s[1]) for s in ours]
        row.lines = [None if s[2] is None else json.loads(s[2]) for s in ours]
        row.steps_from = steps_from
        row.log_before = 0 if steps_from == 0 else None if before is None or before[3] is None else int(before[3])
        row.checkpoint = checkpoint
        row.changes = [
            SeatChange(revision=c[0], step=c[1], seat=c[2], change=c[3], at=float(c[4]), detail=c[5]) for c in changes
        ]
        return row

    def put_checkpoint(self, table_id: str, checkpoint: Checkpoint, revision: int) -> None:
        """Keep the table's state after `checkpoint.version` steps, unless a later one is kept already or
        the steps may have changed since `revision` (a companion table's undo takes steps back)."""
        with self.transaction(write=True) as cursor:
            self.run(
                cursor,
                "INSERT INTO hr_checkpoints (table_id, version, engine, state) SELECT ?, ?, ?, ? WHERE EXISTS (SELECT "
                "1 FROM hr_tables"
                " WHERE id = ? AND version >= ? AND (real_dice = 0 OR revision = ?)) ON CONFLICT (table_id) DO UPDATE "
                "SET version = excluded.version,"
                " engine = excluded.engine, state = excluded.state WHERE hr_checkpoints.version < excluded.version OR "
                "hr_checkpoints.engine <> excluded.engine",
                (
                    table_id,
                    checkpoint.version,
                    checkpoint.engine,
                    checkpoint.state,
                    table_id,
                    checkpoint.version,
                    revision,
                ),
            )

    def fill_lines(self, table_id: str, lines: Sequence[StepLines]) -> None:
        """Store the log lines of a table's steps, and how many the steps make up to each, where an
        earlier highroller stored a step without them (`lines`: every step's, from the first)."""
        rows, end = [], 0
        for number, step_lines in enumerate(lines):
            end += len(step_lines)
            rows.append((json.dumps(step_lines, ensure_ascii=False), end, table_id, number))
        with self.transaction(write=True) as cursor:
            cursor.executemany(
                self._sql(
                    "UPDATE hr_steps SET lines = COALESCE(lines, ?), log_end = ? WHERE table_id = ? AND n = ? AND "
                    "log_end IS NULL"
                ),
                rows,
            )

    def revision(self, table_id: str) -> int | None:
        """The table's current revision (None if it does not exist): a cheap freshness check."""
        with self.transaction() as cursor:
            row = self.run(cursor, "SELECT revision FROM hr_tables WHERE id = ?", (table_id,)).fetchone()
        return None if row is None else int(row[0])

    def ping(self) -> None:
        """Read from the database once (a health check); raises whatever the database raises."""
        with self.transaction() as cursor:
            self.run(cursor, "SELECT COUNT(*) FROM hr_meta").fetchone()

    def revisions(self, table_ids: Sequence[str]) -> dict[str, int]:
        """The current revision of each of these tables that still exists."""
        if not table_ids:
            return {}
        with self.transaction() as cursor:
            rows = self.run(
                cursor, f"SELECT id, revision FROM hr_tables WHERE id IN ({', '.join('?' * len(table_ids))})", table_ids
            ).fetchall()
        return {row[0]: int(row[1]) for row in rows}

    def lobby(self, limit: int) -> list[TableRow]:
        """Tables to list in the lobby, without their steps: those waiting for players first, newest
        first, then the games in play; finished games and abandoned ones (started, and unchanged for
        `ABANDONED_AFTER` seconds) are left out."""
        with self.transaction() as cursor:
            heads = self.run(
                cursor,
                f"SELECT {_HEAD} FROM hr_tables WHERE finished = 0 AND (started = 0 OR COALESCE(touched, created) >= ?)"
                " ORDER BY started, created DESC LIMIT ?",
                (clock.now() - ABANDONED_AFTER, limit),
            ).fetchall()
            seats = self._seats(cursor, [head[0] for head in heads])
        return [_table_row(head, seats[head[0]]) for head in heads]

    def profile_tables(self, profile_id: str, finished_since: float, limit: int) -> list[TableRow]:
        """The tables where a profile holds a seat, without their steps: every unfinished one and those
        finished since `finished_since`, the most recently changed first, at most `limit`."""
        with self.transaction() as cursor:
            heads = self.run(
                cursor,
                f"SELECT {_HEAD} FROM hr_tables WHERE id IN (SELECT table_id FROM hr_seats WHERE profile_id = ?)"
                " AND (finished = 0 OR finished_at >= ?) ORDER BY COALESCE(touched, created) DESC LIMIT ?",
                (profile_id, finished_since, limit),
            ).fetchall()
            seats = self._seats(cursor, [head[0] for head in heads])
        return [_table_row(head, seats[head[0]]) for head in heads]

    def _seats(self, cursor: Any, table_ids: list[str]) -> dict[str, list[SeatRow]]:
        found: dict[str, list[SeatRow]] = {table_id: [] for table_id in table_ids}
        if table_ids:
            marks = ", ".join("?" * len(table_ids))
            rows = self.run(
                cursor,
                f"SELECT table_id, seat, name, bot, token_hash, control, profile_id, bank, network, joined_by FROM "
                f"hr_seats WHERE table_id IN ({marks})"
                " ORDER BY table_id, seat",
                table_ids,
            ).fetchall()
            for r in rows:
                found[r[0]].append(
                    SeatRow(
                        seat=r[1],
                        name=r[2],
                        bot=r[3],
                        token_hash=r[4],
                        control=r[5],
                        profile=r[6],
                        bank=None if r[7] is None else float(r[7]),
                        network=r[8],
                        taken_by=r[9],
                    )
                )
        return found

    # ------------------------------------------------------------------ changes
    def commit_steps(
        self,
        table_id: str,
        first: int,
        steps: Sequence[Any],
        *,
        finished: bool,
        turn: Turn,
        revision: int | None = None,
        seat: int | None = None,
        changes: Sequence[tuple[int, str]] = (),
        banks: Sequence[tuple[int, float]] = (),
        lines: Sequence[StepLines] | None = None,
    ) -> int:
        """Store steps number `first`, `first + 1`, … (and the log `lines` each made) with the table's new
        `turn`; the new revision.

        Accepted only if `first` is the table's step count and, when given, the table is still at
        `revision` (a bot worker's move) or `seat` still plays for itself (a person's action); else
        `Conflict`. `changes` are (seat, "away") marks stored with the steps, `banks` (seat, seconds)
        what is left of seats' time banks."""
        now = clock.now()
        condition, args = "version = ?", list[Any]([first])
        if revision is not None:
            condition, args = "revision = ?", [revision]
        if seat is not None:
            condition += (
                " AND NOT EXISTS (SELECT 1 FROM hr_seats WHERE table_id = ? AND seat = ? AND control IS NOT NULL)"
            )
            args += [table_id, seat]
        last = _last_line(lines)
        with self.transaction(write=True) as cursor:
            new = self._bump(
                cursor,
                table_id,
                condition,
                args,
                {
                    "version": first + len(steps),
                    "finished": int(finished),
                    "finished_at": now if finished else None,
                    **turn.columns(),
                    **({"last_line": last} if last is not None else {}),
                },
            )
            for banked, left in banks:
                self.run(
                    cursor, "UPDATE hr_seats SET bank = ? WHERE table_id = ? AND seat = ?", (left, table_id, banked)
                )
            try:
                self._insert_steps(cursor, table_id, first, steps, lines)
            except self.integrity_errors as error:
                raise Conflict(f"step {first} of table {table_id} is already stored") from error
            for changed_seat, change in changes:
                self._seat_change(cursor, table_id, new, first, changed_seat, change, now)
            self.notify(cursor, table_id, new, turn.due, () if changes or banks else steps, first, lines)
        return new

    def take_back(
        self, table_id: str, first: int, revision: int, *, seat: int, detail: str, turn: Turn, line: Texts
    ) -> int:
        """Remove steps `first`, `first + 1`, … (a companion table's person's step and the automatic
        steps after it), the table still at `revision` and unfinished, noting who took them back (`seat`)
        and what (`detail`, see `SeatChange`; `line`: the log's line saying so); the new revision. Only this
        undo removes steps. Seat changes made after step `first` are kept, told from step `first` on (the
        steps they followed are gone)."""
        with self.transaction(write=True) as cursor:
            new = self._bump(
                cursor,
                table_id,
                "revision = ? AND real_dice = 1 AND finished = 0 AND version > ?",
                [revision, first],
                {"version": first, **turn.columns(), "last_line": json.dumps(line, ensure_ascii=False)},
            )
            self.run(cursor, "DELETE FROM hr_steps WHERE table_id = ? AND n >= ?", (table_id, first))
            self.run(cursor, "DELETE FROM hr_checkpoints WHERE table_id = ? AND version > ?", (table_id, first))
            self.run(cursor, "UPDATE hr_seat_changes SET n = ? WHERE table_id = ? AND n > ?", (first, table_id, first))
            self.run(
                cursor,
                "INSERT INTO hr_seat_changes (table_id, revision, n, seat, change, at, detail) VALUES (?, ?, ?, ?, ?, "
                "?, ?)",
                (table_id, new, first, seat, UNDO, clock.now(), detail),
            )
            self.notify(cursor, table_id, new, turn.due)
        return new

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

    def _count_join(self, cursor: Any, joiner: Origin | None, at: float) -> None:
        if joiner is not None:
            self.run(
                cursor,
                "INSERT INTO hr_joins (address, network, at) VALUES (?, ?, ?)",
                (joiner.address, joiner.network, at),
            )

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

    def set_rematch(self, table_id: str, rematch_id: str, replacing: str | None) -> str:
        """Link a finished table to its rematch, unless it was linked meanwhile (to something other
        than `replacing`, an expired rematch); the link now stored."""
        with self.transaction(write=True) as cursor:
            same = "rematch IS NULL" if replacing is None else "rematch = ?"
            self.run(
                cursor,
                f"UPDATE hr_tables SET rematch = ?, revision = revision + 1 WHERE id = ? AND {same}",
                (rematch_id, table_id, *(() if replacing is None else (replacing,))),
            )
            linked, revision = self.run(
                cursor, "SELECT rematch, revision FROM hr_tables WHERE id = ?", (table_id,)
            ).fetchone()
            self.notify(cursor, table_id, int(revision))
            return str(linked)

    def _bump(self, cursor: Any, table_id: str, condition: str, args: Sequence[Any], values: dict[str, Any]) -> int:
        """Compare-and-set the table row: raise `Conflict` unless it meets `condition`; otherwise bump
        its revision, set `values`, and drop any bot worker's lease (what it was thinking about is
        stale). Returns the new revision."""
        values = {**values, "touched": clock.now(), "lease_owner": None, "lease_until": None}
        sets = ", ".join(f"{name} = ?" for name in values)
        updated = self.run(
            cursor,
            f"UPDATE hr_tables SET revision = revision + 1, {sets} WHERE id = ? AND {condition} RETURNING revision",
            [*values.values(), table_id, *args],
        ).fetchone()
        if updated is None:
            raise Conflict(f"table {table_id} changed meanwhile")
        return int(updated[0])

    def _seat_change(
        self, cursor: Any, table_id: str, revision: int, step: int, seat: int, change: str, at: float
    ) -> None:
        if change != TIMED_OUT:
            control = {"away": "away", "left": "left", IDLE: "left", "back": None}[change]
            self.run(
                cursor, "UPDATE hr_seats SET control = ? WHERE table_id = ? AND seat = ?", (control, table_id, seat)
            )
        self.run(
            cursor,
            "INSERT INTO hr_seat_changes (table_id, revision, n, seat, change, at) VALUES (?, ?, ?, ?, ?, ?)",
            (table_id, revision, step, seat, change, at),
        )

    # ------------------------------------------------------------------ presence
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

    def _insert_steps(
        self, cursor: Any, table_id: str, first: int, steps: Sequence[Any], lines: Sequence[StepLines | None] | None
    ) -> None:
        """Insert steps `first`, … with their log lines and the count of lines through each (none where
        the lines, or the count before `first`, are unknown)."""
        end: int | None = None
        if lines:
            before = (
                None
                if first == 0
                else self.run(
                    cursor, "SELECT log_end FROM hr_steps WHERE table_id = ? AND n = ?", (table_id, first - 1)
                ).fetchone()
            )
            end = 0 if first == 0 else None if before is None or before[0] is None else int(before[0])
        rows = []
        for offset, step in enumerate(steps):
            step_lines = lines[offset] if lines and offset < len(lines) else None
            end = None if end is None or step_lines is None else end + len(step_lines)
            text = None if step_lines is None else json.dumps(step_lines, ensure_ascii=False)
            rows.append((table_id, first + offset, json.dumps(step), text, end))
        cursor.executemany(
            self._sql("INSERT INTO hr_steps (table_id, n, step, lines, log_end) VALUES (?, ?, ?, ?, ?)"), rows
        )

    # ------------------------------------------------------------------ bot workers
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

    # ------------------------------------------------------------------ quotas and expiry
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

    def delete_unstarted(self, table_id: str, revision: int, makers: Sequence[str]) -> bool:
        """Delete a table nobody started (unchanged since `revision`) if it was made from one of the
        addresses `makers` (`Origin.address`), as its maker closes it; whether it was."""
        with self.transaction(write=True) as cursor:
            found = self.run(
                cursor,
                "SELECT creator FROM hr_tables WHERE id = ? AND revision = ? AND started = 0 AND finished = 0",
                (table_id, revision),
            ).fetchone()
            if found is None:
                raise Conflict(f"table {table_id} changed meanwhile")
            if found[0] is None or found[0] not in makers:
                return False
            self._delete_tables(cursor, [table_id])
            return True

    def _delete_tables(self, cursor: Any, ids: list[str]) -> None:
        """Delete these tables and everything stored of them, and tell every process they are gone."""
        if ids:
            marks = ", ".join("?" * len(ids))
            for child in ("hr_seat_changes", "hr_steps", "hr_seats", "hr_presence", "hr_checkpoints"):
                self.run(cursor, f"DELETE FROM {child} WHERE table_id IN ({marks})", ids)
            self.run(cursor, f"DELETE FROM hr_tables WHERE id IN ({marks})", ids)
            for table_id in ids:
                self.notify(cursor, table_id, GONE)

    def erase_freed(self) -> None:
        """Make the bytes of rows just deleted or overwritten (a deleted profile's) gone from disk, as far
        as the backend allows: nothing here (PostgreSQL keeps old row versions until VACUUM reuses their
        space, and its WAL until its segments are recycled)."""

    def close(self) -> None:
        raise NotImplementedError


def _table_row(head: Sequence[Any], seats: list[SeatRow]) -> TableRow:
    return TableRow(
        id=head[0],
        game=head[1],
        options=json.loads(head[2]),
        seed=int(head[3]),
        created=float(head[4]),
        finished=bool(head[5]),
        rematch=head[6],
        seats=seats,
        steps=[],
        revision=int(head[7]),
        version=int(head[8]),
        started=bool(head[9]),
        timer=head[10],
        stand_in=head[11],
        bot_delay=float(head[12]),
        due=None if head[13] is None else float(head[13]),
        hints=bool(head[14]),
        real_dice=bool(head[15]),
        waiting=None if head[16] is None else int(head[16]),
        waiting_since=None if head[17] is None else float(head[17]),
        bank=None if head[18] is None else float(head[18]),
        rated=head[19],
        mover=None if head[20] is None else int(head[20]),
        last_line=None if head[21] is None else json.loads(head[21]),
    )


def _last_line(lines: Sequence[StepLines | None] | None) -> str | None:
    """The last of these steps' log lines as stored (JSON), if they made any."""
    for step_lines in reversed(lines or ()):
        if step_lines:
            return json.dumps(step_lines[-1], ensure_ascii=False)
    return None


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


NOTIFY_LIMIT = 7900
"""PostgreSQL refuses notification payloads of 8000 bytes or more: beyond this the steps stay out."""


@dataclass(frozen=True)
class Change:
    """A table changed: its new revision (`GONE`: deleted), when its next automatic move is due, and,
    when the change was only new steps that fit in a notification, those steps from number `first`
    with their log lines (empty when they did not fit as well)."""

    table_id: str
    revision: int
    due: float | None = None
    first: int = 0
    steps: tuple[Any, ...] = ()
    lines: tuple[StepLines, ...] = ()
    presence: str | None = None
    """Set when only who is at the table changed: the process whose connections changed ("": the
    rows of processes gone were deleted); `revision` is then 0."""


def change_payload(
    table_id: str,
    revision: int,
    due: float | None,
    steps: Sequence[Any] = (),
    first: int = 0,
    lines: Sequence[StepLines] | None = None,
) -> str:
    """A change notification's payload (JSON), with the new steps and their log lines, or the steps
    alone, as they fit."""
    change: dict[str, Any] = {"table": table_id, "revision": revision, "due": due}
    if steps:
        with_steps = {**change, "first": first, "steps": list(steps)}
        for payload in ({**with_steps, "lines": list(lines)} if lines else None, with_steps):
            text = None if payload is None else json.dumps(payload, separators=(",", ":"), ensure_ascii=False)
            if text is not None and len(text.encode()) <= NOTIFY_LIMIT:
                return text
    return json.dumps(change, separators=(",", ":"))


def parse_change(payload: str) -> Change | None:
    """The change a notification's payload describes; None if it is not one of ours."""
    try:
        data = json.loads(payload)
        if "presence" in data:
            return Change(table_id=str(data["table"]), revision=0, presence=str(data["presence"]))
        due = data["due"]
        return Change(
            table_id=str(data["table"]),
            revision=int(data["revision"]),
            due=None if due is None else float(due),
            first=int(data.get("first", 0)),
            steps=tuple(data.get("steps", ())),
            lines=tuple(data.get("lines", ())),
        )
    except (ValueError, KeyError, TypeError):
        return None


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
