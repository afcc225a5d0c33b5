"""Invitations, on both databases: a person seated at a table still filling invites a profile they follow;
the invitee is notified on their devices, in their language, and finds it in their invitations, to accept
(a seat with their profile) or decline. Refused clearly: spam (per hour, per invitee, waiting, twice to
one table), unknown or malformed handles, someone who does not follow back… who blocked you, a table you
do not sit at, a finished or full one. A finished table's rematch invites its people with a profile."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from fastapi.testclient import TestClient
from push_receiver import PushReceiver
from social_world import follow, invitations, invite, person, refused, table_of
from test_web_server import auth, play_out

from highroller.web.http.catalog import web_words
from highroller.web.people.invitations import MOST_WAITING, PER_HOUR, PER_INVITEE_HOUR


@pytest.fixture
def push_client(make_client: Callable[..., TestClient], receiver: PushReceiver) -> TestClient:
    return make_client(push_hosts=receiver.url)


def test_an_invitation_is_notified_listed_and_accepted(push_client: TestClient, receiver: PushReceiver) -> None:
    client = push_client
    ann, bob = person(client, "Ann"), person(client, "Bob")
    assert client.patch("/api/me", json={"languages": ["fr"]}, headers=bob.headers).status_code == 200
    assert (
        client.post("/api/me/push", json=receiver.device("bob").subscription(), headers=bob.headers).status_code == 200
    )
    table = table_of(client, ann)
    follow(client, ann, bob)
    sent = invite(client, ann, table, bob)
    assert sent.status_code == 201 and sent.json() == {"table": table, "handle": bob.handle}
    [listed] = invitations(client, bob)
    assert (listed["table"], listed["inviter"], listed["game"]) == (table, "Ann", "lasvegas")
    assert listed["expires"] - listed["at"] == 86400
    [pushed] = receiver.wait_for("bob", 1)
    w = web_words("fr")
    assert pushed["body"] == w("{name} invites you to table {table}.", name="Ann", table=table)
    assert pushed["body"] != "Ann invites you to table " + table + "."  # in Bob's language
    assert pushed["url"].endswith("/games")
    refused(client.post(f"/api/me/invitations/{listed['id']}/accept", headers=ann.headers), 404, "no-invitation")
    accepted = client.post(f"/api/me/invitations/{listed['id']}/accept", headers=bob.headers)
    assert accepted.status_code == 200, accepted.text
    seat = accepted.json()
    assert seat["table"] == table and seat["seat"] == 1
    mine = client.get(f"/api/me/tables/{table}", headers=bob.headers).json()
    assert mine == [{"seat": 1, "token": seat["token"]}]
    assert invitations(client, bob) == []
    refused(client.post(f"/api/me/invitations/{listed['id']}/accept", headers=bob.headers), 409, "invitation-over")


def test_declining_and_expiry_when_the_table_fills(client: TestClient) -> None:
    ann, bob, cid = person(client, "Ann"), person(client, "Bob"), person(client, "Cid")
    table = table_of(client, ann)
    follow(client, ann, bob)
    follow(client, ann, cid)
    invite(client, ann, table, bob)
    invite(client, ann, table, cid)
    [for_bob] = invitations(client, bob)
    assert client.post(f"/api/me/invitations/{for_bob['id']}/decline", headers=bob.headers).json() == {"declined": True}
    assert invitations(client, bob) == []
    refused(invite(client, ann, table, bob), 409, "already-invited")  # once per table, declined or not
    client.post(f"/api/tables/{table}/join", json={"name": "Dee"})
    client.post(f"/api/tables/{table}/join", json={"name": "Eve"})  # the table is full: started
    assert invitations(client, cid) == []
    refused(invite(client, ann, table, cid), 409, "full")
    refused(client.post("/api/me/invitations/nope/accept", headers=cid.headers), 404, "no-invitation")


def test_invitation_spam_is_refused(client: TestClient) -> None:
    ann, bob = person(client, "Ann"), person(client, "Bob")
    follow(client, ann, bob)
    tables = [table_of(client, ann) for _ in range(PER_INVITEE_HOUR + 1)]
    for table in tables[:PER_INVITEE_HOUR]:
        assert invite(client, ann, table, bob).status_code == 201
    refused(invite(client, ann, tables[0], bob), 409, "already-invited")
    often = invite(client, ann, tables[-1], bob)
    refused(often, 429, "inviting-too-often")
    assert int(often.headers["Retry-After"]) > 0
    friends = [person(client, f"Friend {n}") for n in range(PER_HOUR - PER_INVITEE_HOUR + 1)]
    for friend in friends:
        follow(client, ann, friend)
    table = table_of(client, ann)
    for friend in friends[:-1]:
        assert invite(client, ann, table, friend).status_code == 201, friend
    refused(invite(client, ann, table, friends[-1]), 429, "inviting-too-fast")


def test_an_invitee_has_a_bounded_number_waiting(client: TestClient) -> None:
    bob = person(client, "Bob")
    inviters = [person(client, f"Host {n}") for n in range(MOST_WAITING + 1)]
    for inviter in inviters:
        follow(client, inviter, bob)
        assert invite(client, inviter, table_of(client, inviter), bob).status_code in (201, 429)
    assert len(invitations(client, bob)) == MOST_WAITING
    last = invite(client, inviters[0], table_of(client, inviters[0]), bob)
    refused(last, 429, "invitations-waiting")


def test_inviting_who_you_may_not_is_refused(client: TestClient) -> None:
    ann, bob, cid = person(client, "Ann"), person(client, "Bob"), person(client, "Cid")
    table = table_of(client, ann)
    refused(invite(client, ann, table, bob), 403, "not-followed")
    for handle in ("A" * 22, "short", "../x"):
        assert invite(client, ann, table, handle).status_code == 404
    assert invite(client, ann, table, "x" * 23).status_code == 422
    refused(invite(client, ann, table, ann), 422, "self")
    follow(client, ann, bob)
    assert client.put(f"/api/me/blocks/{ann.handle}", headers=bob.headers).status_code == 200  # Bob blocks Ann
    refused(invite(client, ann, table, bob), 403, "not-followed")  # her follow is gone; the block unsaid
    refused(follow(client, ann, bob), 403, "blocked")
    follow(client, cid, bob)
    refused(invite(client, cid, table, bob), 403, "not-seated")  # Cid does not sit at Ann's table
    refused(invite(client, cid, "nope", bob), 404, "no-table")
    refused(client.post("/api/me/invitations", json={"table": table, "handle": bob.handle}), 401, "no-profile")
    bots = table_of(client, cid, seats=2, bots=[None, "easy"])  # started at once: no free seat
    refused(invite(client, cid, bots, bob), 409, "full")


def test_a_blocked_profile_is_not_invited_to_its_blockers_table(client: TestClient) -> None:
    ann, bob, cid = person(client, "Ann"), person(client, "Bob"), person(client, "Cid")
    table = table_of(client, ann)
    assert client.post(f"/api/tables/{table}/join", json={"name": "Cid"}, headers=cid.headers).status_code == 200
    assert client.put(f"/api/me/blocks/{bob.handle}", headers=ann.headers).status_code == 200
    follow(client, cid, bob)
    refused(invite(client, cid, table, bob), 403, "blocked")  # Ann made the table and blocked Bob


def test_a_finished_tables_rematch_invites_its_people(client: TestClient) -> None:
    ann, bob, cid = person(client, "Ann"), person(client, "Bob"), person(client, "Cid")
    table = table_of(client, ann)
    tokens = {}
    for who in (bob, cid):
        joined = client.post(f"/api/tables/{table}/join", json={"name": who.name}, headers=who.headers).json()
        tokens[joined["seat"]] = joined["token"]
    tokens[0] = client.get(f"/api/me/tables/{table}", headers=ann.headers).json()[0]["token"]
    assert client.put(f"/api/me/blocks/{bob.handle}", headers=cid.headers).status_code == 200
    play_out(client, table, tokens)
    follow(client, bob, ann)
    refused(invite(client, bob, table, ann), 409, "game-over")
    rematch = client.post(f"/api/tables/{table}/rematch", headers=auth(tokens[1])).json()  # Bob asks
    [for_ann] = invitations(client, ann)
    assert (for_ann["table"], for_ann["inviter"]) == (rematch["id"], "Bob")
    assert invitations(client, cid) == []  # Cid blocked Bob, who asked
    assert invitations(client, bob) == []
    again = client.post(f"/api/tables/{table}/rematch", headers=auth(tokens[0])).json()
    assert again["id"] == rematch["id"] and len(invitations(client, ann)) == 1
    seat = client.post(f"/api/me/invitations/{for_ann['id']}/accept", headers=ann.headers)
    assert seat.status_code == 200 and seat.json()["table"] == rematch["id"]
    # the rematch's maker is Bob, whom Cid blocked: Cid keeps her seats elsewhere, Bob's blocks count here
    assert client.put(f"/api/me/blocks/{cid.handle}", headers=bob.headers).status_code == 200
    refused(client.post(f"/api/tables/{rematch['id']}/join", json={"name": "Cid"}, headers=cid.headers), 403, "blocked")


def test_blocking_removes_pending_invitations(client: TestClient) -> None:
    ann, bob = person(client, "Ann"), person(client, "Bob")
    follow(client, ann, bob)
    invite(client, ann, table_of(client, ann), bob)
    assert len(invitations(client, bob)) == 1
    client.put(f"/api/me/blocks/{ann.handle}", headers=bob.headers)
    assert invitations(client, bob) == []
