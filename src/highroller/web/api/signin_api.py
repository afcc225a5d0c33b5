"""The sign-in API: a device signed in to a profile makes one-time links and registers passkeys; a
second device signs in with either and is given a key of its own. Nothing signs a device in before
its person says yes: a link is looked at first (whose profile), and redeemed only then; a passkey
sign-in, once verified, gives a one-time code that is redeemed the same way.

Every sign-in attempt, link or passkey, whether it succeeds or not, counts as a seat taken for the
address's quotas (`highroller.web.http.quotas`), so nobody can try codes or credentials at speed. What a
passkey or a link is for is the site's origin the host configured (`highroller.web.people.origin`), never
the address a request names.
"""

from __future__ import annotations

import asyncio
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Path, Request
from pydantic import Field

from highroller.web import clock
from highroller.web.api.answers import Answer, documented
from highroller.web.api.messages import REFUSALS, Strict
from highroller.web.api.profile_api import ProfileInfo, current_profile, profile_header
from highroller.web.api.route_args import origin
from highroller.web.http.quotas import Quotas
from highroller.web.people.agents import agent_of
from highroller.web.people.passkeys import (
    MAX_ID,
    Site,
    authenticate,
    authentication_options,
    delete_passkey,
    passkeys_of,
    register,
    registration_options,
)
from highroller.web.people.profiles import Profile
from highroller.web.people.signin import look, make_link, passkey_code, redeem
from highroller.web.settings import Settings
from highroller.web.store.database import Store

MAX_FIELD = 4096
"""The longest binary field of a credential, in base64url (an attestation of format "none" is a few hundred
characters)."""
MAX_CHALLENGE_ID = 100

Text = Annotated[str, Field(max_length=40)]


class LinkCode(Strict):
    """The code of a one-time sign-in link: what follows the # in it."""

    code: str = Field(max_length=MAX_ID)


class Credential(Strict):
    """What every `PublicKeyCredential` says of itself, as JSON (binary fields in base64url)."""

    id: str = Field(max_length=MAX_ID)
    raw_id: str = Field(alias="rawId", max_length=MAX_ID)
    type: Literal["public-key"]
    authenticator_attachment: str | None = Field(default=None, alias="authenticatorAttachment", max_length=40)
    client_extension_results: dict[Text, Any] = Field(
        default_factory=dict, alias="clientExtensionResults", max_length=10
    )


class Attestation(Strict):
    """An authenticator's answer to `navigator.credentials.create`."""

    client_data_json: str = Field(alias="clientDataJSON", max_length=MAX_FIELD)
    attestation_object: str = Field(alias="attestationObject", max_length=MAX_FIELD)
    transports: list[Text] = Field(default_factory=list, max_length=10)


class Assertion(Strict):
    """An authenticator's answer to `navigator.credentials.get`."""

    client_data_json: str = Field(alias="clientDataJSON", max_length=MAX_FIELD)
    authenticator_data: str = Field(alias="authenticatorData", max_length=MAX_FIELD)
    signature: str = Field(max_length=MAX_FIELD)
    user_handle: str | None = Field(default=None, alias="userHandle", max_length=MAX_FIELD)


class NewCredential(Credential):
    """The credential `navigator.credentials.create` made."""

    response: Attestation


class UsedCredential(Credential):
    """The credential `navigator.credentials.get` used."""

    response: Assertion


class NewPasskey(Strict):
    """A new passkey for your profile: the challenge's id from the options, and the browser's credential."""

    challenge_id: str = Field(max_length=MAX_CHALLENGE_ID)
    credential: NewCredential


class PasskeySignIn(Strict):
    """A sign-in with a passkey: the challenge's id from the options, and the browser's credential."""

    challenge_id: str = Field(max_length=MAX_CHALLENGE_ID)
    credential: UsedCredential


class LinkInfo(Answer):
    """A one-time sign-in link: open it on the device to sign in."""

    link: str = Field(description="ORIGIN/signin#CODE: it signs one device in to your profile, once")
    expires: float = Field(description="when it stops working, in seconds since 1970")
    seconds: int = Field(description="how long it works from now, in seconds")
    qr: str = Field(description="the link's QR code, as SVG text")


class SignedIn(Answer):
    """A device signed in: its own key of the profile."""

    key: str = Field(description="this device's profile key: keep it secret, send it as the X-Profile header")
    profile: ProfileInfo


class LinkProfile(Answer):
    """The profile a sign-in would sign this device in to."""

    id: str = Field(
        description="the profile's id, as GET /api/me gives it: compare it with the profile this device holds"
    )
    name: str


class LinkLook(Answer):
    """What a one-time code signs in to, the code still unused."""

    profile: LinkProfile
    expires: float = Field(description="when the code stops working, in seconds since 1970")
    seconds: int = Field(description="how long it works from now, in seconds")


class PasskeyCode(LinkLook):
    """A passkey sign-in verified: the one-time code that signs this device in, once its person says yes."""

    code: str = Field(
        description="send it to POST /api/signin/link to sign this device in; unused, it expires and nothing changes"
    )


class SiteInfo(Answer):
    """Where this server's site is: where passkeys work and sign-in links lead."""

    origin: str = Field(
        description="the site's origin as browsers write it (https://dice.example.org); a page opened at another "
        "address cannot use its passkeys"
    )
    rp_id: str = Field(description="the relying party's id of its passkeys: the origin's host name")


class PasskeyOptions(Answer):
    """What the browser needs to make or use a passkey."""

    challenge_id: str = Field(description="send it back with the credential")
    options: dict[str, Any] = Field(
        description="the publicKey options of navigator.credentials.create or .get, as JSON: binary fields (challenge, "
        "user.id, credential ids) in base64url"
    )


class PasskeyInfo(Answer):
    """A passkey of your profile."""

    id: str = Field(description="the credential's id (base64url)")
    created: float = Field(description="when it was added, in seconds since 1970")


class PasskeyDeleted(Answer):
    """A passkey deleted: it signs nobody in any more."""

    deleted: bool


def build_signin_router(store: Store, settings: Settings, quotas: Quotas) -> APIRouter:
    """The sign-in routes."""
    router = APIRouter(prefix="/api", responses=REFUSALS)

    site = Site.of(settings)

    def looked(profile: Profile, expires: float) -> dict[str, Any]:
        return {
            "profile": {"id": profile.id, "name": profile.name},
            "expires": expires,
            "seconds": max(0, int(expires - clock.now())),
        }

    async def attempt(request: Request) -> None:
        """Count a sign-in attempt against the address, or `Refused` (429) when it has made too many."""
        joiner = origin(quotas, request)
        await quotas.check_join(joiner)
        await asyncio.to_thread(store.count_join, joiner)

    @router.get(
        "/signin/site",
        summary="Where this server's site is: where passkeys work and sign-in links lead",
        response_model=None,
        responses=documented(SiteInfo, "the site"),
    )
    async def site_info() -> dict[str, Any]:
        return {"origin": site.origin, "rp_id": site.rp_id}

    @router.post(
        "/me/links",
        status_code=201,
        summary="Make a one-time link (and its QR code) that signs another device in to your profile, within 10 "
        "minutes",
        response_model=None,
        responses=documented(LinkInfo, "the link", 201),
    )
    async def new_link(key: str | None = Depends(profile_header)) -> dict[str, Any]:
        profile = await current_profile(store, key)
        return (await asyncio.to_thread(make_link, store, profile.id, site.origin)).answer()

    @router.post(
        "/signin/link/look",
        summary="Look at a one-time code before signing in with it: whose profile, until when (the code stays unused)",
        response_model=None,
        responses=documented(LinkLook, "the code's profile"),
    )
    async def link_look(body: LinkCode, request: Request) -> dict[str, Any]:
        await attempt(request)
        profile, expires = await asyncio.to_thread(look, store, body.code)
        return looked(profile, expires)

    @router.post(
        "/signin/link",
        summary="Sign this device in with a one-time code (a link's, or a passkey sign-in's)",
        response_model=None,
        responses=documented(SignedIn, "signed in"),
    )
    async def link_sign_in(body: LinkCode, request: Request) -> dict[str, Any]:
        await attempt(request)
        profile, key = await asyncio.to_thread(redeem, store, body.code, agent_of(request.headers.get("user-agent")))
        return {"key": key, "profile": profile.answer()}

    @router.post(
        "/me/passkeys/options",
        summary="Begin adding a passkey to your profile: the options of navigator.credentials.create",
        response_model=None,
        responses=documented(PasskeyOptions, "the options"),
    )
    async def passkey_options(key: str | None = Depends(profile_header)) -> dict[str, Any]:
        profile = await current_profile(store, key)
        challenge_id, options = await asyncio.to_thread(registration_options, store, profile, site)
        return {"challenge_id": challenge_id, "options": options}

    @router.post(
        "/me/passkeys",
        status_code=201,
        summary="Add a passkey to your profile: the credential navigator.credentials.create made",
        response_model=None,
        responses=documented(PasskeyInfo, "the passkey", 201),
    )
    async def new_passkey(body: NewPasskey, key: str | None = Depends(profile_header)) -> dict[str, Any]:
        profile = await current_profile(store, key)
        credential = body.credential.model_dump(by_alias=True, exclude_none=True)
        return (await asyncio.to_thread(register, store, profile, site, body.challenge_id, credential)).answer()

    @router.get(
        "/me/passkeys",
        summary="Your profile's passkeys",
        response_model=None,
        responses=documented(list[PasskeyInfo], "the passkeys, oldest first"),
    )
    async def my_passkeys(key: str | None = Depends(profile_header)) -> list[dict[str, Any]]:
        profile = await current_profile(store, key)
        return [passkey.answer() for passkey in await asyncio.to_thread(passkeys_of, store, profile.id)]

    @router.delete(
        "/me/passkeys/{passkey_id}",
        summary="Delete a passkey of your profile",
        response_model=None,
        responses=documented(PasskeyDeleted, "the passkey is gone"),
    )
    async def forget_passkey(
        passkey_id: str = Path(max_length=MAX_ID, description="the passkey's id, as GET /api/me/passkeys gives it"),
        key: str | None = Depends(profile_header),
    ) -> dict[str, Any]:
        profile = await current_profile(store, key)
        await asyncio.to_thread(delete_passkey, store, profile.id, passkey_id)
        return {"deleted": True}

    @router.post(
        "/signin/passkey/options",
        summary="Begin signing this device in with a passkey: the options of navigator.credentials.get",
        response_model=None,
        responses=documented(PasskeyOptions, "the options"),
    )
    async def sign_in_options(request: Request) -> dict[str, Any]:
        await attempt(request)
        challenge_id, options = await asyncio.to_thread(authentication_options, store, site)
        return {"challenge_id": challenge_id, "options": options}

    @router.post(
        "/signin/passkey",
        summary="Verify a passkey sign-in (the credential navigator.credentials.get used): a one-time code that signs "
        "this device in",
        response_model=None,
        responses=documented(PasskeyCode, "verified: redeem the code to sign in"),
    )
    async def passkey_sign_in(body: PasskeySignIn, request: Request) -> dict[str, Any]:
        await attempt(request)
        credential = body.credential.model_dump(by_alias=True, exclude_none=True)
        profile, passkey_id = await asyncio.to_thread(authenticate, store, site, body.challenge_id, credential)
        code, expires = await asyncio.to_thread(passkey_code, store, profile.id, passkey_id)
        return {"code": code, **looked(profile, expires)}

    return router
