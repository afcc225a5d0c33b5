"""`highroller admin`: the host's commands on a server's database, while its servers run (SQLite in WAL
mode, or PostgreSQL with many processes): find tables and profiles, close a table, rename a profile, ban
an address, a network or a profile, settle the chat's reports, put the server in read-only mode, and
read the audit log. Every command that changes something needs an operator's name (`--as`, or
`HIGHROLLER_OPERATOR`), written with it to the log."""

from __future__ import annotations

from highroller.cli.admin.common import admin
from highroller.cli.admin.people import ban, bans, profiles, rename, reset_name, unban
from highroller.cli.admin.reports import ban_author, close_report, hide, reports
from highroller.cli.admin.service import log_command, maintenance
from highroller.cli.admin.tables import close, table, tables

for command in (tables, table, close, profiles, rename, reset_name, ban, unban, bans, reports, hide, close_report):
    admin.add_command(command)
for command in (ban_author, maintenance, log_command):
    admin.add_command(command)

__all__ = ["admin"]
