"""`highroller admin` on a SQLite database a server uses: every command, and its clear errors (unknown
ids, bad durations and addresses, a changing command without an operator)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from fastapi.testclient import TestClient

from highroller.cli.main import cli
from highroller.web.app import create_app
from highroller.web.moderation.standing import Standing
from highroller.web.people.handles import handle_of
from highroller.web.settings import Settings
from highroller.web.store.dialects import open_store

SHORT = {"players": 2, "rounds": 1, "dice_per_player": 4}
SETTINGS = Settings(bot_processes=0, warm_up=False, max_tables=0, tables_per_address=0, creates_per_minute=0)


@pytest.fixture
def database(tmp_path: Path) -> str:
    return str(tmp_path / "tables.sqlite3")


@pytest.fixture
def client(database: str) -> Iterator[TestClient]:
    with TestClient(create_app(open_store(database), SETTINGS), client=("198.51.100.4", 50000)) as made:
        yield made


def admin(database: str, *args: str, operator: str | None = "host") -> Result:
    return CliRunner().invoke(cli, ["admin", "--db", database, *(["--as", operator] if operator else []), *args])


def ok(result: Result) -> str:
    assert result.exit_code == 0, result.output
    return result.output


def failed(result: Result, *words: str) -> None:
    assert result.exit_code != 0, result.output
    for word in words:
        assert word in result.output


def heard(client: TestClient) -> None:
    """The server process reads what the host changed now (it does every second of its own accord)."""
    standing: Standing = client.app.state.services.standing  # type: ignore[attr-defined]
    assert client.portal is not None
    client.portal.call(standing.catch_up)


def _table(client: TestClient, name: str = "Ann") -> tuple[str, str]:
    made = client.post("/api/tables", json={"game": "lasvegas", "options": SHORT, "bots": [None, None], "name": name})
    assert made.status_code == 201, made.text
    return made.json()["id"], made.json()["token"]


def _profile(client: TestClient, name: str) -> tuple[str, str]:
    made = client.post("/api/profiles", json={"name": name, "languages": ["en"]}).json()
    return made["id"], made["key"]


def test_tables_are_found_by_game_state_and_name_and_one_is_read(client: TestClient, database: str) -> None:
    waiting, _ = _table(client, "Ann")
    playing, _ = _table(client, "Carl")
    client.post(f"/api/tables/{playing}/join", json={"name": "Dora"})
    assert waiting in ok(admin(database, "tables")) and playing in ok(admin(database, "tables"))
    unstarted = ok(admin(database, "tables", "--state", "unstarted"))
    assert waiting in unstarted and playing not in unstarted
    named = ok(admin(database, "tables", "--name", "dOR"))
    assert playing in named and waiting not in named
    assert "no tables" in ok(admin(database, "tables", "--game", "luckiest"))
    failed(admin(database, "tables", "--state", "paused"), "unstarted")
    failed(admin(database, "tables", "--limit", "0"), "--limit")
    one = ok(admin(database, "table", playing))
    assert "lasvegas, playing" in one and "Carl" in one and "Dora" in one and "open reports 0" in one
    failed(admin(database, "table", "nope"), "there is no table nope")


def test_close_needs_an_operator_deletes_an_unstarted_table_and_is_logged(client: TestClient, database: str) -> None:
    table, _ = _table(client)
    failed(admin(database, "close", table, operator=None), "--as")
    assert "deleted" in ok(admin(database, "close", table, "--reason", "spam"))
    heard(client)
    assert client.get(f"/api/tables/{table}").status_code == 404
    failed(admin(database, "close", table), f"table {table}", "no table")
    log = ok(admin(database, "log"))
    assert "close" in log and table in log and "spam" in log and "host" in log


def test_close_gives_every_seat_of_a_game_in_play_to_the_stand_in(client: TestClient, database: str) -> None:
    table, ann = _table(client)
    client.post(f"/api/tables/{table}/join", json={"name": "Bob"})
    assert "closed" in ok(admin(database, "close", table))
    heard(client)
    state = client.get(f"/api/tables/{table}", headers={"Authorization": f"Bearer {ann}"}).json()
    assert all(seat["left"] for seat in state["seats"])
    assert any("The host closed this table" in line["text"] for line in state["log"])


def test_profiles_are_found_renamed_and_reset(client: TestClient, database: str) -> None:
    ann, _ = _profile(client, "Annabel")
    store = open_store(database)
    handle = handle_of(store, ann) or ""
    store.close()
    found = ok(admin(database, "profiles", "nnab"))
    assert ann in found and handle in found and "Annabel" in found
    assert ann in ok(admin(database, "profiles", handle))
    assert "no profiles" in ok(admin(database, "profiles", "zzz"))
    failed(admin(database, "rename", ann, "Ann B", operator=None), "--as")
    assert "Ann B" in ok(admin(database, "rename", handle, "Ann B"))
    assert ann in ok(admin(database, "profiles", "ann b"))
    failed(admin(database, "rename", ann, "   "), "NAME")
    failed(admin(database, "rename", "nobody", "Zed"), "there is no profile nobody")
    failed(admin(database, "rename", "-Y_2ET0IargzppAV", "Zed"), "there is no profile -Y_2ET0IargzppAV")
    failed(admin(database, "reset-name", "-Y_2ET0IargzppAV"), "there is no profile -Y_2ET0IargzppAV")
    failed(admin(database, "table", "-x9aB_c"), "there is no table -x9aB_c")  # ids are base64url: "-" may lead
    reset = ok(admin(database, "reset-name", ann))
    assert "Player " in reset and "Ann B" not in ok(admin(database, "profiles", ann))
    assert [e for e in ok(admin(database, "log")).splitlines() if "rename" in e or "reset-name" in e]


def test_bans_are_made_listed_and_lifted_with_clear_errors(client: TestClient, database: str) -> None:
    ann, _ = _profile(client, "Ann")
    failed(admin(database, "ban", "--address", "203.0.113.9", operator=None), "--as")
    failed(admin(database, "ban", "--address", "not-an-ip"), "not an IP address")
    failed(admin(database, "ban", "--address", "127.0.0.1"), "never banned")
    failed(admin(database, "ban", "--network", "203.0.113.0/16"), "/24")
    failed(admin(database, "ban", "--address", "203.0.113.9", "--for", "3 weeks"), "30m, 2h or 7d")
    failed(admin(database, "ban", "--address", "203.0.113.9", "--for", "0m"), "--for")
    failed(admin(database, "ban"), "exactly one of")
    failed(admin(database, "ban", "--address", "203.0.113.9", "--profile", ann), "exactly one of")
    failed(admin(database, "ban", "--profile", "nobody"), "there is no profile nobody")
    assert "until" in ok(admin(database, "ban", "--address", "203.0.113.9", "--for", "2h", "--reason", "flood"))
    assert "for good" in ok(admin(database, "ban", "--network", "2001:db8:1::7"))
    ok(admin(database, "ban", "--profile", ann, "--for", "30m"))
    listed = ok(admin(database, "bans"))
    assert "flood" in listed and "for good" in listed and ann in listed and "203.0.113.9" not in listed
    assert ok(admin(database, "unban", "--address", "203.0.113.9")).endswith("no longer banned\n")
    failed(admin(database, "unban", "--address", "203.0.113.9"), "is not banned")
    assert "flood" not in ok(admin(database, "bans"))
    for command in ("ban", "unban"):
        assert command in ok(admin(database, "log"))


def test_maintenance_is_switched_and_reported(client: TestClient, database: str) -> None:
    assert "maintenance is off; 0 games in progress" in ok(admin(database, "maintenance", "status", operator=None))
    failed(admin(database, "maintenance", "on", operator=None), "--as")
    failed(admin(database, "maintenance", "later"), "on")
    said = ok(admin(database, "maintenance", "on", "--message", "back at 14:00"))
    assert "maintenance is on" in said and "back at 14:00" in said
    assert "maintenance is on" in ok(admin(database, "maintenance", "status"))
    assert "maintenance is off" in ok(admin(database, "maintenance", "off"))
    assert "maintenance" in ok(admin(database, "log", "--limit", "5"))


def test_reports_are_listed_hidden_closed_and_their_authors_banned(client: TestClient, database: str) -> None:
    ann, key = _profile(client, "Ann")
    made = client.post(
        "/api/tables",
        json={"game": "lasvegas", "options": SHORT, "bots": [None, None], "name": "Ann"},
        headers={"X-Profile": key},
    ).json()
    table, token = made["id"], made["token"]
    bob = client.post(f"/api/tables/{table}/join", json={"name": "Bob"}).json()["token"]
    for text in ("rude", "ruder"):
        client.post(f"/api/tables/{table}/chat", json={"text": text}, headers={"Authorization": f"Bearer {token}"})
    reports = [
        client.post(
            f"/api/tables/{table}/chat/{n}/report", json={"reason": "abuse"}, headers={"Authorization": f"Bearer {bob}"}
        ).json()["report"]
        for n in (1, 2)
    ]
    listed = ok(admin(database, "reports", operator=None))
    assert all(report in listed for report in reports) and "ruder" in listed
    failed(admin(database, "hide", reports[0], operator=None), "--as")
    assert "hidden" in ok(admin(database, "hide", reports[0]))
    assert "stays" in ok(admin(database, "close-report", reports[1]))
    failed(admin(database, "close-report", "nothing"), "no report nothing")
    assert "no open reports" in ok(admin(database, "reports"))
    failed(admin(database, "ban-author", reports[0], "--for", "forever"), "--for")
    failed(admin(database, "ban-author", "nothing"), "no report nothing")
    assert ann in ok(admin(database, "ban-author", reports[0], "--for", "7d"))
    assert ann in ok(admin(database, "bans")) and "ban-author" in ok(admin(database, "log"))
