"""Following and blocking, on both databases: a profile's public handle names it (never its id), its
public page shows its name; following is one way and bounded (at most 500, at most 100 an hour: following
thousands is refused); an unknown or malformed handle is a 404; the friends list says who is online and
the tables they sit at; blocking removes the follows between the two, keeps the blocked profile from
following back and from the seats of the blocker's new tables (not from other tables), and
`Store.blocked_by` says whom a profile blocked."""

from __future__ import annotations

import json
import secrets
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient
from social_world import Person, follow, person, refused, table_of

from highroller.web import clock
from highroller.web.people.friends import FOLLOWS_PER_HOUR, MAX_FOLLOWS, ONLINE
from highroller.web.people.handles import handle_of
from highroller.web.store.database import Store
from highroller.web.store.dialects import open_store


@pytest.fixture
def store(database: str) -> Iterator[Store]:
    """The test's database, opened beside the app."""
    opened = open_store(database)
    yield opened
    opened.close()


def friends(client: TestClient, who: Person) -> dict[str, object]:
    answer = client.get("/api/me/friends", headers=who.headers)
    assert answer.status_code == 200, answer.text
    result: dict[str, object] = answer.json()
    return result


def test_a_handle_names_a_profile_without_showing_its_id(client: TestClient) -> None:
    ann = person(client, "Ann")
    me = client.get("/api/me", headers=ann.headers).json()
    assert len(ann.handle) == 22 and me["id"] not in ann.handle
    page = client.get(f"/api/people/{ann.handle}")
    assert page.json() == {"handle": ann.handle, "name": "Ann", "you": False, "following": False, "blocked": False}
    assert client.get(f"/api/people/{ann.handle}", headers=ann.headers).json()["you"] is True
    assert ann.key not in page.text and me["id"] not in page.text
    assert client.get(f"/people/{ann.handle}").status_code == 200  # the page others open


def test_following_one_way_and_unfollowing(client: TestClient) -> None:
    ann, bob = person(client, "Ann"), person(client, "Bob")
    followed = follow(client, ann, bob)
    assert followed.status_code == 200 and followed.json() == {"handle": bob.handle, "name": "Bob", "following": True}
    assert follow(client, ann, bob).status_code == 200  # again: still one follow
    assert [f["name"] for f in friends(client, ann)["friends"]] == ["Bob"]  # type: ignore[index]
    assert friends(client, bob)["friends"] == []
    assert client.get(f"/api/people/{bob.handle}", headers=ann.headers).json()["following"] is True
    gone = client.delete(f"/api/me/follows/{bob.handle}", headers=ann.headers)
    assert gone.json()["following"] is False and friends(client, ann)["friends"] == []
    refused(follow(client, ann, ann), 422, "self")
    refused(client.put(f"/api/me/follows/{bob.handle}"), 401, "no-profile")


def test_unknown_and_malformed_handles_are_404(client: TestClient) -> None:
    ann = person(client, "Ann")
    for handle in ("A" * 22, "nope", "..%2F..", "x" * 40, secrets.token_urlsafe(16)[:22]):
        assert follow(client, ann, handle).status_code == 404, handle
        assert client.get(f"/api/people/{handle}").status_code == 404
        assert client.put(f"/api/me/blocks/{handle}", headers=ann.headers).status_code == 404
    refused(follow(client, ann, "A" * 22), 404, "no-profile-handle")
    assert follow(client, ann, "x" * 41).status_code == 422  # longer than a handle may be


def add_profiles(store: Store, count: int) -> list[str]:
    """`count` profiles written straight into the store (making them through the API is quota-bound)."""
    ids = [secrets.token_urlsafe(12) for _ in range(count)]
    with store.transaction(write=True) as cursor:
        for profile_id in ids:
            store.run(
                cursor,
                "INSERT INTO hr_profiles (id, name, languages, created) VALUES (?, ?, '[\"en\"]', ?)",
                (profile_id, f"P{profile_id[:5]}", clock.now()),
            )
    return ids


def follows_made(store: Store, follower: str, followed: list[str], at: float) -> None:
    with store.transaction(write=True) as cursor:
        for profile_id in followed:
            store.run(
                cursor, "INSERT INTO hr_follows (follower, followed, at) VALUES (?, ?, ?)", (follower, profile_id, at)
            )


def test_following_thousands_is_refused_by_the_rate_then_the_bound(client: TestClient, store: Store) -> None:
    ann = person(client, "Ann")
    ann_id = client.get("/api/me", headers=ann.headers).json()["id"]
    others = add_profiles(store, MAX_FOLLOWS + 2)
    handles = [handle_of(store, profile_id) or "" for profile_id in others]
    for handle in handles[:FOLLOWS_PER_HOUR]:
        assert follow(client, ann, handle).status_code == 200
    fast = follow(client, ann, handles[FOLLOWS_PER_HOUR])
    refused(fast, 429, "following-too-fast")
    assert 1 <= int(fast.headers["Retry-After"]) <= 3601
    follows_made(store, ann_id, others[FOLLOWS_PER_HOUR:MAX_FOLLOWS], clock.now() - 7200)  # made long ago
    words = refused(follow(client, ann, handles[MAX_FOLLOWS]), 409, "too-many-follows")
    assert "500" in words
    assert len(friends(client, ann)["friends"]) == MAX_FOLLOWS  # type: ignore[arg-type]
    assert client.delete(f"/api/me/follows/{handles[0]}", headers=ann.headers).status_code == 200
    with store.transaction(write=True) as cursor:  # the hour's follows are long ago now
        store.run(cursor, "UPDATE hr_follows SET at = ? WHERE follower = ?", (clock.now() - 7200, ann_id))
    assert follow(client, ann, handles[MAX_FOLLOWS]).status_code == 200  # room again


def test_friends_online_and_their_tables(client: TestClient, store: Store) -> None:
    ann, bob, cid = person(client, "Ann"), person(client, "Bob"), person(client, "Cid")
    follow(client, ann, bob)
    follow(client, ann, cid)
    open_table = table_of(client, bob)
    with store.transaction(write=True) as cursor:  # Cid's devices were last seen long ago
        store.run(
            cursor,
            "UPDATE hr_profile_keys SET seen = ? WHERE profile_id IN (SELECT id FROM hr_profiles WHERE name = 'Cid')",
            (clock.now() - 3 * ONLINE,),
        )
    listed = friends(client, ann)
    assert [(f["name"], f["online"]) for f in listed["friends"]] == [("Bob", True), ("Cid", False)]  # type: ignore[index]
    tables = listed["tables"]
    assert [(t["id"], t["open_seats"], t["started"], t["friends"]) for t in tables] == [  # type: ignore[union-attr]
        (open_table, 2, False, [bob.handle])
    ]
    assert friends(client, cid)["tables"] == []  # Cid follows nobody


def test_a_friend_whose_page_holds_a_seat_is_online(client: TestClient, store: Store) -> None:
    ann, bob = person(client, "Ann"), person(client, "Bob")
    follow(client, ann, bob)
    table = table_of(client, bob)
    token = client.get(f"/api/me/tables/{table}", headers=bob.headers).json()[0]["token"]
    with store.transaction(write=True) as cursor:  # no device of Bob's seen lately
        store.run(cursor, "UPDATE hr_profile_keys SET seen = ?", (clock.now() - 3 * ONLINE,))
    assert [f["online"] for f in friends(client, ann)["friends"]] == [False]  # type: ignore[union-attr]
    with client.websocket_connect(f"/ws/tables/{table}") as page:
        page.send_text(json.dumps({"type": "hello", "token": token}))
        assert page.receive_json()["type"] == "state"
        assert [f["online"] for f in friends(client, ann)["friends"]] == [True]  # type: ignore[union-attr]


def test_blocking_removes_follows_and_keeps_the_blocked_from_the_blockers_new_tables(
    client: TestClient, store: Store
) -> None:
    ann, bob = person(client, "Ann"), person(client, "Bob")
    follow(client, ann, bob)
    follow(client, bob, ann)
    blocked = client.put(f"/api/me/blocks/{bob.handle}", headers=ann.headers)
    assert blocked.json() == {"handle": bob.handle, "name": "Bob", "blocked": True}
    assert friends(client, ann)["friends"] == [] and friends(client, bob)["friends"] == []
    assert friends(client, ann)["blocked"] == [{"handle": bob.handle, "name": "Bob"}]
    refused(follow(client, bob, ann), 403, "blocked")
    refused(follow(client, ann, bob), 409, "you-blocked")
    ann_id = client.get("/api/me", headers=ann.headers).json()["id"]
    bob_id = client.get("/api/me", headers=bob.headers).json()["id"]
    assert store.blocked_by(ann_id) == {bob_id} and store.blocked_by(bob_id) == set()
    anns = table_of(client, ann)
    words = refused(client.post(f"/api/tables/{anns}/join", json={"name": "Bob"}, headers=bob.headers), 403, "blocked")
    assert "Ann" not in words and "block" not in words  # says no more than needed
    others = table_of(client, person(client, "Cid"))
    assert client.post(f"/api/tables/{others}/join", json={"name": "Bob"}, headers=bob.headers).status_code == 200
    assert client.delete(f"/api/me/blocks/{bob.handle}", headers=ann.headers).json()["blocked"] is False
    assert client.post(f"/api/tables/{anns}/join", json={"name": "Bob"}, headers=bob.headers).status_code == 200
    assert follow(client, bob, ann).status_code == 200


def test_the_leaderboard_and_a_tables_seats_give_handles(client: TestClient) -> None:
    ann, bob = person(client, "Ann"), person(client, "Bob")
    table = table_of(client, ann)
    client.post(f"/api/tables/{table}/join", json={"name": "Anon"})
    client.post(f"/api/tables/{table}/join", json={"name": "Bob"}, headers=bob.headers)
    people = client.get(f"/api/tables/{table}/people").json()
    assert people == {
        "people": [{"seat": 0, "handle": ann.handle, "name": "Ann"}, {"seat": 2, "handle": bob.handle, "name": "Bob"}],
        "open_seats": 0,
    }
    assert client.get("/api/tables/nope/people").status_code == 404


def test_a_deleted_profile_leaves_no_follow_block_or_invitation(client: TestClient, store: Store) -> None:
    ann, bob = person(client, "Ann"), person(client, "Bob")
    follow(client, ann, bob)
    follow(client, bob, ann)
    client.put(f"/api/me/blocks/{ann.handle}", headers=person(client, "Cid").headers)
    assert client.delete("/api/me", headers=ann.headers).status_code == 200
    assert friends(client, bob)["friends"] == []
    with store.transaction() as cursor:
        for table in ("hr_follows", "hr_blocks", "hr_invitations"):
            assert store.run(cursor, f"SELECT COUNT(*) FROM {table}").fetchone()[0] == 0, table
    assert client.get(f"/api/people/{ann.handle}").status_code == 404
