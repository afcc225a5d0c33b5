"""Helpers of the friends and invitations tests: profiles made through the API, each with its key and its
public handle, and tables made by a profile seated at them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from fastapi.testclient import TestClient

GAME: dict[str, Any] = {"game": "lasvegas", "options": {"players": 3, "rounds": 1, "dice_per_player": 3}}


@dataclass(frozen=True)
class Person:
    """A profile: its key (what its devices send) and its public handle (what others see)."""

    name: str
    key: str
    handle: str

    @property
    def headers(self) -> dict[str, str]:
        return {"X-Profile": self.key}


def person(client: TestClient, name: str) -> Person:
    made = client.post("/api/profiles", json={"name": name, "languages": ["en"]})
    assert made.status_code == 201, made.text
    key = made.json()["key"]
    friends = client.get("/api/me/friends", headers={"X-Profile": key})
    assert friends.status_code == 200, friends.text
    return Person(name, key, friends.json()["handle"])


def table_of(client: TestClient, maker: Person, seats: int = 3, bots: list[str | None] | None = None) -> str:
    """A table `maker` made and sits at (their profile's seat), the other seats open."""
    body = {**GAME, "options": {**GAME["options"], "players": seats}, "bots": bots or [None] * seats}
    made = client.post("/api/tables", json={**body, "name": maker.name}, headers=maker.headers)
    assert made.status_code == 201, made.text
    return str(made.json()["id"])


def follow(client: TestClient, who: Person, whom: Person | str) -> Any:
    handle = whom if isinstance(whom, str) else whom.handle
    return client.put(f"/api/me/follows/{handle}", headers=who.headers)


def invite(client: TestClient, who: Person, table: str, whom: Person | str) -> Any:
    handle = whom if isinstance(whom, str) else whom.handle
    return client.post("/api/me/invitations", json={"table": table, "handle": handle}, headers=who.headers)


def invitations(client: TestClient, who: Person) -> list[dict[str, Any]]:
    answer = client.get("/api/me/invitations", headers=who.headers)
    assert answer.status_code == 200, answer.text
    result: list[dict[str, Any]] = answer.json()
    return result


def refused(answer: Any, status: int, code: str) -> str:
    """The words of a refusal, checked to be `status` with `code`."""
    assert answer.status_code == status, answer.text
    assert answer.json()["code"] == code, answer.text
    return str(answer.json()["error"])
