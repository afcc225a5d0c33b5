"""`highroller admin profiles`, `rename`, `reset-name`, `ban`, `unban` and `bans`: the host finds profiles,
renames one (the name checked as the web checks it), and bans an address, a network or a profile, for a
while or for good. Addresses are hashed with the database's key as quotas hash them, never stored as
they are; a profile ban refuses its devices while it lasts (`highroller.web.moderation.standing`)."""

from __future__ import annotations

import secrets

import click
from rich.table import Table as Grid

from highroller.cli.admin.common import (
    ID_ARGUMENTS,
    Admin,
    checked_reason,
    duration,
    limit_option,
    pass_admin,
    reason_option,
    show,
    when,
)
from highroller.web import clock
from highroller.web.http.names import NameRefused, profile_name
from highroller.web.http.quotas import Quotas
from highroller.web.moderation.targets import ADDRESS, NETWORK, PROFILE, BadTarget, address_target, network_target
from highroller.web.people.handles import handle_of, profile_id_of
from highroller.web.people.profiles import profile_by_id
from highroller.web.settings import Settings
from highroller.web.store.admin_queries import Ban
from highroller.web.store.database import Store


def profile_id(store: Store, given: str) -> str:
    """The id of the profile `given` names (its id or its handle); a clear error for none."""
    found = profile_id_of(store, given) or given
    if profile_by_id(store, found) is None:
        raise click.ClickException(f"there is no profile {given} (give a profile's id or handle)")
    return found


@click.command("profiles", context_settings=ID_ARGUMENTS)
@click.argument("name", required=False)
@limit_option
@pass_admin
def profiles(admin: Admin, name: str | None, limit: int) -> None:
    """Find profiles by a part of their name, their id or their handle (without NAME: the newest)."""
    with admin.store() as store:
        ids = [i for i in (name, name and profile_id_of(store, name)) if i]
        found = store.find_profiles(name, ids, limit)
        handles = {line.id: handle_of(store, line.id) or "" for line in found}
    if not found:
        click.echo("no profiles")
        return
    grid = Grid("profile", "handle", "name", "created", "devices", "games")
    for line in found:
        grid.add_row(line.id, handles[line.id], line.name, when(line.created), str(line.devices), str(line.games))
    show(grid)


def _rename(admin: Admin, given: str, name: str, command: str, reason: str) -> None:
    operator, reason = admin.who(), checked_reason(reason)
    try:
        checked = profile_name(name)
    except NameRefused as refused:
        raise click.BadParameter(str(refused), param_hint="NAME") from None
    with admin.store() as store:
        found = profile_id(store, given)
        store.rename_profile(found, checked, operator, command, reason)
    click.echo(f"profile {found} is now called {checked}")


@click.command("rename", context_settings=ID_ARGUMENTS)
@click.argument("profile")
@click.argument("name")
@reason_option
@pass_admin
def rename(admin: Admin, profile: str, name: str, reason: str) -> None:
    """Give a profile (its id or handle) a new name, checked as the web checks names."""
    _rename(admin, profile, name, "rename", reason)


@click.command("reset-name", context_settings=ID_ARGUMENTS)
@click.argument("profile")
@reason_option
@pass_admin
def reset_name(admin: Admin, profile: str, reason: str) -> None:
    """Give a profile a neutral name (Player and four digits)."""
    _rename(admin, profile, f"Player {secrets.randbelow(10_000):04d}", "reset-name", reason)


def _selected(store: Store, address: str | None, network: str | None, profile: str | None) -> tuple[str, str, str]:
    """(kind, stored target, label) of the one selector given; a clear error otherwise."""
    if sum(x is not None for x in (address, network, profile)) != 1:
        raise click.UsageError("give exactly one of --address IP, --network CIDR-OR-IP, --profile PROFILE")
    quotas = Quotas(store, Settings(bot_processes=0))
    try:
        if address is not None:
            return (ADDRESS, *address_target(quotas, address))
        if network is not None:
            return (NETWORK, *network_target(quotas, network))
    except BadTarget as bad:
        raise click.BadParameter(str(bad), param_hint="--address" if address is not None else "--network") from None
    found = profile_id(store, profile or "")
    return PROFILE, found, found


selectors = [
    click.option("--address", default=None, metavar="IP", help="An address (an IPv6 one with its /64)."),
    click.option("--network", default=None, metavar="CIDR-OR-IP", help="An IPv4 /24 or IPv6 /48, or an address's."),
    click.option("--profile", default=None, metavar="PROFILE", help="A profile's id or handle."),
]


def with_selectors(command: click.decorators.FC) -> click.decorators.FC:
    for option in reversed(selectors):
        command = option(command)
    return command


@click.command("ban")
@with_selectors
@click.option("--for", "for_", default=None, metavar="30m|2h|7d", help="How long (without it: for good).")
@reason_option
@pass_admin
def ban(
    admin: Admin, address: str | None, network: str | None, profile: str | None, for_: str | None, reason: str
) -> None:
    """Turn an address, a network or a profile away from every server process (within seconds)."""
    operator, reason, seconds = admin.who(), checked_reason(reason), duration(for_)
    with admin.store() as store:
        kind, target, label = _selected(store, address, network, profile)
        now = clock.now()
        until = None if seconds is None else now + seconds
        store.ban(Ban(kind, target, label, until, operator, reason, now), "ban")
    shown = address or network or label
    click.echo(f"banned {kind} {shown} ({label}) " + ("for good" if until is None else f"until {when(until)} UTC"))


@click.command("unban")
@with_selectors
@reason_option
@pass_admin
def unban(admin: Admin, address: str | None, network: str | None, profile: str | None, reason: str) -> None:
    """Lift the ban of an address, a network or a profile."""
    operator, reason = admin.who(), checked_reason(reason)
    with admin.store() as store:
        kind, target, label = _selected(store, address, network, profile)
        if not store.unban(kind, target, label, operator, reason):
            raise click.ClickException(f"{kind} {label} is not banned")
    click.echo(f"{kind} {label} is no longer banned")


@click.command("bans")
@click.option("--all", "every", is_flag=True, help="Also the bans that ran out.")
@pass_admin
def bans(admin: Admin, every: bool) -> None:
    """The bans in force: what, until when (UTC), by whom and why."""
    with admin.store() as store:
        found = store.bans(None if every else clock.now())
    if not found:
        click.echo("no bans")
        return
    grid = Grid("kind", "what", "until", "by", "reason", "since")
    for b in found:
        grid.add_row(b.kind, b.label, when(b.until) or "for good", b.operator, b.reason, when(b.at))
    show(grid)
