"""The push API: the key browsers subscribe with, a profile's devices subscribing to notifications,
asking whether they are, and unsubscribing, and a test notification (`highroller.web.people.push_subscriptions`
keeps them, `highroller.web.people.push_sending` sends them)."""

from __future__ import annotations

import asyncio
import math
from typing import Any

from fastapi import APIRouter, Depends
from pydantic import Field

from highroller.web.api.answers import Answer, documented
from highroller.web.api.messages import REFUSALS, Strict
from highroller.web.api.profile_api import current_profile, profile_header
from highroller.web.http.catalog import web_words
from highroller.web.http.errors import Refused
from highroller.web.people.profiles import key_hash
from highroller.web.people.push_sending import Notice, Pusher
from highroller.web.people.push_subscriptions import (
    MAX_ENDPOINT,
    MAX_SUBSCRIPTIONS,
    checked_subscription,
    claim_test,
    subscribe,
    subscriptions_of,
    unsubscribe,
)
from highroller.web.settings import DAY, Settings
from highroller.web.store.database import Store


class SubscriptionKeys(Strict):
    """The keys of a push subscription, as the browser's `PushSubscription.toJSON()` gives them."""

    p256dh: str = Field(max_length=200, description="the device's P-256 public key: the uncompressed point, base64url")
    auth: str = Field(max_length=100, description="the subscription's 16-byte secret, base64url")


class PushSubscription(Strict):
    """A device's push subscription."""

    endpoint: str = Field(max_length=MAX_ENDPOINT, description="the push service's https:// address for this device")
    keys: SubscriptionKeys


class PushEndpoint(Strict):
    """The subscription to forget, by its endpoint."""

    endpoint: str = Field(max_length=MAX_ENDPOINT)


class PushKey(Answer):
    """The server's VAPID public key."""

    key: str = Field(
        description="the uncompressed P-256 point, base64url: `applicationServerKey` of `PushManager.subscribe`"
    )


class Subscribed(Answer):
    """The device is subscribed."""

    subscribed: bool
    devices: int = Field(
        description=f"the profile's subscribed devices (at most {MAX_SUBSCRIPTIONS}: a newer one pushes out the oldest)"
    )


class Unsubscribed(Answer):
    """The device is no longer subscribed."""

    subscribed: bool
    devices: int = Field(description="the profile's subscribed devices left")


class PushStatus(Answer):
    """Whether a device's subscription is one this server holds for your profile."""

    subscribed: bool = Field(description="true only if the server sends your notifications to this endpoint")


class Tested(Answer):
    """A test notification sent."""

    sent: int = Field(description="the devices whose push service took it")
    devices: int = Field(description="the profile's subscribed devices (one that is gone is forgotten)")


def build_push_router(store: Store, settings: Settings) -> APIRouter:
    """The push routes."""
    router = APIRouter(prefix="/api", responses=REFUSALS)
    pusher = Pusher(store, settings)
    origin = (settings.public_origin or "").rstrip("/")

    @router.get(
        "/push/key",
        summary="The key a browser subscribes to this server's notifications with",
        response_model=None,
        responses=documented(PushKey, "the VAPID public key"),
    )
    async def push_key() -> dict[str, Any]:
        return {"key": pusher.public_key}

    @router.post(
        "/me/push",
        summary="Subscribe this device to your notifications (your move, and when its time runs short)",
        response_model=None,
        responses=documented(Subscribed, "the device is subscribed"),
    )
    async def add_subscription(body: PushSubscription, key: str | None = Depends(profile_header)) -> dict[str, Any]:
        profile = await current_profile(store, key)
        subscription = checked_subscription(body.endpoint, body.keys.p256dh, body.keys.auth, settings.push_hosts)
        return {
            "subscribed": True,
            "devices": await asyncio.to_thread(subscribe, store, profile.id, subscription, key_hash(key or "")),
        }

    @router.post(
        "/me/push/status",
        summary="Whether this server sends your notifications to a device's subscription (by its endpoint)",
        response_model=None,
        responses=documented(PushStatus, "whether the endpoint is subscribed"),
    )
    async def subscription_status(body: PushEndpoint, key: str | None = Depends(profile_header)) -> dict[str, Any]:
        profile = await current_profile(store, key)
        held = await asyncio.to_thread(subscriptions_of, store, profile.id)
        return {"subscribed": any(device.endpoint == body.endpoint for device in held)}

    @router.delete(
        "/me/push",
        summary="Unsubscribe one of your devices from your notifications",
        response_model=None,
        responses=documented(Unsubscribed, "the device is no longer subscribed"),
    )
    async def remove_subscription(body: PushEndpoint, key: str | None = Depends(profile_header)) -> dict[str, Any]:
        profile = await current_profile(store, key)
        if not await asyncio.to_thread(unsubscribe, store, profile.id, body.endpoint):
            raise Refused("none of your devices is subscribed with this endpoint", 404, "no-subscription")
        return {"subscribed": False, "devices": len(await asyncio.to_thread(subscriptions_of, store, profile.id))}

    @router.post(
        "/me/push/test",
        summary="Send a test notification to each of your subscribed devices (once a minute at most)",
        response_model=None,
        responses=documented(Tested, "the notification was sent"),
    )
    async def test_push(key: str | None = Depends(profile_header)) -> dict[str, Any]:
        profile = await current_profile(store, key)
        if not await asyncio.to_thread(subscriptions_of, store, profile.id):
            raise Refused(
                "none of your devices is subscribed to notifications: subscribe one first", 409, "no-subscription"
            )
        wait = await asyncio.to_thread(claim_test, store, profile.id)
        if wait is not None:
            raise Refused(
                "a test notification was sent less than a minute ago; try again in {seconds} s",
                429,
                "rate-limited",
                retry_after=math.ceil(wait),
                seconds=math.ceil(wait),
            )
        w = web_words(profile.language)
        notice = Notice(
            "highroller",
            w("Notifications are on: this device tells you when it is your move."),
            f"{origin}/",
            "test",
            int(DAY),
        )
        sent = await pusher.send(profile.id, notice)
        return {"sent": sent, "devices": len(await asyncio.to_thread(subscriptions_of, store, profile.id))}

    return router
