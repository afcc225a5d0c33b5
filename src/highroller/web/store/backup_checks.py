"""What every backup and restore checks and says, on either backend: the refusal (`BackupError`), the
summary of what a backup holds (read from a highroller database, refusing another one or a newer
schema), a backup file written only in full (or replaced only when forced) and a restore's target
refused when it already holds highroller's tables."""

from __future__ import annotations

import os
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from highroller.web.store.database_schema import SCHEMA_VERSION

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
