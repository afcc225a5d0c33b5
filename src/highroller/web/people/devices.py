"""A profile's devices: each key a device holds, how and when it signed in (it made the profile, or
came with a one-time link or a passkey, and which), its browser and system as its `User-Agent` named
them then (`highroller.web.people.agents`), and when it was last seen (`profiles.profile_by_key` notes it).

A device is named by a public id, the first `ID_LENGTH` hexadecimal digits of its key's hash (the
hash of a random secret: it tells nothing of the key). Signing a device out, this one or another,
deletes its key, so every request with it is refused (`bad-profile`), and the push subscriptions it
made, so it is told nothing more.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from highroller.web.http.errors import Refused
from highroller.web.people.agents import Agent
from highroller.web.people.profiles import key_hash, sign_out_keys
from highroller.web.store.database import Store

ID_LENGTH = 16
DEVICE_ID = re.compile(f"[0-9a-f]{{{ID_LENGTH}}}")
"""What a device's id looks like."""


@dataclass(frozen=True)
class Device:
    """A device of a profile, as its owner is shown it; `this`: the device asking."""

    id: str
    how: str | None
    passkey: str | None
    created: float
    seen: float
    agent: Agent
    this: bool

    def answer(self, lang: str) -> dict[str, Any]:
        """The device as its owner is shown it, its label in `lang`."""
        return {
            "id": self.id,
            "how": self.how,
            "passkey": self.passkey,
            "created": self.created,
            "seen": self.seen,
            "label": self.agent.label(lang),
            "this": self.this,
        }


def devices_of(store: Store, profile_id: str, key: str) -> list[Device]:
    """The profile's devices, the one seen last first; `key`: the asking device's."""
    mine = key_hash(key)
    with store.transaction() as cursor:
        rows = store.run(
            cursor,
            "SELECT key_hash, how, passkey_id, created, seen, browser, system FROM hr_profile_keys WHERE profile_id = "
            "? ORDER BY seen DESC, created DESC",
            (profile_id,),
        ).fetchall()
    return [
        Device(
            id=row[0][:ID_LENGTH],
            how=row[1],
            passkey=row[2],
            created=float(row[3]),
            seen=float(row[4]),
            agent=Agent(row[5], row[6]),
            this=row[0] == mine,
        )
        for row in rows
    ]


def sign_out(store: Store, profile_id: str, device_id: str) -> None:
    """Sign out one of the profile's devices (its key and push subscriptions gone); `Refused` (404) if
    the profile has none of that id."""
    with store.transaction(write=True) as cursor:
        hashes = (
            []
            if not DEVICE_ID.fullmatch(device_id)
            else [
                row[0]
                for row in store.run(
                    cursor, "SELECT key_hash FROM hr_profile_keys WHERE profile_id = ?", (profile_id,)
                ).fetchall()
                if row[0].startswith(device_id)
            ]
        )
        sign_out_keys(store, cursor, hashes)
    if not hashes:
        raise Refused("your profile has no device with this id: GET /api/me/devices lists them", 404, "no-device")
