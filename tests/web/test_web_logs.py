"""The server's log: one line per request (its id echoed or made, its table and seat), one per table event, as
text or JSON, and never a seat token, profile key or sign-in code — in an in-process app, and in a whole game
played in Chromium against `highroller serve --log-format json` with a device signed in by link."""

from __future__ import annotations

import io
import json
import logging
import random
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx2
import pytest
from conftest import Server
from fastapi.testclient import TestClient
from lobby_pages import create_in_lobby
from playwright.sync_api import Browser
from prometheus_client import REGISTRY
from test_web_browser import Words, play_until_over

from highroller.web.http.logs import REDACTED, SECRET, LogSetup, configure, hide

ANN = {"game": "luckiest", "options": {"players": 2}, "bots": [None, None], "name": "Ann"}


@pytest.fixture(params=["sqlite"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """The log does not depend on the backend: SQLite."""
    return str(tmp_path / "tables.sqlite3")


class Lines:
    """What the root logger writes from now on, in one format."""

    def __init__(self, log_format: str) -> None:
        self.out = io.StringIO()
        self.root_level = logging.getLogger().level
        self.handler = configure(LogSetup(log_format, "info"), self.out)

    def text(self) -> str:
        """The lines of the server's loggers (not the test client's own)."""
        return "".join(line for line in self.out.getvalue().splitlines(keepends=True) if "highroller." in line)

    def json(self) -> list[dict[str, Any]]:
        return [json.loads(line) for line in self.text().splitlines()]

    def requests(self) -> list[dict[str, Any]]:
        return [line for line in self.json() if line["logger"] == "highroller.requests"]

    def close(self) -> None:
        logging.getLogger().removeHandler(self.handler)
        logging.getLogger().setLevel(self.root_level)


@pytest.fixture
def lines() -> Iterator[Callable[[str], Lines]]:
    made: list[Lines] = []

    def start(log_format: str) -> Lines:
        made.append(Lines(log_format))
        return made[-1]

    yield start
    for opened in made:
        opened.close()


def seated(client: TestClient) -> tuple[str, str]:
    made = client.post("/api/tables", json=ANN).json()
    return made["id"], made["token"]


def test_a_json_line_per_request_carries_its_fields_and_its_seat(
    client: TestClient, lines: Callable[[str], Lines]
) -> None:
    table, ann = seated(client)
    log = lines("json")
    bob = client.post(f"/api/tables/{table}/join", json={"name": "Bob"}).json()["token"]
    views = [client.get(f"/api/tables/{table}", headers={"Authorization": f"Bearer {t}"}).json() for t in (ann, bob)]
    seat = next(seat for seat, view in enumerate(views) if view["legal"])
    token, mine = (ann, bob)[seat], views[seat]
    log.out.truncate(0)
    log.out.seek(0)
    acted = client.post(
        f"/api/tables/{table}/actions?lang=fr",
        headers={"Authorization": f"Bearer {token}"},
        json={"version": mine["version"], "action": mine["legal"][0]["action"]},
    )
    assert acted.status_code == 200, acted.text
    [line] = log.requests()
    assert line["time"].endswith("Z") and line["level"] == "INFO" and line["message"] == "request"
    assert {key: line[key] for key in ("method", "path", "status", "client", "table", "seat")} == {
        "method": "POST",
        "path": f"/api/tables/{table}/actions",
        "status": 200,
        "client": "testclient",
        "table": table,
        "seat": seat,
    }
    assert line["request_id"] == acted.headers["X-Request-Id"] and line["ms"] >= 0
    assert "lang=fr" not in log.text() and token not in log.text()


def test_each_request_gets_one_line_and_the_events_theirs(client: TestClient, lines: Callable[[str], Lines]) -> None:
    log = lines("json")
    table, token = seated(client)
    joined = client.post(f"/api/tables/{table}/join", json={"name": "Bob", "seat": 1}).json()
    assert client.post(f"/api/tables/{table}/leave", headers={"Authorization": f"Bearer {joined['token']}"}).is_success
    client.get("/api/games")
    client.get("/nowhere")
    said = [(line["method"], line["path"], line["status"]) for line in log.requests()]
    assert said == [
        ("POST", "/api/tables", 201),
        ("POST", f"/api/tables/{table}/join", 200),
        ("POST", f"/api/tables/{table}/leave", 200),
        ("GET", "/api/games", 200),
        ("GET", "/nowhere", 404),
    ]
    events = [(line["event"], line["table"], line["seat"]) for line in log.json() if line.get("event")]
    assert events == [("table-created", table, 0), ("seat-taken", table, 1), ("seat-left", table, 1)]
    made, join = (line for line in log.requests()[:2])
    assert [line["request_id"] for line in log.json() if line.get("event")][:2] == [
        made["request_id"],
        join["request_id"],
    ]
    assert join["seat"] == 1 and token not in log.text() and joined["token"] not in log.text()


def _unrouted() -> float:
    """How many GETs this process counted as answered 404 before any route."""
    labels = {"route": "other", "method": "GET", "status": "404"}
    return REGISTRY.get_sample_value("highroller_http_requests_total", labels) or 0.0


def test_the_requests_the_app_sends_itself_before_serving_are_neither_logged_nor_counted(
    make_client: Callable[..., TestClient], lines: Callable[[str], Lines]
) -> None:
    log = lines("json")
    before = _unrouted()
    client = make_client()  # its start sends /api/games, /openapi.json and /- to itself
    assert log.requests() == [] and _unrouted() == before
    client.get("/-")
    assert [line["path"] for line in log.requests()] == ["/-"] and _unrouted() == before + 1


def test_a_plain_request_id_is_kept_and_any_other_replaced(client: TestClient, lines: Callable[[str], Lines]) -> None:
    log = lines("text")
    kept = client.get("/api/games", headers={"X-Request-Id": "edge-7f3a-01"})
    made = client.get("/api/games")
    refused = [client.get("/api/games", headers={"X-Request-Id": bad}) for bad in ("a b", "x" * 65, "id;level=ERROR")]
    assert kept.headers["X-Request-Id"] == "edge-7f3a-01"
    for response in (made, *refused):
        assert re.fullmatch(r"[0-9a-f]{32}", response.headers["X-Request-Id"])
    ids = re.findall(r"request_id=(\S+)", log.text())
    assert ids == [r.headers["X-Request-Id"] for r in (kept, made, *refused)]
    assert "x" * 65 not in log.text() and "level=ERROR" not in log.text()


def test_a_text_line_says_its_fields_as_key_value(client: TestClient, lines: Callable[[str], Lines]) -> None:
    log = lines("text")
    client.get("/api/games?lang=de")
    [line] = [line for line in log.text().splitlines() if "highroller.requests" in line]
    assert re.fullmatch(
        r"\S+Z INFO highroller.requests request request_id=[0-9a-f]{32} method=GET path=/api/games status=200 "
        r"ms=[0-9.]+ client=testclient",
        line,
    ), line


def test_a_websocket_has_a_line_when_opened_and_one_when_closed(
    client: TestClient, lines: Callable[[str], Lines]
) -> None:
    table, token = seated(client)
    log = lines("json")
    with client.websocket_connect(f"/ws/tables/{table}") as socket:
        socket.send_json({"type": "hello", "token": token})
        socket.receive_json()
        socket.send_json({"type": "ping"})
        assert socket.receive_json() == {"type": "pong"}
    opened, closed = log.requests()
    assert (opened["message"], opened["status"], opened["table"]) == ("websocket opened", 101, table)
    assert (closed["message"], closed["table"], closed["seat"], closed["messages"]) == ("websocket closed", table, 0, 2)
    assert opened["request_id"] == closed["request_id"] and token not in log.text()


def test_secrets_and_exceptions_in_a_line(lines: Callable[[str], Lines]) -> None:
    log = lines("json")
    token = "Zq3" * 14 + "x"
    hide("a-host-metrics-token")
    try:
        raise ValueError(f"bad token {token}")
    except ValueError:
        logging.getLogger("highroller.test").exception("seen %s and %s", token, "a-host-metrics-token")
    [line] = log.json()
    assert line["message"] == f"seen {REDACTED} and {REDACTED}" and line["level"] == "ERROR"
    assert "ValueError: bad token" in line["exception"] and token not in log.text()
    assert SECRET.fullmatch(token) and not SECRET.search("table Ab3_x-12ZZzz request 0123456789abcdef" * 2)


@pytest.mark.slow
def test_no_token_key_or_code_of_a_game_and_a_sign_in_reaches_the_log(
    serve: Callable[..., Server], browser: Browser
) -> None:
    """A whole game in Chromium, its table made in the lobby (the page makes a profile), then a second device
    signed in to that profile by link: every secret the pages hold and the API gave is absent from the log."""
    server = serve(flags=["--log-format", "json"])
    anna = browser.new_context(locale="en-GB").new_page()
    create_in_lobby(anna, server.url, "luckiest", {"players": 2, "rounds": 1}, {1: "easy"})
    play_until_over([anna], random.Random(5), -1, Words(server.url, "en"))
    key = anna.evaluate("localStorage.getItem('highroller:profile')")
    link = httpx2.post(f"{server.url}/api/me/links", headers={"X-Profile": key}, timeout=30).json()["link"]
    phone = browser.new_context(locale="en-GB").new_page()
    phone.goto(link)
    phone.click("#ask-yes")
    phone.wait_for_url("**/games")
    secrets = {
        *SECRET.findall(json.dumps(anna.evaluate("Object.entries(localStorage)"))),
        *SECRET.findall(json.dumps(phone.evaluate("Object.entries(localStorage)"))),
        link.split("#")[1],
    }
    assert len(secrets) >= 4, secrets  # the seat token, the profile key, the phone's key, the code
    server.kill()
    said = server.errors.read_text()
    logged = [json.loads(line) for line in said.splitlines() if line.startswith("{")]
    assert {"table-created", "game-finished"} <= {line.get("event") for line in logged}
    assert any(line.get("path") == "/api/signin/link" and line["status"] == 200 for line in logged)
    assert not [secret for secret in secrets if secret in said]
