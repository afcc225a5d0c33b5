"""`highroller reports`: the chat messages people reported, as the host reads and settles them: the
open reports listed, one closed, or its message hidden from every reader (and its reports closed)."""

from __future__ import annotations

import datetime

import click
from rich.console import Console
from rich.table import Table

from highroller.cli.extras import require
from highroller.web.store.dialects import default_database, is_postgres, open_store


@click.command("reports")
@click.option(
    "--db",
    "--database",
    "database",
    default=None,
    help="The server's SQLite file or postgresql:// URL (default: the file in your data directory).",
)
@click.option("--close", "close", default=None, metavar="ID", help="Close this report; its message stays.")
@click.option("--hide", "hide", default=None, metavar="ID", help="Hide this report's message from every reader.")
def reports(database: str | None, close: str | None, hide: str | None) -> None:
    """The chat messages reported at the web server's tables: without options, the open reports."""
    if close and hide:
        raise click.UsageError("give --close or --hide, not both")
    where = database or str(default_database())
    if is_postgres(where):
        require("postgres", "highroller reports --db postgresql://...")
    store = open_store(where)
    try:
        if close or hide:
            report = close or hide or ""
            message = store.settle_report(report, hide=bool(hide))
            if message is None:
                raise click.ClickException(f"there is no report {report}")
            done = "hidden; its reports are closed" if hide else "stays; the report is closed"
            click.echo(f"report {report}: message {message.n} by {message.author} {done}")
            return
        found = store.open_reports()
        if not found:
            click.echo("no open reports")
            return
        table = Table("report", "table", "message", "author", "text", "reporter", "reason", "when")
        for r in found:
            when = datetime.datetime.fromtimestamp(r.at, datetime.UTC).strftime("%Y-%m-%d %H:%M")
            table.add_row(r.id, r.table_id, str(r.n), r.author, r.text, r.reporter, r.reason, when)
        Console(width=200).print(table)
    finally:
        store.close()
