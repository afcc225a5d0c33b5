"""The friends API: a profile's public page (by its handle), following and unfollowing, blocking and
unblocking, your friends with who is online and their tables, and the seats of a table taken with a
profile (to follow their people). A profile is named by its public handle
(`highroller.web.people.handles`), never its id."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Path

from highroller.registry import game_spec, words_of
from highroller.web import clock
from highroller.web.api.answers import Answer, documented
from highroller.web.api.messages import REFUSALS
from highroller.web.api.profile_api import current_profile, profile_header
from highroller.web.api.route_args import page_language
from highroller.web.api.social_shapes import BlockInfo, FollowInfo, Friends, PersonPage, TablePeople
from highroller.web.people import friends
from highroller.web.people.handles import handle_of, profile_of_handle
from highroller.web.people.profiles import Profile, profile_by_key, profile_names
from highroller.web.store.database import Store
from highroller.web.tables.held_tables import Tables
from highroller.web.tables.table_summary import open_seats
from highroller.web.tables.turns import seat_name

MOST_TABLES = 30
"""The most tables of friends listed."""
Handle = Annotated[str, Path(max_length=40, description="a profile's public handle")]


RELATIONS: tuple[tuple[str, str, Callable[[Store, str, str], bool], type[Answer], str, bool, str, str], ...] = (
    (
        "PUT",
        "/me/follows/{handle}",
        friends.follow,
        FollowInfo,
        "following",
        True,
        "Follow a profile (it becomes one of your friends); at most 500, and 100 an hour",
        "you follow it",
    ),
    (
        "DELETE",
        "/me/follows/{handle}",
        friends.unfollow,
        FollowInfo,
        "following",
        False,
        "Stop following a profile",
        "you no longer follow it",
    ),
    (
        "PUT",
        "/me/blocks/{handle}",
        friends.block,
        BlockInfo,
        "blocked",
        True,
        "Block a profile: it no longer follows you, cannot invite you nor sit at the tables you make",
        "you block it",
    ),
    (
        "DELETE",
        "/me/blocks/{handle}",
        friends.unblock,
        BlockInfo,
        "blocked",
        False,
        "Unblock a profile",
        "you no longer block it",
    ),
)
"""Following and blocking: the method and path, what it does, its answer's shape, the field it sets and
to what, its summary and what its answer means."""


def _handle(store: Store, profile_id: str) -> str:
    return handle_of(store, profile_id) or ""


def build_social_router(store: Store, tables: Tables) -> APIRouter:
    """The friends routes."""
    router = APIRouter(prefix="/api", responses=REFUSALS)

    def person(profile: Profile) -> dict[str, Any]:
        return {"handle": _handle(store, profile.id), "name": profile.name}

    def read_page(handle: str, key: str | None) -> dict[str, Any]:
        profile = profile_of_handle(store, handle)
        me = profile_by_key(store, key) if key else None
        mine = me is not None and me.id == profile.id
        following = me is not None and not mine and friends.follows(store, me.id, profile.id)
        blocked = me is not None and profile.id in store.blocked_by(me.id)
        return {**person(profile), "you": mine, "following": following, "blocked": blocked}

    @router.get(
        "/people/{handle}",
        summary="A profile's public page: its name, and whether you follow it",
        response_model=None,
        responses=documented(PersonPage, "the profile"),
    )
    async def person_page(handle: Handle, key: str | None = Depends(profile_header)) -> dict[str, Any]:
        return await asyncio.to_thread(read_page, handle, key)

    def relation(work: Callable[[Store, str, str], bool], field: str, value: bool) -> Callable[..., Any]:
        async def change(handle: Handle, key: str | None = Depends(profile_header)) -> dict[str, Any]:
            me = await current_profile(store, key)
            other = await asyncio.to_thread(profile_of_handle, store, handle)
            await asyncio.to_thread(work, store, me.id, other.id)
            return {**person(other), field: value}

        return change

    for method, path, work, shape, field, value, summary, said in RELATIONS:
        router.add_api_route(
            path,
            relation(work, field, value),
            methods=[method],
            name=work.__name__,
            summary=summary,
            response_model=None,
            responses=documented(shape, said),
        )

    def read_friends(me: Profile) -> tuple[list[friends.Friend], list[Any], list[tuple[str, str]], dict[str, str]]:
        """Your friends, their tables, the profiles you blocked, and the handles of all these and yours."""
        followed, blocked = friends.friends_of(store, me.id), friends.blocked_profiles(store, me.id)
        ids = [me.id, *(friend.id for friend in followed), *(profile_id for profile_id, _ in blocked)]
        handles = {profile_id: _handle(store, profile_id) for profile_id in ids}
        return followed, store.friend_tables(me.id, MOST_TABLES), blocked, handles

    @router.get(
        "/me/friends",
        summary="Your friends (the profiles you follow), who is online, their unfinished tables, and whom you blocked",
        response_model=None,
        responses=documented(Friends, "your friends"),
    )
    async def your_friends(
        key: str | None = Depends(profile_header), lang: str = Depends(page_language)
    ) -> dict[str, Any]:
        me = await current_profile(store, key)
        followed, rows, blocked, handles = await asyncio.to_thread(read_friends, me)
        ids = {friend.id for friend in followed}
        now = clock.now()
        present = {friend.id for friend in followed if friends.online(friend, now)}
        listed = []
        for row in rows:
            there = [r for r in row.seats if r.profile in ids]
            for r in there:  # a page holding a seat: asked only of friends not seen lately
                if r.profile not in present and await tables.presence.seat_status(row.id, r.seat) == "online":
                    present.add(str(r.profile))
            listed.append(
                {
                    "id": row.id,
                    "game": row.game,
                    "title": words_of(row.game, lang)(game_spec(row.game).title),
                    "players": [seat_name(r, lang) for r in row.seats],
                    "open_seats": len(open_seats(row.seats)),
                    "started": not open_seats(row.seats),
                    "friends": list(dict.fromkeys(handles[str(r.profile)] for r in there)),
                }
            )
        return {
            "handle": handles[me.id],
            "friends": [
                {"handle": handles[friend.id], "name": friend.name, "online": friend.id in present}
                for friend in followed
            ],
            "tables": listed,
            "blocked": [{"handle": handles[profile_id], "name": name} for profile_id, name in blocked],
        }

    @router.get(
        "/tables/{table_id}/people",
        summary="The seats of a table taken with a profile, with each profile's public handle (to follow them)",
        response_model=None,
        responses=documented(TablePeople, "the seats taken with a profile"),
    )
    async def table_people(table_id: str) -> dict[str, Any]:
        table = await tables.get(table_id)
        await table.fresh()
        held = [r for r in table.seats if r.profile is not None and r.token_hash is not None]
        names = await asyncio.to_thread(profile_names, store, [str(r.profile) for r in held])
        people = [
            {"seat": r.seat, "handle": _handle(store, str(r.profile)), "name": names[str(r.profile)]}
            for r in held
            if r.profile in names
        ]
        return {"people": people, "open_seats": 0 if table.finished else len(table.open_seats())}

    return router
