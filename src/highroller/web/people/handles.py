"""A profile's public handle: what a shared link, a table's seats and the leaderboard name a profile by, so
that others can follow it, without ever showing its id, a device's key or a seat token.

A profile id is 16 characters (`secrets.token_urlsafe(12)`), one AES block: its handle is that block
enciphered with a key derived from the database's secret (`Store.address_key`), in base64url (22
characters). A block cipher with a secret key is a permutation nobody can compute or invert without the
key: each profile has one handle for good, the handle tells nothing of the id, and a made-up handle
deciphers to no profile. Nothing is stored.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import re

from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

from highroller.web.http.errors import Refused
from highroller.web.people.profiles import Profile, profile_by_id
from highroller.web.store.database import Store

HANDLE = re.compile(r"^[A-Za-z0-9_-]{22}$")
"""What a handle looks like: 16 bytes in base64url, unpadded."""
PROFILE_ID = re.compile(r"^[A-Za-z0-9_-]{16}$")


def _cipher(store: Store) -> Cipher[modes.ECB]:
    key = hmac.new(store.address_key, b"profile handle", hashlib.sha256).digest()
    return Cipher(algorithms.AES(key), modes.ECB())  # one block: a keyed permutation, nothing to chain


def handle_of(store: Store, profile_id: str) -> str | None:
    """The public handle of a profile (None for an id not made here, which no handle names)."""
    if not PROFILE_ID.match(profile_id):
        return None
    encryptor = _cipher(store).encryptor()
    block = encryptor.update(profile_id.encode()) + encryptor.finalize()
    return base64.urlsafe_b64encode(block).decode().rstrip("=")


def profile_id_of(store: Store, handle: str) -> str | None:
    """The profile id a handle names, if it is one (the profile may not exist)."""
    if not HANDLE.match(handle):
        return None
    try:
        block = base64.urlsafe_b64decode(handle + "==")
    except (binascii.Error, ValueError):
        return None
    decryptor = _cipher(store).decryptor()
    plain = decryptor.update(block) + decryptor.finalize()
    text = plain.decode("ascii", errors="replace")
    return text if PROFILE_ID.match(text) else None


def profile_of_handle(store: Store, handle: str) -> Profile:
    """The profile a handle names, or `Refused` (404) for a handle of no profile."""
    profile_id = profile_id_of(store, handle)
    profile = None if profile_id is None else profile_by_id(store, profile_id)
    if profile is None:
        raise Refused("there is no profile with this handle", 404, "no-profile-handle")
    return profile
