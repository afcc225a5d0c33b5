"""The friends pages with something on them, for the browser tests: Ann (the browser's profile) follows Bob,
who is online at a table of his with free seats, sits at hers and is rated on the leaderboard, and Dee,
who is offline; she blocked Cid; Bob invited her to his table. Made through the HTTP API of a real server
on a SQLite file (the rating written straight into it, as rated games would leave it)."""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass

from playwright.sync_api import Browser, BrowserContext
from web_helpers import call, create

GAME = {"players": 3, "rounds": 1, "dice_per_player": 3}


@dataclass(frozen=True)
class Scene:
    """The keys, handles and tables of the scene."""

    ann: str
    bob: str
    bob_handle: str
    bobs_table: str
    anns_table: str


def profile(base: str, name: str) -> tuple[str, str, str]:
    """A new profile: (key, id, handle)."""
    made = call(base, "POST", "/api/profiles", json={"name": name, "languages": ["en"]})
    handle = call(base, "GET", "/api/me/friends", profile=made["key"])["handle"]
    return made["key"], made["id"], handle


def friends_scene(base: str, database: str) -> Scene:
    ann, _, ann_handle = profile(base, "Ann")
    bob, bob_id, bob_handle = profile(base, "Bob")
    _, _, cid_handle = profile(base, "Cid")
    _, dee_id, dee_handle = profile(base, "Dee")
    call(base, "PUT", f"/api/me/follows/{bob_handle}", profile=ann)
    call(base, "PUT", f"/api/me/follows/{dee_handle}", profile=ann)
    call(base, "PUT", f"/api/me/follows/{ann_handle}", profile=bob)
    call(base, "PUT", f"/api/me/blocks/{cid_handle}", profile=ann)
    bobs = create(base, "lasvegas", GAME, [None, None, None], bob, name="Bob")["id"]
    call(base, "POST", "/api/me/invitations", profile=bob, json={"table": bobs, "handle": ann_handle})
    anns = create(base, "lasvegas", GAME, [None, None, None], ann, name="Ann")["id"]
    call(base, "POST", f"/api/tables/{anns}/join", profile=bob, json={"name": "Bob"})
    with sqlite3.connect(database) as db:
        db.execute(
            "INSERT INTO hr_ratings (game, players, player, mu, sigma, games) VALUES ('lasvegas', 2, ?, 30, 2, 12)",
            (f"profile:{bob_id}",),
        )
        db.execute("UPDATE hr_profile_keys SET seen = seen - 3600 WHERE profile_id = ?", (dee_id,))  # offline
    return Scene(ann, bob, bob_handle, bobs, anns)


def as_profile(browser: Browser, key: str, **context: object) -> BrowserContext:
    """A browser context holding the profile of `key`."""
    opened = browser.new_context(**context)  # type: ignore[arg-type]
    opened.add_init_script(f"localStorage.setItem('highroller:profile', {json.dumps(key)})")
    return opened


def scene_pages(scene: Scene) -> list[tuple[str, str]]:
    """The pages of the scene as Ann sees them, and what shows each is ready."""
    return [
        ("/me", "#friend-list li .dot"),
        ("/games", ".invitation button"),
        (f"/people/{scene.bob_handle}", "#person-buttons button"),
        (f"/table/{scene.anns_table}", ".people-panel .invite-form"),
        ("/ratings/lasvegas?players=2", "#lines .follow"),
    ]
