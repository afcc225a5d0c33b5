"""Invitations to a table: a person seated at a table still filling, with a profile, invites a profile
they follow; the invitee is notified on their subscribed devices (through `highroller.web.people.outbox`,
in their language) and finds it among their games, to accept (a free seat, with their profile) or decline.

An invitation is live while it is pending, younger than `LASTS` seconds, and its table still has a free
seat and is not finished: it expires when the table starts, fills or finishes, or after a day. Each
table invites each profile once (a second invitation is refused, whatever became of the first).
Bounds: an inviter sends at most `PER_HOUR` invitations an hour and `PER_INVITEE_HOUR` to one profile;
a profile has at most `MOST_WAITING` live invitations waiting (more are refused, so nobody floods a
friend). Only a profile one follows can be invited, never one who blocked the inviter or whom the table's
maker blocked. When a finished table's rematch is made, each person of the old table with a profile who
does not sit at the rematch is invited to it (`invite_rematch`: no follow needed, the bounds not counted;
never a profile who blocked the person who asked for it). Invitations are deleted `KEPT` seconds old.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from highroller.registry import game_spec, words_of
from highroller.web import clock
from highroller.web.http.catalog import web_words
from highroller.web.http.errors import Refused
from highroller.web.people import outbox
from highroller.web.people.outbox import Delivery
from highroller.web.people.profiles import profile_by_id
from highroller.web.people.push_sending import Notice
from highroller.web.people.push_subscriptions import Subscription
from highroller.web.settings import DAY
from highroller.web.store.database import Store
from highroller.web.store.rows import SeatRow

LASTS = DAY
"""Seconds an invitation stays open at most."""
KEPT = 7 * DAY
"""Seconds an invitation is kept (then deleted, whatever became of it)."""
PER_HOUR = 20
"""Invitations one profile may send in an hour."""
PER_INVITEE_HOUR = 3
"""Invitations one profile may send one other profile in an hour."""
MOST_WAITING = 20
"""Live invitations one profile may have waiting."""
INVITE = "invite"
"""The kind of an invitation's notification in the outbox (its event is `invite:<id>`, version 0, seat 0)."""
HOUR = 3600.0

_LIVE = (
    "i.state = 'pending' AND i.at > ? AND t.finished = 0 AND t.started = 0"
    " AND EXISTS (SELECT 1 FROM hr_seats s WHERE s.table_id = t.id AND s.bot IS NULL AND s.token_hash IS NULL)"
)
"""An invitation still open (its table joined as `t`, itself as `i`)."""


@dataclass(frozen=True)
class Invitation:
    """A live invitation: its id, the table, its game, who invited (None: a rematch without a profile)."""

    id: str
    table_id: str
    game: str
    inviter: str | None
    at: float


def _count(store: Store, cursor: Any, query: str, args: tuple[Any, ...]) -> int:
    return int(store.run(cursor, query, args).fetchone()[0])


def _record(store: Store, cursor: Any, table_id: str, inviter: str | None, invitee: str, now: float) -> bool:
    """Store an invitation (unless the table invited the profile before) and its notification; whether stored."""
    invitation = secrets.token_urlsafe(12)
    stored = store.run(
        cursor,
        "INSERT INTO hr_invitations (id, table_id, inviter, invitee, at, state) VALUES (?, ?, ?, ?, ?, 'pending')"
        " ON CONFLICT (table_id, invitee) DO NOTHING RETURNING id",
        (invitation, table_id, inviter, invitee, now),
    ).fetchone()
    if stored is not None:
        outbox.record_due(store, cursor, (f"{INVITE}:{invitation}", 0, 0, INVITE), invitee, now)
    return stored is not None


def _check_sent(store: Store, cursor: Any, inviter: str, invitee: str, now: float) -> None:
    """`Refused` if the inviter sent too many invitations lately, or the invitee has too many waiting."""
    query = "SELECT COUNT(*) FROM hr_invitations WHERE inviter = ? AND at > ?"
    sent = _count(store, cursor, query, (inviter, now - HOUR))
    if sent >= PER_HOUR:
        raise Refused(
            "you sent {most} invitations in the last hour, the most there may be: try again later",
            429,
            "inviting-too-fast",
            retry_after=600,
            most=PER_HOUR,
        )
    query = "SELECT COUNT(*) FROM hr_invitations WHERE inviter = ? AND invitee = ? AND at > ?"
    if _count(store, cursor, query, (inviter, invitee, now - HOUR)) >= PER_INVITEE_HOUR:
        raise Refused(
            "you invited this profile {most} times in the last hour, the most there may be: try again later",
            429,
            "inviting-too-often",
            retry_after=600,
            most=PER_INVITEE_HOUR,
        )
    waiting = _count(
        store,
        cursor,
        f"SELECT COUNT(*) FROM hr_invitations i JOIN hr_tables t ON t.id = i.table_id WHERE i.invitee = ? AND {_LIVE}",
        (invitee, now - LASTS),
    )
    if waiting >= MOST_WAITING:
        raise Refused(
            "this profile has {most} invitations waiting, the most there may be: try again later",
            429,
            "invitations-waiting",
            retry_after=600,
            most=MOST_WAITING,
        )


def invite(store: Store, table_id: str, seats: Sequence[SeatRow], inviter: str, invitee: str) -> None:
    """`inviter`, seated at the table (whose seats are `seats`, still filling), invites `invitee`; or `Refused`."""
    if inviter == invitee:
        raise Refused("you cannot invite yourself", 422, "self")
    if any(row.profile == invitee for row in seats):
        raise Refused("this profile sits at this table already", 409, "already-seated")
    now = clock.now()
    with store.transaction(write=True) as cursor:
        store.run(cursor, "DELETE FROM hr_invitations WHERE at < ?", (now - KEPT,))
        query = "SELECT COUNT(*) FROM hr_follows WHERE follower = ? AND followed = ?"
        if not _count(store, cursor, query, (inviter, invitee)):
            raise Refused("you can invite only the profiles you follow", 403, "not-followed")
        blocked = _count(
            store,
            cursor,
            "SELECT COUNT(*) FROM hr_blocks WHERE (blocker = ? AND blocked = ?) OR (blocked = ? AND blocker = "
            "(SELECT creator_profile FROM hr_tables WHERE id = ?))",
            (invitee, inviter, invitee, table_id),
        )
        if blocked:
            raise Refused("this profile cannot be invited to this table", 403, "blocked")
        query = "SELECT COUNT(*) FROM hr_invitations WHERE table_id = ? AND invitee = ?"
        if _count(store, cursor, query, (table_id, invitee)):
            raise Refused("this profile was invited to this table already", 409, "already-invited")
        _check_sent(store, cursor, inviter, invitee, now)
        _record(store, cursor, table_id, inviter, invitee, now)


def invite_rematch(store: Store, old: Sequence[SeatRow], rematch_id: str, asker: str | None) -> int:
    """Invite to the rematch each profile of the old table's seats (not deleted) but the asker's, unless it
    blocked the asker or sits at the rematch already; how many were invited. The asker's profile is noted
    the rematch's maker (unless one is)."""
    if asker is not None:
        store.set_creator_profile(rematch_id, asker)
    now = clock.now()
    people = list(dict.fromkeys(row.profile for row in old if row.profile and row.profile != asker))
    invited = 0
    with store.transaction(write=True) as cursor:
        for profile in people:
            skip = _count(
                store,
                cursor,
                "SELECT COUNT(*) FROM hr_profiles p WHERE p.id = ? AND (p.deleted = 1"
                " OR EXISTS (SELECT 1 FROM hr_blocks b WHERE b.blocker = p.id AND b.blocked = ?)"
                " OR EXISTS (SELECT 1 FROM hr_seats s WHERE s.table_id = ? AND s.profile_id = p.id))",
                (profile, asker, rematch_id),
            )
            if not skip:
                invited += _record(store, cursor, rematch_id, asker, profile, now)
    return invited


def invitations_of(store: Store, invitee: str) -> list[Invitation]:
    """The live invitations to a profile, the newest first."""
    with store.transaction() as cursor:
        rows = store.run(
            cursor,
            "SELECT i.id, i.table_id, t.game, i.inviter, i.at FROM hr_invitations i JOIN hr_tables t ON t.id = "
            f"i.table_id WHERE i.invitee = ? AND {_LIVE} ORDER BY i.at DESC, i.id LIMIT ?",
            (invitee, clock.now() - LASTS, MOST_WAITING),
        ).fetchall()
    return [Invitation(row[0], row[1], row[2], row[3], float(row[4])) for row in rows]


def live_invitation(store: Store, invitee: str, invitation: str) -> str:
    """The table of a live invitation to `invitee`, or `Refused`: 404 for none, 409 for one no longer open."""
    with store.transaction() as cursor:
        row = store.run(
            cursor,
            f"SELECT i.table_id, {_LIVE} FROM hr_invitations i JOIN hr_tables t ON t.id = i.table_id"
            " WHERE i.id = ? AND i.invitee = ?",
            (clock.now() - LASTS, invitation, invitee),
        ).fetchone()
    if row is None:
        raise Refused("you have no invitation with this id", 404, "no-invitation")
    if not row[1]:
        raise Refused(
            "this invitation is over: it was answered, or its table started, filled or finished, or a day passed",
            409,
            "invitation-over",
        )
    return str(row[0])


def answer(store: Store, invitee: str, invitation: str, state: str) -> None:
    """Note an invitation to `invitee` "accepted" or "declined"."""
    with store.transaction(write=True) as cursor:
        store.run(
            cursor, "UPDATE hr_invitations SET state = ? WHERE id = ? AND invitee = ?", (state, invitation, invitee)
        )


def invitation_notice(store: Store, invitation: str, lang: str, origin: str, event: str) -> Notice | None:
    """The notification of a live invitation in `lang` (None: it is over)."""
    with store.transaction() as cursor:
        row = store.run(
            cursor,
            "SELECT i.table_id, t.game, p.name FROM hr_invitations i JOIN hr_tables t ON t.id = i.table_id"
            f" LEFT JOIN hr_profiles p ON p.id = i.inviter AND p.deleted = 0 WHERE i.id = ? AND {_LIVE}",
            (invitation, clock.now() - LASTS),
        ).fetchone()
    if row is None:
        return None
    w = web_words(lang)
    title = words_of(row[1], lang)(game_spec(row[1]).title)
    heading = w("{game}: an invitation", game=title)
    body = (
        w("{name} invites you to table {table}.", name=row[2], table=row[0])
        if row[2]
        else w("The rematch of your game is at table {table}.", table=row[0])
    )
    return Notice(heading, body, f"{origin}/games", f"invite-{invitation}", int(LASTS), event)


def prepared_invitation(store: Store, delivery: Delivery, origin: str) -> tuple[Subscription, Notice] | str:
    """An invitation's notification to one device, in the invitee's language; or why it is not sent
    (`outbox.MOVE_OVER`: the invitation is over, `outbox.UNSUBSCRIBED`)."""
    with store.transaction() as cursor:
        keys = store.run(
            cursor,
            "SELECT p256dh, auth FROM hr_push WHERE endpoint = ? AND profile_id = ?",
            (delivery.endpoint, delivery.profile_id),
        ).fetchone()
    profile = profile_by_id(store, delivery.profile_id)
    if keys is None or profile is None:
        return outbox.UNSUBSCRIBED
    notice = invitation_notice(
        store, delivery.table_id.removeprefix(f"{INVITE}:"), profile.language, origin, delivery.topic
    )
    return outbox.MOVE_OVER if notice is None else (Subscription(delivery.endpoint, keys[0], keys[1]), notice)
