"""The queries of the host's commands (`highroller admin`): finding tables and profiles, renaming a
profile, the bans (`hr_bans`), read-only mode (`hr_meta`'s `maintenance`) and the audit log
(`hr_admin_log`). Every change an operator makes is written to the log in the same transaction; the
log's last number is the generation server processes watch (`highroller.web.moderation.watch`): when it
moves they read the bans and maintenance again, and catch up the tables the new rows name."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from highroller.web import clock
from highroller.web.store.transaction import Transactions

TRIES = 5
"""Times a log row is numbered again when another operator's took the same number meanwhile."""

STATES = {
    "unstarted": "started = 0 AND finished = 0",
    "playing": "started = 1 AND finished = 0",
    "finished": "finished = 1",
}
"""A table's state as the host searches for it, and the condition that selects it."""


@dataclass(frozen=True)
class Ban:
    """A ban: of an address, a network or a profile (`kind`), its `target` (a keyed hash, or a profile's
    id), what the operator may read of it (`label`), until when (None: for good), by whom, why, when."""

    kind: str
    target: str
    label: str
    until: float | None
    operator: str
    reason: str
    at: float

    def active(self, now: float) -> bool:
        return self.until is None or self.until > now


@dataclass(frozen=True)
class LogEntry:
    """One change an operator made."""

    seq: int
    at: float
    operator: str
    command: str
    target: str
    table_id: str | None
    reason: str


@dataclass(frozen=True)
class SeatLine:
    """A seat as the host reads it: its name, bot, profile and whether its person is away or left."""

    seat: int
    name: str | None
    bot: str | None
    profile: str | None
    control: str | None


@dataclass(frozen=True)
class TableLine:
    """A table as the host finds it."""

    id: str
    game: str
    state: str
    created: float
    touched: float | None
    version: int
    mover: int | None
    seats: list[SeatLine]
    chat: int = 0
    reports: int = 0


@dataclass(frozen=True)
class ProfileLine:
    """A profile as the host finds it."""

    id: str
    name: str
    created: float
    devices: int
    games: int


_TABLE_HEAD = "id, game, started, finished, created, touched, version, mover"


def _state(started: Any, finished: Any) -> str:
    return "finished" if finished else "playing" if started else "unstarted"


class AdminQueries(Transactions):
    """The host's searches and changes, each change logged."""

    # ------------------------------------------------------------------ tables
    def find_tables(self, game: str | None, state: str | None, name: str | None, limit: int) -> list[TableLine]:
        """Tables of `game`, in `state`, with a seat whose name holds `name` (each None: any), newest first."""
        where, args = ["1 = 1"], list[Any]()
        if game:
            where.append("game = ?")
            args.append(game)
        if state:
            where.append(STATES[state])
        if name:
            where.append("id IN (SELECT table_id FROM hr_seats WHERE LOWER(name) LIKE ?)")
            args.append(f"%{name.lower()}%")
        with self.transaction() as cursor:
            heads = self.run(
                cursor,
                f"SELECT {_TABLE_HEAD} FROM hr_tables WHERE {' AND '.join(where)} ORDER BY created DESC LIMIT ?",
                (*args, limit),
            ).fetchall()
            return [self._table_line(cursor, head) for head in heads]

    def table_line(self, table_id: str) -> TableLine | None:
        """One table with its chat's and open reports' counts; None if there is none."""
        with self.transaction() as cursor:
            head = self.run(cursor, f"SELECT {_TABLE_HEAD} FROM hr_tables WHERE id = ?", (table_id,)).fetchone()
            if head is None:
                return None
            line = self._table_line(cursor, head)
            chat = self.run(cursor, "SELECT COUNT(*) FROM hr_chat WHERE table_id = ?", (table_id,)).fetchone()[0]
            reports = self.run(
                cursor, "SELECT COUNT(*) FROM hr_chat_reports WHERE table_id = ? AND state = 'open'", (table_id,)
            ).fetchone()[0]
        return TableLine(**{**line.__dict__, "chat": int(chat), "reports": int(reports)})

    def _table_line(self, cursor: Any, head: Sequence[Any]) -> TableLine:
        seats = self.run(
            cursor,
            "SELECT seat, name, bot, profile_id, control FROM hr_seats WHERE table_id = ? ORDER BY seat",
            (head[0],),
        ).fetchall()
        return TableLine(
            id=head[0],
            game=head[1],
            state=_state(head[2], head[3]),
            created=float(head[4]),
            touched=None if head[5] is None else float(head[5]),
            version=int(head[6]),
            mover=None if head[7] is None else int(head[7]),
            seats=[SeatLine(int(s[0]), s[1], s[2], s[3], s[4]) for s in seats],
        )

    def games_in_progress(self) -> int:
        with self.transaction() as cursor:
            return int(self.run(cursor, f"SELECT COUNT(*) FROM hr_tables WHERE {STATES['playing']}").fetchone()[0])

    # ------------------------------------------------------------------ profiles
    def find_profiles(self, name: str | None, ids: Sequence[str], limit: int) -> list[ProfileLine]:
        """Profiles not deleted whose id is one of `ids` or whose name holds `name`, newest first."""
        where, args = "1 = 1", list[Any]()
        if name is not None:
            marks = ", ".join("?" * len(ids)) or "NULL"
            where = f"(LOWER(p.name) LIKE ? OR p.id IN ({marks}))"
            args = [f"%{name.lower()}%", *ids]
        with self.transaction() as cursor:
            rows = self.run(
                cursor,
                "SELECT p.id, p.name, p.created,"
                " (SELECT COUNT(*) FROM hr_profile_keys k WHERE k.profile_id = p.id),"
                " (SELECT COUNT(DISTINCT s.table_id) FROM hr_seats s WHERE s.profile_id = p.id)"
                f" FROM hr_profiles p WHERE p.deleted = 0 AND {where} ORDER BY p.created DESC LIMIT ?",
                (*args, limit),
            ).fetchall()
        return [ProfileLine(r[0], r[1], float(r[2]), int(r[3]), int(r[4])) for r in rows]

    def rename_profile(self, profile_id: str, name: str, operator: str, command: str, reason: str) -> bool:
        """Give a profile (not deleted) a new name, logged; whether there was one."""
        with self.transaction(write=True) as cursor:
            renamed = self.run(
                cursor, "UPDATE hr_profiles SET name = ? WHERE id = ? AND deleted = 0", (name, profile_id)
            ).rowcount
            if renamed:
                self._log(cursor, operator, command, profile_id, reason)
        return bool(renamed)

    def report_author(self, report: str) -> tuple[str | None, str] | None:
        """The profile (None: the author had none) and name of the author of the message a report is of;
        None for no such report."""
        with self.transaction() as cursor:
            row = self.run(
                cursor,
                "SELECT c.profile_id, c.author FROM hr_chat_reports r JOIN hr_chat c ON c.table_id = r.table_id"
                " AND c.n = r.n WHERE r.id = ?",
                (report,),
            ).fetchone()
        return None if row is None else (row[0], str(row[1]))

    # ------------------------------------------------------------------ bans
    def ban(self, ban: Ban, command: str) -> None:
        """Store a ban (replacing one of the same target), logged."""
        with self.transaction(write=True) as cursor:
            self.run(cursor, "DELETE FROM hr_bans WHERE kind = ? AND target = ?", (ban.kind, ban.target))
            self.run(
                cursor,
                "INSERT INTO hr_bans (kind, target, label, until, operator, reason, at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (ban.kind, ban.target, ban.label, ban.until, ban.operator, ban.reason, ban.at),
            )
            self._log(cursor, ban.operator, command, f"{ban.kind} {ban.label}", ban.reason)

    def unban(self, kind: str, target: str, label: str, operator: str, reason: str) -> bool:
        """Lift a ban, logged; whether there was one."""
        with self.transaction(write=True) as cursor:
            lifted = self.run(cursor, "DELETE FROM hr_bans WHERE kind = ? AND target = ?", (kind, target)).rowcount
            if lifted:
                self._log(cursor, operator, "unban", f"{kind} {label}", reason)
        return bool(lifted)

    def bans(self, now: float | None = None) -> list[Ban]:
        """The bans in force at `now` (None: every ban stored), the latest first."""
        with self.transaction() as cursor:
            rows = self.run(
                cursor,
                "SELECT kind, target, label, until, operator, reason, at FROM hr_bans"
                + ("" if now is None else " WHERE until IS NULL OR until > ?")
                + " ORDER BY at DESC",
                () if now is None else (now,),
            ).fetchall()
        return [Ban(r[0], r[1], r[2], None if r[3] is None else float(r[3]), r[4], r[5], float(r[6])) for r in rows]

    def profile_keys(self, profile_ids: Sequence[str]) -> dict[str, str]:
        """The hashed keys of these profiles' devices, each with its profile."""
        if not profile_ids:
            return {}
        marks = ", ".join("?" * len(profile_ids))
        with self.transaction() as cursor:
            rows = self.run(
                cursor,
                f"SELECT key_hash, profile_id FROM hr_profile_keys WHERE profile_id IN ({marks})",
                list(profile_ids),
            ).fetchall()
        return {row[0]: row[1] for row in rows}

    # ------------------------------------------------------------------ maintenance
    def set_maintenance(self, message: str | None, operator: str, reason: str) -> None:
        """Read-only mode on with `message` (what refusals add; "" for none), or off (None); logged."""
        with self.transaction(write=True) as cursor:
            self.run(cursor, "DELETE FROM hr_meta WHERE key = 'maintenance'")
            if message is not None:
                value = json.dumps({"message": message, "since": clock.now()})
                self.run(cursor, "INSERT INTO hr_meta (key, value) VALUES ('maintenance', ?)", (value,))
            target = "on" if message is not None else "off"
            self._log(cursor, operator, "maintenance", target, reason)

    def maintenance(self) -> dict[str, Any] | None:
        """Read-only mode's message and since when, while it is on; None when it is off."""
        with self.transaction() as cursor:
            row = self.run(cursor, "SELECT value FROM hr_meta WHERE key = 'maintenance'").fetchone()
        return None if row is None else dict(json.loads(row[0]))

    # ------------------------------------------------------------------ the log
    def log_admin(self, operator: str, command: str, target: str, reason: str, table_id: str | None = None) -> None:
        """Write a change made elsewhere (a table closed) to the log."""
        with self.transaction(write=True) as cursor:
            self._log(cursor, operator, command, target, reason, table_id)

    def _log(
        self, cursor: Any, operator: str, command: str, target: str, reason: str, table_id: str | None = None
    ) -> None:
        for attempt in range(TRIES):
            seq = int(self.run(cursor, "SELECT COALESCE(MAX(seq), 0) + 1 FROM hr_admin_log").fetchone()[0])
            try:
                self.run(cursor, "SAVEPOINT admin_log")
                self.run(
                    cursor,
                    "INSERT INTO hr_admin_log (seq, at, operator, command, target, table_id, reason)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (seq, clock.now(), operator, command, target, table_id, reason),
                )
                self.run(cursor, "RELEASE SAVEPOINT admin_log")
                return
            except self.integrity_errors:
                self.run(cursor, "ROLLBACK TO SAVEPOINT admin_log")
                if attempt == TRIES - 1:
                    raise

    def admin_log(self, limit: int, after: int = 0) -> list[LogEntry]:
        """The log's last `limit` rows after number `after`, oldest first."""
        with self.transaction() as cursor:
            rows = self.run(
                cursor,
                "SELECT seq, at, operator, command, target, table_id, reason FROM hr_admin_log WHERE seq > ?"
                " ORDER BY seq DESC LIMIT ?",
                (after, limit),
            ).fetchall()
        return [LogEntry(int(r[0]), float(r[1]), r[2], r[3], r[4], r[5], r[6]) for r in reversed(rows)]

    def admin_generation(self) -> int:
        """The number of the log's last row (0: none): it moves with every change an operator makes."""
        with self.transaction() as cursor:
            return int(self.run(cursor, "SELECT COALESCE(MAX(seq), 0) FROM hr_admin_log").fetchone()[0])
