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

import sqlite3
import time
from collections.abc import Sequence
from contextlib import closing
from dataclasses import replace
from pathlib import Path

from highroller.web.store.backup_checks import (
    BackupError,
    Kind,
    Summary,
    check_target_file,
    listed,
    partial_beside,
    refuse_highroller,
    summarize,
)
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
            f"{file} is a {NAMES[kind]} backup and {NAMES[target]} databases take only {NAMES[target]} backups "
            f"(moving between the two is not supported): restore it into a {NAMES[kind]} database"
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
