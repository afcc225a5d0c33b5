"""`highroller admin maintenance on|off|status` and `log`: read-only mode (games in progress play on to
their end; no new table is made, every process refusing within seconds) and the audit log of every
change an operator made."""

from __future__ import annotations

import click
from rich.table import Table as Grid

from highroller.cli.admin.common import Admin, checked_reason, limit_option, pass_admin, reason_option, show, when

MAX_MESSAGE = 200
"""The longest message read-only mode's refusals add."""


@click.command("maintenance")
@click.argument("mode", type=click.Choice(["on", "off", "status"]))
@click.option("--message", default="", metavar="TEXT", help="What refusals add (with on), such as when it ends.")
@reason_option
@pass_admin
def maintenance(admin: Admin, mode: str, message: str, reason: str) -> None:
    """Read-only mode: on (no new tables; games in progress go on), off, or its status."""
    if len(message) > MAX_MESSAGE:
        raise click.BadParameter(f"a message is at most {MAX_MESSAGE} characters", param_hint="--message")
    if mode != "status":
        operator, reason = admin.who(), checked_reason(reason)
        with admin.store() as store:
            store.set_maintenance(message.strip() if mode == "on" else None, operator, reason)
    with admin.store() as store:
        state, playing = store.maintenance(), store.games_in_progress()
    if state is None:
        click.echo(f"maintenance is off; {playing} games in progress")
    else:
        said = f" ({state['message']})" if state.get("message") else ""
        click.echo(f"maintenance is on since {when(state['since'])} UTC{said}; {playing} games still in progress")


@click.command("log")
@limit_option
@pass_admin
def log_command(admin: Admin, limit: int) -> None:
    """The audit log: every change made with highroller admin, the latest last."""
    with admin.store() as store:
        entries = store.admin_log(limit)
    if not entries:
        click.echo("the log is empty")
        return
    grid = Grid("#", "when", "operator", "command", "target", "reason")
    for e in entries:
        grid.add_row(str(e.seq), when(e.at), e.operator, e.command, e.target, e.reason)
    show(grid)
