"""Passkeys (WebAuthn, with py_webauthn): a device signed in to a profile registers one; a new device
signs in with it and, once the person says yes, is given a key of its own (`highroller.web.people.signin`).
Deleting a passkey signs out the devices it signed in.

Each ceremony takes two requests. The first gives the browser its options with a fresh challenge, kept
in `hr_challenges` for `CHALLENGE_SECONDS` under an id the page sends back; the second brings the
browser's credential, and the challenge is deleted as it is read, so an answer is checked once. The
credential is verified against the site (`Site`: the origin the host configured, never one a request
names, and its host name, the RP ID); registered credentials are kept in `hr_passkeys` with their
public key, signature count and the site they were made for, and a passkey is refused for any other
site. Sign-in asks for no particular credential (discoverable passkeys: the browser offers those it
holds for the site) and prefers user verification. Whatever does not check out is refused and changes
nothing but using up its challenge.
"""

from __future__ import annotations

import logging
import secrets
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from webauthn import (
    generate_authentication_options,
    generate_registration_options,
    verify_authentication_response,
    verify_registration_response,
)
from webauthn.helpers import base64url_to_bytes, bytes_to_base64url, options_to_json_dict
from webauthn.helpers.structs import (
    AuthenticatorSelectionCriteria,
    PublicKeyCredentialDescriptor,
    ResidentKeyRequirement,
    UserVerificationRequirement,
)

from highroller.web import clock
from highroller.web.http.errors import Refused
from highroller.web.people.origin import LOCAL_ORIGIN, checked_origin
from highroller.web.people.profiles import Profile, profile_by_id, sign_out_keys
from highroller.web.settings import Settings
from highroller.web.store.database import Store

log = logging.getLogger(__name__)

CHALLENGE_SECONDS = 300.0
"""How long the browser has to answer a challenge."""
MAX_ID = 1000
"""The longest credential id (base64url) kept: so every passkey can be named again to delete it."""
MAX_PASSKEYS = 20
"""How many passkeys a profile may have."""
OPEN_REGISTRATIONS = 4
"""How many registrations a profile may have in flight: beginning another forgets the oldest."""
RP_NAME = "highroller"
REGISTER = "register"
SIGN_IN = "sign-in"


@dataclass(frozen=True)
class Site:
    """Where passkeys are used: the origin as browsers see it ("https://dice.example.org") and its
    host name, the relying party's id."""

    origin: str

    @property
    def rp_id(self) -> str:
        """The relying party's id: the origin's host name."""
        return urlsplit(self.origin).hostname or ""

    @classmethod
    def of(cls, settings: Settings) -> Site:
        """The site the host configured (`highroller.web.people.origin`): never one a request names."""
        return cls(checked_origin(settings.public_origin or LOCAL_ORIGIN))


@dataclass(frozen=True)
class Passkey:
    """A passkey of a profile, as its owner is shown it."""

    id: str
    created: float

    def answer(self) -> dict[str, Any]:
        return {"id": self.id, "created": self.created}


def bad_challenge() -> Refused:
    """The refusal of a challenge id that names no challenge in flight: used, expired, unknown or another's."""
    return Refused("this passkey request was used already or has expired: start again", 401, "bad-challenge")


def other_site(made_for: str, site: Site) -> Refused:
    """The refusal of a passkey made for another site than this server's (it moved, or another server shares its
    database)."""
    return Refused(
        "this passkey was made for {made_for}, not for this site, {site}: sign in there, or here with a one-time link",
        401,
        "other-site",
        made_for=made_for,
        site=site.origin,
    )


def not_verified(site: Site) -> Refused:
    """The refusal of a credential that does not check out: forged, for another site, malformed, replayed."""
    return Refused(
        "the passkey's answer could not be verified for {site}: try again with a passkey made for this site, or sign "
        "in with a one-time link",
        401,
        "bad-passkey",
        site=site.origin,
    )


def _keep_challenge(store: Store, challenge: bytes, purpose: str, profile_id: str | None) -> str:
    """Store a challenge in flight; its id."""
    challenge_id = secrets.token_urlsafe(16)
    now = clock.now()
    with store.transaction(write=True) as cursor:
        store.run(cursor, "DELETE FROM hr_challenges WHERE expires <= ?", (now,))
        if profile_id is not None:
            store.run(
                cursor,
                "DELETE FROM hr_challenges WHERE profile_id = ? AND purpose = ? AND id NOT IN "
                "(SELECT id FROM hr_challenges WHERE profile_id = ? AND purpose = ? ORDER BY expires DESC LIMIT ?)",
                (profile_id, purpose, profile_id, purpose, OPEN_REGISTRATIONS - 1),
            )
        store.run(
            cursor,
            "INSERT INTO hr_challenges (id, challenge, purpose, profile_id, expires) VALUES (?, ?, ?, ?, ?)",
            (challenge_id, bytes_to_base64url(challenge), purpose, profile_id, now + CHALLENGE_SECONDS),
        )
    return challenge_id


def _take_challenge(store: Store, challenge_id: str, purpose: str, profile_id: str | None) -> bytes:
    """The challenge of that id, deleted as it is read; `bad_challenge()` if it is unknown, used,
    expired, for another purpose or (`profile_id`) another profile's."""
    now = clock.now()
    with store.transaction(write=True) as cursor:
        row = store.run(
            cursor,
            "DELETE FROM hr_challenges WHERE id = ? AND purpose = ? AND COALESCE(profile_id, '') = ? RETURNING "
            "challenge, expires",
            (challenge_id, purpose, profile_id or ""),
        ).fetchone()
    if row is None or row[1] <= now:
        raise bad_challenge()
    return base64url_to_bytes(row[0])


def registration_options(store: Store, profile: Profile, site: Site) -> tuple[str, dict[str, Any]]:
    """The options of `navigator.credentials.create` for a new passkey of the profile (its passkeys
    already made left out), and the id of their challenge."""
    with store.transaction() as cursor:
        known = [
            row[0]
            for row in store.run(
                cursor, "SELECT credential_id FROM hr_passkeys WHERE profile_id = ?", (profile.id,)
            ).fetchall()
        ]
    options = generate_registration_options(
        rp_id=site.rp_id,
        rp_name=RP_NAME,
        user_id=profile.id.encode(),
        user_name=profile.name or profile.id,
        user_display_name=profile.name or profile.id,
        timeout=int(CHALLENGE_SECONDS * 1000),
        authenticator_selection=AuthenticatorSelectionCriteria(
            resident_key=ResidentKeyRequirement.REQUIRED, user_verification=UserVerificationRequirement.PREFERRED
        ),
        exclude_credentials=[
            PublicKeyCredentialDescriptor(id=base64url_to_bytes(credential_id)) for credential_id in known
        ],
    )
    return _keep_challenge(store, options.challenge, REGISTER, profile.id), options_to_json_dict(options)


def register(store: Store, profile: Profile, site: Site, challenge_id: str, credential: dict[str, Any]) -> Passkey:
    """Verify the browser's new credential (`PublicKeyCredential` as JSON, binary fields in base64url)
    against the challenge and the site, and keep it as a passkey of the profile; or `Refused`."""
    challenge = _take_challenge(store, challenge_id, REGISTER, profile.id)
    try:
        verified = verify_registration_response(
            credential=credential, expected_challenge=challenge, expected_rp_id=site.rp_id, expected_origin=site.origin
        )
    except Exception as error:  # the library's parsers raise many kinds of errors on a hostile answer
        log.info("a passkey registration was refused: %s", error)
        raise not_verified(site) from error
    credential_id = bytes_to_base64url(verified.credential_id)
    if len(credential_id) > MAX_ID:
        raise Refused(
            "this passkey's id is longer than {most} characters: use another authenticator",
            422,
            "bad-passkey",
            most=MAX_ID,
        )
    now = clock.now()
    with store.transaction(write=True) as cursor:
        if (
            store.run(
                cursor, "UPDATE hr_profiles SET deleted = deleted WHERE id = ? AND deleted = 0", (profile.id,)
            ).rowcount
            != 1
        ):
            raise Refused(
                "this profile key is unknown: it was signed out or its profile deleted; make a profile or sign in",
                401,
                "bad-profile",
            )
        count = store.run(cursor, "SELECT COUNT(*) FROM hr_passkeys WHERE profile_id = ?", (profile.id,)).fetchone()[0]
        if count >= MAX_PASSKEYS:
            raise Refused(
                "your profile has {count} passkeys, the most it may have: delete one first",
                409,
                "too-many-passkeys",
                count=count,
            )
        added = store.run(
            cursor,
            "INSERT INTO hr_passkeys (credential_id, profile_id, public_key, sign_count, created, rp_id, origin) "
            "VALUES (?, ?, ?, ?, ?, ?, ?) "
            "ON CONFLICT (credential_id) DO NOTHING RETURNING credential_id",
            (
                credential_id,
                profile.id,
                bytes_to_base64url(verified.credential_public_key),
                verified.sign_count,
                now,
                site.rp_id,
                site.origin,
            ),
        ).fetchone()
    if added is None:
        raise Refused("this passkey is registered already", 409, "passkey-known")
    return Passkey(id=credential_id, created=now)


def authentication_options(store: Store, site: Site) -> tuple[str, dict[str, Any]]:
    """The options of `navigator.credentials.get` to sign in with any passkey of the site, and the id
    of their challenge."""
    options = generate_authentication_options(
        rp_id=site.rp_id, timeout=int(CHALLENGE_SECONDS * 1000), user_verification=UserVerificationRequirement.PREFERRED
    )
    return _keep_challenge(store, options.challenge, SIGN_IN, None), options_to_json_dict(options)


def authenticate(store: Store, site: Site, challenge_id: str, credential: dict[str, Any]) -> tuple[Profile, str]:
    """Verify the browser's assertion (`PublicKeyCredential` as JSON) against the challenge, the site
    (the one the passkey was made for: one made before passkeys kept theirs takes the first it is
    verified for) and the passkey's public key and signature count: the passkey's profile and its id;
    or `Refused`. No device is signed in yet (`highroller.web.people.signin.passkey_code`)."""
    challenge = _take_challenge(store, challenge_id, SIGN_IN, None)
    with store.transaction() as cursor:
        row = store.run(
            cursor,
            "SELECT profile_id, public_key, sign_count, rp_id, origin FROM hr_passkeys WHERE credential_id = ?",
            (credential["id"],),
        ).fetchone()
    if row is None:
        raise Refused(
            "this passkey is not registered here (it may have been deleted): sign in with a one-time link instead",
            401,
            "unknown-passkey",
        )
    profile_id, public_key, sign_count, rp_id, origin = row
    if (rp_id, origin) not in ((None, None), (site.rp_id, site.origin)):
        raise other_site(origin or rp_id, site)
    try:
        handle = credential["response"].get("userHandle")
        if handle and base64url_to_bytes(handle) != profile_id.encode():
            raise ValueError("the user handle is another profile's")
        verified = verify_authentication_response(
            credential=credential,
            expected_challenge=challenge,
            expected_rp_id=site.rp_id,
            expected_origin=site.origin,
            credential_public_key=base64url_to_bytes(public_key),
            credential_current_sign_count=int(sign_count),
        )
    except Exception as error:  # the library's parsers raise many kinds of errors on a hostile answer
        log.info("a passkey sign-in was refused: %s", error)
        raise not_verified(site) from error
    with store.transaction(write=True) as cursor:
        counted = store.run(
            cursor,
            "UPDATE hr_passkeys SET sign_count = ?, rp_id = ?, origin = ? WHERE credential_id = ? AND sign_count = ?",
            (verified.new_sign_count, site.rp_id, site.origin, credential["id"], sign_count),
        ).rowcount
    profile = profile_by_id(store, profile_id)
    if counted != 1 or profile is None:
        raise not_verified(site)
    return profile, str(credential["id"])


def passkeys_of(store: Store, profile_id: str) -> list[Passkey]:
    """The profile's passkeys, oldest first."""
    with store.transaction() as cursor:
        rows = store.run(
            cursor,
            "SELECT credential_id, created FROM hr_passkeys WHERE profile_id = ? ORDER BY created, credential_id",
            (profile_id,),
        ).fetchall()
    return [Passkey(id=row[0], created=float(row[1])) for row in rows]


def delete_passkey(store: Store, profile_id: str, passkey_id: str) -> None:
    """Delete one of the profile's passkeys, signing out the devices it signed in (and forgetting its
    sign-ins not yet confirmed); `Refused` (404) if the profile has none of that id."""
    with store.transaction(write=True) as cursor:
        deleted = store.run(
            cursor, "DELETE FROM hr_passkeys WHERE credential_id = ? AND profile_id = ?", (passkey_id, profile_id)
        ).rowcount
        signed_in = store.run(
            cursor,
            "SELECT key_hash FROM hr_profile_keys WHERE profile_id = ? AND passkey_id = ?",
            (profile_id, passkey_id),
        ).fetchall()
        sign_out_keys(store, cursor, [row[0] for row in signed_in])
        store.run(
            cursor, "DELETE FROM hr_signin_links WHERE profile_id = ? AND passkey_id = ?", (profile_id, passkey_id)
        )
    if deleted != 1:
        raise Refused("your profile has no passkey with this id: GET /api/me/passkeys lists them", 404, "no-passkey")
