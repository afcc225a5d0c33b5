"""`highroller admin tables`, `table ID` and `close ID`: the host finds tables, reads one, and closes one.
A table nobody started is deleted; in a game in progress the stand-in takes every person's seat and
plays it to its end, so its record and replay are kept as every game's are (its people read that the
host closed it). Every server process hears of it: PostgreSQL's notifications tell them, and with SQLite
each process reads the admin log's rows naming the table (`highroller.web.moderation.standing`)."""

from __future__ import annotations

import asyncio

import click
from rich.table import Table as Grid

from highroller.cli.admin.common import (
    ID_ARGUMENTS,
    Admin,
    checked_reason,
    limit_option,
    pass_admin,
    reason_option,
    show,
    when,
)
from highroller.core.state import CHANCE
from highroller.web.http.errors import Refused
from highroller.web.settings import Settings
from highroller.web.store.admin_queries import STATES, SeatLine, TableLine
from highroller.web.store.database import Store
from highroller.web.tables.held_tables import Tables


def _seat(seat: SeatLine) -> str:
    who = f"{seat.bot} bot" if seat.bot else seat.name or "(open)"
    return f"{seat.seat}: {who}" + (f" [{seat.control}]" if seat.control else "")


def _mover(line: TableLine) -> str:
    if line.state != "playing" or line.mover is None:
        return ""
    if line.mover == CHANCE:
        return "the dice"
    found = [s for s in line.seats if s.seat == line.mover]
    return _seat(found[0]) if found else str(line.mover)


@click.command("tables")
@click.option("--game", default=None, help="Only tables of this game.")
@click.option("--state", type=click.Choice(sorted(STATES)), default=None, help="Only tables in this state.")
@click.option("--name", default=None, metavar="TEXT", help="Only tables with a seat whose name holds TEXT.")
@limit_option
@pass_admin
def tables(admin: Admin, game: str | None, state: str | None, name: str | None, limit: int) -> None:
    """Find tables, the newest first."""
    with admin.store() as store:
        found = store.find_tables(game, state, name, limit)
    if not found:
        click.echo("no tables")
        return
    grid = Grid("table", "game", "state", "seats", "created", "last move")
    for line in found:
        seats = ", ".join(_seat(s) for s in line.seats)
        grid.add_row(line.id, line.game, line.state, seats, when(line.created), when(line.touched))
    show(grid)


@click.command("table", context_settings=ID_ARGUMENTS)
@click.argument("table_id", metavar="ID")
@pass_admin
def table(admin: Admin, table_id: str) -> None:
    """One table: its seats, who is on move, its steps, and its chat and open reports."""
    with admin.store() as store:
        line = store.table_line(table_id)
    if line is None:
        raise click.ClickException(f"there is no table {table_id}")
    click.echo(f"table {line.id}: {line.game}, {line.state}, created {when(line.created)}")
    click.echo(f"steps {line.version}; last move {when(line.touched)}; on move: {_mover(line) or '-'}")
    click.echo(f"chat messages {line.chat}; open reports {line.reports}")
    grid = Grid("seat", "name", "bot", "profile", "away/left")
    for seat in line.seats:
        grid.add_row(str(seat.seat), seat.name or "", seat.bot or "", seat.profile or "", seat.control or "")
    show(grid)


async def close_table(store: Store, table_id: str) -> bool:
    """Close a table as the host: whether it was deleted (nobody had started it)."""
    held = Tables(store, Settings(bot_processes=0, warm_up=False))
    try:
        return await (await held.get(table_id)).close_as_host()
    except Refused as refused:
        raise click.ClickException(f"table {table_id}: {refused.message}") from None


@click.command("close", context_settings=ID_ARGUMENTS)
@click.argument("table_id", metavar="ID")
@reason_option
@pass_admin
def close(admin: Admin, table_id: str, reason: str) -> None:
    """End a table now: unstarted, it is deleted; in play, the stand-in plays every person's seat to the end."""
    operator, reason = admin.who(), checked_reason(reason)
    with admin.store() as store:
        deleted = asyncio.run(close_table(store, table_id))
        store.log_admin(operator, "close", table_id, reason, table_id)
    if deleted:
        click.echo(f"table {table_id} was not started: deleted")
    else:
        click.echo(f"table {table_id} closed: the stand-in plays its people's seats to the end; its record is kept")
