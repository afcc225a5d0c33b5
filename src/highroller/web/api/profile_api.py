"""The profile API: make a profile on a first visit, read it, rename it, change its languages, delete it.

A device proves it holds a profile with the `X-Profile` header (`highroller.web.people.profiles`). Making a
profile counts as taking a seat for the address's quotas, so nobody can make them by the thousand.
"""

from __future__ import annotations

import asyncio
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Header, Request
from pydantic import Field

from highroller.web.api.answers import Answer, documented
from highroller.web.api.messages import REFUSALS, Strict
from highroller.web.api.route_args import origin
from highroller.web.http.checks import checked_profile_name
from highroller.web.http.quotas import Quotas
from highroller.web.people.agents import agent_of
from highroller.web.people.profiles import (
    MADE,
    MAX_KEY,
    Arrival,
    Profile,
    checked_languages,
    create_profile,
    forget_profile,
    profile_of_key,
    update_profile,
)
from highroller.web.store.database import Store
from highroller.web.tables.held_tables import Tables

Language = Annotated[str, Field(max_length=5)]


class NewProfile(Strict):
    """A profile: the name shown at tables and the languages read (the first is the one notifications use)."""

    name: str = Field(max_length=200)
    languages: list[Language] = Field(min_length=1, max_length=3, description="one to three of en, fr, de")


class ProfileChange(Strict):
    """A new name, new languages, or both."""

    name: str | None = Field(default=None, max_length=200)
    languages: list[Language] | None = Field(
        default=None, min_length=1, max_length=3, description="one to three of en, fr, de"
    )


class ProfileInfo(Answer):
    """A profile as its owner sees it."""

    id: str
    name: str
    languages: list[str]


class NewProfileInfo(ProfileInfo):
    """A profile just made, with this device's key."""

    key: str = Field(description="this device's profile key: keep it secret, send it as the X-Profile header")


class Deleted(Answer):
    """A profile deleted."""

    deleted: bool
    tables: int = Field(description="the tables whose seats were the profile's (its games stay, its seats unnamed)")


async def current_profile(store: Store, key: str | None) -> Profile:
    """The profile of a request's `X-Profile` key, or `Refused` (401)."""
    return await asyncio.to_thread(profile_of_key, store, key)


def profile_header(
    x_profile: str | None = Header(default=None, max_length=MAX_KEY, description="this device's profile key"),
) -> str | None:
    """The `X-Profile` header, if sent."""
    return x_profile


def build_profile_router(store: Store, tables: Tables, quotas: Quotas) -> APIRouter:
    """The profile routes."""
    router = APIRouter(prefix="/api", responses=REFUSALS)

    @router.post(
        "/profiles",
        status_code=201,
        summary="Make a profile (a first visit): the answer holds this device's key",
        response_model=None,
        responses=documented(NewProfileInfo, "the new profile", 201),
    )
    async def new_profile(body: NewProfile, request: Request) -> dict[str, Any]:
        name = checked_profile_name(body.name)
        languages = checked_languages(body.languages)
        joiner = origin(quotas, request)
        await quotas.check_join(joiner)
        await asyncio.to_thread(store.count_join, joiner)
        profile, key = await asyncio.to_thread(
            create_profile, store, name, languages, Arrival(MADE, agent_of(request.headers.get("user-agent")))
        )
        return {**profile.answer(), "key": key}

    @router.get("/me", summary="Your profile", response_model=None, responses=documented(ProfileInfo, "your profile"))
    async def me(key: str | None = Depends(profile_header)) -> dict[str, Any]:
        return (await current_profile(store, key)).answer()

    @router.patch(
        "/me",
        summary="Rename your profile or change its languages",
        response_model=None,
        responses=documented(ProfileInfo, "your profile"),
    )
    async def change_me(body: ProfileChange, key: str | None = Depends(profile_header)) -> dict[str, Any]:
        profile = await current_profile(store, key)
        name = None if body.name is None else checked_profile_name(body.name)
        languages = None if body.languages is None else checked_languages(body.languages)
        return (await asyncio.to_thread(update_profile, store, profile, name, languages)).answer()

    @router.delete(
        "/me",
        summary="Delete your profile: its name, keys, passkeys and subscriptions go; its games stay, its seats unnamed",
        response_model=None,
        responses=documented(Deleted, "the profile is gone"),
    )
    async def delete_me(key: str | None = Depends(profile_header)) -> dict[str, Any]:
        profile = await current_profile(store, key)
        await tables.leave_all(profile.id)
        changed = await asyncio.to_thread(forget_profile, store, profile.id)
        for table_id in changed:
            tables.look(table_id)
        return {"deleted": True, "tables": len(changed)}

    return router
