"""A table's chat through the API and the table's WebSocket: who may chat, the quick phrases, what a
message may hold (hostile inputs refused clearly), the rate limits, reports to the host's queue
(`highroller admin reports`), the chat in the record only when every seated person said yes, and the chat
deleted with its table."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from highroller.cli.main import cli
from highroller.web.api.messages import MAX_MESSAGE
from highroller.web.chat.chat_text import MAX_TEXT
from highroller.web.chat.phrases import PHRASES
from highroller.web.store.dialects import open_store

SHORT = {"players": 2, "rounds": 1, "dice_per_player": 4}


def _table(client: TestClient, chat: str = "players", bots: list[str | None] | None = None) -> tuple[str, str]:
    made = client.post(
        "/api/tables",
        json={"game": "lasvegas", "options": SHORT, "bots": bots or [None, None], "name": "Ann", "chat": chat},
    )
    assert made.status_code == 201, made.text
    return made.json()["id"], made.json()["token"]


def _seated(client: TestClient, chat: str = "players") -> tuple[str, str, str]:
    """A table of two people, Ann and Bob: its id and their tokens."""
    table, ann = _table(client, chat)
    bob = client.post(f"/api/tables/{table}/join", json={"name": "Bob"}).json()["token"]
    return table, ann, bob


def _say(client: TestClient, table: str, token: str | None, **body: Any) -> Any:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    return client.post(f"/api/tables/{table}/chat", json=body, headers=headers)


def _chat_of(socket: WebSocketTestSession) -> dict[str, Any]:
    """The next chat message the connection is sent (states and the like skipped)."""
    for _ in range(30):
        message: dict[str, Any] = socket.receive_json()
        if message["type"] in ("chat", "error"):
            return message
    raise AssertionError("no chat message was sent")


def test_players_chat_with_text_and_phrases_and_read_it_back(client: TestClient) -> None:
    table, ann, bob = _seated(client)
    sent = _say(client, table, ann, text="  hello\n  Bob  ")
    assert sent.status_code == 201, sent.text
    assert sent.json()["message"] == {
        "id": 1,
        "at": sent.json()["message"]["at"],
        "seat": 0,
        "author": "Ann",
        "watching": False,
        "phrase": None,
        "text": "hello Bob",
    }
    assert _say(client, table, bob, phrase="good-luck").status_code == 201
    read = client.get(f"/api/tables/{table}/chat").json()
    assert read["rule"] == "players" and read["record"] is None
    assert [(m["author"], m["text"], m["phrase"]) for m in read["messages"]] == [
        ("Ann", "hello Bob", None),
        ("Bob", None, "good-luck"),
    ]
    after = client.get(f"/api/tables/{table}/chat?after=1", headers={"Authorization": f"Bearer {ann}"}).json()
    assert [m["id"] for m in after["messages"]] == [2] and after["record"] is False


def test_the_socket_tells_every_reader_and_takes_messages(client: TestClient) -> None:
    table, ann, bob = _seated(client)
    _say(client, table, ann, text="before")
    with (
        client.websocket_connect(f"/ws/tables/{table}") as first,
        client.websocket_connect(f"/ws/tables/{table}") as second,
    ):
        first.send_text(json.dumps({"type": "hello", "token": ann}))
        second.send_text(json.dumps({"type": "hello", "token": bob}))
        assert first.receive_json()["type"] == "state", "the state comes first, as ever"
        assert second.receive_json()["type"] == "state"
        first.send_text(json.dumps({"type": "chat", "phrase": "nice-roll"}))
        heard = _chat_of(second)
        assert heard["messages"][0]["phrase"] == "nice-roll" and heard["messages"][0]["author"] == "Ann"
        assert _chat_of(first)["messages"][0]["id"] == 2, "the author hears its own message too"
        second.send_text(json.dumps({"type": "chat", "phrase": "no-such-phrase"}))
        refused = _chat_of(second)
        assert refused["type"] == "error" and refused["code"] == "unknown-phrase"


def test_a_spectator_chats_only_where_the_table_allows_it(client: TestClient) -> None:
    players_only, _, _ = _seated(client, "players")
    refused = _say(client, players_only, None, text="hi", name="Zoe")
    assert refused.status_code == 403 and refused.json()["code"] == "spectators-may-not-chat"
    everyone, _, _ = _seated(client, "everyone")
    nameless = _say(client, everyone, None, text="hi")
    assert nameless.status_code == 422 and nameless.json()["code"] == "name-needed"
    impostor = _say(client, everyone, None, text="hi", name="Ann")
    assert impostor.status_code == 422 and impostor.json()["code"] == "bad-name", "a seated person's name is theirs"
    sent = _say(client, everyone, None, text="hi", name="Zoe")
    assert sent.status_code == 201 and sent.json()["message"]["watching"] is True
    assert sent.json()["message"]["seat"] is None


def test_chat_off_at_the_table_and_on_the_server(make_client: Any) -> None:
    client = make_client()
    table, ann, _ = _seated(client, "off")
    refused = _say(client, table, ann, text="hi")
    assert refused.status_code == 403 and refused.json()["code"] == "chat-off"
    assert "this table" in refused.json()["error"]
    quiet = make_client(chat=False)
    table, ann, _ = _seated(quiet)
    refused = _say(quiet, table, ann, text="hi")
    assert refused.status_code == 403 and refused.json()["code"] == "chat-off"
    assert "server" in refused.json()["error"]
    assert quiet.get(f"/api/tables/{table}/chat").json()["rule"] == "off"
    assert "--no-chat" in CliRunner().invoke(cli, ["serve", "--help"]).output


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("x" * (MAX_TEXT + 1), "too-long"),
        ("   \n\t ", "empty-message"),
        ("abc\u202edef", "bad-text"),
        ("hi\u200bthere", "bad-text"),
        ("bell\x07", "bad-text"),
    ],
)
def test_hostile_text_is_refused_clearly(client: TestClient, text: str, code: str) -> None:
    table, ann, _ = _seated(client)
    refused = _say(client, table, ann, text=text)
    assert refused.status_code == 422 and refused.json()["code"] == code, refused.text
    assert refused.json()["error"]
    assert client.get(f"/api/tables/{table}/chat").json()["messages"] == [], "nothing refused is kept"


def test_html_and_script_are_kept_as_text(client: TestClient) -> None:
    table, ann, _ = _seated(client)
    hostile = '<img src=x onerror="alert(1)"><script>alert(2)</script>'
    assert _say(client, table, ann, text=hostile).status_code == 201
    assert client.get(f"/api/tables/{table}/chat").json()["messages"][0]["text"] == hostile


def test_a_message_of_100_kb_is_refused_over_http_and_the_socket(client: TestClient) -> None:
    table, ann, _ = _seated(client)
    big = "x" * 100_000
    refused = _say(client, table, ann, text=big)
    assert refused.status_code == 413, refused.text
    with client.websocket_connect(f"/ws/tables/{table}") as socket:
        socket.send_text(json.dumps({"type": "hello", "token": ann}))
        assert socket.receive_json()["type"] == "state"
        socket.send_text(json.dumps({"type": "chat", "text": big}))
        error = _chat_of(socket)
        assert error["type"] == "error" and error["code"] == "too-large" and str(MAX_MESSAGE) in error["error"]
        socket.send_text(json.dumps({"type": "chat", "text": "y" * 1500}))
        assert _chat_of(socket)["code"] == "too-long"
        socket.send_text(json.dumps({"type": "chat", "text": "y" * 3000}))
        assert _chat_of(socket)["code"] == "malformed", "a chat field is bounded before it is read"


def test_an_unknown_phrase_and_both_or_neither_are_refused(client: TestClient) -> None:
    table, ann, _ = _seated(client)
    unknown = _say(client, table, ann, phrase="<b>win</b>")
    assert unknown.status_code == 422 and unknown.json()["code"] == "unknown-phrase"
    assert "good-luck" in unknown.json()["error"]
    both = _say(client, table, ann, phrase="thanks", text="thanks")
    assert both.status_code == 422 and both.json()["code"] == "bad-chat"
    assert _say(client, table, ann).json()["code"] == "bad-chat"
    assert len(PHRASES) == 13


def test_a_flood_is_refused_with_when_to_try_again(client: TestClient) -> None:
    table, ann, bob = _seated(client)
    answers = [_say(client, table, ann, text=f"spam {n}") for n in range(8)]
    assert [a.status_code for a in answers[:5]] == [201] * 5
    flooded = answers[5]
    assert flooded.status_code == 429 and flooded.json()["code"] == "too-fast"
    assert int(flooded.headers["Retry-After"]) >= 1
    assert _say(client, table, bob, text="my turn to speak").status_code == 201, "another seat has its own rate"
    with client.websocket_connect(f"/ws/tables/{table}") as socket:
        socket.send_text(json.dumps({"type": "hello", "token": ann}))
        assert socket.receive_json()["type"] == "state"
        socket.send_text(json.dumps({"type": "chat", "text": "more"}))
        error = _chat_of(socket)
        assert error["type"] == "error" and error["code"] == "too-fast" and error["retry_after"] >= 1


def test_a_report_reaches_the_hosts_queue_and_hide_hides_the_message(client: TestClient, database: str) -> None:
    table, ann, bob = _seated(client)
    _say(client, table, ann, text="you are a cheat")
    _say(client, table, ann, text="fine words")
    headers = {"Authorization": f"Bearer {bob}"}
    made = client.post(f"/api/tables/{table}/chat/1/report", json={"reason": "abuse"}, headers=headers)
    assert made.status_code == 201, made.text
    twice = client.post(f"/api/tables/{table}/chat/1/report", json={"reason": "spam"}, headers=headers)
    assert twice.status_code == 409 and twice.json()["code"] == "already-reported"
    missing = client.post(f"/api/tables/{table}/chat/99/report", json={"reason": "spam"}, headers=headers)
    assert missing.status_code == 404 and missing.json()["code"] == "no-message"
    odd = client.post(f"/api/tables/{table}/chat/1/report", json={"reason": "boring"}, headers=headers)
    assert odd.status_code == 422
    report = made.json()["report"]
    runner = CliRunner()
    listed = runner.invoke(cli, ["admin", "--db", database, "reports"])
    assert listed.exit_code == 0, listed.output
    assert report in listed.output and "you are a cheat" in listed.output and "abuse" in listed.output
    assert "Bob" in listed.output and table in listed.output
    hidden = runner.invoke(cli, ["admin", "--database", database, "--as", "host", "hide", report])
    assert hidden.exit_code == 0 and "hidden" in hidden.output, hidden.output
    assert [m["text"] for m in client.get(f"/api/tables/{table}/chat").json()["messages"]] == ["fine words"]
    assert "no open reports" in runner.invoke(cli, ["admin", "--db", database, "reports"]).output
    unknown = runner.invoke(cli, ["admin", "--db", database, "--as", "host", "close-report", "nothing"])
    assert unknown.exit_code != 0 and "no report nothing" in unknown.output


def test_close_leaves_the_message(client: TestClient, database: str) -> None:
    table, ann, bob = _seated(client)
    _say(client, table, ann, text="borderline")
    report = client.post(
        f"/api/tables/{table}/chat/1/report", json={"reason": "other"}, headers={"Authorization": f"Bearer {bob}"}
    ).json()["report"]
    closed = CliRunner().invoke(cli, ["admin", "--db", database, "--as", "host", "close-report", report])
    assert closed.exit_code == 0 and "stays" in closed.output
    assert [m["text"] for m in client.get(f"/api/tables/{table}/chat").json()["messages"]] == ["borderline"]


def _finish(client: TestClient, table: str, tokens: list[str]) -> None:
    """Play the game to its end, each person taking their first legal action."""
    for _ in range(500):
        state = client.get(f"/api/tables/{table}").json()
        if state["finished"]:
            return
        for token in tokens:
            mine = client.get(f"/api/tables/{table}", headers={"Authorization": f"Bearer {token}"}).json()
            if mine["legal"]:
                client.post(
                    f"/api/tables/{table}/actions",
                    json={"version": mine["version"], "action": mine["legal"][0]["action"]},
                    headers={"Authorization": f"Bearer {token}"},
                )
                break
    raise AssertionError("the game did not end")


def test_the_record_holds_the_chat_only_when_every_seated_person_said_yes(client: TestClient) -> None:
    table, ann, bob = _seated(client, "everyone")
    _say(client, table, ann, text="good game")
    _say(client, table, None, text="from the stands", name="Zoe")
    _finish(client, table, [ann, bob])

    def switch(token: str, include: bool) -> dict[str, Any]:
        answer = client.put(
            f"/api/tables/{table}/chat/record", json={"include": include}, headers={"Authorization": f"Bearer {token}"}
        )
        assert answer.status_code == 200, answer.text
        return dict(answer.json())

    def recorded() -> Any:
        return client.get(f"/api/tables/{table}/record").json()["table"].get("chat")

    assert recorded() is None, "nobody said yes"
    assert switch(ann, True) == {"include": True, "everyone": False}
    assert recorded() is None, "one person said yes"
    assert switch(bob, True) == {"include": True, "everyone": True}
    assert [(m["author"], m["text"]) for m in recorded()] == [("Ann", "good game")], "spectators are never recorded"
    switch(bob, False)
    assert recorded() is None, "a person took their yes back"
    spectator = client.put(f"/api/tables/{table}/chat/record", json={"include": True})
    assert spectator.status_code == 403 and spectator.json()["code"] == "not-seated"


def test_the_long_poll_wakes_for_a_new_message(client: TestClient) -> None:
    table, ann, _ = _seated(client)
    version = client.get(f"/api/tables/{table}").json()["version"]
    _say(client, table, ann, text="wake up")
    answer = client.get(f"/api/tables/{table}?after={version}&chat_after=0")
    assert answer.status_code == 200 and answer.json()["version"] == version, "answered at once: a message is past 0"


def test_the_chat_goes_with_its_table(client: TestClient, database: str) -> None:
    table, ann, bob = _seated(client)
    _say(client, table, ann, text="bye")
    client.post(
        f"/api/tables/{table}/chat/1/report", json={"reason": "spam"}, headers={"Authorization": f"Bearer {bob}"}
    )
    store = open_store(database)
    try:
        with store.transaction(write=True) as cursor:
            store._delete_tables(cursor, [table])
        assert store.chat_messages(table, 0, 50) == [] and store.open_reports() == []
        assert store.chat_rule(table) is None
    finally:
        store.close()


def test_the_page_knows_the_servers_phrases_each_with_its_words() -> None:
    page = (Path(__file__).parents[2] / "src/highroller/web/static/chat.js").read_text()
    listed = dict(re.findall(r'^\s+"?([a-z-]+)"?: \(\) => (?:t\()?"([^"]+)"\)?,$', page, re.MULTILINE))
    assert listed == PHRASES


def test_a_deleted_profiles_messages_go_with_it(client: TestClient) -> None:
    key = client.post("/api/profiles", json={"name": "Ann", "languages": ["en"]}).json()["key"]
    made = client.post(
        "/api/tables",
        json={"game": "lasvegas", "options": SHORT, "bots": [None, None], "name": "Ann"},
        headers={"X-Profile": key},
    ).json()
    bob = client.post(f"/api/tables/{made['id']}/join", json={"name": "Bob"}).json()["token"]
    _say(client, made["id"], made["token"], text="mine")
    _say(client, made["id"], bob, text="Bob's")
    assert client.delete("/api/me", headers={"X-Profile": key}).status_code in (200, 204)
    assert [m["text"] for m in client.get(f"/api/tables/{made['id']}/chat").json()["messages"]] == ["Bob's"]


def test_a_blocked_profiles_messages_vanish_for_the_blocker_only(client: TestClient) -> None:
    keys = {
        name: client.post("/api/profiles", json={"name": name, "languages": ["en"]}).json()["key"]
        for name in ("Ann", "Bob", "Cid")
    }
    made = client.post(
        "/api/tables",
        json={"game": "lasvegas", "options": {**SHORT, "players": 3}, "bots": [None, None, None], "name": "Bob"},
        headers={"X-Profile": keys["Bob"]},
    ).json()
    tokens = {"Bob": made["token"]}
    for name in ("Ann", "Cid"):
        joined = client.post(f"/api/tables/{made['id']}/join", json={"name": name}, headers={"X-Profile": keys[name]})
        assert joined.status_code == 200, joined.text
        tokens[name] = joined.json()["token"]
    cid = client.get("/api/me/friends", headers={"X-Profile": keys["Cid"]}).json()["handle"]
    assert client.put(f"/api/me/blocks/{cid}", headers={"X-Profile": keys["Ann"]}).status_code in (200, 204)

    def read(name: str) -> list[str]:
        got = client.get(f"/api/tables/{made['id']}/chat", headers={"Authorization": f"Bearer {tokens[name]}"})
        return [m["text"] for m in got.json()["messages"]]

    with client.websocket_connect(f"/ws/tables/{made['id']}") as ann:
        ann.send_text(json.dumps({"type": "hello", "token": tokens["Ann"]}))
        assert ann.receive_json()["type"] == "state"
        assert _say(client, made["id"], tokens["Cid"], text="from Cid").status_code == 201
        assert _say(client, made["id"], tokens["Bob"], text="from Bob").status_code == 201
        assert _chat_of(ann)["messages"][0]["text"] == "from Bob", "the blocked person's message is not told"
    assert read("Ann") == ["from Bob"] and read("Bob") == ["from Cid", "from Bob"]
