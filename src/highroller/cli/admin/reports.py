"""`highroller admin reports`, `hide ID`, `close-report ID` and `ban-author ID`: the chat messages people
reported, as the host reads and settles them: the open reports listed, one closed, its message hidden
from every reader (and its reports closed), or its author's profile banned. A message written without a
profile names nobody a ban can hold (no address is kept with a message): ban its author by address
then, if you know it."""

from __future__ import annotations

import click
from rich.table import Table as Grid

from highroller.cli.admin.common import Admin, checked_reason, duration, pass_admin, reason_option, show, when
from highroller.web import clock
from highroller.web.moderation.targets import PROFILE
from highroller.web.store.admin_queries import Ban


@click.command("reports")
@pass_admin
def reports(admin: Admin) -> None:
    """The open reports of chat messages, the oldest first."""
    with admin.store() as store:
        found = store.open_reports()
    if not found:
        click.echo("no open reports")
        return
    grid = Grid("report", "table", "message", "author", "text", "reporter", "reason", "when")
    for r in found:
        grid.add_row(r.id, r.table_id, str(r.n), r.author, r.text, r.reporter, r.reason, when(r.at))
    show(grid)


def _settle(admin: Admin, report: str, hide: bool, reason: str) -> None:
    operator, reason = admin.who(), checked_reason(reason)
    with admin.store() as store:
        message = store.settle_report(report, hide=hide)
        if message is None:
            raise click.ClickException(f"there is no report {report}")
        store.log_admin(operator, "hide" if hide else "close-report", report, reason)
    done = "hidden; its reports are closed" if hide else "stays; the report is closed"
    click.echo(f"report {report}: message {message.n} by {message.author} {done}")


@click.command("hide")
@click.argument("report", metavar="ID")
@reason_option
@pass_admin
def hide(admin: Admin, report: str, reason: str) -> None:
    """Hide a report's message from every reader (and close its reports)."""
    _settle(admin, report, True, reason)


@click.command("close-report")
@click.argument("report", metavar="ID")
@reason_option
@pass_admin
def close_report(admin: Admin, report: str, reason: str) -> None:
    """Close a report; its message stays."""
    _settle(admin, report, False, reason)


@click.command("ban-author")
@click.argument("report", metavar="ID")
@click.option("--for", "for_", default=None, metavar="30m|2h|7d", help="How long (without it: for good).")
@reason_option
@pass_admin
def ban_author(admin: Admin, report: str, for_: str | None, reason: str) -> None:
    """Ban the profile of the author of a reported message."""
    operator, reason, seconds = admin.who(), checked_reason(reason), duration(for_)
    with admin.store() as store:
        author = store.report_author(report)
        if author is None:
            raise click.ClickException(f"there is no report {report}")
        profile, name = author
        if profile is None:
            raise click.ClickException(
                f"{name} wrote without a profile: no ban can name them (ban their address with ban --address)"
            )
        now = clock.now()
        until = None if seconds is None else now + seconds
        store.ban(Ban(PROFILE, profile, profile, until, operator, reason or f"report {report}", now), "ban-author")
    click.echo(f"banned profile {profile} ({name}) " + ("for good" if until is None else f"until {when(until)} UTC"))
