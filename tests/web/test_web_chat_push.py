"""The chat's batched notifications at a turn-based table, on both databases: several messages to a
person with no page open on the table make one notification ("3 new messages at table …", the last
one's text, in their language) a minute after the first; a person whose page is open is told nothing;
nor is one who turned the chat's notifications off."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient
from push_receiver import PushReceiver

from highroller.web.chat.chat_notices import BATCH, EVERY

pytestmark = pytest.mark.slow  # waits for the server's looks


def _profile(client: TestClient, name: str, languages: list[str], device: PushReceiver | None) -> dict[str, str]:
    made = client.post("/api/profiles", json={"name": name, "languages": languages})
    assert made.status_code == 201, made.text
    headers = {"X-Profile": made.json()["key"]}
    if device is not None:
        assert client.post("/api/me/push", json=device.device(name).subscription(), headers=headers).status_code in (
            200,
            201,
        )
    return headers


def _chat_notices(receiver: PushReceiver, device: str, least: int = 0) -> list[dict[str, Any]]:
    """The chat notifications the device got (not its turns'), waiting up to a few looks for `least`."""
    deadline = time.monotonic() + 4 * EVERY
    while True:
        found = [payload for payload in receiver.payloads(device) if payload["tag"].startswith("chat-")]
        if len(found) >= least or time.monotonic() > deadline:
            return found
        time.sleep(0.2)


def test_several_messages_make_one_notice_to_the_absent_none_to_the_present_none_when_off(
    make_client: Callable[..., TestClient], receiver: PushReceiver, move_clock: Callable[[float], None]
) -> None:
    client = make_client(push_hosts=receiver.url)
    ann = _profile(client, "Ann", ["fr"], receiver)
    bob = _profile(client, "Bob", ["de"], receiver)
    made = client.post(
        "/api/tables",
        json={"game": "lasvegas", "options": {"players": 2}, "bots": [None, None], "name": "Ann", "timer": 86400},
        headers=ann,
    ).json()
    table, ann_token = made["id"], made["token"]
    bob_token = client.post(f"/api/tables/{table}/join", json={"name": "Bob"}, headers=bob).json()["token"]

    def say(token: str, **body: str) -> None:
        sent = client.post(f"/api/tables/{table}/chat", json=body, headers={"Authorization": f"Bearer {token}"})
        assert sent.status_code == 201, sent.text

    with client.websocket_connect(f"/ws/tables/{table}") as page:  # Ann is at the table; Bob is not
        page.send_text(json.dumps({"type": "hello", "token": ann_token}))
        page.receive_json()
        say(ann_token, text="hello")
        say(ann_token, phrase="good-luck")
        say(bob_token, text="hi Ann")
        say(ann_token, phrase="well-played")
        move_clock(BATCH + 1)
        notices = _chat_notices(receiver, "Bob", 1)
        time.sleep(EVERY + 1)  # another look sends nothing more
    assert len(_chat_notices(receiver, "Bob")) == 1
    assert notices[0]["title"] == f"3 neue Nachrichten am Tisch {table}"
    assert notices[0]["body"] == "Ann: Gut gespielt"
    assert notices[0]["url"].endswith(f"/table/{table}")
    assert _chat_notices(receiver, "Ann") == [], "Ann's page was open"

    quiet = client.put("/api/me/chat-notifications", json={"notify": False}, headers=bob)
    assert quiet.json() == {"notify": False}
    assert client.get("/api/me/chat-notifications", headers=bob).json() == {"notify": False}
    say(ann_token, text="still there?")
    move_clock(BATCH + 1)
    time.sleep(2 * EVERY + 1)
    assert len(_chat_notices(receiver, "Bob")) == 1, "Bob turned the chat's notifications off"
    assert receiver.problems == []
