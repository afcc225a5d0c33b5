"""`highroller backup` and `highroller restore`: a checked copy of the web server's database, taken while
it serves, and its restore into an empty database (`highroller.web.store.backups`)."""

from __future__ import annotations

from pathlib import Path

import click

from highroller.cli.extras import require
from highroller.web.store.backup_checks import BackupError, Summary
from highroller.web.store.backups import backup, restore
from highroller.web.store.dialects import default_database, is_postgres

database_option = click.option(
    "--db",
    "--database",
    "database",
    default=None,
    help="The server's SQLite file or postgresql:// URL (default: the file in your data directory).",
)


def _where(database: str | None, command: str) -> str:
    where = database or str(default_database())
    if is_postgres(where):
        require("postgres", f"highroller {command} --db postgresql://...")
    return where


def _report(done: str, summary: Summary) -> None:
    click.echo(f"{done}: {summary.describe()}; integrity ok")


@click.command("backup")
@database_option
@click.option("--force", is_flag=True, help="Replace FILE if it exists.")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
def backup_command(database: str | None, force: bool, file: Path) -> None:
    """Write a consistent, checked copy of the web server's database to FILE, while the server runs.

    \b
    SQLite: a SQLite file (the online backup API); PostgreSQL: a pg_dump custom-format archive.
    The backup holds everything (tables, profiles, the server's keys): keep it private."""
    where = _where(database, "backup")
    try:
        summary = backup(where, file, force)
    except BackupError as error:
        raise click.ClickException(str(error)) from error
    _report(f"backup written to {file}", summary)


@click.command("restore")
@database_option
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
def restore_command(database: str | None, file: Path) -> None:
    """Restore the backup FILE into an empty database (a new SQLite file, or a PostgreSQL database
    with no highroller tables), then check it; a server started on it plays on."""
    where = _where(database, "restore")
    try:
        summary = restore(file, where)
    except BackupError as error:
        raise click.ClickException(str(error)) from error
    _report(f"restored {file} into {where.split('@')[-1]}", summary)
