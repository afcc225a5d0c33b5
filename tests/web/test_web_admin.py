"""The host's bans and read-only mode as a server process enforces them (in process): a ban of an
address, a network or a profile refuses every request and WebSocket with a 403 saying until when, in
the asker's language; it runs out, and lifting it lets the asker back; the server's own machine is never
banned by address. In maintenance no table is made, but a game in progress plays to its end. A table
the host closes keeps its record; a profile the host renames is seen so by the web."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from click.testing import CliRunner, Result
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from highroller.cli.main import cli
from highroller.web.moderation.gate import POLICY_VIOLATION
from highroller.web.moderation.standing import Standing

SHORT = {"players": 2, "rounds": 1, "dice_per_player": 4}
BANNED, NEIGHBOUR, ELSEWHERE = "203.0.113.9", "203.0.113.77", "198.51.100.4"


@pytest.fixture(params=["sqlite"])
def database(request: pytest.FixtureRequest, tmp_path: object) -> str:
    return f"{tmp_path}/tables.sqlite3"


def admin(database: str, *args: str) -> Result:
    result = CliRunner().invoke(cli, ["admin", "--db", database, "--as", "host", *args])
    assert result.exit_code == 0, result.output
    return result


def heard(client: TestClient) -> None:
    """The server process reads what the host changed now (it does every second of its own accord)."""
    standing: Standing = client.app.state.services.standing  # type: ignore[attr-defined]
    assert client.portal is not None
    client.portal.call(standing.catch_up)


def _create(client: TestClient, **headers: str) -> object:
    return client.post(
        "/api/tables",
        json={"game": "lasvegas", "options": SHORT, "bots": [None, "easy"], "name": "Ann"},
        headers=headers,
    )


def test_an_address_ban_refuses_requests_and_sockets_until_lifted(
    make_client: Callable[..., TestClient], database: str
) -> None:
    banned, other = make_client(BANNED), make_client(ELSEWHERE)
    admin(database, "ban", "--address", BANNED, "--for", "2h")
    heard(banned)
    heard(other)
    refused = banned.get("/api/games", headers={"Accept-Language": "fr"})
    assert refused.status_code == 403 and refused.json()["code"] == "banned"
    assert "jusqu" in refused.json()["error"] and "UTC" in refused.json()["error"]
    assert "for good" not in banned.get("/api/games").json()["error"]
    with pytest.raises(WebSocketDisconnect) as closed, banned.websocket_connect("/ws/tables/nothing") as socket:
        socket.receive_json()
    assert closed.value.code == POLICY_VIOLATION
    assert other.get("/api/games").status_code == 200
    assert banned.get("/healthz").status_code == 200
    admin(database, "unban", "--address", BANNED)
    heard(banned)
    assert banned.get("/api/games").status_code == 200


def test_a_network_ban_refuses_the_whole_network_for_good(
    make_client: Callable[..., TestClient], database: str
) -> None:
    neighbour, other = make_client(NEIGHBOUR), make_client(ELSEWHERE)
    admin(database, "ban", "--network", "203.0.113.0/24")
    heard(neighbour)
    heard(other)
    refused = neighbour.get("/api/games", headers={"Accept-Language": "de"})
    assert refused.status_code == 403 and refused.json()["code"] == "banned"
    assert neighbour.get("/api/games").json()["error"].endswith("for good")
    assert other.get("/api/games").status_code == 200


def test_a_ban_runs_out(
    make_client: Callable[..., TestClient], database: str, move_clock: Callable[[float], None]
) -> None:
    banned = make_client(BANNED)
    admin(database, "ban", "--address", BANNED, "--for", "30m")
    heard(banned)
    assert banned.get("/api/games").status_code == 403
    move_clock(31 * 60)
    assert banned.get("/api/games").status_code == 200


def test_a_profile_ban_refuses_its_devices_but_not_the_address(
    make_client: Callable[..., TestClient], database: str
) -> None:
    client = make_client(ELSEWHERE)
    made = client.post("/api/profiles", json={"name": "Ann", "languages": ["en"]}).json()
    admin(database, "ban", "--profile", made["id"])
    heard(client)
    refused = client.get("/api/me", headers={"X-Profile": made["key"]})
    assert refused.status_code == 403 and refused.json()["code"] == "banned"
    assert client.get("/api/games").status_code == 200
    admin(database, "unban", "--profile", made["id"])
    heard(client)
    assert client.get("/api/me", headers={"X-Profile": made["key"]}).status_code == 200


def test_the_servers_own_machine_is_never_banned_by_address(
    make_client: Callable[..., TestClient], database: str
) -> None:
    local = make_client("127.0.0.1")
    admin(database, "ban", "--address", "::ffff:203.0.113.9")
    heard(local)
    assert local.get("/api/games").status_code == 200
    forwarded = local.get("/api/games", headers={"X-Forwarded-For": BANNED})
    assert forwarded.status_code == 403, "a forwarded request is somebody else's, counted as its address"


def test_maintenance_refuses_new_tables_while_games_in_play_finish(
    make_client: Callable[..., TestClient], database: str
) -> None:
    client = make_client(ELSEWHERE)
    made = _create(client).json()  # type: ignore[attr-defined]
    admin(database, "maintenance", "on", "--message", "back at 14:00")
    heard(client)
    refused = _create(client, **{"Accept-Language": "de"})
    assert refused.status_code == 503 and refused.json()["code"] == "maintenance"  # type: ignore[attr-defined]
    assert "14:00" in refused.json()["error"]  # type: ignore[attr-defined]
    headers = {"Authorization": f"Bearer {made['token']}"}
    state = client.get(f"/api/tables/{made['id']}", headers=headers).json()
    while not state["finished"]:
        if state["legal"]:
            action = state["legal"][0]["action"]
            state = client.post(
                f"/api/tables/{made['id']}/actions",
                json={"version": state["version"], "action": action},
                headers=headers,
            ).json()
        else:
            state = client.get(f"/api/tables/{made['id']}?after={state['version']}", headers=headers).json()
    assert "1 games" not in admin(database, "maintenance", "status").output
    admin(database, "maintenance", "off")
    heard(client)
    assert _create(client).status_code == 201  # type: ignore[attr-defined]


def test_a_closed_game_keeps_its_record_and_a_rename_is_seen(
    make_client: Callable[..., TestClient], database: str
) -> None:
    client = make_client(ELSEWHERE)
    profile = client.post("/api/profiles", json={"name": "Ann", "languages": ["en"]}).json()
    made = _create(client, **{"X-Profile": profile["key"]}).json()  # type: ignore[attr-defined]
    admin(database, "close", made["id"], "--reason", "abuse")
    heard(client)
    headers = {"Authorization": f"Bearer {made['token']}"}
    state = client.get(f"/api/tables/{made['id']}", headers=headers).json()
    while not state["finished"]:
        state = client.get(f"/api/tables/{made['id']}?after={state['version']}", headers=headers).json()
    record = client.get(f"/api/tables/{made['id']}/record").json()
    assert {"step": record["table"]["changes"][0]["step"], "seat": 0, "change": "closed"} in record["table"]["changes"]
    admin(database, "rename", profile["id"], "Annette")
    assert client.get("/api/me", headers={"X-Profile": profile["key"]}).json()["name"] == "Annette"
