"""Helpers of the web tests that talk to real `highroller serve` processes over HTTP."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import httpx2
from playwright.sync_api import Browser, Page, Route


def call(base: str, method: str, path: str, token: str | None = None, **kwargs: Any) -> Any:
    """A request that must succeed; its JSON."""
    response = request(base, method, path, token, **kwargs)
    assert response.status_code in (200, 201), response.text
    return response.json()


def request(
    base: str, method: str, path: str, token: str | None = None, profile: str | None = None, **kwargs: Any
) -> httpx2.Response:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    if profile:
        headers["X-Profile"] = profile
    return httpx2.request(method, base + path, headers=headers, timeout=30, **kwargs)


def create(
    base: str, game: str, options: dict[str, Any], bots: list[str | None], profile: str | None = None, **extra: Any
) -> dict[str, Any]:
    """A new table (made as `profile`'s, given its key)."""
    result: dict[str, Any] = call(
        base, "POST", "/api/tables", profile=profile, json={"game": game, "options": options, "bots": bots, **extra}
    )
    return result


def join(base: str, table: str, name: str) -> tuple[int, str]:
    joined = call(base, "POST", f"/api/tables/{table}/join", json={"name": name})
    return joined["seat"], joined["token"]


def step(base: str, table: str, seats: dict[int, str], rng: random.Random) -> dict[str, Any]:
    """One random move by the person on move (waiting for bots first); the table afterwards.

    Random, not a fixed pick: a player who always declines Last Chance's joker lock never finishes a
    card with jokers, and free rolls nobody bid on keep such a game going for ever."""
    state = people_on_move(base, table, seats)
    if state["finished"]:
        return state
    token = seats[state["current_player"]]
    mine = call(base, "GET", f"/api/tables/{table}", token)
    return call(
        base,
        "POST",
        f"/api/tables/{table}/actions",
        token,
        json={"version": mine["version"], "action": rng.choice(mine["legal"])["action"]},
    )


def people_on_move(base: str, table: str, seats: dict[int, str]) -> dict[str, Any]:
    """Wait (long polls) until one of `seats` is on move (the bots have played) or the game is over; the table then."""
    any_token = next(iter(seats.values()))
    state = call(base, "GET", f"/api/tables/{table}", any_token)
    while not state["finished"] and state["current_player"] not in seats:
        state = call(base, "GET", f"/api/tables/{table}", any_token, params={"after": state["version"]})
    return state


def my_turn(base: str, table: str, token: str) -> dict[str, Any]:
    """Wait (long polls) until this seat has legal actions or the game is over; the table then."""
    state = call(base, "GET", f"/api/tables/{table}", token)
    while not state["finished"] and not state["legal"]:
        state = call(base, "GET", f"/api/tables/{table}", token, params={"after": state["version"]})
    return state


def seated_page(
    browser: Browser,
    base: str,
    table: dict[str, Any],
    routes: dict[str, Callable[[Route], None]] | None = None,
    **context: Any,
) -> Page:
    """A page holding the table creator's seat (as the lobby leaves it in the browser), its board drawn;
    `routes`: handlers of the requests whose addresses match their patterns."""
    seat = json.dumps({"seat": table["seat"], "token": table["token"], "name": "Ann"})
    opened = browser.new_context(**context)
    for pattern, handler in (routes or {}).items():
        opened.route(pattern, handler)
    page = opened.new_page()
    page.add_init_script(f"localStorage.setItem({json.dumps('highroller:seat:' + table['id'])}, {json.dumps(seat)})")
    page.goto(f"{base}/table/{table['id']}")
    page.wait_for_selector("#board[data-version]")
    return page
