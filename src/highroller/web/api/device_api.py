"""The devices API: a profile's devices (how and when each signed in, its browser, when it was last
seen), and signing any of them out, this one or another (`highroller.web.people.devices`)."""

from __future__ import annotations

import asyncio
from typing import Any, Literal

from fastapi import APIRouter, Depends, Path, Request
from pydantic import Field

from highroller.web.api.answers import Answer, documented
from highroller.web.api.messages import REFUSALS
from highroller.web.api.profile_api import current_profile, profile_header
from highroller.web.http.errors import asked_language
from highroller.web.people.devices import ID_LENGTH, devices_of, sign_out
from highroller.web.store.database import Store


class DeviceInfo(Answer):
    """A device signed in to your profile."""

    id: str = Field(description="the device's id: DELETE /api/me/devices/{id} signs it out")
    how: Literal["made", "link", "passkey"] | None = Field(
        description="how it signed in: it made the profile, or with a one-time link or a passkey; null: before the "
        "server noted it"
    )
    passkey: str | None = Field(
        description="the passkey it signed in with (its id, as GET /api/me/passkeys lists it); null otherwise"
    )
    created: float = Field(description="when it signed in, in seconds since 1970")
    seen: float = Field(description="when it was last seen, in seconds since 1970 (noted at most every 5 minutes)")
    label: str = Field(
        description='its browser and system, as it named them when it signed in, in the language asked: "Chrome on '
        'Android"'
    )
    this: bool = Field(description="the device asking")


class SignedOut(Answer):
    """A device signed out: its key is refused from now on, its push subscriptions are gone."""

    signed_out: bool


def build_device_router(store: Store) -> APIRouter:
    """The device routes."""
    router = APIRouter(prefix="/api", responses=REFUSALS)

    @router.get(
        "/me/devices",
        summary="Your profile's devices, the one seen last first",
        response_model=None,
        responses=documented(list[DeviceInfo], "the devices"),
    )
    async def my_devices(request: Request, key: str | None = Depends(profile_header)) -> list[dict[str, Any]]:
        profile = await current_profile(store, key)
        lang = asked_language(request)
        return [device.answer(lang) for device in await asyncio.to_thread(devices_of, store, profile.id, key or "")]

    @router.delete(
        "/me/devices/{device_id}",
        summary="Sign out a device of your profile (this one or another): its key stops working, its notifications "
        "stop",
        response_model=None,
        responses=documented(SignedOut, "the device is signed out"),
    )
    async def sign_device_out(
        device_id: str = Path(max_length=ID_LENGTH, description="the device's id, as GET /api/me/devices gives it"),
        key: str | None = Depends(profile_header),
    ) -> dict[str, Any]:
        profile = await current_profile(store, key)
        await asyncio.to_thread(sign_out, store, profile.id, device_id)
        return {"signed_out": True}

    return router
