"""Following and blocking: a profile follows others (one way; the profiles it follows are its friends)
and may block any profile.

Every number a person can grow is bounded: at most `MAX_FOLLOWS` follows and `MAX_BLOCKS` blocks per
profile, and at most `FOLLOWS_PER_HOUR` follows made in an hour (following thousands of profiles is
refused long before it costs anything). A blocked profile cannot follow its blocker; blocking removes
the follows between the two and the invitations pending between them
(`highroller.web.people.invitations`), and keeps the blocked profile from the seats of the tables the
blocker made (`Store.blocked_at_table`). `Store.blocked_by` says whom a profile blocked. A friend is
online when a device of theirs was seen in the last `ONLINE` seconds (a device is noted seen at most
every `profiles.SEEN_EVERY` seconds) or a page of theirs holds a seat of theirs at a table listed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from highroller.web import clock
from highroller.web.http.errors import Refused
from highroller.web.people.profiles import SEEN_EVERY
from highroller.web.store.database import Store

MAX_FOLLOWS = 500
"""The profiles one profile may follow."""
FOLLOWS_PER_HOUR = 100
"""Follows one profile may make in an hour."""
MAX_BLOCKS = 500
"""The profiles one profile may block."""
ONLINE = 2 * SEEN_EVERY
"""Seconds since a device of a profile was last seen within which the profile counts as online."""
HOUR = 3600.0


@dataclass(frozen=True)
class Friend:
    """A profile followed: its id, its name and when a device of it was last seen (None: never)."""

    id: str
    name: str
    seen: float | None


def _one(store: Store, cursor: Any, query: str, args: tuple[Any, ...]) -> Any:
    row = store.run(cursor, query, args).fetchone()
    return None if row is None else row[0]


def follow(store: Store, follower: str, followed: str) -> bool:
    """`follower` follows `followed` (True: a new follow, False: it already did), or `Refused` saying why not."""
    if follower == followed:
        raise Refused("you cannot follow yourself", 422, "self")
    now = clock.now()
    with store.transaction(write=True) as cursor:
        blocks = "SELECT 1 FROM hr_blocks WHERE blocker = ? AND blocked = ?"
        if _one(store, cursor, blocks, (followed, follower)) is not None:
            raise Refused("this profile cannot be followed", 403, "blocked")
        if _one(store, cursor, blocks, (follower, followed)) is not None:
            raise Refused("you blocked this profile: unblock it first to follow it", 409, "you-blocked")
        if _one(store, cursor, "SELECT 1 FROM hr_follows WHERE follower = ? AND followed = ?", (follower, followed)):
            return False
        if _one(store, cursor, "SELECT COUNT(*) FROM hr_follows WHERE follower = ?", (follower,)) >= MAX_FOLLOWS:
            raise Refused(
                "you follow {most} profiles, the most there may be: unfollow one first",
                409,
                "too-many-follows",
                most=MAX_FOLLOWS,
            )
        made = store.run(
            cursor, "SELECT COUNT(*), MIN(at) FROM hr_follows WHERE follower = ? AND at > ?", (follower, now - HOUR)
        ).fetchone()
        if int(made[0]) >= FOLLOWS_PER_HOUR:
            wait = max(1, int(float(made[1]) + HOUR - now) + 1)
            raise Refused(
                "you followed {most} profiles in the last hour, the most there may be: try again later",
                429,
                "following-too-fast",
                retry_after=wait,
                most=FOLLOWS_PER_HOUR,
            )
        store.run(cursor, "INSERT INTO hr_follows (follower, followed, at) VALUES (?, ?, ?)", (follower, followed, now))
    return True


def unfollow(store: Store, follower: str, followed: str) -> bool:
    """`follower` no longer follows `followed`; False if it did not."""
    with store.transaction(write=True) as cursor:
        gone = store.run(cursor, "DELETE FROM hr_follows WHERE follower = ? AND followed = ?", (follower, followed))
        return bool(gone.rowcount)


def block(store: Store, blocker: str, blocked: str) -> bool:
    """`blocker` blocks `blocked` (True: a new block), removing the follows and pending invitations
    between the two; or `Refused`."""
    if blocker == blocked:
        raise Refused("you cannot block yourself", 422, "self")
    with store.transaction(write=True) as cursor:
        if _one(store, cursor, "SELECT 1 FROM hr_blocks WHERE blocker = ? AND blocked = ?", (blocker, blocked)):
            return False
        if _one(store, cursor, "SELECT COUNT(*) FROM hr_blocks WHERE blocker = ?", (blocker,)) >= MAX_BLOCKS:
            raise Refused(
                "you blocked {most} profiles, the most there may be: unblock one first",
                409,
                "too-many-blocks",
                most=MAX_BLOCKS,
            )
        store.run(
            cursor, "INSERT INTO hr_blocks (blocker, blocked, at) VALUES (?, ?, ?)", (blocker, blocked, clock.now())
        )
        pair = (blocker, blocked, blocked, blocker)
        store.run(
            cursor,
            "DELETE FROM hr_follows WHERE (follower = ? AND followed = ?) OR (follower = ? AND followed = ?)",
            pair,
        )
        store.run(
            cursor,
            "DELETE FROM hr_invitations WHERE state = 'pending' AND ((inviter = ? AND invitee = ?) OR (inviter = ? AND "
            "invitee = ?))",
            pair,
        )
    return True


def unblock(store: Store, blocker: str, blocked: str) -> bool:
    """`blocker` no longer blocks `blocked`; False if it did not."""
    with store.transaction(write=True) as cursor:
        gone = store.run(cursor, "DELETE FROM hr_blocks WHERE blocker = ? AND blocked = ?", (blocker, blocked))
        return bool(gone.rowcount)


def follows(store: Store, follower: str, followed: str) -> bool:
    """Whether `follower` follows `followed`."""
    with store.transaction() as cursor:
        query = "SELECT 1 FROM hr_follows WHERE follower = ? AND followed = ?"
        return _one(store, cursor, query, (follower, followed)) is not None


def friends_of(store: Store, profile_id: str) -> list[Friend]:
    """The profiles `profile_id` follows (not deleted), by name, with when a device of each was last seen."""
    with store.transaction() as cursor:
        rows = store.run(
            cursor,
            "SELECT p.id, p.name, (SELECT MAX(k.seen) FROM hr_profile_keys k WHERE k.profile_id = p.id)"
            " FROM hr_follows f JOIN hr_profiles p ON p.id = f.followed WHERE f.follower = ? AND p.deleted = 0"
            " ORDER BY p.name, p.id",
            (profile_id,),
        ).fetchall()
    return [Friend(row[0], row[1], None if row[2] is None else float(row[2])) for row in rows]


def blocked_profiles(store: Store, profile_id: str) -> list[tuple[str, str]]:
    """The profiles `profile_id` blocked (not deleted), (id, name), by name."""
    with store.transaction() as cursor:
        rows = store.run(
            cursor,
            "SELECT p.id, p.name FROM hr_blocks b JOIN hr_profiles p ON p.id = b.blocked WHERE b.blocker = ?"
            " AND p.deleted = 0 ORDER BY p.name, p.id",
            (profile_id,),
        ).fetchall()
    return [(row[0], row[1]) for row in rows]


def online(friend: Friend, now: float) -> bool:
    """Whether a device of the friend was seen lately."""
    return friend.seen is not None and now - friend.seen <= ONLINE
