"""What every `highroller admin` command shares: the group with its `--db` and `--as`, the store it
opens, the operator a changing command needs, and how times and durations are written."""

from __future__ import annotations

import datetime
import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

import click
from rich.console import Console
from rich.table import Table

from highroller.cli.extras import require
from highroller.web.store.database import Store
from highroller.web.store.dialects import default_database, is_postgres, open_store

ID_ARGUMENTS = {"ignore_unknown_options": True}
"""The settings of a command taking an id or handle: one that starts with "-" (base64url) is the
argument, not an unknown option (the commands that take one have no short options)."""

MAX_OPERATOR = 64
"""The longest operator name the log takes."""
MAX_REASON = 500
"""The longest reason the log takes."""
UNITS = {"m": 60, "h": 3600, "d": 86400}
MAX_DURATION = 3650 * 86400
"""The longest ban with an end (ten years); longer is for good (no --for)."""


@dataclass(frozen=True)
class Admin:
    """The database a command works on and who runs it."""

    where: str
    operator: str | None

    @contextmanager
    def store(self) -> Iterator[Store]:
        if is_postgres(self.where):
            require("postgres", "highroller admin --db postgresql://...")
        store = open_store(self.where, connections=1)
        try:
            yield store
        finally:
            store.close()

    def who(self) -> str:
        """The operator of a changing command; a clear error without one."""
        if not self.operator:
            raise click.UsageError(
                "this command changes the server: say who you are with --as NAME (or HIGHROLLER_OPERATOR), "
                "for the audit log"
            )
        return self.operator


@click.group("admin")
@click.option(
    "--db",
    "--database",
    "database",
    default=None,
    help="The server's SQLite file or postgresql:// URL (default: the file in your data directory).",
)
@click.option(
    "--as",
    "operator",
    envvar="HIGHROLLER_OPERATOR",
    default=None,
    metavar="OPERATOR",
    help="Who you are, written to the audit log (needed by every command that changes something).",
)
@click.pass_context
def admin(ctx: click.Context, database: str | None, operator: str | None) -> None:
    """The host's commands: tables, profiles, bans, chat reports, maintenance and the audit log."""
    if operator is not None and not 0 < len(operator.strip()) <= MAX_OPERATOR:
        raise click.BadParameter(f"an operator's name is 1 to {MAX_OPERATOR} characters", param_hint="--as")
    ctx.obj = Admin(database or str(default_database()), operator.strip() if operator else None)


pass_admin = click.make_pass_decorator(Admin)

reason_option = click.option(
    "--reason", default="", metavar="TEXT", help="Why, for the audit log (and the ban list).", show_default=False
)
limit_option = click.option(
    "--limit", type=click.IntRange(1, 1000), default=50, show_default=True, help="At most this many."
)


def checked_reason(reason: str) -> str:
    if len(reason) > MAX_REASON:
        raise click.BadParameter(f"a reason is at most {MAX_REASON} characters", param_hint="--reason")
    return reason


def duration(text: str | None) -> float | None:
    """Seconds of a duration written as 30m, 2h or 7d; None for none (for good); a clear error otherwise."""
    if text is None:
        return None
    found = re.fullmatch(r"\s*(\d{1,7})\s*([mhd])\s*", text)
    seconds = int(found[1]) * UNITS[found[2]] if found else 0
    if not 0 < seconds <= MAX_DURATION:
        raise click.BadParameter(
            f"{text!r}: write a duration as minutes, hours or days, such as 30m, 2h or 7d (at most 3650d); "
            "leave --for out for good",
            param_hint="--for",
        )
    return float(seconds)


def when(at: float | None) -> str:
    """A time as the tables print it (UTC); "" for none."""
    if at is None:
        return ""
    return datetime.datetime.fromtimestamp(at, datetime.UTC).strftime("%Y-%m-%d %H:%M")


def show(table: Table) -> None:
    Console(width=200).print(table)
