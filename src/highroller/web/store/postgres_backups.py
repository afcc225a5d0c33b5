"""PostgreSQL backups through PostgreSQL's own programs: `pg_dump --format=custom` of one snapshot (the
summary is read in that same snapshot), checked by `pg_restore --list`, and restored by `pg_restore` into
a database with no highroller tables, in one transaction. The password of a URL never goes on a command
line, which `ps` shows to everyone: the programs get it in their environment (`PGPASSWORD`)."""

from __future__ import annotations

import contextlib
import glob
import os
import shlex
import shutil
import subprocess
from collections.abc import Iterator, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from highroller.web.store.backup_checks import (
    BackupError,
    Summary,
    check_schema,
    check_target_file,
    partial_beside,
    refuse_highroller,
    summarize,
)

PROGRAM_DIRS = "/usr/lib/postgresql/*/bin"
"""Where Debian and Ubuntu keep each PostgreSQL version's programs, looked in when they are not on PATH."""

RESTORE_FLAGS = ("--no-owner", "--no-privileges", "--exit-on-error", "--single-transaction", "--no-password")
"""The restored tables belong to the user restoring them (the roles of the backup's server need not exist)."""

TABLES = (
    "SELECT table_name FROM information_schema.tables WHERE table_schema NOT IN ('pg_catalog', 'information_schema')"
)


def _version(directory: str) -> tuple[int, str]:
    name = Path(directory).parent.parent.name
    return (int(name) if name.isdigit() else -1, name)


def find_program(name: str, by_hand: str) -> str:
    """The path of PostgreSQL's program `name`: on PATH, else the newest in `PROGRAM_DIRS`; if there is
    none, a `BackupError` saying how to install it, and `by_hand`, the command to run once it is."""
    found = shutil.which(name)
    if found:
        return found
    candidates = sorted(glob.glob(f"{PROGRAM_DIRS}/{name}"), key=_version)
    if candidates:
        return candidates[-1]
    raise BackupError(
        f"{name} was not found on PATH or in {PROGRAM_DIRS}. Install PostgreSQL's client programs, of the "
        "server's version or newer (Debian, Ubuntu: sudo apt-get install postgresql-client; Fedora: sudo dnf "
        f"install postgresql; macOS: brew install libpq), then run this again, or by hand: {by_hand} "
        "(the password in PGPASSWORD or ~/.pgpass)"
    )


def program_connection(url: str) -> tuple[str, dict[str, str]]:
    """What PostgreSQL's programs are given for `url`: its connection string without the password (for
    `--dbname`), and an environment with the password in `PGPASSWORD`, if the URL has one."""
    from psycopg.conninfo import conninfo_to_dict, make_conninfo

    params = conninfo_to_dict(url)
    password = params.pop("password", None)
    environment = dict(os.environ)
    if password is not None:
        environment["PGPASSWORD"] = str(password)
    return make_conninfo("", **params), environment


def _run(command: Sequence[str], environment: dict[str, str] | None = None) -> str:
    done = subprocess.run(list(command), env=environment, capture_output=True, text=True, check=False)
    if done.returncode:
        raise BackupError(f"{Path(command[0]).name} failed: {done.stderr.strip() or done.returncode}")
    return done.stdout


@contextlib.contextmanager
def _connected(url: str, where: str) -> Iterator[Any]:
    import psycopg

    try:
        with psycopg.connect(url) as db:
            yield db
    except psycopg.Error as error:
        raise BackupError(f"cannot read {where}: {error}") from error


def _names(cursor: Any) -> list[str]:
    cursor.execute(TABLES)
    return [row[0] for row in cursor.fetchall()]


def dump(url: str, file: Path, force: bool) -> Summary:
    """`pg_dump` the database of `url` to `file` (through a partial file renamed once it is checked)."""
    conninfo, environment = program_connection(url)
    quoted = shlex.quote(str(file))
    pg_dump = find_program("pg_dump", f"pg_dump --format=custom --file={quoted} {shlex.quote(conninfo)}")
    pg_restore = find_program("pg_restore", f"pg_restore --list {quoted}")
    check_target_file(file, force)
    import psycopg

    partial = partial_beside(file)
    try:
        with _connected(url, conninfo) as db:
            db.isolation_level = psycopg.IsolationLevel.REPEATABLE_READ
            db.read_only = True
            cursor = db.cursor()
            cursor.execute("SELECT pg_export_snapshot()")
            snapshot = cursor.fetchone()[0]
            summary = summarize(cursor, "postgresql", _names(cursor), conninfo, 0)
            _run(
                [pg_dump, "--format=custom", "--no-password", f"--snapshot={snapshot}", f"--file={partial}", conninfo],
                environment,
            )
        _check_archive(pg_restore, partial)
        partial.replace(file)
    except BaseException:
        partial.unlink(missing_ok=True)
        raise
    return replace(summary, size=file.stat().st_size)


def _check_archive(pg_restore: str, archive: Path) -> None:
    """Refuse an archive `pg_restore` cannot list, or one without the data of highroller's tables."""
    listing = _run([pg_restore, "--list", str(archive)])
    data = {line.split()[-2] for line in listing.splitlines() if " TABLE DATA " in line and len(line.split()) > 2}
    if not {"hr_meta", "hr_tables"} <= data:
        raise BackupError(f"the archive {archive} lacks highroller's tables: {sorted(data)[:5]}")


def load(file: Path, url: str) -> Summary:
    """`pg_restore` the custom-format backup `file` into the database of `url`, which has no highroller tables."""
    conninfo, environment = program_connection(url)
    pg_restore = find_program(
        "pg_restore", f"pg_restore {' '.join(RESTORE_FLAGS)} --dbname={shlex.quote(conninfo)} {shlex.quote(str(file))}"
    )
    schema = schema_in(_run([pg_restore, "--data-only", "--table=hr_meta", "--file=-", str(file)]), file)
    check_schema(schema, str(file))
    with _connected(url, conninfo) as db:
        refuse_highroller(_names(db.cursor()), conninfo, "a new database (createdb NAME)")
    _run([pg_restore, *RESTORE_FLAGS, f"--dbname={conninfo}", str(file)], environment)
    with _connected(url, conninfo) as db:
        cursor = db.cursor()
        summary = summarize(cursor, "postgresql", _names(cursor), conninfo, 0)
        cursor.execute("SELECT pg_database_size(current_database())")
        size = int(cursor.fetchone()[0])
    if summary.schema != schema:
        raise BackupError(f"the restored database has schema {summary.schema}, the backup {schema}")
    return replace(summary, size=size)


def schema_in(script: str, file: Path) -> int:
    """The schema version in the SQL `pg_restore` writes for the data of `hr_meta` alone."""
    rows = False
    for line in script.splitlines():
        if line.startswith("COPY ") and ".hr_meta " in line:
            rows = True
        elif line == "\\.":
            rows = False
        elif rows and line.startswith("schema\t"):
            return int(line.split("\t", 1)[1])
    raise BackupError(f"{file} is not a highroller backup: it has no schema version in hr_meta")
