"""Players who keep a profile: a display name and languages, no e-mail and no password.

A profile is made on a person's first visit; the browser keeps the profile's key (a random secret,
stored here only as a hash) and sends it as the `X-Profile` header. Each device signed in holds a key
of its own (a second device signs in with a passkey or a one-time link: `highroller.web.people.signin`),
noted with how it came (`Arrival`) and when it was last seen (at most every `SEEN_EVERY` seconds); a
profile keeps at most `MAX_DEVICES`, a new one signing out the one seen longest ago
(`highroller.web.people.devices` lists them and signs any out).
A seat taken with a profile belongs to it: its seat token is derived from the profile, the table and
the seat with the database's secret, so every device of the profile can be given it again
(`seat_token`), while the token itself keeps working alone, as every seat token does, for the API.
Deleting a profile forgets its name and keys: its seats show as "Seat N", its games stay; on SQLite
the bytes of its name are then gone from the database file and its log (`Store.erase_freed`).
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from highroller.core.words import LANGUAGES
from highroller.web import clock
from highroller.web.http.errors import Refused
from highroller.web.people.agents import Agent
from highroller.web.store.database import Store

PROFILE_HEADER = "X-Profile"
"""The request header that carries a device's profile key."""
MAX_KEY = 100
"""The longest profile key a request may send (those made here are 43 characters)."""
SEEN_EVERY = 300.0
"""Seconds between two notes of when a device was last seen (not a write per request)."""
MAX_DEVICES = 30
"""Devices a profile may have signed in; another signing in signs out the one seen longest ago."""
MADE, LINK, PASSKEY = "made", "link", "passkey"
"""How a device came to hold its key: it made the profile, or signed in with a one-time link or a passkey."""


@dataclass(frozen=True)
class Arrival:
    """How a device came to hold its key (`MADE`, `LINK`, `PASSKEY`; `passkey`: which one, its
    credential id) and the browser it came with."""

    how: str = MADE
    agent: Agent = field(default_factory=Agent)
    passkey: str | None = None


@dataclass(frozen=True)
class Profile:
    """A player: an id nobody else is shown but the player, a display name, and the languages they
    read, the first being the one notifications are written in."""

    id: str
    name: str
    languages: tuple[str, ...]

    @property
    def language(self) -> str:
        """The language notifications to this player are written in."""
        return self.languages[0]

    def answer(self) -> dict[str, Any]:
        """The profile as its owner is shown it."""
        return {"id": self.id, "name": self.name, "languages": list(self.languages)}


def key_hash(key: str) -> str:
    """The stored form of a profile key (or of a one-time sign-in code)."""
    return hashlib.sha256(key.encode()).hexdigest()


def checked_languages(languages: Sequence[str]) -> tuple[str, ...]:
    """The languages a person chose, each once, or `Refused` saying which there are."""
    chosen = tuple(dict.fromkeys(languages))
    if not chosen or any(lang not in LANGUAGES for lang in chosen):
        raise Refused("languages are one or more of {languages}", 422, "bad-languages", languages=", ".join(LANGUAGES))
    return chosen


def create_profile(
    store: Store, name: str, languages: Sequence[str], arrival: Arrival = Arrival()
) -> tuple[Profile, str]:
    """A new profile and the first device's key (the only time the key is seen in clear)."""
    profile = Profile(id=secrets.token_urlsafe(12), name=name, languages=tuple(languages))
    with store.transaction(write=True) as cursor:
        store.run(
            cursor,
            "INSERT INTO hr_profiles (id, name, languages, created) VALUES (?, ?, ?, ?)",
            (profile.id, profile.name, json.dumps(list(profile.languages)), clock.now()),
        )
        key = _new_key(store, cursor, profile.id, arrival)
    return profile, key


def add_device(store: Store, profile_id: str, arrival: Arrival) -> str:
    """A key for another device of the profile (it signed in), signing out the devices seen longest
    ago beyond `MAX_DEVICES`."""
    with store.transaction(write=True) as cursor:
        key = _new_key(store, cursor, profile_id, arrival)
        newest = store.run(
            cursor,
            "SELECT key_hash FROM hr_profile_keys WHERE profile_id = ? ORDER BY seen DESC, created DESC",
            (profile_id,),
        ).fetchall()
        sign_out_keys(store, cursor, [row[0] for row in newest[MAX_DEVICES:]])
    return key


def _new_key(store: Store, cursor: Any, profile_id: str, arrival: Arrival) -> str:
    key = secrets.token_urlsafe(32)
    now = clock.now()
    store.run(
        cursor,
        "INSERT INTO hr_profile_keys (key_hash, profile_id, created, seen, how, passkey_id, browser, system) VALUES "
        "(?, ?, ?, ?, ?, ?, ?, ?)",
        (
            key_hash(key),
            profile_id,
            now,
            now,
            arrival.how,
            arrival.passkey,
            arrival.agent.browser,
            arrival.agent.system,
        ),
    )
    return key


def sign_out_keys(store: Store, cursor: Any, hashes: Sequence[str]) -> None:
    """Sign out the devices holding the keys of these hashes, in `store.transaction`'s cursor: their
    keys and the push subscriptions they made are gone."""
    for hashed in hashes:
        store.run(cursor, "DELETE FROM hr_push WHERE key_hash = ?", (hashed,))
        store.run(cursor, "DELETE FROM hr_profile_keys WHERE key_hash = ?", (hashed,))


def _profile(row: Sequence[Any]) -> Profile:
    return Profile(id=row[0], name=row[1], languages=tuple(json.loads(row[2])))


def profile_by_key(store: Store, key: str) -> Profile | None:
    """The profile a device's key belongs to, noting the device seen if it was not for `SEEN_EVERY`
    seconds; None for a key nobody holds."""
    if not key or len(key) > MAX_KEY:
        return None
    hashed, now = key_hash(key), clock.now()
    with store.transaction() as cursor:
        row = store.run(
            cursor,
            "SELECT p.id, p.name, p.languages, k.seen FROM hr_profile_keys k JOIN hr_profiles p ON p.id = k.profile_id "
            "WHERE k.key_hash = ? AND p.deleted = 0",
            (hashed,),
        ).fetchone()
    if row is not None and now - float(row[3]) >= SEEN_EVERY:
        with store.transaction(write=True) as cursor:
            store.run(
                cursor,
                "UPDATE hr_profile_keys SET seen = ? WHERE key_hash = ? AND seen <= ?",
                (now, hashed, now - SEEN_EVERY),
            )
    return None if row is None else _profile(row)


def profile_by_id(store: Store, profile_id: str) -> Profile | None:
    """A profile that is not deleted; None otherwise."""
    with store.transaction() as cursor:
        row = store.run(
            cursor, "SELECT id, name, languages FROM hr_profiles WHERE id = ? AND deleted = 0", (profile_id,)
        ).fetchone()
    return None if row is None else _profile(row)


def profile_names(store: Store, profile_ids: Sequence[str]) -> dict[str, str]:
    """The display names of these profiles that are not deleted."""
    if not profile_ids:
        return {}
    with store.transaction() as cursor:
        rows = store.run(
            cursor,
            f"SELECT id, name FROM hr_profiles WHERE deleted = 0 AND id IN ({', '.join('?' * len(profile_ids))})",
            list(profile_ids),
        ).fetchall()
    return {row[0]: row[1] for row in rows}


def update_profile(store: Store, profile: Profile, name: str | None, languages: Sequence[str] | None) -> Profile:
    """The profile renamed and with its languages changed (None: kept as they are)."""
    changed = Profile(
        id=profile.id,
        name=profile.name if name is None else name,
        languages=profile.languages if languages is None else tuple(languages),
    )
    with store.transaction(write=True) as cursor:
        store.run(
            cursor,
            "UPDATE hr_profiles SET name = ?, languages = ? WHERE id = ?",
            (changed.name, json.dumps(list(changed.languages)), profile.id),
        )
    return changed


def forget_profile(store: Store, profile_id: str) -> list[str]:
    """Delete a profile: its name, languages, keys, sign-in links, passkeys, push subscriptions, follows,
    blocks and invitations (its own and of it), chat messages and chat notification settings are gone; its
    seats are nobody's (shown as "Seat N", their tokens no longer work), but for its seats at rated tables,
    which stay its rated player (a former player, ranked by the game as anyone). The ids of the tables
    whose seats changed (the caller tells them)."""
    with store.transaction(write=True) as cursor:
        tables = [
            row[0]
            for row in store.run(
                cursor, "SELECT DISTINCT table_id FROM hr_seats WHERE profile_id = ?", (profile_id,)
            ).fetchall()
        ]
        store.run(
            cursor,
            "UPDATE hr_seats SET name = NULL, token_hash = ?, profile_id = CASE"
            " WHEN table_id IN (SELECT id FROM hr_tables WHERE rated IS NOT NULL) THEN profile_id ELSE NULL END WHERE "
            "profile_id = ?",
            (key_hash(secrets.token_urlsafe(32)), profile_id),
        )
        for table_id in tables:
            revision = store.run(
                cursor, "UPDATE hr_tables SET revision = revision + 1 WHERE id = ? RETURNING revision", (table_id,)
            ).fetchone()[0]
            store.notify(cursor, table_id, int(revision))
        for child in (
            "hr_profile_keys",
            "hr_signin_links",
            "hr_passkeys",
            "hr_push",
            "hr_challenges",
            "hr_chat",  # the profile's chat messages go with it
            "hr_chat_unseen",
            "hr_chat_quiet",
        ):
            store.run(cursor, f"DELETE FROM {child} WHERE profile_id = ?", (profile_id,))
        for pair, one, other in (("hr_follows", "follower", "followed"), ("hr_blocks", "blocker", "blocked")):
            store.run(cursor, f"DELETE FROM {pair} WHERE {one} = ? OR {other} = ?", (profile_id, profile_id))
        store.run(cursor, "DELETE FROM hr_invitations WHERE inviter = ? OR invitee = ?", (profile_id, profile_id))
        store.run(
            cursor, "UPDATE hr_profiles SET name = '', languages = '[\"en\"]', deleted = 1 WHERE id = ?", (profile_id,)
        )
    store.erase_freed()
    return tables


def seat_token(store: Store, profile_id: str, table_id: str, seat: int) -> str:
    """The seat token of a profile's seat: the same on every device, known to nobody without the
    database's secret."""
    message = f"seat\x00{profile_id}\x00{table_id}\x00{seat}".encode()
    return "p" + hmac.new(store.address_key, message, hashlib.sha256).hexdigest()[:42]


def profile_of_key(store: Store, key: str | None) -> Profile:
    """The profile whose key a request sent, or `Refused` (401) saying what to do."""
    profile = profile_by_key(store, key or "")
    if profile is None:
        if not key:
            raise Refused(
                "this needs a profile: send its key in the X-Profile header (the page makes one on your first visit)",
                401,
                "no-profile",
            )
        raise Refused(
            "this profile key is unknown: it was signed out or its profile deleted; make a profile or sign in",
            401,
            "bad-profile",
        )
    return profile
