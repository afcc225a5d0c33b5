"""Limits on every kind of request, on SQLite and PostgreSQL: a network (IPv4 /24, IPv6 /48) has the
quotas of a few addresses, not of every address it holds; tables nobody started hold no place among
the games with bots; taking a seat and leaving it again still counts as taking one; every HTTP request
and WebSocket message counts against its address's, network's and seat token's rates (429 `too-fast`
with Retry-After); waiting long polls count with the WebSockets; and the small refusals (a spectator
coming back, a hot seat with a name, seats numbered as on the page)."""

from __future__ import annotations

import contextlib
import itertools
import json
from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from test_web_quotas import LAS_VEGAS, create, join, proxied, refused

from highroller.registry import available_games, game_spec
from highroller.web.api import table_socket


def leave(client: TestClient, table: str, token: str) -> Any:
    return client.post(f"/api/tables/{table}/leave", headers={"Authorization": f"Bearer {token}"})


def test_taking_a_seat_and_leaving_it_again_still_counts(make_client: Callable[..., TestClient]) -> None:
    client = proxied(make_client, joins_per_minute=3)
    table = create(client, "198.51.100.9").json()["id"]
    for _ in range(3):
        seated = join(client, table, "Ann", "198.51.100.1")
        assert seated.status_code == 200, seated.text
        assert leave(client, table, seated.json()["token"]).status_code == 200
    assert "took 3 seats in the last minute (at most 3)" in refused(
        join(client, table, "Ann", "198.51.100.1"), "rate-limited"
    )
    assert join(client, table, "Bob", "198.51.100.2").status_code == 200


def test_a_network_has_the_quotas_of_a_few_addresses(make_client: Callable[..., TestClient]) -> None:
    client = proxied(make_client, creates_per_minute=2, addresses_per_network=2)
    for subnet in range(2):  # two /64s of one /48: two addresses' worth
        for host in (1, 2):
            assert create(client, f"2001:db8:7:{subnet}::{host}").status_code == 201
    refused(create(client, "2001:db8:7:0::3"), "rate-limited")  # the address's own quota
    assert "your network created 4 tables" in refused(create(client, "2001:db8:7:9::1"), "rate-limited")
    assert create(client, "2001:db8:8::1").status_code == 201  # another /48
    for host in (1, 2):  # the same for an IPv4 /24
        for _ in range(2):
            assert create(client, f"192.0.2.{host}").status_code == 201
    assert "your network created 4 tables" in refused(create(client, "192.0.2.3"), "rate-limited")
    assert create(client, "192.0.3.1").status_code == 201


def test_one_network_cannot_take_every_bot_table(make_client: Callable[..., TestClient]) -> None:
    """The hostile run: ten /64s of one /48 created 96 unstarted bot tables in 0.4 s, and nobody else
    got a table with bots for an hour. With the default quotas one network gets 16 at most, and
    tables nobody started hold no place among the games with bots."""
    client = proxied(
        make_client, bot_tables_per_address=4, addresses_per_network=4, max_bot_tables=20, tables_per_address=20
    )
    made = 0
    for subnet in range(10):
        for _ in range(10):
            if create(client, f"2001:db8:66:{subnet}::1", bots=[None, "easy"]).status_code == 201:
                made += 1
    assert made == 16
    assert "unfinished tables with bots" in refused(
        create(client, "2001:db8:66:a::1", bots=[None, "easy"]), "too-many-bot-tables"
    )
    for person in range(5):  # none of them started: everyone else still gets games with bots
        assert create(client, f"203.0.113.{person}", bots=[None, "easy"], name="Ann").status_code == 201


def test_tables_nobody_started_hold_no_place_among_the_games_with_bots(make_client: Callable[..., TestClient]) -> None:
    client = proxied(make_client, max_bot_tables=1)
    waiting = create(client, "192.0.2.1", bots=[None, "easy"]).json()["id"]  # nobody sat down: not started
    assert (
        create(client, "192.0.2.2", bots=[None, "easy"], name="Bob").status_code == 201
    )  # starts at once: the one place
    assert "play without bots" in refused(create(client, "192.0.2.3", bots=[None, "easy"], name="Cy"), "bots-full")
    assert "play without bots" in refused(
        join(client, waiting, "Dee", "192.0.2.4"), "bots-full"
    )  # the seat that would start it
    assert create(client, "192.0.2.3", name="Cy").status_code == 201  # a table without bots


def test_requests_over_an_address_rate_are_refused_with_retry_after(make_client: Callable[..., TestClient]) -> None:
    client = proxied(
        make_client, requests_per_second=0.4
    )  # a burst of 2, then a request every 2.5 s: a busy machine's pauses refill none
    answers = [client.get("/api/tables", headers={"X-Forwarded-For": "192.0.2.1"}) for _ in range(4)]
    assert [answer.status_code for answer in answers[:2]] == [200] * 2
    assert answers[-1].status_code == 429 and answers[-1].json()["code"] == "too-fast"
    assert int(answers[-1].headers["Retry-After"]) >= 1 and answers[-1].headers["X-Frame-Options"] == "DENY"
    assert client.get("/", headers={"X-Forwarded-For": "192.0.2.1"}).status_code == 429  # pages count too
    assert client.get("/api/tables", headers={"X-Forwarded-For": "192.0.2.2"}).status_code == 200


def test_a_seat_tokens_requests_are_limited_from_any_address(make_client: Callable[..., TestClient]) -> None:
    client = proxied(make_client, token_requests_per_second=1)  # a burst of 5
    table = create(client, name="Ann").json()
    token = {"Authorization": f"Bearer {table['token']}"}
    codes = [
        client.get(f"/api/tables/{table['id']}", headers={**token, "X-Forwarded-For": f"192.0.2.{n}"}).status_code
        for n in range(7)
    ]
    assert codes[:5] == [200] * 5 and codes[-1] == 429
    assert (
        client.get(f"/api/tables/{table['id']}", headers={"X-Forwarded-For": "192.0.2.9"}).status_code == 200
    )  # watching needs no token


def test_websocket_messages_count_against_the_address(make_client: Callable[..., TestClient]) -> None:
    client = make_client(requests_per_second=1)  # a burst of 5, shared by the address's requests and messages
    table = create(client).json()["id"]
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        ws.send_text(json.dumps({"type": "hello"}))
        assert ws.receive_json()["type"] == "state"
        for _ in range(10):
            ws.send_text(json.dumps({"type": "ping"}))
        replies = [ws.receive_json()]
        while replies[-1].get("code") != "too-fast":
            replies.append(ws.receive_json())
        assert len(replies) <= 5


def test_waiting_long_polls_are_capped_with_the_sockets(make_client: Callable[..., TestClient]) -> None:
    client = make_client(sockets_per_address=1)
    table = create(client).json()["id"]
    version = client.get(f"/api/tables/{table}").json()["version"]
    with client.websocket_connect(f"/ws/tables/{table}") as ws:  # the address's one connection
        ws.send_text(json.dumps({"type": "hello"}))
        assert ws.receive_json()["type"] == "state"
        response = client.get(f"/api/tables/{table}", params={"after": version})
        assert response.status_code == 429 and response.json()["code"] == "too-many-connections"
        assert response.headers["Retry-After"] == "5"
        assert client.get(f"/api/tables/{table}").status_code == 200  # a plain read holds no connection
    assert client.get(f"/api/tables/{table}", params={"after": version + 1}).status_code == 200


def test_numbers_a_client_sends_are_bounded(client: TestClient) -> None:
    table = create(client, name="Ann").json()
    token = {"Authorization": f"Bearer {table['token']}"}
    for params in ({"after": 10**12}, {"log_from": 10**12}, {"after": -1}):
        response = client.get(f"/api/tables/{table['id']}", params=params)
        assert response.status_code == 422 and response.json()["code"] == "malformed", params
    for seat in (-1, 12, 10**30):
        response = client.post(f"/api/tables/{table['id']}/join", json={"name": "Bob", "seat": seat})
        assert response.status_code == 422 and response.json()["code"] == "malformed", seat
    response = client.post(
        f"/api/tables/{table['id']}/actions", json={"version": 10**40, "action": {"place": 1}}, headers=token
    )
    assert response.status_code == 422 and response.json()["code"] == "malformed"


def test_refusals_number_seats_as_the_page_does(client: TestClient) -> None:
    body = {"game": "lasvegas", "options": {**LAS_VEGAS, "players": 3}, "bots": [None, None, None], "name": "Ann"}
    table = client.post("/api/tables", json=body).json()
    token = {"Authorization": f"Bearer {table['token']}"}
    version = client.get(f"/api/tables/{table['id']}").json()["version"]
    response = client.post(
        f"/api/tables/{table['id']}/actions", json={"version": version, "action": {"place": 1}}, headers=token
    )
    assert response.json()["code"] == "not-started" and "(open: 2, 3)" in response.json()["error"]
    response = client.post(f"/api/tables/{table['id']}/join", json={"name": "Bob", "seat": 0})
    assert (
        response.json()["code"] == "seat-taken" and response.json()["error"] == "seat 1 is not free; free seats: 2, 3"
    )


def test_a_spectator_cannot_come_back_and_a_hot_seat_takes_no_name(client: TestClient) -> None:
    table = create(client, name="Ann").json()
    response = client.post(f"/api/tables/{table['id']}/back")
    assert response.status_code == 403 and response.json()["code"] == "spectator"
    response = create(client, hot_seat=["Ann", "Bob"], name="Ann")
    assert (
        response.status_code == 422
        and response.json()["code"] == "bad-names"
        and "not both" in response.json()["error"]
    )


def test_every_number_option_of_every_game_is_bounded(client: TestClient) -> None:
    for game in available_games():
        for option in game_spec(game).options:
            assert option.kind != "int" or (option.minimum is not None and option.maximum is not None), (
                game,
                option.name,
            )
    body = {"game": "lastchance", "options": {"players": 2, "money": 10**30}, "bots": [None, None]}
    response = client.post("/api/tables", json=body)
    assert response.status_code == 422 and response.json()["error"] == "money is a whole number from 100 to 1,000,000"


def test_a_network_holds_a_few_addresses_worth_of_connections(make_client: Callable[..., TestClient]) -> None:
    client = proxied(make_client, sockets_per_address=2, addresses_per_network=2)
    table = create(client).json()["id"]
    with contextlib.ExitStack() as held:
        for subnet in (1, 2):  # two /64s of one /48, two connections each
            for _ in range(2):
                held.enter_context(
                    client.websocket_connect(
                        f"/ws/tables/{table}", headers={"X-Forwarded-For": f"2001:db8:5:{subnet}::1"}
                    )
                )
        with client.websocket_connect(
            f"/ws/tables/{table}", headers={"X-Forwarded-For": "2001:db8:5:3::1"}
        ) as third_address:
            assert third_address.receive_json()["code"] == "too-many-connections"
        response = client.get(
            f"/api/tables/{table}", params={"after": 0}, headers={"X-Forwarded-For": "2001:db8:5:4::1"}
        )
        assert response.status_code == 429 and response.json()["code"] == "too-many-connections"
        with client.websocket_connect(f"/ws/tables/{table}", headers={"X-Forwarded-For": "2001:db8:6::1"}) as elsewhere:
            elsewhere.send_text(json.dumps({"type": "hello"}))
            assert elsewhere.receive_json()["type"] == "state"


def test_a_connection_that_never_says_hello_is_closed(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(table_socket, "HELLO_SECONDS", 0.3)
    table = create(client).json()["id"]
    with client.websocket_connect(f"/ws/tables/{table}") as silent:
        assert silent.receive_json()["code"] == "hello-first"
        with pytest.raises(WebSocketDisconnect) as closed:
            silent.receive_json()
        assert closed.value.code == table_socket.CLOSE_NO_HELLO


def test_a_replay_counts_as_ten_requests_and_is_worked_out_once(make_client: Callable[..., TestClient]) -> None:
    client = proxied(make_client, requests_per_second=2)  # a burst of 10: one replay
    table = create(client, "192.0.2.50", bots=["easy", "easy"]).json()["id"]
    state = client.get(f"/api/tables/{table}", headers={"X-Forwarded-For": "198.18.0.1"}).json()
    for watcher in itertools.count(2):  # a watcher from another network each time: the replay's askers keep their rates
        if state["finished"]:
            break
        state = client.get(
            f"/api/tables/{table}",
            params={"after": state["version"]},
            headers={"X-Forwarded-For": f"198.18.{watcher % 250}.1"},
        ).json()
    first = client.get(f"/api/tables/{table}/replay", headers={"X-Forwarded-For": "192.0.2.1"})
    assert first.status_code == 200 and len(first.json()["frames"]) == state["version"] + 1
    again = client.get(f"/api/tables/{table}/replay", headers={"X-Forwarded-For": "192.0.2.1"})
    assert again.status_code == 429 and again.json()["code"] == "too-fast"
    other = client.get(f"/api/tables/{table}/replay", headers={"X-Forwarded-For": "192.0.2.2"})
    assert other.content == first.content
