"""The server's guarantees over HTTP and the WebSocket, on SQLite and on PostgreSQL: seat tokens,
stale, illegal and out-of-turn actions refused with nothing changed, malformed and huge input
answered, bots moving on their own, records only after the end, rematches, and a restart that
resumes every table exactly."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient

import highroller as hr
from highroller.core.botspec import level_bot
from highroller.web.store.dialects import default_database, open_store


def new_table(
    client: TestClient,
    game: str = "lasvegas",
    options: dict[str, Any] | None = None,
    bots: list[str | None] | None = None,
) -> dict[str, Any]:
    body = {
        "game": game,
        "options": options if options is not None else {"players": 2, "rounds": 1, "dice_per_player": 3},
        "bots": bots or [None, None],
    }
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    return response.json()


def sit(client: TestClient, table: str, name: str) -> tuple[int, str]:
    response = client.post(f"/api/tables/{table}/join", json={"name": name})
    assert response.status_code == 200, response.text
    return response.json()["seat"], response.json()["token"]


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def look(client: TestClient, table: str, token: str | None = None, after: int | None = None) -> dict[str, Any]:
    params = {"after": after} if after is not None else {}
    response = client.get(f"/api/tables/{table}", headers=auth(token) if token else {}, params=params)
    assert response.status_code == 200, response.text
    return response.json()


def act(client: TestClient, table: str, token: str, version: int, action: Any) -> Any:
    return client.post(f"/api/tables/{table}/actions", json={"version": version, "action": action}, headers=auth(token))


@pytest.fixture
def two_seats(client: TestClient) -> tuple[str, dict[int, str]]:
    table = new_table(client)["id"]
    seats = dict(sit(client, table, name) for name in ("Ann", "Bob"))
    return table, seats


def play_out(client: TestClient, table: str, seats: dict[int, str], limit: int = 2000) -> dict[str, Any]:
    """Play the first legal action for whichever person is on move, until the game ends."""
    any_token = next(iter(seats.values()))
    for _ in range(limit):
        state = look(client, table, any_token)
        if state["finished"]:
            return state
        mover = state["current_player"]
        if mover in seats:
            mine = look(client, table, seats[mover])
            response = act(client, table, seats[mover], mine["version"], mine["legal"][0]["action"])
            assert response.status_code == 200, response.text
        else:
            look(client, table, any_token, after=state["version"])
    raise AssertionError("the game did not end")


def test_lobby_lists_games_with_option_limits(client: TestClient) -> None:
    games = {g["name"]: g for g in client.get("/api/games").json()}
    assert set(games) == set(hr.available_games())
    players = next(o for o in games["lasvegas"]["options"] if o["name"] == "players")
    assert (players["minimum"], players["maximum"]) == (2, 6)
    assert "greedy" in games["lasvegas"]["bots"]
    for name, game in games.items():
        spec = hr.game_spec(name)
        assert game["levels"] == {level: level_bot(spec, level) for level in spec.levels} and list(game["levels"]) == [
            "easy",
            "medium",
            "hard",
        ]
    assert games["lasvegas"]["levels"]["hard"] == "expert", "the bot the level plays here, of its choices"


def test_each_games_view_schema_is_served_and_the_tables_keep_to_it(client: TestClient) -> None:
    from jsonschema import Draft202012Validator

    for name in hr.available_games():
        schema = client.get(f"/api/games/{name}/view-schema").json()
        assert schema["properties"]["game"] == {"const": name, "title": "Game", "type": "string"}
        table = new_table(client, name, {"players": 2}, [None, "easy"])
        Draft202012Validator(schema).validate(client.get(f"/api/tables/{table['id']}").json()["view"])
    refused = client.get("/api/games/nope/view-schema")
    assert refused.status_code == 404 and refused.json()["code"] == "no-game" and "games: " in refused.json()["error"]
    assert client.get("/api/games/..%2Fsecrets/view-schema").status_code == 404


def test_a_difficulty_level_takes_a_seat_and_plays(client: TestClient) -> None:
    table = new_table(client, "luckiest", {"players": 2, "rounds": 1}, [None, "hard"])
    assert table["seats"][1]["bot"] == "hard"
    seat, token = sit(client, table["id"], "Ann")
    final = play_out(client, table["id"], {seat: token})
    record = client.get(f"/api/tables/{table['id']}/record").json()
    assert hr.replay(record).returns() == final["result"]["returns"]


def test_table_refuses_bad_options_seats_and_games(client: TestClient) -> None:
    bad = [
        ({"game": "poker", "options": {}, "bots": [None]}, 404),
        ({"game": "lasvegas", "options": {"players": 9}, "bots": [None] * 9}, 422),
        ({"game": "lasvegas", "options": {"players": "2"}, "bots": [None, None]}, 422),
        ({"game": "lasvegas", "options": {"colour": "red"}, "bots": [None] * 4}, 422),
        ({"game": "lasvegas", "options": {"bills": "/etc/passwd"}, "bots": [None] * 4}, 422),
        ({"game": "lasvegas", "options": {"players": 2}, "bots": [None]}, 422),
        ({"game": "lasvegas", "options": {"players": 2}, "bots": [None, "genius"]}, 422),
        ({"game": "lasvegas", "options": {"players": 2}, "bots": [None, "mcts:iterations=100000"]}, 422),
        ({"game": "lasvegas", "options": {"players": 2}, "bots": [None, "os.path:join"]}, 422),
        ({"game": "lasvegas", "options": {"players": 2}, "bots": [None, None], "extra": 1}, 422),
        ({"game": "lasvegas", "options": {"edition": "classic", "players": 6}, "bots": [None] * 6}, 422),
    ]
    for body, status in bad:
        response = client.post("/api/tables", json=body)
        assert response.status_code == status, (body, response.text)
        assert response.json()["error"]
    assert client.get("/api/tables").json() == []


def test_tokens_are_secret_hashed_and_checked(
    client: TestClient, database: str, two_seats: tuple[str, dict[int, str]]
) -> None:
    table, seats = two_seats
    row = open_store(database).load_table(table)
    assert row is not None
    for seat, token in seats.items():
        assert len(token) >= 40
        assert row.seats[seat].token_hash == hashlib.sha256(token.encode()).hexdigest() != token
    state = look(client, table, seats[0])
    mover = state["current_player"]
    action = look(client, table, seats[mover])["legal"][0]["action"]
    for headers in ({"Authorization": "Bearer not-a-token"}, {"Authorization": "Basic abc"}, {}):
        response = client.post(
            f"/api/tables/{table}/actions", json={"version": state["version"], "action": action}, headers=headers
        )
        assert response.status_code in (401, 403), response.text
    other_table = new_table(client)["id"]
    assert client.get(f"/api/tables/{other_table}", headers=auth(seats[0])).status_code == 403
    assert look(client, table)["version"] == state["version"]


def test_stale_illegal_and_out_of_turn_actions_change_nothing(
    client: TestClient, two_seats: tuple[str, dict[int, str]]
) -> None:
    table, seats = two_seats
    state = look(client, table, seats[0])
    mover = state["current_player"]
    waiter = 1 - mover
    mine = look(client, table, seats[mover])
    action = mine["legal"][0]["action"]
    before = look(client, table)
    refusals = [
        (seats[mover], mine["version"] - 1, action, 409, "stale"),
        (seats[mover], mine["version"] + 1, action, 409, "stale"),
        (seats[waiter], mine["version"], action, 409, "not-your-turn"),
        (seats[mover], mine["version"], {"place": 7}, 422, "illegal"),
        (seats[mover], mine["version"], {"place": "x"}, 422, "illegal"),
        (seats[mover], mine["version"], [1, 2, 3], 422, "illegal"),
        (seats[mover], mine["version"], None, 422, "illegal"),
    ]
    illegal_faces = [{"place": f} for f in range(1, 7) if {"place": f} not in [a["action"] for a in mine["legal"]]]
    refusals += [(seats[mover], mine["version"], a, 422, "illegal") for a in illegal_faces]
    for token, version, sent, status, code in refusals:
        response = act(client, table, token, version, sent)
        assert response.status_code == status, (sent, response.text)
        assert response.json()["code"] == code
        assert response.json()["error"]
    assert look(client, table) == before
    accepted = act(client, table, seats[mover], mine["version"], action)
    assert accepted.status_code == 200
    assert accepted.json()["version"] > mine["version"]
    assert act(client, table, seats[mover], mine["version"], action).json()["code"] in ("stale", "not-your-turn")


def test_malformed_and_huge_http_bodies_are_answered(client: TestClient, two_seats: tuple[str, dict[int, str]]) -> None:
    table, seats = two_seats
    before = look(client, table)
    url = f"/api/tables/{table}/actions"
    cases = [
        b"{not json",
        b"[]",
        json.dumps({"version": "3", "action": {"place": 1}}).encode(),
        json.dumps({"version": 3}).encode(),
        json.dumps({"version": 3, "action": 1, "unknown": True}).encode(),
    ]
    for body in cases:
        response = client.post(url, content=body, headers={**auth(seats[0]), "Content-Type": "application/json"})
        assert response.status_code == 422, (body, response.text)
        assert response.json()["code"] == "malformed"
    huge = json.dumps({"version": 1, "action": "x" * 1_000_000}).encode()
    response = client.post(url, content=huge, headers={**auth(seats[0]), "Content-Type": "application/json"})
    assert response.status_code == 413
    assert client.post(f"/api/tables/{table}/join", json={"name": "x" * 41}).status_code == 422
    assert client.post(f"/api/tables/{table}/join", json={"name": "\x00"}).status_code == 422
    assert look(client, table) == before


def test_websocket_survives_bad_messages_and_plays(client: TestClient, two_seats: tuple[str, dict[int, str]]) -> None:
    table, seats = two_seats
    mover = look(client, table, seats[0])["current_player"]
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        ws.send_text(json.dumps({"type": "action", "version": 0, "action": 1}))
        assert ws.receive_json()["code"] == "hello-first"
        ws.send_text(json.dumps({"type": "hello", "token": "wrong"}))
        assert ws.receive_json()["code"] == "bad-token"
        ws.send_text(json.dumps({"type": "hello", "token": seats[mover]}))
        state = ws.receive_json()
        assert state["type"] == "state" and state["seat"] == mover and state["legal"]
        for bad in (
            "{oops",
            "[]",
            '"text"',
            json.dumps({"type": "action", "version": "1", "action": 1}),
            json.dumps({"type": "ping", "extra": 1}),
            json.dumps({"type": "dance"}),
            "x" * 100_000,
        ):
            ws.send_text(bad)
            reply = ws.receive_json()
            assert reply["type"] == "error" and reply["code"] in ("malformed", "too-large"), (bad[:30], reply)
        ws.send_bytes(b"\x00\x01")
        assert ws.receive_json()["code"] == "malformed"
        ws.send_text(
            json.dumps({"type": "action", "version": state["version"] - 1, "action": state["legal"][0]["action"]})
        )
        assert ws.receive_json()["code"] == "stale"
        ws.send_text(json.dumps({"type": "ping"}))
        assert ws.receive_json() == {"type": "pong"}
        ws.send_text(json.dumps({"type": "action", "version": state["version"], "action": state["legal"][0]["action"]}))
        after = ws.receive_json()
        assert after["type"] == "state" and after["version"] > state["version"]
        assert after["log_from"] == len(state["log"]) and after["log"]


def test_spectators_see_the_public_view_and_cannot_act(
    client: TestClient, two_seats: tuple[str, dict[int, str]]
) -> None:
    table, _ = two_seats
    state = look(client, table)
    assert state["seat"] is None and state["legal"] == [] and state["view"]["seat"] is None
    assert client.post(f"/api/tables/{table}/join", json={"name": "Cat"}).json()["code"] == "full"
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        ws.send_text(json.dumps({"type": "hello"}))
        assert ws.receive_json()["seat"] is None
        ws.send_text(json.dumps({"type": "action", "version": state["version"], "action": {"place": 1}}))
        assert ws.receive_json()["code"] == "spectator"


def test_no_action_before_every_seat_is_taken(client: TestClient) -> None:
    table = new_table(client)["id"]
    _, token = sit(client, table, "Ann")
    state = look(client, table, token)
    assert not state["started"] and state["legal"] == [] and state["open_seats"] == [1]
    assert [t["id"] for t in client.get("/api/tables").json()] == [table]
    response = act(client, table, token, state["version"], {"place": 1})
    assert response.json()["code"] == "not-started"


@pytest.mark.parametrize(
    ("game", "options", "bots"),
    [
        ("lasvegas", {"players": 3, "rounds": 1, "dice_per_player": 4}, [None, "greedy", "random"]),
        ("lastchance", {"players": 3, "cards": 1, "money": 500}, [None, "odds", "random"]),
        ("luckiest", {"players": 2, "rounds": 1}, [None, "optimal"]),
    ],
)
def test_whole_game_with_bots_then_record_replay_and_rematch(
    client: TestClient, game: str, options: dict[str, Any], bots: list[str | None]
) -> None:
    table = new_table(client, game, options, bots)["id"]
    seat, token = sit(client, table, "Ann")
    assert client.get(f"/api/tables/{table}/record").json()["code"] == "not-finished"
    assert client.get(f"/api/tables/{table}/replay").json()["code"] == "not-finished"
    final = play_out(client, table, {seat: token})
    assert final["result"]["winners"] and len(final["result"]["returns"]) == len(bots)
    record = client.get(f"/api/tables/{table}/record").json()
    replayed = hr.replay(record)
    assert replayed.is_terminal() and replayed.returns() == final["result"]["returns"]
    assert replayed.view(seat) == final["view"]
    frames = client.get(f"/api/tables/{table}/replay").json()["frames"]
    assert len(frames) == len(record["steps"]) + 1 and frames[-1]["view"] == replayed.view(None)
    assert frames[-1]["log_end"] == len(final["log"])
    assert client.post(f"/api/tables/{table}/rematch").status_code == 403
    rematch = client.post(f"/api/tables/{table}/rematch", headers=auth(token)).json()
    assert rematch["game"] == game and rematch["open_seats"] == [0] and [s["bot"] for s in rematch["seats"]] == bots
    assert client.post(f"/api/tables/{table}/rematch", headers=auth(token)).json()["id"] == rematch["id"]
    assert look(client, table)["rematch"] == rematch["id"]


def test_a_new_server_on_the_same_database_resumes_every_table(make_client: Callable[[], TestClient]) -> None:
    first = make_client()
    tables = []
    for moves in (0, 1, 3):
        table = new_table(first)["id"]
        seats = dict(sit(first, table, name) for name in ("Ann", "Bob"))
        for _ in range(moves):
            state = look(first, table, seats[0])
            mine = look(first, table, seats[state["current_player"]])
            assert (
                act(
                    first, table, seats[state["current_player"]], mine["version"], mine["legal"][-1]["action"]
                ).status_code
                == 200
            )
        tables.append((table, seats, {seat: look(first, table, token) for seat, token in seats.items()}))
    second = make_client()
    for table, seats, before in tables:
        for seat, token in seats.items():
            assert look(second, table, token) == before[seat]
        play_out(second, table, seats)


def test_idle_tables_leave_memory_past_its_bound_and_come_back_unchanged(
    make_client: Callable[..., TestClient],
) -> None:
    roomy, tight = make_client(table_memory=10**9), make_client(table_memory=1)
    for client, held in ((roomy, 4), (tight, 1)):
        made = [new_table(client)["id"] for _ in range(4)]
        before = {table: look(client, table) for table in made}
        assert client.app.state.tables.held == held  # type: ignore[attr-defined]
        for table in made:
            assert look(client, table) == before[table]


def test_openapi_describes_the_api(client: TestClient) -> None:
    spec = client.get("/openapi.json").json()
    paths = spec["paths"]
    assert {
        "/api/games",
        "/api/tables",
        "/api/tables/{table_id}/actions",
        "/api/tables/{table_id}/join",
        "/api/tables/{table_id}/back",
        "/api/tables/{table_id}/leave",
    } <= set(paths)
    refusal = paths["/api/tables/{table_id}/actions"]["post"]["responses"]["422"]["content"]["application/json"][
        "schema"
    ]["$ref"]
    assert refusal.endswith("/Refusal") and set(spec["components"]["schemas"]["Refusal"]["properties"]) == {
        "error",
        "code",
    }
    assert "HTTPValidationError" not in json.dumps(spec)  # refusals are documented as they are sent


def test_the_default_database_is_created_in_the_data_directory(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    where = default_database()
    assert where.is_relative_to(tmp_path / "data") and not where.exists()
    open_store(where).close()
    assert where.exists()


def test_a_failed_write_refuses_the_action_and_changes_nothing(
    client: TestClient, two_seats: tuple[str, dict[int, str]], monkeypatch: pytest.MonkeyPatch
) -> None:
    table, seats = two_seats
    store = client.app.state.tables.store  # type: ignore[attr-defined]
    mover = look(client, table, seats[0])["current_player"]
    mine = look(client, table, seats[mover])
    before = look(client, table)

    def broken(*args: Any) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(store, "commit_steps", broken)
    response = act(client, table, seats[mover], mine["version"], mine["legal"][0]["action"])
    assert response.status_code == 503 and response.json()["code"] == "not-saved"
    assert "disk" not in response.json()["error"]  # the database's own words stay in the server's log
    assert look(client, table) == before
    monkeypatch.undo()
    assert act(client, table, seats[mover], mine["version"], mine["legal"][0]["action"]).status_code == 200


def test_each_game_board_comes_from_its_folder_and_nothing_else_is_read(client: TestClient) -> None:
    for name in hr.available_games():
        board = client.get(f"/boards/{name}.js")
        assert board.status_code == 200 and board.headers["content-type"].startswith("text/javascript")
        assert "export function render" in board.text
        styles = client.get(f"/boards/{name}.css")
        assert styles.status_code == 200 and styles.headers["content-type"].startswith("text/css")
        assert f".{name} " in styles.text  # a game's styles are scoped to its board
    for path in (
        "/boards/poker.css",
        "/boards/..%2Fstyle.css",
        "/boards/poker.js",
        "/boards/..%2Fspec.js",
        "/boards/lasvegas%2F..%2F..%2Fweb%2Fapp.js",
        "/boards/.js",
    ):
        response = client.get(path)
        assert response.status_code == 404 and response.json()["code"] in ("no-board", "not-found"), path


def test_a_body_nested_too_deep_is_malformed(client: TestClient) -> None:
    for body in (
        "[" * 8000 + "]" * 8000,
        '{"game": "lasvegas", "bots": [null], "options": ' + '{"a":' * 2500 + "1" + "}" * 2500 + "}",
    ):
        response = client.post("/api/tables", content=body, headers={"content-type": "application/json"})
        assert response.status_code == 422 and response.json()["code"] == "malformed", response.text
