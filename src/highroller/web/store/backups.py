"""Backups of the web server's database that restore: a consistent copy of a live database, checked,
and its restore into an empty one, on either backend.

A SQLite database is copied with SQLite's online backup API, a few pages at a time with short pauses (so
writers are not held), into a file beside the backup's that is renamed into place once it is complete
and its integrity checked. A PostgreSQL database is dumped by `pg_dump --format=custom`
(`highroller.web.store.postgres_backups`). Either holds everything (tables, profiles, the address key
and the VAPID key of `hr_meta`): a restored server plays on. A backup's kind is read from its first
bytes; a restore goes into an empty database of the same kind only, and refuses a backup of a newer
schema than this highroller's."""

from __future__ import annotations

import os
import secrets
import sqlite3
import time
from collections.abc import Sequence
from contextlib import closing
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Literal

from highroller.web.store.database_schema import SCHEMA_VERSION
from highroller.web.store.dialects import is_postgres

SQLITE_MAGIC = b"SQLite format 3\x00"
PGDUMP_MAGIC = b"PGDMP"

STEP_PAGES = 256
"""Pages (of 4 KiB by default) a step of the SQLite copy takes before it pauses."""
STEP_PAUSE = 0.005
"""Seconds between two steps, when writers may write."""
RESTARTS = 3
"""How often the stepped copy may start again (another process wrote) before it copies the rest in one step:
in the write-ahead log mode of the server's database, one read snapshot that holds no writer."""

Kind = Literal["sqlite", "postgresql"]


class BackupError(Exception):
    """A backup or restore refused or failed: the sentence says why, and what to do."""


@dataclass(frozen=True)
class Summary:
    """What a backup (or a restored database) holds."""

    kind: Kind
    schema: int
    tables: int
    in_progress: int
    profiles: int
    size: int
    """Bytes: the backup file's, or the restored database's."""

    def describe(self) -> str:
        megabytes = self.size / 1_000_000
        return (
            f"{_count(self.tables, 'table')} ({_count(self.in_progress, 'game')} in progress), "
            f"{_count(self.profiles, 'profile')}, schema {self.schema}, {megabytes:.1f} MB"
        )


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


COUNTS = (
    "SELECT COUNT(*) FROM hr_tables",
    "SELECT COUNT(*) FROM hr_tables WHERE finished = 0",
    "SELECT COUNT(*) FROM hr_profiles WHERE deleted = 0",
)


def summarize(cursor: Any, kind: Kind, names: Sequence[str], where: str, size: int) -> Summary:
    """The summary of the highroller database `cursor` reads (its tables `names`); refuses a database
    that is not highroller's or whose schema is newer than this highroller's."""
    if "hr_meta" not in names:
        raise BackupError(f"{where} is not a highroller database (it has no hr_meta table)")
    cursor.execute("SELECT value FROM hr_meta WHERE key = 'schema'")
    row = cursor.fetchone()
    schema = int(row[0]) if row else 0
    check_schema(schema, where)
    counts = []
    for query in COUNTS:
        cursor.execute(query)
        counts.append(int(cursor.fetchone()[0]))
    return Summary(kind, schema, counts[0], counts[1], counts[2], size)


def check_schema(schema: int, where: str) -> None:
    if schema > SCHEMA_VERSION:
        raise BackupError(
            f"{where} has schema {schema}, written by a newer highroller (this one reads schema {SCHEMA_VERSION} "
            "and older): restore it with that highroller"
        )


def kind_of(file: Path) -> Kind:
    """Whether `file` is a SQLite backup or a pg_dump custom-format one, from its first bytes."""
    with file.open("rb") as opened:
        start = opened.read(len(SQLITE_MAGIC))
    if start.startswith(SQLITE_MAGIC):
        return "sqlite"
    if start.startswith(PGDUMP_MAGIC):
        return "postgresql"
    raise BackupError(
        f"{file} is not a highroller backup: it is neither a SQLite database nor a pg_dump custom-format archive"
    )


def check_target_file(file: Path, force: bool) -> None:
    """Refuse to write a backup over an existing file without `force`, or into a folder that is not there."""
    if file.is_dir():
        raise BackupError(f"{file} is a folder: give the backup's file name")
    if file.exists() and not force:
        raise BackupError(f"{file} exists: give --force to replace it, or another file name")
    if not file.parent.is_dir():
        raise BackupError(f"there is no folder {file.parent} to write the backup in")


def partial_beside(file: Path) -> Path:
    """A new empty file beside `file` that only its owner may read, for a backup being written (renamed
    to `file` once complete): a backup holds the server's keys."""
    partial = file.with_name(f".{file.name}.{secrets.token_hex(4)}.partial")
    os.close(os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
    return partial


def backup(database: str, file: Path, force: bool = False) -> Summary:
    """Write a backup of `database` (a SQLite file or a postgresql:// URL) to `file`; what it holds."""
    if is_postgres(database):
        from highroller.web.store.postgres_backups import dump

        return dump(database, file, force)
    return backup_sqlite(Path(database), file, force)


def restore(file: Path, database: str) -> Summary:
    """Restore the backup `file` into the empty `database`; what the restored database holds."""
    kind = kind_of(file)
    target: Kind = "postgresql" if is_postgres(database) else "sqlite"
    if kind != target:
        raise BackupError(
            f"{file} is a {NAMES[kind]} backup and {NAMES[target]} databases take only {NAMES[target]} backups: "
            f"restore it into a {NAMES[kind]} database"
        )
    if kind == "postgresql":
        from highroller.web.store.postgres_backups import load

        return load(file, database)
    return restore_sqlite(file, Path(database))


NAMES = {"sqlite": "SQLite", "postgresql": "PostgreSQL"}


# ---------------------------------------------------------------------------------------------- SQLite
def _open(path: Path, read_only: bool = False) -> sqlite3.Connection:
    """A connection to an existing SQLite file (never one created by opening it)."""
    mode = "ro" if read_only else "rw"
    try:
        return sqlite3.connect(f"{path.resolve().as_uri()}?mode={mode}", uri=True, timeout=30, isolation_level=None)
    except sqlite3.Error as error:
        raise BackupError(f"cannot open {path}: {error}") from error


def _names(db: sqlite3.Connection, where: Path) -> list[str]:
    try:
        return [row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
    except sqlite3.DatabaseError as error:
        raise BackupError(f"{where} is not a SQLite database ({error})") from error


def _checked(db: sqlite3.Connection, where: Path) -> Summary:
    """The summary of a copy just made, once SQLite found it whole (`PRAGMA integrity_check`)."""
    problems = [row[0] for row in db.execute("PRAGMA integrity_check")]
    if problems != ["ok"]:
        raise BackupError(f"the copy in {where} failed its integrity check: {'; '.join(problems[:5])}")
    return summarize(db.cursor(), "sqlite", _names(db, where), str(where), 0)


class _Restarted(Exception):
    """The stepped copy started again too often: another process keeps writing."""


def _copy_live(source: sqlite3.Connection, copy: sqlite3.Connection) -> None:
    """Copy `source` into `copy` in steps with pauses; when writers keep restarting it, in one step."""
    restarts = 0
    left = -1

    def between_steps(status: int, remaining: int, total: int) -> None:
        nonlocal restarts, left
        if remaining > left >= 0:
            restarts += 1
            if restarts > RESTARTS:
                raise _Restarted
        left = remaining
        time.sleep(STEP_PAUSE)

    try:
        source.backup(copy, pages=STEP_PAGES, progress=between_steps)
    except _Restarted:
        source.backup(copy, pages=-1)


def _remove(path: Path) -> None:
    for leftover in (path, path.with_name(path.name + "-journal")):
        leftover.unlink(missing_ok=True)


def backup_sqlite(database: Path, file: Path, force: bool) -> Summary:
    """Copy the live SQLite `database` to `file`, checked; its summary."""
    if not database.is_file():
        raise BackupError(f"there is no database at {database}")
    check_target_file(file, force)
    if file.exists() and file.resolve() == database.resolve():
        raise BackupError(f"{file} is the database itself: write the backup to another file")
    partial = partial_beside(file)
    try:
        with closing(_open(database)) as source, closing(sqlite3.connect(partial, isolation_level=None)) as copy:
            summarize(source.cursor(), "sqlite", _names(source, database), str(database), 0)  # not another file
            _copy_live(source, copy)
            copy.execute("PRAGMA journal_mode=DELETE")  # one self-contained file
            summary = _checked(copy, partial)
        partial.replace(file)
    except BaseException:
        _remove(partial)
        raise
    return replace(summary, size=file.stat().st_size)


def restore_sqlite(file: Path, database: Path) -> Summary:
    """Copy the SQLite backup `file` into `database`, a file not there yet or with no tables; checked."""
    if database.exists() and database.resolve() == file.resolve():
        raise BackupError(f"{database} is the backup itself: restore it into another file")
    created = not database.exists()
    try:
        with closing(_open(file, read_only=True)) as backup_db:
            summarize(backup_db.cursor(), "sqlite", _names(backup_db, file), str(file), 0)
            database.parent.mkdir(parents=True, exist_ok=True)
            with closing(sqlite3.connect(database, isolation_level=None, timeout=30)) as target:
                _check_empty(_names(target, database), database)
                backup_db.backup(target)
                summary = _checked(target, database)
    except BaseException:
        if created:
            _remove(database)
        raise
    return replace(summary, size=database.stat().st_size)


def _check_empty(names: Sequence[str], where: Path) -> None:
    refuse_highroller(names, str(where), "a new file")
    if names:
        raise BackupError(
            f"{where} holds other tables ({listed(names)}), which a restore would replace: use a new file"
        )


def refuse_highroller(names: Sequence[str], where: str, instead: str) -> None:
    """Refuse a restore into a database that already holds highroller's tables (`names` are its tables)."""
    ours = [name for name in names if name.startswith("hr_")]
    if ours:
        raise BackupError(
            f"{where} already holds highroller's tables ({listed(ours)}): a backup is restored into an empty "
            f"database only, so that nothing is overwritten; restore into {instead}"
        )


def listed(names: Sequence[str]) -> str:
    """The first few of `names`, for a message."""
    ordered = sorted(names)
    return ", ".join(ordered[:3]) + (", …" if len(ordered) > 3 else "")
