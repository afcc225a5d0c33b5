"""One-time sign-in codes: a device signed in to a profile makes a link that signs a second device in,
once; a passkey sign-in gives one too, for the person's yes.

The link is `ORIGIN/signin#CODE`: the code travels in the fragment, which browsers never send, so it
reaches no server's logs. The code is 32 random bytes; only its hash is stored (`hr_signin_links`). It
works for `LINK_SECONDS`, once: redeeming it deletes it in the same statement that finds it. Looking at
it (`look`: whose profile, until when) leaves it as it is, so a device shows whose link it is and asks
before it signs in. A profile has at most `OPEN_LINKS` links open at once. The link comes with its QR
code (SVG), for a phone's camera. A passkey sign-in, once verified, is such a code too (`passkey_code`,
naming the passkey, for `PASSKEY_CODE_SECONDS`): the device asks before it redeems it, and no key is
made for a sign-in that is declined.
"""

from __future__ import annotations

import io
import re
import secrets
from dataclasses import dataclass
from typing import Any

import segno

from highroller.web import clock
from highroller.web.http.errors import Refused
from highroller.web.people.agents import Agent
from highroller.web.people.profiles import LINK, PASSKEY, Arrival, Profile, add_device, key_hash, profile_by_id
from highroller.web.store.database import Store

LINK_SECONDS = 600.0
"""How long a sign-in link works."""
OPEN_LINKS = 5
"""How many sign-in links a profile may have open at once."""
PASSKEY_CODE_SECONDS = 300.0
"""How long a verified passkey sign-in waits for the person's yes."""
CODE_BYTES = 32
CODE = re.compile(r"[A-Za-z0-9_-]{43}")
"""What a code looks like: `CODE_BYTES` random bytes in base64url."""


@dataclass(frozen=True)
class SigninLink:
    """A sign-in link just made: the link, when it stops working, and its QR code."""

    link: str
    expires: float
    qr: str

    def answer(self) -> dict[str, Any]:
        """The link as its maker is shown it."""
        return {"link": self.link, "expires": self.expires, "seconds": int(LINK_SECONDS), "qr": self.qr}


def bad_link() -> Refused:
    """The one refusal of a code that does not sign in: used, expired, unknown or not a code at all."""
    return Refused(
        "this sign-in link was used already or has expired: make a new one on a device that is signed in",
        401,
        "bad-link",
    )


def qr_code(text: str) -> str:
    """The QR code of `text` as SVG text: black modules on white with the quiet zone, sized by its viewBox."""
    out = io.BytesIO()
    segno.make(text, error="m").save(
        out, kind="svg", xmldecl=False, svgns=True, omitsize=True, svgclass=None, lineclass=None, light="#fff", border=4
    )
    return out.getvalue().decode().strip()


def make_link(store: Store, profile_id: str, site: str) -> SigninLink:
    """A new sign-in link to the profile on the site at origin `site`, or `Refused` (429) while the
    profile has `OPEN_LINKS` links open."""
    code = secrets.token_urlsafe(CODE_BYTES)
    now = clock.now()
    expires = now + LINK_SECONDS
    with store.transaction(write=True) as cursor:
        store.run(cursor, "DELETE FROM hr_signin_links WHERE expires <= ?", (now,))
        # An update that changes nothing locks the profile's row on PostgreSQL: two links made at once are counted one
        # after the other.
        if (
            store.run(
                cursor, "UPDATE hr_profiles SET deleted = deleted WHERE id = ? AND deleted = 0", (profile_id,)
            ).rowcount
            != 1
        ):
            raise Refused(
                "this profile key is unknown: it was signed out or its profile deleted; make a profile or sign in",
                401,
                "bad-profile",
            )
        first = store.run(
            cursor,
            "SELECT COUNT(*), MIN(expires) FROM hr_signin_links WHERE profile_id = ? AND passkey_id IS NULL",
            (profile_id,),
        ).fetchone()
        if first[0] >= OPEN_LINKS:
            raise Refused(
                "your profile has {cap} sign-in links open, the most it may have: use one, or make another once the "
                "oldest expires (each works {minutes} minutes)",
                429,
                "too-many-links",
                retry_after=max(1, int(first[1] - now) + 1),
                cap=OPEN_LINKS,
                minutes=int(LINK_SECONDS // 60),
            )
        store.run(
            cursor,
            "INSERT INTO hr_signin_links (code_hash, profile_id, expires) VALUES (?, ?, ?)",
            (key_hash(code), profile_id, expires),
        )
    link = f"{site}/signin#{code}"
    return SigninLink(link=link, expires=expires, qr=qr_code(link))


def passkey_code(store: Store, profile_id: str, passkey_id: str) -> tuple[str, float]:
    """A one-time code that signs a device in to the profile with the passkey it just verified, once
    the person says yes (`redeem`), and when it stops working."""
    code = secrets.token_urlsafe(CODE_BYTES)
    now = clock.now()
    expires = now + PASSKEY_CODE_SECONDS
    with store.transaction(write=True) as cursor:
        store.run(cursor, "DELETE FROM hr_signin_links WHERE expires <= ?", (now,))
        store.run(
            cursor,
            "INSERT INTO hr_signin_links (code_hash, profile_id, expires, passkey_id) VALUES (?, ?, ?, ?)",
            (key_hash(code), profile_id, expires, passkey_id),
        )
    return code, expires


def look(store: Store, code: str) -> tuple[Profile, float]:
    """The profile a code signs in to and when it stops working, the code left as it is; or `bad_link()`."""
    if not CODE.fullmatch(code):
        raise bad_link()
    with store.transaction() as cursor:
        row = store.run(
            cursor, "SELECT profile_id, expires FROM hr_signin_links WHERE code_hash = ?", (key_hash(code),)
        ).fetchone()
    profile = None if row is None or row[1] <= clock.now() else profile_by_id(store, row[0])
    if profile is None:
        raise bad_link()
    return profile, float(row[1])


def redeem(store: Store, code: str, agent: Agent) -> tuple[Profile, str]:
    """Sign a device (its browser `agent`) in with a code: the profile and the device's new key, or
    `bad_link()`. The code is deleted as it is found, so it works once, even with two devices trying at
    the same time."""
    if not CODE.fullmatch(code):
        raise bad_link()
    now = clock.now()
    with store.transaction(write=True) as cursor:
        row = store.run(
            cursor,
            "DELETE FROM hr_signin_links WHERE code_hash = ? RETURNING profile_id, expires, passkey_id",
            (key_hash(code),),
        ).fetchone()
    if row is None or row[1] <= now:
        raise bad_link()
    profile = profile_by_id(store, row[0])
    if profile is None:
        raise bad_link()
    return profile, add_device(store, profile.id, Arrival(LINK if row[2] is None else PASSKEY, agent, row[2]))
